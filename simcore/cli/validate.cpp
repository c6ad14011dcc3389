// goap-sim validate FILE: errors and warnings; exit 0 valid, 2 invalid.
#include "subcommands.h"

#include "io/scenarioreader.h"

namespace goap::cli {

using namespace goap::tool;

int validateCommand(const QStringList &args, const Streams &io)
{
    const Options o = parseOptions(args, {}, {});
    if (!oneScenarioFile(o, QStringLiteral("validate"), io))
        return Usage;
    const QString file = o.positional.first();
    const ReadResult r = readScenarioFile(file);
    for (const Issue &issue : r.issues)
        println(io.err, issue.format(file));
    const qsizetype errors = errorCount(r.issues);
    const qsizetype warnings = r.issues.size() - errors;
    if (r.ioError)
        return IoError;
    if (!r.ok()) {
        println(io.out,
                QStringLiteral("%1: invalid (%2 error%3, %4 warning%5)")
                    .arg(file)
                    .arg(errors)
                    .arg(errors == 1 ? "" : "s")
                    .arg(warnings)
                    .arg(warnings == 1 ? "" : "s"));
        return Invalid;
    }
    const Scenario &s = *r.scenario;
    println(io.out,
            QStringLiteral("%1: valid (%2 warning%3): \"%4\", %5 station(s), %6 action(s), %7 goal(s), %8 character(s)")
                .arg(file)
                .arg(warnings)
                .arg(warnings == 1 ? "" : "s")
                .arg(s.name)
                .arg(s.stations.size())
                .arg(s.actions.size())
                .arg(s.goals.size())
                .arg(s.agents.size()));
    return Success;
}

} // namespace goap::cli
