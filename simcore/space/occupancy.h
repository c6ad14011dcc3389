#pragma once
// Who stands on which cell: a flat open-addressing map from a cell key
// (Space::key) to a character, sized by the characters, never by the map, so
// a 100,000-unit map costs what its crowd costs. Linear probing with
// backward-shift deletion; it allocates only when the crowd outgrows it
// (at most half full), never in a steady state.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace goap {

class Occupancy
{
public:
    Occupancy() { m_slots.assign(64, Slot {}); }

    void clear()
    {
        std::fill(m_slots.begin(), m_slots.end(), Slot {});
        m_size = 0;
    }
    // The character on `cell`, -1 when nobody stands there.
    int at(std::int64_t cell) const
    {
        for (size_t i = home(cell);; i = next(i)) {
            const Slot &s = m_slots[i];
            if (s.who < 0)
                return -1;
            if (s.cell == cell)
                return s.who;
        }
    }
    void put(std::int64_t cell, int who)
    {
        if (2 * (m_size + 1) > m_slots.size())
            grow();
        for (size_t i = home(cell);; i = next(i)) {
            Slot &s = m_slots[i];
            if (s.who < 0) {
                s = Slot {cell, who};
                ++m_size;
                return;
            }
            if (s.cell == cell) {
                s.who = who;
                return;
            }
        }
    }
    void remove(std::int64_t cell)
    {
        size_t i = home(cell);
        for (;; i = next(i)) {
            if (m_slots[i].who < 0)
                return;
            if (m_slots[i].cell == cell)
                break;
        }
        // Backward shift: pull later members of the run into the hole.
        size_t hole = i;
        for (size_t j = next(i);; j = next(j)) {
            if (m_slots[j].who < 0)
                break;
            const size_t want = home(m_slots[j].cell);
            // j's entry may move to the hole when the hole lies between its home and j (cyclically).
            if ((j > hole && (want <= hole || want > j)) || (j < hole && want <= hole && want > j)) {
                m_slots[hole] = m_slots[j];
                hole = j;
            }
        }
        m_slots[hole] = Slot {};
        --m_size;
    }
    size_t size() const { return m_size; }

private:
    struct Slot
    {
        std::int64_t cell = 0;
        int who = -1;
    };
    size_t home(std::int64_t cell) const
    {
        std::uint64_t z = std::uint64_t(cell) * 0x9E3779B97F4A7C15ull;
        return size_t(z >> 32) & (m_slots.size() - 1);
    }
    size_t next(size_t i) const { return (i + 1) & (m_slots.size() - 1); }
    void grow()
    {
        std::vector<Slot> old;
        old.swap(m_slots);
        m_slots.assign(old.size() * 2, Slot {});
        m_size = 0;
        for (const Slot &s : old)
            if (s.who >= 0)
                put(s.cell, s.who);
    }

    std::vector<Slot> m_slots;
    size_t m_size = 0;
};

} // namespace goap
