// Dozing (issue #30): a character whose next turns are its own alone skips
// them and takes them all at once later.
//
// Most turns of a big town change nothing but the character's own state: a
// stride of a walk that does not arrive, a tick off a countdown (acting,
// waiting, resting, in line) that does not run out, its needs climbing.
// Nobody reads that state in those ticks but through touch() (the four doors
// of parallel.cpp: a bump, placeLine, the front of a line given a place,
// being taken as a partner), and the character's own turn reads it next when
// the stride arrives or the countdown runs out. So after its turn (doze) a
// character with no partner, not stepping aside and whose phase's turns are
// counted already (countTurn) works out how many of its next turns are such
// turns (a walk's strides replayed on a copy, a countdown read) and dozes:
// the ordered loop passes it by until the tick its turn is due (m_wakeAt).
// Its skipped turns are taken (catchUp), with the same arithmetic in the same
// order as tick by tick, when that turn comes, when touch() reaches it
// (lastTurnOf: this tick's turn too when it came already in storage order),
// and before anything reads the state from outside: at the end of step(),
// stepTicks(), runUntil() and runDays() and before a sample (settleDozers),
// before new walls and dawn (wakeAll). On the pool's ticks (parallel.cpp) a
// dozer's turn is passed by, a due one caught up on the pool, a turn taken
// ahead may doze there, and unsettle() wakes a dozer whose turn is put back.
// The run is the same, byte for byte; only the memory a tick reads is not.

#include "simulation.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace goap::sim {

namespace {
// The longest doze: a walk replayed further is cut into dozes this long (a
// walker at speed 0 never arrives).
constexpr std::int64_t kLongestDoze = 4096;
} // namespace

void Simulation::setDozing(bool doze)
{
    m_doze = doze;
    if (!doze)
        wakeAll();
}

std::int64_t Simulation::catchUp(int i, std::int64_t through)
{
    std::int64_t &from = m_dozes[size_t(i)].from;
    const std::int64_t k = through - from + 1;
    if (k <= 0)
        return 0;
    from = through + 1;
    // (Its needs are owed their climbs until they are read: settleNeeds.)
    Activity &a = m_activities[size_t(i)];
    if (a.phase == Phase::Walking) {
        Walk &w = m_walks[size_t(i)];
        if (through == m_wakeAt[size_t(i)] - 1) { // the whole doze: where doze() found its strides end
            const DozeEnd &end = m_dozes[size_t(i)].end;
            w.x = end.x;
            w.y = end.y;
            w.way = end.way;
            return k;
        }
        [[maybe_unused]] const std::int64_t strides = strideAlong(w, w.x, w.y, w.way, k);
        assert(strides == k); // a doze ends before the stride that arrives
    } else {
        a.ticksLeft -= k; // acting, waiting, resting, in line: none of them runs out
    }
    return k;
}

// Up to `most` strides of w from (x, y, way) that do not arrive, taken (the
// stride that would arrive is not): how many. The arithmetic of
// Walk::advanceFrom, stride by stride; along a leg, its direction worked out
// once (rounding a corner, advanceFrom itself).
std::int64_t Simulation::strideAlong(const Walk &w, double &x, double &y, std::uint32_t &way, std::int64_t most) const
{
    const double stride = w.speed * m_dt;
    std::int64_t n = 0;
    while (n < most && way < w.legs) {
        const Walk::Leg &leg = w.leg(way);
        const double wx = w.toX(way), wy = w.toY(way);
        const double dirX = leg.length > 0 ? (wx - leg.fromX) / leg.length : 0;
        const double dirY = leg.length > 0 ? (wy - leg.fromY) / leg.length : 0;
        while (n < most && (wx - x) * dirX + (wy - y) * dirY > stride) { // advanceFrom's `left > stride`
            x += dirX * stride;
            y += dirY * stride;
            ++n;
        }
        if (n == most)
            break;
        double cx = x, cy = y;
        std::uint32_t cway = way;
        if (w.advanceFrom(cx, cy, cway, stride))
            break; // it arrives
        x = cx;
        y = cy;
        way = cway;
        ++n;
    }
    return n;
}

Simulation::StrideMemo *Simulation::strideMemo(double x, double y, double toX, double toY, double stride)
{
    if (m_strideMemo.empty())
        return nullptr; // (growDozers makes it)
    std::uint64_t h = 0x9e3779b97f4a7c15u;
    for (const double v : {x, y, toX, toY, stride})
        h = (h ^ std::bit_cast<std::uint64_t>(v)) * 0xff51afd7ed558ccdu;
    return &m_strideMemo[size_t(h >> 40) & (m_strideMemo.size() - 1)];
}

void Simulation::growDozers()
{
    if (m_wakeAt.size() < m_walks.size()) // grows with the crowd only (not a tick)
        m_wakeAt.resize(m_walks.size(), 0);
    if (m_dozes.size() < m_walks.size())
        m_dozes.resize(m_walks.size());
    // Two slots a present character, 64 to kStrideMemo, made once.
    if (m_strideMemo.empty() && m_doze)
        m_strideMemo.resize(std::clamp<size_t>(std::bit_ceil(m_active.size() * 2), 64, kStrideMemo));
}

void Simulation::wake(int j)
{
    m_dozedTurns += catchUp(j, lastTurnOf(j));
    m_wakeAt[size_t(j)] = 0;
    --m_dozers;
}

bool Simulation::doze(int i, bool remember)
{
    const Activity &a = m_activities[size_t(i)];
    if (!a.active || a.heldBy >= 0 || a.partner >= 0 || m_runPhase[size_t(i)] != std::int8_t(a.phase))
        return false; // (the next turn counts its phase: countTurn)
    Walk &w = m_walks[size_t(i)];
    if (w.stepping)
        return false;
    std::int64_t skip = 0; // its next turns that are its own alone
    switch (a.phase) {
    case Phase::Walking: {
        if (w.noWay)
            return false;
        DozeEnd &end = m_dozes[size_t(i)].end;
        // A straight walk from where it stands: its strides are those of
        // the same walk before (in a crowd, the same steps between spots).
        const bool straight = w.legs == 1 && w.way == 0
            && std::bit_cast<std::uint64_t>(w.x) == std::bit_cast<std::uint64_t>(w.first.fromX)
            && std::bit_cast<std::uint64_t>(w.y) == std::bit_cast<std::uint64_t>(w.first.fromY);
        const double stride = w.speed * m_dt;
        StrideMemo *memo = straight ? strideMemo(w.x, w.y, w.goalX, w.goalY, stride) : nullptr;
        if (memo && memo->strides >= 0 && memo->is(w.x, w.y, w.goalX, w.goalY, stride)) {
            end = memo->end;
            skip = memo->strides;
            w.first.length = memo->length; // measured (Walk::measure)
            w.measured = true;
            break;
        }
        w.measure();
        end.x = w.x;
        end.y = w.y;
        end.way = w.way;
        skip = strideAlong(w, end.x, end.y, end.way, kLongestDoze);
        if (memo && remember)
            *memo = StrideMemo {w.x, w.y, w.goalX, w.goalY, stride, w.first.length, skip, end};
        break;
    }
    case Phase::Acting:
        if (a.firstActingTick || (m_options.hostFinishesExternal && m_scenario->actions[size_t(a.action)].external))
            return false;
        skip = a.ticksLeft - 1;
        break;
    case Phase::Queued:
    case Phase::Waiting:
    case Phase::Resting:
        skip = a.ticksLeft - 1;
        break;
    case Phase::Idle:
        return false;
    }
    if (skip < 1)
        return false;
    m_dozes[size_t(i)].from = m_totalTicks + 1;
    m_wakeAt[size_t(i)] = m_totalTicks + 1 + skip;
    return true;
}

void Simulation::settleDozers()
{
    if (m_dozers == 0)
        return;
    for (size_t i = 0; i < m_wakeAt.size(); ++i)
        if (m_wakeAt[i] != 0)
            m_dozedTurns += catchUp(int(i), lastTurnOf(int(i)));
}

void Simulation::wakeAll()
{
    if (m_dozers == 0)
        return;
    for (size_t i = 0; i < m_wakeAt.size(); ++i)
        if (m_wakeAt[i] != 0)
            wake(int(i));
    assert(m_dozers == 0);
}

} // namespace goap::sim
