#!/usr/bin/env bash
# The installed layout (what the .deb holds) is complete and self-sufficient: every program,
# the agent per ABI, the demo's parts, desktop integration; and the installed app runs the demo
# end to end (agent found under share/, simulator next to it) with no build tree on its paths.
# Every agent is a static ELF of its ABI's machine, in the install and in the .deb.
# Usage: install_layout_test.sh BUILD_DIR "CROSS_ABIS" (the build's MXI_AGENT_ABIS, ;-separated)
#        [dynamic-host] (a sanitizer build links its host agent dynamically)
set -euo pipefail
build=$1
IFS=';' read -r -a abis <<<"x86_64;${2:-}"
host_linking=${3:-static}
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
status=0
for f in bin/matrix-inspector bin/mxi bin/mxi-device-sim bin/mxi-android-tool \
         share/matrix-inspector/agent/x86_64/mxi-agent \
         share/matrix-inspector/samples/sample-android-shaped.hprof.gz \
         share/matrix-inspector/samples/demo-app-leak.hprof.gz \
         share/matrix-inspector/samples/demo-app.apk \
         share/applications/matrix-inspector.desktop share/mime/packages/matrix-inspector.xml \
         share/icons/hicolor/scalable/apps/matrix-inspector.svg; do
  if [[ ! -e $prefix/$f ]]; then
    echo "missing from the install: $f"
    status=1
  fi
done
# e_machine of each ABI (ELF header offset 18, little-endian): x86_64 62, aarch64 183, arm 40.
declare -A machine=([x86_64]=62 [arm64-v8a]=183 [armeabi-v7a]=40)
for abi in "${abis[@]}"; do
  [[ -n $abi ]] || continue
  agent=$prefix/share/matrix-inspector/agent/$abi/mxi-agent
  if [[ ! -x $agent ]]; then
    echo "missing from the install: share/matrix-inspector/agent/$abi/mxi-agent"
    status=1
    continue
  fi
  got=$(od -An -t u2 -j 18 -N 2 "$agent" | tr -d ' ')
  [[ $got == "${machine[$abi]}" ]] || { echo "$abi agent is an ELF for machine $got, not ${machine[$abi]}"; status=1; }
  if [[ $abi != x86_64 || $host_linking == static ]] && readelf -l "$agent" | grep -q INTERP; then
    echo "$abi agent is not static (it has an interpreter)"
    status=1
  fi
done
[[ $status == 0 ]] || exit 1
# The package lists them too (cpack from this build).
deb_dir=$(mktemp -d)
trap 'rm -rf "$prefix" "$deb_dir"' EXIT
(cd "$build" && cpack -G DEB -B "$deb_dir" >/dev/null)
listing=$(dpkg-deb -c "$deb_dir"/*.deb)
for abi in "${abis[@]}"; do
  [[ -n $abi ]] || continue
  grep -q "share/matrix-inspector/agent/$abi/mxi-agent$" <<<"$listing" || { echo "the .deb lacks the $abi agent"; exit 1; }
done
"$prefix/share/matrix-inspector/agent/x86_64/mxi-agent" --version | grep -q '^mxi-agent '
grep -q 'application/x-matrix-session' "$prefix/share/mime/packages/matrix-inspector.xml"
grep -q '^Exec=matrix-inspector %F' "$prefix/share/applications/matrix-inspector.desktop"
# The installed app runs the demo: its search order puts the installed agent and simulator
# before the build tree's.
env -u MXI_AGENT_PATH -u MXI_AGENT_DIR QT_QPA_PLATFORM=offscreen HOME="$prefix/home" \
  timeout 60 "$prefix/bin/matrix-inspector" --demo --screenshot "$prefix/live.png" 2>&1 | grep -v propagateSizeHints
test -s "$prefix/live.png"
echo "install layout and installed demo OK"
