#!/usr/bin/env bash
# Builds and runs the whole test suite (warnings are errors).
# Usage: scripts/test.sh               regular build (build/test)
#        scripts/test.sh --sanitize    the same suite under ASan + UBSan (build/asan)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"

build="$root/build/test"
extra=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
if [[ ${1:-} == --sanitize ]]; then
  build="$root/build/asan"
  extra=(-DCMAKE_BUILD_TYPE=Debug -DMXI_SANITIZE=address,undefined -DCMAKE_C_COMPILER=clang
         -DCMAKE_CXX_COMPILER=clang++ -DMXI_AGENT_ABIS=)  # the arm agents are the regular run's
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
fi
# Regular run: first the agent's static arm64 cross build, its unit tests under qemu-aarch64.
if [[ ${1:-} != --sanitize ]]; then
  "$root/scripts/test-agent-cross.sh"
fi
cmake -S "$root" -B "$build" -G Ninja -DMXI_BUILD_TESTS=ON -DMXI_WERROR=ON \
  -DCMAKE_CXX_COMPILER_LAUNCHER=ccache "${extra[@]}" >/dev/null
cmake --build "$build" -j "$(nproc)"
# Every test has a time limit (tests that need longer set their own TIMEOUT): a hang fails that
# test with ctest's "Timeout" instead of stalling the run.
cd "$build" && ctest --output-on-failure -j "$(nproc)" --timeout 300
