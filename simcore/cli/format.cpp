// goap-sim format FILE [--check]: the scenario in canonical form.
#include "subcommands.h"

#include "io/scenariowriter.h"

#include <QFile>

namespace goap::cli {

using namespace goap::tool;

int formatCommand(const QStringList &args, const Streams &io)
{
    const Options o = parseOptions(args, {}, {QStringLiteral("check")});
    if (!oneScenarioFile(o, QStringLiteral("format"), io))
        return Usage;
    const QString file = o.positional.first();
    int code = Success;
    const std::optional<Scenario> scenario = load(file, io, code);
    if (!scenario)
        return code;
    QFile current(file);
    const QByteArray before = current.open(QIODevice::ReadOnly) ? current.readAll() : QByteArray();
    const QByteArray canonical = writeScenario(*scenario);
    if (before == canonical) {
        println(io.out, QStringLiteral("%1: already canonical").arg(file));
        return Success;
    }
    if (o.flags.contains(QStringLiteral("check"))) {
        println(io.out, QStringLiteral("%1: not in canonical form").arg(file));
        return Invalid;
    }
    if (const QString error = saveScenarioFile(*scenario, file); !error.isEmpty()) {
        println(io.err, signature(io) + error);
        return IoError;
    }
    println(io.out, QStringLiteral("%1: rewritten in canonical form").arg(file));
    return Success;
}

} // namespace goap::cli
