// goap-sim sweep-merge DIR --output RESULTS.csv: every shard of a sweep joined, sorted by variant.
#include "subcommands.h"

#include "io/savefile.h"
#include "sweep/sweep.h"

#include <QFile>

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
    QString identity;
    const std::optional<QByteArray> merged = mergeShards(o.positional.first(), error, &identity);
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
    // The shards' provenance beside the results (RESULTS.meta.json), when it
    // is theirs: its identity is the one every shard's first line carries.
    const QString meta = shardMetadataFileName(o.positional.first());
    QFile metaFile(meta);
    if (metaFile.open(QIODevice::ReadOnly)) {
        const QByteArray bytes = metaFile.read(kMaxShardBytes);
        if (!bytes.contains("\"identity\": \"" + identity.toLatin1() + '"')) {
            println(io.err,
                    signature(io) + QStringLiteral("%1 is not these shards' (another sweep): not copied").arg(meta));
        } else if (const QString why = saveFileSafely(metadataFileFor(output), bytes); !why.isEmpty()) {
            println(io.err, signature(io) + why);
            return IoError;
        }
    }
    return Success;
}

} // namespace goap::cli
