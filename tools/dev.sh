#!/usr/bin/env bash
# GOAP Studio's one entry point for a fresh Debian 12 machine.
#   tools/dev.sh run    install what is missing, build, run the main job
#   tools/dev.sh test   install what is missing, build, run the whole test suite
#   tools/dev.sh build  install what is missing and build
#   tools/dev.sh format  apply .clang-format to every C and C++ file (`test` checks it)
#   tools/dev.sh package  build, make the four .debs in build/ (libgoap1, libgoap-dev, goap-sim,
#                         goap-studio), lintian them, and check them unpacked in a clean root, the
#                         C example against libgoap1 alone (tools/check-package.sh)
#   tools/dev.sh pictures  build, then make every picture README links in docs/images from the
#                         programs themselves (tools/pictures.sh; offscreen, no display needed)
#   tools/dev.sh test-cluster  build, start a one-node Slurm, run a 100-variant sweep through it and
#                         compare it with the same sweep run locally (opt-in: not part of `test`)
# Environment: BUILD_DIR (default build), BUILD_TYPE (default Release).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$here/build}
build_type=${BUILD_TYPE:-Release}

packages=(build-essential cmake ninja-build ccache pkg-config
          qt6-base-dev qt6-svg-dev libqt6svg6 libgl-dev libqcustomplot-dev
          libbenchmark-dev xvfb xauth fonts-dejavu-core
          libtbb-dev # oneTBB: the parallel tick (simcore/sim/parallel.cpp)
          libbliss-dev # bliss: the planner's symmetries under lmcut (simcore/planner/symmetry.cpp)
          graphviz libgraphviz-dev # the production chain's layout (libgvc), dot for its test
          dpkg-dev file shared-mime-info libglib2.0-bin lintian # cpack -G DEB and tools/check-package.sh
          help2man # the man pages, from --help
          python3-yaml) # the cluster manifests' check (with kubectl, below)
# kubectl from Debian's kubernetes-client, unless one is installed already (another
# package's /usr/bin/kubectl would make the install fail).
command -v kubectl >/dev/null || packages+=(kubernetes-client)

install_packages() {
  local missing=()
  for p in "$@" "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "== installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

build() {
  install_packages "$@"
  echo "== configuring ($build_type) in $build_dir"
  cmake -S "$here" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE="$build_type" >/dev/null
  echo "== building"
  cmake --build "$build_dir" --parallel "$(nproc)"
}

# The project's C and C++ sources, for clang-format.
sources() {
  find "$here/simcore" "$here/editor" "$here/tests" \( -name '*.cpp' -o -name '*.h' -o -name '*.c' \) -print0
}

case "${1:-run}" in
  format)
    install_packages clang-format
    sources | xargs -0 clang-format -i ;;
  build)
    build ;;
  run)
    build
    scenario="$here/scenarios/town.json"
    if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
      exec "$build_dir/bin/goap-studio" "$scenario"
    fi
    out="$build_dir/run"
    mkdir -p "$out"
    echo "== no display: the headless run of $(basename "$scenario"), records in $out"
    "$build_dir/bin/goap-sim" run "$scenario" --report "$out/report.json" --events "$out/events.jsonl" --samples "$out/samples.csv"
    # The same day's charts as a picture: goap-plot (goap-sim itself links no GUI library).
    "$build_dir/bin/goap-plot" "$scenario" --output "$out/charts.png" >/dev/null
    echo "== charts: $out/charts.png"
    ;;
  test)
    build clang-format
    echo "== checking the format (.clang-format; tools/dev.sh format applies it)"
    sources | xargs -0 clang-format --dry-run -Werror
    echo "== testing"
    cd "$build_dir"
    QT_QPA_PLATFORM=offscreen ctest --output-on-failure --parallel "$(nproc)"
    ;;
  package)
    build
    echo "== packaging"
    (cd "$build_dir" && cpack -G DEB)
    "$here/tools/check-package.sh" "$build_dir"
    ;;
  pictures)
    build
    echo "== pictures"
    BUILD_DIR="$build_dir" "$here/tools/pictures.sh"
    ;;
  test-cluster)
    build
    "$here/tools/slurm-local.sh" start
    export SLURM_CONF=${GOAP_SLURM_DIR:-/tmp/goap-slurm}/slurm.conf
    work=$(mktemp -d)
    trap '"$here/tools/slurm-local.sh" stop; rm -rf "$work"' EXIT
    cp "$here/scenarios/town.json" "$work/"
    printf '%s\n' '{ "scenario": "town.json", "days": 1,' \
      '  "vary": [ { "path": "agents[5].goals[0].urgency", "from": 0.2, "to": 2, "steps": 10 },' \
      '            { "path": "agents[3].speed", "from": 0.5, "to": 5, "steps": 10 } ] }' > "$work/town.sweep.json"
    echo "== 100 variants, 4 shards through Slurm"
    "$here/tools/sweep-slurm.sh" "$work/town.sweep.json" 4 "$work/cluster" --wait
    echo "== the same sweep here, in one shard"
    "$build_dir/bin/goap-sim" sweep "$work/town.sweep.json" --out "$work/local" 2>/dev/null
    "$build_dir/bin/goap-sim" sweep-merge "$work/local" --output "$work/local.csv"
    cmp "$work/local.csv" "$work/cluster/results.csv"
    echo "== identical: $(($(wc -l < "$work/local.csv") - 1)) variants"
    echo "== a failing shard: the merge never runs and --wait says so"
    printf '%s\n' '#!/bin/sh' '[ "${SLURM_ARRAY_TASK_ID:-}" = 2 ] && exit 3' "exec '$build_dir/bin/goap-sim' \"\$@\"" > "$work/failing-sim"
    chmod +x "$work/failing-sim"
    if GOAP_SIM="$work/failing-sim" "$here/tools/sweep-slurm.sh" "$work/town.sweep.json" 4 "$work/failing" --wait; then
      echo "test-cluster: a failed shard was not reported" >&2
      exit 1
    fi
    [ ! -e "$work/failing/results.csv" ]
    echo "== test-cluster passed"
    ;;
  *)
    echo "usage: tools/dev.sh run|test|build|format|package|pictures|test-cluster" >&2
    exit 1 ;;
esac
