#pragma once
// The planner's small shared pieces (planner.cpp and searchunmet.cpp): the
// state hash's per-(fact, value) key, the open list's order and the clamped
// add. Internal to the planner: not part of its interface.

#include "planner/compiledscenario.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#if defined(__GNUC__)
#define GOAP_ALWAYS_INLINE __attribute__((always_inline))
#else
#define GOAP_ALWAYS_INLINE
#endif

namespace goap::plannerinternal {

constexpr std::uint32_t kNoParent = std::numeric_limits<std::uint32_t>::max();

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

// A small search's state hash (Planner::searchSmall): each value's 32 bits
// times its lane's odd key, summed mod 2^64. Linear, so a successor's hash is
// its parent's plus the action's change, known before the successor is.
inline constexpr std::uint64_t kLaneKeys[8]
    = {0x9E3779B97F4A7C15ull, 0xC2B2AE3D27D4EB4Full, 0x165667B19E3779F9ull, 0xD6E8FEB86659FD93ull,
       0xFF51AFD7ED558CCDull, 0xC4CEB9FE1A85EC53ull, 0xBF58476D1CE4E5B9ull, 0x94D049BB133111EBull};

inline std::uint64_t laneTerm(std::int32_t value, int lane)
{
    return std::uint64_t(std::uint32_t(value)) * kLaneKeys[lane];
}

inline std::int32_t unmet(const std::int32_t *state, std::span<const CCondition> conditions)
{
    std::int32_t n = 0;
    for (const CCondition &c : conditions)
        n += !c.holds(state[c.fact]);
    return n;
}

// Heap order: the smallest f first, then the smallest h, then the oldest node.
// h is never negative, so its float bits order as unsigned integers do, and h
// and the node pack into one 64-bit key: two comparisons, not three.
inline bool later(const auto &a, const auto &b)
{
    if (a.f != b.f)
        return a.f > b.f;
    return a.tie > b.tie;
}

inline std::uint64_t tieKey(float h, std::uint32_t node)
{
    return std::uint64_t(std::bit_cast<std::uint32_t>(h + 0.0f)) << 32 | node; // + 0.0f: -0 as +0
}

// Two runs of integers are equal, compared in place without an early exit:
// std::equal calls memcmp, whose call costs more than comparing the few
// values of a planner's question (its actions, its state) that a memo holds.
template<class T> inline bool sameRun(const T *a, std::size_t n, const std::vector<T> &b)
{
    if (n != b.size())
        return false;
    T diff = 0;
    for (std::size_t i = 0; i < n; ++i)
        diff |= a[i] ^ b[i];
    return diff == 0;
}

// Two conditions are the same test (their fact, operator and value).
inline bool sameCondition(const CCondition &a, const CCondition &b)
{
    return a.fact == b.fact && a.value == b.value && a.op == b.op;
}

// A question's conditions are the ones a memo holds, in order.
inline bool sameConditions(std::span<const CCondition> a, const std::vector<CCondition> &b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), sameCondition);
}

// Pools never go negative and saturate at the 32-bit maximum.
inline std::int32_t addClamped(std::int32_t v, std::int32_t delta)
{
    const std::int64_t r = std::int64_t(v) + delta;
    return std::int32_t(std::clamp<std::int64_t>(r, 0, std::numeric_limits<std::int32_t>::max()));
}

} // namespace goap::plannerinternal
