#!/usr/bin/env bash
# Heap phases: where the time and the bytes of `mxi info` and `mxi dominators` go, phase by
# phase (index scan, organise, references; strong graph; DFS, predecessors, semidominators,
# immediate dominators; retained sizes; paths to the top 20), from the "phases" array of their
# JSON output, plus the whole run's wall / user+sys time and peak RSS from GNU time.
#
# Usage: tests/bench/heap_phases.sh --mxi PATH DUMP [--runs 3]
# CPU time and resident memory do not depend on how loaded the machine is; wall time does, so
# the script prints the load average beside it. Prints Markdown tables (the run with the least
# CPU time of --runs; peak RSS is the same in every run within a few MiB).
set -euo pipefail

mxi="" runs=3 dump=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --mxi) mxi=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    *) dump=$1; shift ;;
  esac
done
[[ -x $mxi && -f $dump ]] || { echo "usage: $0 --mxi PATH DUMP [--runs N]" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bytes=$(stat -c %s "$dump")

for cmd in info dominators; do
  best="" bestCpu=""
  for ((i = 0; i < runs; i++)); do
    /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$mxi" "$cmd" -q --format json "$dump" >"$tmp/out.$i.json"
    read -r wall user sys rss <"$tmp/time"
    cpu=$(echo "$user + $sys" | bc)
    echo "$wall $cpu $rss $(cut -d' ' -f1 /proc/loadavg)" >"$tmp/run.$i"
    if [[ -z $best ]] || (($(echo "$cpu < $bestCpu" | bc))); then best=$i bestCpu=$cpu; fi
  done
  read -r wall cpu rss load <"$tmp/run.$best"
  echo
  echo "### mxi $cmd $(basename "$dump") ($((bytes / 1048576)) MiB): wall ${wall} s (load average ${load}), CPU ${cpu} s, peak RSS $((rss / 1024)) MiB = $(echo "scale=2; $rss * 1024 / $bytes" | bc)x the dump"
  echo
  echo "| phase | wall ms | CPU ms | anon RSS MiB at end | file RSS MiB at end | peak RSS MiB so far |"
  echo "|---|---:|---:|---:|---:|---:|"
  python3 - "$tmp/out.$best.json" <<'PY'
import json, sys
for p in json.load(open(sys.argv[1]))["phases"]:
    print("| %s | %.0f | %.0f | %.0f | %.0f | %.0f |" % (p["phase"], p["wallMs"], p["cpuMs"], p["rssAnonMiB"],
                                                   p["rssFileMiB"], p["peakRssMiB"]))
PY
done
