// goap-sim plan FILE --agent ID --goal ID: the plan from the dawn state, and its search tree (--dot, --svg).
#include "subcommands.h"

#include "graph/render.h"
#include "graph/searchgraph.h"
#include "io/json.h"
#include "planner/compiledscenario.h"
#include "planner/planner.h"
#include "space/paths.h"

#include <limits>
#include <vector>

namespace goap::cli {

using namespace goap::tool;

int planCommand(const QStringList &args, const Streams &io)
{
    const Options o = parseOptions(args,
                                   {QStringLiteral("agent"), QStringLiteral("goal"), QStringLiteral("dot"),
                                    QStringLiteral("svg"), QStringLiteral("tree-depth"), QStringLiteral("tree-nodes")},
                                   {QStringLiteral("json")});
    if (!oneScenarioFile(o, QStringLiteral("plan"), io))
        return Usage;
    if (!o.values.contains(QStringLiteral("agent")) || !o.values.contains(QStringLiteral("goal")))
        return usageError(io, QStringLiteral("plan needs --agent ID and --goal ID"));
    int code = Success;
    const std::optional<Scenario> scenario = loadForGraph(o, io, code);
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
        if (plan.extreme) { // issue #31: the fact compared, its value at dawn and at the plan's end
            const CompiledGoal &g = compiled.goals[size_t(goal)];
            v.insert(QStringLiteral("kind"), json::Value::makeString(toString(g.kind)));
            v.insert(QStringLiteral("fact"), json::Value::makeString(scenario->goals[goal].fact));
            v.insert(QStringLiteral("budget"),
                     g.budget == double(qint64(g.budget)) ? json::Value::makeInteger(qint64(g.budget))
                                                          : json::Value::makeNumber(g.budget));
            v.insert(QStringLiteral("startValue"), json::Value::makeInteger(plan.startValue));
            v.insert(QStringLiteral("value"), json::Value::makeInteger(plan.value));
        }
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
        if (plan.extreme)
            println(io.out,
                    QStringLiteral("  %1: %2 at dawn, %3 at the end (%4 within a budget of %5%6)")
                        .arg(scenario->goals[goal].fact)
                        .arg(plan.startValue)
                        .arg(plan.value)
                        .arg(plan.optimal ? QStringLiteral("the best") : QStringLiteral("the best found"))
                        .arg(compiled.goals[size_t(goal)].budget)
                        .arg(plan.optimal ? QString() : QStringLiteral(", not proven: the search stopped early")));
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

} // namespace goap::cli
