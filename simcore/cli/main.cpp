// goap-sim: the headless command line on simcore. Qt6::Core only: `run --plot`
// hands the run to goap-plot (editor/plot), which links the charts. Each
// subcommand is a file of its own (subcommands.h); this one dispatches.
#include "subcommands.h"

#include <QCoreApplication>

#include <cerrno>
#include <cstring>

namespace {

using namespace goap::cli;
using namespace goap::tool;

const char *const kUsage
    = "usage: goap-sim COMMAND [ARGS]\n"
      "\n"
      "Commands:\n"
      "  validate FILE                         list errors and warnings; exit 0 valid, 2 invalid\n"
      "  plan FILE --agent ID --goal ID [--json] [--dot T.dot] [--svg T.svg] [--tree-depth D]\n"
      "           [--tree-nodes N]           the plan from the dawn state; exit 4 when none; --dot/--svg\n"
      "                                        draw the search tree collapsed to N nodes (default 2000;\n"
      "                                        with --svg 700 at most: Graphviz lays out 800 here)\n"
      "  run FILE [--days N] [--report R.json] [--events E.jsonl] [--samples S.csv] [--plot P.png|P.pdf]\n"
      "           [--plot-size WxH] [--plot-scale S] [--threads T]\n"
      "                                        simulate N days (1 to 10000, default 1) and write the\n"
      "                                        records, '-' for standard output (the summary then goes\n"
      "                                        to standard error); --plot hands the run to goap-plot\n"
      "                                        (next to goap-sim), which charts it: goap-plot FILE\n"
      "                                        --output P --size WxH --scale S (see goap-plot --help);\n"
      "                                        --threads T: a tick's per-character part on T threads\n"
      "                                        (default 0: every core; the records are the same)\n"
      "  format FILE [--check]                 rewrite FILE in canonical form (--check: only\n"
      "                                        report, exit 2 when it is not canonical)\n"
      "  sweep SWEEP.json --out DIR [--shard K/N | --shard auto [--shards N]] [--jobs J]\n"
      "                                        run the variants of shard K of N (default 1/1) on J\n"
      "                                        threads (default: every core) into DIR/results-K-of-N.csv\n"
      "  sweep-merge DIR --output RESULTS.csv  join every shard of DIR, sorted by variant\n"
      "  diff A.json B.json [--json]           two scenarios entity by entity, field by field (exit 0\n"
      "                                        identical, 1 different, 2 invalid; --json: as JSON), or\n"
      "                                        two run reports (--report) side by side, with deltas\n"
      "  graph FILE --dot OUT.dot [--svg OUT.svg]  the production chain: facts, actions, characters, goals\n"
      "                                        (Graphviz; --svg lays out at most 800 nodes, exit 3 above)\n"
      "\n"
      "Options: -h/--help, --version; '--' ends the options (a file named like an option)\n"
      "FILE is a regular file of at most 16 MiB.\n"
      "Exit codes: 0 success, 1 usage error, 2 invalid scenario, 3 I/O error, 4 no plan.\n";

int dispatch(const QStringList &args, const Streams &io)
{
    if (args.isEmpty())
        return usageError(io, QStringLiteral("no command given"));
    const QString command = args.first();
    const QStringList rest = args.mid(1);
    if (command == u"-h" || command == u"--help" || command == u"help") {
        print(io.out, QString::fromLatin1(kUsage));
        return Success;
    }
    if (command == u"--version") {
        println(io.out, QStringLiteral("goap-sim " GOAP_VERSION));
        return Success;
    }
    static const std::pair<const char *, int (*)(const QStringList &, const Streams &)> commands[]
        = {{"validate", validateCommand}, {"plan", planCommand},   {"run", runCommand},
           {"format", formatCommand},     {"sweep", sweepCommand}, {"sweep-merge", sweepMergeCommand},
           {"graph", graphCommand},       {"diff", diffCommand}};
    for (const auto &[name, subcommand] : commands)
        if (command == QLatin1String(name))
            return subcommand(rest, io);
    return usageError(io, QStringLiteral("unknown command '%1'").arg(command));
}

// Every command's standard output is flushed and checked before the exit
// code is given: with standard output on a full device, "plan --json" and
// "validate" once exited 0 with their answer lost.
int run(const QStringList &args, const Streams &io = {})
{
    const int code = dispatch(args, io);
    if (std::fflush(io.out) != 0 || std::ferror(io.out)) {
        if (code != Success && code != NoPlan)
            return code; // already said why
        const int why = errno;
        std::fprintf(io.err, "goap-sim: cannot write standard output: %s\n", std::strerror(why ? why : EIO));
        std::fflush(io.err);
        return IoError;
    }
    return code;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("goap-sim"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GOAP_VERSION));
    QStringList args = QCoreApplication::arguments();
    args.removeFirst();
    return run(args);
}
