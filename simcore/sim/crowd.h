#pragma once
// What characters share with each other (SPEC 7, 11.3): the cells they stand
// on (one to a cell), each station's places and the line waiting for them,
// and the world.queue.* queues; with each character's footing in them, which
// changes only together with the shared part. Bookkeeping only: the Simulation decides who goes where (walking.cpp,
// places.cpp, queues.cpp) and keeps the facts that count them (world.free.*,
// world.queue.*). Characters by storage index.

#include "space/occupancy.h"

#include <cstdint>
#include <deque>
#include <vector>

namespace goap::sim {

class Crowd
{
public:
    // One character's part.
    struct Footing
    {
        std::int64_t standCell = 0; // the cell it holds in the occupancy, while standing
        std::int64_t followCell = 0; // a partner: its holder's cell it last stood beside
        int placeStation = -1; // the station whose place it holds while acting there (or walking to it from the line)
        int place = -1;
        int lineStation = -1; // in line at that station
        bool standing = false; // holds standCell in the occupancy
        bool sharing = false; // stands where there was no free cell near (a crowd larger than the room): not looked for
                              // again until it walks
    };

    Footing &of(int i) { return m_footing[size_t(i)]; }
    const Footing &of(int i) const { return m_footing[size_t(i)]; }
    void add() { m_footing.emplace_back(); } // the next character, standing nowhere
    size_t characters() const { return m_footing.size(); }
    // Dawn: `characters` as new, nobody standing, holding or waiting; every
    // station's places free (count them with setPlaces), every queue empty.
    void reset(size_t characters, size_t stations, size_t queues);
    void setPlaces(int station, size_t count) { m_places[size_t(station)].assign(count, -1); }

    // Cells.
    int standingOn(std::int64_t cell) const { return m_standing.at(cell); } // -1: nobody
    void standOn(int i, std::int64_t cell)
    {
        Footing &f = of(i);
        f.standCell = cell;
        f.standing = true;
        m_standing.put(cell, i);
        if (m_logging)
            m_changes.push_back(cell);
    }
    // Whether it holds the cell it stands on in the occupancy (one sharing a
    // cell may not: the cell is the other's).
    bool holdsCell(int i) const
    {
        const Footing &f = of(i);
        return f.standing && m_standing.at(f.standCell) == i;
    }
    void unstand(int i) // gives back its cell; no longer sharing one either
    {
        Footing &f = of(i);
        if (holdsCell(i)) {
            m_standing.remove(f.standCell);
            if (m_logging)
                m_changes.push_back(f.standCell);
        }
        f.standing = false;
        f.sharing = false;
    }

    // The cells whose occupant changed since logging began (logChanges(true)),
    // in no particular order: the parallel tick's ordered loop tells by them
    // whether a walk worked out ahead read a cell an earlier turn changed.
    void logChanges(bool on)
    {
        m_logging = on;
        m_changes.clear();
    }
    const std::vector<std::int64_t> &changes() const { return m_changes; }

    // Places: who holds each of a station's places, -1 when free.
    size_t stations() const { return m_places.size(); }
    const std::vector<int> &places(int station) const { return m_places[size_t(station)]; }
    int freePlace(int station, int who) const; // a free place (or who's own), -1 when all are held
    void takePlace(int i, int station, int place);
    int givePlace(int i); // the station whose place it gave back, -1 when it held none

    // Lines: the characters in line at a station, front first.
    const std::deque<int> &line(int station) const { return m_lines[size_t(station)]; }
    size_t joinLine(int i, int station); // at the back: its position (1 = the front)
    size_t leaveLine(int i); // from the line it stands in: the index it stood at
    int leaveFront(int station); // the front steps out of the line: who
    int linePosition(int i) const; // 1 for the front, 0 when in no line

    // Queues (world.queue.*): storage indices, front first.
    size_t queues() const { return m_queues.size(); }
    const std::deque<int> &queue(int q) const { return m_queues[size_t(q)]; }
    bool enqueue(int i, int q); // at the back, unless in it already (it keeps its place): whether it joined
    bool dequeue(int i, int q); // whether it was in it

private:
    std::vector<Footing> m_footing; // per character
    Occupancy m_standing; // cell -> the character standing on it
    std::vector<std::vector<int>> m_places; // per station: occupant of each place, -1 free
    std::vector<std::deque<int>> m_lines; // per station: its line, front first
    std::vector<std::deque<int>> m_queues; // per queue: storage indices, front first
    bool m_logging = false;
    std::vector<std::int64_t> m_changes; // keeps its capacity
};

} // namespace goap::sim
