#!/usr/bin/env bash
# The installed layout (what the .deb holds) is complete and self-sufficient: every program,
# the agent per ABI, the demo's parts, desktop integration; and the installed app runs the demo
# end to end (agent found under share/, simulator next to it) with no build tree on its paths.
# Usage: install_layout_test.sh BUILD_DIR
set -euo pipefail
build=$1
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
status=0
for f in bin/matrix-inspector bin/mxi bin/mxi-device-sim bin/mxi-android-tool \
         share/matrix-inspector/agent/x86_64/mxi-agent \
         share/matrix-inspector/samples/sample-android-shaped.hprof.gz \
         share/applications/matrix-inspector.desktop share/mime/packages/matrix-inspector.xml \
         share/icons/hicolor/scalable/apps/matrix-inspector.svg; do
  if [[ ! -e $prefix/$f ]]; then
    echo "missing from the install: $f"
    status=1
  fi
done
[[ $status == 0 ]] || exit 1
"$prefix/share/matrix-inspector/agent/x86_64/mxi-agent" --version | grep -q '^mxi-agent '
grep -q 'application/x-matrix-session' "$prefix/share/mime/packages/matrix-inspector.xml"
grep -q '^Exec=matrix-inspector %F' "$prefix/share/applications/matrix-inspector.desktop"
# The installed app runs the demo: its search order puts the installed agent and simulator
# before the build tree's.
env -u MXI_AGENT_PATH -u MXI_AGENT_DIR QT_QPA_PLATFORM=offscreen HOME="$prefix/home" \
  timeout 60 "$prefix/bin/matrix-inspector" --demo --screenshot "$prefix/live.png" 2>&1 | grep -v propagateSizeHints
test -s "$prefix/live.png"
echo "install layout and installed demo OK"
