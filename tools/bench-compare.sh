#!/usr/bin/env bash
# Two or more builds of one benchmark side by side, alternating, pinned to one core:
#   tools/bench-compare.sh [-r ROUNDS] [-c CPU] [-f FILTER] BIN...
# e.g. tools/bench-compare.sh -r 5 -f 'BM_CookPlan' OLD/bin/bench_planner build/bin/bench_planner
# Each round runs every binary once (--benchmark_min_time=0.2); per binary and
# benchmark it prints the median and the least of the rounds' real times (the
# benchmark's unit: ns unless it says otherwise). Alternating rounds and one
# pinned core keep a noisy neighbour or a slower core from favouring one build.
set -euo pipefail
rounds=5 cpu=1 filter=.
while getopts r:c:f: o; do
  case $o in
    r) rounds=$OPTARG ;;
    c) cpu=$OPTARG ;;
    f) filter=$OPTARG ;;
    *) echo "usage: $0 [-r ROUNDS] [-c CPU] [-f FILTER] BIN..." >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[[ $rounds =~ ^[1-9][0-9]*$ && $cpu =~ ^[0-9]+$ ]] || { echo "$0: ROUNDS and CPU are numbers" >&2; exit 2; }
[ $# -ge 1 ] || { echo "usage: $0 [-r ROUNDS] [-c CPU] [-f FILTER] BIN..." >&2; exit 2; }
command -v taskset >/dev/null || { echo "$0: taskset (util-linux) is needed" >&2; exit 2; }
all=$(mktemp)
trap 'rm -f "$all"' EXIT
for _ in $(seq "$rounds"); do
  for i in $(seq $#); do
    bin=${!i}
    taskset -c "$cpu" "$bin" --benchmark_filter="$filter" --benchmark_min_time=0.2 --benchmark_format=csv 2>/dev/null \
      | awk -F, -v b="$i" '/^"/ { gsub(/"/, "", $1); print b, $1, $3 }' >>"$all"
  done
done
for i in $(seq $#); do
  echo "== ${!i}"
  awk -v b="$i" '$1 == b { print $2, $3 }' "$all" | sort -k1,1 -k2,2g \
    | awk '{ v[$1] = v[$1] " " $2; n[$1]++ }
           END { for (k in v) { split(substr(v[k], 2), x, " ");
                 printf "%-36s median %12.1f  least %12.1f  (%d rounds)\n", k, x[int((n[k] + 1) / 2)], x[1], n[k] } }' \
    | sort
done

