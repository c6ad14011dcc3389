// Walking on the grid, places and lines (SPEC 11.3): the spatial half of the
// simulation. Characters walk the distance fields of Space; standing ones
// hold a cell in m_standing, so no two stand on one spot; a station with
// capacity N has N places, and when they are all held an arriving character
// stands in its line until one comes free.

#include "simulation.h"

#include <algorithm>
#include <cmath>

namespace goap::sim {

namespace {
constexpr double kArrived = 1e-9;
Cell cellAtPoint(double x, double y) { return Grid::cellOf(x, y); }
} // namespace

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
    if (cellAtPoint(a.x, a.y) == c && !m_space.hasWalls()) {
        a.stepping = false; // already on it: no need to be at its very centre
        return;
    }
    a.stepping = std::abs(a.x - x) > kArrived || std::abs(a.y - y) > kArrived;
    setWalk(a, x, y, -1); // a cell close by, in sight (freeCellNear checks it)
}

void Simulation::stand(int i, bool instant)
{
    Agent &a = m_agents[size_t(i)];
    const Cell here = cellAtPoint(a.x, a.y);
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
            || lineOfSight(m_space.grid(), Grid::centreX(from), Grid::centreY(from), Grid::centreX(c), Grid::centreY(c));
    };
    if (ok(from))
        return from;
    for (int r = 1; r <= 16; ++r) {
        // The ring at Chebyshev distance r, nearest (by straight line) first in a fixed order.
        Cell best{};
        int bestD = std::numeric_limits<int>::max();
        for (int dy = -r; dy <= r; ++dy)
            for (int dx = -r; dx <= r; ++dx) {
                if (std::max(std::abs(dx), std::abs(dy)) != r)
                    continue;
                const int d = dx * dx + dy * dy;
                if (d >= bestD)
                    continue;
                const Cell c{from.x + dx, from.y + dy};
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
    Cell target = cellAtPoint(station.x, station.y);
    if (station.capacity > 0) {
        const int k = a.placeStation == st ? a.place : freePlace(st, i);
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
    const Cell here = cellAtPoint(a.x, a.y);
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
        const Cell place = size_t(k) < spots.size() ? spots[size_t(k)] : here;
        if (!(place == here)) { // a place came free elsewhere (or this one was taken): walk on
            setWalk(a, Grid::centreX(place), Grid::centreY(place), st);
            return;
        }
        if (a.placeStation != st)
            takePlace(i, st, k);
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
    const Cell place = size_t(k) < spots.size() ? spots[size_t(k)] : cellAtPoint(f.x, f.y);
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
    Event e{0, 0, i, EventKind::Queued};
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
        Cell c = k < cells.size() ? cells[k] : (cells.empty() ? cellAtPoint(station.x, station.y) : cells.back());
        const int o = m_standing.at(Space::key(c));
        if ((o >= 0 && o != who) || k >= cells.size())
            c = freeCellNear(c, who, true);
        if (m_agents[size_t(who)].standing && m_agents[size_t(who)].standCell == Space::key(c))
            continue;
        claim(who, c);
        Agent &m = m_agents[size_t(who)];
        if (m.stepping)
            setWalk(m, Grid::centreX(c), Grid::centreY(c), st); // along the station's field: the line may round a corner
    }
}

void Simulation::bump(int occupant)
{
    Agent &o = m_agents[size_t(occupant)];
    const Cell from = cellAtPoint(o.x, o.y);
    const Cell c = freeCellNear(from, occupant, true);
    if (c == from)
        return; // nowhere to go: stays (never happens short of a full map)
    claim(occupant, c);
}

void Simulation::follow(int i)
{
    Agent &a = m_agents[size_t(i)];
    const Agent &h = m_agents[size_t(a.heldBy)];
    if (h.phase == Phase::Walking || h.stepping || !h.standing) {
        // On the move: a step behind the holder, by its path.
        unstand(i);
        if (std::hypot(h.x - a.x, h.y - a.y) > 1.0) {
            setWalk(a, h.x, h.y, h.phase == Phase::Walking ? h.station : -1);
            moveAlong(a);
        }
        return;
    }
    if (!a.standing || a.followCell != h.standCell) {
        a.followCell = h.standCell;
        claim(i, freeCellNear(cellAtPoint(h.x, h.y), i, true));
        if (a.stepping && m_space.hasWalls())
            a.walkField = h.station >= 0 ? h.station : -1;
    }
    if (a.stepping && moveAlong(a))
        a.stepping = false;
}

bool Simulation::actionHolds(int i, const CompiledAction &act, FactId &failed, std::int32_t &v, std::int32_t &needed, ConditionOp &op)
{
    const CompiledScenario &sc = *m_scenario;
    const Agent &a = m_agents[size_t(i)];
    for (const CCondition &c : sc.conditionsOf(act.pre)) {
        v = seen(i, c.fact);
        // The place it holds counts as free for it: it is the one it will use.
        if (a.placeStation >= 0 && c.fact == sc.stations[size_t(a.placeStation)].freeFact)
            ++v;
        if (!c.holds(v)) {
            failed = c.fact;
            needed = c.value;
            op = c.op;
            return false;
        }
    }
    if (act.takePartner >= 0 && firstTakeable(i, act.takePartner) < 0) {
        failed = sc.queueFacts[size_t(act.takePartner)], v = 0, needed = 1, op = ConditionOp::Ge;
        return false;
    }
    return true;
}

void Simulation::dropPlan(int i)
{
    Agent &a = m_agents[size_t(i)];
    a.plan.clear();
    a.action = -1;
    a.station = -1;
    a.phase = Phase::Idle;
    safePoint(i); // entering idle is a safe point
}

void Simulation::failRecheck(int i, FactId failed, std::int32_t v, std::int32_t needed, ConditionOp op)
{
    Agent &a = m_agents[size_t(i)];
    Event e{0, 0, i, EventKind::RecheckFailed};
    e.action = a.action;
    e.fact = failed;
    e.value = v;
    e.needed = needed;
    e.op = op;
    record(e);
    a.lastFailure = recheckReason(*m_scenario, a.action, failed, v, needed, op);
    ++m_reports.back().agents[size_t(i)].recheckFailures;
}

} // namespace goap::sim
