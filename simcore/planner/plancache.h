#pragma once
// Memoised searches, exactly equal to fresh ones.
//
// A search's result (plan, cost, nodes expanded and generated) is a function
// of the action list, the goal, the node cap and the start values of the facts
// the search can observe. Everything else is carried along unchanged in every
// node, so it cannot change what is applicable, what is a duplicate, or which
// node pops first. The observable facts of one (action list, goal) are:
//  - facts read by a precondition or a goal condition: exact values;
//  - facts written by a `set` (it may be a no-op) or spent by a negative `add`
//    (it may clamp at 0): exact values;
//  - facts only ever raised by positive adds: a shift of the start value shifts
//    every node alike, so the value does not matter, unless the search could
//    reach the 32-bit ceiling (start > INT32_MAX - maxNodes x the largest
//    raise), where the exact value is used. Not under `lmcut`: its search may
//    keep one state per orbit of the question's symmetries (symmetry.h), and
//    which state of an orbit it keeps depends on such a fact's value.
// This is what lets a waiting character whose own actions are always
// applicable (the miner can always mine) retry every simulated second without
// exhausting the node cap each time while nothing it depends on has changed.

#include "planner/planner.h"

#include <unordered_map>

namespace goap {

class PlanCache
{
public:
    explicit PlanCache(const CompiledScenario &scenario, size_t maxEntries = 1 << 18);

    // `profile` names the action list: equal action lists may share a profile.
    // Returns out.found; the result equals planner.plan(...) on the same input.
    // With travel (SPEC 11.3) the start point and speed are part of the key.
    bool plan(Planner &planner, std::span<const std::int32_t> state, int profile, std::span<const int> actions,
              int goal, Plan &out, const Travel *travel = nullptr);

    void clear();
    std::int64_t hits() const { return m_hits; }
    std::int64_t misses() const { return m_misses; }
    size_t size() const { return m_entries.size(); }

private:
    struct Signature
    {
        bool built = false;
        std::vector<FactId> exact;
        std::vector<std::pair<FactId, std::int64_t>> raisedOnly; // fact, ceiling-safe start bound
    };
    struct Entry
    {
        int profile;
        int goal;
        std::vector<std::int32_t> key;
        Plan result;
    };

    const Signature &signature(int profile, std::span<const int> actions, int goal);

    const CompiledScenario *m_scenario;
    size_t m_maxEntries;
    std::vector<Signature> m_signatures; // profile x goal
    std::unordered_map<std::uint64_t, Entry> m_entries;
    std::vector<std::int32_t> m_key; // scratch
    std::int64_t m_hits = 0, m_misses = 0;
};

} // namespace goap
