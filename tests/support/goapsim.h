#pragma once
// goap-sim run as a user runs it, for the suites that compare with it.

#include <QByteArray>
#include <QProcess>
#include <QStringList>

namespace goap::testing {

struct Run
{
    int exitCode = -1;
    QByteArray out, err;
};

// Runs the built goap-sim with `args` and waits for it: its exit code (-1
// when it crashed) and what it wrote. One that takes more than two minutes
// is killed and returns -2: never a hung test.
inline Run goapSim(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(GOAP_SIM_BINARY), args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return {-2, p.readAllStandardOutput(), p.readAllStandardError()};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

} // namespace goap::testing
