// Places and lines (SPEC 11.3): a station with capacity N has N places; a
// character arriving when they are all held stands in the station's line,
// which drains in arrival order as places come free.

#include "simulation.h"

#include <algorithm>
#include <cmath>

namespace goap::sim {

int Simulation::freePlace(int station, int who) const
{
    const std::vector<int> &places = m_places[size_t(station)];
    for (size_t k = 0; k < places.size(); ++k)
        if (places[k] < 0 || places[k] == who)
            return int(k);
    return -1;
}

// Where a character walks for its action: a free place (capacity N), a free
// spot (unlimited), or the back of the line.
void Simulation::headFor(int i)
{
    Agent &a = m_agents[size_t(i)];
    const int st = a.station;
    const std::vector<Cell> &spots = m_space.spots(st);
    const CompiledStation &station = m_scenario->stations[size_t(st)];
    Cell target = Grid::cellOf(station.x, station.y);
    if (station.capacity > 0) {
        // A place is held from the moment it sets out for it: a crowd never
        // chases the same free place round the station, and world.free.<station>
        // never promises a place somebody is on the way to.
        const int k = a.placeStation == st ? a.place : freePlace(st, i);
        if (k >= 0 && a.placeStation != st)
            takePlace(i, st, k);
        if (k >= 0 && size_t(k) < spots.size())
            target = spots[size_t(k)];
        else if (k < 0) {
            const std::vector<Cell> &line = m_space.line(st);
            const size_t back = m_lines[size_t(st)].size();
            target = back < line.size() ? line[back] : (line.empty() ? target : line.back());
        }
    } else {
        bool found = false;
        for (const Cell c : spots)
            if (m_standing.at(Space::key(c)) < 0 && !m_space.isPlace(c)) {
                target = c;
                found = true;
                break;
            }
        if (!found)
            target = freeCellNear(target, i, true);
    }
    setWalk(a, Grid::centreX(target), Grid::centreY(target), st);
}

void Simulation::arrive(int i)
{
    Agent &a = m_agents[size_t(i)];
    const int st = a.station;
    const CompiledStation &station = m_scenario->stations[size_t(st)];
    const Cell here = Grid::cellOf(a.x, a.y);
    const int occupant = m_standing.at(Space::key(here));
    if (station.capacity <= 0) {
        if (occupant >= 0 && occupant != i) { // someone got there first: the next free spot
            headFor(i);
            if (std::abs(a.goalX - a.x) > kArrived || std::abs(a.goalY - a.y) > kArrived)
                return;
            // No free cell near: a crowd larger than the room round the station shares cells.
        }
        claim(i, here);
        a.phase = Phase::Acting;
        a.firstActingTick = true;
        return;
    }
    const std::vector<Cell> &spots = m_space.spots(st);
    int k = a.placeStation == st ? a.place : freePlace(st, i);
    if (k >= 0) {
        if (a.placeStation != st) // at the back of the line, and a place came free: it is its own now
            takePlace(i, st, k);
        const Cell place = size_t(k) < spots.size() ? spots[size_t(k)] : here;
        if (!(place == here)) { // walk on to it
            setWalk(a, Grid::centreX(place), Grid::centreY(place), st);
            return;
        }
        if (occupant >= 0 && occupant != i)
            bump(occupant);
        claim(i, here);
        a.phase = Phase::Acting;
        a.firstActingTick = true;
        return;
    }
    // Every place is held: stand in line, unless the action could not start anyway.
    FactId failed = -1;
    std::int32_t v = 0, needed = 0;
    ConditionOp op = ConditionOp::Ge;
    if (!actionHolds(i, m_scenario->actions[size_t(a.action)], failed, v, needed, op)) {
        failRecheck(i, failed, v, needed, op);
        stand(i, false);
        dropPlan(i);
        return;
    }
    joinLine(i, st);
}

void Simulation::takePlace(int i, int station, int place)
{
    Agent &a = m_agents[size_t(i)];
    m_places[size_t(station)][size_t(place)] = i;
    a.placeStation = station;
    a.place = place;
    --m_world[size_t(m_scenario->stations[size_t(station)].freeFact - m_scenario->agentFactCount)];
}

void Simulation::givePlace(int i)
{
    Agent &a = m_agents[size_t(i)];
    if (a.placeStation < 0)
        return;
    const int st = a.placeStation;
    m_places[size_t(st)][size_t(a.place)] = -1;
    ++m_world[size_t(m_scenario->stations[size_t(st)].freeFact - m_scenario->agentFactCount)];
    a.placeStation = a.place = -1;
    // The front of the line comes forward to the place now free.
    std::deque<int> &line = m_lines[size_t(st)];
    if (line.empty())
        return;
    const int front = line.front();
    line.pop_front();
    Agent &f = m_agents[size_t(front)];
    f.lineStation = -1;
    const int k = freePlace(st, front);
    takePlace(front, st, k);
    unstand(front);
    f.phase = Phase::Walking;
    const std::vector<Cell> &spots = m_space.spots(st);
    const Cell place = size_t(k) < spots.size() ? spots[size_t(k)] : Grid::cellOf(f.x, f.y);
    setWalk(f, Grid::centreX(place), Grid::centreY(place), st);
    placeLine(st, 0);
}

void Simulation::joinLine(int i, int st)
{
    Agent &a = m_agents[size_t(i)];
    std::deque<int> &line = m_lines[size_t(st)];
    line.push_back(i);
    a.lineStation = st;
    a.phase = Phase::Queued;
    a.ticksLeft = m_retryTicks;
    Event e {0, 0, i, EventKind::Queued};
    e.action = a.action;
    e.station = st;
    e.x = double(line.size());
    record(e);
    placeLine(st, line.size() - 1);
}

void Simulation::leaveLine(int i)
{
    Agent &a = m_agents[size_t(i)];
    if (a.lineStation < 0)
        return;
    const int st = a.lineStation;
    std::deque<int> &line = m_lines[size_t(st)];
    const auto it = std::find(line.begin(), line.end(), i);
    const size_t from = size_t(it - line.begin());
    if (it != line.end())
        line.erase(it);
    a.lineStation = -1;
    placeLine(st, from);
}

// Members from `from` on take the line's cells in order (past its end, the
// nearest free cells to its last one).
void Simulation::placeLine(int st, size_t from)
{
    const std::deque<int> &line = m_lines[size_t(st)];
    const std::vector<Cell> &cells = m_space.line(st);
    const CompiledStation &station = m_scenario->stations[size_t(st)];
    for (size_t k = from; k < line.size(); ++k) {
        const int who = line[k];
        Cell c = k < cells.size() ? cells[k] : (cells.empty() ? Grid::cellOf(station.x, station.y) : cells.back());
        const int o = m_standing.at(Space::key(c));
        if ((o >= 0 && o != who) || k >= cells.size())
            c = freeCellNear(c, who, true);
        if (m_agents[size_t(who)].standing && m_agents[size_t(who)].standCell == Space::key(c))
            continue;
        claim(who, c);
        Agent &m = m_agents[size_t(who)];
        if (m.stepping)
            setWalk(m, Grid::centreX(c), Grid::centreY(c),
                    st); // along the station's field: the line may round a corner
    }
}

void Simulation::bump(int occupant)
{
    Agent &o = m_agents[size_t(occupant)];
    const Cell from = Grid::cellOf(o.x, o.y);
    const Cell c = freeCellNear(from, occupant, true);
    if (c == from)
        return; // nowhere to go: stays (never happens short of a full map)
    claim(occupant, c);
}

} // namespace goap::sim
