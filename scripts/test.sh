#!/usr/bin/env bash
# Builds and runs the tests with a CMake preset (CMakePresets.json holds every build option).
# Usage: scripts/test.sh               the whole suite (preset `test`, build/test), after the agent's
#                                      static arm64 cross build and its unit tests under qemu
#        scripts/test.sh --sanitize    the whole suite under ASan + UBSan (preset `asan`), the fuzz
#                                      targets each fuzzing a few seconds from their seeds
#        scripts/test.sh --tsan        the threaded tests under ThreadSanitizer (preset `tsan`)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
cd "$root"
case "${1:-}" in
  "") preset=test
      "$root/scripts/test-agent-cross.sh" ;;
  # No test is ever rerun: a test that fails once has failed (a flaky one is a bug to fix).
  --sanitize) preset=asan ;;
  --tsan) preset=tsan ;;
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
ctest --preset "$preset" -j "$(nproc)"
