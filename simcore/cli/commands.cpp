#include "commands.h"

#include "graph/productionchain.h"
#include "graph/render.h"
#include "graph/searchgraph.h"
#include "io/json.h"
#include "io/savefile.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "io/validator.h"
#include "planner/compiledscenario.h"
#include "planner/planner.h"
#include "records/recordfile.h"
#include "sim/compare.h"
#include "sim/records.h"
#include "sim/simulation.h"
#include "sweep/sweep.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <QCoreApplication>
#include <QDir>
#include <QSaveFile>
#include <thread>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <optional>
#include <vector>

#include <unistd.h>

namespace goap::cli {

using records::RecordFile;
using namespace goap::sweep;

namespace {

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
      "           [--plot-size WxH] [--plot-scale S]\n"
      "                                        simulate N days (1 to 10000, default 1) and write the\n"
      "                                        records, '-' for standard output (the summary then goes\n"
      "                                        to standard error); --plot hands the run to goap-plot\n"
      "                                        (next to goap-sim), which charts it: goap-plot FILE\n"
      "                                        --output P --size WxH --scale S (see goap-plot --help)\n"
      "  format FILE [--check]                 rewrite FILE in canonical form (--check: only\n"
      "                                        report, exit 2 when it is not canonical)\n"
      "  sweep SWEEP.json --out DIR [--shard K/N | --shard auto [--shards N]] [--jobs J]\n"
      "                                        run the variants of shard K of N (default 1/1) on J\n"
      "                                        threads (default: every core) into DIR/results-K-of-N.csv\n"
      "  sweep-merge DIR --output RESULTS.csv  join every shard of DIR, sorted by variant\n"
      "  diff A.json B.json                    two run reports (--report) side by side, with deltas\n"
      "  graph FILE --dot OUT.dot [--svg OUT.svg]  the production chain: facts, actions, characters, goals\n"
      "                                        (Graphviz; --svg lays out at most 800 nodes, exit 3 above)\n"
      "\n"
      "Options: -h/--help, --version; '--' ends the options (a file named like an option)\n"
      "FILE is a regular file of at most 16 MiB.\n"
      "Exit codes: 0 success, 1 usage error, 2 invalid scenario, 3 I/O error, 4 no plan.\n";

void print(std::FILE *f, const QString &s)
{
    std::fputs(s.toLocal8Bit().constData(), f);
}
void println(std::FILE *f, const QString &s)
{
    print(f, s + u'\n');
}

QString signature(const Streams &io)
{
    return QString::fromLatin1(io.program) + QStringLiteral(": ");
}

int usageError(const Streams &io, const QString &message)
{
    println(io.err, signature(io) + message);
    print(io.err, QStringLiteral("Try '%1 --help'.\n").arg(QString::fromLatin1(io.program)));
    return Usage;
}

// Parses `--name value` options and positional arguments.
struct Options
{
    QStringList positional;
    QHash<QString, QString> values;
    QSet<QString> flags;
    QString error;
};

Options parseOptions(const QStringList &args, const QStringList &withValue, const QStringList &flags)
{
    Options o;
    bool optionsEnded = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (!optionsEnded && a == u"--") { // the usual end of options: what follows is a file name
            optionsEnded = true;
            continue;
        }
        if (optionsEnded || !a.startsWith(u'-') || a == u"-") {
            if (a.isEmpty()) { // an unset shell variable, most likely; QFile would only say "No file name specified"
                o.error = QStringLiteral("an empty file name was given");
                return o;
            }
            o.positional << a;
            continue;
        }
        if (!a.startsWith(u"--")) { // "-x" is no file name either: a mistyped option, or a file that needs "--"
            o.error = QStringLiteral("unknown option '%1' (a file named so goes after '--')").arg(a);
            return o;
        }
        QString name = a.mid(2), value;
        const qsizetype eq = name.indexOf(u'=');
        if (eq >= 0) {
            value = name.mid(eq + 1);
            name.truncate(eq);
        }
        if (withValue.contains(name)) {
            if (eq < 0) {
                if (i + 1 >= args.size()) {
                    o.error = QStringLiteral("--%1 needs a value").arg(name);
                    return o;
                }
                value = args[++i];
            }
            if (o.values.contains(name)) { // the last one would win in silence: "--events a --events b" writes b only
                o.error = QStringLiteral("--%1 is given twice").arg(name);
                return o;
            }
            o.values.insert(name, value);
        } else if (flags.contains(name) && eq < 0) {
            o.flags.insert(name);
        } else {
            o.error = QStringLiteral("unknown option '%1'").arg(a);
            return o;
        }
    }
    return o;
}

// Reads a scenario, printing its issues; nullopt (and the exit code) on failure.
std::optional<Scenario> load(const QString &file, const Streams &io, int &exitCode)
{
    ReadResult r = readScenarioFile(file);
    for (const Issue &issue : r.issues)
        println(io.err, issue.format(file));
    if (r.ok())
        return std::move(r.scenario);
    exitCode = r.ioError ? IoError : Invalid;
    return std::nullopt;
}

} // namespace

int validateCommand(const QStringList &args, const Streams &io)
{
    const Options o = parseOptions(args, {}, {});
    if (!o.error.isEmpty())
        return usageError(io, o.error);
    if (o.positional.size() != 1)
        return usageError(io, QStringLiteral("validate takes one scenario file"));
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

namespace {
// --dot FILE and --svg FILE: the DOT as it is, and laid out by Graphviz; each
// written whole or not at all ("-": to standard output).
QString outputsClash(const QString &input, const QList<std::pair<QString, QString>> &outputs); // below

// The --dot and --svg outputs asked for, as (option, file).
QList<std::pair<QString, QString>> graphOutputs(const Options &o)
{
    QList<std::pair<QString, QString>> out;
    for (const char *key : {"dot", "svg"})
        if (o.values.contains(QLatin1String(key)))
            out.append({QLatin1String(key), o.values.value(QLatin1String(key))});
    return out;
}

// An empty --dot or --svg (an unset shell variable, most likely), an output
// that would replace the scenario, or two outputs on one file: the usage error.
QString graphOutputsProblem(const Options &o)
{
    for (const auto &[option, file] : graphOutputs(o))
        if (file.isEmpty())
            return QStringLiteral("an empty file name was given for --%1").arg(option);
    return outputsClash(o.positional.first(), graphOutputs(o));
}

bool writeGraph(const Options &o, const QByteArray &dot, const Streams &io)
{
    auto write = [&](const QString &file, const QByteArray &bytes) {
        if (file == u"-") { // standard output
            if (std::fwrite(bytes.constData(), 1, size_t(bytes.size()), io.out) == size_t(bytes.size()))
                return true;
            println(io.err, signature(io) + QStringLiteral("cannot write standard output"));
            return false;
        }
        if (const QString why = saveFileSafely(file, bytes); !why.isEmpty()) {
            println(io.err, signature(io) + why);
            return false;
        }
        return true;
    };
    if (o.values.contains(QStringLiteral("dot")) && !write(o.values.value(QStringLiteral("dot")), dot))
        return false;
    if (o.values.contains(QStringLiteral("svg"))) {
        QString error;
        const std::optional<QByteArray> svg = renderDot(dot, "svg", error);
        if (!svg) {
            println(io.err, signature(io) + error);
            return false;
        }
        if (!write(o.values.value(QStringLiteral("svg")), *svg))
            return false;
    }
    return true;
}
} // namespace

int planCommand(const QStringList &args, const Streams &io)
{
    const Options o = parseOptions(args,
                                   {QStringLiteral("agent"), QStringLiteral("goal"), QStringLiteral("dot"),
                                    QStringLiteral("svg"), QStringLiteral("tree-depth"), QStringLiteral("tree-nodes")},
                                   {QStringLiteral("json")});
    if (!o.error.isEmpty())
        return usageError(io, o.error);
    if (o.positional.size() != 1)
        return usageError(io, QStringLiteral("plan takes one scenario file"));
    if (!o.values.contains(QStringLiteral("agent")) || !o.values.contains(QStringLiteral("goal")))
        return usageError(io, QStringLiteral("plan needs --agent ID and --goal ID"));
    if (const QString problem = graphOutputsProblem(o); !problem.isEmpty())
        return usageError(io, problem);
    int code = Success;
    const std::optional<Scenario> scenario = load(o.positional.first(), io, code);
    if (!scenario)
        return code;
    const CompiledScenario compiled = compile(*scenario);
    const QString agentId = o.values.value(QStringLiteral("agent"));
    const QString goalId = o.values.value(QStringLiteral("goal"));
    const int agent = compiled.agentIndex(agentId);
    const int goal = compiled.goalIndex(goalId);
    if (agent < 0)
        return usageError(io,
                          QStringLiteral("no character \"%1\" in %2 (characters: %3)")
                              .arg(agentId, o.positional.first(),
                                   QStringList(compiled.agentIds.begin(), compiled.agentIds.end()).join(u", ")));
    if (goal < 0)
        return usageError(io,
                          QStringLiteral("no goal \"%1\" in %2 (goals: %3)")
                              .arg(goalId, o.positional.first(),
                                   QStringList(compiled.goalIds.begin(), compiled.goalIds.end()).join(u", ")));

    const bool drawTree = o.values.contains(QStringLiteral("dot")) || o.values.contains(QStringLiteral("svg"));
    bool ok = true;
    const int treeDepth = o.values.value(QStringLiteral("tree-depth"), QStringLiteral("1000000")).toInt(&ok);
    if (!ok || treeDepth < 0)
        return usageError(io, QStringLiteral("--tree-depth takes a whole number of levels"));
    const bool svg = o.values.contains(QStringLiteral("svg"));
    const int treeNodes
        = o.values.value(QStringLiteral("tree-nodes"), QString::number(svg ? kMaxLayoutNodes - 100 : 2000)).toInt(&ok);
    if (!ok || treeNodes < 1)
        return usageError(io, QStringLiteral("--tree-nodes takes a positive whole number"));
    if (svg && treeNodes > kMaxLayoutNodes - 100) // the plan's path and the frontier's best come on top
        return usageError(io,
                          QStringLiteral("--tree-nodes is at most %1 with --svg (Graphviz lays out at most %2 "
                                         "nodes here); --dot alone takes any number")
                              .arg(kMaxLayoutNodes - 100)
                              .arg(kMaxLayoutNodes));

    Planner planner(compiled);
    Plan plan;
    SearchTree tree;
    if (drawTree)
        planner.traceInto(&tree);
    const Space space(compiled);
    const CompiledAgent &who = compiled.agents[size_t(agent)];
    const Travel travel = travelFrom(space, compiled.planner.travelCost, who.speed, who.x, who.y);
    planner.planForAgent(compiled.dawnState(agent), agent, goal, plan, &travel);
    if (drawTree) {
        const TreeView view = collapseTree(tree, treeDepth, treeNodes);
        if (!writeGraph(o, searchTreeDot(tree, compiled, view, searchSummary(tree, compiled, agentId, goalId)), io))
            return IoError;
    }
    // The station of each step: the plan's choice when travel is costed, else
    // the nearest of its stations by path from the previous one, as a run takes it.
    std::vector<int> stations = plan.stations;
    if (stations.empty()) {
        double x = who.x, y = who.y;
        for (const int a : plan.actions) {
            const std::vector<int> &choices = compiled.actions[size_t(a)].stations;
            int best = choices.empty() ? -1 : choices.front();
            double bestD = std::numeric_limits<double>::infinity();
            for (const int s : choices)
                if (const double d = space.distance(s, x, y); d < bestD)
                    best = s, bestD = d;
            stations.push_back(best);
            if (best >= 0)
                x = compiled.stations[size_t(best)].x, y = compiled.stations[size_t(best)].y;
        }
    }

    if (o.flags.contains(QStringLiteral("json"))) {
        json::Value v = json::Value::makeObject();
        v.insert(QStringLiteral("agent"), json::Value::makeString(agentId));
        v.insert(QStringLiteral("goal"), json::Value::makeString(goalId));
        json::Value found;
        found.type = json::Type::Bool;
        found.boolean = plan.found;
        v.insert(QStringLiteral("found"), found);
        json::Value actions = json::Value::makeArray();
        for (int a : plan.actions)
            actions.array.push_back(json::Value::makeString(compiled.actionIds[size_t(a)]));
        v.insert(QStringLiteral("actions"), std::move(actions));
        json::Value steps = json::Value::makeArray(); // SPEC 11.3: each step with the station chosen
        for (size_t k = 0; k < plan.actions.size(); ++k) {
            json::Value step = json::Value::makeObject();
            step.insert(QStringLiteral("action"), json::Value::makeString(compiled.actionIds[size_t(plan.actions[k])]));
            json::Value station; // null: done where it stands
            if (stations[k] >= 0)
                station = json::Value::makeString(compiled.stationIds[size_t(stations[k])]);
            step.insert(QStringLiteral("station"), std::move(station));
            steps.array.push_back(std::move(step));
        }
        v.insert(QStringLiteral("steps"), std::move(steps));
        v.insert(QStringLiteral("cost"),
                 plan.cost == double(qint64(plan.cost)) ? json::Value::makeInteger(qint64(plan.cost))
                                                        : json::Value::makeNumber(plan.cost));
        v.insert(QStringLiteral("expanded"), json::Value::makeInteger(plan.expanded));
        v.insert(QStringLiteral("generated"), json::Value::makeInteger(plan.generated));
        v.insert(QStringLiteral("heuristic"),
                 json::Value::makeString(QString::fromLatin1(heuristicName(plan.heuristic))));
        json::Value optimal;
        optimal.type = json::Type::Bool;
        optimal.boolean = plan.optimal; // proven: max found it, or nothing was left unsearched
        v.insert(QStringLiteral("optimal"), optimal);
        if (!plan.found) // SPEC §11.2: why there is none
            v.insert(QStringLiteral("reason"), json::Value::makeString(QString::fromLatin1(toString(plan.reason))));
        std::fputs((json::writeLine(v) + '\n').constData(), io.out);
    } else if (plan.found) {
        println(io.out,
                QStringLiteral("%1 -> %2: %3 step%4, cost %5 (%6 nodes expanded, %7 generated)")
                    .arg(agentId, goalId)
                    .arg(plan.actions.size())
                    .arg(plan.actions.size() == 1 ? "" : "s")
                    .arg(plan.cost)
                    .arg(plan.expanded)
                    .arg(plan.generated));
        for (size_t step = 0; step < plan.actions.size(); ++step) {
            const Action &action = scenario->actions[plan.actions[step]];
            println(io.out,
                    QStringLiteral("  %1. %2  (%3%4, %5 s, cost %6)")
                        .arg(step + 1)
                        .arg(action.id, action.label,
                             stations[step] < 0 ? QString()
                                                : QStringLiteral(" at ") + compiled.stationIds[size_t(stations[step])])
                        .arg(action.duration)
                        .arg(action.cost));
        }
    } else {
        println(io.out,
                QStringLiteral("%1 -> %2: no plan from the dawn state: %3 (%4 nodes expanded, %5 generated)")
                    .arg(agentId, goalId, whyNoPlan(plan.reason, compiled.planner.maxNodes))
                    .arg(plan.expanded)
                    .arg(plan.generated));
    }
    return plan.found ? Success : NoPlan;
}

namespace {

constexpr int kMaxDays = 10000;

void printDaySummary(const Scenario &scenario, const CompiledScenario &c, const sim::DayReport &day, std::FILE *out)
{
    println(out, QStringLiteral("%1, day %2 (%3 s)").arg(scenario.name).arg(day.day + 1).arg(c.day.length));
    if (day.agents.size() > c.agents.size()) // spawned copies: one line, not one each
        println(
            out,
            QStringLiteral("  %1 spawned character(s) came during the day").arg(day.agents.size() - c.agents.size()));
    for (size_t i = 0; i < c.agents.size(); ++i) {
        const sim::AgentReport &r = day.agents[i];
        QStringList quotas, needs;
        for (const sim::GoalReport &g : r.goals) {
            const QString &label = c.goalLabels[size_t(g.goal)];
            if (c.goals[size_t(g.goal)].kind == GoalKind::Quota)
                quotas << (g.metAt ? QStringLiteral("%1 met at %2%").arg(label).arg(qRound(*g.metAt * 100))
                                   : QStringLiteral("%1 not met").arg(label));
            else
                needs << QStringLiteral("%1 x%2").arg(label).arg(g.satisfied);
        }
        println(out,
                QStringLiteral("  %1  quotas: %2 | needs: %3 | waiting %4 s, resting %5 s | %6 plans, %7 re-check "
                               "failures, %8 switches")
                    .arg(c.agentLabels[i], -12)
                    .arg(quotas.isEmpty() ? QStringLiteral("none") : quotas.join(QStringLiteral(", ")),
                         needs.isEmpty() ? QStringLiteral("none") : needs.join(QStringLiteral(", ")))
                    .arg(sim::phaseSeconds(c, r, sim::Phase::Waiting), 0, 'f', 1)
                    .arg(sim::phaseSeconds(c, r, sim::Phase::Resting), 0, 'f', 1)
                    .arg(r.plans)
                    .arg(r.recheckFailures)
                    .arg(r.goalSwitches));
    }
}

// The file that writing `name` would write, so that two spellings of one
// file compare equal even before it exists: a dangling symbolic link is
// followed (QSaveFile writes through it) and the folder is resolved.
QString writeTarget(const QString &name)
{
    QFileInfo info(name);
    for (int hops = 0; hops < 40 && info.isSymLink() && !info.exists(); ++hops)
        info = QFileInfo(info.symLinkTarget());
    if (info.exists())
        return info.canonicalFilePath();
    const QString folder = QFileInfo(info.absolutePath()).canonicalFilePath();
    return folder.isEmpty() ? info.absoluteFilePath() : folder + u'/' + info.fileName();
}

// Every output of a command checked against its input and against the other
// outputs before anything is written: an output that would replace the
// scenario ("graph c.json --dot c.json" once wrote DOT over it), or two
// outputs naming one file (the DOT lost under the SVG). '-' is standard
// output, at most one; the null device swallows any number. Empty when fine,
// else the usage error.
QString outputsClash(const QString &input, const QList<std::pair<QString, QString>> &outputs)
{
    QHash<QString, QString> seen; // canonical target -> option
    const QString inputTarget = writeTarget(input);
    int toStdout = 0;
    for (const auto &[option, name] : outputs) {
        if (name.isEmpty())
            return QStringLiteral("--%1 needs a file name ('-' for standard output)").arg(option);
        if (name == u"-")
            ++toStdout;
        const QString target = name == u"-" ? name : writeTarget(name);
        if (target == inputTarget)
            return QStringLiteral("--%1 %2 would overwrite the scenario file").arg(option, name);
        if (seen.contains(target) && name != u"-" && target != u"/dev/null")
            return QStringLiteral("--%1 and --%2 name the same file %3").arg(seen.value(target), option, name);
        seen.insert(target, option);
    }
    if (toStdout > 1)
        return QStringLiteral("only one output can go to standard output ('-')");
    return {};
}

// Digits only: " 5", "+3", "5x" and "0x10" are not a number of days.
std::optional<int> parseDays(const QString &text)
{
    static const QRegularExpression digits(QStringLiteral("^[0-9]{1,9}$"));
    if (!digits.match(text).hasMatch())
        return std::nullopt;
    const int days = text.toInt();
    if (days < 1 || days > kMaxDays)
        return std::nullopt;
    return days;
}

// The records of one run, streamed as the simulation goes: a day's report
// when the day ends, events and samples as they are drained, so memory stays
// flat however many days run (the plot alone needs the whole run).
class RunRecords
{
public:
    // `plotWriter` draws the "plot" record, named by the option `plotOption` (goap-plot's --output).
    RunRecords(const Scenario &scenario, std::shared_ptr<const CompiledScenario> compiled, const Streams &io,
               PlotRequest plotRequest, PlotWriter plotWriter, const QString &plotOption)
        : m_scenario(scenario)
        , m_c(std::move(compiled))
        , m_io(io)
        , m_plotRequest(std::move(plotRequest))
        , m_plotWriter(plotWriter)
        , m_plotOption(plotOption)
    {
    }

    // Opens every output before anything is simulated; on failure nothing is written.
    int open(const Options &o, const QString &scenarioFile)
    {
        static const char *const kinds[] = {"report", "events", "samples", "plot"};
        QList<std::pair<QString, QString>> outputs;
        for (const char *kind : kinds)
            if (const QString key = QLatin1String(kind); o.values.contains(key))
                outputs.append({optionName(key), o.values.value(key)});
        if (const QString clash = outputsClash(scenarioFile, outputs); !clash.isEmpty())
            return usageError(m_io, clash);
        for (const char *kind : kinds) {
            const QString k = QLatin1String(kind);
            if (!o.values.contains(k))
                continue;
            RecordFile &f = file(k);
            if (!f.open(o.values.value(k), m_io.out)) {
                println(m_io.err, signature(m_io) + f.error());
                cancelAll();
                return IoError;
            }
            if (f.toStandardOutput()) {
                if (m_summary == m_io.err) { // e.g. "-" and /dev/stdout: they would interleave
                    cancelAll();
                    return usageError(m_io, QStringLiteral("only one record can go to standard output"));
                }
                m_summary = m_io.err;
            }
        }
        if (m_report.isOpen())
            m_report.write(sim::reportHead(*m_c, m_scenario.name));
        if (m_samples.isOpen())
            m_samples.write(sim::samplesCsvHeader());
        return Success;
    }

    bool plot() const { return m_plot.isOpen(); }
    bool failed()
    {
        const auto all = files();
        return std::any_of(all.begin(), all.end(), [](const RecordFile *f) { return f->failed(); });
    }
    bool keepsEverything() const { return plot(); }
    bool needsSamples() const { return m_samples.isOpen() || plot(); }
    bool needsEvents() const { return m_events.isOpen() || plot(); }

    // Writes what the simulation recorded since the last drain.
    void drain(sim::Simulation &simulation, bool finished)
    {
        if (!keepsEverything()) {
            simulation.takeEvents(m_eventBatch);
            if (m_events.isOpen()) {
                m_buffer.clear();
                for (const sim::Event &e : m_eventBatch.events) {
                    m_buffer += sim::eventLine(*m_c, m_eventBatch, e);
                    m_buffer += '\n';
                }
                m_events.write(m_buffer);
            }
            simulation.takeSamples(m_sampleBatch);
            if (m_samples.isOpen())
                m_samples.write(sim::samplesCsvRows(*m_c, m_sampleBatch));
        }
        std::vector<sim::DayReport> days = simulation.takeFinishedReports();
        if (finished)
            days.push_back(simulation.reports().back());
        for (const sim::DayReport &day : days) {
            if (m_report.isOpen()) {
                if (m_daysWritten > 0)
                    m_report.write(",\n");
                m_report.write(sim::reportDay(*m_c, day));
            }
            ++m_daysWritten;
            printDaySummary(m_scenario, *m_c, day, m_summary);
        }
    }

    // Finishes every record: the whole run's events and samples when it kept
    // them (for the plot), then the plot, then every file is flushed or
    // committed; when one fails, the files not yet committed are discarded.
    int finish(sim::Simulation &simulation, int days)
    {
        if (keepsEverything()) {
            if (m_events.isOpen())
                m_events.write(sim::eventsJsonl(*m_c, simulation.events()));
            if (m_samples.isOpen())
                m_samples.write(sim::samplesCsvRows(*m_c, simulation.samples()));
            if (m_plotRequest.defaultTitle)
                m_plotRequest.title
                    = days == 1 ? m_scenario.name : QStringLiteral("%1, %2 days").arg(m_scenario.name).arg(days);
            const QString error
                = m_plotWriter(m_c, simulation.samples(), simulation.events(), m_plotRequest, m_plot.device());
            if (!error.isEmpty()) {
                println(m_io.err, signature(m_io) + QStringLiteral("cannot write %1: %2").arg(m_plot.name(), error));
                cancelAll();
                return IoError;
            }
        }
        if (m_report.isOpen())
            m_report.write(sim::reportTail());
        // In place first (already written, only flushed), then the atomic ones.
        for (RecordFile *f : files()) {
            if (f->isOpen() && f->inPlace() && !f->commit()) {
                println(m_io.err, signature(m_io) + f->error());
                cancelAll();
                return IoError;
            }
        }
        for (RecordFile *f : files()) {
            if (f->isOpen() && !f->commit()) {
                println(m_io.err, signature(m_io) + f->error());
                cancelAll();
                return IoError;
            }
        }
        return Success;
    }

private:
    QString optionName(const QString &kind) const { return kind == u"plot" ? m_plotOption : kind; }
    RecordFile &file(const QString &kind)
    {
        return kind == u"report" ? m_report : kind == u"events" ? m_events : kind == u"samples" ? m_samples : m_plot;
    }
    std::array<RecordFile *, 4> files() { return {&m_report, &m_events, &m_samples, &m_plot}; }
    void cancelAll()
    {
        for (RecordFile *f : files())
            f->cancel();
    }

    const Scenario &m_scenario;
    std::shared_ptr<const CompiledScenario> m_c;
    const Streams &m_io;
    PlotRequest m_plotRequest;
    PlotWriter m_plotWriter = nullptr;
    QString m_plotOption;
    std::FILE *m_summary = m_io.out;
    RecordFile m_report, m_events, m_samples, m_plot;
    sim::EventLog m_eventBatch;
    sim::Samples m_sampleBatch;
    QByteArray m_buffer;
    int m_daysWritten = 0;
};

} // namespace

namespace {

const char *const kPlotUsage
    = "usage: goap-plot FILE --output P.png|P.pdf [--size WxH] [--scale S] [--title T] [--days N]\n"
      "                 [--report R.json] [--events E.jsonl] [--samples S.csv]\n"
      "\n"
      "Simulates FILE as 'goap-sim run' does and draws the insistence chart above the quota\n"
      "progress chart (or the world facts when nobody holds a quota), titled with the scenario:\n"
      "a PNG of --size (default 1400x1000) times --scale (default 1; 2 doubles the pixels), or a\n"
      "vector PDF when the name ends in .pdf; '-' writes it to standard output. With no display\n"
      "it renders offscreen. The day summary goes to standard output (to standard error when a\n"
      "record goes there); --report, --events and --samples write the same run's records.\n"
      "\n"
      "Options: -h/--help, --version; '--' ends the options (a file named like an option)\n"
      "Exit codes: 0 success, 1 usage error, 2 invalid scenario, 3 I/O error.\n";

// Simulates `file` for `days` and writes the records named in `o` ("report",
// "events", "samples", and "plot" drawn by `plotWriter`).
int simulate(const QString &file, int days, const Options &o, const PlotRequest &plotRequest, PlotWriter plotWriter,
             const QString &plotOption, const Streams &io)
{
    int code = Success;
    const std::optional<Scenario> scenario = load(file, io, code);
    if (!scenario)
        return code;
    const auto compiled = std::make_shared<const CompiledScenario>(compile(*scenario));
    RunRecords records(*scenario, compiled, io, plotRequest, plotWriter, plotOption);
    if (const int opened = records.open(o, file); opened != Success)
        return opened;

    sim::Options options;
    options.recordEvents = records.needsEvents();
    options.recordSamples = records.needsSamples();
    sim::Simulation simulation(compiled, options);
    // A day at a time (in chunks within long days), draining the records as it goes.
    const std::int64_t chunk = std::min<std::int64_t>(simulation.ticksPerDay(), 100000);
    const std::int64_t total = std::int64_t(days) * simulation.ticksPerDay();
    while (simulation.totalTicks() < total) {
        simulation.stepTicks(std::min(chunk, total - simulation.totalTicks()));
        records.drain(simulation, simulation.totalTicks() == total);
        if (records.failed()) // a full disk: say so now, not after every day has run
            break;
    }
    return records.finish(simulation, days);
}

const QStringList kRunOptions
    = {QStringLiteral("days"), QStringLiteral("report"),    QStringLiteral("events"),    QStringLiteral("samples"),
       QStringLiteral("plot"), QStringLiteral("plot-size"), QStringLiteral("plot-scale")};

// goap-plot next to this program (the build tree's bin/, or /usr/bin), or empty.
QString siblingPlotTool()
{
    if (!QCoreApplication::instance())
        return {};
    const QFileInfo tool(QCoreApplication::applicationDirPath() + QStringLiteral("/goap-plot"));
    return tool.isFile() && tool.isExecutable() ? tool.absoluteFilePath() : QString();
}

// Replaces this process with `tool args`; returns (with errno set) only when it cannot.
void execTool(const QString &tool, const QStringList &args)
{
    std::vector<QByteArray> bytes {QFile::encodeName(tool)};
    for (const QString &a : args)
        bytes.push_back(a.toLocal8Bit());
    std::vector<char *> argv;
    for (QByteArray &b : bytes)
        argv.push_back(b.data());
    argv.push_back(nullptr);
    std::fflush(stdout);
    std::fflush(stderr);
    ::execv(argv[0], argv.data());
}

} // namespace

QStringList plotArgumentsFor(const QStringList &runArgs)
{
    const Options o = parseOptions(runArgs, kRunOptions, {});
    const QString file = o.positional.value(0);
    const bool fileFirst = !file.startsWith(u'-');
    QStringList args;
    if (fileFirst)
        args << file;
    static const std::pair<const char *, const char *> renamed[]
        = {{"plot", "output"},   {"days", "days"},     {"plot-size", "size"}, {"plot-scale", "scale"},
           {"report", "report"}, {"events", "events"}, {"samples", "samples"}};
    for (const auto &[from, to] : renamed)
        if (o.values.contains(QLatin1String(from)))
            args << QStringLiteral("--") + QLatin1String(to) << o.values.value(QLatin1String(from));
    if (!fileFirst)
        args << QStringLiteral("--") << file;
    return args;
}

QString shellLine(const QString &program, const QStringList &args)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./=:,+@%-]+$"));
    QStringList words {program};
    for (QString a : args) {
        if (!plain.match(a).hasMatch())
            a = u'\'' + a.replace(u'\'', QStringLiteral("'\\''")) + u'\'';
        words << a;
    }
    return words.join(u' ');
}

int runCommand(const QStringList &args, const Streams &io)
{
    const Options o = parseOptions(args, kRunOptions, {});
    if (!o.error.isEmpty())
        return usageError(io, o.error);
    if (o.positional.size() != 1)
        return usageError(io, QStringLiteral("run takes one scenario file"));
    const std::optional<int> days
        = o.values.contains(QStringLiteral("days")) ? parseDays(o.values.value(QStringLiteral("days"))) : 1;
    if (!days)
        return usageError(io,
                          QStringLiteral("--days takes a whole number from 1 to %1, got '%2'")
                              .arg(kMaxDays)
                              .arg(o.values.value(QStringLiteral("days"))));
    if (o.values.contains(QStringLiteral("plot"))) {
        // The charts need QtGui, which goap-sim never links: goap-plot draws them.
        const QStringList plotArgs = plotArgumentsFor(args);
        if (const QString tool = siblingPlotTool(); !tool.isEmpty()) {
            execTool(tool, plotArgs);
            println(io.err,
                    signature(io)
                        + QStringLiteral("cannot run %1: %2").arg(tool, QString::fromLocal8Bit(std::strerror(errno))));
        }
        println(io.err,
                signature(io)
                    + QStringLiteral("--plot is drawn by goap-plot, which is not next to %1; run:")
                          .arg(QString::fromLatin1(io.program)));
        println(io.err, QStringLiteral("  ") + shellLine(QStringLiteral("goap-plot"), plotArgs));
        return Usage;
    }
    if (o.values.contains(QStringLiteral("plot-size")) || o.values.contains(QStringLiteral("plot-scale")))
        return usageError(io, QStringLiteral("--plot-size and --plot-scale go with --plot"));
    return simulate(o.positional.first(), *days, o, {}, nullptr, QStringLiteral("plot"), io);
}

int plotMain(const QStringList &args, const Streams &io, PlotWriter writer)
{
    if (args.size() == 1 && (args.first() == u"-h" || args.first() == u"--help" || args.first() == u"help")) {
        print(io.out, QString::fromLatin1(kPlotUsage));
        return Success;
    }
    if (args.size() == 1 && args.first() == u"--version") {
        println(io.out, QStringLiteral("goap-plot " GOAP_VERSION));
        return Success;
    }
    Options o = parseOptions(args,
                             {QStringLiteral("output"), QStringLiteral("days"), QStringLiteral("size"),
                              QStringLiteral("scale"), QStringLiteral("title"), QStringLiteral("report"),
                              QStringLiteral("events"), QStringLiteral("samples")},
                             {});
    if (!o.error.isEmpty())
        return usageError(io, o.error);
    if (o.positional.size() != 1)
        return usageError(io, QStringLiteral("goap-plot takes one scenario file"));
    if (!o.values.contains(QStringLiteral("output")))
        return usageError(io, QStringLiteral("goap-plot needs --output P.png or P.pdf ('-' for standard output)"));
    const std::optional<int> days
        = o.values.contains(QStringLiteral("days")) ? parseDays(o.values.value(QStringLiteral("days"))) : 1;
    if (!days)
        return usageError(io,
                          QStringLiteral("--days takes a whole number from 1 to %1, got '%2'")
                              .arg(kMaxDays)
                              .arg(o.values.value(QStringLiteral("days"))));
    PlotRequest request;
    const QStringList size
        = o.values.value(QStringLiteral("size"), QStringLiteral("1400x1000")).split(QLatin1Char('x'));
    bool okWidth = false, okHeight = false, okScale = true;
    request.width = size.size() == 2 ? size[0].toInt(&okWidth) : 0;
    request.height = size.size() == 2 ? size[1].toInt(&okHeight) : 0;
    if (o.values.contains(QStringLiteral("scale")))
        request.scale = o.values.value(QStringLiteral("scale")).toDouble(&okScale);
    if (!okWidth || !okHeight || request.width < 64 || request.height < 64 || request.width > 20000
        || request.height > 20000)
        return usageError(io, QStringLiteral("--size takes WIDTHxHEIGHT, each from 64 to 20000 (e.g. 1600x900)"));
    if (!okScale || !(request.scale >= 0.25 && request.scale <= 8)) // NaN fails both
        return usageError(io, QStringLiteral("--scale takes a number from 0.25 to 8 (2 doubles the pixels)"));
    if (o.values.contains(QStringLiteral("title"))) { // an empty one: no title line
        request.title = o.values.value(QStringLiteral("title"));
        request.defaultTitle = false;
    }
    request.fileName = o.values.value(QStringLiteral("output"));
    o.values.insert(QStringLiteral("plot"), o.values.take(QStringLiteral("output")));
    return simulate(o.positional.first(), *days, o, request, writer, QStringLiteral("output"), io);
}

int formatCommand(const QStringList &args, const Streams &io)
{
    const Options o = parseOptions(args, {}, {QStringLiteral("check")});
    if (!o.error.isEmpty())
        return usageError(io, o.error);
    if (o.positional.size() != 1)
        return usageError(io, QStringLiteral("format takes one scenario file"));
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

namespace {

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

// goap-sim graph FILE --dot OUT.dot [--svg OUT.svg]: the production chain.
int graphCommand(const QStringList &args, const Streams &io)
{
    const Options o = parseOptions(args, {QStringLiteral("dot"), QStringLiteral("svg")}, {});
    if (!o.error.isEmpty())
        return usageError(io, o.error);
    if (o.positional.size() != 1)
        return usageError(io, QStringLiteral("graph takes one scenario file"));
    if (!o.values.contains(QStringLiteral("dot")) && !o.values.contains(QStringLiteral("svg")))
        return usageError(io, QStringLiteral("graph needs --dot OUT.dot or --svg OUT.svg"));
    if (const QString problem = graphOutputsProblem(o); !problem.isEmpty())
        return usageError(io, problem);
    int code = Success;
    const std::optional<Scenario> scenario = load(o.positional.first(), io, code);
    if (!scenario)
        return code;
    ProductionChain chain = productionChain(*scenario);
    markFindings(chain, *scenario, validate(*scenario)); // unreachable goals greyed
    return writeGraph(o, toDot(chain, scenario->name), io) ? Success : IoError;
}

int diffCommand(const QStringList &args, const Streams &io)
{
    const Options o = parseOptions(args, {}, {});
    if (!o.error.isEmpty())
        return usageError(io, o.error);
    if (o.positional.size() != 2)
        return usageError(io, QStringLiteral("diff takes two reports: A.json B.json"));
    std::optional<sim::ReportMeasures> reports[2];
    for (int k = 0; k < 2; ++k) {
        const QString &file = o.positional[k];
        QFile f(file);
        if (!QFileInfo(file).isFile() || !f.open(QIODevice::ReadOnly) || f.size() > kMaxScenarioFileSize * 4) {
            println(io.err, signature(io) + QStringLiteral("cannot read the report %1").arg(file));
            return IoError;
        }
        reports[k] = sim::reportMeasures(f.readAll());
        if (!reports[k]) {
            println(io.err, signature(io) + QStringLiteral("%1 is not a run report (goap-sim run --report)").arg(file));
            return IoError;
        }
    }
    const std::vector<sim::CompareRow> rows = sim::compareReports(*reports[0], *reports[1]);
    int widths[5] = {9, 7, 1, 1, 5};
    for (const sim::CompareRow &r : rows) {
        const QString cells[5] = {r.who, r.what, r.left, r.right, r.delta};
        for (int c = 0; c < 5; ++c)
            widths[c] = std::max(widths[c], int(cells[c].size()));
    }
    const auto print = [&](const QString(&cells)[5]) {
        QString line;
        for (int c = 0; c < 5; ++c)
            line += c < 2 ? cells[c].leftJustified(widths[c] + 2) : cells[c].rightJustified(widths[c] + 2);
        while (line.endsWith(u' '))
            line.chop(1);
        println(io.out, line);
    };
    print({QStringLiteral("character"), QStringLiteral("measure"), QStringLiteral("A"), QStringLiteral("B"),
           QStringLiteral("delta")});
    for (const sim::CompareRow &r : rows)
        print({r.who, r.what, r.left, r.right, r.delta});
    return Success;
}

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

int dispatch(const QStringList &args, const Streams &io);

} // namespace

// Every command's standard output is flushed and checked before the exit
// code is given: with standard output on a full device, "plan --json" and
// "validate" once exited 0 with their answer lost.
int run(const QStringList &args, const Streams &io)
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

namespace {
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
    if (command == u"validate")
        return validateCommand(rest, io);
    if (command == u"plan")
        return planCommand(rest, io);
    if (command == u"run")
        return runCommand(rest, io);
    if (command == u"format")
        return formatCommand(rest, io);
    if (command == u"sweep")
        return sweepCommand(rest, io);
    if (command == u"sweep-merge")
        return sweepMergeCommand(rest, io);
    if (command == u"graph")
        return graphCommand(rest, io);
    if (command == u"diff")
        return diffCommand(rest, io);
    return usageError(io, QStringLiteral("unknown command '%1'").arg(command));
}
} // namespace

} // namespace goap::cli
