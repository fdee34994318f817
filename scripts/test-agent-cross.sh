#!/usr/bin/env bash
# Cross-builds the static mxi-agent for arm64-v8a with Debian's aarch64 g++ and runs the agent's
# and the protocol's unit tests under qemu-aarch64-static (scripts/test.sh calls this; CI too).
# Usage: scripts/test-agent-cross.sh [PRESET (agent-arm64)]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
preset=${1:-agent-arm64}
build="$root/build/$preset-tests"
cd "$root"
cmake --preset "$preset" -B "$build" -DMXI_BUILD_TESTS=ON >/dev/null
cmake --build "$build" -j "$(nproc)"
file "$build/device-agent/mxi-agent" | grep -q "statically linked" || { echo "mxi-agent is not static" >&2; exit 1; }
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
