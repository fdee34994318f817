#!/usr/bin/env bash
# What users do first, on every real input: ../shared/tools/user-smoke.sh runs each file-reading
# `mxi` command, in text and JSON, on every real dump and capture (and cut copies), here with the
# suite's JVM dumps and one moderately large Android-shaped dump added. Any crash, undocumented
# exit code, empty output or unparsable JSON fails; so does running out of time (a run that
# covered less must not pass). Skipped (exit 77) without ../shared/tools/user-smoke.sh.
# Usage: user_smoke_test.sh SOURCE_DIR MXI JVM_DUMP_DIR LARGE_DUMP_DIR SECONDS
set -euo pipefail
source_dir=$1 mxi=$2 jvm_dumps=$3 large_dir=$4 seconds=$5
tool=$source_dir/../shared/tools/user-smoke.sh
if [[ ! -f $tool ]]; then
  echo "SKIP: $tool is absent (the shared tools are not next to this checkout)"
  exit 77
fi
# About 40 MiB, a few hundred thousand objects with leaks, bitmaps and duplicates: large enough
# to go beyond the small fixtures, made in well under a minute (the bench's javac dump needs
# openjdk-17-source and minutes). Re-runs reuse it.
bash "$source_dir/tests/bench/triage_dumps.sh" 1 "$large_dir" 40 40 >/dev/null
dumps=("$jvm_dumps"/*.hprof "$large_dir"/capture-01.hprof)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
(cd "$source_dir" && MXI_SMOKE_DUMPS="${dumps[*]}" bash "$tool" "$mxi" --seconds "$seconds") | tee "$log" || status=1
if grep -q 'stopped at the time limit' "$log"; then
  echo "user_smoke: not every run fit in $seconds s"
  status=1
fi
exit $status
