#pragma once

// The pool the parallel tick runs on: oneTBB's task arena behind a plain
// interface, so that pool.cpp alone includes oneTBB.
//
// Why it is apart: under ThreadSanitizer (tools/sanitize.sh thread) Debian's
// libtbb is not instrumented, so the synchronisation inside it is invisible,
// while oneTBB's header templates compiled into an instrumented file are
// seen touching the caller's stack from the workers. pool.cpp is compiled
// without instrumentation (simcore/CMakeLists.txt), and forBlocks states the
// hand-over TSan must know in instrumented code: everything the caller wrote
// before forBlocks happens before every block (fork), and every block
// happens before forBlocks returns (join).

#include <atomic>
#include <cstddef>
#include <memory>

namespace goap::sim {

class ThreadPool
{
public:
    explicit ThreadPool(int threads); // threads > 1
    ~ThreadPool();
    ThreadPool(const ThreadPool &) = delete;
    ThreadPool &operator=(const ThreadPool &) = delete;

    int threads() const;
    static int defaultThreads(); // every core the process may use

    // Calls body(begin, end) for blocks of [0, count) of at least grain items,
    // on the pool's threads and the caller's; returns when every block is done.
    template<class Body> void forBlocks(std::size_t count, std::size_t grain, Body &body)
    {
        forEach(count, grain, false, body);
    }
    // body(begin, end) over [0, count) in blocks of one, each on the thread
    // that ran the same index the last time (oneTBB's affinity_partitioner,
    // as far as it can): a loop over the same parts of the same data each
    // tick keeps each part's cache lines on one core.
    template<class Body> void forChunks(std::size_t count, Body &body) { forEach(count, 1, true, body); }

private:
    template<class Body> void forEach(std::size_t count, std::size_t grain, bool affine, Body &body)
    {
        struct Handover
        {
            Body &body;
            std::atomic<int> fork {0};
            std::atomic<int> join {0};
        } h {body};
        h.fork.store(1, std::memory_order_release);
        run(
            count, grain, affine,
            [](void *context, std::size_t begin, std::size_t end) {
                auto &hh = *static_cast<Handover *>(context);
                (void)hh.fork.load(std::memory_order_acquire);
                hh.body(begin, end);
                hh.join.fetch_add(1, std::memory_order_acq_rel);
            },
            &h);
        (void)h.join.load(std::memory_order_acquire);
    }

    using Block = void (*)(void *context, std::size_t begin, std::size_t end);
    void run(std::size_t count, std::size_t grain, bool affine, Block block, void *context);

    struct Arena;
    std::unique_ptr<Arena> m_arena;
};

} // namespace goap::sim
