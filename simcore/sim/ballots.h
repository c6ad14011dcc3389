#pragma once
// The characters' ballots (SPEC §5): one entry per goal a character holds,
// what that goal scores on its ballot, and the plan found for it at the last
// safe point. Flat: every character's entries in one vector, a character's
// ballot a contiguous range of it (by storage index: the scenario's own
// characters first, then today's spawned copies). Snapshots show an entry as
// a sim::BallotEntry.

#include "planner/planner.h"

#include <span>
#include <vector>

namespace goap::sim {

class Ballots
{
public:
    struct Entry // one goal on one character's ballot
    {
        int goal = 0; // scenario goal index
        double start = 0, urgency = 1;
        // At the last safe point: its plan's cost and insistence - costWeight x cost.
        double cost = 0, score = 0;
        bool viable = false, satisfied = false;
        bool met = false; // quota met today
        // A maximise / minimise goal's episode: the cost of the steps done for
        // it since it was last satisfied, and the cost of the step under way.
        double spent = 0, stepCost = 0;
    };

    // A need's insistence and its climb a second (climbs(): needs and
    // maximise / minimise goals), apart from the entries, in 24 bytes a goal
    // (issue #30). A character's needs climb lazily: `need` is the value
    // after the climbs of the ticks before needsFrom(i), and the ticks since
    // are owed (Simulation::settleNeeds, insistenceOf).
    struct Need
    {
        double need = 0;
        double rate = 0;
        bool climbs = false;
    };

    size_t characters() const { return m_begin.size() - 1; }
    size_t entries() const { return m_entries.size(); }
    // Character i's ballot, in the order of its goals.
    std::span<Entry> of(int i)
    {
        return {m_entries.data() + m_begin[size_t(i)], m_entries.data() + m_begin[size_t(i) + 1]};
    }
    std::span<const Entry> of(int i) const
    {
        return {m_entries.data() + m_begin[size_t(i)], m_entries.data() + m_begin[size_t(i) + 1]};
    }
    // Character i's needs, entry for entry.
    std::span<Need> needs(int i)
    {
        return {m_needs.data() + m_begin[size_t(i)], m_needs.data() + m_begin[size_t(i) + 1]};
    }
    std::span<const Need> needs(int i) const
    {
        return {m_needs.data() + m_begin[size_t(i)], m_needs.data() + m_begin[size_t(i) + 1]};
    }
    // The first tick whose climb character i's needs are owed.
    std::int64_t &needsFrom(int i) { return m_needsFrom[size_t(i)]; }
    std::int64_t needsFrom(int i) const { return m_needsFrom[size_t(i)]; }
    // The plan found at the last safe point for entry k of character i's ballot.
    Plan &plan(int i, size_t k) { return m_plans[m_begin[size_t(i)] + k]; }
    const Plan &plan(int i, size_t k) const { return m_plans[m_begin[size_t(i)] + k]; }

    // A ballot for the next character: add() its entries, then close() it.
    void add(const Entry &entry, const Need &need)
    {
        m_entries.push_back(entry);
        m_needs.push_back(need);
    }
    void close(std::int64_t needsFrom)
    {
        m_begin.push_back(m_entries.size());
        m_needsFrom.push_back(needsFrom);
        m_plans.resize(m_entries.size());
    }
    // Keeps the first `characters` ballots (dawn: the scenario's own characters').
    void truncate(size_t characters)
    {
        m_begin.resize(characters + 1);
        m_needsFrom.resize(characters);
        m_entries.resize(m_begin.back());
        m_needs.resize(m_begin.back());
        m_plans.resize(m_begin.back());
    }

private:
    std::vector<Entry> m_entries;
    std::vector<Need> m_needs; // per entry
    std::vector<size_t> m_begin {0}; // per character, its first entry; characters + 1
    std::vector<std::int64_t> m_needsFrom; // per character
    std::vector<Plan> m_plans; // per entry
};

} // namespace goap::sim
