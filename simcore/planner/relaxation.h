#pragma once
// Relaxed planning over numeric conditions (SPEC 11.2): the planner's
// reachability proof and its `additive` and `max` heuristics.
//
// Reachability: each fact gets an interval [lo, hi] of the values it might
// take, starting at its value in the state. An action whose preconditions can
// all hold somewhere in their facts' intervals widens them: a positive `add`
// (applied again and again) makes the interval unbounded upward, a negative
// one down to 0 (pools never go negative), a `set` adds its value. At the
// fixpoint the intervals contain every value any plan can reach, so a goal
// condition that holds nowhere in its interval can never hold: no search is
// needed.
//
// Cost: h_add / h_max over conditions, a Bellman-style fixpoint. A condition
// that holds costs 0; otherwise the cheapest of its achievers' cost plus
// their precondition cost (the sum for `additive`, the largest for `max`).
// An achiever of `fact op v` is an action that can make it hold for the first
// time: a `set` to a value that satisfies it, or an `add` in a direction that
// can (>=, >: raising; <=, <: lowering; ==, !=: either). Every plan's prefix
// up to the first time a condition holds pays for one achiever and its
// preconditions, so `max` never overestimates (admissible, and consistent),
// and a condition with no achiever chain is a dead end for both.
//
// Buffers are flat and reused: after the first few calls nothing allocates.

#include "planner/compiledscenario.h"

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace goap {

struct Interval
{
    std::int64_t lo = 0, hi = 0;
};

// Whether `c` holds for some value in [i.lo, i.hi].
bool relaxedHolds(const CCondition &c, Interval i);

class Relaxation
{
public:
    static constexpr double kInfinity = std::numeric_limits<double>::infinity();

    explicit Relaxation(const CompiledScenario &scenario);

    // False when relaxed reachability proves that no sequence of `actions`
    // from `state` (stateSize() values) makes every `goal` condition hold.
    bool reachable(const std::int32_t *state, std::span<const int> actions, std::span<const CCondition> goal);

    // Readies cost() for one search: its actions, goal and start state (facts
    // a `set` makes negative or that start negative change which adds count).
    void prepare(const std::int32_t *state, std::span<const int> actions, std::span<const CCondition> goal);

    // The relaxed cost of the prepared goal from `state`: h_add (Sum) or
    // h_max; kInfinity when no achiever chain reaches some goal condition.
    template<bool Sum> double cost(const std::int32_t *state);

private:
    struct RAction
    {
        double cost;
        std::uint32_t preBegin, preEnd; // into m_preIndex
        std::uint32_t achBegin, achEnd; // into m_achieves
    };

    std::uint32_t conditionIndex(const CCondition &c);

    const CompiledScenario *m_scenario;
    // reachable()
    std::vector<Interval> m_intervals;
    std::vector<char> m_applied;
    // prepare() / cost()
    std::vector<CCondition> m_conditions; // distinct conditions of the goal and every precondition
    std::vector<std::uint32_t> m_goalIndex;
    std::vector<std::uint32_t> m_preIndex;
    std::vector<std::uint32_t> m_achieves;
    std::vector<RAction> m_actions;
    std::vector<double> m_cost; // per condition
    std::vector<char> m_mayBeNegative; // per fact
};

} // namespace goap
