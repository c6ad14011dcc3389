#include "commands.h"

#include "io/json.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "io/validator.h"
#include "planner/compiledscenario.h"
#include "planner/planner.h"
#include "sim/records.h"
#include "sim/simulation.h"

#include <QFile>
#include <QSaveFile>
#include <QHash>
#include <QSet>

#include <optional>

namespace goap::cli {

namespace {

const char *const kUsage =
    "usage: goap-sim COMMAND [ARGS]\n"
    "\n"
    "Commands:\n"
    "  validate FILE                         list errors and warnings; exit 0 valid, 2 invalid\n"
    "  plan FILE --agent ID --goal ID [--json]\n"
    "                                        the plan from the dawn state; exit 4 when none\n"
    "  run FILE [--days N] [--report R.json] [--events E.jsonl] [--samples S.csv] [--plot P.png|P.pdf]\n"
    "                                        [--plot-size WxH] [--plot-scale S]\n"
    "                                        simulate N days (default 1) and write the records;\n"
    "                                        --plot charts insistence and quota progress\n"
    "  format FILE [--check]                 rewrite FILE in canonical form (--check: only\n"
    "                                        report, exit 2 when it is not canonical)\n"
    "\n"
    "Options: -h/--help, --version\n"
    "Exit codes: 0 success, 1 usage error, 2 invalid scenario, 3 I/O error, 4 no plan.\n";

void print(std::FILE *f, const QString &s) { std::fputs(s.toLocal8Bit().constData(), f); }
void println(std::FILE *f, const QString &s) { print(f, s + u'\n'); }

int usageError(const Streams &io, const QString &message)
{
    println(io.err, QStringLiteral("goap-sim: ") + message);
    print(io.err, QStringLiteral("Try 'goap-sim --help'.\n"));
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
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (!a.startsWith(u"--") || a == u"--") {
            o.positional << a;
            continue;
        }
        QString name = a.mid(2), value;
        const qsizetype eq = name.indexOf(u'=');
        if (eq >= 0) { value = name.mid(eq + 1); name.truncate(eq); }
        if (withValue.contains(name)) {
            if (eq < 0) {
                if (i + 1 >= args.size()) { o.error = QStringLiteral("--%1 needs a value").arg(name); return o; }
                value = args[++i];
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
        println(io.out, QStringLiteral("%1: invalid (%2 error%3, %4 warning%5)")
                            .arg(file).arg(errors).arg(errors == 1 ? "" : "s").arg(warnings).arg(warnings == 1 ? "" : "s"));
        return Invalid;
    }
    const Scenario &s = *r.scenario;
    println(io.out, QStringLiteral("%1: valid (%2 warning%3): \"%4\", %5 station(s), %6 action(s), %7 goal(s), %8 character(s)")
                        .arg(file).arg(warnings).arg(warnings == 1 ? "" : "s").arg(s.name)
                        .arg(s.stations.size()).arg(s.actions.size()).arg(s.goals.size()).arg(s.agents.size()));
    return Success;
}

int planCommand(const QStringList &args, const Streams &io)
{
    const Options o = parseOptions(args, {QStringLiteral("agent"), QStringLiteral("goal")}, {QStringLiteral("json")});
    if (!o.error.isEmpty())
        return usageError(io, o.error);
    if (o.positional.size() != 1)
        return usageError(io, QStringLiteral("plan takes one scenario file"));
    if (!o.values.contains(QStringLiteral("agent")) || !o.values.contains(QStringLiteral("goal")))
        return usageError(io, QStringLiteral("plan needs --agent ID and --goal ID"));
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
        return usageError(io, QStringLiteral("no character \"%1\" in %2 (characters: %3)")
                                  .arg(agentId, o.positional.first(), QStringList(compiled.agentIds.begin(), compiled.agentIds.end()).join(u", ")));
    if (goal < 0)
        return usageError(io, QStringLiteral("no goal \"%1\" in %2 (goals: %3)")
                                  .arg(goalId, o.positional.first(), QStringList(compiled.goalIds.begin(), compiled.goalIds.end()).join(u", ")));

    Planner planner(compiled);
    Plan plan;
    planner.planForAgent(compiled.dawnState(agent), agent, goal, plan);

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
        v.insert(QStringLiteral("cost"), plan.cost == double(qint64(plan.cost)) ? json::Value::makeInteger(qint64(plan.cost))
                                                                                 : json::Value::makeNumber(plan.cost));
        v.insert(QStringLiteral("expanded"), json::Value::makeInteger(plan.expanded));
        v.insert(QStringLiteral("generated"), json::Value::makeInteger(plan.generated));
        std::fputs((json::writeLine(v) + '\n').constData(), io.out);
    } else if (plan.found) {
        println(io.out, QStringLiteral("%1 -> %2: %3 step%4, cost %5 (%6 nodes expanded, %7 generated)")
                            .arg(agentId, goalId).arg(plan.actions.size()).arg(plan.actions.size() == 1 ? "" : "s")
                            .arg(plan.cost).arg(plan.expanded).arg(plan.generated));
        int step = 0;
        for (int a : plan.actions) {
            const Action &action = scenario->actions[a];
            println(io.out, QStringLiteral("  %1. %2  (%3%4, %5 s, cost %6)")
                                .arg(++step).arg(action.id, action.label,
                                                 action.station.isEmpty() ? QString() : QStringLiteral(" at ") + action.station)
                                .arg(action.duration).arg(action.cost));
        }
    } else {
        println(io.out, QStringLiteral("%1 -> %2: no plan from the dawn state (%3 nodes expanded, %4 generated%5)")
                            .arg(agentId, goalId).arg(plan.expanded).arg(plan.generated)
                            .arg(plan.expanded >= compiled.planner.maxNodes ? QStringLiteral("; the node cap was reached") : QString()));
    }
    return plan.found ? Success : NoPlan;
}

namespace {

PlotWriter g_plotWriter = nullptr;

bool writeFile(const QString &fileName, const QByteArray &bytes, const Streams &io)
{
    QSaveFile file(fileName);
    if (file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit())
        return true;
    println(io.err, QStringLiteral("goap-sim: cannot write %1: %2").arg(fileName, file.errorString()));
    return false;
}

void printSummary(const Scenario &scenario, const CompiledScenario &c, const sim::Simulation &simulation, const Streams &io)
{
    for (const sim::DayReport &day : simulation.reports()) {
        println(io.out, QStringLiteral("%1, day %2 (%3 s)").arg(scenario.name).arg(day.day + 1).arg(c.day.length));
        if (day.agents.size() > c.agents.size()) // spawned copies: one line, not one each
            println(io.out, QStringLiteral("  %1 spawned character(s) came during the day").arg(day.agents.size() - c.agents.size()));
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
            println(io.out, QStringLiteral("  %1  quotas: %2 | needs: %3 | waiting %4 s, resting %5 s | %6 plans, %7 re-check failures, %8 switches")
                                .arg(c.agentLabels[i], -12)
                                .arg(quotas.isEmpty() ? QStringLiteral("none") : quotas.join(QStringLiteral(", ")),
                                     needs.isEmpty() ? QStringLiteral("none") : needs.join(QStringLiteral(", ")))
                                .arg(sim::phaseSeconds(c, r, sim::Phase::Waiting), 0, 'f', 1)
                                .arg(sim::phaseSeconds(c, r, sim::Phase::Resting), 0, 'f', 1)
                                .arg(r.plans).arg(r.recheckFailures).arg(r.goalSwitches));
        }
    }
}

} // namespace

void setPlotWriter(PlotWriter writer) { g_plotWriter = writer; }

int runCommand(const QStringList &args, const Streams &io)
{
    const Options o = parseOptions(args, {QStringLiteral("days"), QStringLiteral("report"), QStringLiteral("events"),
                                          QStringLiteral("samples"), QStringLiteral("plot"), QStringLiteral("plot-size"),
                                          QStringLiteral("plot-scale")}, {});
    if (!o.error.isEmpty())
        return usageError(io, o.error);
    if (o.positional.size() != 1)
        return usageError(io, QStringLiteral("run takes one scenario file"));
    bool ok = true;
    const int days = o.values.contains(QStringLiteral("days")) ? o.values.value(QStringLiteral("days")).toInt(&ok) : 1;
    if (!ok || days < 1 || days > 10000)
        return usageError(io, QStringLiteral("--days takes a whole number from 1 to 10000"));
    int code = Success;
    const std::optional<Scenario> scenario = load(o.positional.first(), io, code);
    if (!scenario)
        return code;
    const auto compiled = std::make_shared<const CompiledScenario>(compile(*scenario));
    sim::Options options;
    const bool plot = o.values.contains(QStringLiteral("plot"));
    if (plot && !g_plotWriter)
        return usageError(io, QStringLiteral("--plot needs goap-sim built with the charts (GOAP_BUILD_EDITOR)"));
    PlotRequest plotRequest;
    if (plot) {
        const QStringList size = o.values.value(QStringLiteral("plot-size"), QStringLiteral("1400x1000")).split(QLatin1Char('x'));
        bool okWidth = false, okHeight = false, okScale = true;
        plotRequest.width = size.size() == 2 ? size[0].toInt(&okWidth) : 0;
        plotRequest.height = size.size() == 2 ? size[1].toInt(&okHeight) : 0;
        if (o.values.contains(QStringLiteral("plot-scale")))
            plotRequest.scale = o.values.value(QStringLiteral("plot-scale")).toDouble(&okScale);
        if (!okWidth || !okHeight || plotRequest.width < 64 || plotRequest.height < 64 || plotRequest.width > 20000
            || plotRequest.height > 20000)
            return usageError(io, QStringLiteral("--plot-size takes WIDTHxHEIGHT, each from 64 to 20000 (e.g. 1600x900)"));
        if (!okScale || plotRequest.scale < 0.25 || plotRequest.scale > 8)
            return usageError(io, QStringLiteral("--plot-scale takes a number from 0.25 to 8 (2 doubles the pixels)"));
    } else if (o.values.contains(QStringLiteral("plot-size")) || o.values.contains(QStringLiteral("plot-scale"))) {
        return usageError(io, QStringLiteral("--plot-size and --plot-scale go with --plot"));
    }
    options.recordSamples = o.values.contains(QStringLiteral("samples")) || plot;
    sim::Simulation simulation(compiled, options);
    simulation.runDays(days);

    if (o.values.contains(QStringLiteral("report"))
        && !writeFile(o.values.value(QStringLiteral("report")), sim::reportJson(*compiled, scenario->name, simulation.reports()), io))
        return IoError;
    if (o.values.contains(QStringLiteral("events"))
        && !writeFile(o.values.value(QStringLiteral("events")), sim::eventsJsonl(*compiled, simulation.events()), io))
        return IoError;
    if (o.values.contains(QStringLiteral("samples"))
        && !writeFile(o.values.value(QStringLiteral("samples")), sim::samplesCsv(*compiled, simulation.samples()), io))
        return IoError;
    if (plot) {
        plotRequest.fileName = o.values.value(QStringLiteral("plot"));
        plotRequest.title = days == 1 ? scenario->name : QStringLiteral("%1, %2 days").arg(scenario->name).arg(days);
        const QString error = g_plotWriter(compiled, simulation.samples(), simulation.events(), plotRequest);
        if (!error.isEmpty()) {
            println(io.err, QStringLiteral("goap-sim: ") + error);
            return IoError;
        }
    }
    printSummary(*scenario, *compiled, simulation, io);
    return Success;
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
        println(io.err, QStringLiteral("goap-sim: ") + error);
        return IoError;
    }
    println(io.out, QStringLiteral("%1: rewritten in canonical form").arg(file));
    return Success;
}

int run(const QStringList &args, const Streams &io)
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
    return usageError(io, QStringLiteral("unknown command '%1'").arg(command));
}

} // namespace goap::cli
