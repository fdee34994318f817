#!/usr/bin/env bash
# `mxi triage` against its bar (docs/PERFORMANCE.md, "Triage"): on COUNT generated Android-shaped
# dumps (tests/bench/triage_dumps.sh; 5–50 MB, different mixes of leaks) —
#   1. `mxi leaks` on each dump, two at a time (xargs -P2): the work done by hand today;
#   2. the first `mxi triage` run into a fresh store (should be within 1.2× of 1.);
#   3. a re-run over the unchanged folder (should be under 1 s);
#   4. the store's size per capture (should be under 10 KiB).
# Usage: tests/bench/triage_bench.sh [MXI] [DUMPS_DIR] [COUNT]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mxi=${1:-"$here/../../build/test/app/cli/mxi"}
dumps=${2:-/tmp/mxi-triage-bench}
count=${3:-40}
"$here/triage_dumps.sh" "$count" "$dumps" >/dev/null
store=$(mktemp -d)
trap 'rm -rf "$store"' EXIT

seconds() { local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null; t1=$(date +%s.%N); echo "$t1 - $t0" | bc; }
bytes=$(du -cb "$dumps"/capture-*.hprof | tail -1 | cut -f1)
sync
# Warm the page cache the same way for every contender.
cat "$dumps"/capture-*.hprof >/dev/null

leaks=$(seconds bash -c "ls '$dumps'/capture-*.hprof | xargs -P2 -n1 '$mxi' leaks -q --format json")
first=$(seconds "$mxi" triage -q --jobs 2 --db "$store/triage.sqlite" "$dumps")
again=$(seconds "$mxi" triage -q --jobs 2 --db "$store/triage.sqlite" "$dumps")
size=$(du -cb "$store"/triage.sqlite* | tail -1 | cut -f1)
signatures=$("$mxi" triage --db "$store/triage.sqlite" --format json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["signatures"]))')

printf 'dumps: %d, %.2f GB\n' "$count" "$(echo "$bytes / 1000000000" | bc -l)"
printf 'mxi leaks on each, two at a time: %.2f s\n' "$leaks"
printf 'mxi triage, first run:            %.2f s (%.2f× mxi leaks)\n' "$first" "$(echo "$first / $leaks" | bc -l)"
printf 'mxi triage, re-run:               %.3f s\n' "$again"
printf 'store: %d bytes for %d captures, %d signatures: %.1f KiB per capture\n' "$size" "$count" "$signatures" \
  "$(echo "$size / $count / 1024" | bc -l)"
