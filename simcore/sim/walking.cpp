// Walking on the grid (SPEC 11.3): characters walk the distance fields of
// Space, smoothed by line of sight (Walk); standing ones hold a cell in the
// Crowd, so no two stand on one spot; which of an action's stations to walk to.
// Places and lines at a station are in places.cpp.

#include "simulation.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace goap::sim {

void Walk::set(const Space &space, double toX, double toY, int field)
{
    // The whole way, once: every leg in sight, so walking it never enters a
    // wall nor cuts a corner. None: it stays where it is and re-plans.
    thread_local std::vector<std::pair<double, double>> points; // Space::route's answer (a scratch a thread)
    const bool way = space.route(field, x, y, toX, toY, points);
    setRoute(toX, toY, field, way, points);
}

bool Walk::setInSight(const Space &space, double toX, double toY, int field)
{
    if (!space.inSight(x, y, toX, toY))
        return false;
    setStraight(toX, toY, field);
    return true;
}

void Walk::setStraight(double toX, double toY, int field)
{
    const std::pair<double, double> point {toX, toY}; // what Space::route answers then
    setRoute(toX, toY, field, true, {&point, 1});
}

void Walk::setRoute(double toX, double toY, int field, bool way, std::span<const std::pair<double, double>> points)
{
    goalX = toX;
    goalY = toY;
    walkField = field;
    this->way = 0;
    ++generation;
    noWay = !way;
    legs = std::uint32_t(points.size());
    first = Leg {x, y, 0};
    more.resize(points.empty() ? 0 : points.size() - 1);
    for (size_t k = 1; k < points.size(); ++k)
        more[k - 1] = Leg {points[k - 1].first, points[k - 1].second, 0};
    // The way ends where it was asked to (Space::route's last point is (toX, toY)).
    measured = false; // at the first stride
}

void Walk::measure()
{
    if (measured)
        return;
    measured = true;
    // Each leg's direction, once for the walk.
    for (size_t k = 0; k < legs; ++k) {
        Leg &leg = this->leg(k);
        leg.length = std::hypot(toX(k) - leg.fromX, toY(k) - leg.fromY);
    }
}

void Simulation::changeWalls(std::int64_t tick, QList<Wall> walls)
{
    auto it = std::lower_bound(m_wallChanges.begin(), m_wallChanges.end(), tick,
                               [](const auto &change, std::int64_t t) { return change.first < t; });
    if (it != m_wallChanges.end() && it->first == tick)
        it->second = std::move(walls);
    else
        m_wallChanges.insert(it, {tick, std::move(walls)});
    // A change in the past (a timeline told after the fact) is in force at
    // once; otherwise the one in force may have moved up the list.
    m_wallsInForce = -2; // unknown: compared below, so the Space is rebuilt if it differs
    useWalls(wallsInForceAt(m_totalTicks), tick < m_totalTicks);
}

int Simulation::wallsInForceAt(std::int64_t totalTicks) const
{
    const auto it = std::lower_bound(m_wallChanges.begin(), m_wallChanges.end(), totalTicks,
                                     [](const auto &change, std::int64_t t) { return change.first < t; });
    return int(it - m_wallChanges.begin()) - 1;
}

void Simulation::applyWallChanges()
{
    int due = m_wallsInForce;
    while (size_t(due + 1) < m_wallChanges.size() && m_wallChanges[size_t(due) + 1].first <= m_totalTicks)
        ++due;
    if (due != m_wallsInForce)
        useWalls(due, true);
}

void Simulation::useWalls(int change, bool settle)
{
    const QList<Wall> &before
        = m_wallsInForce >= 0 ? m_wallChanges[size_t(m_wallsInForce)].second : m_scenario->map.walls;
    const QList<Wall> &after = change >= 0 ? m_wallChanges[size_t(change)].second : m_scenario->map.walls;
    const bool same = m_wallsInForce != -2 && before == after;
    m_wallsInForce = change;
    if (same)
        return;
    wakeAll(); // walks are set afresh on the new map
    MapSettings map = m_scenario->map;
    map.walls = after;
    m_space = Space(*m_scenario, map);
    recountSpots(); // the spots are the new map's
    m_cache.clear(); // regions are numbered anew
    m_planner.forgetWalks();
    if (!m_started || !settle)
        return;
    for (const int i : m_active) {
        const Activity &a = m_activities[size_t(i)];
        Walk &w = m_walks[size_t(i)];
        if (!a.active)
            continue;
        if (m_space.blocked(Grid::cellOf(w.x, w.y))) { // a wall where it stands: the nearest free cell
            unstand(i);
            startInside(w);
            if (a.phase != Phase::Walking && a.heldBy < 0)
                stand(i, true);
        }
        if (a.heldBy >= 0)
            continue; // a partner follows its holder afresh every tick
        if (a.phase == Phase::Walking || w.stepping) // the way again, or none: it re-plans
            setWalk(i, w.goalX, w.goalY, w.walkField);
    }
    for (size_t st = 0; st < m_crowd.stations(); ++st)
        placeLine(int(st), 0); // the lines' cells may have moved
}

void Simulation::unstand(int i)
{
    if (m_crowd.holdsCell(i)) // its cell comes free
        markSpots(m_crowd.of(i).standCell, false);
    m_crowd.unstand(i);
    m_walks[size_t(i)].stepping = false;
}

void Simulation::standOn(int i, std::int64_t cell)
{
    m_crowd.standOn(i, cell);
    markSpots(cell, true);
}

void Simulation::markSpots(std::int64_t cell, bool stood)
{
    for (const Space::SpotBit &b : m_space.spotBitsOn(cell)) {
        std::uint64_t &mask = m_spotsStood[size_t(b.station)];
        mask = stood ? mask | b.bit : mask & ~b.bit;
    }
}

bool Simulation::walkToSpot(Walk &w, int st, size_t k, bool tableOnly, bool remember) const
{
    const Cell here = Grid::cellOf(w.x, w.y), to = m_space.spots(st)[k];
    if (w.x == Grid::centreX(here)
        && w.y == Grid::centreY(here)) // on a cell's very centre: one of the station's spots?
        for (const Space::SpotBit &b : m_space.spotBitsOn(Space::key(here)))
            if (b.station == st) {
                if (!m_space.spotInSight(st, std::countr_zero(b.bit), int(k), remember))
                    return false;
                w.setStraight(Grid::centreX(to), Grid::centreY(to), st);
                return true;
            }
    return !tableOnly && w.setInSight(m_space, Grid::centreX(to), Grid::centreY(to), st);
}

void Simulation::recountSpots()
{
    m_spotsStood.assign(m_scenario->stations.size(), 0);
    for (size_t i = 0; i < m_crowd.characters(); ++i)
        if (m_crowd.holdsCell(int(i)))
            markSpots(m_crowd.of(int(i)).standCell, true);
}

void Simulation::claim(int i, Cell c)
{
    Walk &w = m_walks[size_t(i)];
    unstand(i);
    const int other = m_crowd.standingOn(Space::key(c));
    if (other < 0 || other == i)
        standOn(i, Space::key(c));
    else
        m_crowd.of(i).sharing = true; // the map is full around here (no free cell within 16 rings): it shares,
                                      // unregistered
    const double x = Grid::centreX(c), y = Grid::centreY(c);
    if (Grid::cellOf(w.x, w.y) == c && !m_space.hasWalls()) {
        w.stepping = false; // already on it: no need to be at its very centre
        return;
    }
    w.stepping = std::abs(w.x - x) > kArrived || std::abs(w.y - y) > kArrived;
    w.set(m_space, x, y, -1); // a cell close by, in sight (freeCellNear checks it)
}

// On a map with walls nobody starts where nobody can stand: a start outside
// the map (the validator only warns of it) or in a wall (an error in a file)
// is moved to the nearest free cell of the map, ring by ring from the nearest
// point inside it. On an open map a start outside it stands where it is, as in version 1.
void Simulation::startInside(Walk &w) const
{
    if (!m_space.hasWalls() || !m_space.blocked(Grid::cellOf(w.x, w.y)))
        return;
    const Grid &g = m_space.grid();
    const Cell from {std::clamp(Grid::cellOf(w.x, w.y).x, 0, g.width() - 1),
                     std::clamp(Grid::cellOf(w.x, w.y).y, 0, g.height() - 1)};
    for (int r = 0; r < std::max(g.width(), g.height()); ++r) {
        Cell best {};
        int bestD = std::numeric_limits<int>::max();
        for (int dy = -r; dy <= r; ++dy)
            for (int dx = -r; dx <= r; ++dx) {
                if (std::max(std::abs(dx), std::abs(dy)) != r || dx * dx + dy * dy >= bestD)
                    continue;
                if (!m_space.blocked({from.x + dx, from.y + dy})) {
                    best = {from.x + dx, from.y + dy};
                    bestD = dx * dx + dy * dy;
                }
            }
        if (bestD != std::numeric_limits<int>::max()) {
            w.x = Grid::centreX(best);
            w.y = Grid::centreY(best);
            return;
        }
    }
}

void Simulation::stand(int i, bool instant)
{
    Walk &w = m_walks[size_t(i)];
    if (instant)
        startInside(w);
    const Cell here = Grid::cellOf(w.x, w.y);
    const int occupant = m_crowd.standingOn(Space::key(here));
    if (occupant == i && m_crowd.of(i).standing)
        return;
    if (occupant < 0 && !m_space.blocked(here)) {
        unstand(i);
        standOn(i, Space::key(here));
        return;
    }
    int *firstRing = nullptr;
    if (m_placingDawn)
        firstRing = &m_dawnRings.try_emplace(Space::key(here), 1).first->second;
    const Cell c = freeCellNear(here, i, false, firstRing);
    claim(i, c);
    if (c == here) { // no room near: it shares the cell where it is
        w.stepping = false;
        return;
    }
    if (instant) {
        w.x = Grid::centreX(c);
        w.y = Grid::centreY(c);
        w.stepping = false;
    }
}

// The nearest cell, ring by ring, that is free, reachable and in sight from
// `from` (so stepping there is a straight line), and, with avoidPlaces, not a
// station's place. `from` itself when nothing nearer than 16 rings is.
Cell Simulation::freeCellNear(Cell from, int who, bool avoidPlaces, int *firstRing) const
{
    const int region = m_space.region(from);
    const auto ok = [&](Cell c) {
        if (m_space.blocked(c) || (region >= 0 && m_space.region(c) != region))
            return false;
        const int o = m_crowd.standingOn(Space::key(c));
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
    for (int r = firstRing ? *firstRing : 1; r <= 16; ++r) {
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
        if (bestD != std::numeric_limits<int>::max()) {
            if (firstRing)
                *firstRing = r;
            return best;
        }
    }
    if (firstRing)
        *firstRing = 17;
    return from;
}

int Simulation::chooseStation(int i, const CompiledAction &act) const
{
    const Activity &a = m_activities[size_t(i)];
    const Walk &w = m_walks[size_t(i)];
    if (act.stations.size() <= 1)
        return act.station;
    if (!a.planStations.empty() && a.planStations.front() >= 0)
        return a.planStations.front(); // the plan weighed the walk (travel cost)
    // Otherwise the nearest by path, one with a free place before a full one;
    // never one behind walls (the planner planned the action because one is in reach).
    int best = -1;
    double bestD = Space::kUnreachable;
    bool bestFree = false;
    for (const int s : act.stations) {
        const double d = m_space.distance(s, w.x, w.y);
        if (d == Space::kUnreachable)
            continue;
        const bool free = m_scenario->stations[size_t(s)].capacity <= 0 || m_crowd.freePlace(s, i) >= 0;
        if (best < 0 || (free && !bestFree) || (free == bestFree && d < bestD)) {
            best = s;
            bestD = d;
            bestFree = free;
        }
    }
    return best >= 0 ? best : act.station;
}

} // namespace goap::sim
