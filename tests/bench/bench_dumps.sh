# Sourced by the benchmark scripts: generates (once, then reuses) the real HotSpot bench dumps —
# `javac` holding FILES parsed JDK sources, dumped with `jcmd GC.heap_dump` (1500 ≈ 300 MB,
# 6000 ≈ 1.5 GB, 7500 ≈ 1.8 GB).
#   bench_dump FILES DUMPS_DIR   → prints the dump path
#   bench_prepare ROOT [MXI]     → installs what the dumps need; prints MXI, or the release
#                                  preset's freshly built `mxi` when none is given
# Needs a JDK and openjdk-17-source (scripts/setup.sh with MXI_SETUP_EXTRA="openjdk-17-source").
bench_dump() {
  local files=$1 dumps=$2
  local dump="$dumps/javac-$files.hprof" here
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  if [[ ! -s $dump ]]; then
    local src_zip
    src_zip=$(readlink -f /usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip)
    mkdir -p "$dumps/classes"
    javac -d "$dumps/classes" "$here/java/JavacHeap.java"
    rm -rf "$dumps/src-$files" "$dumps/ready-$files"
    java -Xmx12g -XX:+UseParallelGC -cp "$dumps/classes" JavacHeap "$src_zip" "$files" "$dumps/src-$files" \
      "$dumps/ready-$files" 2>"$dumps/javac-$files.log" &
    local pid=$!
    while [[ ! -s "$dumps/ready-$files" ]]; do
      kill -0 "$pid" 2>/dev/null || { echo "javac heap generator failed, see $dumps/javac-$files.log" >&2; return 1; }
      sleep 2
    done
    jcmd "$pid" GC.heap_dump "$dump" >/dev/null
    kill "$pid"; wait "$pid" 2>/dev/null || true
    rm -rf "$dumps/src-$files"
  fi
  echo "$dump"
}

bench_prepare() {
  local root=$1 mxi=${2:-}
  MXI_SETUP_EXTRA="openjdk-17-source" "$root/scripts/setup.sh"
  if [[ -z $mxi ]]; then
    cmake --preset release -S "$root" >/dev/null
    cmake --build "$root/build/release" --target mxi >/dev/null
    mxi="$root/build/release/app/cli/mxi"
  fi
  echo "$mxi"
}
