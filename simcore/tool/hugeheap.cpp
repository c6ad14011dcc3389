#include "tool/hugeheap.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>

// Under a sanitizer its allocator, not glibc's, serves malloc: nothing to advise.
#if defined(__linux__) && defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define GOAP_HUGE_HEAP 1
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace goap::tool {

bool useHugeHeap()
{
#if defined(GOAP_HUGE_HEAP)
    if (const char *off = std::getenv("GOAP_HUGE_PAGES"); off && std::strcmp(off, "0") == 0)
        return false;
    constexpr std::uintptr_t kHuge = std::uintptr_t(2) << 20;
    if (mallopt(M_MMAP_THRESHOLD, 32 << 20) == 0 || mallopt(M_TOP_PAD, int(kHeapReserve)) == 0)
        return false;
    // A block one page larger than the heap's free top grows the heap by the
    // reserve; from that block up, nothing is touched yet (malloc wrote two
    // chunk headers). Advised before it is freed: freeing keeps the reserve.
    void *block = std::malloc(mallinfo2().keepcost + 4096);
    if (!block)
        return false;
    const auto low = (reinterpret_cast<std::uintptr_t>(block) + kHuge - 1) & ~(kHuge - 1);
    const auto high = reinterpret_cast<std::uintptr_t>(sbrk(0)) & ~(kHuge - 1);
    const bool advised = high > low && madvise(reinterpret_cast<void *>(low), high - low, MADV_HUGEPAGE) == 0;
    std::free(block);
    return advised;
#else
    return false;
#endif
}

} // namespace goap::tool
