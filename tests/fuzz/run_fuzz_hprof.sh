#!/usr/bin/env bash
# Builds an hprof fuzzer with clang + ASan/UBSan, seeds it with the test writer's dumps and
# runs it. Usage: tests/fuzz/run_fuzz_hprof.sh [SECONDS (default 300)] [extra libFuzzer args]
# MXI_FUZZ_TARGET picks the target: fuzz_hprof (the index, default) or fuzz_heap_analysis
# (leaks, dominators, bitmaps, duplicates, shrink on whatever indexes).
# Crashes land in build/fuzz/crashes/. Optionally pass a real dump's directory via
# MXI_FUZZ_EXTRA_SEEDS (e.g. build/dev/tests/fixtures/dumps) to add JVM dumps as seeds.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-300}
shift || true
build=$root/build/fuzz
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DMXI_BUILD_TESTS=OFF -DMXI_BUILD_CLI=OFF -DMXI_FUZZ=ON -DMXI_SANITIZE=address,undefined \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null
target=${MXI_FUZZ_TARGET:-fuzz_hprof}
cmake --build "$build" -j2 --target "$target"
corpus=$build/tests/fuzz/corpus/hprof
work=$build/corpus-work-$target
mkdir -p "$work" "$build/crashes"
seeds=("$corpus")
[[ -n ${MXI_FUZZ_EXTRA_SEEDS:-} ]] && seeds+=("$MXI_FUZZ_EXTRA_SEEDS")
"$build/tests/fuzz/$target" "$work" "${seeds[@]}" -max_total_time="$secs" -max_len=65536 \
  -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$build/crashes/" -print_final_stats=1 "$@"
