#pragma once
// Breakpoints: moments of a run worth stopping at, checked after every tick
// by whoever steps the simulation (the editor's live run). A fact crossing a
// value (on its way up or down), a character switching goal, a plan failing
// its re-check, a character left with no viable plan, a quota met. Watching
// changes nothing in the run: with breakpoints or without, the same scenario
// gives the same events.

#include "planner/compiledscenario.h"
#include "sim/events.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace goap::sim {

class Simulation;

struct Breakpoint
{
    enum class Kind : std::uint8_t {
        FactRises, // the fact goes from below `value` to `value` or more
        FactFalls, // the fact goes from `value` or more to below it
        GoalSwitch, // a character switched goal (to `goal`, or to any when -1)
        PlanFails, // an action failed its re-check: the plan was dropped
        NoPlan, // a character found no viable plan and waits
        QuotaMet, // a quota (`goal`, or any when -1) held for the first time today
    };
    Kind kind = Kind::GoalSwitch;
    int id = 0; // the caller's, reported back in the hit
    // Events: the scenario character (storage index) it watches, -1 for anyone.
    // Facts: the character whose own fact it is, -1 for a world fact.
    int agent = -1;
    FactId fact = -1; // Fact*
    int goal = -1; // GoalSwitch, QuotaMet: a CompiledScenario::goals index, -1 any
    std::int32_t value = 0; // Fact*: the threshold

    bool watchesFact() const { return kind == Kind::FactRises || kind == Kind::FactFalls; }
};

struct BreakpointHit
{
    int id = 0; // the breakpoint's
    int agent = -1; // who it concerns, -1 for the world
    std::int64_t tick = 0; // Simulation::totalTicks() after the step that hit
    int day = 0;
    double time = 0;
    std::int32_t from = 0, to = 0; // Fact*: the value before and after the step
    std::optional<Event> event; // the event that hit (a copy: the log moves on)
};

class BreakpointWatch
{
public:
    // Replaces the breakpoints; fact baselines are read from `sim` as it is now.
    // Breakpoints naming a fact or a character the scenario does not have are dropped.
    void set(std::vector<Breakpoint> breakpoints, const Simulation &sim);
    // Re-reads the fact baselines (after a restart, or a jump the watch did not see).
    void rearm(const Simulation &sim);
    bool empty() const { return m_points.empty(); }
    const std::vector<Breakpoint> &breakpoints() const { return m_points; }

    // Call before a step: remembers where the event log stands.
    void beforeStep(const Simulation &sim);
    // Call after it: the first breakpoint the step hit, in the order they were
    // set (events before facts), if any. Baselines move on either way.
    std::optional<BreakpointHit> afterStep(const Simulation &sim);

private:
    static std::int32_t read(const Simulation &sim, const Breakpoint &b);
    std::vector<Breakpoint> m_points;
    std::vector<std::int32_t> m_last; // per breakpoint: its fact's value after the last step
    std::size_t m_eventsBefore = 0;
};

} // namespace goap::sim
