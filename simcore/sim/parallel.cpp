// The parallel tick (issue #30): the part of a tick that is each
// character's own (the stride of a walk; its needs climb when read,
// settleNeeds) is worked out on every core, from the state as the tick
// begins, before the characters are updated one by one in their fixed
// order. Nothing it writes is read by another character: a stride kept aside
// (m_ahead) that moveAlong takes only when the walk is still the one it was
// worked out from (same route, same place on it). What changes shared state
// (effects, places, lines, queues, spawns, plans against the world) stays in
// the ordered loop. So any number of threads gives the serial run, byte for
// byte.
//
// Most characters' whole turn is their own in most ticks: a walker whose
// stride does not arrive, an action, a wait, a rest or a place in line whose
// countdown does not run out, with no partner and not stepping aside. Those
// turns are taken on the pool too (settleAhead) and the ordered loop passes
// them by. Such a character reads nothing shared in its turn, and another's
// turn reaches it only through bump, placeLine, givePlace (the front of a
// line) and taking a partner, which call touch() first: if its turn is still
// to come in the storage order (m_order is ascending), it is put back as the
// tick began (unsettle) and takes its turn in the ordered loop, as in the
// serial run; if its turn came already, the serial run had taken it too.
//
// The pool is oneTBB's (pool.h): an arena of the threads asked for, a
// parallel_for over blocks of the tick's characters. Towns below
// Options::parallelFrom (kParallelFrom) present characters never enter it.

#include "pool.h"
#include "simulation.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>

namespace goap::sim {

void Simulation::PoolDeleter::operator()(ThreadPool *pool) const
{
    delete pool;
}

void Simulation::setThreads(int threads)
{
    const int n = threads > 0 ? threads : ThreadPool::defaultThreads();
    m_options.threads = threads;
    m_auto = AutoThreads(); // a trial first
    if (n <= 1)
        m_pool.reset(); // serial: no arena, no threads
    else if (!m_pool || m_pool->threads() != n)
        m_pool.reset(new ThreadPool(n));
}

int Simulation::threads() const
{
    return m_pool ? m_pool->threads() : 1;
}

void Simulation::prepareRange(size_t begin, size_t end, Chunk &chunk)
{
    for (size_t k = begin; k < end; ++k) {
        const int i = m_order[k];
        const Activity &a = m_activities[size_t(i)];
        m_settled[size_t(i)] = kInOrder;
        if (const std::int64_t wakeAt = m_wakeAt[size_t(i)]; wakeAt != 0) { // dozing.cpp
            if (wakeAt > m_totalTicks) {
                m_settled[size_t(i)] = kDozing; // this turn is its own alone: skipped
                continue;
            }
            chunk.dozedTurns += catchUp(i, m_totalTicks - 1); // its turn is due
            m_wakeAt[size_t(i)] = 0;
            --chunk.dozers;
        }
        if (!a.active)
            continue; // (nobody becomes active in a tick: the ordered loop passes it by)
        Walk &w = m_walks[size_t(i)];
        // The stride in locals (Walk::advanceFrom is inline): the walk takes
        // it from them, not from the Ahead just written (a 16-byte load of x
        // and y over the two 8-byte stores that wrote them waits for both to
        // land, a store-forwarding stall: perf put half of settleAhead's
        // samples on that load).
        double x = w.x, y = w.y;
        std::uint32_t way = w.way;
        if (a.heldBy < 0 && !w.noWay && (a.phase == Phase::Walking || w.stepping)) {
            Ahead &ahead = m_ahead[size_t(i)];
            w.measure(); // its own walk: measured here, on the pool, rather than in the ordered loop
            ahead.fromX = x;
            ahead.fromY = y;
            ahead.fromWay = way;
            ahead.generation = w.generation;
            ahead.arrived = w.advanceFrom(x, y, way, w.speed * m_dt);
            ahead.x = x;
            ahead.y = y;
            ahead.way = way;
            ahead.tick = m_totalTicks;
        } // else a partner follows its holder; the others do not walk this tick (as things stand)
        const Settled settled = settleAhead(k, chunk);
        if (settled == kTakenAhead && a.phase == Phase::Walking) { // a stride that does not arrive: taken
            w.x = x;
            w.y = y;
            w.way = way;
        }
        m_settled[size_t(i)] = settled;
        if (settled != kTakenAhead)
            chunk.visit.push_back(std::uint32_t(k));
        else if (m_doze && doze(i, false)) // (the stride memo only read here)
            ++chunk.dozers;
    }
}

// The turn of a character that, as the tick begins, neither reads nor
// changes anything but its own state this tick, nor is read by another's
// turn unless through touch(): its phase's count, a stride that does not
// arrive, a countdown that does not run out; or an arrival that sets out
// again for a free spot (settleArrival). What updateAgent would do.
Simulation::Settled Simulation::settleAhead(size_t position, Chunk &chunk)
{
    const int i = m_order[position];
    Activity &a = m_activities[size_t(i)];
    Walk &w = m_walks[size_t(i)];
    if (a.heldBy >= 0 || a.partner >= 0 || w.stepping)
        return kInOrder;
    switch (a.phase) {
    case Phase::Walking: {
        const Ahead &ahead = m_ahead[size_t(i)];
        if (ahead.tick != m_totalTicks)
            return kInOrder;
        if (ahead.arrived) {
            if (a.station >= 0 && m_scenario->stations[size_t(a.station)].capacity <= 0) // settleArrival, next
                chunk.found.push_back({std::uint32_t(position), Space::key(Grid::cellOf(ahead.x, ahead.y))});
            return kInOrder;
        }
        break; // its stride is taken by prepareRange
    }
    case Phase::Acting:
        if (a.firstActingTick || a.ticksLeft <= 1
            || (m_options.hostFinishesExternal && m_scenario->actions[size_t(a.action)].external))
            return kInOrder;
        --a.ticksLeft;
        break;
    case Phase::Queued:
    case Phase::Waiting:
    case Phase::Resting:
        if (a.ticksLeft <= 1)
            return kInOrder;
        --a.ticksLeft;
        break;
    case Phase::Idle:
        return kInOrder;
    }
    countTurn(i, a.phase);
    return kTakenAhead;
}

// A walker whose stride ahead arrives at a station without places (found
// by settleAhead): arrive() finds the spot it arrived on taken, by another
// standing there as the tick began or by the first of this tick's arrivals
// there (a crowd heads for the same first free spot, and the first in order
// gets it), and sends it to the station's first spot nobody stands on
// (headFor). Taken here on that guess, with the spots this tick's first
// arrivals before it will have taken (m_claims) counted as taken, when the
// spot to head for is in sight (the walk Space::route would give, found from
// the map alone); not for the first arrival on a free spot (it takes it),
// nor when no spot is free (freeCellNear searches rings) or it would stand
// where it is. The walk as the tick began and the spots read are kept, for
// unsettle() and arrivalStale(): the ordered loop checks the guess at its turn.
void Simulation::settleArrival(std::uint32_t position, std::int64_t here, Chunk &chunk)
{
    const int i = m_order[position];
    const Ahead &ahead = m_ahead[size_t(i)];
    const int st = m_activities[size_t(i)].station;
    const int occupant = m_crowd.standingOn(here);
    if (occupant == i)
        return;
    // A spot free as the tick began is taken at its turn when this tick's
    // first arrival there has a turn before; the guess counts it so.
    bool guessed = false;
    const auto claimedBefore = [&](std::int64_t key) {
        const int first = m_claims.at(key);
        const bool claimed = first >= 0 && first < i;
        guessed = guessed || claimed;
        return claimed;
    };
    if (occupant < 0 && !claimedBefore(here))
        return; // it is the first to arrive there: it takes the spot
    // The first spot free as the tick began that no earlier arrival claims.
    const std::vector<Cell> &spots = m_space.spots(st);
    size_t k = spots.size();
    for (std::uint64_t free = freeSpots(st); free != 0; free &= free - 1) {
        const size_t j = size_t(std::countr_zero(free));
        if (!claimedBefore(Space::key(spots[j]))) {
            k = j;
            break;
        }
    }
    if (k == spots.size())
        return;
    const double tx = Grid::centreX(spots[k]), ty = Grid::centreY(spots[k]);
    if (std::abs(tx - ahead.x) <= kArrived && std::abs(ty - ahead.y) <= kArrived)
        return; // it would stand here after all
    Walk &w = m_walks[size_t(i)];
    Walk &before = m_walkBefore[size_t(i)];
    before = w;
    w.x = ahead.x;
    w.y = ahead.y;
    w.way = ahead.way;
    if (!walkToSpot(w, st, k, false, false)) { // on the pool: what the ordered loop remembered
        w = before;
        return;
    }
    chunk.taken.push_back({position, st, here, std::uint32_t(k + 1), guessed});
    countTurn(i, Phase::Walking);
    m_settled[size_t(i)] = kArrivedAhead;
}

// Whether the guess of an arrival taken ahead fails at its turn: the spot it
// arrived on is not taken by another now, or the spots it read before the
// free one are not all taken, or that one is not free. Nothing to look at
// when no cell has changed hands this tick and the guess took nothing for
// taken that was free as the tick began.
bool Simulation::arrivalStale(int i, const ArrivalTaken &t) const
{
    if (!t.guessed && m_crowd.changes().empty())
        return false;
    const int occupant = m_crowd.standingOn(t.here);
    if (occupant < 0 || occupant == i)
        return true;
    // The spots it read: all taken but the last.
    const auto first = [](std::uint32_t n) { return n >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << n) - 1; };
    const std::uint64_t taken = m_space.spotMask(t.station) & ~freeSpots(t.station);
    return (taken & first(t.spotsRead)) != first(t.spotsRead - 1);
}

// An arrival taken ahead, at its turn in the ordered loop: nothing to do
// when its guess holds. Else, when the spot it arrived on is still taken by
// another and the station's first free spot now is another one in sight, it
// sets out for that one instead (what arrive() does then, touching its walk
// alone); otherwise it takes its turn in order after all (arriveInOrder).
void Simulation::checkArrival(int i, const ArrivalTaken &t)
{
    if (!m_checkArrivals || !arrivalStale(i, t))
        return;
    ++m_arrivalsRedone;
    const int occupant = m_crowd.standingOn(t.here);
    if (occupant >= 0 && occupant != i) {
        const std::vector<Cell> &spots = m_space.spots(t.station);
        const size_t k = firstFreeSpot(t.station);
        Walk &w = m_walks[size_t(i)]; // where its stride ahead ended, on the walk taken ahead
        if (k < spots.size()) {
            const double tx = Grid::centreX(spots[k]), ty = Grid::centreY(spots[k]);
            if (std::abs(tx - w.x) > kArrived || std::abs(ty - w.y) > kArrived) {
                --w.generation; // set once since the tick began, as in the serial run
                if (walkToSpot(w, t.station, k, false, true))
                    return;
            }
        }
    }
    arriveInOrder(i);
}

// An arrival taken ahead whose guess failed at its turn: the turn in order
// after all, as updateAgent would take it (its phase counted and its stride
// ahead taken already): from the end of its stride, arrive().
void Simulation::arriveInOrder(int i)
{
    Ahead &ahead = m_ahead[size_t(i)];
    Walk &w = m_walks[size_t(i)];
    w = m_walkBefore[size_t(i)];
    w.x = ahead.x;
    w.y = ahead.y;
    w.way = ahead.way;
    ahead.tick = -1; // taken (aheadStride)
    m_turn = i;
    arrive(i);
}

void Simulation::unsettle(int j)
{
    if (m_settled[size_t(j)] == kDozing) { // it skipped its turn dozing: caught up, it takes the turn in order
        wake(j);
        putBack(j);
        m_settled[size_t(j)] = kInOrder;
        ++m_unsettledTurns;
        return;
    }
    if (m_wakeAt[size_t(j)] != 0) { // its turn taken ahead, it dozed: it takes the turn in order, awake
        m_wakeAt[size_t(j)] = 0;
        --m_dozers;
    }
    Activity &a = m_activities[size_t(j)];
    // (Its turn ahead was counted in the phase it began in, as its turn in order will be: countTurn counts it once.)
    if (m_settled[size_t(j)] >= kArrivedAhead) {
        m_walks[size_t(j)] = m_walkBefore[size_t(j)]; // its stride ahead is still valid: its turn takes it
    } else if (a.phase == Phase::Walking) {
        const Ahead &ahead = m_ahead[size_t(j)];
        Walk &w = m_walks[size_t(j)];
        w.x = ahead.fromX;
        w.y = ahead.fromY;
        w.way = ahead.fromWay; // the stride worked out ahead is still valid: its turn takes it
    } else {
        ++a.ticksLeft;
    }
    if (m_settled[size_t(j)] == kTakenAhead) // not among the positions the ordered loop visits: now it must
        putBack(j);
    m_settled[size_t(j)] = kInOrder;
    ++m_unsettledTurns;
}

void Simulation::putBack(int j)
{
    const auto position = size_t(std::lower_bound(m_order.begin(), m_order.end(), j) - m_order.begin());
    if (position > m_visiting) {
        m_putBack.push_back(std::uint32_t(position));
        std::push_heap(m_putBack.begin(), m_putBack.end(), std::greater<>());
    }
}

bool Simulation::autoTrial()
{
    if (!m_pool || m_options.threads != 0 || m_order.size() < size_t(std::max(0, m_options.parallelFrom)))
        return false;
    const std::int64_t phase = m_auto.ticks++ - m_auto.trialAt;
    if (phase >= 0 && phase < AutoThreads::kTrial) {
        if (phase == 0)
            m_auto.counted[0] = m_auto.counted[1] = 0;
        // The first half on the pool, the second alone; the first ticks of
        // each half, which pay for the switch (dozes worked out afresh, the
        // pool's chunks settling on their threads), are not timed.
        const std::int64_t half = AutoThreads::kTrial / 2;
        m_auto.pool = phase < half;
        return phase % half >= AutoThreads::kSwitching;
    }
    if (phase == AutoThreads::kTrial) {
        double median[2];
        for (int mode = 0; mode < 2; ++mode) {
            double *const t = m_auto.times[mode];
            const int n = m_auto.counted[mode];
            std::nth_element(t, t + n / 2, t + n);
            median[mode] = t[n / 2];
        }
        m_auto.choice = median[1] < median[0];
        m_auto.trialAt
            += trialInterval(m_auto.trials++, median[0], median[1], AutoThreads::kTrial, AutoThreads::kPeriod);
    }
    m_auto.pool = m_auto.choice;
    return false;
}

std::int64_t trialInterval(int trials, double alone, double pool, int trial, int period, double cost)
{
    const std::int64_t doubling = std::int64_t(64) << std::clamp(trials, 0, 10);
    // Half a trial of ticks the slower way, each (slower / faster - 1) of a tick dearer.
    const double faster = std::min(alone, pool), slower = std::max(alone, pool);
    const double lost = faster > 0 ? slower / faster - 1 : 0; // (NaN, a clock that did not move: none)
    const double spacing = lost > 0 && cost > 0 ? double(trial / 2) * lost / cost : 0;
    const auto least = spacing < double(period) ? std::int64_t(std::llround(spacing)) : std::int64_t(period);
    return std::min<std::int64_t>(period, std::max(doubling, least));
}

void Simulation::autoTimed(double seconds)
{
    const int mode = m_auto.pool ? 1 : 0;
    if (m_auto.counted[mode] < AutoThreads::kTimed)
        m_auto.times[mode][m_auto.counted[mode]++] = seconds;
}

void Simulation::prepareTick()
{
    m_prepared = false;
    m_threadsInUse = 1;
    if (!m_pool || m_order.size() < size_t(std::max(0, m_options.parallelFrom)))
        return; // updateAgent walks as it goes
    if (m_options.threads == 0 && !m_auto.pool)
        return; // every core, but the calling thread alone is faster now
    growDozers();
    if (m_ahead.size() < m_walks.size()) { // grows with the crowd only (not a tick)
        m_ahead.resize(m_walks.size());
        m_walkBefore.resize(m_walks.size());
        m_settled.resize(m_walks.size());
    }
    // Chunks of at least 256 characters (enough work to be worth a task),
    // four a thread; each keeps what it finds apart, on its own cache lines.
    const size_t n = m_order.size();
    m_chunkCount = std::min<size_t>(size_t(m_pool->threads()) * 4, std::max<size_t>(1, n / 256));
    if (m_chunks.size() < m_chunkCount)
        m_chunks.resize(m_chunkCount);
    auto prepare = [this, n](size_t begin, size_t end) {
        for (size_t c = begin; c < end; ++c) {
            Chunk &chunk = m_chunks[c];
            chunk.found.clear();
            chunk.taken.clear();
            chunk.visit.clear();
            chunk.dozers = chunk.dozedTurns = 0;
            prepareRange(c * n / m_chunkCount, (c + 1) * n / m_chunkCount, chunk);
        }
    };
    m_pool->forChunks(m_chunkCount, prepare);
    for (size_t c = 0; c < m_chunkCount; ++c) {
        m_dozers += m_chunks[c].dozers;
        m_dozedTurns += m_chunks[c].dozedTurns;
    }
    // The arrivals at stations without places, in two steps: the spots free
    // as the tick began that arrivals reach, each with its first arrival in
    // order (who takes it, unless an earlier turn changes things); then each
    // arrival's turn on that guess (settleArrival), in the chunk that found it.
    bool any = false;
    m_claims.clear();
    for (size_t c = 0; c < m_chunkCount; ++c)
        for (const ArrivalFound &f : m_chunks[c].found) {
            any = true;
            if (m_crowd.standingOn(f.here) >= 0)
                continue;
            const int i = m_order[f.position], first = m_claims.at(f.here);
            if (first < 0 || i < first)
                m_claims.put(f.here, i);
        }
    if (any) {
        auto arrivals = [this](size_t begin, size_t end) {
            for (size_t c = begin; c < end; ++c)
                for (const ArrivalFound &f : m_chunks[c].found)
                    settleArrival(f.position, f.here, m_chunks[c]);
        };
        m_pool->forChunks(m_chunkCount, arrivals);
    }
    ++m_parallelTicks;
    m_prepared = true;
    m_threadsInUse = m_pool->threads();
}

// The distance fields chooseStation is about to build one by one (a walled
// map's stations not in sight, their fields not built yet), built at once
// on the pool: the same fields, the same values (Space::buildField either
// way), kept in the order it would ask for them. On a walled map of many
// stations they are most of the crowd's first minutes.
void Simulation::buildFieldsAhead(const CompiledAction &act, double x, double y)
{
    m_fieldStations.clear();
    for (const int s : act.stations)
        if (m_space.wouldBuildField(s, x, y))
            m_fieldStations.push_back(s);
    if (m_fieldStations.size() < 2)
        return; // one: built where it is asked for
    if (m_fields.size() < m_fieldStations.size())
        m_fields.resize(m_fieldStations.size());
    auto block = [this](size_t begin, size_t end) {
        for (size_t k = begin; k < end; ++k)
            m_space.buildField(m_fieldStations[k], m_fields[k]);
    };
    m_pool->forBlocks(m_fieldStations.size(), 1, block);
    for (size_t k = 0; k < m_fieldStations.size(); ++k)
        m_space.adoptField(m_fieldStations[k], std::move(m_fields[k]));
}

bool Simulation::aheadStride(int i)
{
    Ahead &ahead = m_ahead[size_t(i)];
    ahead.tick = -1; // taken once: a second walk this tick is worked out afresh
    Walk &w = m_walks[size_t(i)];
    if (w.generation != ahead.generation || w.x != ahead.fromX || w.y != ahead.fromY || w.way != ahead.fromWay)
        return w.advance(w.speed * m_dt); // moved or sent elsewhere since: afresh
    w.x = ahead.x;
    w.y = ahead.y;
    w.way = ahead.way;
    return ahead.arrived;
}

} // namespace goap::sim
