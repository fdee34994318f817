#!/usr/bin/env bash
# The installed demo phone is the one its --help names: `mxi-device-sim --demo` of an install
# lists that app as running (pm list packages and ps, through the installed mxi and agent), and
# recording it with the installed mxi records frames. No build tree on any path.
# Usage: installed_demo_phone_test.sh PREFIX (a `cmake --install` prefix)
set -euo pipefail
prefix=$1
sim=$prefix/bin/mxi-device-sim
mxi=$prefix/bin/mxi
work=$(mktemp -d)
sim_pid=
cleanup() {
  if [[ -n $sim_pid ]]; then
    kill "$sim_pid" 2>/dev/null || true
    wait "$sim_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*"
  exit 1
}

# The app the help promises: "... one app (PACKAGE) showing ...".
app=$("$sim" --help | sed -n 's/.*--demo .*one app (\([a-z0-9_.]*\)).*/\1/p')
[[ $app == com.example.mxi.demo ]] || fail "mxi-device-sim --help names the demo's app as '$app'"

# The installed agent and tools only: no agent override, no captures to replay.
clean_env=(env -u MXI_AGENT_PATH -u MXI_AGENT_DIR -u MXI_SIM_REFERENCE HOME="$work/home")
run() { "${clean_env[@]}" "$@"; }
# Started without a function or subshell in between, so $! is the simulator (env execs it).
"${clean_env[@]}" "$sim" --demo --port 0 --root "$work/phone" >"$work/sim.out" 2>"$work/sim.err" &
sim_pid=$!
for _ in $(seq 100); do
  grep -q '^listening on ' "$work/sim.out" && break
  sleep 0.1
done
port=$(sed -n 's/^listening on 127.0.0.1:\([0-9]*\)$/\1/p' "$work/sim.out")
[[ -n $port ]] || fail "the installed demo phone did not start: $(cat "$work/sim.err")"
transport=tcp:127.0.0.1:$port

# What a user runs first: the agent's status, deploy (the installed agent for the phone's ABI,
# pushed once), the app list, a recording.
mxi() { run "$mxi" --transport "$transport" "$@"; }
abi=$(mxi shell -- getprop ro.product.cpu.abi)
read -r _ version build < <("$prefix/share/matrix-inspector/agent/$abi/mxi-agent" --version)
device="device: ABI $abi, SDK 34, uid $(id -u), tools in $(cd "$work/phone" && pwd -P)/bin"
agent="agent: /data/local/tmp/mxi-agent version $version build $build (up to date)"
expect() {  # expect WHAT EXPECTED ACTUAL
  [[ $3 == "$2" ]] || fail "$1 printed:
$3
instead of:
$2"
}
expect "mxi agent status" "$device"$'\n'"agent: not deployed (/data/local/tmp/mxi-agent)" "$(mxi agent status)"
expect "mxi agent deploy" "$device"$'\n'"$agent"$'\n'"pushed" "$(mxi agent deploy 2>/dev/null)"
expect "mxi agent deploy (again)" "$device"$'\n'"$agent"$'\n'"already up to date, not pushed" "$(mxi agent deploy 2>/dev/null)"
expect "mxi agent status (deployed)" "$device"$'\n'"$agent" "$(mxi agent status)"

packages=$(mxi agent packages)
grep -Eq "^[0-9]+ +$app\$" <<<"$packages" || fail "mxi agent packages does not list $app as running:
$packages"

# A heap dump: the installed demo app's own (holding its leaked Activity), streamed back whole.
gunzip -c "$prefix/share/matrix-inspector/samples/demo-app-leak.hprof.gz" >"$work/sample.hprof"
said=$(mxi dumpheap --package "$app" -o "$work/heap.hprof" 2>&1 >/dev/null) || fail "mxi dumpheap failed: $said"
expect "mxi dumpheap" "mxi dumpheap: $work/heap.hprof ($(stat -c %s "$work/sample.hprof") bytes)" "$(head -1 <<<"$said")"
cmp -s "$work/heap.hprof" "$work/sample.hprof" || fail "the dump that arrived is not the installed demo app's"

# Issue 44 from the install: the demo app's APK (`pm path`), pulled whole.
said=$(mxi apk pull --package "$app" -o "$work/apk" 2>&1) || fail "mxi apk pull failed: $said"
cmp -s "$work/apk/base.apk" "$prefix/share/matrix-inspector/samples/demo-app.apk" ||
  fail "the APK pulled is not the installed demo app's"

run timeout 120 "$mxi" --transport "$transport" record --package "$app" --duration 4 --poll-ms 250 \
  -o "$work/demo.mxs" 2>"$work/record.err" || fail "mxi record failed: $(cat "$work/record.err")"
summary=$(run "$mxi" session summary "$work/demo.mxs")
# "APP on DEVICE: 4.0 s, N frames (+F flagged), …"
frames=$(sed -n "1s/^$app on .*: [0-9.]* s, \([0-9]*\) frames .*/\1/p" <<<"$summary")
[[ ${frames:-0} -gt 0 ]] || fail "recording $app recorded no frames:
$summary"

# Issue 29 from the install: the memory timeline and the leak watch in auto mode — the verdict on
# the demo app's leaked Activity, dumped, analysed here and recorded with its chain (the checks
# quicker than the default so the first leak, 2 s in, is analysed well within the recording).
run timeout 120 "$mxi" --transport "$transport" record --package "$app" --duration 14 --leak-watch auto \
  --leak-check-ms 1000 --leak-checks 2 -o "$work/leak.mxs" 2>"$work/leak.err" ||
  fail "mxi record --leak-watch auto failed: $(cat "$work/leak.err")"
run "$mxi" session export "$work/leak.mxs" --to json >"$work/leak.json"
run "$mxi" session summary "$work/leak.mxs" --format json >"$work/leak-summary.json"
leak=$(python3 - "$work/leak.json" "$work/leak-summary.json" "$work" <<'PY'
import json, os, sys
export, summary, folder = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
issues = [i for i in export["issues"] if i["tag"] == "memory" and i["content"].get("leak_chain")]
problems = []
if len(export["memory"]) < 5: problems.append("%d memory samples" % len(export["memory"]))
if "memory" not in summary: problems.append("no memory in the summary")
if not issues: problems.append("no memory issue with a leak chain")
for i in issues:
    if i["content"]["activity"] != "com.example.mxi.demo.LeakyActivity": problems.append("activity " + i["content"]["activity"])
    if i["content"]["leak_chain"][-1]["className"] != "com.example.mxi.demo.LeakyActivity": problems.append("chain end")
    if not os.path.exists(os.path.join(folder, i["content"]["resultZipPath"])): problems.append("no zip")
print("; ".join(problems) if problems else "%d sample(s), %d leak(s) with chains" % (len(export["memory"]), len(issues)))
sys.exit(1 if problems else 0)
PY
) || fail "the leak watch from the install: $leak
$(cat "$work/leak.err")"
echo "installed demo phone: $app listed, $frames frames recorded; $leak"
