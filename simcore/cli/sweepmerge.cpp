// goap-sim sweep-merge DIR --output RESULTS.csv: every shard of a sweep joined, sorted by variant.
#include "subcommands.h"

#include "io/savefile.h"
#include "sweep/sweep.h"

namespace goap::cli {

using namespace goap::sweep;
using namespace goap::tool;

int sweepMergeCommand(const QStringList &args, const Streams &io)
{
    const Options o = parseOptions(args, {QStringLiteral("output")}, {});
    if (!o.error.isEmpty())
        return usageError(io, o.error);
    if (o.positional.size() != 1 || !o.values.contains(QStringLiteral("output")))
        return usageError(io, QStringLiteral("sweep-merge takes one DIR and --output RESULTS.csv"));
    QString error;
    const std::optional<QByteArray> merged = mergeShards(o.positional.first(), error);
    if (!merged) {
        println(io.err, signature(io) + error);
        return Invalid;
    }
    const QString output = o.values.value(QStringLiteral("output"));
    if (output == u"-") { // standard output, as for every other command
        std::fwrite(merged->constData(), 1, size_t(merged->size()), io.out);
        return Success; // run() checks that standard output took it
    }
    if (const QString why = saveFileSafely(output, *merged); !why.isEmpty()) {
        println(io.err, signature(io) + why);
        return IoError;
    }
    return Success;
}

} // namespace goap::cli
