#!/usr/bin/env bash
# adb transfer benchmark: push and pull one file (default 500 MB) through a private Debian adb
# server to mxi-device-sim, with `mxi push/pull` and with the real `adb push/pull`, side by side
# in the same run (alternating order each round, so caches and CPU state treat both alike).
#
# Usage: tests/bench/adb_bench.sh [--size-mb 500] [--runs 3] [--build DIR]
#   --build  a build tree with app/cli/mxi and tests/device-sim/mxi-device-sim
#            (default: configures and builds build/release with the release preset + the simulator)
# Prints a Markdown table: best and median MB/s of each tool, and mxi's share of adb's median.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
size_mb=500
runs=3
build=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --size-mb) size_mb=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
if [[ -z $build ]]; then
  build=$root/build/release
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DMXI_BUILD_TESTS=OFF -DMXI_BUILD_GUI=OFF \
    -DMXI_BUILD_DEVICE_SIM=ON -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null
  cmake --build "$build" -j2 --target mxi mxi-device-sim >/dev/null
fi
mxi=$build/app/cli/mxi
sim=$build/tests/device-sim/mxi-device-sim
command -v adb >/dev/null || { echo "adb is not installed (scripts/setup.sh)" >&2; exit 1; }

work=$(mktemp -d /tmp/mxi-adb-bench-XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export HOME=$work/home ADB_SERVER_SOCKET=tcp:localhost:$port ANDROID_SERIAL=
mkdir -p "$HOME/.android" "$work/root"
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
sim_port=$(sed -n 's/^listening on 127.0.0.1://p' "$work/sim.out")
serial=127.0.0.1:$sim_port
adb -P "$port" start-server >/dev/null 2>&1
adb -P "$port" connect "$serial" >/dev/null
adb -P "$port" -s "$serial" wait-for-device

head -c $((size_mb * 1000 * 1000)) /dev/urandom >"$work/file.bin"
bytes=$(stat -c %s "$work/file.bin")
sum=$(sha256sum <"$work/file.bin" | cut -d' ' -f1)

now() { date +%s.%N; }
# time_cmd NAME CMD… : runs CMD, appends MB/s to $work/NAME.rates
time_cmd() {
  local name=$1; shift
  local t0 t1
  t0=$(now)
  "$@" >/dev/null 2>&1
  t1=$(now)
  echo "$bytes $t0 $t1" | awk '{printf "%.1f\n", $1 / 1e6 / ($3 - $2)}' >>"$work/$name.rates"
}
check() {
  local got
  got=$(sha256sum <"$1" | cut -d' ' -f1)
  [[ $got == "$sum" ]] || { echo "checksum mismatch after $2" >&2; exit 1; }
}
for ((i = 1; i <= runs; i++)); do
  rm -f "$work/root/data/local/tmp/file.bin" "$work/back.bin"
  if ((i % 2)); then order="adb mxi"; else order="mxi adb"; fi
  for tool in $order; do
    if [[ $tool == adb ]]; then
      time_cmd adb_push adb -P "$port" -s "$serial" push "$work/file.bin" /data/local/tmp/file.bin
    else
      time_cmd mxi_push "$mxi" push -q -s "$serial" "$work/file.bin" /data/local/tmp/file.bin
    fi
    check "$work/root/data/local/tmp/file.bin" "$tool push"
  done
  for tool in $order; do
    rm -f "$work/back.bin"
    if [[ $tool == adb ]]; then
      time_cmd adb_pull adb -P "$port" -s "$serial" pull /data/local/tmp/file.bin "$work/back.bin"
    else
      time_cmd mxi_pull "$mxi" pull -q -s "$serial" /data/local/tmp/file.bin "$work/back.bin"
    fi
    check "$work/back.bin" "$tool pull"
  done
done

stats() { sort -n "$work/$1.rates" | awk '{a[NR]=$1} END {printf "%s %s", a[NR], a[int((NR+1)/2)]}'; }
echo "| $size_mb MB through adb $(adb version | sed -n 's/Version //p') to mxi-device-sim, $runs runs | best MB/s | median MB/s |"
echo "|---|---:|---:|"
for op in push pull; do
  read -r ab am <<<"$(stats adb_$op)"
  read -r mb mm <<<"$(stats mxi_$op)"
  echo "| adb $op | $ab | $am |"
  echo "| mxi $op | $mb | $mm |"
  echo "| mxi/adb ($op, median) | | $(awk -v m="$mm" -v a="$am" 'BEGIN {printf "%.0f%%", 100 * m / a}') |"
done
