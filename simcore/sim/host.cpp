// The host's hand on the live state (a game through the C API, goap.h):
// facts read and written, a search from now, a character put somewhere.
// Called between ticks only; none of it runs inside a step, so a run that
// never calls them is the run it always was.

#include "simulation.h"

#include <algorithm>

namespace goap::sim {

int Simulation::presentIndex(QStringView id) const
{
    for (const int i : m_active)
        if (m_identities[size_t(i)].id == id)
            return i;
    return -1;
}

std::int32_t Simulation::factValue(int agent, FactId f) const
{
    if (m_scenario->isWorldFact(f))
        return m_world[size_t(f - m_scenario->agentFactCount)];
    return value(agent, f);
}

void Simulation::setFact(int agent, FactId f, std::int32_t v)
{
    // A plain write, like an effect's: plans made before it are checked
    // against it where every plan is (recheck.cpp), and each safe point
    // searches from it.
    if (m_scenario->isWorldFact(f))
        m_world[size_t(f - m_scenario->agentFactCount)] = v;
    else
        fact(agent, f) = v;
}

void Simulation::planNow(int i, int goal, Plan &out)
{
    const CompiledScenario &sc = *m_scenario;
    const Identity &who = m_identities[size_t(i)];
    // The state safePoint() searches from, built in a vector of its own so
    // the step's scratch state is left alone.
    std::vector<std::int32_t> state(size_t(sc.stateSize()));
    const size_t agentFacts = size_t(sc.agentFactCount);
    std::copy_n(m_agentFacts.begin() + std::ptrdiff_t(size_t(i) * agentFacts), agentFacts, state.begin());
    std::copy(m_world.begin(), m_world.end(), state.begin() + std::ptrdiff_t(agentFacts));
    for (const FactId q : sc.queueFacts)
        state[size_t(q)] = seen(i, q);
    Travel travel;
    const Travel *travelling = nullptr;
    if (sc.planner.travelCost > 0 || m_space.hasWalls()) {
        travel = travelFrom(m_space, sc.planner.travelCost, m_walks[size_t(i)].speed, m_walks[size_t(i)].x,
                            m_walks[size_t(i)].y);
        travelling = &travel;
    }
    if (isExtreme(sc.goals[size_t(goal)].kind)) { // with what is left of an episode under way, as a safe point
        double spent = 0;
        for (const Ballots::Entry &entry : m_ballots.of(i))
            if (entry.goal == goal)
                spent = entry.spent;
        m_planner.planExtreme(state, *who.actions, episodeGoal(goal, spent), out, sc.planner.maxNodes, travelling);
        return;
    }
    m_planner.planGoal(state, *who.actions, goal, out, sc.planner.maxNodes, sc.planner.heuristic, travelling);
}

bool Simulation::setPosition(int i, double x, double y)
{
    touch(i); // a dozing walker's walk, caught up (dozing.cpp): set afresh from here
    Activity &a = m_activities[size_t(i)];
    if (a.phase == Phase::Acting || a.phase == Phase::Queued || a.heldBy >= 0)
        return false;
    Walk &w = m_walks[size_t(i)];
    if (a.phase == Phase::Walking) {
        // Not standing while it walks (beginStep unstood it): the same walk, from here.
        w.x = x;
        w.y = y;
        setWalk(i, w.goalX, w.goalY, w.walkField);
        return true;
    }
    unstand(i);
    m_crowd.of(i).sharing = false;
    w.x = x;
    w.y = y;
    stand(i, true); // a partner it holds comes along at its own next tick
    return true;
}

bool Simulation::awaitingHost(int i) const
{
    const Activity &a = m_activities[size_t(i)];
    return m_options.hostFinishesExternal && a.phase == Phase::Acting && !a.firstActingTick && a.action >= 0
        && m_scenario->actions[size_t(a.action)].external;
}

bool Simulation::finishExternal(int i, bool succeeded)
{
    if (!awaitingHost(i))
        return false;
    touch(i); // (one awaiting its host never dozes)
    if (succeeded) {
        complete(i); // its effects, the Complete event, a safe point: as when its time is up
        return true;
    }
    Activity &a = m_activities[size_t(i)];
    Event e {0, 0, i, EventKind::ExternalFailed};
    e.action = a.action;
    record(e);
    m_notes[size_t(i)].lastFailure
        = QStringLiteral("%1: the game says it failed").arg(m_scenario->actionIds[size_t(a.action)]);
    if (a.partner >= 0)
        release(i);
    givePlace(i);
    dropPlan(i);
    return true;
}

} // namespace goap::sim
