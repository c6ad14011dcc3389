#include "planner.h"

#include "planner/plannerinternal.h"
#include "planner/searchheuristics.h"
#include "planner/searchtree.h"
#include "space/paths.h"

#include <QLocale>
#include <QString>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <new>
#include <numeric>
#include <stdexcept>

namespace goap {

using plannerinternal::addClamped;
using plannerinternal::holds;
using plannerinternal::key; // splitmix64's finaliser over (fact, value); 0 for value 0
using plannerinternal::kNoParent;
using plannerinternal::later;
using plannerinternal::sameRun;
using plannerinternal::tieKey;
using plannerinternal::unmet;

std::uint64_t factKey(FactId fact, std::int32_t value)
{
    return key(fact, value);
}

QString whyNoPlan(PlanReason reason, int maxNodes)
{
    switch (reason) {
    case PlanReason::Found:
        return {};
    case PlanReason::Unreachable:
        return QStringLiteral("no sequence of actions can ever reach this from here");
    case PlanReason::Exhausted:
        return QStringLiteral("every state its actions can reach was tried: none meets the goal");
    case PlanReason::NodeCap:
        return QStringLiteral("gave up after %1 nodes — raise the cap or choose a better heuristic")
            .arg(QLocale(QLocale::English).toString(maxNodes));
    case PlanReason::Memory:
        return QStringLiteral("ran out of its memory limit of %1 MiB — lower the node cap or choose a better heuristic")
            .arg(Planner::memoryLimit(maxNodes) >> 20);
    }
    return {};
}

const char *toString(PlanReason reason)
{
    switch (reason) {
    case PlanReason::Found:
        return "found";
    case PlanReason::Unreachable:
        return "unreachable";
    case PlanReason::Exhausted:
        return "exhausted";
    case PlanReason::NodeCap:
        return "nodeCap";
    case PlanReason::Memory:
        return "memory";
    }
    return "exhausted";
}

std::uint64_t stateHash(std::span<const std::int32_t> state)
{
    std::uint64_t h = 0;
    for (size_t i = 0; i < state.size(); ++i)
        h += key(FactId(i), state[i]);
    return h;
}

namespace {

constexpr std::size_t kMinTableSlots = 1024;

// Closed-set slots for `nodes` nodes: a power of two, at most half full.
inline std::size_t tableSlotsFor(std::size_t nodes)
{
    return std::max(kMinTableSlots, std::bit_ceil(2 * std::max<std::size_t>(nodes, 1)));
}

} // namespace

Planner::Planner(const CompiledScenario &scenario)
    : m_scenario(&scenario)
    , m_relaxation(scenario)
    , m_position(scenario.stateSize())
    , m_stride(std::max(scenario.stateSize() + (scenario.planner.travelCost > 0 ? 1 : 0), 1))
{
    m_table.assign(kMinTableSlots, TableSlot {0, 0, 0});
    m_tableMask = kMinTableSlots - 1;
}

std::size_t Planner::bytesFor(std::size_t nodes) const
{
    static_assert(sizeof(Node) + sizeof(OpenEntry) == 48 && sizeof(TableSlot) == 16, "the figures in planner.h");
    return nodes * (sizeof(Node) + sizeof(OpenEntry) + size_t(m_stride) * sizeof(std::int32_t))
        + tableSlotsFor(nodes) * sizeof(TableSlot);
}

std::uint32_t Planner::nodeLimit(std::size_t limit) const
{
    // bytesFor() grows with the node count: binary search the largest that fits.
    std::size_t lo = 0;
    std::size_t hi = std::min<std::size_t>(limit / (sizeof(Node) + sizeof(OpenEntry)), kNoParent - 1);
    if (bytesFor(1) > limit)
        return 0;
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo + 1) / 2;
        if (bytesFor(mid) <= limit)
            lo = mid;
        else
            hi = mid - 1;
    }
    return std::uint32_t(lo);
}

std::size_t Planner::reservedBytes() const
{
    return m_nodes.capacity() * sizeof(Node) + m_open.capacity() * sizeof(OpenEntry)
        + m_states.capacity() * sizeof(std::int32_t) + m_table.capacity() * sizeof(TableSlot);
}

// Makes every pool hold `needed` nodes, growing geometrically but never past
// `limit`, so pushes inside an expansion never reallocate. False when `needed`
// is over the limit or the system refuses the memory: the search's Memory end.
bool Planner::reserveNodes(std::size_t needed, std::uint32_t limit)
{
    if (needed > limit) // first: pools grown under an earlier, larger limit do not change the answer
        return false;
    if (needed <= m_capacity)
        return true;
    const std::size_t nodes = std::min<std::size_t>(std::max({2 * m_capacity, needed, std::size_t(256)}), limit);
    try {
        m_nodes.reserve(nodes);
        m_open.reserve(nodes);
        m_states.reserve(nodes * size_t(m_stride)); // exactly: resize() alone may double
        m_states.resize(nodes * size_t(m_stride));
        if (tableSlotsFor(nodes) > m_table.size())
            rehash(tableSlotsFor(nodes));
    } catch (const std::bad_alloc &) {
        return false;
    } catch (const std::length_error &) {
        return false;
    }
    m_capacity = nodes;
    return true;
}

inline std::uint32_t Planner::newNode(std::uint64_t hash, double g, std::uint32_t parent, std::int32_t action, double h,
                                      bool goal)
{
    const auto index = std::uint32_t(m_nodes.size());
    m_nodes.push_back(Node {hash, g, parent, action, float(h), goal, false, false});
    return index;
}

// `self`: the node whose stored state `state` is being written over while a
// successor is probed; it is never the successor (the caller checked), so it
// is passed over rather than compared with itself.
inline Planner::TableSlot *Planner::find(std::uint64_t hash, const std::int32_t *state, bool &found, std::uint32_t self)
{
    const size_t bytes = size_t(m_stride) * sizeof(std::int32_t);
    for (std::uint32_t i = std::uint32_t(hash) & m_tableMask;; i = (i + 1) & m_tableMask) {
        TableSlot &slot = m_table[i];
        if (slot.epoch != m_epoch) {
            found = false;
            return &slot;
        }
        if (slot.hash == hash && slot.node != self && std::memcmp(stateOf(slot.node), state, bytes) == 0) {
            found = true;
            return &slot;
        }
    }
}

void Planner::rehash(std::size_t slotCount)
{
    std::vector<TableSlot> fresh;
    fresh.assign(slotCount, TableSlot {0, 0, 0}); // may throw: nothing has changed yet
    const auto mask = std::uint32_t(slotCount - 1);
    for (const TableSlot &s : m_table) {
        if (s.epoch != m_epoch)
            continue;
        std::uint32_t i = std::uint32_t(s.hash) & mask;
        while (fresh[i].epoch == m_epoch)
            i = (i + 1) & mask;
        fresh[i] = s;
    }
    m_table.swap(fresh);
    m_tableMask = mask;
}

inline void Planner::pushOpen(std::uint32_t node, double h)
{
    const Node &n = m_nodes[node];
    m_open.push_back(OpenEntry {n.g + h, tieKey(n.h, node)});
    std::push_heap(m_open.begin(), m_open.end(), [](const OpenEntry &a, const OpenEntry &b) { return later(a, b); });
}

void Planner::extract(std::uint32_t node, Plan &out)
{
    if (m_useSymmetry) {
        extractSymmetric(node, out);
        return;
    }
    m_planNode = node;
    out.actions.clear();
    out.stations.clear();
    out.cost = m_nodes[node].g;
    out.firstCost = 0;
    for (std::uint32_t n = node; m_nodes[n].parent != kNoParent; n = m_nodes[n].parent) {
        out.firstCost = m_nodes[n].g; // the root's child last: the first step's g
        out.actions.push_back(m_nodes[n].action);
        if (m_travel) // the station it stands at after the step, for a step done at one
            out.stations.push_back(
                m_scenario->actions[size_t(m_nodes[n].action)].stations.empty() ? -1 : stateOf(n)[m_position] - 1);
    }
    std::reverse(out.actions.begin(), out.actions.end());
    std::reverse(out.stations.begin(), out.stations.end());
}

// A search that kept one state per orbit (m_useSymmetry) stores
// representatives: a node's action applied to its parent's state gives a
// state the canonicaliser maps onto the node's by a product of generators it
// can replay. Walking down from the root (the real start), `toReal` maps the
// state stored at the node reached onto the real state there, `real`. The real
// step is the action of the same cost that takes `real` to the image, under
// toReal, of the stored step's successor: the image of the stored action under
// the same (verified) permutation is one, so there always is one. The stored
// action is tried first, then the search's in order. realStep() returns it and
// moves `toReal` and `real` on to `child`; its buffers are members, so after
// warm-up nothing allocates.
int Planner::realStep(std::uint32_t child, std::int32_t *toReal, std::int32_t *real)
{
    const CompiledScenario &sc = *m_scenario;
    const size_t n = size_t(m_stride);
    m_symWork.resize(4 * n);
    std::int32_t *const raw = m_symWork.data(), *const target = raw + n, *const tried = target + n,
                        *const step = tried + n;
    const Node &node = m_nodes[child];
    const CompiledAction &a = sc.actions[size_t(node.action)];
    const auto apply = [&](const CompiledAction &act, std::int32_t *state) {
        for (const CEffect &e : sc.effectsOf(act.add))
            state[e.fact] = addClamped(state[e.fact], e.value);
        for (const CEffect &e : sc.effectsOf(act.set))
            state[e.fact] = e.value;
    };
    std::memcpy(raw, stateOf(node.parent), n * sizeof(std::int32_t));
    apply(a, raw);
    for (size_t f = 0; f < n; ++f)
        target[toReal[f]] = raw[f];
    const auto reaches = [&](int b) {
        const CompiledAction &candidate = sc.actions[size_t(b)];
        if (candidate.cost != a.cost || !holds(real, sc.conditionsOf(candidate.pre)))
            return false;
        std::memcpy(tried, real, n * sizeof(std::int32_t));
        apply(candidate, tried);
        return std::equal(tried, tried + n, target);
    };
    int chosen = node.action;
    if (!reaches(chosen)) {
        const auto it = std::find_if(m_searchActions.begin(), m_searchActions.end(), reaches);
        Q_ASSERT(it != m_searchActions.end());
        if (it != m_searchActions.end())
            chosen = *it;
    }
    std::memcpy(real, target, n * sizeof(std::int32_t));
    // The permutation the search's canonicaliser applied to `raw`
    // (generators g1, then g2, ...: step = ... g2 o g1), and toReal o step^-1.
    m_symApplied.clear();
    std::memcpy(tried, raw, n * sizeof(std::int32_t));
    m_symmetries.canonicalise(tried, m_canonScratch.data(), &m_symApplied);
    Q_ASSERT(std::equal(tried, tried + n, stateOf(child)));
    std::iota(step, step + n, 0);
    for (const std::uint32_t g : m_symApplied) {
        const std::span<const std::int32_t> image = m_symmetries.generator(g);
        for (size_t f = 0; f < n; ++f)
            step[f] = image[size_t(step[f])];
    }
    for (size_t f = 0; f < n; ++f)
        raw[step[f]] = std::int32_t(f); // raw: step's inverse
    for (size_t f = 0; f < n; ++f)
        tried[f] = toReal[raw[f]];
    std::memcpy(toReal, tried, n * sizeof(std::int32_t));
    return chosen;
}

// The plan of a search that kept one state per orbit: its path from the
// root, each step the real one (realStep).
void Planner::extractSymmetric(std::uint32_t node, Plan &out)
{
    m_planNode = node;
    const size_t n = size_t(m_stride);
    out.actions.clear();
    out.stations.clear();
    out.cost = m_nodes[node].g;
    out.firstCost = 0;
    m_symPath.clear();
    for (std::uint32_t k = node; k != kNoParent; k = m_nodes[k].parent)
        m_symPath.push_back(k);
    std::reverse(m_symPath.begin(), m_symPath.end());
    m_symReal.resize(2 * n);
    std::int32_t *const toReal = m_symReal.data(), *const real = toReal + n;
    std::iota(toReal, toReal + n, 0);
    std::memcpy(real, stateOf(m_symPath[0]), n * sizeof(std::int32_t)); // the root: the real start
    for (size_t i = 1; i < m_symPath.size(); ++i) {
        out.actions.push_back(realStep(m_symPath[i], toReal, real));
        if (i == 1)
            out.firstCost = m_nodes[m_symPath[i]].g;
    }
}

// `unmet`, the seed's and every shipped scenario's, has a loop of its own
// (searchUnmet, below): the same search, expansion for expansion.
template<>
void Planner::search<Planner::UnmetCount>(std::span<const int> actions, Plan &out, int maxNodes, UnmetCount heuristic);

bool Planner::planExtreme(std::span<const std::int32_t> state, std::span<const int> actions, const Extreme &goal,
                          Plan &out, int maxNodes, const Travel *travel)
{
    const PlannerHeuristic heuristic = m_scenario->planner.heuristic;
    if (!m_trace)
        return planUntraced(state, actions, {}, out, maxNodes, heuristic, travel, &goal);
    m_traceDuplicates.clear();
    m_traceDeadEnds.clear();
    m_traceOrder.clear();
    const bool found = planUntraced(state, actions, {}, out, maxNodes, heuristic, travel, &goal);
    fillTrace({}, out);
    return found;
}

bool Planner::planGoal(std::span<const std::int32_t> state, std::span<const int> actions, int goal, Plan &out,
                       int maxNodes, PlannerHeuristic heuristic, const Travel *travel)
{
    const CompiledGoal &g = m_scenario->goals[size_t(goal)];
    if (isExtreme(g.kind))
        return planExtreme(state, actions, Extreme {g.fact, g.kind == GoalKind::Maximise, g.budget}, out, maxNodes,
                           travel);
    return plan(state, actions, m_scenario->conditionsOf(g.conditions), out, maxNodes, heuristic, travel);
}

bool Planner::plan(std::span<const std::int32_t> state, std::span<const int> actions, std::span<const CCondition> goal,
                   Plan &out, int maxNodes)
{
    return plan(state, actions, goal, out, maxNodes, m_scenario->planner.heuristic);
}

bool Planner::plan(std::span<const std::int32_t> state, std::span<const int> actions, std::span<const CCondition> goal,
                   Plan &out, int maxNodes, PlannerHeuristic heuristic, const Travel *travel)
{
    if (!m_trace)
        return planUntraced(state, actions, goal, out, maxNodes, heuristic, travel);
    m_traceDuplicates.clear();
    m_traceDeadEnds.clear();
    m_traceOrder.clear();
    const bool found = planUntraced(state, actions, goal, out, maxNodes, heuristic, travel);
    fillTrace(goal, out);
    return found;
}

void Planner::traceSkip(std::vector<int> &counts, std::uint32_t node)
{
    if (counts.size() <= node)
        counts.resize(size_t(node) + 1, 0);
    ++counts[node];
}

void Planner::fillTrace(std::span<const CCondition> goal, const Plan &out)
{
    SearchTree &t = *m_trace;
    t = SearchTree {};
    t.goal.assign(goal.begin(), goal.end());
    t.result = out;
    if (m_states.size() < size_t(m_stride))
        return; // no memory for even the start
    const size_t made = std::max<size_t>(1, m_nodes.size()); // an unreachable goal: the start alone
    t.made = int(made);
    // Which nodes the tree keeps: the first kMaxNodes made, and the plan's path.
    std::vector<int> kept(made, -1);
    int keptCount = 0;
    for (size_t i = 0; i < made && i < SearchTree::kMaxNodes; ++i)
        kept[i] = keptCount++;
    std::vector<char> onPlan(made, 0);
    if (out.found && !m_traceOrder.empty())
        for (std::uint32_t n = m_planNode; n != kNoParent; n = m_nodes[n].parent) {
            onPlan[n] = 1;
            if (kept[n] < 0)
                kept[n] = -2; // numbered below, in order
        }
    for (size_t i = SearchTree::kMaxNodes; i < made; ++i)
        if (kept[i] == -2)
            kept[i] = keptCount++;
    t.nodes.resize(size_t(keptCount));
    std::vector<char> met(goal.size(), 0);
    for (size_t i = 0; i < made; ++i) {
        const std::int32_t *state = stateOf(std::uint32_t(i));
        for (size_t c = 0; c < goal.size(); ++c)
            if (goal[c].holds(state[goal[c].fact]))
                met[c] = 1;
        if (kept[i] < 0)
            continue;
        SearchTree::Node &n = t.nodes[size_t(kept[i])];
        if (i < m_nodes.size()) {
            const Node &node = m_nodes[i];
            n.parent = node.parent == kNoParent ? -1 : kept[node.parent];
            n.action = node.action;
            n.g = node.g;
            n.h = node.h;
            n.goal = node.goal;
            n.superseded = node.superseded;
            if (m_travel && n.action >= 0 && !m_scenario->actions[size_t(n.action)].stations.empty())
                n.station = state[m_position] - 1;
        }
        n.onPlan = onPlan[i];
        n.duplicates = i < m_traceDuplicates.size() ? m_traceDuplicates[i] : 0;
        n.deadEnds = i < m_traceDeadEnds.size() ? m_traceDeadEnds[i] : 0;
        for (size_t c = 0; c < goal.size(); ++c)
            if (!goal[c].holds(state[goal[c].fact]))
                n.unmet.push_back(int(c));
        if (n.parent >= 0) {
            n.depth = t.nodes[size_t(n.parent)].depth + 1; // parents are kept, and made, before their children
            t.nodes[size_t(n.parent)].children.push_back(kept[i]);
        }
    }
    for (size_t k = 0; k < m_traceOrder.size(); ++k)
        if (const int n = kept[m_traceOrder[k]]; n >= 0)
            t.nodes[size_t(n)].expandedAt = int(k);
    if (m_useSymmetry)
        realTrace(kept, met);
    for (size_t c = 0; c < goal.size(); ++c)
        if (!met[c])
            t.neverMet.push_back(int(c));
}

// A search that kept one state per orbit stored representatives, and the
// action that led to each from its parent's representative: a tree drawn from
// those would show a path of other actions than the plan's, and states the
// character is never in. So the tree shows the real ones: each kept node's
// action and unmet conditions are those realStep() finds walking down from
// the start, as the plan is read (its path is the plan, step for step), and a
// goal condition counts as met when it holds in a kept node's real state.
// Depth first, so what it holds is one state and one permutation per level.
void Planner::realTrace(std::span<const int> kept, std::vector<char> &met)
{
    SearchTree &t = *m_trace;
    const size_t n = size_t(m_stride);
    std::vector<std::uint32_t> nodeOf(t.nodes.size());
    for (size_t i = 0; i < kept.size(); ++i)
        if (kept[i] >= 0)
            nodeOf[size_t(kept[i])] = std::uint32_t(i);
    std::vector<std::int32_t> levels(size_t(t.maxDepth() + 1) * 2 * n);
    std::iota(levels.begin(), levels.begin() + std::ptrdiff_t(n), 0);
    std::memcpy(levels.data() + n, stateOf(nodeOf[0]), n * sizeof(std::int32_t)); // the root: the real start
    std::fill(met.begin(), met.end(), 0);
    std::vector<int> stack {0};
    while (!stack.empty()) {
        const int k = stack.back();
        stack.pop_back();
        SearchTree::Node &node = t.nodes[size_t(k)];
        std::int32_t *const toReal = levels.data() + size_t(node.depth) * 2 * n, *const real = toReal + n;
        if (node.parent >= 0) {
            std::memcpy(toReal, toReal - 2 * n, 2 * n * sizeof(std::int32_t)); // the parent's level
            node.action = realStep(nodeOf[size_t(k)], toReal, real);
        }
        node.unmet.clear();
        for (size_t c = 0; c < t.goal.size(); ++c) {
            if (t.goal[c].holds(real[t.goal[c].fact]))
                met[c] = 1;
            else
                node.unmet.push_back(int(c));
        }
        for (auto child = node.children.rbegin(); child != node.children.rend(); ++child)
            stack.push_back(*child);
    }
}

// What a search writes, as before it ran.
static void clearAnswer(Plan &out)
{
    out.found = false;
    out.reason = PlanReason::Exhausted;
    out.actions.clear();
    out.cost = 0;
    out.firstCost = 0;
    out.expanded = 0;
    out.generated = 0;
}

bool Planner::planUntraced(std::span<const std::int32_t> state, std::span<const int> actions,
                           std::span<const CCondition> goal, Plan &out, int maxNodes, PlannerHeuristic heuristic,
                           const Travel *travel, const Extreme *extreme)
{
    out.stations.clear();
    m_useSymmetry = false;
    // Reachability is part of the world's rules (SPEC 12.1): on a map with
    // walls, an action none of whose stations is in the character's region
    // (reachable by path from where it stands; every step keeps it there) is
    // not one it can take. Alternatives outside the region are never chosen:
    // their walk is unreachable below.
    if (travel && travel->space && travel->space->hasWalls()) {
        const Space &space = *travel->space;
        const int region = space.region(Grid::cellOf(travel->x, travel->y));
        m_inReach.clear();
        for (const int a : actions) {
            const std::vector<int> &stations = m_scenario->actions[size_t(a)].stations;
            if (stations.empty() || std::any_of(stations.begin(), stations.end(), [&](int st) {
                    return region >= 0 && space.stationRegion(st) == region;
                }))
                m_inReach.push_back(a);
        }
        actions = m_inReach;
    }
    m_travel = travel && travel->space && travel->weight > 0 && m_stride > m_scenario->stateSize();
    if (m_travel) {
        m_travelArgs = *travel;
        m_fromStart.assign(m_scenario->stations.size(), 0.0);
        for (const int a : actions)
            for (const int s : m_scenario->actions[size_t(a)].stations)
                m_fromStart[size_t(s)] = travel->space->distance(s, travel->x, travel->y);
    }
    clearAnswer(out);
    out.heuristic = heuristic;
    out.optimal = false;
    out.extreme = extreme != nullptr;
    out.startValue = out.value = 0;

    if (++m_epoch == 0) { // wrapped: old slots could look current, so wipe them
        std::fill(m_table.begin(), m_table.end(), TableSlot {0, 0, 0});
        m_epoch = 1;
    }
    m_nodes.clear();
    m_open.clear();

    const size_t stride = size_t(m_stride);
    const std::size_t limitBytes = m_memoryLimitOverride ? m_memoryLimitOverride : memoryLimit(maxNodes);
    if (limitBytes != m_limitBytes) { // a binary search: once per limit, not per search
        m_limitBytes = limitBytes;
        m_nodeLimit = nodeLimit(limitBytes);
    }
    if ((m_capacity == 0 || m_nodeLimit == 0) && !reserveNodes(1, m_nodeLimit)) { // the start's room
        out.reason = PlanReason::Memory;
        return false;
    }

    // The start (a state too short reads 0 past its end): a loop, not two calls, for the few values of most.
    {
        std::int32_t *const start = m_states.data();
        const size_t given = std::min(state.size(), stride);
        for (size_t k = 0; k < given; ++k)
            start[k] = state[k];
        for (size_t k = given; k < stride; ++k)
            start[k] = 0;
    }
    if (extreme) {
        out.startValue = extreme->fact >= 0 && size_t(extreme->fact) < stride ? m_states[size_t(extreme->fact)] : 0;
        out.value = out.startValue;
    }
    if (m_preMasks.empty() || !sameRun(actions.data(), actions.size(), m_indexedActions)) {
        indexPreconditions(actions);
        m_indexedActions.assign(actions.begin(), actions.end());
        m_reach.valid = false; // it remembers a verdict for the actions indexed
    }
    // A plan found proves the goal reachable: under `unmet` a small question
    // (searchSmall) is searched first, and the relaxation's proof is asked
    // for only when that search finds no plan (an answer it proves
    // unreachable is then the proof's: no search, 0 nodes).
    bool answered = false;
    if (!extreme && !holds(m_states.data(), goal)) {
        // (Not for a question the proof last called unreachable, a character retrying: its memo answers at once.)
        const bool provenBefore = !m_reach.answer && reachRemembered(m_states.data(), goal);
        answered
            = !provenBefore && heuristic == PlannerHeuristic::Unmet && searchSmall(UnmetCount {goal}, out, maxNodes);
        if (!(answered && out.found) && !reachable(m_states.data(), actions, goal)) {
            clearAnswer(out);
            out.reason = PlanReason::Unreachable;
            out.optimal = true;
            return false;
        }
    }
    if (extreme) {
        if (extreme->fact < 0 || size_t(extreme->fact) >= size_t(m_scenario->stateSize())) {
            // A fact the scenario never names reads 0 and nothing changes it: the empty plan, proven.
            out.found = out.optimal = true;
            out.reason = PlanReason::Found;
            return true;
        }
        // Room for the rounding of summed costs: 0.1 + 0.2 is within a budget of 0.3.
        const double limit = extreme->budget + 1e-9 * std::max(1.0, std::abs(extreme->budget));
        search(actions, out, maxNodes, ExtremeValue {*extreme, limit});
        // The best expanded node is the plan, whatever ended the search; it is
        // proven best only when nothing within the budget was left or the
        // value reached its bound (search() ends those as Exhausted).
        out.optimal = out.reason == PlanReason::Exhausted;
        out.found = true;
        out.reason = PlanReason::Found;
        extract(m_best, out);
        out.value = stateOf(m_best)[extreme->fact];
        return true;
    }
    switch (heuristic) {
    case PlannerHeuristic::Unmet:
        if (!answered)
            search(actions, out, maxNodes, UnmetCount {goal});
        break;
    case PlannerHeuristic::Additive:
        m_relaxation.prepare(m_states.data(), actions, goal);
        search(actions, out, maxNodes, RelaxedCost<true> {&m_relaxation, goal});
        break;
    case PlannerHeuristic::Max:
        m_relaxation.prepare(m_states.data(), actions, goal);
        search(actions, out, maxNodes, RelaxedCost<false> {&m_relaxation, goal});
        break;
    case PlannerHeuristic::Lmcut:
        m_relaxation.prepare(m_states.data(), actions, goal);
        if (m_symmetriesOn && !m_travel) { // a station is where a step is done: travel keeps its own states
            m_symmetries.find(*m_scenario, m_stride, {m_states.data(), stride}, actions, goal);
            m_useSymmetry = m_symmetries.count() > 0;
            m_canon.resize(stride);
            m_canonScratch.resize(stride);
            m_searchActions = actions;
        }
        search(actions, out, maxNodes, LandmarkCut {&m_relaxation, goal});
        break;
    }
    out.optimal = out.found ? heuristic == PlannerHeuristic::Max || heuristic == PlannerHeuristic::Lmcut
                            : out.reason == PlanReason::Exhausted || out.reason == PlanReason::Unreachable;
    return out.found;
}

// The A* loop, one instance per heuristic so `unmet` pays nothing for the others.
template<typename Heuristic>
void Planner::search(std::span<const int> actions, Plan &out, int maxNodes, Heuristic heuristic)
{
    const CompiledScenario &sc = *m_scenario;
    const size_t stride = size_t(m_stride);
    const size_t bytes = stride * sizeof(std::int32_t);
    size_t maxBranch = 0;
    for (const int a : actions)
        maxBranch += m_travel ? std::max<size_t>(1, sc.actions[size_t(a)].stations.size()) : 1;
    const int position = m_position;

    if constexpr (Heuristic::kSmall)
        if (searchSmall(heuristic, out, maxNodes))
            return;
    bool isGoal = false;
    const double rootH = heuristic(m_states.data(), isGoal);
    if (rootH == Relaxation::kInfinity) { // the relaxed costs find no way: a proof as good as reachability's
        out.reason = PlanReason::Unreachable;
        return;
    }
    const std::uint32_t root = newNode(stateHash({m_states.data(), stride}), 0, kNoParent, -1, rootH, isGoal);
    bool found = false;
    *find(m_nodes[root].hash, stateOf(root), found) = TableSlot {m_nodes[root].hash, root, m_epoch};
    pushOpen(root, rootH);
    if constexpr (Heuristic::kExtreme)
        m_best = root;

    const auto heapOrder = [](const OpenEntry &a, const OpenEntry &b) { return later(a, b); };
    while (!m_open.empty()) {
        std::pop_heap(m_open.begin(), m_open.end(), heapOrder);
        const auto current = std::uint32_t(m_open.back().tie);
        m_open.pop_back();
        if (m_nodes[current].superseded)
            continue;
        m_nodes[current].closed = true;
        ++out.expanded;
        if (m_trace)
            m_traceOrder.push_back(current);
        if constexpr (Heuristic::kExtreme) {
            // Expanded in order of cost, then generation: the first to beat every earlier one is kept.
            const std::int32_t value = stateOf(current)[heuristic.goal.fact];
            if (heuristic.better(value, stateOf(m_best)[heuristic.goal.fact]))
                m_best = current;
            if (heuristic.atBound(value)) {
                out.reason = PlanReason::Exhausted; // nothing can do better: proven
                return;
            }
        }
        if (m_nodes[current].goal) {
            extract(current, out);
            out.found = true;
            out.reason = PlanReason::Found;
            return;
        }
        if (out.expanded >= maxNodes) {
            out.reason = PlanReason::NodeCap;
            return;
        }
        // Room for every successor of this node, so state pointers stay valid
        // and pushes never reallocate. Whether it fits depends only on the
        // node count and the limit, so the answer is the same on every run.
        if (!reserveNodes(m_nodes.size() + maxBranch, m_nodeLimit)) {
            out.reason = PlanReason::Memory;
            return;
        }
        const double parentG = m_nodes[current].g;
        const std::uint64_t parentHash = m_nodes[current].hash;

        // Which distinct preconditions the expanded state meets, once; then each action is a mask test.
        std::int32_t *const parent = stateOf(current);
        const size_t words = m_maskWords;
        std::fill(m_holdMask.begin(), m_holdMask.end(), 0);
        for (size_t k = 0; k < m_preConditions.size(); ++k)
            if (m_preConditions[k].holds(parent[m_preConditions[k].fact]))
                m_holdMask[k >> 6] |= std::uint64_t(1) << (k & 63);
        const std::uint64_t *mask = m_preMasks.data();
        for (const int actionIndex : actions) {
            const std::uint64_t *need = mask;
            mask += words;
            bool applicable = true;
            for (size_t w = 0; w < words; ++w)
                applicable = applicable && (need[w] & ~m_holdMask[w]) == 0;
            if (!applicable)
                continue;
            const CompiledAction &action = sc.actions[size_t(actionIndex)];
            const size_t choices = m_travel && !action.stations.empty() ? action.stations.size() : 1;
            if constexpr (Heuristic::kExtreme)
                if (parentG + action.cost > heuristic.limit)
                    continue; // past the budget, whatever the walk
            for (size_t choice = 0; choice < choices; ++choice) {
                double g = parentG + action.cost;
                int station = -1;
                if (m_travel && !action.stations.empty()) {
                    // The walk there, by path, from where it would stand.
                    const int to = action.stations[choice];
                    const int from = parent[position] - 1;
                    const double distance = from < 0 ? m_fromStart[size_t(to)] : between(from, to);
                    if (distance == Space::kUnreachable)
                        continue; // walls cut it off from there
                    g += m_travelArgs.weight * distance / m_travelArgs.speed;
                    // A station whose places are all held (as this state sees it): standing in
                    // its line costs the wait, about one action there, so a plan may rather walk
                    // to a free alternative, or choose to wait in line when that is still cheaper.
                    const CompiledStation &st = sc.stations[size_t(to)];
                    if (st.freeFact >= 0 && parent[st.freeFact] <= 0)
                        g += m_travelArgs.weight * action.duration;
                    station = to;
                }
                if constexpr (Heuristic::kExtreme)
                    if (g > heuristic.limit)
                        continue; // past the budget with the walk there
                // The successor is the parent with the action's effects written over it
                // (undone below): its hash follows from the parent's, and only a state
                // the table has not seen is copied out into a node of its own.
                m_undo.clear();
                std::uint64_t hash = parentHash;
                const auto write = [&](FactId fact, std::int32_t now) {
                    const std::int32_t old = parent[fact];
                    if (now != old) {
                        m_undo.push_back(Undo {fact, old});
                        parent[fact] = now;
                        hash += key(fact, now) - key(fact, old);
                    }
                };
                for (const CEffect &e : sc.effectsOf(action.add))
                    write(e.fact, addClamped(parent[e.fact], e.value));
                for (const CEffect &e : sc.effectsOf(action.set))
                    write(e.fact, e.value);
                if (station >= 0)
                    write(FactId(position), station + 1);
                const auto undo = [&] {
                    for (auto u = m_undo.rbegin(); u != m_undo.rend(); ++u)
                        parent[u->fact] = u->old;
                };
                // Changes nothing (every write put back by a later one): the state being expanded.
                if (hash == parentHash && unchanged(parent, m_undo.data(), m_undo.data() + m_undo.size())) {
                    undo();
                    continue;
                }
                ++out.generated;
                // The state probed, scored and stored: the successor written over
                // its parent, or with symmetries the representative of its orbit.
                const std::int32_t *succ = parent;
                std::uint32_t self = current;
                if constexpr (Heuristic::kSymmetry) {
                    if (m_useSymmetry) {
                        std::int32_t *canon = m_canon.data();
                        std::memcpy(canon, parent, bytes);
                        undo();
                        m_symmetries.canonicalise(canon, m_canonScratch.data());
                        hash = stateHash({canon, stride});
                        succ = canon;
                        self = ~0u; // the parent is itself again: a successor in its own orbit is a duplicate
                    }
                }
                TableSlot *slot = find(hash, succ, found, self);
                if (found) {
                    Node &existing = m_nodes[slot->node];
                    if ((existing.closed && !Heuristic::kReopen) || existing.g <= g) {
                        undo();
                        if (m_trace)
                            traceSkip(m_traceDuplicates, current);
                        continue; // closed, or already open by a route no dearer
                    }
                    const double h = heuristic(succ, isGoal);
                    std::memcpy(stateOf(std::uint32_t(m_nodes.size())), succ, bytes);
                    undo();
                    existing.superseded = true;
                    slot->node = newNode(hash, g, current, actionIndex, h, isGoal);
                    pushOpen(std::uint32_t(m_nodes.size() - 1), h);
                } else {
                    const double h = heuristic(succ, isGoal);
                    if (h == Relaxation::kInfinity) {
                        undo();
                        if (m_trace)
                            traceSkip(m_traceDeadEnds, current);
                        continue; // a dead end: no relaxed plan reaches the goal from here
                    }
                    std::memcpy(stateOf(std::uint32_t(m_nodes.size())), succ, bytes);
                    undo();
                    *slot = TableSlot {hash, newNode(hash, g, current, actionIndex, h, isGoal), m_epoch};
                    pushOpen(std::uint32_t(m_nodes.size() - 1), h);
                }
            }
        }
    }
}

void Planner::indexPreconditions(std::span<const int> actions)
{
    const CompiledScenario &sc = *m_scenario;
    m_preConditions.clear();
    for (const int a : actions)
        for (const CCondition &c : sc.conditionsOf(sc.actions[size_t(a)].pre))
            if (std::none_of(m_preConditions.begin(), m_preConditions.end(), [&](const CCondition &o) {
                    return o.fact == c.fact && o.value == c.value && o.op == c.op;
                }))
                m_preConditions.push_back(c);
    m_maskWords = std::max<size_t>(1, (m_preConditions.size() + 63) / 64);
    m_holdMask.assign(m_maskWords, 0);
    m_preMasks.assign(actions.size() * m_maskWords, 0);
    for (size_t k = 0; k < actions.size(); ++k)
        for (const CCondition &c : sc.conditionsOf(sc.actions[size_t(actions[k])].pre)) {
            const auto bit = size_t(std::find_if(m_preConditions.begin(), m_preConditions.end(),
                                                 [&](const CCondition &o) {
                                                     return o.fact == c.fact && o.value == c.value && o.op == c.op;
                                                 })
                                    - m_preConditions.begin());
            m_preMasks[k * m_maskWords + (bit >> 6)] |= std::uint64_t(1) << (bit & 63);
        }
    // searchUnmet's view of the same: range tests, one flat record per action,
    // and (when it fits in 64 bits) the bit-parallel index.
    m_flatEffects.clear();
    m_flatActions.clear();
    m_tests.clear();
    for (const CCondition &c : m_preConditions)
        m_tests.push_back(rangeTest(c));
    m_bitParallel = actions.size() <= 64 && m_tests.size() <= 64;
    m_blocks.assign(64, 0);
    m_enables.assign(64, 0);
    m_changing = m_atStations = 0;
    size_t writes = 1; // the station it would stand at
    for (size_t k = 0; k < actions.size(); ++k) {
        const CompiledAction &a = sc.actions[size_t(actions[k])];
        const auto begin = std::uint32_t(m_flatEffects.size());
        for (const CEffect &e : sc.effectsOf(a.add))
            m_flatEffects.push_back(FlatEffect {e.fact, e.value, 0, false});
        for (const CEffect &e : sc.effectsOf(a.set))
            m_flatEffects.push_back(FlatEffect {e.fact, e.value, key(e.fact, e.value), true});
        const auto end = std::uint32_t(m_flatEffects.size());
        writes = std::max<size_t>(writes, end - begin + 1);
        m_flatActions.push_back(FlatAction {a.cost, begin, end, actions[k], !a.stations.empty()});
        if (!m_bitParallel)
            continue;
        const std::uint64_t bit = std::uint64_t(1) << k;
        for (size_t t = 0; t < m_preConditions.size(); ++t)
            if (m_preMasks[k * m_maskWords + (t >> 6)] >> (t & 63) & 1)
                m_blocks[t] |= bit;
        if (!a.stations.empty())
            m_atStations |= bit;
        bool setsOnce = sc.effectsOf(a.add).empty();
        for (std::uint32_t i = begin; i < end; ++i)
            for (std::uint32_t j = begin; j < i; ++j)
                setsOnce = setsOnce && m_flatEffects[i].fact != m_flatEffects[j].fact;
        if (!setsOnce) {
            m_changing |= bit;
            continue;
        }
        for (std::uint32_t i = begin; i < end && m_bitParallel; ++i) {
            const RangeTest same
                = rangeTest(CCondition {m_flatEffects[i].fact, m_flatEffects[i].value, ConditionOp::Eq});
            const auto t = size_t(
                std::find_if(m_tests.begin() + std::ptrdiff_t(m_preConditions.size()), m_tests.end(),
                             [&](const RangeTest &o) { return o.fact == same.fact && o.lo == same.lo && o.span == 0; })
                - m_tests.begin());
            if (t == m_tests.size())
                m_tests.push_back(same);
            m_bitParallel = m_tests.size() <= 64;
            if (m_bitParallel)
                m_enables[t] |= bit;
        }
    }
    if (!m_bitParallel)
        m_tests.resize(m_preConditions.size());
    m_testGroups.clear();
    m_testFlips = 0;
    for (size_t t = 0; m_bitParallel && t < m_tests.size(); t += 4) {
        RangeTest group[4];
        for (size_t k = 0; k < 4; ++k)
            group[k] = t + k < m_tests.size() ? m_tests[t + k] : RangeTest {0, 0, ~0u, 0}; // always holds
        for (const RangeTest &r : group)
            m_testGroups.push_back(std::uint32_t(r.fact));
        for (const RangeTest &r : group)
            m_testGroups.push_back(r.lo);
        for (const RangeTest &r : group)
            m_testGroups.push_back(r.span ^ 0x80000000u);
        for (size_t k = 0; k < 4; ++k)
            m_testFlips |= std::uint64_t(group[k].flip) << (t + k);
    }
    m_flatWrites = writes;
    // With at most 8 tests, the actions left by each set of failed tests, looked up.
    m_leftByFails.clear();
    if (m_bitParallel && m_tests.size() <= kLookedUpTests) {
        m_leftByFails.resize(size_t(1) << m_tests.size());
        for (size_t fails = 0; fails < m_leftByFails.size(); ++fails) {
            std::uint64_t blocked = 0, enabled = m_changing;
            for (size_t t = 0; t < m_tests.size(); ++t)
                if (fails >> t & 1) {
                    blocked |= m_blocks[t];
                    enabled |= m_enables[t];
                }
            m_leftByFails[fails] = enabled & ~blocked;
        }
    }
    m_laneTests = false;
    m_leftByLanes.clear();
    if (m_bitParallel && m_stride <= kSmallWidth && !m_leftByFails.empty()) {
        unsigned lanes = 0;
        std::uint16_t laneBit[kSmallWidth] = {}; // the bit of the test that reads the lane
        m_laneTests = true;
        std::fill(std::begin(m_laneLo), std::end(m_laneLo), 0);
        std::fill(std::begin(m_laneSpan), std::end(m_laneSpan), std::int32_t(0x7FFFFFFF)); // ~0u: always holds
        m_laneFlips = 0;
        for (size_t t = 0; t < m_tests.size() && m_laneTests; ++t) {
            const RangeTest &test = m_tests[t];
            m_laneTests = test.fact >= 0 && test.fact < m_stride && (lanes >> test.fact & 1) == 0;
            if (!m_laneTests)
                break;
            lanes |= 1u << test.fact;
            laneBit[test.fact] = std::uint16_t(1u << t);
            m_laneLo[test.fact] = std::int32_t(test.lo);
            m_laneSpan[test.fact] = std::int32_t(test.span ^ 0x80000000u);
            m_laneFlips |= test.flip << test.fact;
        }
        m_laneHigh = lanes >= 16;
        if (m_laneTests) { // per set of failed lanes, the failed tests (one lane's more than the set without it)
            std::uint16_t fails[size_t(1) << kSmallWidth];
            fails[0] = 0;
            m_leftByLanes.resize(size_t(1) << (m_laneHigh ? kSmallWidth : 4));
            for (size_t set = 0; set < m_leftByLanes.size(); ++set) {
                if (set != 0)
                    fails[set] = fails[set & (set - 1)] | laneBit[std::countr_zero(set)];
                m_leftByLanes[set] = m_leftByFails[fails[set]];
            }
        }
    }
    m_smallActions.clear();
    m_smallMissed = false;
    if (m_bitParallel && m_stride <= kSmallWidth)
        for (const FlatAction &fa : m_flatActions) {
            SmallAction &s = m_smallActions.emplace_back(SmallAction {{}, {}, {}, {}, 0, 0, 0, true});
            std::fill(std::begin(s.keep), std::end(s.keep), -1);
            for (std::uint32_t i = fa.effects; i < fa.effectsEnd; ++i) { // adds, then sets
                const FlatEffect &e = m_flatEffects[i];
                if (e.set) {
                    s.keep[e.fact] = 0;
                    s.set[e.fact] = e.value;
                    continue;
                }
                s.vector = s.vector && s.added[e.fact] == 0;
                s.add[e.fact] = e.value;
                s.added[e.fact] = -1;
            }
            // Without a clamp an added lane's new value is old + add, its 32 bits too (both are >= 0).
            for (int lane = 0; lane < kSmallWidth; ++lane) {
                if (s.keep[lane] == 0) {
                    s.setLanes |= 1u << lane;
                    s.setHash += plannerinternal::laneTerm(s.set[lane], lane);
                } else {
                    s.addHash += std::uint64_t(std::int64_t(s.add[lane])) * plannerinternal::kLaneKeys[lane];
                }
            }
        }
}

template<>
void Planner::search<Planner::UnmetCount>(std::span<const int> actions, Plan &out, int maxNodes, UnmetCount heuristic)
{
    if (m_travel)
        searchUnmet<true>(actions, heuristic.goal, out, maxNodes);
    else if (!searchSmall(heuristic, out, maxNodes))
        searchUnmet<false>(actions, heuristic.goal, out, maxNodes);
}

double Planner::between(int from, int to)
{
    const size_t n = m_scenario->stations.size();
    if (n > size_t(kBetweenStations))
        return m_travelArgs.space->distance(from, to);
    if (m_between.size() != n * n)
        m_between.assign(n * n, std::numeric_limits<float>::quiet_NaN());
    float &d = m_between[size_t(from) * n + size_t(to)];
    if (d != d)
        d = float(m_travelArgs.space->distance(from, to));
    return double(d);
}

// The relaxation's verdict, remembered for the last question asked: a
// character retrying the same search (or a benchmark) pays a comparison, not
// a fixpoint. The question is compared by value, never by address: `actions`
// are the ones indexed (planUntraced forgets the verdict when they change).
bool Planner::reachRemembered(const std::int32_t *state, std::span<const CCondition> goal) const
{
    return m_reach.valid && sameRun(state, size_t(m_stride), m_reach.state)
        && plannerinternal::sameConditions(goal, m_reach.goal);
}

bool Planner::reachable(const std::int32_t *state, std::span<const int> actions, std::span<const CCondition> goal)
{
    if (reachRemembered(state, goal))
        return m_reach.answer;
    const size_t stride = size_t(m_stride);
    m_reach.answer = m_relaxation.reachable(state, actions, goal);
    m_reach.goal.assign(goal.begin(), goal.end());
    m_reach.state.assign(state, state + stride);
    m_reach.valid = true;
    return m_reach.answer;
}

bool Planner::planForAgent(std::span<const std::int32_t> state, int agent, int goal, Plan &out, const Travel *travel)
{
    const CompiledScenario &sc = *m_scenario;
    const CompiledGoal &g = sc.goals[size_t(goal)];
    if (m_trace || isExtreme(g.kind)) // planGoal's other ways
        return planGoal(state, sc.agents[size_t(agent)].actions, goal, out, sc.planner.maxNodes, sc.planner.heuristic,
                        travel);
    return planUntraced(state, sc.agents[size_t(agent)].actions, sc.conditionsOf(g.conditions), out,
                        sc.planner.maxNodes, sc.planner.heuristic, travel);
}

} // namespace goap

namespace goap {

int SearchTree::expandedCount() const
{
    return int(std::count_if(nodes.begin(), nodes.end(), [](const Node &n) { return n.expandedAt >= 0; }));
}

int SearchTree::maxDepth() const
{
    int d = 0;
    for (const Node &n : nodes)
        d = std::max(d, n.depth);
    return d;
}

} // namespace goap
