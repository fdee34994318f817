#!/usr/bin/env bash
# One fuzz target as a ctest test: its seed corpus replayed (every build), then — where the target
# links libFuzzer (the sanitizer build, MXI_FUZZ=ON) — SECONDS of fresh fuzzing from those seeds.
# Usage: fuzz_ctest.sh replay|fuzz TARGET_BINARY SECONDS WORK_DIR MAX_LEN SEED…
# A seed path that does not exist is left out (the shared reference fixtures may be absent); with
# no seed at all the test is skipped (77). A crash keeps its input in WORK_DIR/crashes/: once
# fixed, it belongs in tests/fuzz/corpus/<target>/ so that every later run replays it.
set -uo pipefail
mode=$1 binary=$2 secs=$3 work=$4 max_len=$5
shift 5
seeds=()
for seed in "$@"; do
  if [[ -e $seed ]]; then seeds+=("$seed"); else echo "seed $seed is absent: left out"; fi
done
if [[ ${#seeds[@]} -eq 0 ]]; then
  echo "no seeds for $(basename "$binary"): skipped"
  exit 77
fi
if [[ $mode == replay ]]; then
  exec "$binary" "${seeds[@]}"  # the replay main (fuzz_replay_main.cpp)
fi
rm -rf "$work"
mkdir -p "$work/new" "$work/crashes"
# libFuzzer takes corpus directories only: seed files are linked into one of their own.
dirs=()
n=0
for seed in "${seeds[@]}"; do
  if [[ -d $seed ]]; then
    dirs+=("$seed")
  else
    mkdir -p "$work/seed-files"
    ln -sf "$(realpath "$seed")" "$work/seed-files/$((n++))-$(basename "$seed")"  # names may repeat
  fi
done
[[ -d $work/seed-files ]] && dirs+=("$work/seed-files")
seeds=("${dirs[@]}")
# The first directory is where libFuzzer writes what it finds new: never the seeds themselves.
"$binary" "$work/new" "${seeds[@]}" -max_total_time="$secs" -max_len="$max_len" -timeout=20 \
  -rss_limit_mb=2048 -artifact_prefix="$work/crashes/" -print_final_stats=1
status=$?
if [[ $status -ne 0 ]]; then
  echo "fuzz_ctest: $(basename "$binary") failed (exit $status); the input is in $work/crashes/:" \
       "fix the cause, then add the file to tests/fuzz/corpus/$(basename "$binary")/"
fi
exit "$status"
