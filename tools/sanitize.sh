#!/usr/bin/env bash
# Builds and runs the test suite under a sanitizer.
#   tools/sanitize.sh thread     ThreadSanitizer on the simulation, editor and live-run suites
#   tools/sanitize.sh address    AddressSanitizer + UndefinedBehaviorSanitizer on every suite,
#                                then a 60 s tools/fuzz.sh run (clang, libFuzzer)
# Debian's Qt is not built with ThreadSanitizer: tests/tsan.supp ignores only
# the libc calls made from inside Qt's libraries (called_from_lib). The live
# run's data crosses threads through std::mutex channels TSan sees
# (CommandQueue, FrameMailbox); test_handoff drives them from a std::thread,
# and tsan_plantedrace proves a planted race on that path is reported.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
kind=${1:-thread}
case "$kind" in
  thread)
    dir=${BUILD_DIR:-$here/build-tsan}
    cmake -S "$here" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGOAP_SANITIZE=thread -DGOAP_BUILD_BENCH=OFF >/dev/null
    # The editor's suites (tests/editor: a suite per dock or feature).
    editor_suites=(test_forms test_references test_undo test_map test_issues test_graphs test_files
                   test_mainwindow test_liverun test_sweepdialog test_layout test_runtools test_clipboard test_compare)
    cmake --build "$dir" --target test_simulation test_parallel "${editor_suites[@]}" test_live test_handoff tsan_plantedrace tsan_poolrace
    status=0
    for t in test_simulation test_parallel test_handoff test_live "${editor_suites[@]}"; do
      QT_QPA_PLATFORM=offscreen TSAN_OPTIONS="halt_on_error=0 exitcode=66 suppressions=$here/tests/tsan.supp" \
        "$dir/tests/$t" > "$dir/$t.tsan.txt" 2>&1 || status=1
      echo "$t: $(grep -c 'WARNING: ThreadSanitizer' "$dir/$t.tsan.txt" || true) ThreadSanitizer reports; $(grep '^Totals' "$dir/$t.tsan.txt")"
    done
    # The check can fail: the planted races (the live run's hand-off, the
    # parallel tick's pool) must be reported, their atomic twins not.
    (cd "$dir" && ctest -R 'tsan_(plantedrace|poolrace)' --output-on-failure) || status=1
    exit $status ;;
  address)
    dir=${BUILD_DIR:-$here/build-asan}
    cmake -S "$here" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug "-DGOAP_SANITIZE=address;undefined" -DGOAP_BUILD_BENCH=OFF >/dev/null
    cmake --build "$dir"
    # tests/lsan.supp: what fontconfig, pango and Graphviz keep for the process's life.
    (cd "$dir" && UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 LSAN_OPTIONS="suppressions=$here/tests/lsan.supp" \
      QT_QPA_PLATFORM=offscreen ctest --output-on-failure)
    "$here/tools/fuzz.sh" 60 ;; # a minute of libFuzzer (clang) over the scenario pipeline
  *)
    echo "usage: tools/sanitize.sh thread|address" >&2
    exit 1 ;;
esac
