#!/usr/bin/env bash
# The main job: build Matrix Inspector (release) and launch the desktop app — on the demo (a
# simulated phone streaming live, no device needed) when no device is attached, else on the start
# page with the attached devices listed. Files given are opened (heap dumps, sessions, captures).
# Without a display it analyses the dump (default: the bundled sample) with `mxi` instead and
# saves a screenshot of the demo's live view.
# Usage: scripts/run.sh [FILES…]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
build="$root/build/release"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DMXI_BUILD_TESTS=OFF \
  -DCMAKE_CXX_COMPILER_LAUNCHER="$root/cmake/ccache-launcher" >/dev/null
cmake --build "$build" --target mxi matrix-inspector mxi-agents mxi-device-sim mxi-android-tool >/dev/null
gui="$build/app/gui/matrix-inspector"

if [[ -z ${DISPLAY:-} && -z ${WAYLAND_DISPLAY:-} ]]; then
  dump=${1:-"$root/resources/samples/sample-android-shaped.hprof.gz"}
  "$build/app/cli/mxi" info "$dump"
  echo
  "$build/app/cli/mxi" histogram --top 15 "$dump"
  echo
  echo "No display: the desktop app is not shown. Its live view on the demo phone:"
  QT_QPA_PLATFORM=offscreen "$gui" --demo --screenshot "$build/demo-live-view.png"
  exit 0
fi

if [[ $# -gt 0 ]]; then
  exec "$gui" "$@"
fi
if adb devices 2>/dev/null | awk 'NR > 1 && $2 == "device" { found = 1 } END { exit !found }'; then
  exec "$gui"
fi
echo "No device attached: starting the demo (a simulated phone on this computer)."
exec "$gui" --demo
