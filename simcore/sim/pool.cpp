// oneTBB's arena and parallel_for (pool.h says why this file stands apart).
// Compiled without ThreadSanitizer's instrumentation in TSan builds.

#include <tbb/blocked_range.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "pool.h"

namespace goap::sim {

struct ThreadPool::Arena
{
    explicit Arena(int threads)
        : arena(threads)
    {
    }
    tbb::task_arena arena;
    tbb::affinity_partitioner affinity; // forChunks: which thread ran which index last
};

ThreadPool::ThreadPool(int threads)
    : m_arena(std::make_unique<Arena>(threads))
{
}

ThreadPool::~ThreadPool() = default;

int ThreadPool::threads() const
{
    return m_arena->arena.max_concurrency();
}

int ThreadPool::defaultThreads()
{
    return tbb::info::default_concurrency();
}

void ThreadPool::run(std::size_t count, std::size_t grain, bool affine, Block block, void *context)
{
    m_arena->arena.execute([&] {
        const tbb::blocked_range<std::size_t> range(0, count, grain);
        const auto body = [&](const tbb::blocked_range<std::size_t> &r) { block(context, r.begin(), r.end()); };
        if (affine)
            tbb::parallel_for(range, body, m_arena->affinity);
        else
            tbb::parallel_for(range, body);
    });
}

} // namespace goap::sim
