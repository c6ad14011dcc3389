#include "relaxation.h"
#include "planner/plannerinternal.h"

#include <algorithm>

namespace goap {

namespace {

constexpr std::int64_t kCeiling = std::numeric_limits<std::int32_t>::max();

// Whether an `add` of `delta` can be the step that first makes `c` hold. A
// pool below 0 (only a `set` or a start value puts it there) is clamped to 0
// by any add, so there a lowering add (or an add of 0) can raise it to 0.
bool addAchieves(const CCondition &c, std::int32_t delta, bool mayBeNegative)
{
    if (delta == 0) // leaves a pool as it is, but lifts one below 0 to 0
        return mayBeNegative && c.holds(0);
    switch (c.op) {
    case ConditionOp::Ge:
    case ConditionOp::Gt:
        return delta > 0 || (mayBeNegative && c.holds(0));
    case ConditionOp::Le:
    case ConditionOp::Lt:
        return delta < 0;
    case ConditionOp::Eq:
    case ConditionOp::Ne:
        return true;
    }
    return true;
}

} // namespace

bool relaxedHolds(const CCondition &c, Interval i)
{
    const std::int64_t v = c.value;
    switch (c.op) {
    case ConditionOp::Ge:
        return i.hi >= v;
    case ConditionOp::Gt:
        return i.hi > v;
    case ConditionOp::Le:
        return i.lo <= v;
    case ConditionOp::Lt:
        return i.lo < v;
    case ConditionOp::Eq:
        return i.lo <= v && v <= i.hi;
    case ConditionOp::Ne:
        return !(i.lo == v && i.hi == v);
    }
    return true;
}

Relaxation::Relaxation(const CompiledScenario &scenario)
    : m_scenario(&scenario)
{
}

bool Relaxation::reachable(const std::int32_t *state, std::span<const int> actions, std::span<const CCondition> goal)
{
    const CompiledScenario &sc = *m_scenario;
    const auto goalHolds = [&] {
        for (const CCondition &c : goal)
            if (!relaxedHolds(c, m_intervals[size_t(c.fact)]))
                return false;
        return true;
    };
    // Only facts the actions or the goal name are read: start from those.
    m_intervals.resize(size_t(sc.stateSize()));
    for (const CCondition &c : goal)
        m_intervals[size_t(c.fact)] = {state[c.fact], state[c.fact]};
    if (goalHolds())
        return true;
    for (const int a : actions) {
        const CompiledAction &act = sc.actions[size_t(a)];
        for (const CCondition &c : sc.conditionsOf(act.pre))
            m_intervals[size_t(c.fact)] = {state[c.fact], state[c.fact]};
        for (const CEffect &e : sc.effectsOf(act.add))
            m_intervals[size_t(e.fact)] = {state[e.fact], state[e.fact]};
        for (const CEffect &e : sc.effectsOf(act.set))
            m_intervals[size_t(e.fact)] = {state[e.fact], state[e.fact]};
    }
    m_applied.assign(actions.size(), 0);
    for (;;) {
        bool progress = false;
        for (size_t k = 0; k < actions.size(); ++k) {
            if (m_applied[k])
                continue;
            const CompiledAction &act = sc.actions[size_t(actions[k])];
            bool applicable = true;
            for (const CCondition &c : sc.conditionsOf(act.pre))
                if (!relaxedHolds(c, m_intervals[size_t(c.fact)])) {
                    applicable = false;
                    break;
                }
            if (!applicable)
                continue;
            // Its effects are now as wide as they get: it never needs applying again.
            m_applied[k] = 1;
            progress = true;
            for (const CEffect &e : sc.effectsOf(act.add)) {
                Interval &i = m_intervals[size_t(e.fact)];
                if (e.value > 0)
                    i.hi = kCeiling;
                else if (e.value < 0)
                    i.lo = std::min<std::int64_t>(i.lo, 0);
                if (i.lo < 0)
                    i.hi = std::max<std::int64_t>(i.hi, 0); // an add, of 0 too, clamps a negative pool to 0
            }
            for (const CEffect &e : sc.effectsOf(act.set)) {
                Interval &i = m_intervals[size_t(e.fact)];
                i.lo = std::min<std::int64_t>(i.lo, e.value);
                i.hi = std::max<std::int64_t>(i.hi, e.value);
            }
        }
        if (goalHolds())
            return true;
        if (!progress)
            return false;
    }
}

std::uint32_t Relaxation::conditionIndex(const CCondition &c)
{
    for (size_t k = 0; k < m_conditions.size(); ++k) {
        const CCondition &o = m_conditions[k];
        if (o.fact == c.fact && o.value == c.value && o.op == c.op)
            return std::uint32_t(k);
    }
    m_conditions.push_back(c);
    return std::uint32_t(m_conditions.size() - 1);
}

void Relaxation::prepare(const std::int32_t *state, std::span<const int> actions, std::span<const CCondition> goal)
{
    const CompiledScenario &sc = *m_scenario;
    // The same question as last time (a character planning again, a
    // benchmark): nothing to rebuild. Which facts may go negative follows
    // from the actions and the facts that start negative (usually none).
    m_startNegative.clear();
    for (FactId f = 0; f < sc.stateSize(); ++f)
        if (state[f] < 0)
            m_startNegative.push_back(f);
    if ((!m_actions.empty() || !m_goalIndex.empty())
        && plannerinternal::sameRun(actions.data(), actions.size(), m_preparedActions)
        && plannerinternal::sameConditions(goal, m_preparedGoal)
        && plannerinternal::sameRun(m_startNegative.data(), m_startNegative.size(), m_preparedStartNegative))
        return;
    if (++m_generation > (std::numeric_limits<std::uint32_t>::max() >> 2)) { // wrapped: old tags could match
        std::fill(m_memo.begin(), m_memo.end(), MemoSlot {0, 0, 0});
        m_generation = 1;
    }
    m_preparedActions.assign(actions.begin(), actions.end());
    m_preparedGoal.assign(goal.begin(), goal.end());
    m_preparedStartNegative = m_startNegative;
    m_mayBeNegative.assign(size_t(sc.stateSize()), 0);
    for (const FactId f : m_startNegative)
        m_mayBeNegative[size_t(f)] = 1;
    for (const int a : actions)
        for (const CEffect &e : sc.effectsOf(sc.actions[size_t(a)].set))
            if (e.value < 0)
                m_mayBeNegative[size_t(e.fact)] = 1;

    m_conditions.clear();
    m_goalIndex.clear();
    m_preIndex.clear();
    m_achieves.clear();
    m_actions.clear();

    for (const CCondition &c : goal)
        m_goalIndex.push_back(conditionIndex(c));
    for (const int a : actions) {
        const CompiledAction &act = sc.actions[size_t(a)];
        RAction r {act.cost, std::uint32_t(m_preIndex.size()), 0, 0, 0};
        for (const CCondition &c : sc.conditionsOf(act.pre))
            m_preIndex.push_back(conditionIndex(c));
        r.preEnd = std::uint32_t(m_preIndex.size());
        m_actions.push_back(r);
    }
    // Achievers, once every condition is known.
    for (size_t k = 0; k < actions.size(); ++k) {
        const CompiledAction &act = sc.actions[size_t(actions[k])];
        RAction &r = m_actions[k];
        r.achBegin = std::uint32_t(m_achieves.size());
        for (size_t ci = 0; ci < m_conditions.size(); ++ci) {
            const CCondition &c = m_conditions[ci];
            bool achieves = false;
            for (const CEffect &e : sc.effectsOf(act.add))
                achieves
                    = achieves || (e.fact == c.fact && addAchieves(c, e.value, m_mayBeNegative[size_t(e.fact)] != 0));
            for (const CEffect &e : sc.effectsOf(act.set))
                achieves = achieves || (e.fact == c.fact && c.holds(e.value));
            if (achieves)
                m_achieves.push_back(std::uint32_t(ci));
        }
        r.achEnd = std::uint32_t(m_achieves.size());
    }
    const size_t n = m_conditions.size();
    m_condTests.clear();
    for (const CCondition &c : m_conditions)
        m_condTests.push_back(rangeTest(c));
    m_cost.resize(n);
    m_settled.resize(n);
    m_isGoal.assign(n, 0);
    for (const std::uint32_t g : m_goalIndex)
        m_isGoal[g] = 1;
    m_goalDistinct = size_t(std::count(m_isGoal.begin(), m_isGoal.end(), 1));
    m_memoOn = n <= 64;
    m_goalBits = 0;
    for (const std::uint32_t g : m_goalIndex)
        m_goalBits |= m_memoOn ? std::uint64_t(1) << g : 0;
    m_waiting.resize(m_actions.size());
    m_baseCost.resize(m_actions.size());
    for (size_t a = 0; a < m_actions.size(); ++a)
        m_baseCost[a] = m_actions[a].cost;
    // Per condition, the actions that need it and the actions that achieve it (CSR).
    const auto invert = [&](std::vector<std::uint32_t> &begin, std::vector<std::uint32_t> &list,
                            const std::vector<std::uint32_t> &of, auto range) {
        begin.assign(n + 1, 0);
        for (const RAction &a : m_actions) {
            const auto [b, e] = range(a);
            for (std::uint32_t k = b; k < e; ++k)
                ++begin[of[k] + 1];
        }
        for (size_t c = 0; c < n; ++c)
            begin[c + 1] += begin[c];
        list.resize(begin[n]);
        m_stack.assign(begin.begin(), begin.end() - 1); // the next free place of each condition's list
        for (size_t ai = 0; ai < m_actions.size(); ++ai) {
            const auto [b, e] = range(m_actions[ai]);
            for (std::uint32_t k = b; k < e; ++k)
                list[m_stack[of[k]]++] = std::uint32_t(ai);
        }
    };
    invert(m_needersBegin, m_needers, m_preIndex, [](const RAction &a) { return std::pair {a.preBegin, a.preEnd}; });
    invert(m_achieversBegin, m_achievers, m_achieves, [](const RAction &a) {
        return std::pair {a.achBegin, a.achEnd};
    });
    orderPass();
}

// Kahn's order of the achieving actions: an action after every achiever of
// each of its preconditions. A condition's cost is the least of its
// achievers' cost plus precondition cost, so in that order one pass computes
// each from final values: Bellman-Ford's fixpoint, the same sums in the same
// order, bit for bit. A cycle (an action needing what it or a later one
// achieves) keeps m_actions' order and passes until nothing changes.
void Relaxation::orderPass()
{
    const size_t count = m_actions.size();
    m_waiting.assign(count, 0); // per action: its achievers' edges not yet placed
    for (size_t b = 0; b < count; ++b)
        for (std::uint32_t k = m_actions[b].preBegin; k < m_actions[b].preEnd; ++k) {
            const std::uint32_t c = m_preIndex[k];
            m_waiting[b] += m_achieversBegin[c + 1] - m_achieversBegin[c];
        }
    m_passActions.clear();
    m_stack.clear();
    for (size_t a = count; a-- > 0;)
        if (m_waiting[a] == 0)
            m_stack.push_back(std::uint32_t(a));
    size_t placed = 0;
    while (!m_stack.empty()) {
        const std::uint32_t a = m_stack.back();
        m_stack.pop_back();
        ++placed;
        const RAction &r = m_actions[a];
        if (r.achBegin != r.achEnd)
            m_passActions.push_back(r);
        for (std::uint32_t k = r.achBegin; k < r.achEnd; ++k) {
            const std::uint32_t c = m_achieves[k];
            for (std::uint32_t j = m_needersBegin[c]; j < m_needersBegin[c + 1]; ++j)
                if (--m_waiting[m_needers[j]] == 0)
                    m_stack.push_back(m_needers[j]);
        }
    }
    m_onePass = placed == count;
    if (!m_onePass) {
        m_passActions.clear();
        for (const RAction &r : m_actions)
            if (r.achBegin != r.achEnd)
                m_passActions.push_back(r);
    }
}

template<bool Sum> double Relaxation::goalCost() const
{
    double total = 0;
    for (const std::uint32_t g : m_goalIndex) {
        if constexpr (Sum)
            total += m_cost[g];
        else
            total = std::max(total, m_cost[g]);
    }
    return total;
}

template<bool Sum> void Relaxation::settle(const std::int32_t *state, const double *costs, bool untilGoal)
{
    const size_t n = m_conditions.size();
    const auto later = [](const HeapEntry &a, const HeapEntry &b) { return a.cost > b.cost; };
    m_heap.clear();
    size_t goalsLeft = m_goalDistinct;
    const auto relax = [&](std::uint32_t a) {
        const RAction &r = m_actions[a];
        double pre = 0;
        for (std::uint32_t k = r.preBegin; k < r.preEnd; ++k) {
            const double c = m_cost[m_preIndex[k]];
            if constexpr (Sum)
                pre += c;
            else
                pre = std::max(pre, c);
        }
        const double via = costs[a] + pre;
        for (std::uint32_t k = r.achBegin; k < r.achEnd; ++k) {
            double &c = m_cost[m_achieves[k]];
            if (via < c) {
                c = via;
                m_heap.push_back(HeapEntry {via, m_achieves[k]});
                std::push_heap(m_heap.begin(), m_heap.end(), later);
            }
        }
    };
    // Settling a condition: the actions waiting only for it fire.
    const auto settleOne = [&](std::uint32_t c) {
        m_settled[c] = 1;
        goalsLeft -= m_isGoal[c];
        for (std::uint32_t k = m_needersBegin[c]; k < m_needersBegin[c + 1]; ++k)
            if (--m_waiting[m_needers[k]] == 0)
                relax(m_needers[k]);
    };
    for (size_t k = 0; k < n; ++k) {
        m_settled[k] = 0;
        m_cost[k] = m_condTests[k].holds(state[m_condTests[k].fact]) ? 0.0 : kInfinity;
    }
    for (size_t a = 0; a < m_actions.size(); ++a) {
        m_waiting[a] = m_actions[a].preEnd - m_actions[a].preBegin;
        if (m_waiting[a] == 0)
            relax(std::uint32_t(a));
    }
    for (size_t k = 0; k < n; ++k) // what holds costs nothing: settled before anything the heap holds
        if (m_cost[k] == 0 && !m_settled[k])
            settleOne(std::uint32_t(k));
    while (!m_heap.empty() && !(untilGoal && goalsLeft == 0)) {
        std::pop_heap(m_heap.begin(), m_heap.end(), later);
        const HeapEntry top = m_heap.back();
        m_heap.pop_back();
        if (m_settled[top.condition] || top.cost > m_cost[top.condition])
            continue; // stale
        settleOne(top.condition);
    }
}

template<bool Sum> double Relaxation::cost(const std::int32_t *state)
{
    bool goalHolds = false;
    return cost<Sum>(state, goalHolds);
}

std::uint64_t Relaxation::holdBits(const std::int32_t *state) const
{
    std::uint64_t bits = 0;
    const RangeTest *const tests = m_condTests.data();
    for (size_t k = 0, n = m_condTests.size(); k < n; ++k)
        bits |= std::uint64_t(tests[k].holds(state[tests[k].fact])) << k;
    return bits;
}

template<class Compute> double Relaxation::memoised(std::uint64_t holds, std::uint32_t kind, Compute compute)
{
    if (m_memo.empty())
        m_memo.assign(kMemoSlots, MemoSlot {0, 0, 0});
    // The top 10 bits (kMemoSlots) of a hash: a search asks one heuristic, so
    // the heuristics of one state share a slot (the tag tells them apart).
    MemoSlot &slot = m_memo[size_t((holds * 0x9E3779B97F4A7C15ull) >> 54)];
    const std::uint32_t tag = m_generation << 2 | kind;
    if (slot.tag == tag && slot.holds == holds)
        return slot.value;
    const double value = compute();
    slot = MemoSlot {holds, value, tag};
    return value;
}

template<bool Sum> double Relaxation::cost(const std::int32_t *state, bool &goalHolds)
{
    if (!m_memoOn || !m_memoWanted) {
        for (size_t k = 0; k < m_condTests.size(); ++k)
            m_cost[k] = m_condTests[k].holds(state[m_condTests[k].fact]) ? 0.0 : kInfinity;
        return computeCost<Sum>(goalHolds);
    }
    const std::uint64_t holds = holdBits(state);
    goalHolds = (holds & m_goalBits) == m_goalBits; // every goal condition holds: costs 0
    if (goalHolds)
        return 0;
    return memoised(holds, Sum ? 1 : 0, [&] {
        for (size_t k = 0; k < m_condTests.size(); ++k) // from the bits: the conditions are not tested again
            m_cost[k] = (holds >> k & 1) != 0 ? 0.0 : kInfinity;
        return computeCost<Sum>(goalHolds);
    });
}

double Relaxation::lmcut(const std::int32_t *state)
{
    if (!m_memoOn || !m_memoWanted)
        return computeLmcut(state);
    return memoised(holdBits(state), 2, [&] { return computeLmcut(state); });
}

// The fixpoint from m_cost as set (0 where a condition holds, else infinite).
template<bool Sum> double Relaxation::computeCost(bool &goalHolds)
{
    const auto combine = [&](const std::uint32_t *begin, const std::uint32_t *end) {
        double total = 0;
        for (const std::uint32_t *p = begin; p != end; ++p) {
            const double c = m_cost[*p];
            if constexpr (Sum)
                total += c;
            else
                total = std::max(total, c);
        }
        return total;
    };
    goalHolds = goalCost<Sum>() == 0; // every goal condition costs 0 exactly when it holds
    if (goalHolds)
        return 0;
    // Bellman-Ford: costs only fall, and settle within one pass per condition.
    // On the planner's small problems its passes over a flat array beat
    // settle()'s heap (measured in README); lmcut(), which needs every
    // condition's h_max round after round, uses settle().
    for (bool changed = true; changed;) {
        changed = false;
        for (const RAction &a : m_passActions) {
            const double pre = combine(m_preIndex.data() + a.preBegin, m_preIndex.data() + a.preEnd);
            if (pre == kInfinity)
                continue;
            const double via = a.cost + pre;
            for (std::uint32_t k = a.achBegin; k < a.achEnd; ++k) {
                double &c = m_cost[m_achieves[k]];
                if (via < c) {
                    c = via;
                    changed = true;
                }
            }
        }
        changed = changed && !m_onePass;
    }
    return goalCost<Sum>();
}

template double Relaxation::cost<true>(const std::int32_t *state);
template double Relaxation::cost<false>(const std::int32_t *state);
template double Relaxation::cost<true>(const std::int32_t *state, bool &goalHolds);
template double Relaxation::cost<false>(const std::int32_t *state, bool &goalHolds);

double Relaxation::computeLmcut(const std::int32_t *state)
{
    const size_t n = m_conditions.size();
    const size_t actions = m_actions.size();
    m_remaining.assign(m_baseCost.begin(), m_baseCost.end());
    m_pcf.resize(actions);
    m_zone.resize(n);
    m_reached.resize(n);
    constexpr double kZero = 1e-9; // a remaining cost this small is spent: rounding, not a landmark
    double h = 0;
    for (;;) {
        settle<false>(state, m_remaining.data(), false);
        const double goal = goalCost<false>();
        if (goal == kInfinity)
            return kInfinity; // only on the first round: later rounds only lower costs
        if (goal <= kZero)
            return h;
        // Each action's precondition choice: its precondition of largest h_max.
        for (size_t a = 0; a < actions; ++a) {
            const RAction &r = m_actions[a];
            std::int32_t best = -1;
            for (std::uint32_t k = r.preBegin; k < r.preEnd; ++k)
                if (best < 0 || m_cost[m_preIndex[k]] > m_cost[size_t(best)])
                    best = std::int32_t(m_preIndex[k]);
            m_pcf[a] = best;
        }
        // The goal zone: back from the goal's costliest condition through actions spent to 0.
        std::fill(m_zone.begin(), m_zone.end(), 0);
        m_stack.clear();
        std::uint32_t goalPcf = m_goalIndex.front();
        for (const std::uint32_t g : m_goalIndex)
            if (m_cost[g] > m_cost[goalPcf])
                goalPcf = g;
        m_zone[goalPcf] = 1;
        m_stack.push_back(goalPcf);
        while (!m_stack.empty()) {
            const std::uint32_t c = m_stack.back();
            m_stack.pop_back();
            for (std::uint32_t k = m_achieversBegin[c]; k < m_achieversBegin[c + 1]; ++k) {
                const std::uint32_t a = m_achievers[k];
                const std::int32_t p = m_pcf[a];
                if (m_remaining[a] <= kZero && p >= 0 && !m_zone[size_t(p)] && m_cost[size_t(p)] != kInfinity) {
                    m_zone[size_t(p)] = 1;
                    m_stack.push_back(std::uint32_t(p));
                }
            }
        }
        // Forward from what holds (and from actions needing nothing), never into the zone:
        // an action reached this way that achieves a zone condition is in the cut.
        std::fill(m_reached.begin(), m_reached.end(), 0);
        m_stack.clear();
        m_cut.clear();
        const auto reach = [&](std::uint32_t a) {
            bool inCut = false;
            for (std::uint32_t k = m_actions[a].achBegin; k < m_actions[a].achEnd; ++k) {
                const std::uint32_t c = m_achieves[k];
                if (m_zone[c])
                    inCut = true;
                else if (!m_reached[c]) {
                    m_reached[c] = 1;
                    m_stack.push_back(c);
                }
            }
            if (inCut)
                m_cut.push_back(a);
        };
        for (size_t c = 0; c < n; ++c)
            if (m_cost[c] == 0 && !m_zone[c] && m_conditions[c].holds(state[m_conditions[c].fact])) {
                m_reached[c] = 1;
                m_stack.push_back(std::uint32_t(c));
            }
        for (size_t a = 0; a < actions; ++a)
            if (m_pcf[a] < 0)
                reach(std::uint32_t(a));
        while (!m_stack.empty()) {
            const std::uint32_t c = m_stack.back();
            m_stack.pop_back();
            for (std::uint32_t k = m_needersBegin[c]; k < m_needersBegin[c + 1]; ++k) {
                const std::uint32_t a = m_needers[k];
                if (m_pcf[a] == std::int32_t(c))
                    reach(a);
            }
        }
        // m_needers lists an action once per occurrence: a cut action may be listed twice.
        std::sort(m_cut.begin(), m_cut.end());
        m_cut.erase(std::unique(m_cut.begin(), m_cut.end()), m_cut.end());
        if (m_cut.empty())
            return h; // cannot happen with a finite goal cost; ends the loop whatever rounding does
        double cheapest = kInfinity;
        for (const std::uint32_t a : m_cut)
            cheapest = std::min(cheapest, m_remaining[a]);
        if (cheapest <= kZero)
            return h; // only rounding is left: stopping here can only underestimate
        h += cheapest;
        for (const std::uint32_t a : m_cut)
            m_remaining[a] = std::max(0.0, m_remaining[a] - cheapest);
    }
}

} // namespace goap
