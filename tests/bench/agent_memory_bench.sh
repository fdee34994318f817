#!/usr/bin/env bash
# Cost of one memory sample on the device side (mxi-agent's memory timeline), host build against
# the simulated demo phone (tests/device-sim/tools/sim_memory.h): (1) the agent's own instructions
# per sample with valgrind's callgrind, counting only MemoryCollector::poll* (spawning
# `dumpsys meminfo --local <pid>`, reading and parsing its output, sending the sample); (2) the
# agent's CPU % from /proc over a native run at 1 Hz; (3) the wall time of one `dumpsys meminfo
# --local` on the simulator (a stand-in: on a phone that is dumpsys' and system_server's time).
# Usage: tests/bench/agent_memory_bench.sh [BUILD_DIR (build/dev)] [SECONDS (20)]
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
export MXI_SIM_REFERENCE= MXI_SIM_ANR_AT_MS=100000000
package=com.example.mxi.demo

run() {  # run MODE: MODE=callgrind|native
  local mode=$1 token=bench${RANDOM}x$$
  export MXI_SIM_STATE=$work/state-$mode
  local cmd=("$agent" --token "$token" --tool-dir "$tools" --data-dir "$work/data" --idle-timeout 1)
  if [[ $mode == callgrind ]]; then
    cmd=(valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out"
         "--toggle-collect=mxi::agent::MemoryCollector::poll*" "${cmd[@]}")
  fi
  "${cmd[@]}" 2>"$work/agent-$mode.log" &
  local pid=$!
  "$client" "$token" "$package" "$secs" "$pid" 1000 >"$work/client-$mode.txt"
  wait "$pid"
  samples=$(grep -c "^dumpsys meminfo --local" "$MXI_SIM_STATE/calls.log")
}

run callgrind
ir=$(grep -E "^(summary|totals):" "$work/callgrind.out" | head -1 | awk '{print $2}')
echo "callgrind: $ir instructions in $samples samples -> $((ir / samples)) instructions per sample"
echo "  client: $(cat "$work/client-callgrind.txt")"
run native
echo "native:   $(cat "$work/client-native.txt") samples=$samples"
export MXI_SIM_STATE=$work/state-tool
start=$(date +%s%N)
for _ in $(seq 1 50); do "$tools/dumpsys" meminfo --local 4242 >/dev/null; done
echo "simulated dumpsys meminfo --local: $(( ($(date +%s%N) - start) / 50000 )) us per call (the simulator's, not a phone's)"
