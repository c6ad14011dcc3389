#pragma once
// Forward A* over states (SPEC §3).
//
// g is the summed action cost; h is the scenario's `planner.heuristic`: the
// number of goal conditions still unmet (`unmet`, the seed's), or a relaxed
// cost from relaxation.h (`additive`, or `max`: admissible and consistent, so
// the first goal popped is a cheapest plan). Under `additive` and `max` a
// state from which the relaxation reaches no goal is pruned. Before any
// search, relaxed reachability may prove the goal can never hold: the answer
// is then PlanReason::Unreachable with nothing expanded. The goal is tested when a node is expanded, so a cheaper
// longer plan beats a pricier short one. A closed set keyed on an order-independent hash of both pools (Zobrist-style:
// a sum of per-(fact, value) keys, updated incrementally as effects apply) stops revisits, and expansion is capped.
//
// Under `lmcut` the search keeps one state per orbit of the question's
// structural symmetries (symmetry.h), when it has any and travel is not
// costed: a successor is stored as its orbit's representative, and the plan
// is mapped back to real actions from the real start (extractSymmetric).
//
// Node storage is pooled: states live in one flat int32 arena, nodes in one
// vector, the open list is a binary heap of small entries (under `unmet`, a
// FIFO per (f, h) while few are open: see searchUnmet), and the closed set
// is an open-addressing table cleared in O(1) by an epoch counter. After the
// first few searches a Planner allocates nothing. One Planner per thread.
//
// Memory is bounded (SPEC §11.2). Every generated node is kept (the open list
// holds them until popped, and a plan is read back through parents), so a
// search's pools hold at most
//     nodeLimit = the largest K with  K x (48 + 4 x stateSize) + tableSlots(K) x 16 <= memoryLimit
// nodes, where 48 bytes are a node and its open-list entry, 4 x stateSize its
// state, and tableSlots(K) = max(1024, bit_ceil(2K)) the closed-set table
// (16 bytes a slot, at most half full). The limit is
//     memoryLimit(maxNodes) = clamp(maxNodes x 8 KiB, 8 MiB, 256 MiB)
// e.g. 40 MiB for the default maxNodes of 5000, 256 MiB from 32,768 up. When
// an expansion's successors would not fit, the search stops with
// PlanReason::Memory: never an exception, never an abort (an allocation the
// system refuses below the limit is the same answer). The pools stay reserved
// between searches, so reservedBytes() <= memoryLimit at all times; while one
// pool grows, its old and new buffers coexist for the copy, so the process
// peak is at most about 1.5 x the limit.

#include "planner/compiledscenario.h"
#include "planner/relaxation.h"
#include "planner/symmetry.h"

#include <QString>

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace goap {

// How a search ended (SPEC §11.2's `reason`, plus Found).
enum class PlanReason {
    Found,
    Unreachable, // relaxed reachability proves the goal can never hold: no search was made
    Exhausted, // every reachable state was searched: there is no plan
    NodeCap, // gave up after maxNodes expansions
    Memory, // the next expansion's successors would not fit in the memory limit
};

// "found", "unreachable", "exhausted", "nodeCap" or "memory": the names of `goap-sim plan --json`.
const char *toString(PlanReason reason);

// Why there is no plan, in words, for the CLI, the inspector and the map's
// tooltips: "gave up after 5,000 nodes — raise the cap or choose a better
// heuristic" is another answer than "no sequence of actions can ever reach this".
QString whyNoPlan(PlanReason reason, int maxNodes);

class Space;
struct SearchTree;

// Travel in the plan's cost (SPEC 11.3): each step at a station costs, on top
// of the action's cost, weight x the walking seconds by path from where the
// character would stand (its start, or the previous step's station) to it,
// and an action with alternative stations branches once per station; a step
// at a station whose places are all held (world.free.<station> is 0 in the
// state) costs weight x the action's duration more, the wait in its line. The
// search state then carries one more value, the station the character would
// stand at (0: its start), so the same facts at two stations are two states.
// On a map with walls a Travel is also how the planner knows where the
// character stands: actions whose stations it cannot reach from there are not
// applicable (SPEC 12.1), whatever the weight (0 costs no walking).
struct Travel
{
    const Space *space = nullptr;
    double weight = 0; // planner.travelCost: cost per walking second
    double speed = 1; // the character's, in map units a second
    double x = 0, y = 0; // where the first walk begins
};

// A goal that maximises or minimises one fact (issue #31): the plan is the
// sequence of actions, costing at most `budget` in all (inclusive), whose
// final state holds the best value of `fact`. See Planner::planExtreme.
struct Extreme
{
    FactId fact = -1;
    bool maximise = true; // false: minimise
    double budget = 0;
};

struct Plan
{
    bool found = false;
    PlanReason reason = PlanReason::Exhausted;
    PlannerHeuristic heuristic = PlannerHeuristic::Unmet; // the one the search used
    // Proven: a plan found under `max` is a cheapest one; an unreachable goal
    // or an exhausted search proves there is none. False otherwise.
    bool optimal = false;
    std::vector<int> actions; // indices into CompiledScenario::actions, in order
    // The station chosen for each step when travel is costed (SPEC 11.3):
    // one of the action's stations, -1 where it stands. Empty otherwise: the
    // character then takes the nearest of an action's stations on the way.
    std::vector<int> stations;
    double cost = 0;
    double firstCost = 0; // the first step's share of cost (travel included); 0 for the empty plan
    int expanded = 0; // nodes popped from the open list and goal-tested
    int generated = 0; // successor states created (before duplicate removal)
    // A maximise / minimise goal (planExtreme): the fact's value in the start
    // state and in the plan's final state (equal when nothing improves it).
    bool extreme = false;
    std::int32_t startValue = 0, value = 0;
};

class Planner
{
public:
    explicit Planner(const CompiledScenario &scenario);

    // Plans from `state` (stateSize() values: the agent's pool, then the
    // world as it sees it) to a state where every `goal` condition holds,
    // using only `actions`. Ties are broken by lower h, then by the order
    // nodes were generated (earlier-listed actions first). Returns out.found.
    // The heuristic is the scenario's `planner.heuristic` unless given.
    bool plan(std::span<const std::int32_t> state, std::span<const int> actions, std::span<const CCondition> goal,
              Plan &out, int maxNodes);
    bool plan(std::span<const std::int32_t> state, std::span<const int> actions, std::span<const CCondition> goal,
              Plan &out, int maxNodes, PlannerHeuristic heuristic, const Travel *travel = nullptr);

    // A maximise / minimise goal: a uniform-cost search (h = 0, whatever the
    // scenario's heuristic) over every state reachable at a summed cost of at
    // most goal.budget (inclusive, up to a rounding of 1e-9 x budget), keeping
    // the first node expanded whose value of goal.fact is strictly better than
    // every one expanded before it. Nodes are expanded in order of cost, then
    // of generation (earlier-listed actions first), so the plan is: the best
    // value reachable within the budget; among plans reaching it, the cheapest;
    // among those, the first the search generated. The start state is expanded
    // first, so when nothing improves the value the plan is empty (found, cost
    // 0: the goal is at its best). The search ends when no state within the
    // budget is left (out.optimal: proven best), when the value reaches a bound
    // no plan can pass (0 for minimise, pools never go negative; the 32-bit
    // maximum for maximise; also optimal), or at maxNodes expansions or the
    // memory limit (the best found so far, not optimal). out.found is true in
    // every case but memory for the start itself.
    bool planExtreme(std::span<const std::int32_t> state, std::span<const int> actions, const Extreme &goal, Plan &out,
                     int maxNodes, const Travel *travel = nullptr);
    // A goal of the scenario, whatever its kind: plan() with its conditions,
    // or planExtreme() for a maximise / minimise goal.
    bool planGoal(std::span<const std::int32_t> state, std::span<const int> actions, int goal, Plan &out, int maxNodes,
                  PlannerHeuristic heuristic, const Travel *travel = nullptr);

    // Convenience: the agent's own actions and a goal's conditions.
    bool planForAgent(std::span<const std::int32_t> state, int agent, int goal, Plan &out,
                      const Travel *travel = nullptr);

    const CompiledScenario &scenario() const { return *m_scenario; }
    // The walls changed: the station-to-station walks kept so far are forgotten.
    void forgetWalks() { m_between.clear(); }

    // Structural symmetry reduction under `lmcut` (symmetry.h; on by default):
    // the search keeps one state per orbit of the question's symmetries and
    // maps the plan back to real actions from the real start. Never used with
    // costed travel. Off: for tests and measurements.
    void useSymmetries(bool on) { m_symmetriesOn = on; }
    // The verified symmetry generators the last search used (0: none, or not lmcut).
    std::size_t symmetryGenerators() const { return m_useSymmetry ? m_symmetries.count() : 0; }

    // Records every later search as a tree in `tree` (nullptr: stops).
    // A search that is not traced pays one untaken branch per successor.
    void traceInto(SearchTree *tree) { m_trace = tree; }

    static constexpr std::size_t kBytesPerExpansion = 8 * 1024;
    static constexpr std::size_t kMinMemoryLimit = 8u << 20;
    static constexpr std::size_t kMaxMemoryLimit = 256u << 20;
    // clamp(maxNodes x kBytesPerExpansion, kMinMemoryLimit, kMaxMemoryLimit).
    static std::size_t memoryLimit(int maxNodes)
    {
        return std::clamp(std::size_t(std::max(maxNodes, 0)) * kBytesPerExpansion, kMinMemoryLimit, kMaxMemoryLimit);
    }
    // Replaces memoryLimit(maxNodes) for every later search (0 restores it):
    // for embedders with their own budget, and tests.
    void setMemoryLimit(std::size_t bytes) { m_memoryLimitOverride = bytes; }
    // Whether `unmet` searches a small question in fixed arrays (on by
    // default; the same search either way: tests compare the two).
    void setSmallSearch(bool on) { m_smallSearch = on; }
    // For tests: whether the small search tests the last actions indexed lane by lane (m_laneTests).
    bool smallLaneTests() const { return m_laneTests; }
    // Whether `additive`, `max` and `lmcut` remember relaxed costs by which
    // conditions hold (Relaxation::setMemo; on by default, the same plans).
    void setRelaxedCostMemo(bool on) { m_relaxation.setMemo(on); }
    // The most nodes a search may hold under `limit`.
    std::uint32_t nodeLimit(std::size_t limit) const;
    // Bytes the pools hold now (capacities, not sizes): what the limit bounds.
    std::size_t reservedBytes() const;

private:
    struct Node
    {
        std::uint64_t hash;
        double g;
        std::uint32_t parent;
        std::int32_t action;
        float h; // for ties only: f is computed from the exact value
        bool goal; // every goal condition holds (h may be 0 elsewhere too)
        bool superseded; // a cheaper route to the same state was found
        bool closed; // expanded: never expanded again
    };
    struct OpenEntry // the heap's order: f, then `tie` (h's bits, then the node: see pushOpen)
    {
        double f;
        std::uint64_t tie;
    };
    struct UnmetCount;
    struct ExtremeValue;
    std::uint32_t m_best = 0; // an extreme search's best node so far
    std::uint32_t m_planNode = 0; // the node extract() read the plan from
    template<bool Sum> struct RelaxedCost;
    struct LandmarkCut;

    template<typename Heuristic>
    void search(std::span<const int> actions, Plan &out, int maxNodes, Heuristic heuristic);
    bool planUntraced(std::span<const std::int32_t> state, std::span<const int> actions,
                      std::span<const CCondition> goal, Plan &out, int maxNodes, PlannerHeuristic heuristic,
                      const Travel *travel, const Extreme *extreme = nullptr);
    // Tracing (traceInto): what each expansion found besides new nodes, and the expansion order.
    SearchTree *m_trace = nullptr;
    std::vector<int> m_traceDuplicates, m_traceDeadEnds; // per node
    std::vector<std::uint32_t> m_traceOrder;
    void traceSkip(std::vector<int> &counts, std::uint32_t node);
    void fillTrace(std::span<const CCondition> goal, const Plan &out);
    struct TableSlot // one entry of the closed-set hash table
    {
        std::uint64_t hash;
        std::uint32_t node;
        std::uint32_t epoch; // valid only when equal to m_epoch
    };

    std::uint32_t newNode(std::uint64_t hash, double g, std::uint32_t parent, std::int32_t action, double h, bool goal);
    std::size_t bytesFor(std::size_t nodes) const;
    // Room for `needed` nodes in every pool; false when `needed` passes
    // `limit` (whatever the pools hold already: the answer depends on the
    // count and the limit alone) or an allocation fails.
    bool reserveNodes(std::size_t needed, std::uint32_t limit);
    std::int32_t *stateOf(std::uint32_t node) { return m_states.data() + size_t(node) * size_t(m_stride); }
    TableSlot *find(std::uint64_t hash, const std::int32_t *state, bool &found, std::uint32_t self = ~0u);
    void rehash(std::size_t slotCount); // not "slots": a Qt macro
    void pushOpen(std::uint32_t node, double h);
    // Applicability (the issue #31's second cost): the distinct preconditions
    // of a search's actions, and per action a bit mask of the ones it needs, so
    // an expansion tests each distinct condition once and each action with a
    // mask, not each action's conditions one by one.
    void indexPreconditions(std::span<const int> actions);
    std::vector<CCondition> m_preConditions; // distinct, by bit
    std::vector<std::uint64_t> m_preMasks; // m_maskWords words per action of the search, in its order
    std::vector<std::uint64_t> m_holdMask; // m_maskWords words: the conditions the expanded state meets
    std::size_t m_maskWords = 0;
    std::vector<int> m_indexedActions; // the actions indexed last: a repeated search reuses the index

    // A successor is written over its parent's state while it is probed and
    // scored, and put back from here after: only new states are copied out.
    struct Undo
    {
        FactId fact;
        std::int32_t old;
    };
    std::vector<Undo> m_undo;
    // The writes [begin, end) left `state` as it was: every fact they touched
    // holds what it held before the first of them (an action may write a fact
    // twice, an add then a set). The successor is then the state being expanded.
    static bool unchanged(const std::int32_t *state, const Undo *begin, const Undo *end)
    {
        for (const Undo *u = begin; u != end; ++u) {
            const Undo *first = begin;
            while (first->fact != u->fact)
                ++first;
            if (state[u->fact] != first->old)
                return false;
        }
        return true;
    }
    void extract(std::uint32_t node, Plan &out);
    // Symmetry reduction (lmcut only): node states are canonical (m_canon is
    // the successor being canonicalised, m_canonScratch the canonicaliser's);
    // the root is the real start. extractSymmetric() walks the path from the
    // root, rebuilding each step's canonicalisation to know which permutation
    // maps a node's state onto the real state, and takes the real action that
    // reaches it. No byte is added per node.
    bool m_symmetriesOn = true;
    bool m_useSymmetry = false; // for the search under way
    Symmetries m_symmetries;
    std::span<const int> m_searchActions;
    std::vector<std::int32_t> m_canon, m_canonScratch;
    std::vector<std::uint32_t> m_symPath, m_symApplied;
    std::vector<std::int32_t> m_symWork, m_symReal;
    int realStep(std::uint32_t child, std::int32_t *toReal, std::int32_t *real);
    void extractSymmetric(std::uint32_t node, Plan &out);
    void realTrace(std::span<const int> kept, std::vector<char> &met);

    const CompiledScenario *m_scenario;
    Relaxation m_relaxation;
    // Travel: active for the search under way when a Travel with a weight was given.
    bool m_travel = false;
    Travel m_travelArgs;
    int m_position = 0; // the state slot holding the station it would stand at, + 1
    std::vector<double> m_fromStart; // per station: walking distance from the start
    std::vector<float> m_between; // station x station walking distances, NaN until asked (<= kBetweenStations)
    static constexpr int kBetweenStations = 1024;
    double between(int from, int to);
    bool reachable(const std::int32_t *state, std::span<const int> actions, std::span<const CCondition> goal);
    // Whether m_reach holds the verdict for this state and goal (with the actions indexed).
    bool reachRemembered(const std::int32_t *state, std::span<const CCondition> goal) const;
    std::vector<int> m_inReach; // the actions of a search on a walled map whose stations are in reach
    struct ReachMemo
    {
        bool valid = false, answer = true; // valid: for the actions indexed (m_indexedActions)
        std::vector<CCondition> goal;
        std::vector<std::int32_t> state;
    } m_reach;
    int m_stride;
    std::vector<std::int32_t> m_states;
    std::vector<Node> m_nodes;
    std::vector<OpenEntry> m_open;
    std::vector<TableSlot> m_table;
    std::uint32_t m_tableMask = 0;
    std::uint32_t m_epoch = 0;
    std::size_t m_capacity = 0; // nodes every pool has room for
    std::size_t m_memoryLimitOverride = 0;
    std::size_t m_limitBytes = 0; // the limit m_nodeLimit was computed for
    std::uint32_t m_nodeLimit = 0;

    // The `unmet` search's own loop (searchUnmet, issue #31's speed targets),
    // built by indexPreconditions with the masks. A condition is a RangeTest
    // (compiledscenario.h), so the masks are built without a branch per
    // operator. Each action of the search is one flat record: its cost and
    // its effects (adds, then sets, as CompiledAction applies them) with a
    // set's key computed once.
    struct FlatEffect
    {
        FactId fact;
        std::int32_t value;
        std::uint64_t setKey; // key(fact, value) of a set; unused for an add
        bool set;
    };
    struct FlatAction
    {
        double cost;
        std::uint32_t effects, effectsEnd; // in m_flatEffects
        std::int32_t action;
        bool stations; // done at one of its stations
    };
    std::vector<FlatEffect> m_flatEffects;
    std::vector<FlatAction> m_flatActions; // the search's actions, in its order
    std::size_t m_flatWrites = 1; // the most writes one successor makes
    // With at most 64 actions and 64 tests, an expansion finds the actions
    // worth trying as one 64-bit set (bit k: the search's k-th action): the
    // tests are the distinct preconditions, then the `fact == value` of each
    // distinct set of the actions that only set, each fact once (such an
    // action changes nothing when all of its sets already hold). A test that
    // fails rules out the actions it blocks (need it) and rules in those it
    // enables (would change it); the rest are tried in the search's order.
    bool m_bitParallel = false;
    std::vector<RangeTest> m_tests;
    // The tests again, four at a time (padded with tests that always hold):
    // per group the four facts, the four lo and the four span ^ 0x80000000,
    // so one SSE2 compare finds the values out of range; m_testFlips flips
    // the `!=` tests' bits.
    std::vector<std::uint32_t> m_testGroups;
    std::uint64_t m_testFlips = 0;
    std::vector<std::uint64_t> m_blocks, m_enables; // 64 each: per test, the actions its failing blocks / enables
    std::uint64_t m_changing = 0; // actions that may change something whatever holds (adds, a fact set twice)
    // With at most kLookedUpTests tests: per set of failed tests, the actions
    // worth trying (without costed travel), so no loop over the failed ones.
    static constexpr std::size_t kLookedUpTests = 8;
    std::vector<std::uint64_t> m_leftByFails;
    std::uint64_t m_atStations = 0; // actions done at a station: with costed travel the walk changes the state
    // searchUnmet's open list while at most kMaxBuckets distinct (f, h) are
    // open: one FIFO per (f, h), in the heap's order (f, then h, then the
    // node: nodes are made in increasing order, so a FIFO of equal (f, h) is
    // in node order), the entries chained through m_open (the pushed
    // entries, in push order: f, and the next entry's index above the node).
    // Past kMaxBuckets the open entries become the binary heap of search().
    struct OpenBucket
    {
        double f;
        float h;
        std::uint32_t head, tail; // in m_open
    };
    std::vector<OpenBucket> m_buckets; // by (f, h), largest first: the next to pop is last
    static constexpr std::size_t kMaxBuckets = 64;
    std::uint64_t applicableBits(const std::int32_t *state, bool atStations) const;
    // A small question (no costed travel, the bit-parallel index, a state of
    // at most kSmallWidth values) is searched in fixed arrays (searchSmall)
    // under `unmet`, `additive` and `max`.
    // Per action, its effects on such a state as vectors: (state + add) where
    // `keep`, else `set`; `vector` is false when one fact is added twice (each
    // add clamps), and a lane of `added` whose value or sum is negative
    // (a clamp) sends the successor through the scalar effects too.
    static constexpr int kSmallNodes = 64, kSmallWidth = 8;
    // `addHash` and `setHash` are the change to the lane hash (plannerinternal::kLaneKeys)
    // of the added lanes that are not set and of the set values; `setLanes`
    // the set lanes, whose old values the successor's hash takes off.
    struct SmallAction
    {
        alignas(16) std::int32_t add[kSmallWidth], added[kSmallWidth], keep[kSmallWidth], set[kSmallWidth];
        std::uint64_t addHash, setHash;
        std::uint32_t setLanes;
        bool vector;
    };
    std::vector<SmallAction> m_smallActions; // with m_flatActions, when the state fits
    // When every test (at most kLookedUpTests) reads a fact of its own: per
    // lane of a small state its test's lo and span ^ 0x80000000 (a lane
    // without one always holds) and its flip, and m_leftByFails by the
    // failed lanes' bits, so an expansion tests the state's vectors as they are.
    bool m_laneTests = false, m_laneHigh = false; // high: a test reads lanes 4 to 7
    alignas(16) std::int32_t m_laneLo[kSmallWidth], m_laneSpan[kSmallWidth];
    unsigned m_laneFlips = 0;
    std::vector<std::uint64_t> m_leftByLanes;
    bool m_smallMissed = false; // a search of these actions for m_smallMissedGoal needed more nodes
    std::vector<CCondition> m_smallMissedGoal;
    template<class Heuristic> bool searchSmall(Heuristic heuristic, Plan &out, int maxNodes);
    template<int Halves, class Heuristic> bool searchSmall(Heuristic heuristic, Plan &out, int maxNodes);
    bool m_smallSearch = true;
    template<bool Walks> // costed travel: an action at stations is tried at each
    void searchUnmet(std::span<const int> actions, std::span<const CCondition> goal, Plan &out, int maxNodes);
};

// The order-independent key of one (fact, value) pair; 0 for value 0, so a
// fact absent from a pool and a fact at 0 hash alike.
std::uint64_t factKey(FactId fact, std::int32_t value);
std::uint64_t stateHash(std::span<const std::int32_t> state);

} // namespace goap
