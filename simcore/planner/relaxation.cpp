#include "relaxation.h"

#include <algorithm>

namespace goap {

namespace {

constexpr std::int64_t kCeiling = std::numeric_limits<std::int32_t>::max();

// Whether an `add` of `delta` can be the step that first makes `c` hold. A
// pool below 0 (only a `set` or a start value puts it there) is clamped to 0
// by any add, so there a lowering add can raise it to 0.
bool addAchieves(const CCondition &c, std::int32_t delta, bool mayBeNegative)
{
    if (delta == 0)
        return false;
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
                if (e.value != 0 && i.lo < 0)
                    i.hi = std::max<std::int64_t>(i.hi, 0); // an add clamps a negative pool to 0
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
    m_conditions.clear();
    m_goalIndex.clear();
    m_preIndex.clear();
    m_achieves.clear();
    m_actions.clear();

    m_mayBeNegative.assign(size_t(sc.stateSize()), 0);
    for (size_t f = 0; f < m_mayBeNegative.size(); ++f)
        m_mayBeNegative[f] = state[f] < 0;
    for (const int a : actions)
        for (const CEffect &e : sc.effectsOf(sc.actions[size_t(a)].set))
            if (e.value < 0)
                m_mayBeNegative[size_t(e.fact)] = 1;

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
    m_cost.resize(m_conditions.size());
}

template<bool Sum> double Relaxation::cost(const std::int32_t *state)
{
    const size_t n = m_conditions.size();
    for (size_t k = 0; k < n; ++k)
        m_cost[k] = m_conditions[k].holds(state[m_conditions[k].fact]) ? 0.0 : kInfinity;
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
    const auto goalCost = [&] { return combine(m_goalIndex.data(), m_goalIndex.data() + m_goalIndex.size()); };
    if (goalCost() == 0)
        return 0;
    // Bellman-Ford: costs only fall, and settle within one pass per condition.
    for (bool changed = true; changed;) {
        changed = false;
        for (const RAction &a : m_actions) {
            if (a.achBegin == a.achEnd)
                continue;
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
    }
    return goalCost();
}

template double Relaxation::cost<true>(const std::int32_t *state);
template double Relaxation::cost<false>(const std::int32_t *state);

} // namespace goap
