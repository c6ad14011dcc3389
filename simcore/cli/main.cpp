// goap-sim: the headless command line on simcore. Qt6::Core only: `run --plot`
// hands the run to goap-plot (editor/plot), which links the charts. Each
// subcommand is a file of its own (subcommands.h); this one dispatches.
#include "subcommands.h"
#include "tool/hugeheap.h"

#include <QCoreApplication>

#include <cerrno>
#include <cstring>

namespace {

using namespace goap::cli;
using namespace goap::tool;

// Each subcommand's own help: `goap-sim COMMAND --help` prints its entry,
// `goap-sim --help` all of them under one usage line, so the two never differ.
struct CommandHelp
{
    const char *name;
    const char *synopsis; // after "goap-sim "
    const char *details; // indented description and options
};

const CommandHelp kCommandHelp[] = {
    {"validate", "validate FILE", "  List the scenario's errors and warnings; exit 0 valid, 2 invalid.\n"},
    {"plan", "plan FILE --agent ID --goal ID [--json] [--dot T.dot] [--svg T.svg] [--tree-depth D] [--tree-nodes N]",
     "  The plan of character ID for goal ID from the dawn state; exit 4 when there is none.\n"
     "  --agent ID       the character, by its id in the scenario\n"
     "  --goal ID        the goal, by its id\n"
     "  --json           the plan as JSON\n"
     "  --dot T.dot      draw the planner's search tree as Graphviz DOT ('-': standard output)\n"
     "  --svg T.svg      the search tree laid out as SVG by Graphviz\n"
     "  --tree-depth D   keep the tree's nodes at most D levels below the start (default: all)\n"
     "  --tree-nodes N   collapse the tree to N nodes (default 2000; with --svg 700 at most:\n"
     "                   Graphviz lays out 800 here)\n"},
    {"run",
     "run FILE [--days N] [--report R.json] [--events E.jsonl] [--samples S.csv] [--plot P.png|P.pdf]\n"
     "             [--plot-size WxH] [--plot-scale S] [--threads T]",
     "  Simulate N days (1 to 10000, default 1) and write the records, '-' for standard\n"
     "  output (the summary then goes to standard error); --plot hands the run to goap-plot\n"
     "  (next to goap-sim), which charts it: goap-plot FILE --output P --size WxH --scale S\n"
     "  (see goap-plot --help; at most 30 days side by side).\n"
     "  --threads T      a tick's per-character part on T threads (default 0: every core\n"
     "                   while that is faster than one, timed now and then; the records\n"
     "                   are the same on any number)\n"},
    {"format", "format FILE [--check]",
     "  Rewrite FILE in canonical form (--check: only report, exit 2 when it is not canonical).\n"},
    {"sweep", "sweep SWEEP.json --out DIR [--shard K/N | --shard auto [--shards N]] [--jobs J]",
     "  Run the variants of shard K of N (default 1/1) on J threads (default: every core)\n"
     "  into DIR/results-K-of-N.csv. --shard auto takes K and N from Slurm's job array\n"
     "  (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT) or a Kubernetes Indexed Job\n"
     "  (JOB_COMPLETION_INDEX, with --shards N).\n"},
    {"sweep-merge", "sweep-merge DIR --output RESULTS.csv",
     "  Join every shard of DIR into one CSV, sorted by variant; refuses a missing or foreign shard.\n"},
    {"diff", "diff A.json B.json [--json]",
     "  Two scenarios entity by entity, field by field (exit 0 identical, 1 different,\n"
     "  2 invalid; --json: as JSON), or two run reports (--report) side by side, with deltas.\n"},
    {"graph", "graph FILE --dot OUT.dot [--svg OUT.svg]",
     "  The production chain: facts, actions, characters, goals (Graphviz; --svg lays out\n"
     "  at most 800 nodes, exit 3 above).\n"},
};

const char *const kFooter = "Options: -h/--help, --version; '--' ends the options (a file named like an option)\n"
                            "FILE is a regular file of at most 16 MiB.\n"
                            "Exit codes: 0 success, 1 usage error, 2 invalid scenario, 3 I/O error, 4 no plan.\n";

QString usageText()
{
    QString text = QStringLiteral("usage: goap-sim COMMAND [ARGS]\n       goap-sim COMMAND --help\n\nCommands:\n");
    for (const CommandHelp &c : kCommandHelp) {
        QString details = QLatin1String(c.details);
        details.replace(u'\n', QStringLiteral("\n  ")).chop(2); // one level deeper under the synopsis
        text += QStringLiteral("  %1\n  %2").arg(QLatin1String(c.synopsis), details);
    }
    return text + u'\n' + QLatin1String(kFooter);
}

QString commandHelpText(const CommandHelp &c)
{
    return QStringLiteral("usage: goap-sim %1\n\n%2\n%3")
        .arg(QLatin1String(c.synopsis), QLatin1String(c.details), QLatin1String(kFooter));
}

// -h or --help among a subcommand's options (not after '--', where it names a file).
bool asksForHelp(const QStringList &args)
{
    for (const QString &a : args) {
        if (a == u"--")
            return false;
        if (a == u"-h" || a == u"--help")
            return true;
    }
    return false;
}

int dispatch(const QStringList &args, const Streams &io)
{
    if (args.isEmpty())
        return usageError(io, QStringLiteral("no command given"));
    const QString command = args.first();
    const QStringList rest = args.mid(1);
    if (command == u"-h" || command == u"--help" || command == u"help") {
        print(io.out, usageText());
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
    for (const auto &[name, subcommand] : commands) {
        if (command != QLatin1String(name))
            continue;
        if (asksForHelp(rest)) {
            for (const CommandHelp &c : kCommandHelp)
                if (command == QLatin1String(c.name))
                    print(io.out, commandHelpText(c));
            return Success;
        }
        return subcommand(rest, io);
    }
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
    goap::tool::holdClosedStandardStreams(); // first: before anything opens a file
    goap::tool::useHugeHeap(); // before the file and the town are allocated
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("goap-sim"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GOAP_VERSION));
    QStringList args = QCoreApplication::arguments();
    args.removeFirst();
    return run(args);
}
