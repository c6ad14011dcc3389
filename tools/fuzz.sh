#!/usr/bin/env bash
# Fuzzes the scenario pipeline (tests/fuzz/fuzzscenario.cpp: read, validate,
# compile, canonical round trip, plan, simulate, records) with libFuzzer.
#   tools/fuzz.sh [SECONDS]    default 60
# Builds with clang in build-fuzz (BUILD_DIR overrides) with ASan + UBSan and
# no editor or benchmarks. Seeds: scenarios/, tests/data/, tests/fuzz/corpus/;
# what it learns goes to build-fuzz/corpus, a finding to build-fuzz/findings/
# (copy it into tests/fuzz/corpus/ once fixed: the fuzz_replay test replays it).
# Exits non-zero on a finding.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-60}
dir=${BUILD_DIR:-$here/build-fuzz}
cxx=${FUZZ_CXX:-clang++}

# clang and its libFuzzer runtime, which tools/dev.sh (g++) does not install.
if ! command -v "$cxx" >/dev/null || ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "== installing clang and libclang-rt-dev"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq clang libclang-rt-dev >/dev/null
fi

cmake -S "$here" -B "$dir" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DGOAP_BUILD_FUZZ=ON -DGOAP_BUILD_EDITOR=OFF -DGOAP_BUILD_BENCH=OFF >/dev/null
cmake --build "$dir" --target fuzz_scenario
mkdir -p "$dir/corpus" "$dir/findings"
echo "== fuzzing for $seconds s; findings go to $dir/findings/"
# -max_len: the shipped scenarios are under 8 KiB; 64 KiB leaves room to grow
# without spending the time on huge inputs (the reader's 16 MiB limit has its own test).
ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1 \
  "$dir/tests/fuzz/fuzz_scenario" -max_total_time="$seconds" -max_len=65536 -timeout=30 -rss_limit_mb=3072 \
  -dict="$here/tests/fuzz/scenario.dict" -artifact_prefix="$dir/findings/" -print_final_stats=1 \
  "$dir/corpus" "$here/scenarios" "$here/tests/data" "$here/tests/data/bad" "$here/tests/fuzz/corpus"
