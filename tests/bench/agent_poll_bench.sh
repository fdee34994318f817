#!/usr/bin/env bash
# Cost of mxi-agent's 1 Hz collection cycle on the host build, against the simulated tools
# replaying the real 60 Hz Settings capture (frames, scene, ps) and one Matrix issue line per
# second: (1) instructions per cycle with valgrind's callgrind, counting only the agent's own
# work in CollectorScheduler::pollDue* (every collector's poll) and CollectorScheduler::readLog* (with their [clone .part] bodies) (the tools are separate processes;
# on a phone their cost is dumpsys' and system_server's); (2) the agent's CPU % from /proc over a
# native run; (3) p50/p99 latency from a Matrix issue's logcat line to its arrival. Usage: tests/bench/agent_poll_bench.sh [BUILD_DIR (build/dev)] [SECONDS (20)]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build/dev}" && pwd)
secs=${2:-20}
cmake --build "$build" -j2 --target mxi-agent mxi_sim_root agent_bench_client >/dev/null
agent=$build/device-agent/mxi-agent
client=$build/tests/agent/agent_bench_client
tools=$build/tests/device-sim/tools/root/bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export MXI_SIM_FRAME_MS=16 MXI_SIM_LOG_MS=1000 MXI_SIM_ANR_AT_MS=100000000
package=com.android.settings

run() {  # run MODE: MODE=callgrind|native
  local mode=$1 token=bench${RANDOM}x$$
  export MXI_SIM_STATE=$work/state-$mode
  local cmd=("$agent" --token "$token" --tool-dir "$tools" --data-dir "$work/data" --idle-timeout 1)
  if [[ $mode == callgrind ]]; then
    cmd=(valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out"
         "--toggle-collect=mxi::agent::CollectorScheduler::pollDue*"
         "--toggle-collect=mxi::agent::CollectorScheduler::readLog*" "${cmd[@]}")
  fi
  "${cmd[@]}" 2>"$work/agent-$mode.log" &
  local pid=$!
  "$client" "$token" "$package" "$secs" "$pid" >"$work/client-$mode.txt"
  wait "$pid"
  polls=$(grep -c "^dumpsys gfxinfo" "$MXI_SIM_STATE/calls.log")
}

run callgrind
ir=$(grep -E "^(summary|totals):" "$work/callgrind.out" | head -1 | awk '{print $2}')
echo "callgrind: $ir instructions in $polls poll cycles (+ logcat lines) -> $((ir / polls)) instructions per 1 Hz cycle"
echo "  client: $(cat "$work/client-callgrind.txt")"
run native
echo "native:   $(cat "$work/client-native.txt") polls=$polls"
# Latency of Matrix issues: logcat line (timestamped when the simulated logcat prints it) to the
# message received by the client, 20 lines/s of the real production issues.
export MXI_SIM_LOG_MS=50
package=mobi.mangatoon.comics.aphone.portuguese
run latency
echo "issues:   $(cat "$work/client-latency.txt")"
