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
// lmcut() computes h_max with a generalised Dijkstra (settle()): conditions
// settled cheapest first from a heap, an action firing once, when its last
// precondition settles. Action costs are never negative, so a settled cost is
// final and equals Bellman-Ford's fixpoint bit for bit. cost() keeps the
// Bellman-Ford passes: on the seed's problems (a few dozen conditions) they
// measured faster than the heap (README, Performance).
//
// Landmark-cut (`lmcut`, Helmert & Domshlak 2009) on the same relaxation:
// h_max, then repeatedly: each action's precondition of largest h_max (its
// `pcf`, an artificial always-true one when it has none) justifies its
// achieved conditions; the goal zone is every condition that reaches the goal
// through actions whose remaining cost is 0; the cut is every action whose pcf
// is reachable from the state's true conditions without entering the goal zone
// and that achieves a condition in it. Every plan takes some action of the cut
// (the first to make a goal-zone condition hold: its preconditions held first,
// so they are outside the zone), so the cut's cheapest remaining cost is a
// landmark's cost: add it, take it off every cut action, recompute h_max, and
// stop when the goal's h_max is 0. The sum is admissible (each action's cost is
// shared out among the landmarks it is in) and at least h_max.
//
// Buffers are flat and reused: after the first few calls nothing allocates,
// and prepare() for the question it was last asked does nothing.

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
    // The same, and whether every goal condition holds in `state` (the cost
    // is then 0; a cost of 0 alone does not say so: actions may cost 0).
    template<bool Sum> double cost(const std::int32_t *state, bool &goalHolds);
    // The landmark-cut heuristic of the prepared goal from `state`; kInfinity
    // when h_max is (no achiever chain reaches some goal condition).
    double lmcut(const std::int32_t *state);

    // Whether cost() and lmcut() remember their answers (on by default; the
    // same answers either way: benchmarks measure both, tests compare them).
    void setMemo(bool on) { m_memoWanted = on; }

private:
    struct RAction
    {
        double cost;
        std::uint32_t preBegin, preEnd; // into m_preIndex
        std::uint32_t achBegin, achEnd; // into m_achieves
    };

    std::uint32_t conditionIndex(const CCondition &c);
    template<bool Sum> double computeCost(bool &goalHolds);
    double computeLmcut(const std::int32_t *state);
    // Which of the conditions hold in `state`, as bits (m_memoOn: at most 64).
    std::uint64_t holdBits(const std::int32_t *state) const;
    // `compute` answered for `holds`, looked up first (kind: which heuristic).
    template<class Compute> double memoised(std::uint64_t holds, std::uint32_t kind, Compute compute);
    void orderPass();
    // The generalised Dijkstra over m_cost with action costs `costs`; with
    // `untilGoal`, it stops once every goal condition is settled.
    template<bool Sum> void settle(const std::int32_t *state, const double *costs, bool untilGoal);
    template<bool Sum> double goalCost() const;

    const CompiledScenario *m_scenario;
    // reachable()
    std::vector<Interval> m_intervals;
    std::vector<char> m_applied;
    // prepare() / cost()
    std::vector<CCondition> m_conditions; // distinct conditions of the goal and every precondition
    std::vector<RangeTest> m_condTests; // the same, as range tests: holds without a branch per operator
    std::vector<std::uint32_t> m_goalIndex;
    std::vector<std::uint32_t> m_preIndex;
    std::vector<std::uint32_t> m_achieves;
    std::vector<RAction> m_actions;
    // cost()'s pass: m_actions with an achiever, each before every action
    // needing what it achieves when that order exists (m_onePass: a single
    // pass reaches the fixpoint), else in m_actions' order, passed over until
    // nothing changes.
    std::vector<RAction> m_passActions;
    bool m_onePass = false;
    std::vector<double> m_cost; // per condition
    std::vector<char> m_mayBeNegative; // per fact
    // The question prepare() answered last: asked again, it keeps what it built.
    std::vector<int> m_preparedActions;
    std::vector<CCondition> m_preparedGoal;
    std::vector<FactId> m_startNegative, m_preparedStartNegative; // the facts below 0 in the start
    // settle(): per condition the actions needing it (one entry per
    // occurrence) and whether it is settled; per action its unsettled count.
    std::vector<std::uint32_t> m_needersBegin, m_needers;
    std::vector<char> m_settled, m_isGoal;
    std::vector<std::uint32_t> m_waiting;
    std::vector<double> m_baseCost; // per action: its cost
    std::size_t m_goalDistinct = 0;
    struct HeapEntry
    {
        double cost;
        std::uint32_t condition;
    };
    std::vector<HeapEntry> m_heap;
    // h_add, h_max and lmcut read nothing of a state but which conditions
    // hold in it, so they are memoised by that set of bits for the question
    // prepared: a direct-mapped table of kMemoSlots (24 KiB, made on first
    // use), a slot's tag the question's generation and the heuristic. prepare()
    // starts a generation when it rebuilds; a character planning the same
    // question again, or a search meeting the same conditions in another
    // state, pays a lookup instead of a relaxation.
    struct MemoSlot
    {
        std::uint64_t holds;
        double value;
        std::uint32_t tag; // 0: empty
    };
    static constexpr std::size_t kMemoSlots = 1024; // memoised() takes the top 10 bits of a hash
    std::vector<MemoSlot> m_memo;
    std::uint32_t m_generation = 0;
    std::uint64_t m_goalBits = 0; // the goal's conditions
    bool m_memoOn = false; // at most 64 conditions
    bool m_memoWanted = true;
    // lmcut(): remaining costs, each action's pcf, the goal zone, the reached part.
    std::vector<double> m_remaining;
    std::vector<std::int32_t> m_pcf; // per action; -1: it has no precondition
    std::vector<std::uint32_t> m_achieversBegin, m_achievers; // per condition
    std::vector<char> m_zone, m_reached;
    std::vector<std::uint32_t> m_stack, m_cut;
};

} // namespace goap
