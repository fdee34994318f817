#!/usr/bin/env bash
# Builds and runs the tests with a CMake preset (CMakePresets.json holds every build option).
# Usage: scripts/test.sh               the whole suite (preset `test`, build/test), after the agent's
#                                      static arm64 cross build and its unit tests under qemu
#        scripts/test.sh --sanitize    the whole suite under ASan + UBSan (preset `asan`)
#        scripts/test.sh --tsan        the threaded tests under ThreadSanitizer (preset `tsan`)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
cd "$root"
retry=()
case "${1:-}" in
  "") preset=test
      "$root/scripts/test-agent-cross.sh" ;;
  # Under a sanitizer everything runs several times slower, and the live tests, which race a
  # simulated phone's real-time clock, can miss a deadline on a loaded 2-core machine: a test that
  # fails is run once more (ctest's log keeps the failed attempt; a sanitizer report that does
  # not come back on the second attempt is lost to the verdict, so read the log of a retried test).
  --sanitize) preset=asan; retry=(--repeat until-pass:2) ;;
  --tsan) preset=tsan; retry=(--repeat until-pass:2) ;;
  *) echo "usage: scripts/test.sh [--sanitize|--tsan]" >&2; exit 2 ;;
esac
cmake --preset "$preset" >/dev/null
# A compiler that fails without a word was killed (memory or disk ran short on a shared machine):
# say what the machine had, then build what is left one job at a time, so that a real error is
# the last thing printed and a transient one does not fail the run.
if ! cmake --build --preset "$preset" -j "$(nproc)"; then
  echo "test.sh: the $preset build failed; the machine now:" >&2
  df -h "$root" /tmp >&2 || true
  free -m >&2 || true
  cmake --build --preset "$preset" -j 1
fi
# Every test has a time limit (the preset's; tests that need longer set their own TIMEOUT): a
# hang fails that test with ctest's "Timeout" instead of stalling the run.
ctest --preset "$preset" -j "$(nproc)" "${retry[@]}"
