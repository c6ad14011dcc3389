#pragma once
// The heap on transparent huge pages, for the executables' main(): a town of
// 10,000 characters walks through tens of MiB of per-character arrays a tick
// and a big scenario file's document is as large, and on 4 KiB pages the
// misses of the TLB and the page faults of first touch cost 10-20% of a run
// (README, Performance: what GLIBC_TUNABLES=glibc.malloc.hugetlb=1 gives).
//
// Linux with glibc only (elsewhere it does nothing): blocks up to 32 MiB come
// from the heap rather than mmap, the heap grows by kHeapReserve at a time,
// and that reserve, not yet touched, is advised MADV_HUGEPAGE, so the kernel
// backs it with 2 MiB pages when the system's policy is `madvise` or
// `always` (never: no change). Only touched memory is resident; past the
// reserve the heap grows on ordinary pages. GOAP_HUGE_PAGES=0 turns it off.

#include <cstddef>

namespace goap::tool {

inline constexpr std::size_t kHeapReserve = std::size_t(256) << 20;

// Call once, first thing in main(), before any large allocation. True when
// the reserve was advised.
bool useHugeHeap();

} // namespace goap::tool
