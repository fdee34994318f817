#!/usr/bin/env bash
# Heap-dump transfer benchmark: a real JVM-written dump (javac's heap, as hprof_bench.sh makes it)
# taken with `mxi dumpheap` through a private Debian adb server ↔ mxi-device-sim ↔ the host-built
# mxi-agent (simulated `am dumpheap` writes the dump, the agent streams it in zlib chunks), against
# `adb pull` of the same file from the same simulated device. Rounds alternate the order.
#
# mxi's transfer time is what it prints ("transfer S s"): HeapDumpBegin to HeapDumpEnd, without
# the simulated `am dumpheap` writing the file (50 MB/s) and the agent's wait for it to settle.
# `mxi dumpheap --shrink` is timed whole (am + on-device shrink + transfer), with its bytes.
#
# Usage: tests/bench/agent_dumpheap_bench.sh [--files 1500] [--dump FILE] [--runs 3] [--build DIR]
#   --files  JDK source files javac holds for the generated dump (1500 ≈ 300 MB); cached in
#            build/bench-dumps like hprof_bench.sh's
#   --dump   use this .hprof instead of generating one
#   --build  a build tree with mxi, mxi-device-sim, mxi-agent and mxi-android-tool
#            (default: configures and builds build/release with the release preset)
# Prints a Markdown table: best and median MB/s (and seconds) of each way.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
files=1500
dump=""
runs=3
build=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --files) files=$2; shift 2 ;;
    --dump) dump=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
if [[ -z $build ]]; then
  build=$root/build/release
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DMXI_BUILD_TESTS=ON -DMXI_BUILD_GUI=OFF \
    -DMXI_BUILD_DEVICE_SIM=ON -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null
fi
cmake --build "$build" -j2 --target mxi mxi-device-sim mxi-agent mxi-android-tool >/dev/null
build=$(cd "$build" && pwd)  # the simulator's tool links must be absolute
mxi=$build/app/cli/mxi
sim=$build/tests/device-sim/mxi-device-sim
agent=$build/device-agent/mxi-agent
tool=$build/tests/device-sim/tools/mxi-android-tool
command -v adb >/dev/null || { echo "adb is not installed (scripts/setup.sh)" >&2; exit 1; }

if [[ -z $dump ]]; then  # a javac heap, generated once (the same cache as hprof_bench.sh)
  dumps=$root/build/bench-dumps
  dump=$dumps/javac-$files.hprof
  if [[ ! -s $dump ]]; then
    mkdir -p "$dumps/classes"
    javac -d "$dumps/classes" "$root/tests/bench/java/JavacHeap.java"
    src_zip=$(readlink -f /usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip)
    java -Xmx12g -XX:+UseParallelGC -cp "$dumps/classes" JavacHeap "$src_zip" "$files" "$dumps/src-$files" \
      "$dumps/ready-$files" 2>"$dumps/javac-$files.log" &
    pid=$!
    while [[ ! -s "$dumps/ready-$files" ]]; do
      kill -0 "$pid" 2>/dev/null || { echo "javac heap generator failed, see $dumps/javac-$files.log" >&2; exit 1; }
      sleep 2
    done
    jcmd "$pid" GC.heap_dump "$dump" >/dev/null
    kill "$pid"; wait "$pid" 2>/dev/null || true
    rm -rf "$dumps/src-$files" "$dumps/ready-$files"
  fi
fi
bytes=$(stat -c %s "$dump")
sum=$(sha256sum <"$dump" | cut -d' ' -f1)

work=$(mktemp -d /tmp/mxi-dumpheap-bench-XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export HOME=$work/home ADB_SERVER_SOCKET=tcp:localhost:$port ANDROID_SERIAL= MXI_AGENT_PATH=$agent
mkdir -p "$HOME/.android" "$work/root/bin" "$work/root/etc" "$work/root/data/local/tmp"
for t in dumpsys logcat am pm getprop pidof ps; do ln -s "$tool" "$work/root/bin/$t"; done
# No reference captures: the simulator's synthetic app (com.example.mxi.demo) is the one dumped.
printf 'MXI_SIM_REFERENCE=\nMXI_SIM_HEAP_SOURCE=%s\n' "$dump" >"$work/root/etc/mxi-sim.env"
cp "$dump" "$work/root/data/local/tmp/bench.hprof"
sim_pid=""
cleanup() {
  adb -P "$port" kill-server >/dev/null 2>&1 || true
  [[ -n $sim_pid ]] && kill "$sim_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

"$sim" --port 0 --root "$work/root" >"$work/sim.out" 2>"$work/sim.err" &
sim_pid=$!
for _ in $(seq 50); do grep -q '^listening on' "$work/sim.out" 2>/dev/null && break; sleep 0.1; done
serial=127.0.0.1:$(sed -n 's/^listening on 127.0.0.1://p' "$work/sim.out")
adb -P "$port" start-server >/dev/null 2>&1
adb -P "$port" connect "$serial" >/dev/null
adb -P "$port" -s "$serial" wait-for-device
"$mxi" agent deploy -s "$serial" >/dev/null  # not part of any timing

now() { date +%s.%N; }
check() {
  [[ $(sha256sum <"$1" | cut -d' ' -f1) == "$sum" ]] || { echo "checksum mismatch after $2" >&2; exit 1; }
}
rate() { awk -v b="$1" -v s="$2" 'BEGIN {printf "%.1f", b / 1e6 / s}'; }
for ((i = 1; i <= runs; i++)); do
  if ((i % 2)); then order="adb mxi shrink"; else order="shrink mxi adb"; fi
  for way in $order; do
    rm -f "$work/out.hprof"
    t0=$(now)
    case $way in
      adb) adb -P "$port" -s "$serial" pull /data/local/tmp/bench.hprof "$work/out.hprof" >/dev/null 2>&1 ;;
      mxi) "$mxi" dumpheap -s "$serial" --package com.example.mxi.demo -o "$work/out.hprof" 2>"$work/err.txt" ;;
      shrink) "$mxi" dumpheap -s "$serial" --package com.example.mxi.demo --shrink -o "$work/out.hprof" 2>"$work/err.txt" ;;
    esac
    t1=$(now)
    total=$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.2f", b - a}')
    case $way in
      adb)
        check "$work/out.hprof" "adb pull"
        echo "$(rate "$bytes" "$total") $total" >>"$work/adb.rates" ;;
      mxi)
        check "$work/out.hprof" "mxi dumpheap"
        secs=$(sed -n 's/^mxi dumpheap: transfer \([0-9.]*\) s.*/\1/p' "$work/err.txt")
        echo "$(rate "$bytes" "$secs") $secs" >>"$work/mxi.rates"
        echo "$(rate "$bytes" "$total") $total" >>"$work/mxi-total.rates" ;;
      shrink)
        shrunk=$(stat -c %s "$work/out.hprof")
        echo "$(rate "$bytes" "$total") $total" >>"$work/shrink.rates" ;;
    esac
  done
done

# best and median of column 1 (MB/s), with the seconds of the median run
stats() { sort -n "$work/$1.rates" | awk '{r[NR]=$1; s[NR]=$2} END {m=int((NR+1)/2); printf "%s %s %s", r[NR], r[m], s[m]}'; }
mb=$(awk -v b="$bytes" 'BEGIN {printf "%.0f", b / 1e6}')
echo "| $(basename "$dump") ($mb MB) via adb $(adb version | sed -n 's/Version //p') ↔ mxi-device-sim, $runs runs | best MB/s | median MB/s | median s |"
echo "|---|---:|---:|---:|"
read -r b m s <<<"$(stats adb)"; echo "| adb pull of the dump file | $b | $m | $s |"
read -r b m s <<<"$(stats mxi)"; echo "| mxi dumpheap, transfer (HeapDumpBegin → End, zlib chunks) | $b | $m | $s |"
read -r b m s <<<"$(stats mxi-total)"; echo "| mxi dumpheap, whole command (deploy check, simulated am 50 MB/s, settle 1 s, transfer) | $b | $m | $s |"
read -r b m s <<<"$(stats shrink)"
echo "| mxi dumpheap --shrink, whole command (dump MB / s; $((shrunk / 1000000)) MB transferred) | $b | $m | $s |"
