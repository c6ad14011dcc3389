#pragma once
// A character's own state, in parts: plain structs the Simulation keeps in
// vectors indexed by the character (its storage index: the scenario's own
// characters first, then today's spawned copies). Each part is read and
// written in that character's own update (but a partner's Activity, by its
// holder); what characters share with each other (the cells they stand on,
// places, lines, queues) is the Crowd's, their facts the Simulation's.

#include "sim/events.h"

#include <QString>

#include <cmath>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace goap {
class Space;
}

namespace goap::sim {

// Who the character is: fixed while it is present.
struct Identity
{
    int serial = 0; // index into the log's names, stable across days
    int tmpl = -1; // a spawned copy: its template
    int profile = 0; // characters with equal action lists share searches
    const std::vector<int> *actions = nullptr; // what it can do (its own or its template's)
    QString id, label; // kept while present: a long run keeps no names of copies long gone
};

// What it is doing: its phase, the plan from its last safe point, the
// action under way and the partner it acts with (SPEC §7; taking one, or
// letting it go, writes the partner's Activity too). Read every tick: the
// plain fields first.
struct Activity
{
    Phase phase = Phase::Idle;
    bool firstActingTick = false;
    bool active = true; // false once it left (or, for a copy, after dawn)
    int incumbent = -1; // the goal it pursues, an index into its ballot
    int action = -1; // plan[0] while walking or acting
    int station = -1; // where the action under way is done: one of its stations, -1 where it stands (SPEC 11.3)
    int partner = -1; // the character it holds as its partner
    int heldBy = -1; // the character holding it as its partner
    std::int64_t ticksLeft = 0; // acting: ticks to completion; waiting/resting/queued: to the retry
    std::int64_t actionTicks = 0; // acting: the action's length in ticks
    std::vector<int> plan; // fresh from the last safe point
    std::vector<int> planStations; // the plan's choice of station per step (travel cost), empty: choose on the way
};

inline constexpr double kArrived = 1e-9; // this close to a point is there

// Where it is and where it walks on the grid (SPEC 11.3). What every tick
// reads first.
struct Walk
{
    double x = 0, y = 0;
    double speed = 1; // cells a second (who it is: kept here, where every stride reads it)
    bool stepping = false; // moving to goalX/Y while standing by (aside, up a line, beside its holder)
    bool noWay = false; // walls stand between it and where it was to walk: it re-plans
    bool measured = false; // legs measured for the route (measure())
    int walkField = -1; // the station the walk is for, -1: a step in sight
    std::uint32_t generation = 0; // counts set(): a route (and goal) unchanged since a stride was worked out ahead
    std::uint32_t way = 0; // the leg under way
    double goalX = 0, goalY = 0; // where the walk (or the step aside) ends
    // The way there, found once when the walk begins (Space::route), as
    // legs: each from a point (where the walk began, then each point of the
    // way in turn) to the next leg's, the last to goalX/Y. Each leg's length is measured once a walk (issue #30), at
    // its first stride (on the pool, for most walks): a stride is then a multiply-add and the distance left on the leg
    // a dot product with the leg's direction (its offset over its length), not a square root a tick.
    struct Leg
    {
        double fromX = 0, fromY = 0;
        double length = 0; // measured (measure())
    };
    // The legs: the first in the walk itself (most walks are one leg, a step
    // from spot to spot: no other line to read a stride), the others in
    // `more` (keeps its capacity from walk to walk).
    std::uint32_t legs = 0;
    Leg first;
    std::vector<Leg> more;
    const Leg &leg(size_t k) const { return k == 0 ? first : more[k - 1]; }
    Leg &leg(size_t k) { return k == 0 ? first : more[k - 1]; }

    // Sets out for (toX, toY) along the station `field`'s distance field
    // (-1: a step in sight); noWay when walls leave no way there.
    void set(const Space &space, double toX, double toY, int field);
    // The same walk when (toX, toY) is in sight (Space::inSight), else false
    // and the walk untouched: a walk the parallel tick may set out on (it
    // reads the map alone).
    bool setInSight(const Space &space, double toX, double toY, int field);
    // The same walk, (toX, toY) known to be in sight (Space::spotInSight).
    void setStraight(double toX, double toY, int field);
    // Measures the legs of the route set last.
    void measure();
    // Where leg k ends.
    double toX(size_t k) const { return k + 1 < legs ? more[k].fromX : goalX; }
    double toY(size_t k) const { return k + 1 < legs ? more[k].fromY : goalY; }
    // Walks `stride` along the route: true once at goalX/Y.
    bool advance(double stride)
    {
        measure();
        return advanceFrom(x, y, way, stride);
    }
    // The same stride from (atX, atY, atWay) instead, the walk itself
    // untouched (its legs measured): the parallel tick works it out ahead
    // from a frozen view.
    bool advanceFrom(double &atX, double &atY, std::uint32_t &atWay, double stride) const;

private:
    void setRoute(double toX, double toY, int field, bool way, std::span<const std::pair<double, double>> points);
};

// Inline: the parallel tick keeps the stride's x and y in registers (parallel.cpp).
inline bool Walk::advanceFrom(double &x, double &y, std::uint32_t &way, double stride) const
{
    if (noWay)
        return false;
    while (way < legs) { // a stride may round a corner or two
        const Leg &leg = this->leg(way);
        const double wx = toX(way), wy = toY(way);
        const double dirX = leg.length > 0 ? (wx - leg.fromX) / leg.length : 0;
        const double dirY = leg.length > 0 ? (wy - leg.fromY) / leg.length : 0;
        // What is left of the leg, along it (on a leg along an axis exactly
        // the distance, as the leg's length less the strides taken).
        const double left = (wx - x) * dirX + (wy - y) * dirY;
        if (left > stride) {
            x += dirX * stride;
            y += dirY * stride;
            return false;
        }
        x = wx;
        y = wy;
        stride -= left;
        ++way;
        if (way == legs)
            return true;
        if (stride <= kArrived)
            return false;
    }
    return std::abs(x - goalX) < kArrived && std::abs(y - goalY) < kArrived;
}

// Written when they happen (rarely), so snapshots only share them.
struct Notes
{
    QString lastSwitch, lastFailure;
};

} // namespace goap::sim
