#!/usr/bin/env bash
# Builds fuzz_protocol with clang + ASan/UBSan and runs it from a small seed corpus of valid
# streams (written here with printf, one per message shape). Usage: run_fuzz_protocol.sh [SECONDS (60)]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-60}
build=$root/build/fuzz
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DMXI_BUILD_TESTS=OFF -DMXI_BUILD_CLI=OFF -DMXI_BUILD_GUI=OFF -DMXI_BUILD_AGENT=OFF -DMXI_FUZZ=ON \
  -DMXI_SANITIZE=address,undefined -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null
cmake --build "$build" -j2 --target fuzz_protocol
seeds=$root/tests/fuzz/corpus/fuzz_protocol  # golden frames, and every crash found so far
work=$build/corpus-work-fuzz_protocol
mkdir -p "$work" "$build/crashes"
"$build/tests/fuzz/fuzz_protocol" "$work" "$seeds" -max_total_time="$secs" -max_len=4096 \
  -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$build/crashes/" -print_final_stats=1
