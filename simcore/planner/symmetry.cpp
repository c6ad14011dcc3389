#include "symmetry.h"
#include "planner/plannerinternal.h"

#include <bliss/graph.hh>

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <limits>
#include <map>
#include <numeric>
#include <tuple>

namespace goap {

namespace {

using plannerinternal::sameCondition;

bool conditionLess(const CCondition &a, const CCondition &b)
{
    return std::tuple(a.fact, int(a.op), a.value) < std::tuple(b.fact, int(b.op), b.value);
}

// The distinct conditions of `conditions` with every fact moved by `image`, sorted.
std::vector<CCondition> mapped(std::span<const CCondition> conditions, std::span<const std::int32_t> image)
{
    std::vector<CCondition> out;
    out.reserve(conditions.size());
    for (const CCondition &c : conditions)
        out.push_back(CCondition {image[size_t(c.fact)], c.value, c.op});
    std::sort(out.begin(), out.end(), conditionLess);
    out.erase(std::unique(out.begin(), out.end(), sameCondition), out.end());
    return out;
}

bool operator==(const std::vector<CCondition> &a, const std::vector<CCondition> &b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), sameCondition);
}

// Effects with every fact moved by `image`, ordered by fact and, within one
// fact, as listed: what an action does (adds, then sets, each fact's in order).
std::vector<std::pair<FactId, std::int32_t>> mapped(std::span<const CEffect> effects,
                                                    std::span<const std::int32_t> image)
{
    std::vector<std::pair<FactId, std::int32_t>> out;
    out.reserve(effects.size());
    for (const CEffect &e : effects)
        out.emplace_back(image[size_t(e.fact)], e.value);
    std::stable_sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    return out;
}

struct Found
{
    unsigned facts, actionBase, actions;
    std::vector<std::vector<unsigned>> generators;
};

void collect(void *user, unsigned int n, const unsigned int *aut)
{
    auto &found = *static_cast<Found *>(user);
    bool movesFact = false;
    for (unsigned f = 0; f < found.facts && !movesFact; ++f)
        movesFact = aut[f] != f;
    if (movesFact)
        found.generators.emplace_back(aut, aut + n);
}

} // namespace

void Symmetries::find(const CompiledScenario &scenario, int stateSize, std::span<const std::int32_t> start,
                      std::span<const int> actions, std::span<const CCondition> goal)
{
    m_negative.resize(size_t(stateSize));
    for (size_t f = 0; f < size_t(stateSize); ++f)
        m_negative[f] = f < start.size() && start[f] < 0;
    const auto asked = [&](const Known &k) {
        return k.size == stateSize && std::equal(actions.begin(), actions.end(), k.actions.begin(), k.actions.end())
            && plannerinternal::sameConditions(goal, k.goal) && k.negative == m_negative;
    };
    if (m_current < m_known.size() && asked(m_known[m_current]))
        return;
    for (m_current = 0; m_current < m_known.size(); ++m_current)
        if (asked(m_known[m_current]))
            return;
    if (m_known.size() == kKnown)
        m_known.clear();
    m_current = m_known.size();
    Known &k = m_known.emplace_back();
    k.size = stateSize;
    k.actions.assign(actions.begin(), actions.end());
    k.goal.assign(goal.begin(), goal.end());
    k.negative = m_negative;
    build(k, scenario);
    indexMoves(k);
}

void Symmetries::build(Known &k, const CompiledScenario &scenario)
{
    const std::span<const int> actions = k.actions;
    const std::span<const CCondition> goal = k.goal;
    if (k.size == 0 || actions.empty() || actions.size() > kMaxActions)
        return;

    // Colours: one per kind of vertex and what it carries.
    enum Kind : std::int64_t { Fact, Action, Pre, Goal, Add, Set };
    std::map<std::array<std::int64_t, 3>, unsigned> colours;
    const auto colour = [&](Kind kind, std::int64_t a, std::int64_t b = 0) {
        return colours.try_emplace({kind, a, b}, unsigned(colours.size())).first->second;
    };
    bliss::Graph graph;
    // Without component recursion: Debian's bliss 0.73 leaks its partition's
    // component-recursion cells on every search with it (LeakSanitizer: a few
    // hundred bytes a question), which a long run asking new questions would
    // pile up. The group found is the same.
    graph.set_component_recursion(false);
    const auto n = unsigned(k.size);
    // A fact nothing in the question touches gets a colour of its own: it
    // cannot change in the search, so moving it gains nothing, and the
    // representatives (and the plan cache's key, plancache.h) would depend on it.
    std::vector<char> touched(n, 0);
    for (const int a : actions) {
        const CompiledAction &act = scenario.actions[size_t(a)];
        for (const CCondition &c : scenario.conditionsOf(act.pre))
            touched[size_t(c.fact)] = 1;
        for (const CEffect &e : scenario.effectsOf(act.add))
            touched[size_t(e.fact)] = 1;
        for (const CEffect &e : scenario.effectsOf(act.set))
            touched[size_t(e.fact)] = 1;
    }
    for (const CCondition &c : goal)
        touched[size_t(c.fact)] = 1;
    for (unsigned f = 0; f < n; ++f)
        graph.add_vertex(touched[f] ? colour(Fact, k.negative[f]) : colour(Fact, -1 - std::int64_t(f), 1));
    const unsigned actionBase = graph.get_nof_vertices();
    for (const int a : actions)
        graph.add_vertex(colour(Action, std::int64_t(std::bit_cast<std::uint64_t>(scenario.actions[size_t(a)].cost))));
    // One vertex per distinct condition or effect, joined to its fact.
    std::map<std::array<std::int64_t, 4>, unsigned> shared;
    const auto vertex = [&](Kind kind, FactId fact, std::int64_t op, std::int64_t value) {
        const auto [it, added] = shared.try_emplace({kind, fact, op, value}, 0u);
        if (added) {
            it->second = graph.add_vertex(colour(kind, op, value));
            graph.add_edge(unsigned(fact), it->second);
        }
        return it->second;
    };
    for (size_t i = 0; i < actions.size(); ++i) {
        const CompiledAction &a = scenario.actions[size_t(actions[i])];
        const auto v = actionBase + unsigned(i);
        for (const CCondition &c : scenario.conditionsOf(a.pre))
            graph.add_edge(v, vertex(Pre, c.fact, int(c.op), c.value));
        for (const CEffect &e : scenario.effectsOf(a.add))
            graph.add_edge(v, vertex(Add, e.fact, 0, e.value));
        for (const CEffect &e : scenario.effectsOf(a.set))
            graph.add_edge(v, vertex(Set, e.fact, 0, e.value));
    }
    for (const CCondition &c : goal)
        vertex(Goal, c.fact, int(c.op), c.value);

    Found found {n, actionBase, unsigned(actions.size()), {}};
    bliss::Stats stats;
    graph.find_automorphisms(stats, &collect, &found);

    std::vector<std::int32_t> facts(n);
    std::vector<std::uint32_t> actionImage(actions.size());
    for (const std::vector<unsigned> &aut : found.generators) {
        for (unsigned f = 0; f < n; ++f)
            facts[f] = std::int32_t(aut[f]);
        bool ok = true;
        for (size_t i = 0; i < actions.size() && ok; ++i) {
            const unsigned to = aut[actionBase + i];
            ok = to >= actionBase && to < actionBase + actions.size();
            actionImage[i] = to - actionBase;
        }
        if (ok && verify(scenario, actions, goal, facts, actionImage)) {
            k.images.insert(k.images.end(), facts.begin(), facts.end());
            ++k.count;
        } else {
            ++k.rejected;
        }
    }
}

bool Symmetries::verify(const CompiledScenario &scenario, std::span<const int> actions,
                        std::span<const CCondition> goal, std::span<const std::int32_t> facts,
                        std::span<const std::uint32_t> actionImage) const
{
    // A permutation of the facts and of the actions.
    std::vector<char> hit(facts.size(), 0);
    for (const std::int32_t f : facts) {
        if (f < 0 || size_t(f) >= facts.size() || hit[size_t(f)])
            return false;
        hit[size_t(f)] = 1;
    }
    hit.assign(actions.size(), 0);
    for (const std::uint32_t k : actionImage) {
        if (k >= actions.size() || hit[k])
            return false;
        hit[k] = 1;
    }
    std::vector<std::int32_t> identity(facts.size());
    std::iota(identity.begin(), identity.end(), 0);
    if (mapped(goal, facts) != mapped(goal, identity))
        return false;
    for (size_t k = 0; k < actions.size(); ++k) {
        const CompiledAction &a = scenario.actions[size_t(actions[k])];
        const CompiledAction &b = scenario.actions[size_t(actions[actionImage[k]])];
        if (a.cost != b.cost
            || mapped(scenario.conditionsOf(a.pre), facts) != mapped(scenario.conditionsOf(b.pre), identity)
            || mapped(scenario.effectsOf(a.add), facts) != mapped(scenario.effectsOf(b.add), identity)
            || mapped(scenario.effectsOf(a.set), facts) != mapped(scenario.effectsOf(b.set), identity))
            return false;
    }
    return true;
}

// A generator's moves: the facts it moves and where (the rest stay put).
void Symmetries::indexMoves(Known &k)
{
    const auto n = size_t(k.size);
    k.moveBegin.assign(1, 0);
    k.moves.clear();
    for (size_t g = 0; g < k.count; ++g) {
        const std::int32_t *image = k.images.data() + g * n;
        for (size_t f = 0; f < n; ++f)
            if (image[f] != std::int32_t(f))
                k.moves.push_back(Move {std::int32_t(f), image[f]});
        k.moveBegin.push_back(std::uint32_t(k.moves.size()));
    }
}

// Each generator costs what it moves, not the state's size: its image
// differs from the state only where it moves a fact, and is smaller when, at
// the first such place x (the least), the fact moved there is smaller than
// what is there now. At most kMaxPasses passes over the generators: a
// representative from fewer passes is still in the orbit (the search may keep
// two states of one orbit, never a wrong one), and the same state always
// gets the same one, so the plan's reconstruction replays it.
void Symmetries::canonicalise(std::int32_t *state, std::int32_t *scratch, std::vector<std::uint32_t> *applied) const
{
    if (count() == 0)
        return;
    const Known &k = m_known[m_current];
    const Move *const moves = k.moves.data();
    bool changed = true;
    for (int pass = 0; changed && pass < kMaxPasses; ++pass) {
        changed = false;
        for (size_t g = 0; g < k.count; ++g) {
            const Move *const begin = moves + k.moveBegin[g], *const end = moves + k.moveBegin[g + 1];
            std::int32_t first = std::numeric_limits<std::int32_t>::max();
            bool smaller = false;
            for (const Move *m = begin; m != end; ++m)
                if (m->to < first && state[m->from] != state[m->to]) {
                    first = m->to;
                    smaller = state[m->from] < state[m->to];
                }
            if (!smaller)
                continue;
            for (const Move *m = begin; m != end; ++m)
                scratch[m->to] = state[m->from];
            for (const Move *m = begin; m != end; ++m)
                state[m->to] = scratch[m->to];
            changed = true;
            if (applied)
                applied->push_back(std::uint32_t(g));
        }
    }
}

} // namespace goap
