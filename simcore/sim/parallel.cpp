// The parallel tick (issue #30): the part of a tick that is each
// character's own (its needs climbing, the stride of a walk) is worked out
// on every core, from the state as the tick begins, before the characters
// are updated one by one in their fixed order. Nothing it writes is read by
// another character: a need only by its holder, a stride kept aside
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

namespace goap::sim {

void Simulation::PoolDeleter::operator()(ThreadPool *pool) const
{
    delete pool;
}

void Simulation::setThreads(int threads)
{
    const int n = threads > 0 ? threads : ThreadPool::defaultThreads();
    m_options.threads = threads;
    if (n <= 1)
        m_pool.reset(); // serial: no arena, no threads
    else if (!m_pool || m_pool->threads() != n)
        m_pool.reset(new ThreadPool(n));
}

int Simulation::threads() const
{
    return m_pool ? m_pool->threads() : 1;
}

void Simulation::prepareRange(size_t begin, size_t end)
{
    for (size_t k = begin; k < end; ++k) {
        const int i = m_order[k];
        const Activity &a = m_activities[size_t(i)];
        Ahead &ahead = m_ahead[size_t(i)];
        ahead.valid = false;
        m_settled[size_t(i)] = 0;
        if (!a.active)
            continue;
        climbNeeds(i); // what updateAgent would do at its turn
        Walk &w = m_walks[size_t(i)];
        if (a.heldBy < 0 && !w.noWay && (a.phase == Phase::Walking || w.stepping)) {
            w.measure(); // its own walk: measured here, on the pool, rather than in the ordered loop
            ahead.fromX = ahead.x = w.x;
            ahead.fromY = ahead.y = w.y;
            ahead.fromWay = ahead.way = w.way;
            ahead.generation = w.generation;
            ahead.arrived = w.advanceFrom(ahead.x, ahead.y, ahead.way, m_identities[size_t(i)].speed * m_dt);
            ahead.valid = true;
        } // else a partner follows its holder; the others do not walk this tick (as things stand)
        m_settled[size_t(i)] = settleAhead(i) ? 1 : 0;
    }
}

// The turn of a character that, as the tick begins, neither reads nor
// changes anything but its own state this tick, nor is read by another's
// turn unless through touch(): its phase's count, a stride that does not
// arrive, a countdown that does not run out. What updateAgent would do.
bool Simulation::settleAhead(int i)
{
    Activity &a = m_activities[size_t(i)];
    Walk &w = m_walks[size_t(i)];
    if (a.heldBy >= 0 || a.partner >= 0 || w.stepping)
        return false;
    switch (a.phase) {
    case Phase::Walking: {
        const Ahead &ahead = m_ahead[size_t(i)];
        if (!ahead.valid || ahead.arrived)
            return false;
        w.x = ahead.x;
        w.y = ahead.y;
        w.way = ahead.way;
        break;
    }
    case Phase::Acting:
        if (a.firstActingTick || a.ticksLeft <= 1
            || (m_options.hostFinishesExternal && m_scenario->actions[size_t(a.action)].external))
            return false;
        --a.ticksLeft;
        break;
    case Phase::Queued:
    case Phase::Waiting:
    case Phase::Resting:
        if (a.ticksLeft <= 1)
            return false;
        --a.ticksLeft;
        break;
    case Phase::Idle:
        return false;
    }
    ++m_reports.back().agents[size_t(i)].phaseTicks[int(a.phase)];
    return true;
}

// j's turn, taken ahead, is to come in order, and an earlier turn is about
// to read or change it: j is put back as the tick began (needs climbed) and
// takes its turn in the ordered loop.
void Simulation::unsettle(int j)
{
    Activity &a = m_activities[size_t(j)];
    --m_reports.back().agents[size_t(j)].phaseTicks[int(a.phase)];
    if (a.phase == Phase::Walking) {
        const Ahead &ahead = m_ahead[size_t(j)];
        Walk &w = m_walks[size_t(j)];
        w.x = ahead.fromX;
        w.y = ahead.fromY;
        w.way = ahead.fromWay; // the stride worked out ahead is still valid: its turn takes it
    } else {
        ++a.ticksLeft;
    }
    m_settled[size_t(j)] = 0;
    ++m_unsettledTurns;
}

void Simulation::prepareTick()
{
    m_prepared = false;
    if (!m_pool || m_order.size() < size_t(std::max(0, m_options.parallelFrom)))
        return; // updateAgent climbs needs and walks as it goes
    if (m_ahead.size() < m_walks.size()) { // grows with the crowd only (not a tick)
        m_ahead.resize(m_walks.size());
        m_settled.resize(m_walks.size());
    }
    // Blocks of at least 256 characters: enough work to be worth a task.
    const size_t grain = std::max<size_t>(256, m_order.size() / (size_t(m_pool->threads()) * 4));
    auto block = [this](size_t begin, size_t end) { prepareRange(begin, end); };
    m_pool->forBlocks(m_order.size(), grain, block);
    ++m_parallelTicks;
    m_prepared = true;
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
    ahead.valid = false; // taken once: a second walk this tick is worked out afresh
    Walk &w = m_walks[size_t(i)];
    if (w.generation != ahead.generation || w.x != ahead.fromX || w.y != ahead.fromY || w.way != ahead.fromWay)
        return w.advance(m_identities[size_t(i)].speed * m_dt); // moved or sent elsewhere since: afresh
    w.x = ahead.x;
    w.y = ahead.y;
    w.way = ahead.way;
    return ahead.arrived;
}

} // namespace goap::sim
