#!/usr/bin/env bash
# Runs a parameter sweep on a Slurm cluster: a job array of N shards
# (goap-sim sweep --shard auto, each shard on the CPUs Slurm gives its task)
# and a merge job that starts when every shard succeeded (afterok) and writes
# OUTDIR/results.csv.
#   tools/sweep-slurm.sh SWEEP.json N OUTDIR [--wait] [--cpus C] [-- SBATCH_OPTIONS...]
# Prints the two job ids. With --wait, returns when the merge is done: 0 when
# OUTDIR/results.csv was written, 1 when a shard failed (the merge can then
# never run and is cancelled) or the merge failed.
# Environment: GOAP_SIM (default: build/bin/goap-sim next to this script, else
# goap-sim on PATH). OUTDIR must be on a file system every node sees.
set -euo pipefail

usage() { echo "usage: $0 SWEEP.json N OUTDIR [--wait] [--cpus C] [-- SBATCH_OPTIONS...]" >&2; exit 1; }
[ $# -ge 3 ] || usage
sweep=$(realpath "$1")
shards=$2
out=$3
shift 3
wait=0
cpus=1
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --wait) wait=1 ;;
    --cpus) shift; cpus=${1:?--cpus needs a number} ;;
    --) shift; extra=("$@"); break ;;
    *) usage ;;
  esac
  shift
done
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || { echo "sweep-slurm: N must be a whole number from 1" >&2; exit 1; }
[ -f "$sweep" ] || { echo "sweep-slurm: no sweep file $sweep" >&2; exit 1; }

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sim=${GOAP_SIM:-}
if [ -z "$sim" ]; then
  if [ -x "$here/build/bin/goap-sim" ]; then sim=$here/build/bin/goap-sim; else sim=$(command -v goap-sim || true); fi
fi
[ -n "$sim" ] && [ -x "$sim" ] || { echo "sweep-slurm: no goap-sim (build it, or set GOAP_SIM)" >&2; exit 1; }
sim=$(realpath "$sim")
mkdir -p "$out"
out=$(realpath "$out")

# Check the sweep before anything is queued: a bad path fails here, not in N jobs.
"$sim" sweep "$sweep" --out "$out/.check" --shard "$shards/$shards" --jobs 1 >/dev/null 2>"$out/.check.err" || {
  cat "$out/.check.err" >&2; exit 2; }
rm -rf "$out/.check" "$out/.check.err"
rm -f "$out"/results-*-of-*.csv "$out/results.csv"

array=$(sbatch --parsable --job-name=goap-sweep --array="1-$shards" --cpus-per-task="$cpus" \
  --output="$out/slurm-%A_%a.out" "${extra[@]}" \
  --wrap="exec '$sim' sweep '$sweep' --out '$out' --shard auto --jobs $cpus")
array=${array%%;*}
merge=$(sbatch --parsable --job-name=goap-sweep-merge --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --output="$out/slurm-merge-%j.out" "${extra[@]}" \
  --wrap="exec '$sim' sweep-merge '$out' --output '$out/results.csv'")
merge=${merge%%;*}
echo "shards: job array $array (1-$shards)"
echo "merge:  job $merge (after every shard succeeded) -> $out/results.csv"
[ "$wait" -eq 1 ] || exit 0

# Wait for the merge job to leave the queue.
while squeue -h -j "$merge" 2>/dev/null | grep -q .; do
  sleep 2
done
if [ -s "$out/results.csv" ]; then
  echo "done: $out/results.csv ($(($(wc -l < "$out/results.csv") - 1)) variants)"
  exit 0
fi
echo "sweep-slurm: no results: a shard or the merge failed (see $out/slurm-*.out)" >&2
exit 1
