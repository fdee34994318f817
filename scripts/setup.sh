#!/usr/bin/env bash
# Installs the Debian 12 packages the build, the tests and the benchmarks need.
# Idempotent and quiet: prints nothing when everything is already installed.
# Usage: scripts/setup.sh            (runs as root, or through sudo when available)
set -euo pipefail

packages=(
  # toolchain
  build-essential cmake ninja-build ccache pkg-config clang libclang-rt-14-dev lld
  # libraries
  zlib1g-dev libzip-dev nlohmann-json3-dev libcli11-dev libxxhash-dev libpng-dev libssl-dev libusb-1.0-0-dev
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev
  # the triage store: embedded SQLite (also the demo phone's database), and libpq for a team's PostgreSQL server
  libsqlite3-dev libpq-dev
  # SQLiteLint's whitelist XML (libssl-dev above gives its MD5)
  libexpat1-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  # real peers used by tests and benchmarks: a JVM writing heap dumps, AOSP's hprof-conv,
  # the adb client/server, VisualVM's heap library, GNU time for peak RSS
  openjdk-17-jdk-headless hprof-conv adb visualvm time
  # AOSP's own method-trace decoder, the cross-check for ours
  dmtracedump
  # androguard (its Python modules go to /usr/bin/python3), the APK checker's peer in the cross-check
  # tests and the benchmark (tests/core/apkcheck/apk_peer_crosscheck_test.cpp, tests/bench/apk_check_bench.sh)
  androguard
  # ProGuard, which minifies the release-build test program (tests/fixtures/minified)
  proguard-cli
  # device agent: static cross builds (arm64-v8a, armeabi-v7a), its tests under qemu-user, and
  # valgrind for its per-poll cost benchmark
  g++-aarch64-linux-gnu g++-arm-linux-gnueabihf qemu-user-static valgrind
  # a throwaway PostgreSQL server the triage store's tests start themselves (initdb, pg_ctl)
  postgresql-15
  # headless browser that renders the HTML session reports in tests
  chromium
  # JSON checks of the user smoke test (../shared/tools/user-smoke.sh) and the benchmarks' figures
  python3
)
# Callers may ask for more (the benchmark needs the JDK sources): MXI_SETUP_EXTRA="pkg …".
read -r -a extra <<<"${MXI_SETUP_EXTRA:-}"
packages+=("${extra[@]}")

missing=()
for p in "${packages[@]}"; do
  if [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]]; then
    missing+=("$p")
  fi
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

as_root=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  as_root=(sudo)
fi
echo "setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq >/dev/null
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
