// The re-check (SPEC §4): before an action starts, and while it runs, its
// preconditions are checked against the live world; a failure (someone took
// the goods first) drops the plan and the character plans again.

#include "simulation.h"

#include "sim/explain.h"

#include <algorithm>
#include <cmath>

namespace goap::sim {

bool Simulation::holds(int i, Range conditions) const
{
    for (const CCondition &c : m_scenario->conditionsOf(conditions))
        if (!c.holds(seen(i, c.fact)))
            return false;
    return true;
}

bool Simulation::recheck(int i, const CompiledAction &act)
{
    // The plan was made on a snapshot: check it against the live world, and
    // that a queue to take from has someone in it. (A place at a station was
    // taken on arrival, or the character stands in its line.)
    FactId failed = -1;
    std::int32_t v = 0, needed = 0;
    ConditionOp op = ConditionOp::Ge;
    if (actionHolds(i, act, failed, v, needed, op))
        return true;
    failRecheck(i, failed, v, needed, op);
    return false;
}

bool Simulation::actionHolds(int i, const CompiledAction &act, FactId &failed, std::int32_t &v, std::int32_t &needed,
                             ConditionOp &op)
{
    const CompiledScenario &sc = *m_scenario;
    const int placeStation = m_crowd.of(i).placeStation;
    for (const CCondition &c : sc.conditionsOf(act.pre)) {
        v = seen(i, c.fact);
        // The place it holds counts as free for it: it is the one it will use.
        if (placeStation >= 0 && c.fact == sc.stations[size_t(placeStation)].freeFact)
            ++v;
        if (!c.holds(v)) {
            failed = c.fact;
            needed = c.value;
            op = c.op;
            return false;
        }
    }
    if (act.takePartner >= 0 && firstTakeable(i, act.takePartner) < 0) {
        failed = sc.queueFacts[size_t(act.takePartner)], v = 0, needed = 1, op = ConditionOp::Ge;
        return false;
    }
    return true;
}

void Simulation::dropPlan(int i)
{
    Activity &a = m_activities[size_t(i)];
    a.plan.clear();
    a.action = -1;
    a.station = -1;
    a.phase = Phase::Idle;
    safePoint(i); // entering idle is a safe point
}

// Walls stand between a walker and its station (never planned so; only if a
// way closes under it): it gives back what it holds, says so, and re-plans.
void Simulation::wayClosed(int i)
{
    const Activity &a = m_activities[size_t(i)];
    Walk &w = m_walks[size_t(i)];
    Event e {0, 0, i, EventKind::RecheckFailed};
    e.action = a.action;
    e.fact = -1;
    e.station = a.station;
    e.x = w.x;
    e.y = w.y;
    record(e);
    m_notes[size_t(i)].lastFailure = QStringLiteral("%1: %2").arg(m_scenario->actionIds[size_t(a.action)],
                                                                  noWayReason(*m_scenario, a.station, w.x, w.y));
    ++m_reports.back().agents[size_t(i)].recheckFailures;
    w.noWay = false;
    leaveLine(i);
    givePlace(i);
    dropPlan(i);
}

void Simulation::failRecheck(int i, FactId failed, std::int32_t v, std::int32_t needed, ConditionOp op)
{
    const Activity &a = m_activities[size_t(i)];
    Event e {0, 0, i, EventKind::RecheckFailed};
    e.action = a.action;
    e.fact = failed;
    e.value = v;
    e.needed = needed;
    e.op = op;
    record(e);
    m_notes[size_t(i)].lastFailure = recheckReason(*m_scenario, a.action, failed, v, needed, op);
    ++m_reports.back().agents[size_t(i)].recheckFailures;
}

} // namespace goap::sim
