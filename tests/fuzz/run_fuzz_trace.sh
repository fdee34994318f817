#!/usr/bin/env bash
# Builds the trace/session fuzzers (and the live recorder's, and meminfo's) with clang + ASan/UBSan and runs each for SECONDS (default 60),
# seeded from the shared reference fixtures (read in place, never copied) and, for the session
# reader, from sessions that `mxi session import` makes out of them.
# Usage: tests/fuzz/run_fuzz_trace.sh [SECONDS] [TARGET...]   Crashes land in build/fuzz/crashes/.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-60}
shift || true
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=(fuzz_matrix_issues fuzz_stack_mapping fuzz_anr_trace fuzz_framestats fuzz_session_reader
                                     fuzz_live_record fuzz_agent_output fuzz_method_trace fuzz_meminfo fuzz_strictmode fuzz_mapping)
ref=${MXI_REFERENCE_DIR:-$root/../shared/reference}/fixtures
build=$root/build/fuzz
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DMXI_BUILD_TESTS=OFF -DMXI_BUILD_CLI=ON -DMXI_BUILD_GUI=OFF -DMXI_FUZZ=ON -DMXI_SANITIZE=address,undefined \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null
cmake --build "$build" -j2 --target "${targets[@]}" mxi
mkdir -p "$build/crashes"
seeds_for() {
  case $1 in
    fuzz_matrix_issues) echo "$ref/matrix-issues" ;;  # libFuzzer reads seed directories recursively
    fuzz_stack_mapping) echo "$ref/matrix-issues/matrix-sample" ;;
    fuzz_anr_trace) echo "$ref/anr" ;;
    fuzz_framestats) echo "$ref/gfxinfo" ;;
    fuzz_meminfo) echo "$ref/meminfo" ;;
    fuzz_mapping) echo "$root/tests/fixtures/mappings" ;;
    fuzz_method_trace)  # the project's own real traces (small ones whole, the large ones inflated)
      local dir=$build/seeds-method-trace
      mkdir -p "$dir"
      cp "$root"/tests/fixtures/method-traces/*.trace "$dir"/
      for f in "$root"/tests/fixtures/method-traces/*.trace.gz; do gzip -dc "$f" | head -c 200000 >"$dir/$(basename "$f" .gz)"; done
      echo "$dir" ;;
    fuzz_agent_output) echo "$ref/gfxinfo $ref/anr $ref/matrix-issues" ;;
    fuzz_strictmode) echo "$ref/strictmode $root/tests/fixtures/strictmode" ;;
    fuzz_session_reader)
      ASAN_OPTIONS=detect_leaks=0 bash "$root/tests/fuzz/write_session_seeds.sh" "$build/seeds-session" "$build/app/cli/mxi" "$ref"
      echo "$build/seeds-session" ;;
    fuzz_live_record) ;;  # structured input: any bytes make messages
  esac
}
for t in "${targets[@]}"; do
  work=$build/corpus-work-$t
  mkdir -p "$work"
  # shellcheck disable=SC2046
  "$build/tests/fuzz/$t" "$work" $(seeds_for "$t") -max_total_time="$secs" -max_len=262144 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$build/crashes/$t-" -print_final_stats=1 2>&1 | tail -n 12 || status=1
done
exit "${status:-0}"
