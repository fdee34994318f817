#!/usr/bin/env bash
# Makes many Android-shaped HotSpot heap dumps for `mxi triage`'s tests and benchmark: the
# TriageHeap program (tests/fixtures/java/triage_heaps, compiled with the leaks fixture's Android
# stand-ins) run once per dump on the real JVM and dumped with `jcmd <pid> GC.heap_dump`.
#
# Usage: triage_dumps.sh COUNT OUT_DIR [MIN_MB MAX_MB]        (defaults: MIN_MB 5, MAX_MB 50)
#
# Dump i of COUNT (i = 1…COUNT) is OUT_DIR/capture-NN.hprof (NN: i zero-padded to at least two
# digits) with its ground truth OUT_DIR/capture-NN.truth.json: seed i, about
# MIN_MB + (MAX_MB − MIN_MB)·(i − 1)/(COUNT − 1) MiB (sizes spread evenly, rounded to whole MiB),
# app version 1.0.0, 1.1.0, 1.2.0, 2.0.0 by quarters of the run (versions[(i − 1)·4/COUNT]).
# Two JVMs run at a time. A re-run keeps every dump whose truth says the same seed, version and
# size and which is newer than every fixture source, so it only makes what is missing.
set -euo pipefail

usage() { echo "usage: $0 COUNT OUT_DIR [MIN_MB MAX_MB]" >&2; exit 2; }
[[ $# == 2 || $# == 4 ]] || usage
count=$1 out=$2 min_mb=${3:-5} max_mb=${4:-50}
for n in "$count" "$min_mb" "$max_mb"; do [[ $n =~ ^[0-9]+$ ]] || usage; done
((count >= 1 && min_mb >= 1 && max_mb >= min_mb)) || usage

here=$(cd "$(dirname "$0")" && pwd)
fixtures=$here/../fixtures/java
versions=(1.0.0 1.1.0 1.2.0 2.0.0)
width=$((${#count} > 2 ? ${#count} : 2))
parallel=2
mkdir -p "$out"
out=$(cd "$out" && pwd)

# The leaks fixture's stand-ins, except its android.os.Build: TriageHeap brings a complete one
# (with MODEL) and javac cannot take two classes of one name.
sources=()
while IFS= read -r -d '' f; do sources+=("$f"); done < <(
  find "$fixtures/leaks" -name '*.java' ! -path '*/android/os/Build.java' -print0
  find "$fixtures/triage_heaps" -name '*.java' -print0)

target_mb() { # i → MiB of dump i
  local i=$1
  if ((count == 1)); then echo "$min_mb"; return; fi
  echo $(((min_mb * (count - 1) + (max_mb - min_mb) * (i - 1) + (count - 1) / 2) / (count - 1)))
}

name_of() { printf 'capture-%0*d' "$width" "$1"; }

# up_to_date I: dump I exists, is not empty, and was made by the current sources with the
# parameters this run asks for.
up_to_date() {
  local i=$1 base
  base=$out/$(name_of "$i")
  [[ -s $base.hprof && -s $base.truth.json ]] || return 1
  grep -q "\"seed\": $i," "$base.truth.json" || return 1
  grep -q "\"version\": \"${versions[(i - 1) * 4 / count]}\"," "$base.truth.json" || return 1
  grep -q "\"targetMb\": $(target_mb "$i")," "$base.truth.json" || return 1
  local s
  for s in "${sources[@]}"; do [[ $s -nt $base.hprof ]] && return 1; done
  return 0
}

# make_dump I: runs TriageHeap for dump I, waits until it is ready (at most a minute), dumps it,
# stops it. Writes to temporary names and renames at the end, so an interrupted run never
# leaves a truncated dump that a re-run would take for a finished one.
make_dump() {
  local i=$1 mb heap
  # Runs in a background subshell (so these are its own globals): whatever ends it also ends its
  # JVM, which would otherwise sleep forever, and removes what it left half written.
  jvm='' base=$out/$(name_of "$i")
  trap '[[ -n $jvm ]] && kill "$jvm" 2>/dev/null; rm -f "$base.part.hprof" "$base.part.json" "$base.ready"' EXIT
  trap 'exit 1' INT TERM
  mb=$(target_mb "$i")
  # Room for the live data twice over: the full GC before the dump needs headroom.
  heap=$((2 * mb + 64))
  rm -f "$base.hprof" "$base.truth.json" "$base.part.hprof" "$base.part.json" "$base.ready"
  java -Xmx${heap}m -XX:+UseSerialGC -cp "$out/classes" com.example.triage.TriageHeap \
    "$i" "$mb" "${versions[(i - 1) * 4 / count]}" "$base.part.json" "$base.ready" \
    >"$base.log" 2>&1 &
  jvm=$!
  local _
  for _ in $(seq 1 600); do
    [[ -s $base.ready ]] && break
    kill -0 "$jvm" 2>/dev/null || { echo "$(name_of "$i"): TriageHeap exited early, see $base.log" >&2; return 1; }
    sleep 0.1
  done
  if [[ ! -s $base.ready ]]; then
    kill "$jvm" 2>/dev/null || true
    wait "$jvm" 2>/dev/null || true
    echo "$(name_of "$i"): TriageHeap never became ready" >&2
    return 1
  fi
  local status=0
  timeout 300 jcmd "$jvm" GC.heap_dump "$base.part.hprof" >>"$base.log" 2>&1 || status=$?
  kill "$jvm" 2>/dev/null || true
  wait "$jvm" 2>/dev/null || true
  jvm=''
  rm -f "$base.ready"
  if ((status != 0)) || [[ ! -s $base.part.hprof ]]; then
    echo "$(name_of "$i"): jcmd GC.heap_dump failed (status $status), see $base.log" >&2
    return 1
  fi
  mv "$base.part.json" "$base.truth.json"
  mv "$base.part.hprof" "$base.hprof"
  rm -f "$base.log"
  echo "$(name_of "$i").hprof $(stat -c %s "$base.hprof") bytes (target $mb MiB)"
}

todo=()
for ((i = 1; i <= count; i++)); do up_to_date "$i" || todo+=("$i"); done
if ((${#todo[@]} == 0)); then
  echo "all $count dumps in $out are up to date"
  exit 0
fi

rm -rf "$out/classes"
javac -encoding UTF-8 -d "$out/classes" "${sources[@]}"

# Two at a time: start jobs until two run, then wait for one to finish before the next. Stopping
# the script stops the jobs (and through their traps, their JVMs).
stop_jobs() {
  local job
  for job in $(jobs -p); do kill "$job" 2>/dev/null || true; done
}
trap stop_jobs EXIT
trap 'exit 1' INT TERM
failed=0 running=0
for i in "${todo[@]}"; do
  if ((running == parallel)); then
    wait -n || failed=$((failed + 1))
    running=$((running - 1))
  fi
  make_dump "$i" &
  running=$((running + 1))
done
while ((running > 0)); do
  wait -n || failed=$((failed + 1))
  running=$((running - 1))
done
if ((failed > 0)); then
  echo "$failed of ${#todo[@]} dumps failed" >&2
  exit 1
fi
echo "made ${#todo[@]} dumps in $out ($((count - ${#todo[@]})) reused)"
