// Places and lines (SPEC 11.3): a station with capacity N has N places; a
// character arriving when they are all held stands in the station's line,
// which drains in arrival order as places come free.

#include "simulation.h"

#include <algorithm>
#include <cmath>

namespace goap::sim {

// Where a character walks for its action: a free place (capacity N), a free
// spot (unlimited), or the back of the line.
void Simulation::headFor(int i)
{
    const int st = m_activities[size_t(i)].station;
    const Crowd::Footing &f = m_crowd.of(i);
    const std::vector<Cell> &spots = m_space.spots(st);
    const CompiledStation &station = m_scenario->stations[size_t(st)];
    Cell target = Grid::cellOf(station.x, station.y);
    if (station.capacity > 0) {
        // A place is held from the moment it sets out for it: a crowd never
        // chases the same free place round the station, and world.free.<station>
        // never promises a place somebody is on the way to.
        const int k = f.placeStation == st ? f.place : m_crowd.freePlace(st, i);
        if (k >= 0 && f.placeStation != st)
            takePlace(i, st, k);
        if (k >= 0 && size_t(k) < spots.size())
            target = spots[size_t(k)];
        else if (k < 0) {
            const std::vector<Cell> &line = m_space.line(st);
            const size_t back = m_crowd.line(st).size();
            target = back < line.size() ? line[back] : (line.empty() ? target : line.back());
        }
    } else {
        const size_t k = firstFreeSpot(st);
        if (k < spots.size() && walkToSpot(m_walks[size_t(i)], st, k, true, true))
            return; // from spot to spot, in sight: the walk Space::route gives, its line of sight known
        target = k < spots.size() ? spots[k] : freeCellNear(target, i, true);
    }
    setWalk(i, Grid::centreX(target), Grid::centreY(target), st);
}

void Simulation::arrive(int i)
{
    Activity &a = m_activities[size_t(i)];
    const Walk &w = m_walks[size_t(i)];
    const int st = a.station;
    const CompiledStation &station = m_scenario->stations[size_t(st)];
    const Cell here = Grid::cellOf(w.x, w.y);
    const int occupant = m_crowd.standingOn(Space::key(here));
    if (station.capacity <= 0) {
        if (occupant >= 0 && occupant != i) { // someone got there first: the next free spot
            headFor(i);
            if (std::abs(w.goalX - w.x) > kArrived || std::abs(w.goalY - w.y) > kArrived)
                return;
            // No free cell near: a crowd larger than the room round the station shares cells.
        }
        claim(i, here);
        a.phase = Phase::Acting;
        a.firstActingTick = true;
        return;
    }
    const std::vector<Cell> &spots = m_space.spots(st);
    const Crowd::Footing &f = m_crowd.of(i);
    const int k = f.placeStation == st ? f.place : m_crowd.freePlace(st, i);
    if (k >= 0) {
        if (f.placeStation != st) // at the back of the line, and a place came free: it is its own now
            takePlace(i, st, k);
        const Cell place = size_t(k) < spots.size() ? spots[size_t(k)] : here;
        if (!(place == here)) { // walk on to it
            setWalk(i, Grid::centreX(place), Grid::centreY(place), st);
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
    m_crowd.takePlace(i, station, place);
    --m_world[size_t(m_scenario->stations[size_t(station)].freeFact - m_scenario->agentFactCount)];
}

void Simulation::givePlace(int i)
{
    const int st = m_crowd.givePlace(i);
    if (st < 0)
        return;
    ++m_world[size_t(m_scenario->stations[size_t(st)].freeFact - m_scenario->agentFactCount)];
    // The front of the line comes forward to the place now free.
    if (m_crowd.line(st).empty())
        return;
    touch(m_crowd.line(st).front());
    const int front = m_crowd.leaveFront(st);
    const int k = m_crowd.freePlace(st, front);
    takePlace(front, st, k);
    unstand(front);
    m_activities[size_t(front)].phase = Phase::Walking;
    const std::vector<Cell> &spots = m_space.spots(st);
    const Walk &f = m_walks[size_t(front)];
    const Cell place = size_t(k) < spots.size() ? spots[size_t(k)] : Grid::cellOf(f.x, f.y);
    setWalk(front, Grid::centreX(place), Grid::centreY(place), st);
    placeLine(st, 0);
}

void Simulation::joinLine(int i, int st)
{
    Activity &a = m_activities[size_t(i)];
    const size_t position = m_crowd.joinLine(i, st);
    a.phase = Phase::Queued;
    a.ticksLeft = m_retryTicks;
    Event e {0, 0, i, EventKind::Queued};
    e.action = a.action;
    e.station = st;
    e.x = double(position);
    record(e);
    placeLine(st, position - 1);
}

void Simulation::leaveLine(int i)
{
    const int st = m_crowd.of(i).lineStation;
    if (st < 0)
        return;
    placeLine(st, m_crowd.leaveLine(i));
}

// Members from `from` on take the line's cells in order (past its end, the
// nearest free cells to its last one).
void Simulation::placeLine(int st, size_t from)
{
    const std::deque<int> &line = m_crowd.line(st);
    const std::vector<Cell> &cells = m_space.line(st);
    const CompiledStation &station = m_scenario->stations[size_t(st)];
    for (size_t k = from; k < line.size(); ++k) {
        const int who = line[k];
        touch(who);
        Cell c = k < cells.size() ? cells[k] : (cells.empty() ? Grid::cellOf(station.x, station.y) : cells.back());
        const int o = m_crowd.standingOn(Space::key(c));
        if ((o >= 0 && o != who) || k >= cells.size())
            c = freeCellNear(c, who, true);
        if (m_crowd.of(who).standing && m_crowd.of(who).standCell == Space::key(c))
            continue;
        claim(who, c);
        if (m_walks[size_t(who)].stepping) // along the station's field: the line may round a corner
            setWalk(who, Grid::centreX(c), Grid::centreY(c), st);
    }
}

void Simulation::bump(int occupant)
{
    touch(occupant);
    const Walk &o = m_walks[size_t(occupant)];
    const Cell from = Grid::cellOf(o.x, o.y);
    const Cell c = freeCellNear(from, occupant, true);
    if (c == from)
        return; // nowhere to go: stays (never happens short of a full map)
    claim(occupant, c);
}

} // namespace goap::sim
