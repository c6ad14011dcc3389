#include "breakpoints.h"

#include "sim/simulation.h"

#include <algorithm>

namespace goap::sim {

namespace {

bool valid(const Breakpoint &b, const CompiledScenario &s)
{
    const int characters = int(s.agents.size());
    if (b.agent < -1 || b.agent >= characters)
        return false;
    if (b.watchesFact()) {
        if (b.fact < 0 || b.fact >= s.stateSize())
            return false;
        // A character's own fact needs its character; a world fact has none.
        return s.isWorldFact(b.fact) ? b.agent == -1 : b.agent >= 0;
    }
    return b.goal >= -1 && b.goal < int(s.goals.size());
}

bool matches(const Breakpoint &b, const Event &e)
{
    if (b.agent >= 0 && e.agent != b.agent)
        return false;
    switch (b.kind) {
    case Breakpoint::Kind::GoalSwitch:
        return e.kind == EventKind::Switch && (b.goal < 0 || e.goal == b.goal);
    case Breakpoint::Kind::PlanFails:
        return e.kind == EventKind::RecheckFailed;
    case Breakpoint::Kind::NoPlan:
        return e.kind == EventKind::Waiting;
    case Breakpoint::Kind::QuotaMet:
        return e.kind == EventKind::QuotaMet && (b.goal < 0 || e.goal == b.goal);
    case Breakpoint::Kind::FactRises:
    case Breakpoint::Kind::FactFalls:
        return false;
    }
    return false;
}

} // namespace

std::int32_t BreakpointWatch::read(const Simulation &sim, const Breakpoint &b)
{
    const CompiledScenario &s = sim.scenario();
    if (s.isWorldFact(b.fact))
        return sim.world()[size_t(b.fact - s.agentFactCount)];
    return sim.agentFacts(b.agent)[size_t(b.fact)];
}

void BreakpointWatch::set(std::vector<Breakpoint> breakpoints, const Simulation &sim)
{
    std::erase_if(breakpoints, [&](const Breakpoint &b) { return !valid(b, sim.scenario()); });
    m_points = std::move(breakpoints);
    rearm(sim);
}

void BreakpointWatch::rearm(const Simulation &sim)
{
    m_last.assign(m_points.size(), 0);
    for (size_t k = 0; k < m_points.size(); ++k)
        if (m_points[k].watchesFact())
            m_last[k] = read(sim, m_points[k]);
    m_eventsBefore = sim.events().events.size();
}

void BreakpointWatch::beforeStep(const Simulation &sim)
{
    m_eventsBefore = sim.events().events.size();
}

std::optional<BreakpointHit> BreakpointWatch::afterStep(const Simulation &sim)
{
    std::optional<BreakpointHit> hit;
    const auto stamp = [&](BreakpointHit h) {
        h.tick = sim.totalTicks();
        h.day = sim.day();
        h.time = sim.time();
        return h;
    };
    // Events first, in the order the step recorded them: the earliest moment wins.
    const std::vector<Event> &events = sim.events().events;
    for (size_t e = std::min(m_eventsBefore, events.size()); e < events.size() && !hit; ++e)
        for (const Breakpoint &b : m_points)
            if (matches(b, events[e])) {
                hit = stamp({.id = b.id, .agent = events[e].agent, .event = events[e]});
                break;
            }
    // Facts: every baseline moves on, so a crossing is reported once.
    for (size_t k = 0; k < m_points.size(); ++k) {
        const Breakpoint &b = m_points[k];
        if (!b.watchesFact())
            continue;
        const std::int32_t now = read(sim, b), before = m_last[k];
        m_last[k] = now;
        const bool crossed = b.kind == Breakpoint::Kind::FactRises ? before < b.value && now >= b.value
                                                                   : before >= b.value && now < b.value;
        if (crossed && !hit)
            hit = stamp({.id = b.id, .agent = b.agent, .from = before, .to = now, .event = std::nullopt});
    }
    m_eventsBefore = events.size();
    return hit;
}

} // namespace goap::sim
