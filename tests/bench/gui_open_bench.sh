#!/usr/bin/env bash
# Desktop app benchmark: time from "Open" to the Leaks tab populated on the real HotSpot bench
# dumps (tests/bench/bench_dumps.sh; javac-6000 ≈ 1.5 GB), on Qt's offscreen platform:
#  1. gui_open_bench DUMP — MainWindow::openDump → document arrives → Leaks tab shown and painted,
#     with the UI thread's longest stall while loading and peak RSS (best of --runs by the
#     populated time);
#  2. the user-visible command, timed end to end by GNU time:
#     matrix-inspector DUMP --screenshot out.png --view leaks
#     (process start + load + analyses + the 300 ms --screenshot waits before it grabs + PNG write);
#  3. progressive opening: the same command with MXI_GUI_TIMINGS, the milliseconds from Open to
#     each tab being usable (index-ready … dominators-ready), beside `mxi info`'s own time.
# Then the live view soak unless --no-live: gui_live_bench (10,000 frames/s + 100 issues/s).
#
# Usage: tests/bench/gui_open_bench.sh [--sizes "6000"] [--runs 3] [--dumps DIR] [--build DIR] [--no-live]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
sizes="6000"
runs=3
dumps="$root/build/bench-dumps"
build="$root/build/release"
live=1
while [[ $# -gt 0 ]]; do
  case $1 in
    --sizes) sizes=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --dumps) dumps=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --no-live) live=0; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

MXI_SETUP_EXTRA="openjdk-17-source" "$root/scripts/setup.sh"
cmake --preset release -S "$root" -DMXI_BUILD_GUI=ON -DMXI_BUILD_BENCH=ON >/dev/null
cmake --build "$build" --target gui_open_bench gui_live_bench matrix-inspector mxi >/dev/null
source "$root/tests/bench/bench_dumps.sh"
export QT_QPA_PLATFORM=offscreen
mkdir -p "$dumps"

for files in $sizes; do
  dump=$(bench_dump "$files" "$dumps")
  mb=$(( $(stat -c %s "$dump") / 1048576 ))
  echo "## $(basename "$dump") ($mb MiB)"
  best=""
  for _ in $(seq 1 "$runs"); do
    out=$("$build/tests/bench/gui_open_bench" "$dump" 2>/dev/null)
    s=$(sed -n 's/.*Leaks tab populated: \([0-9.]*\) s.*/\1/p' <<<"$out")
    if [[ -z $best ]] || awk "BEGIN{exit !($s < $best)}"; then best=$s; bestOut=$out; fi
  done
  echo "gui_open_bench (best of $runs):"
  echo "$bestOut"
  best=""
  for _ in $(seq 1 "$runs"); do
    /usr/bin/time -f "%e %M" -o "$dumps/time.txt" "$build/app/gui/matrix-inspector" "$dump" \
      --screenshot "$dumps/leaks.png" --view leaks >/dev/null 2>&1
    read -r s m <"$dumps/time.txt"
    if [[ -z $best ]] || awk "BEGIN{exit !($s < $best)}"; then best=$s; rss=$m; fi
  done
  echo "matrix-inspector $(basename "$dump") --screenshot leaks.png --view leaks: $best s wall, peak RSS $((rss / 1024)) MiB (best of $runs)"

  # Progressive opening: each milestone's best of the runs, and mxi info's best for scale.
  for _ in $(seq 1 "$runs"); do
    rm -f "$dumps/timings.txt"
    MXI_GUI_TIMINGS="$dumps/timings.txt" "$build/app/gui/matrix-inspector" "$dump" \
      --screenshot "$dumps/summary.png" --view summary >/dev/null 2>&1
    cat "$dumps/timings.txt" >>"$dumps/timings-all.txt"
  done
  echo "progressive opening, ms from Open (best of $runs):"
  awk '{ if (!($1 in best) || $2 < best[$1]) best[$1] = $2; if (!($1 in order)) order[$1] = n++ }
       END { for (k in order) print order[k], k, best[k] }' "$dumps/timings-all.txt" | sort -n | cut -d" " -f2-
  rm -f "$dumps/timings-all.txt"
  best=""
  for _ in $(seq 1 "$runs"); do
    /usr/bin/time -f "%e" -o "$dumps/time.txt" "$build/app/cli/mxi" info "$dump" >/dev/null 2>&1
    read -r s <"$dumps/time.txt"
    if [[ -z $best ]] || awk "BEGIN{exit !($s < $best)}"; then best=$s; fi
  done
  echo "mxi info $(basename "$dump"): $best s wall (best of $runs)"
done

if ((live)); then
  echo "## live view: gui_live_bench"
  "$build/tests/bench/gui_live_bench" 2>/dev/null
fi
