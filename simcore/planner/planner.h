#pragma once
// Forward A* over states (SPEC §3).
//
// g is the summed action cost, h the number of goal conditions still unmet;
// the goal is tested when a node is expanded, so a cheaper longer plan beats a
// pricier short one. A closed set keyed on an order-independent hash of both
// pools (Zobrist-style: a sum of per-(fact, value) keys, updated incrementally
// as effects apply) stops revisits, and expansion is capped.
//
// Node storage is pooled: states live in one flat int32 arena, nodes in one
// vector, the open list is a binary heap of small entries, and the closed set
// is an open-addressing table cleared in O(1) by an epoch counter. After the
// first few searches a Planner allocates nothing. One Planner per thread.

#include "planner/compiledscenario.h"

#include <cstdint>
#include <span>
#include <vector>

namespace goap {

struct Plan
{
    bool found = false;
    std::vector<int> actions; // indices into CompiledScenario::actions, in order
    double cost = 0;
    int expanded = 0;  // nodes popped from the open list and goal-tested
    int generated = 0; // successor states created (before duplicate removal)
};

class Planner
{
public:
    explicit Planner(const CompiledScenario &scenario);

    // Plans from `state` (stateSize() values: the agent's pool, then the
    // world as it sees it) to a state where every `goal` condition holds,
    // using only `actions`. Ties are broken by lower h, then by the order
    // nodes were generated (earlier-listed actions first). Returns out.found.
    bool plan(std::span<const std::int32_t> state, std::span<const int> actions,
              std::span<const CCondition> goal, Plan &out, int maxNodes);

    // Convenience: the agent's own actions and a goal's conditions.
    bool planForAgent(std::span<const std::int32_t> state, int agent, int goal, Plan &out);

    const CompiledScenario &scenario() const { return *m_scenario; }

private:
    struct Node
    {
        std::uint64_t hash;
        double g;
        std::uint32_t parent;
        std::int32_t action;
        std::int32_t h;
        bool superseded; // a cheaper route to the same state was found
        bool closed;     // expanded: never expanded again
    };
    struct OpenEntry
    {
        double f;
        std::int32_t h;
        std::uint32_t node;
    };
    struct Slot
    {
        std::uint64_t hash;
        std::uint32_t node;
        std::uint32_t epoch; // valid only when equal to m_epoch
    };

    std::uint32_t newNode(std::uint64_t hash, double g, std::uint32_t parent, std::int32_t action, std::int32_t h);
    std::int32_t* stateOf(std::uint32_t node) { return m_states.data() + size_t(node) * size_t(m_stride); }
    Slot *find(std::uint64_t hash, const std::int32_t *state, bool &found);
    void growTable();
    void pushOpen(std::uint32_t node);
    void extract(std::uint32_t node, Plan &out) const;

    const CompiledScenario *m_scenario;
    int m_stride;
    std::vector<std::int32_t> m_states;
    std::vector<Node> m_nodes;
    std::vector<OpenEntry> m_open;
    std::vector<Slot> m_table;
    std::uint32_t m_tableMask = 0;
    std::uint32_t m_tableUsed = 0;
    std::uint32_t m_epoch = 0;
};

// The order-independent key of one (fact, value) pair; 0 for value 0, so a
// fact absent from a pool and a fact at 0 hash alike.
std::uint64_t factKey(FactId fact, std::int32_t value);
std::uint64_t stateHash(std::span<const std::int32_t> state);

} // namespace goap
