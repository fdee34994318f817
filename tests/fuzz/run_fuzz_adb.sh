#!/usr/bin/env bash
# Builds the adb parser fuzzers with clang + ASan/UBSan and runs each for SECONDS (default 60).
# Usage: tests/fuzz/run_fuzz_adb.sh [SECONDS] [extra libFuzzer args]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-60}
shift || true
build=$root/build/fuzz
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DMXI_BUILD_TESTS=OFF -DMXI_BUILD_CLI=OFF -DMXI_BUILD_GUI=OFF -DMXI_BUILD_DEVICE_SIM=OFF -DMXI_FUZZ=ON \
  -DMXI_SANITIZE=address,undefined -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null
cmake --build "$build" -j2 --target fuzz_adb_packet fuzz_smart_reply
mkdir -p "$build/crashes"
for target in fuzz_adb_packet fuzz_smart_reply; do
  work=$build/corpus-work-$target
  mkdir -p "$work"
  "$build/tests/fuzz/$target" "$work" -max_total_time="$secs" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$build/crashes/" -print_final_stats=1 "$@"
done
