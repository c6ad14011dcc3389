#include "plancache.h"

#include "space/paths.h"

#include <cstring>

#include <algorithm>
#include <limits>

namespace goap {

PlanCache::PlanCache(const CompiledScenario &scenario, size_t maxEntries)
    : m_scenario(&scenario)
    , m_maxEntries(maxEntries)
{
}

void PlanCache::clear()
{
    m_entries.clear();
}

const PlanCache::Signature &PlanCache::signature(int profile, std::span<const int> actions, int goal)
{
    const CompiledScenario &sc = *m_scenario;
    const size_t goals = sc.goals.size();
    const size_t index = size_t(profile) * goals + size_t(goal);
    if (m_signatures.size() <= index)
        m_signatures.resize(index + 1);
    Signature &sig = m_signatures[index];
    if (sig.built)
        return sig;

    // Per fact: 0 untouched, 1 exact, 2 raised only (with the largest raise).
    std::vector<int> mode(size_t(sc.stateSize()), 0);
    std::vector<std::int64_t> largestRaise(size_t(sc.stateSize()), 0);
    for (const CCondition &c : sc.conditionsOf(sc.goals[size_t(goal)].conditions))
        mode[size_t(c.fact)] = 1;
    if (const CompiledGoal &g = sc.goals[size_t(goal)]; isExtreme(g.kind) && g.fact >= 0)
        mode[size_t(g.fact)] = 1; // its values are the answer, and 0 (or the maximum) ends the search
    for (int a : actions) {
        const CompiledAction &act = sc.actions[size_t(a)];
        for (const CCondition &c : sc.conditionsOf(act.pre))
            mode[size_t(c.fact)] = 1;
        for (const CEffect &e : sc.effectsOf(act.set))
            mode[size_t(e.fact)] = 1;
        for (const CEffect &e : sc.effectsOf(act.add)) {
            if (e.value < 0)
                mode[size_t(e.fact)] = 1;
            else if (mode[size_t(e.fact)] == 0)
                mode[size_t(e.fact)] = 2;
            largestRaise[size_t(e.fact)] = std::max<std::int64_t>(largestRaise[size_t(e.fact)], e.value);
        }
    }
    // Under `lmcut` a search may keep one state per orbit of the question's
    // symmetries, choosing each orbit's representative by comparing the values
    // of every fact its actions touch: a fact only ever raised is then
    // observed exactly too.
    if (sc.planner.heuristic == PlannerHeuristic::Lmcut)
        std::replace(mode.begin(), mode.end(), 2, 1);
    constexpr std::int64_t ceiling = std::numeric_limits<std::int32_t>::max();
    for (size_t f = 0; f < mode.size(); ++f) {
        if (mode[f] == 1)
            sig.exact.push_back(FactId(f));
        else if (mode[f] == 2)
            sig.raisedOnly.push_back({FactId(f), ceiling - std::int64_t(sc.planner.maxNodes) * largestRaise[f]});
    }
    sig.built = true;
    return sig;
}

bool PlanCache::plan(Planner &planner, std::span<const std::int32_t> state, int profile, std::span<const int> actions,
                     int goal, Plan &out, const Travel *travel)
{
    const Signature &sig = signature(profile, actions, goal);
    m_key.clear();
    for (FactId f : sig.exact)
        m_key.push_back(state[size_t(f)]);
    for (const auto &[f, bound] : sig.raisedOnly)
        m_key.push_back(state[size_t(f)] > bound ? state[size_t(f)] : -1); // -1: any safe value
    if (travel && travel->space && travel->space->hasWalls()) // which stations are in reach
        m_key.push_back(travel->space->region(Grid::cellOf(travel->x, travel->y)));
    if (travel && travel->weight > 0) {
        // Where the walks begin and how fast: the rest of a travelling search's input.
        std::int64_t bits[3];
        static_assert(sizeof(double) == sizeof(std::int64_t));
        std::memcpy(&bits[0], &travel->x, 8);
        std::memcpy(&bits[1], &travel->y, 8);
        std::memcpy(&bits[2], &travel->speed, 8);
        for (const std::int64_t b : bits) {
            m_key.push_back(std::int32_t(b));
            m_key.push_back(std::int32_t(b >> 32));
        }
    }
    std::uint64_t h = (std::uint64_t(std::uint32_t(profile)) << 32 | std::uint32_t(goal)) * 0x9E3779B97F4A7C15ull;
    for (std::int32_t v : m_key)
        h = (h ^ std::uint32_t(v)) * 0x100000001B3ull + (h >> 29);

    if (const auto it = m_entries.find(h); it != m_entries.end()) {
        const Entry &e = it->second;
        if (e.profile == profile && e.goal == goal && e.key == m_key) {
            ++m_hits;
            out.found = e.result.found;
            out.reason = e.result.reason;
            out.heuristic = e.result.heuristic;
            out.optimal = e.result.optimal;
            out.actions.assign(e.result.actions.begin(), e.result.actions.end());
            out.stations.assign(e.result.stations.begin(), e.result.stations.end());
            out.cost = e.result.cost;
            out.firstCost = e.result.firstCost;
            out.expanded = e.result.expanded;
            out.generated = e.result.generated;
            out.extreme = e.result.extreme;
            out.startValue = e.result.startValue;
            out.value = e.result.value;
            return out.found;
        }
    }
    ++m_misses;
    planner.planGoal(state, actions, goal, out, m_scenario->planner.maxNodes, m_scenario->planner.heuristic, travel);
    if (m_entries.size() >= m_maxEntries)
        m_entries.clear(); // bounded memory; results are recomputed exactly when needed
    m_entries.insert_or_assign(h, Entry {profile, goal, m_key, out});
    return out.found;
}

} // namespace goap
