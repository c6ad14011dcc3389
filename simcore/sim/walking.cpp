// Walking on the grid (SPEC 11.3): characters walk the distance fields of
// Space, smoothed by line of sight; standing ones hold a cell in m_standing,
// so no two stand on one spot; which of an action's stations to walk to.
// Places and lines at a station are in places.cpp.

#include "simulation.h"

#include <algorithm>
#include <cmath>

namespace goap::sim {

void Simulation::setWalk(Agent &a, double x, double y, int field)
{
    a.goalX = x;
    a.goalY = y;
    a.walkField = field;
    a.hasWaypoint = false;
}

bool Simulation::moveAlong(Agent &a)
{
    double stride = a.speed * m_dt;
    for (int leg = 0; leg < 8; ++leg) { // a stride may round a corner or two
        if (!a.hasWaypoint) {
            if (a.walkField >= 0)
                m_space.waypoint(a.walkField, a.x, a.y, a.goalX, a.goalY, a.wayX, a.wayY);
            else
                a.wayX = a.goalX, a.wayY = a.goalY;
            a.hasWaypoint = true;
        }
        const double dx = a.wayX - a.x, dy = a.wayY - a.y;
        const double distance = std::hypot(dx, dy);
        if (distance > stride) {
            a.x += dx / distance * stride;
            a.y += dy / distance * stride;
            return false;
        }
        a.x = a.wayX;
        a.y = a.wayY;
        stride -= distance;
        a.hasWaypoint = false;
        if (std::abs(a.x - a.goalX) < kArrived && std::abs(a.y - a.goalY) < kArrived)
            return true;
        if (stride <= kArrived)
            return false;
    }
    return false;
}

void Simulation::unstand(int i)
{
    Agent &a = m_agents[size_t(i)];
    if (a.standing && m_standing.at(a.standCell) == i)
        m_standing.remove(a.standCell);
    a.standing = false;
    a.sharing = false;
    a.stepping = false;
}

void Simulation::claim(int i, Cell c)
{
    Agent &a = m_agents[size_t(i)];
    unstand(i);
    const int other = m_standing.at(Space::key(c));
    if (other < 0 || other == i) {
        a.standCell = Space::key(c);
        a.standing = true;
        m_standing.put(a.standCell, i);
    } else {
        a.sharing = true; // the map is full around here (no free cell within 16 rings): it shares, unregistered
    }
    const double x = Grid::centreX(c), y = Grid::centreY(c);
    if (Grid::cellOf(a.x, a.y) == c && !m_space.hasWalls()) {
        a.stepping = false; // already on it: no need to be at its very centre
        return;
    }
    a.stepping = std::abs(a.x - x) > kArrived || std::abs(a.y - y) > kArrived;
    setWalk(a, x, y, -1); // a cell close by, in sight (freeCellNear checks it)
}

void Simulation::stand(int i, bool instant)
{
    Agent &a = m_agents[size_t(i)];
    const Cell here = Grid::cellOf(a.x, a.y);
    const int occupant = m_standing.at(Space::key(here));
    if (occupant == i && a.standing)
        return;
    if (occupant < 0 && !m_space.blocked(here)) {
        unstand(i);
        a.standCell = Space::key(here);
        a.standing = true;
        m_standing.put(a.standCell, i);
        return;
    }
    const Cell c = freeCellNear(here, i, false);
    claim(i, c);
    if (c == here) { // no room near: it shares the cell where it is
        a.stepping = false;
        return;
    }
    if (instant) {
        a.x = Grid::centreX(c);
        a.y = Grid::centreY(c);
        a.stepping = false;
    }
}

// The nearest cell, ring by ring, that is free, reachable and in sight from
// `from` (so stepping there is a straight line), and, with avoidPlaces, not a
// station's place. `from` itself when nothing nearer than 16 rings is.
Cell Simulation::freeCellNear(Cell from, int who, bool avoidPlaces) const
{
    const int region = m_space.region(from);
    const auto ok = [&](Cell c) {
        if (m_space.blocked(c) || (region >= 0 && m_space.region(c) != region))
            return false;
        const int o = m_standing.at(Space::key(c));
        if (o >= 0 && o != who)
            return false;
        if (avoidPlaces && m_space.isPlace(c))
            return false;
        return !m_space.hasWalls()
            || lineOfSight(m_space.grid(), Grid::centreX(from), Grid::centreY(from), Grid::centreX(c),
                           Grid::centreY(c));
    };
    if (ok(from))
        return from;
    for (int r = 1; r <= 16; ++r) {
        // The ring at Chebyshev distance r, nearest (by straight line) first in a fixed order.
        Cell best {};
        int bestD = std::numeric_limits<int>::max();
        for (int dy = -r; dy <= r; ++dy)
            for (int dx = -r; dx <= r; ++dx) {
                if (std::max(std::abs(dx), std::abs(dy)) != r)
                    continue;
                const int d = dx * dx + dy * dy;
                if (d >= bestD)
                    continue;
                const Cell c {from.x + dx, from.y + dy};
                if (ok(c)) {
                    best = c;
                    bestD = d;
                }
            }
        if (bestD != std::numeric_limits<int>::max())
            return best;
    }
    return from;
}

int Simulation::chooseStation(int i, const CompiledAction &act) const
{
    const Agent &a = m_agents[size_t(i)];
    if (act.stations.size() <= 1)
        return act.station;
    if (!a.planStations.empty() && a.planStations.front() >= 0)
        return a.planStations.front(); // the plan weighed the walk (travel cost)
    // Otherwise the nearest by path, one with a free place before a full one.
    int best = act.station;
    double bestD = std::numeric_limits<double>::infinity();
    bool bestFree = false;
    for (const int s : act.stations) {
        const bool free = m_scenario->stations[size_t(s)].capacity <= 0 || freePlace(s, i) >= 0;
        const double d = m_space.distance(s, a.x, a.y);
        if ((free && !bestFree) || (free == bestFree && d < bestD)) {
            best = s;
            bestD = d;
            bestFree = free;
        }
    }
    return best;
}

} // namespace goap::sim
