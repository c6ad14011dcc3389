// goap-sim sweep SWEEP.json --out DIR: one shard of a sweep (sweep/sweep.h) into DIR/results-K-of-N.csv.
#include "subcommands.h"

#include "io/savefile.h"
#include "sweep/sweep.h"

#include <QDir>
#include <QRegularExpression>

#include <algorithm>
#include <thread>

#include <unistd.h>

namespace goap::cli {

using namespace goap::sweep;
using namespace goap::tool;

int sweepCommand(const QStringList &args, const Streams &io)
{
    const Options o = parseOptions(
        args, {QStringLiteral("out"), QStringLiteral("shard"), QStringLiteral("shards"), QStringLiteral("jobs")}, {});
    if (!o.error.isEmpty())
        return usageError(io, o.error);
    if (o.positional.size() != 1 || !o.values.contains(QStringLiteral("out")))
        return usageError(io, QStringLiteral("sweep takes one SWEEP.json and --out DIR"));
    int shard = 1, shards = 1;
    const QString shardText = o.values.value(QStringLiteral("shard"), QStringLiteral("1/1"));
    if (shardText == u"auto") {
        // Slurm's job arrays (1-based), or a Kubernetes Indexed Job (0-based) with --shards.
        const QByteArray slurmId = qgetenv("SLURM_ARRAY_TASK_ID"), slurmCount = qgetenv("SLURM_ARRAY_TASK_COUNT");
        const QByteArray index = qgetenv("JOB_COMPLETION_INDEX");
        bool ok1 = false, ok2 = false;
        if (!slurmId.isEmpty() && !slurmCount.isEmpty()) {
            shard = slurmId.toInt(&ok1);
            shards = slurmCount.toInt(&ok2);
        } else if (!index.isEmpty() && o.values.contains(QStringLiteral("shards"))) {
            shard = index.toInt(&ok1) + 1;
            shards = o.values.value(QStringLiteral("shards")).toInt(&ok2);
        }
        if (!ok1 || !ok2)
            return usageError(io,
                              QStringLiteral("--shard auto needs SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT, or "
                                             "JOB_COMPLETION_INDEX and --shards N"));
    } else {
        static const QRegularExpression form(QStringLiteral(R"(^(\d{1,6})/(\d{1,6})$)"));
        const QRegularExpressionMatch m = form.match(shardText);
        if (!m.hasMatch())
            return usageError(io, QStringLiteral("--shard takes K/N (e.g. 2/8) or auto, got '%1'").arg(shardText));
        shard = m.captured(1).toInt();
        shards = m.captured(2).toInt();
    }
    if (shards < 1 || shard < 1 || shard > shards)
        return usageError(io,
                          QStringLiteral("shard %1 of %2 does not exist (K runs from 1 to N)").arg(shard).arg(shards));
    int jobs = int(std::max(1u, std::thread::hardware_concurrency()));
    if (o.values.contains(QStringLiteral("jobs"))) {
        bool ok = false;
        jobs = o.values.value(QStringLiteral("jobs")).toInt(&ok);
        if (!ok || jobs < 1 || jobs > 256)
            return usageError(io, QStringLiteral("--jobs takes 1 to 256 threads"));
    }
    const QString sweepFile = o.positional.first();
    Issues issues;
    const std::optional<SweepSpec> spec = readSweep(sweepFile, issues);
    for (const Issue &issue : issues)
        println(io.err, issue.format(sweepFile));
    if (!spec)
        return Invalid;
    const QString dir = o.values.value(QStringLiteral("out"));
    if (!QDir().mkpath(dir)) {
        println(io.err, signature(io) + QStringLiteral("cannot create the folder %1").arg(dir));
        return IoError;
    }
    // Provenance beside the shards (the same bytes from every shard, so
    // their writing it at once is harmless); sweep-merge puts it beside RESULTS.csv.
    if (const QString why = saveFileSafely(shardMetadataFileName(dir), sweepMetadataJson(*spec)); !why.isEmpty()) {
        println(io.err, signature(io) + why);
        return IoError;
    }
    // Rows stream into the shard's file in variant order; it replaces the old one only when complete.
    const QString file = shardFileName(dir, shard, shards);
    SafeFile out(file); // a FIFO or a device stays one, written in place
    if (!out.open()) {
        println(io.err, signature(io) + out.error());
        return IoError;
    }
    // What the merge checks first: which sweep this is, and which shard.
    out.write((shardIdentityLine(*spec, shard, shards) + u'\n' + sweepHeader(*spec).join(u',') + u'\n').toUtf8());
    qint64 written = 0;
    const bool terminal = isatty(fileno(io.err));
    int lastShown = -1;
    QString error;
    runShard(
        *spec, shard, shards, jobs, error,
        [&](qint64 done, qint64 total) {
            // A terminal sees one line that counts up; a log gets a line every tenth.
            const int shown = terminal ? int(done) : int(total > 0 ? done * 10 / total : 10);
            if (shown == lastShown)
                return;
            lastShown = shown;
            std::fprintf(io.err,
                         terminal ? "\rsweep: shard %d of %d: %lld of %lld variants"
                                  : "sweep: shard %d of %d: %lld of %lld variants\n",
                         shard, shards, (long long)done, (long long)total);
            std::fflush(io.err);
        },
        nullptr,
        [&](const QString &row) {
            out.write((row + u'\n').toUtf8());
            ++written;
        });
    if (terminal)
        std::fputc('\n', io.err);
    if (!error.isEmpty()) {
        out.cancel();
        println(io.err, signature(io) + error);
        return Invalid;
    }
    if (!out.commit()) {
        println(io.err, signature(io) + out.error());
        return IoError;
    }
    const qint64 rowCount = written;
    println(io.err, QStringLiteral("%1: %2 variants of %3").arg(file).arg(rowCount).arg(spec->variantCount()));
    return Success;
}

} // namespace goap::cli
