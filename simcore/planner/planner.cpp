#include "planner.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace goap {

namespace {
// splitmix64's finaliser over (fact, value); 0 for value 0.
inline std::uint64_t key(FactId fact, std::int32_t value)
{
    if (value == 0)
        return 0;
    std::uint64_t z = (std::uint64_t(std::uint32_t(fact)) << 32 | std::uint32_t(value)) + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
} // namespace

std::uint64_t factKey(FactId fact, std::int32_t value) { return key(fact, value); }

std::uint64_t stateHash(std::span<const std::int32_t> state)
{
    std::uint64_t h = 0;
    for (size_t i = 0; i < state.size(); ++i)
        h += key(FactId(i), state[i]);
    return h;
}

namespace {

constexpr std::uint32_t kNoParent = std::numeric_limits<std::uint32_t>::max();

inline bool holds(const std::int32_t *state, std::span<const CCondition> conditions)
{
    for (const CCondition &c : conditions)
        if (state[c.fact] < c.min)
            return false;
    return true;
}

inline std::int32_t unmet(const std::int32_t *state, std::span<const CCondition> conditions)
{
    std::int32_t n = 0;
    for (const CCondition &c : conditions)
        n += state[c.fact] < c.min;
    return n;
}

// Heap order: the smallest f first, then the smallest h, then the oldest node.
inline bool later(const auto &a, const auto &b)
{
    if (a.f != b.f) return a.f > b.f;
    if (a.h != b.h) return a.h > b.h;
    return a.node > b.node;
}

// Pools never go negative and saturate at the 32-bit maximum.
inline std::int32_t addClamped(std::int32_t v, std::int32_t delta)
{
    const std::int64_t r = std::int64_t(v) + delta;
    return std::int32_t(std::clamp<std::int64_t>(r, 0, std::numeric_limits<std::int32_t>::max()));
}

} // namespace

Planner::Planner(const CompiledScenario &scenario)
    : m_scenario(&scenario), m_stride(std::max(scenario.stateSize(), 1))
{
    m_table.assign(1024, Slot{0, 0, 0});
    m_tableMask = 1023;
}

inline std::uint32_t Planner::newNode(std::uint64_t hash, double g, std::uint32_t parent, std::int32_t action, std::int32_t h)
{
    const auto index = std::uint32_t(m_nodes.size());
    m_nodes.push_back(Node{hash, g, parent, action, h, false, false});
    return index;
}

inline Planner::Slot *Planner::find(std::uint64_t hash, const std::int32_t *state, bool &found)
{
    const size_t bytes = size_t(m_stride) * sizeof(std::int32_t);
    for (std::uint32_t i = std::uint32_t(hash) & m_tableMask;; i = (i + 1) & m_tableMask) {
        Slot &slot = m_table[i];
        if (slot.epoch != m_epoch) {
            found = false;
            return &slot;
        }
        if (slot.hash == hash && std::memcmp(stateOf(slot.node), state, bytes) == 0) {
            found = true;
            return &slot;
        }
    }
}

void Planner::growTable()
{
    std::vector<Slot> old;
    old.swap(m_table);
    m_table.assign(old.size() * 2, Slot{0, 0, 0});
    m_tableMask = std::uint32_t(m_table.size() - 1);
    for (const Slot &s : old) {
        if (s.epoch != m_epoch)
            continue;
        std::uint32_t i = std::uint32_t(s.hash) & m_tableMask;
        while (m_table[i].epoch == m_epoch)
            i = (i + 1) & m_tableMask;
        m_table[i] = s;
    }
}

inline void Planner::pushOpen(std::uint32_t node)
{
    const Node &n = m_nodes[node];
    m_open.push_back(OpenEntry{n.g + n.h, n.h, node});
    std::push_heap(m_open.begin(), m_open.end(), [](const OpenEntry &a, const OpenEntry &b) { return later(a, b); });
}

void Planner::extract(std::uint32_t node, Plan &out) const
{
    out.actions.clear();
    out.cost = m_nodes[node].g;
    for (std::uint32_t n = node; m_nodes[n].parent != kNoParent; n = m_nodes[n].parent)
        out.actions.push_back(m_nodes[n].action);
    std::reverse(out.actions.begin(), out.actions.end());
}

bool Planner::plan(std::span<const std::int32_t> state, std::span<const int> actions,
                   std::span<const CCondition> goal, Plan &out, int maxNodes)
{
    out.found = false;
    out.actions.clear();
    out.cost = 0;
    out.expanded = 0;
    out.generated = 0;

    if (++m_epoch == 0) { // wrapped: old slots could look current, so wipe them
        std::fill(m_table.begin(), m_table.end(), Slot{0, 0, 0});
        m_epoch = 1;
    }
    m_tableUsed = 0;
    m_nodes.clear();
    m_open.clear();

    const CompiledScenario &sc = *m_scenario;
    const size_t stride = size_t(m_stride);
    const size_t bytes = stride * sizeof(std::int32_t);
    const size_t maxBranch = actions.size();
    if (m_states.size() < stride * (maxBranch + 1))
        m_states.resize(stride * (maxBranch + 1) * 16);

    std::memset(m_states.data(), 0, bytes);
    std::memcpy(m_states.data(), state.data(), std::min(state.size(), stride) * sizeof(std::int32_t));
    const std::uint32_t root = newNode(stateHash({m_states.data(), stride}), 0, kNoParent, -1, unmet(m_states.data(), goal));
    bool found = false;
    *find(m_nodes[root].hash, stateOf(root), found) = Slot{m_nodes[root].hash, root, m_epoch};
    ++m_tableUsed;
    pushOpen(root);

    const auto heapOrder = [](const OpenEntry &a, const OpenEntry &b) { return later(a, b); };
    while (!m_open.empty()) {
        std::pop_heap(m_open.begin(), m_open.end(), heapOrder);
        const std::uint32_t current = m_open.back().node;
        m_open.pop_back();
        if (m_nodes[current].superseded)
            continue;
        m_nodes[current].closed = true;
        ++out.expanded;
        if (m_nodes[current].h == 0) {
            extract(current, out);
            out.found = true;
            return true;
        }
        if (out.expanded >= maxNodes)
            return false;

        // Room for every successor of this node, so state pointers stay valid.
        if (m_states.size() < (m_nodes.size() + maxBranch) * stride)
            m_states.resize(std::max(m_states.size() * 2, (m_nodes.size() + maxBranch) * stride));
        const double parentG = m_nodes[current].g;
        const std::uint64_t parentHash = m_nodes[current].hash;

        for (const int actionIndex : actions) {
            const CompiledAction &action = sc.actions[size_t(actionIndex)];
            const std::int32_t *parent = stateOf(current);
            if (!holds(parent, sc.conditionsOf(action.pre)))
                continue;
            const auto child = std::uint32_t(m_nodes.size());
            std::int32_t *s = stateOf(child);
            std::memcpy(s, parent, bytes);
            std::uint64_t hash = parentHash;
            for (const CEffect &e : sc.effectsOf(action.add)) {
                const std::int32_t old = s[e.fact];
                const std::int32_t now = addClamped(old, e.value);
                if (now != old) { s[e.fact] = now; hash += key(e.fact, now) - key(e.fact, old); }
            }
            for (const CEffect &e : sc.effectsOf(action.set)) {
                const std::int32_t old = s[e.fact];
                if (e.value != old) { s[e.fact] = e.value; hash += key(e.fact, e.value) - key(e.fact, old); }
            }
            if (hash == parentHash && std::memcmp(s, parent, bytes) == 0)
                continue; // changes nothing: the state is the one being expanded
            ++out.generated;
            const double g = parentG + action.cost;
            Slot *slot = find(hash, s, found);
            if (found) {
                Node &existing = m_nodes[slot->node];
                if (existing.closed || existing.g <= g)
                    continue; // closed, or already open by a route no dearer
                existing.superseded = true;
                slot->node = newNode(hash, g, current, actionIndex, unmet(s, goal));
            } else {
                *slot = Slot{hash, newNode(hash, g, current, actionIndex, unmet(s, goal)), m_epoch};
                if (++m_tableUsed * 2 > m_table.size())
                    growTable();
            }
            pushOpen(std::uint32_t(m_nodes.size() - 1));
        }
    }
    return false;
}

bool Planner::planForAgent(std::span<const std::int32_t> state, int agent, int goal, Plan &out)
{
    const CompiledScenario &sc = *m_scenario;
    return plan(state, sc.agents[size_t(agent)].actions, sc.conditionsOf(sc.goals[size_t(goal)].conditions), out,
                sc.planner.maxNodes);
}

} // namespace goap
