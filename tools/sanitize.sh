#!/usr/bin/env bash
# Builds and runs the test suite under a sanitizer.
#   tools/sanitize.sh thread     ThreadSanitizer on the simulation, editor and live-run suites
#   tools/sanitize.sh address    AddressSanitizer + UndefinedBehaviorSanitizer on every suite,
#                                then a 60 s tools/fuzz.sh run (clang, libFuzzer)
# Debian's Qt is not built with ThreadSanitizer, so tests/tsan.supp hides the
# reports that come from inside Qt's queued-connection machinery only.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
kind=${1:-thread}
case "$kind" in
  thread)
    dir=${BUILD_DIR:-$here/build-tsan}
    cmake -S "$here" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGOAP_SANITIZE=thread -DGOAP_BUILD_BENCH=OFF >/dev/null
    cmake --build "$dir" --target test_simulation test_editor test_live
    status=0
    for t in test_simulation test_editor test_live; do
      QT_QPA_PLATFORM=offscreen TSAN_OPTIONS="halt_on_error=0 exitcode=66 suppressions=$here/tests/tsan.supp" \
        "$dir/tests/$t" > "$dir/$t.tsan.txt" 2>&1 || status=1
      echo "$t: $(grep -c 'WARNING: ThreadSanitizer' "$dir/$t.tsan.txt" || true) ThreadSanitizer reports; $(grep '^Totals' "$dir/$t.tsan.txt")"
    done
    exit $status ;;
  address)
    dir=${BUILD_DIR:-$here/build-asan}
    cmake -S "$here" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug "-DGOAP_SANITIZE=address;undefined" -DGOAP_BUILD_BENCH=OFF >/dev/null
    cmake --build "$dir"
    (cd "$dir" && UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 QT_QPA_PLATFORM=offscreen ctest --output-on-failure)
    "$here/tools/fuzz.sh" 60 ;; # a minute of libFuzzer (clang) over the scenario pipeline
  *)
    echo "usage: tools/sanitize.sh thread|address" >&2
    exit 1 ;;
esac
