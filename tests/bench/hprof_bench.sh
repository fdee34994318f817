#!/usr/bin/env bash
# hprof benchmark: generates real HotSpot dumps of a javac heap (~300 MB and ~1.5 GB) and times
# `mxi info` / `mxi histogram` side by side with VisualVM's heap library on the same files.
#
# Then leak paths and retained sizes: `mxi leaks` for every instance of --leak-class against
# VisualVM's getNearestGCRootPointer / getRetainedSize on the same objects (VisualVM's retained
# sizes only on dumps under --visualvm-retained-max-mb, default 1024: it needs ~27x the dump in RAM).
#
# Usage: tests/bench/hprof_bench.sh [--sizes "1500 7500"] [--runs 3] [--dumps DIR] [--mxi PATH]
#                                   [--leak-class NAME] [--visualvm-retained-max-mb N] [--no-visualvm]
#   --sizes  number of JDK source files javac holds for each dump (1500 ≈ 300 MB, 7500 ≈ 1.5 GB)
#   --dumps  where generated dumps are cached (default build/bench-dumps); reruns reuse them
#   --mxi    a built mxi (default: builds the release preset)
# Prints a Markdown table (wall time = best of --runs; peak RSS from GNU time).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
sizes="1500 7500"
runs=3
dumps="$root/build/bench-dumps"
mxi=""
leak_class='com.sun.tools.javac.file.Locations$SearchPath'
vv_retained_max_mb=1024
visualvm=1
while [[ $# -gt 0 ]]; do
  case $1 in
    --sizes) sizes=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --dumps) dumps=$2; shift 2 ;;
    --mxi) mxi=$2; shift 2 ;;
    --leak-class) leak_class=$2; shift 2 ;;
    --visualvm-retained-max-mb) vv_retained_max_mb=$2; shift 2 ;;
    --no-visualvm) visualvm=0; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

source "$root/tests/bench/bench_dumps.sh"
mxi=$(bench_prepare "$root" "$mxi")
jar=/usr/share/visualvm/visualvm/modules/org-graalvm-visualvm-lib-jfluid-heap.jar
mkdir -p "$dumps/classes"
javac -cp "$jar" -d "$dumps/classes" "$root/tests/bench/java/VisualVmHeap.java"

generate() { bench_dump "$1" "$dumps"; }  # generate FILES → prints the dump path

# timed CMD... → "seconds maxrss_kb" of the best (fastest) of $runs runs. VisualVM caches its
# index in DUMP.hwcache; it is removed before every run so each run indexes the dump cold.
timed() {
  local best="" rss=""
  for _ in $(seq 1 "$runs"); do
    rm -rf "$dump.hwcache"
    /usr/bin/time -f "%e %M" -o "$dumps/time.txt" "$@" >"$dumps/out.txt" 2>/dev/null
    read -r s m <"$dumps/time.txt"
    if [[ -z $best ]] || awk "BEGIN{exit !($s < $best)}"; then best=$s; rss=$m; fi
  done
  echo "$best $rss"
}

echo "| dump | objects | tool / step | wall s | peak RSS MB | RSS / dump |"
echo "|---|---|---|---|---|---|"
for files in $sizes; do
  dump=$(generate "$files")
  bytes=$(stat -c %s "$dump")
  mb=$((bytes / 1048576))
  "$mxi" info -q --format json "$dump" >"$dumps/info.json"
  objects=$(python3 -c "import json;print(json.load(open('$dumps/info.json'))['objects'])" 2>/dev/null || grep -o '"objects": [0-9]*' "$dumps/info.json" | grep -o '[0-9]*')
  row() { echo "| $(basename "$dump") ($mb MB) | $objects | $1 | $2 | $(($3 / 1024)) | $(awk "BEGIN{printf \"%.2f\", $3*1024/$bytes}") |"; }
  read -r s m < <(timed "$mxi" info -q "$dump"); row "mxi info (open + index)" "$s" "$m"
  read -r s m < <(timed "$mxi" histogram -q --top 20 "$dump"); row "mxi histogram" "$s" "$m"
  for step in summary histogram gcroot; do
    ((visualvm)) || break
    read -r s m < <(timed java -Xmx16g -cp "$jar:$dumps/classes" VisualVmHeap "$dump" "$step")
    row "VisualVM $step ($(tr -d '\n' <"$dumps/out.txt"))" "$s" "$m"
  done
  echo "| | | mxi index memory: $(grep -o '"indexBytes": [0-9]*' "$dumps/info.json" | grep -o '[0-9]*' | awk -v b="$bytes" '{printf "%d MB = %.2fx dump", $1/1048576, $1/b}') | | | |"
  # Leak paths (every root alike, as VisualVM searches) and retained sizes.
  read -r s m < <(timed "$mxi" leaks -q --no-retained --locals-alike --finder none --class "$leak_class" "$dump")
  row "mxi leaks --class (paths)" "$s" "$m"
  read -r s m < <(timed "$mxi" leaks -q --locals-alike --finder none --class "$leak_class" --format json "$dump")
  lengths=$(python3 -c "import json;print(sorted(len(l['chain']) for l in json.load(open('$dumps/out.txt'))['leaks'] for _ in l['leakingObjectIds']))")
  row "mxi leaks --class (paths + full dominator tree; path lengths $lengths)" "$s" "$m"
  read -r s m < <(timed "$mxi" dominators -q --top 20 "$dump")
  row "mxi dominators (full dominator tree, top 20 with paths)" "$s" "$m"
  if ((visualvm)); then
    vv_mode=(paths "$leak_class")
    if ((mb <= vv_retained_max_mb)); then vv_mode+=(retained); fi
    read -r s m < <(timed java -Xmx20g -cp "$jar:$dumps/classes" VisualVmHeap "$dump" "${vv_mode[@]}")
    row "VisualVM ${vv_mode[*]} ($(tr -d '\n' <"$dumps/out.txt"))" "$s" "$m"
  fi
  # Duplicate values, bitmaps, shrink (its own rate is printed by mxi: input MB/s of the shrink step).
  read -r s m < <(timed "$mxi" strings -q --top 20 "$dump")
  row "mxi strings (duplicate strings and arrays)" "$s" "$m"
  read -r s m < <(timed "$mxi" bitmaps -q "$dump")
  row "mxi bitmaps" "$s" "$m"
  read -r s m < <(timed "$mxi" shrink -q --format json "$dump" "$dumps/shrunk.hprof")
  rate=$(python3 -c "import json;d=json.load(open('$dumps/out.txt'));print('%.0f MB/s, output %.1f%%' % (d['inputBytes']/1e3/d['shrinkMs'], 100*d['ratio']))")
  row "mxi shrink (shrink step $rate)" "$s" "$m"
  rm -f "$dumps/shrunk.hprof"
done
