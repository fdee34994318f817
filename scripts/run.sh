#!/usr/bin/env bash
# The main job: build `mxi` (release) and analyse the bundled sample heap dump.
# Usage: scripts/run.sh [DUMP]   (default: resources/samples/sample-android-shaped.hprof.gz)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
build="$root/build/release"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DMXI_BUILD_TESTS=OFF \
  -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null
cmake --build "$build" --target mxi >/dev/null
dump=${1:-"$root/resources/samples/sample-android-shaped.hprof.gz"}
"$build/app/cli/mxi" info "$dump"
echo
"$build/app/cli/mxi" histogram --top 15 "$dump"
