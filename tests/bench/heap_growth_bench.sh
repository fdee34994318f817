#!/usr/bin/env bash
# Heap engine cost growth (issue 32): `mxi info` and `mxi dominators --format json` on three real
# HotSpot dumps of growing size (javac holding 1,500 / 6,000 / 13,000 JDK sources ≈ 0.35, 1.6 and
# 3.2 GB; the generator is tests/bench/bench_dumps.sh, shared with hprof_bench.sh and
# gui_open_bench.sh). Each run passes `--timings`, so every phase (open, index and the index's own
# steps, dominator tree, paths to the top 20) reports its wall time, CPU time (all threads) and
# peak RSS; GNU time adds the whole process's wall and CPU time. Prints a Markdown table (median of --runs per phase,
# with the cost per object: flat columns mean linear growth) and writes an SVG plot of time and
# peak RSS per phase against objects (tests/bench/growth_report.py).
#
# Usage: tests/bench/heap_growth_bench.sh [--sizes "1500 6000 13000"] [--runs 3] [--dumps DIR]
#                                         [--mxi PATH] [--svg FILE]
#   --sizes  JDK source files javac holds, one dump per number
#   --dumps  keep the dumps (and growth.tsv, the raw measurements) in DIR and reuse them on reruns;
#            without it they are made in a temporary directory and deleted at the end (≈ 5 GB)
#   --mxi    a built mxi (default: builds the release preset)
#   --svg    where the plot goes (default docs/heap-growth.svg)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
sizes="1500 6000 13000"
runs=3
dumps=""
mxi=""
svg="$root/docs/heap-growth.svg"
while [[ $# -gt 0 ]]; do
  case $1 in
    --sizes) sizes=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --dumps) dumps=$2; shift 2 ;;
    --mxi) mxi=$2; shift 2 ;;
    --svg) svg=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

source "$root/tests/bench/bench_dumps.sh"
mxi=$(bench_prepare "$root" "$mxi")
if [[ -z $dumps ]]; then
  dumps=$(mktemp -d "${TMPDIR:-/tmp}/mxi-heap-growth.XXXXXX")
  trap 'rm -rf "$dumps"' EXIT
fi
mkdir -p "$dumps"
tsv="$dumps/growth.tsv"
: >"$tsv"

# run COMMAND: one timed run of `mxi COMMAND --timings` on $dump; appends one TSV line per phase
# (dump bytes objects references command phase wall_ms cpu_ms peak_rss_kib; "-" where a phase
# has no CPU or RSS figure: the index's own steps are timed by the engine, wall only).
run() {
  local command=$1 prefix e u s m
  /usr/bin/time -f "%e %U %S" -o "$dumps/time.txt" \
    "$mxi" "$command" -q --timings --format json "$dump" >"$dumps/out.json" 2>"$dumps/timings.txt"
  prefix="$(basename "$dump" .hprof)\t$bytes\t$objects\t$references\t$command"
  sed -n -e 's/^mxi timing: \(.*\) wall \([0-9.]*\) ms, cpu \([0-9.]*\) ms, peak RSS \([0-9]*\) KiB$/\1\t\2\t\3\t\4/p' \
    -e 's/^mxi timing: \(.*\) wall \([0-9.]*\) ms$/\1\t\2\t-\t-/p' "$dumps/timings.txt" |
    while IFS= read -r line; do printf "%b\t%s\n" "$prefix" "$line"; done >>"$tsv"
  read -r e u s <"$dumps/time.txt"
  # --timings resets the kernel's peak RSS at each phase, so GNU time's %M only sees the last
  # phase: the process's peak is the largest of the phases' peaks.
  m=$(sed -n 's/.*peak RSS \([0-9]*\) KiB$/\1/p' "$dumps/timings.txt" | sort -n | tail -1)
  printf "%b\tprocess\t%s\t%s\t%s\n" "$prefix" "$(awk "BEGIN{print $e*1000}")" "$(awk "BEGIN{print ($u+$s)*1000}")" \
    "$m" >>"$tsv"
}

for files in $sizes; do
  dump=$(bench_dump "$files" "$dumps")
  bytes=$(stat -c %s "$dump")
  cat "$dump" >/dev/null  # page cache warm, as in every other figure
  "$mxi" info -q --format json "$dump" >"$dumps/info.json"
  objects=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['objects'])" "$dumps/info.json")
  references=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['references'])" "$dumps/info.json")
  for _ in $(seq 1 "$runs"); do
    run info
    run dominators
  done
done

echo "Machine: $(nproc) CPUs, $(free -g | awk '/^Mem:/{print $2}') GiB; load average before the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$root/tests/bench/growth_report.py" "$tsv" "$svg"
echo "Plot: $svg"
