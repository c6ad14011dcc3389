#pragma once
// The searches' heuristics (planner.cpp's search<Heuristic> and
// searchunmet.cpp's searchSmall): h of a state, and whether it is a goal.
// Internal to the planner: not part of its interface.

#include "planner/planner.h"
#include "planner/plannerinternal.h"

#include <cstdint>
#include <limits>
#include <span>

namespace goap {

namespace plannerinternal {
inline bool holds(const std::int32_t *state, std::span<const CCondition> conditions)
{
    for (const CCondition &c : conditions)
        if (!c.holds(state[c.fact]))
            return false;
    return true;
}
} // namespace plannerinternal

// The seed's h: goal conditions still unmet. The goal holds exactly when it is 0.
struct Planner::UnmetCount
{
    static constexpr bool kReopen = false; // the seed's search never reopens: its plans stay as they were
    static constexpr bool kExtreme = false;
    static constexpr bool kSymmetry = false;
    static constexpr bool kSmall = true; // searchSmall may search it
    std::span<const CCondition> goal;
    double operator()(const std::int32_t *state, bool &isGoal) const
    {
        const std::int32_t n = plannerinternal::unmet(state, goal);
        isGoal = n == 0;
        return n;
    }
};

// h_add (Sum) or h_max from the relaxation; infinite at a dead end.
template<bool Sum> struct Planner::RelaxedCost
{
    static constexpr bool kReopen = false; // h_max is consistent: a closed state is never reached more cheaply
    static constexpr bool kExtreme = false;
    static constexpr bool kSymmetry = false;
    static constexpr bool kSmall = true; // searchSmall may search it
    Relaxation *relaxation;
    std::span<const CCondition> goal;
    double operator()(const std::int32_t *state, bool &isGoal) const
    {
        return relaxation->cost<Sum>(state, isGoal); // 0 when the goal holds
    }
};

// Landmark-cut: admissible but not consistent, so a closed state reached
// again more cheaply is opened again (kReopen) and the first goal popped is
// still a cheapest plan. The one search that may keep one state per orbit of
// the question's symmetries (kSymmetry; m_useSymmetry says whether it does):
// a state and its image have the same cheapest cost to the goal, and lmcut is
// admissible on the representative, so the first goal popped is still a
// cheapest plan; the other heuristics' plans and counts stay as they were.
struct Planner::LandmarkCut
{
    static constexpr bool kReopen = true;
    static constexpr bool kExtreme = false;
    static constexpr bool kSymmetry = true;
    static constexpr bool kSmall = false; // reopens and keeps orbits: searchSmall does neither
    Relaxation *relaxation;
    std::span<const CCondition> goal;
    double operator()(const std::int32_t *state, bool &isGoal) const
    {
        isGoal = plannerinternal::holds(state, goal);
        return isGoal ? 0.0 : relaxation->lmcut(state);
    }
};

// A maximise / minimise goal: uniform cost (h = 0 is consistent: never
// reopens), no goal test; search() keeps the best node expanded and stops
// past the budget, at the bound no value can pass, or when nothing is left.
struct Planner::ExtremeValue
{
    static constexpr bool kReopen = false;
    static constexpr bool kExtreme = true;
    static constexpr bool kSymmetry = false;
    static constexpr bool kSmall = false; // keeps the best node, no goal test
    Extreme goal;
    double limit; // goal.budget with room for the rounding of summed costs
    double operator()(const std::int32_t *, bool &isGoal) const
    {
        isGoal = false;
        return 0.0;
    }
    bool better(std::int32_t value, std::int32_t than) const { return goal.maximise ? value > than : value < than; }
    // No plan can do better than this: pools never go negative and saturate at the 32-bit maximum.
    bool atBound(std::int32_t value) const
    {
        return goal.maximise ? value == std::numeric_limits<std::int32_t>::max() : value == 0;
    }
};

} // namespace goap
