#pragma once
// Structural symmetries of a search question (issue #31): permutations of the
// state's facts that map the search's actions onto actions of equal cost and
// the goal onto itself, so two states one maps onto the other have the same
// cheapest plan cost and the search needs only one of them.
//
// Found as automorphisms of the question's problem description graph (Pochter,
// Zohar and Rosenschein 2011; Shleyfman et al. 2015), with bliss (Junttila and
// Kaski), as Fast Downward does: a vertex per fact (coloured by whether it
// starts negative, which the relaxation's adds depend on), per distinct
// precondition (op, value), goal condition (op, value, coloured apart from
// preconditions), effect (add or set, value), each joined to its fact, and per
// action (coloured by cost) joined to its conditions and effects. bliss returns
// generators of the graph's automorphism group; each that moves a fact is
// checked against the question itself (every action's image is an action of
// the same cost whose preconditions are the image of its preconditions and
// whose effects, fact by fact in order, are the image of its effects; the goal
// maps onto itself) and kept only then, since the graph does not see, for one,
// the order of two adds on one fact. Nothing is used that was not verified.
//
// canonicalise() maps a state to a representative of its orbit greedily
// (Domshlak, Katz and Shleyfman 2012): apply a generator when the image is
// lexicographically smaller, until none is. Deterministic, though two states of
// one orbit may get different representatives (the search then keeps both:
// more nodes, never a wrong answer).

#include "planner/compiledscenario.h"

#include <cstdint>
#include <span>
#include <vector>

namespace goap {

class Symmetries
{
public:
    // Finds the symmetries of reaching `goal` with `actions` over states of
    // `stateSize` values whose start is `start` (only the signs of its values
    // are read). What it found for the last kKnown questions is kept: a
    // simulation's characters ask their own questions in turn, and bliss runs
    // once for each (the memory: their actions, goal and generators).
    void find(const CompiledScenario &scenario, int stateSize, std::span<const std::int32_t> start,
              std::span<const int> actions, std::span<const CCondition> goal);

    // The verified generators: image[g * stateSize + f] is where generator g
    // moves fact f (a state s maps to t with t[image[f]] = s[f]).
    std::size_t count() const { return m_current < m_known.size() ? m_known[m_current].count : 0; }
    std::span<const std::int32_t> generator(std::size_t g) const
    {
        const Known &k = m_known[m_current];
        return {k.images.data() + g * std::size_t(k.size), std::size_t(k.size)};
    }
    // Generators bliss reported that move a fact but failed the check (tests).
    std::size_t rejected() const { return m_current < m_known.size() ? m_known[m_current].rejected : 0; }

    // Rewrites `state` as its orbit's representative; `scratch` holds
    // stateSize values. With `applied`, the generators used are appended in
    // order (the plan's reconstruction replays them); nothing allocates without it.
    void canonicalise(std::int32_t *state, std::int32_t *scratch, std::vector<std::uint32_t> *applied = nullptr) const;

private:
    // A generator's move of one fact, for canonicalise().
    struct Move
    {
        std::int32_t from, to;
    };
    // A question and its answer.
    struct Known
    {
        int size = 0;
        std::vector<int> actions;
        std::vector<CCondition> goal;
        std::vector<char> negative;
        std::size_t count = 0, rejected = 0;
        std::vector<std::int32_t> images;
        // Each generator's moves: moves[moveBegin[g] .. moveBegin[g + 1]).
        std::vector<std::uint32_t> moveBegin;
        std::vector<Move> moves;
    };
    void build(Known &k, const CompiledScenario &scenario);
    bool verify(const CompiledScenario &scenario, std::span<const int> actions, std::span<const CCondition> goal,
                std::span<const std::int32_t> facts, std::span<const std::uint32_t> actionImage) const;
    static void indexMoves(Known &k);

    static constexpr std::size_t kKnown = 64; // then forgotten all at once: found again when asked
    std::vector<Known> m_known;
    std::size_t m_current = 0; // the one find() answered last (none while m_known is empty)
    std::vector<char> m_negative; // the question being asked's, while find() looks for it

public:
    // canonicalise()'s passes over the generators at most.
    static constexpr int kMaxPasses = 16;
    // Questions of more actions are searched without symmetries: bliss's
    // time grows about with the square of a large symmetric group's size (a
    // chain with 1,000 interchangeable noise actions: 0.4 s; 2,000: 2 s).
    static constexpr std::size_t kMaxActions = 1024;
};

} // namespace goap
