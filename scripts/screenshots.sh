#!/usr/bin/env bash
# The README's screenshots: every tab of the heap browser on the bundled Android-shaped sample, the
# demo's live view (and its leak watch), a method trace and a session's Database tab, each taken from a real window (X11, under Xvfb) of a release build, into
# docs/screenshots/. Run it after changing what the app shows, then look at the pictures.
# Usage: scripts/screenshots.sh [--build DIR] [--out DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build/release"
out="$root/docs/screenshots"
while [[ $# -gt 0 ]]; do
  case $1 in
    --build) build=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

MXI_SETUP_EXTRA="xvfb xauth" "$root/scripts/setup.sh"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DMXI_BUILD_TESTS=OFF \
  -DCMAKE_CXX_COMPILER_LAUNCHER="$root/cmake/ccache-launcher" >/dev/null
cmake --build "$build" --target matrix-inspector mxi-agents mxi-device-sim mxi-android-tool >/dev/null
mkdir -p "$out"
gui="$build/app/gui/matrix-inspector"
sample="$root/resources/samples/sample-android-shaped.hprof.gz"
# One X server for all shots; a fixed window size so the pictures compare across runs.
shot() {
  xvfb-run -a -s "-screen 0 1440x900x24" env -u QT_QPA_PLATFORM "$gui" "$@" 2>/dev/null | grep -q '^saved '
}
for view in summary leaks bitmaps classes dominators strings inspector compare; do
  extra=()
  [[ $view == compare ]] && extra=(--compare "$sample")
  shot "$sample" "${extra[@]}" --view "$view" --screenshot "$out/heap-$view.png"
  echo "$out/heap-$view.png"
done
shot --demo --screenshot "$out/live-demo.png"
echo "$out/live-demo.png"
# The demo's leak watch in auto mode: the memory chart and its first leak with the chain.
shot --demo --view leak --screenshot "$out/live-leak.png"
echo "$out/live-leak.png"
# A real ART trace (tests/fixtures/method-traces) with its slowest dispatch selected.
shot "$root/tests/fixtures/method-traces/art-sampled-launcher.trace.gz" --view 2 --screenshot "$out/method-trace.png"
echo "$out/method-trace.png"
# The Triage window over twelve generated Android-shaped dumps (tests/bench/triage_dumps.sh), its
# second signature selected.
triage_dumps=$(mktemp -d)
"$root/tests/bench/triage_dumps.sh" 12 "$triage_dumps" 5 12 >/dev/null
shot --triage "$triage_dumps" --triage-db "$triage_dumps/store.sqlite" --view 1 --screenshot "$out/triage.png"
rm -rf "$triage_dumps"
echo "$out/triage.png"
# The Database tab on the session gui_database_view_test writes (its statements, plans, issues and
# not-checked mark are the test's known ones), the statement with a plan selected. Run that test in
# build/test first; without its session the picture is skipped, said so.
db_session="$root/build/test/test-artifacts/DatabaseViewTest.SessionStatementsPlansAndIssues/database/database.mxs"
if [[ -f $db_session ]]; then
  shot "$db_session" --view database --screenshot "$out/database.png"
  echo "$out/database.png"
else
  echo "skipped $out/database.png: run ctest --test-dir build/test -R DatabaseViewTest first" >&2
fi
# A release build's dump (tests/fixtures/minified: the shop program minified by ProGuard) opened
# with its build's mapping set in Settings (a scratch config, never the user's): the Leaks tab
# with original class and field names.
shop=$(mktemp -d)
"$root/tests/fixtures/minified/make_minified_dumps.sh" "$shop" >/dev/null
mkdir -p "$shop/config/MatrixInspector"
cat >"$shop/config/MatrixInspector/matrix-inspector.conf" <<EOF_CONF
[appMappings]
1\\package=com.example.shop
1\\versionCode=12
1\\mapping=$shop/shop-1.2.mapping.txt
size=1
EOF_CONF
XDG_CONFIG_HOME="$shop/config" shot "$shop/shop-1.2.hprof" --view leaks --screenshot "$out/release-build-mapping.png"
rm -rf "$shop"
echo "$out/release-build-mapping.png"
