// The TSan run's check of the parallel tick's pool (tools/sanitize.sh thread).
// sim/pool.cpp is compiled without ThreadSanitizer (Debian's libtbb is not
// instrumented), so this shows that what it keeps out of sight is only the
// pool: blocks that race on a plain counter are still reported ("race"),
// while the hand-over pool.h states is seen ("atomic": the caller's writes
// before forBlocks read by every block, the blocks' own slots read by the
// caller after it, the shared count atomic: no report).
//   tsan_poolrace race|atomic

#include "sim/pool.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

int plantedPoolRaceCounter = 0; // the planted race: written by every block
std::atomic<int> atomicPoolCounter {0};

namespace {

void spin()
{
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(20);
    while (std::chrono::steady_clock::now() < until) { }
}

} // namespace

int main(int argc, char **argv)
{
    const bool race = argc > 1 && std::strcmp(argv[1], "race") == 0;
    goap::sim::ThreadPool pool(2);
    constexpr std::size_t kBlocks = 64;
    std::vector<int> input(kBlocks), output(kBlocks);
    long sum = 0;
    for (int round = 0; round < 200; ++round) {
        for (std::size_t k = 0; k < kBlocks; ++k)
            input[k] = round + int(k); // plain writes before the fork
        auto body = [&](std::size_t begin, std::size_t end) {
            for (std::size_t k = begin; k < end; ++k) {
                spin();
                output[k] = input[k] * 2; // each block its own slots
                if (race)
                    ++plantedPoolRaceCounter;
                else
                    atomicPoolCounter.fetch_add(1, std::memory_order_relaxed);
            }
        };
        pool.forBlocks(kBlocks, 1, body);
        for (std::size_t k = 0; k < kBlocks; ++k)
            sum += output[k]; // plain reads after the join
    }
    std::printf("%d threads, sum %ld, counted %d\n", pool.threads(), sum,
                race ? plantedPoolRaceCounter : atomicPoolCounter.load());
    return 0;
}
