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
// The pool is oneTBB's: an arena of the threads asked for, a parallel_for
// over blocks of the tick's characters. Towns below kParallelFrom present
// characters never enter it.

// oneTBB before Qt: Qt's `emit` macro would break oneTBB's profiling.h.
#include <tbb/blocked_range.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "simulation.h"

#include <atomic>

namespace goap::sim {

struct Simulation::Pool
{
    explicit Pool(int threads)
        : arena(threads)
    {
    }
    tbb::task_arena arena;
    // What ThreadSanitizer sees of the hand-over: the ordered loop's writes
    // before a tick are published to the blocks (release, acquire), and the
    // blocks' writes back to the loop (acq_rel counts, acquire). oneTBB's own
    // synchronisation is in a library ThreadSanitizer does not instrument.
    std::atomic<std::uint64_t> tick {0};
    std::atomic<std::uint64_t> blocksDone {0};
};

void Simulation::PoolDeleter::operator()(Pool *pool) const
{
    delete pool;
}

void Simulation::setThreads(int threads)
{
    const int n = threads > 0 ? threads : tbb::info::default_concurrency();
    m_options.threads = threads;
    if (n <= 1)
        m_pool.reset(); // serial: no arena, no threads
    else if (!m_pool || m_pool->arena.max_concurrency() != n)
        m_pool.reset(new Pool(n));
}

int Simulation::threads() const
{
    return m_pool ? m_pool->arena.max_concurrency() : 1;
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
    Pool &pool = *m_pool;
    pool.tick.fetch_add(1, std::memory_order_release);
    // Blocks of at least 256 characters: enough work to be worth a task.
    const size_t grain = std::max<size_t>(256, m_order.size() / (size_t(pool.arena.max_concurrency()) * 4));
    pool.arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<size_t>(0, m_order.size(), grain),
                          [&](const tbb::blocked_range<size_t> &range) {
                              (void)pool.tick.load(std::memory_order_acquire);
                              prepareRange(range.begin(), range.end());
                              pool.blocksDone.fetch_add(1, std::memory_order_acq_rel);
                          });
    });
    (void)pool.blocksDone.load(std::memory_order_acquire);
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
