#include "explain.h"

#include <algorithm>
#include <set>

namespace goap::sim {

namespace {

// Whether an action can move `fact` towards `fact <op> value`.
bool moves(const CompiledScenario &s, const CompiledAction &a, FactId fact, ConditionOp op, std::int32_t value)
{
    const bool up = op == ConditionOp::Ge || op == ConditionOp::Gt || op == ConditionOp::Eq || op == ConditionOp::Ne;
    const bool down = op == ConditionOp::Le || op == ConditionOp::Lt || op == ConditionOp::Eq || op == ConditionOp::Ne;
    if (up && op != ConditionOp::Eq && a.enqueue >= 0 && s.queueFacts[size_t(a.enqueue)] == fact)
        return true; // joining a queue lengthens it
    for (const CEffect &e : s.effectsOf(a.add))
        if (e.fact == fact && ((up && e.value > 0) || (down && e.value < 0)))
            return true;
    for (const CEffect &e : s.effectsOf(a.set))
        if (e.fact == fact && conditionHolds(op, e.value, value))
            return true;
    return false;
}

struct Reach
{
    const Space *space;
    int region;
    // The first station of the action out of reach, -1 when one is in reach (or it needs none).
    int outOfReach(const CompiledAction &a) const
    {
        if (!space || !space->hasWalls() || a.stations.empty())
            return -1;
        for (const int st : a.stations)
            if (region >= 0 && space->stationRegion(st) == region)
                return -1;
        return a.stations.front();
    }
};

void walk(const CompiledScenario &s, int agent, const CCondition &want, std::span<const std::int32_t> state,
          std::set<FactId> &visited, const Reach &reach, GoalExplanation &out)
{
    const FactId fact = want.fact;
    if (want.holds(state[size_t(fact)]) || !visited.insert(fact).second)
        return;
    bool ownProducer = false;
    for (int ai : s.agents[size_t(agent)].actions) {
        const CompiledAction &a = s.actions[size_t(ai)];
        if (!moves(s, a, fact, want.op, want.value))
            continue;
        ownProducer = true;
        if (const int st = reach.outOfReach(a); st >= 0) {
            if (std::find(out.outOfReach.begin(), out.outOfReach.end(), std::pair {ai, st}) == out.outOfReach.end())
                out.outOfReach.emplace_back(ai, st);
            continue;
        }
        for (const CCondition &c : s.conditionsOf(a.pre))
            walk(s, agent, c, state, visited, reach, out);
    }
    if (ownProducer)
        return;
    Blocker b {fact, want.value, want.op, state[size_t(fact)], {}};
    if (s.isWorldFact(fact)) {
        for (size_t other = 0; other < s.agents.size(); ++other) {
            if (int(other) == agent)
                continue;
            for (int ai : s.agents[other].actions)
                if (moves(s, s.actions[size_t(ai)], fact, want.op, want.value))
                    b.producers.push_back({int(other), ai});
        }
        // Spawned characters too, named by their template (encoded as -1 - template).
        for (size_t t = 0; t < s.templates.size(); ++t)
            for (int ai : s.templates[t].actions)
                if (moves(s, s.actions[size_t(ai)], fact, want.op, want.value))
                    b.producers.push_back({-1 - int(t), ai});
    }
    out.blockers.push_back(b);
}

} // namespace

GoalExplanation explainGoal(const CompiledScenario &s, int agent, int goal, std::span<const std::int32_t> state,
                            const Space *space, double x, double y)
{
    GoalExplanation out;
    out.goal = goal;
    out.x = x;
    out.y = y;
    const Reach reach {space, space ? space->region(Grid::cellOf(x, y)) : 0};
    std::set<FactId> visited;
    for (const CCondition &c : s.conditionsOf(s.goals[size_t(goal)].conditions))
        walk(s, agent, c, state, visited, reach, out);
    return out;
}

QString noWayReason(const CompiledScenario &s, int station, double x, double y)
{
    return QStringLiteral("%1: no way there from (%2, %3)")
        .arg(station >= 0 && size_t(station) < s.stationIds.size() ? s.stationIds[size_t(station)]
                                                                   : QStringLiteral("?"))
        .arg(x)
        .arg(y);
}

QStringList explanationLines(const CompiledScenario &s, const GoalExplanation &e)
{
    QStringList lines;
    const QString &goal = s.goalLabels[size_t(e.goal)];
    for (const Blocker &b : e.blockers) {
        QStringList producers;
        for (const auto &[agent, action] : b.producers)
            producers << QStringLiteral("%1's %2").arg(agent >= 0 ? s.agentLabels[size_t(agent)]
                                                                  : s.templateLabels[size_t(-1 - agent)],
                                                       s.actionIds[size_t(action)]);
        lines << QStringLiteral("%1 needs %2 %3 %4 (now %5): %6")
                     .arg(goal, s.factNames[size_t(b.fact)], QLatin1String(toString(b.op)))
                     .arg(b.min)
                     .arg(b.value)
                     .arg(producers.isEmpty() ? QStringLiteral("nothing anyone can do produces it")
                                              : QStringLiteral("produced by ") + producers.join(QStringLiteral(", ")));
    }
    for (const auto &[action, station] : e.outOfReach)
        lines << QStringLiteral("%1 needs %2 at %3 (walls are in the way)")
                     .arg(goal, s.actionIds[size_t(action)], noWayReason(s, station, e.x, e.y));
    if (lines.isEmpty())
        lines << QStringLiteral(
                     "%1: nothing it needs is missing now. When it last chose, it found no plan (or stopped searching "
                     "after trying %2 steps); it will look again at its next chance to choose")
                     .arg(goal)
                     .arg(s.planner.maxNodes);
    return lines;
}

} // namespace goap::sim
