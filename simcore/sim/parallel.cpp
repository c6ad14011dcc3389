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
// The pool is oneTBB's (pool.h): an arena of the threads asked for, a
// parallel_for over blocks of the tick's characters. Towns below
// kParallelFrom present characters never enter it.

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
        if (!a.active)
            continue;
        climbNeeds(i); // what updateAgent would do at its turn
        const Walk &w = m_walks[size_t(i)];
        if (a.heldBy >= 0 || w.noWay || (a.phase != Phase::Walking && !w.stepping))
            continue; // a partner follows its holder; the others do not walk this tick (as things stand)
        ahead.fromX = ahead.x = w.x;
        ahead.fromY = ahead.y = w.y;
        ahead.fromWay = ahead.way = w.way;
        ahead.generation = w.generation;
        ahead.arrived = w.advanceFrom(ahead.x, ahead.y, ahead.way, m_identities[size_t(i)].speed * m_dt);
        ahead.valid = true;
    }
}

void Simulation::prepareTick()
{
    m_prepared = false;
    if (!m_pool || m_order.size() < size_t(kParallelFrom))
        return; // updateAgent climbs needs and walks as it goes
    if (m_ahead.size() < m_walks.size())
        m_ahead.resize(m_walks.size()); // grows with the crowd only (not a tick)
    // Blocks of at least 256 characters: enough work to be worth a task.
    const size_t grain = std::max<size_t>(256, m_order.size() / (size_t(m_pool->threads()) * 4));
    auto block = [this](size_t begin, size_t end) { prepareRange(begin, end); };
    m_pool->forBlocks(m_order.size(), grain, block);
    ++m_parallelTicks;
    m_prepared = true;
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
