// `unmet`'s own search loop (Planner::searchUnmet; planner.h says what it
// keeps, planner.cpp's search<UnmetCount> calls it). In a file of its own so
// that planner.cpp's other searches are compiled, and inlined, as before.
#include "planner/planner.h"
#include "planner/plannerinternal.h"
#include "planner/searchheuristics.h"
#include "space/paths.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace goap {

using plannerinternal::addClamped;
using plannerinternal::key;
using plannerinternal::kNoParent;
using plannerinternal::later;
using plannerinternal::tieKey;
using plannerinternal::unmet;

namespace {
// Two states of `n` values are equal: word by word, without a call or an early
// exit (a probe compares only on a 64-bit hash match, so they nearly always are).
inline bool sameState(const std::int32_t *a, const std::int32_t *b, size_t n)
{
    size_t i = 0;
#if defined(__SSE2__)
    __m128i diff = _mm_setzero_si128();
    for (; i + 4 <= n; i += 4)
        diff = _mm_or_si128(diff,
                            _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i *>(a + i)),
                                          _mm_loadu_si128(reinterpret_cast<const __m128i *>(b + i))));
    if (_mm_movemask_epi8(_mm_cmpeq_epi32(diff, _mm_setzero_si128())) != 0xFFFF)
        return false;
#endif
    std::int32_t rest = 0;
    for (; i < n; ++i)
        rest |= a[i] ^ b[i];
    return rest == 0;
}

#if defined(__SSE2__)
// The lanes of `v` that fail their range tests (RangeTest: v - lo > span,
// unsigned, as a signed compare of both ^ 0x80000000; `span` given so), a bit each.
inline unsigned failedLanes(__m128i v, __m128i lo, __m128i span)
{
    const __m128i offset = _mm_xor_si128(_mm_sub_epi32(v, lo), _mm_set1_epi32(INT32_MIN));
    return unsigned(_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpgt_epi32(offset, span))));
}
#endif
} // namespace

// The actions worth trying in `state` (bit k: the search's k-th), with at most
// 64 actions and 64 tests (m_bitParallel): the tests it fails, without a
// branch, then the actions they leave (planner.h). `atStations` adds the
// actions done at a station (with costed travel the walk changes the state).
GOAP_ALWAYS_INLINE inline std::uint64_t Planner::applicableBits(const std::int32_t *state, bool atStations) const
{
    std::uint64_t fails = 0;
    const std::uint32_t *const groupsBegin = m_testGroups.data(), *const groupsEnd = groupsBegin + m_testGroups.size();
    for (const std::uint32_t *q = groupsBegin; q != groupsEnd; q += 12) {
        const auto t = size_t(q - groupsBegin) / 3;
#if defined(__SSE2__)
        const __m128i v = _mm_setr_epi32(state[q[0]], state[q[1]], state[q[2]], state[q[3]]);
        fails |= std::uint64_t(failedLanes(v, _mm_loadu_si128(reinterpret_cast<const __m128i *>(q + 4)),
                                           _mm_loadu_si128(reinterpret_cast<const __m128i *>(q + 8))))
            << t;
#else
        for (size_t k = 0; k < 4; ++k)
            fails |= std::uint64_t(std::uint32_t(state[q[k]]) - q[4 + k] > (q[8 + k] ^ 0x80000000u)) << (t + k);
#endif
    }
    fails ^= m_testFlips;
    if (!atStations && !m_leftByFails.empty())
        return m_leftByFails[fails];
    std::uint64_t blocked = 0, enabled = m_changing | (atStations ? m_atStations : 0);
    for (; fails != 0; fails &= fails - 1) {
        const int t = std::countr_zero(fails);
        blocked |= m_blocks[size_t(t)];
        enabled |= m_enables[size_t(t)];
    }
    return enabled & ~blocked;
}

// search<UnmetCount>, specialised: the same expansions in the same order, the
// same successors generated, the same nodes made (so the same plan, counts and
// trace), with the per-search work hoisted into indexPreconditions' flat
// records and the conditions as range tests. The seed's search never reopens
// a node and h is never infinite, so neither case is here.
template<bool Walks>
void Planner::searchUnmet(std::span<const int> actions, std::span<const CCondition> goal, Plan &out, int maxNodes)
{
    const CompiledScenario &sc = *m_scenario;
    const size_t stride = size_t(m_stride);
    const size_t bytes = stride * sizeof(std::int32_t);
    const int position = m_position;
    size_t maxBranch = actions.size();
    if (Walks)
        for (const FlatAction &fa : m_flatActions)
            maxBranch += fa.stations ? sc.actions[size_t(fa.action)].stations.size() - 1 : 0;
    const auto unmetCount = [goal](const std::int32_t *state) { return unmet(state, goal); };
    if (m_undo.size() < m_flatWrites)
        m_undo.resize(m_flatWrites);
    Undo *const undoBase = m_undo.data();
    const FlatEffect *const effects = m_flatEffects.data();
    const FlatAction *const flatBegin = m_flatActions.data();
    const size_t words = m_maskWords;
    const RangeTest *const testBegin = m_tests.data();
    const RangeTest *const preEnd = testBegin + m_preConditions.size();
    const auto heapOrder = [](const OpenEntry &a, const OpenEntry &b) { return later(a, b); };
    // Counted here and stored on the way out: `out` could alias the state
    // written below, and the compiler would reload it after every write.
    int expanded = 0, generated = 0;
    const auto finish = [&](PlanReason reason) {
        out.expanded = expanded;
        out.generated = generated;
        out.reason = reason;
    };

    const std::int32_t rootH = unmetCount(m_states.data());
    const auto makeNode = [&](std::uint64_t hash, double g, std::uint32_t parent, std::int32_t action, std::int32_t h) {
        const auto index = std::uint32_t(m_nodes.size());
        m_nodes.push_back(Node {hash, g, parent, action, float(h), h == 0, false, false});
        return index;
    };
    const std::uint32_t root = makeNode(stateHash({m_states.data(), stride}), 0, kNoParent, -1, rootH);
    bool found = false;
    // The first node of this epoch: its slot is the first a probe tries.
    m_table[std::uint32_t(m_nodes[root].hash) & m_tableMask] = TableSlot {m_nodes[root].hash, root, m_epoch};
    // The open list: buckets (m_buckets) until more than kMaxBuckets keys are open, then the heap.
    constexpr std::uint32_t kEnd = std::numeric_limits<std::uint32_t>::max();
    constexpr std::uint64_t kPopped = std::numeric_limits<std::uint64_t>::max();
    bool heap = false;
    m_buckets.clear();
    m_buckets.reserve(kMaxBuckets); // once: a Planner's buffers are reused
    const auto push = [&](std::uint32_t node, double f, float h) GOAP_ALWAYS_INLINE {
        if (!heap) {
            const auto at = std::lower_bound(m_buckets.begin(), m_buckets.end(), 0, [&](const OpenBucket &b, int) {
                return b.f > f || (b.f == f && b.h > h);
            });
            const auto index = std::uint32_t(m_open.size());
            if (at != m_buckets.end() && at->f == f && at->h == h) { // joins its FIFO
                OpenEntry &tail = m_open[at->tail];
                tail.tie = std::uint64_t(index) << 32 | std::uint32_t(tail.tie);
                at->tail = index;
                m_open.push_back(OpenEntry {f, std::uint64_t(kEnd) << 32 | node});
                return;
            }
            if (m_buckets.size() < kMaxBuckets) {
                const auto position = at - m_buckets.begin();
                m_buckets.push_back(OpenBucket {f, h, index, index}); // then into its place: the order is kept
                std::rotate(m_buckets.begin() + position, m_buckets.end() - 1, m_buckets.end());
                m_open.push_back(OpenEntry {f, std::uint64_t(kEnd) << 32 | node});
                return;
            }
            // Too many keys: the entries still open become the heap (the order is the same).
            size_t kept = 0;
            for (const OpenEntry &e : m_open)
                if (e.tie != kPopped) {
                    const auto n = std::uint32_t(e.tie);
                    m_open[kept++] = OpenEntry {e.f, tieKey(m_nodes[n].h, n)};
                }
            m_open.resize(kept);
            std::make_heap(m_open.begin(), m_open.end(), heapOrder);
            m_buckets.clear();
            heap = true;
        }
        m_open.push_back(OpenEntry {f, tieKey(h, node)});
        std::push_heap(m_open.begin(), m_open.end(), heapOrder);
    };
    const auto pop = [&]() GOAP_ALWAYS_INLINE {
        if (heap) {
            std::pop_heap(m_open.begin(), m_open.end(), heapOrder);
            const auto node = std::uint32_t(m_open.back().tie);
            m_open.pop_back();
            return node;
        }
        OpenBucket &first = m_buckets.back();
        OpenEntry &e = m_open[first.head];
        const auto node = std::uint32_t(e.tie), next = std::uint32_t(e.tie >> 32);
        e.tie = kPopped;
        if (next == kEnd)
            m_buckets.pop_back();
        else
            first.head = next;
        return node;
    };
    push(root, rootH, float(rootH));

    while (heap ? !m_open.empty() : !m_buckets.empty()) {
        const std::uint32_t current = pop();
        if (m_nodes[current].superseded)
            continue;
        m_nodes[current].closed = true;
        ++expanded;
        if (m_trace)
            m_traceOrder.push_back(current);
        if (m_nodes[current].goal) {
            finish(PlanReason::Found);
            extract(current, out);
            out.found = true;
            return;
        }
        if (expanded >= maxNodes) {
            finish(PlanReason::NodeCap);
            return;
        }
        if (const size_t needed = m_nodes.size() + maxBranch;
            needed > std::min<size_t>(m_capacity, m_nodeLimit) && !reserveNodes(needed, m_nodeLimit)) {
            finish(PlanReason::Memory);
            return;
        }
        // Every pool has room for this expansion's successors: nothing moves until the next.
        Node *const nodes = m_nodes.data();
        std::int32_t *const states = m_states.data();
        TableSlot *const table = m_table.data();
        const std::uint32_t tableMask = m_tableMask, epoch = m_epoch;
        const double parentG = nodes[current].g;
        const std::uint64_t parentHash = nodes[current].hash;
        std::int32_t *const parent = states + size_t(current) * stride;

        // The actions worth trying, in the search's order: 64 at a time, as the bits of `left`.
        const size_t count = m_flatActions.size();
        for (size_t chunk = 0; chunk < count; chunk += 64) {
            std::uint64_t left = 0;
            if (m_bitParallel) {
                left = applicableBits(parent, Walks);
            } else {
                // More than 64 actions or tests: each action's preconditions as a mask.
                if (chunk == 0) {
                    std::fill(m_holdMask.begin(), m_holdMask.end(), 0);
                    for (const RangeTest *c = testBegin; c != preEnd; ++c) {
                        const auto k = size_t(c - testBegin);
                        m_holdMask[k >> 6] |= std::uint64_t(c->holds(parent[c->fact])) << (k & 63);
                    }
                }
                const std::uint64_t *mask = m_preMasks.data() + chunk * words;
                for (size_t a = chunk; a < std::min(count, chunk + 64); ++a, mask += words) {
                    bool applicable = true;
                    for (size_t w = 0; w < words; ++w)
                        applicable = applicable && (mask[w] & ~m_holdMask[w]) == 0;
                    left |= std::uint64_t(applicable) << (a - chunk);
                }
            }
            for (; left != 0; left &= left - 1) {
                const FlatAction &fa = flatBegin[chunk + size_t(std::countr_zero(left))];
                const CompiledAction *walk = Walks && fa.stations ? &sc.actions[size_t(fa.action)] : nullptr;
                const size_t choices = Walks && walk ? walk->stations.size() : 1;
                for (size_t choice = 0; choice < choices; ++choice) {
                    double g = parentG + fa.cost;
                    int station = -1;
                    if (Walks && walk) {
                        // The walk there, by path, from where it would stand (as search() does).
                        const int to = walk->stations[choice];
                        const int from = parent[position] - 1;
                        const double distance = from < 0 ? m_fromStart[size_t(to)] : between(from, to);
                        if (distance == Space::kUnreachable)
                            continue;
                        g += m_travelArgs.weight * distance / m_travelArgs.speed;
                        const CompiledStation &st = sc.stations[size_t(to)];
                        if (st.freeFact >= 0 && parent[st.freeFact] <= 0)
                            g += m_travelArgs.weight * walk->duration;
                        station = to;
                    }
                    // The successor written over the parent (undone below), its hash from the parent's.
                    Undo *undoEnd = undoBase;
                    std::uint64_t hash = parentHash;
                    for (const FlatEffect *e = effects + fa.effects, *end = effects + fa.effectsEnd; e != end; ++e) {
                        const std::int32_t old = parent[e->fact];
                        const std::int32_t now = e->set ? e->value : addClamped(old, e->value);
                        if (now != old) {
                            *undoEnd++ = Undo {e->fact, old};
                            parent[e->fact] = now;
                            hash += (e->set ? e->setKey : key(e->fact, now)) - key(e->fact, old);
                        }
                    }
                    if (Walks && station >= 0 && parent[position] != station + 1) {
                        const std::int32_t old = parent[position];
                        *undoEnd++ = Undo {FactId(position), old};
                        parent[position] = station + 1;
                        hash += key(FactId(position), station + 1) - key(FactId(position), old);
                    }
                    const auto undo = [&] {
                        for (const Undo *u = undoEnd; u != undoBase;) {
                            --u;
                            parent[u->fact] = u->old;
                        }
                    };
                    if (undoEnd == undoBase)
                        continue; // wrote nothing new: the state being expanded
                    if (hash == parentHash && unchanged(parent, undoBase, undoEnd)) {
                        undo();
                        continue; // every write put back by a later one: the state being expanded
                    }
                    ++generated;
                    // The closed table, probed as find() does (the parent's own slot is passed over:
                    // its stored state is the one being written over).
                    TableSlot *slot;
                    for (std::uint32_t i = std::uint32_t(hash) & tableMask;; i = (i + 1) & tableMask) {
                        slot = &table[i];
                        if (slot->epoch != epoch) {
                            found = false;
                            break;
                        }
                        if (slot->hash == hash && sameState(states + size_t(slot->node) * stride, parent, stride)
                            && slot->node != current) {
                            found = true;
                            break;
                        }
                    }
                    if (found) {
                        Node &existing = nodes[slot->node];
                        if (existing.closed || existing.g <= g) {
                            undo();
                            if (m_trace)
                                traceSkip(m_traceDuplicates, current);
                            continue; // closed, or already open by a route no dearer
                        }
                        existing.superseded = true;
                    }
                    const std::int32_t h = unmetCount(parent);
                    const auto node = std::uint32_t(m_nodes.size());
                    std::memcpy(states + size_t(node) * stride, parent, bytes);
                    undo();
                    makeNode(hash, g, current, fa.action, h);
                    if (found)
                        slot->node = node;
                    else
                        *slot = TableSlot {hash, node, epoch};
                    push(node, g + double(h), float(h));
                }
            }
        }
    }
    finish(PlanReason::Exhausted);
}

#if defined(__SSE2__) && defined(__x86_64__)
namespace {
// A small search's state as one or two vectors of four values (zero-padded).
template<int Halves> struct SmallState
{
    __m128i v[Halves];
};

// A state's lane hash (plannerinternal::kLaneKeys), from scratch.
template<int Halves> inline std::uint64_t smallHash(const std::int32_t *s)
{
    std::uint64_t h = 0;
    for (int lane = 0; lane < 4 * Halves; ++lane)
        h += plannerinternal::laneTerm(s[lane], lane);
    return h;
}

// The top bits of the hash pick the small table's slot.
inline unsigned smallSlot(std::uint64_t hash)
{
    return unsigned(hash >> 57);
}

template<int Halves> inline bool sameSmall(const SmallState<Halves> &a, const std::int32_t *b)
{
    __m128i diff = _mm_xor_si128(a.v[0], _mm_load_si128(reinterpret_cast<const __m128i *>(b)));
    if constexpr (Halves == 2)
        diff = _mm_or_si128(diff, _mm_xor_si128(a.v[1], _mm_load_si128(reinterpret_cast<const __m128i *>(b + 4))));
    return _mm_movemask_epi8(_mm_cmpeq_epi32(diff, _mm_setzero_si128())) == 0xFFFF;
}
} // namespace
#endif

// A search without costed travel on a small question (the bit-parallel
// index, a state of at most kSmallWidth values), the same search expansion
// for expansion as searchUnmet<false> or search<Heuristic> (the same order of
// (f, float(h), node), successors, dead ends, counts and plan), with
// everything in fixed arrays on the stack: at most kSmallNodes nodes (a bit
// each in the open, closed and goal sets; the next is found by a scan of the
// open ones), the states as one or two vectors of four values, each action's
// effects applied as one add, mask and or (SmallAction), and a 128-slot
// table of node numbers. Returns false when the search needs more nodes than
// that; `out` is then untouched and the caller searches as before.
template<class Heuristic> bool Planner::searchSmall(Heuristic heuristic, Plan &out, int maxNodes)
{
    // The full search stops for memory when an expansion's successors would
    // pass the node limit: at most kSmallNodes nodes and one successor per
    // action never do here, or the full search answers.
    if (!m_smallSearch || m_smallActions.empty() || m_trace || m_travel
        || size_t(m_nodeLimit) < kSmallNodes + m_flatActions.size())
        return false;
    // A goal that needed more nodes last time, with these actions, is searched in full at once.
    if (m_smallMissed && plannerinternal::sameConditions(heuristic.goal, m_smallMissedGoal))
        return false;
    if (m_stride <= 4 ? searchSmall<1>(heuristic, out, maxNodes) : searchSmall<2>(heuristic, out, maxNodes))
        return true;
    m_smallMissed = true;
    m_smallMissedGoal.assign(heuristic.goal.begin(), heuristic.goal.end());
    return false;
}

template<int Halves, class Heuristic> bool Planner::searchSmall(Heuristic heuristic, Plan &out, int maxNodes)
{
#if defined(__SSE2__) && defined(__x86_64__)
    using State = SmallState<Halves>;
    constexpr int kWidth = 4 * Halves;
    constexpr int kSlots = 128;
    constexpr std::uint8_t kEmpty = 0xFF;
    alignas(16) std::int32_t states[kSmallNodes + 1][kWidth]; // the last: a scratch for the scalar path
    double g[kSmallNodes], f[kSmallNodes];
    float h[kSmallNodes];
    std::int32_t action[kSmallNodes];
    std::uint64_t hashes[kSmallNodes];
    std::uint8_t parent[kSmallNodes], table[kSlots];
    std::memset(table, kEmpty, sizeof table);
    const FlatEffect *const effects = m_flatEffects.data();
    const FlatAction *const flat = m_flatActions.data();
    const SmallAction *const small = m_smallActions.data();
    const auto load = [](const std::int32_t *p, int half) {
        return _mm_load_si128(reinterpret_cast<const __m128i *>(p + 4 * half));
    };

    const bool laneTests = m_laneTests, laneHigh = m_laneHigh;
    const unsigned laneFlips = m_laneFlips;
    const std::uint64_t *const leftByLanes = m_leftByLanes.data();
    State laneLo, laneSpan;
    for (int k = 0; k < Halves; ++k) {
        laneLo.v[k] = load(m_laneLo, k);
        laneSpan.v[k] = load(m_laneSpan, k);
    }

    // The start, its lanes past the state zero.
    for (int k = 0; k < kWidth; ++k)
        states[0][k] = k < m_stride ? m_states[size_t(k)] : 0;
    bool isGoal = false;
    const double rootH = heuristic(states[0], isGoal);
    if (rootH == Relaxation::kInfinity) { // the relaxed costs find no way (never under `unmet`)
        out.reason = PlanReason::Unreachable;
        return true;
    }
    hashes[0] = smallHash<Halves>(states[0]);
    table[smallSlot(hashes[0])] = 0;
    g[0] = 0;
    h[0] = float(rootH);
    f[0] = rootH;
    action[0] = -1;
    int made = 1, expanded = 0, generated = 0;
    std::uint64_t open = 1, closed = 0, goals = isGoal ? 1 : 0;
    while (open != 0) {
        // The next to expand: the least (f, h), the oldest of equals.
        int current = std::countr_zero(open);
        for (std::uint64_t rest = open & (open - 1); rest != 0; rest &= rest - 1) {
            const int n = std::countr_zero(rest);
            if (f[n] < f[current] || (f[n] == f[current] && h[n] < h[current]))
                current = n;
        }
        const std::uint64_t bit = std::uint64_t(1) << current;
        open &= ~bit;
        closed |= bit;
        ++expanded;
        if ((goals & bit) != 0 || expanded >= maxNodes) {
            out.expanded = expanded;
            out.generated = generated;
            if ((goals & bit) == 0) {
                out.reason = PlanReason::NodeCap;
                return true;
            }
            out.reason = PlanReason::Found;
            out.found = true;
            out.cost = g[current];
            size_t steps = 0;
            for (int n = current; n != 0; n = parent[n])
                ++steps;
            out.actions.resize(steps);
            for (int n = current; n != 0; n = parent[n]) {
                out.firstCost = g[n]; // the root's child last: the first step's g
                out.actions[--steps] = action[n];
            }
            return true;
        }
        const std::int32_t *const from = states[current];
        const std::uint64_t parentHash = hashes[current];
        State base;
        for (int k = 0; k < Halves; ++k)
            base.v[k] = load(from, k);
        std::uint64_t left;
        if (laneTests) { // the tests on the vectors: a lane fails when its value - lo > span
            unsigned fails = failedLanes(base.v[0], laneLo.v[0], laneSpan.v[0]);
            if (Halves == 2 && laneHigh) // (only when a test reads lanes 4 to 7)
                fails |= failedLanes(base.v[Halves - 1], laneLo.v[Halves - 1], laneSpan.v[Halves - 1]) << 4;
            left = leftByLanes[fails ^ laneFlips];
        } else {
            left = applicableBits(from, false);
        }
        for (; left != 0; left &= left - 1) {
            const auto a = size_t(std::countr_zero(left));
            const SmallAction &sa = small[a];
            // (from + adds) with the set lanes replaced; the scalar effects where an add would clamp.
            State succ;
            __m128i clamps = _mm_setzero_si128();
            for (int k = 0; k < Halves; ++k) {
                const __m128i sum = _mm_add_epi32(base.v[k], load(sa.add, k));
                clamps = _mm_or_si128(clamps, _mm_and_si128(_mm_or_si128(base.v[k], sum), load(sa.added, k)));
                succ.v[k] = _mm_or_si128(_mm_and_si128(sum, load(sa.keep, k)), load(sa.set, k));
            }
            // Its hash from the parent's (the set lanes' old values taken off), before the successor is known.
            std::uint64_t hash = parentHash + sa.addHash + sa.setHash;
            for (std::uint32_t lanes = sa.setLanes; lanes != 0; lanes &= lanes - 1) {
                const int lane = std::countr_zero(lanes);
                hash -= plannerinternal::laneTerm(from[lane], lane);
            }
            if (!sa.vector || _mm_movemask_ps(_mm_castsi128_ps(clamps)) != 0) {
                std::int32_t *const scratch = states[kSmallNodes];
                std::memcpy(scratch, from, sizeof states[0]);
                for (const FlatEffect *e = effects + flat[a].effects, *end = effects + flat[a].effectsEnd; e != end;
                     ++e)
                    scratch[e->fact] = e->set ? e->value : addClamped(scratch[e->fact], e->value);
                for (int k = 0; k < Halves; ++k)
                    succ.v[k] = load(scratch, k);
                hash = smallHash<Halves>(scratch);
            }
            // The table holds every node made, the one expanded too: a successor
            // equal to it is the state being expanded (not counted), as in searchUnmet.
            unsigned slot = smallSlot(hash);
            while (table[slot] != kEmpty && !sameSmall(succ, states[table[slot]]))
                slot = (slot + 1) % kSlots;
            const bool seen = table[slot] != kEmpty;
            if (seen && table[slot] == current)
                continue;
            ++generated;
            const double cost = g[current] + flat[a].cost;
            if (seen) {
                const int existing = table[slot];
                if ((closed >> existing & 1) || g[existing] <= cost)
                    continue; // closed, or already open by a route no dearer
            }
            if (made == kSmallNodes)
                return false;
            const int node = made;
            for (int k = 0; k < Halves; ++k)
                _mm_store_si128(reinterpret_cast<__m128i *>(states[node] + 4 * k), succ.v[k]);
            const double nodeH = heuristic(states[node], isGoal);
            if (!seen && nodeH == Relaxation::kInfinity)
                continue; // a dead end: no relaxed plan reaches the goal from here
            if (seen)
                open &= ~(std::uint64_t(1) << table[slot]); // superseded
            ++made;
            table[slot] = std::uint8_t(node);
            g[node] = cost;
            h[node] = float(nodeH);
            f[node] = cost + nodeH;
            parent[node] = std::uint8_t(current);
            hashes[node] = hash;
            action[node] = flat[a].action;
            open |= std::uint64_t(1) << node;
            goals |= std::uint64_t(isGoal) << node;
        }
    }
    out.expanded = expanded;
    out.generated = generated;
    out.reason = PlanReason::Exhausted;
    return true;
#else
    (void)heuristic, (void)out, (void)maxNodes;
    return false;
#endif
}

template bool Planner::searchSmall(UnmetCount, Plan &, int);
template bool Planner::searchSmall(RelaxedCost<true>, Plan &, int);
template bool Planner::searchSmall(RelaxedCost<false>, Plan &, int);

template void Planner::searchUnmet<false>(std::span<const int>, std::span<const CCondition>, Plan &, int);
template void Planner::searchUnmet<true>(std::span<const int>, std::span<const CCondition>, Plan &, int);

} // namespace goap
