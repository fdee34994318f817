#!/usr/bin/env bash
# `mxi apk check` against its bar (issue 44 item 6; docs/PERFORMANCE.md, "APK checker"): on one large
# APK built here from real inputs —
#   the multidex fixture's entries as the base (its AndroidManifest.xml, resources.arsc, classes.dex,
#   classes2.dex), the other fixtures' dex files as classes3..classesN.dex, real ELF libraries for
#   3 ABIs (the fdroid fixture's libsymlink.so under many names, plus this machine's aarch64, armhf
#   and x86-64 libraries from the cross toolchains and /usr/lib/x86_64-linux-gnu, stored as
#   extractNativeLibs=false apps store them), thousands of resource files (every fixture's res/ files
#   copied under distinct names), and assets/ (random and compressible) until it is >= --min-mb —
#   it times `mxi apk check BIG.apk --format json -o /dev/null` (wall: median of --runs; peak RSS from
#   GNU time) and Debian's androguard (package `androguard`, 3.4.0~a1-6, in /usr/bin/python3: APK +
#   one DalvikVMFormat/DEX per dex) producing the same counts: package, versionCode, entries, per dex
#   the classes defined and the method ids; mxi is timed twice, all 15 tasks and only the four that
#   give those counts (-unzip, -manifest, -countMethod, -countClass: androguard's work). Both sides
#   are printed, with each side's CPU time (user + system, steadier than wall time on a loaded
#   machine); different counts fail. Without androguard, the per-dex counts are checked against
#   Debian's `dexdump -f` (class_defs_size, method_ids_size) instead.
# Targets: mxi (all tasks) <= 2 s wall, peak RSS <= 0.5x the APK, >= 20x faster than androguard
# producing the same counts.
# Usage: tests/bench/apk_check_bench.sh [--mxi PATH] [--runs 3] [--min-mb 80] [--keep DIR]
#   --mxi   a built mxi (default build/test/app/cli/mxi)
#   --keep  build the APK in DIR and leave it there (default: a temp dir, removed on exit)
# Fixtures: $MXI_REFERENCE_DIR/fixtures/apk (default ../shared/reference next to the checkout).
# Python with androguard: $ANDROGUARD_PYTHON, else the first of python3, /usr/bin/python3 that has it;
# none: that part is skipped with a message.
# Exit: 0 every target met; 1 the counts differ (or a run failed); 2 a target missed.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
mxi="$root/build/test/app/cli/mxi"
runs=3
min_mb=80
keep=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --mxi) mxi=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --min-mb) min_mb=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    *) echo "unknown option: $1" >&2; exit 1 ;;
  esac
done
fixtures=${MXI_REFERENCE_DIR:-$root/../shared/reference}/fixtures/apk
[[ -x $mxi ]] || { echo "no mxi at $mxi (build it: cmake --build build/test --target mxi)" >&2; exit 1; }
[[ -d $fixtures ]] || { echo "no fixtures at $fixtures" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "GNU time (/usr/bin/time) is needed for peak RSS" >&2; exit 1; }

if [[ -n $keep ]]; then work=$keep; mkdir -p "$work"; else work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; fi
apk="$work/big.apk"

# ---- 1. the APK ---------------------------------------------------------------------------------
python3 - "$fixtures" "$apk" "$min_mb" <<'PY'
import os, random, sys, zipfile
fixtures, out, min_mb = sys.argv[1], sys.argv[2], int(sys.argv[3])
base = os.path.join(fixtures, "androguard_app-prod-debug_multidex.apk")
others = ["androguard_com.teleca.jamendo_35.apk", "apktool_issue1170_andresguard.apk",
          "fdroidserver_org.dyndns.fules.ck_20.apk", "monochrome-player_app-debug.apk"]
tags = {"androguard_app-prod-debug_multidex.apk": "abc", "androguard_com.teleca.jamendo_35.apk": "jam",
        "apktool_issue1170_andresguard.apk": "arg", "fdroidserver_org.dyndns.fules.ck_20.apk": "fck",
        "monochrome-player_app-debug.apk": "mono"}
STORED, DEFLATED = zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED
names = set()
with zipfile.ZipFile(out, "w") as z:
    def add(name, data, method):
        assert name not in names, name
        names.add(name)
        info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
        info.compress_type = method
        z.writestr(info, data)

    # The base, entry for entry (manifest, arsc, classes.dex, classes2.dex, res/, META-INF/ …).
    with zipfile.ZipFile(base) as b:
        for i in b.infolist():
            add(i.filename, b.read(i), i.compress_type)
    # More dex: every other fixture's dex files, renamed classes3.dex, classes4.dex, …
    n = 3
    for f in others:
        with zipfile.ZipFile(os.path.join(fixtures, f)) as o:
            for i in sorted(o.infolist(), key=lambda i: i.filename):
                if i.filename.startswith("classes") and i.filename.endswith(".dex"):
                    add(f"classes{n}.dex", o.read(i), DEFLATED); n += 1
    # Native libraries for 3 ABIs: real ELF files, stored (uncompressed, as with extractNativeLibs=false).
    with zipfile.ZipFile(os.path.join(fixtures, "fdroidserver_org.dyndns.fules.ck_20.apk")) as o:
        symlink = {abi: o.read(f"lib/{abi}/libsymlink.so") for abi in ("arm64-v8a", "armeabi-v7a", "x86_64")}
    system = {
        "arm64-v8a": ["/usr/aarch64-linux-gnu/lib/" + s for s in (
            "libc.so.6", "libm.so.6", "libstdc++.so.6.0.30", "libgomp.so.1.0.0", "libubsan.so.1.0.0",
            "liblsan.so.0.0.0", "libhwasan.so.0.0.0", "libtsan.so.2.0.0", "libasan.so.8.0.0")],
        "armeabi-v7a": ["/usr/arm-linux-gnueabihf/lib/" + s for s in (
            "libc.so.6", "libm.so.6", "libstdc++.so.6.0.30", "libubsan.so.1.0.0", "libasan.so.8.0.0")],
        "x86_64": ["/usr/lib/x86_64-linux-gnu/" + s for s in (
            "libcrypto.so.3", "libQt6Core.so.6.4.2", "libQt6Gui.so.6.4.2", "libQt6Widgets.so.6.4.2",
            "libpython3.11.so.1.0", "libasan.so.8.0.0")],
    }
    for abi, paths in system.items():
        for k in range(24):
            add(f"lib/{abi}/libsymlink{k}.so", symlink[abi], STORED)
        for p in paths:
            if os.path.exists(p):
                stem = os.path.basename(p).split(".so")[0]
                with open(p, "rb") as fh:
                    add(f"lib/{abi}/{stem}.so", fh.read(), STORED)
    # Resources: every fixture's res/ files again under distinct names (same folders, same methods).
    for f in [os.path.basename(base)] + others:
        with zipfile.ZipFile(os.path.join(fixtures, f)) as o:
            for i in o.infolist():
                if not i.filename.startswith("res/"):
                    continue
                folder, leaf = i.filename.rsplit("/", 1)
                stem, dot, ext = leaf.partition(".")
                data = o.read(i)
                for k in range(3):
                    add(f"{folder}/{stem}_{tags[f]}{k}{dot}{ext}", data, i.compress_type)
    # Assets: compressible text (deflated), then random bytes until the APK is big enough.
    rng = random.Random(44)
    words = [w.encode() for w in ("matrix", "inspector", "apk", "dex", "resource", "layout", "drawable",
                                  "string", "value", "android", "activity", "service", "42", "{", "}", ":")]
    for k in range(6):
        add(f"assets/data/catalog{k}.json", b" ".join(rng.choice(words) for _ in range(600_000)), DEFLATED)
    z.fp.flush()
    k = 0
    while z.fp.tell() < min_mb * 1_000_000 + 1_000_000:
        add(f"assets/media/blob{k}.bin", rng.randbytes(2_000_000), STORED if k % 2 else DEFLATED)
        k += 1
PY

apk_bytes=$(stat -c %s "$apk")
python3 - "$apk" <<'PY'
import collections, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
kinds = collections.Counter()
size = collections.Counter()
for i in z.infolist():
    n = i.filename
    k = ("dex" if n.endswith(".dex") and "/" not in n else "lib/" + n.split("/")[1] if n.startswith("lib/")
         else "res" if n.startswith("res/") else "assets" if n.startswith("assets/") else "other")
    kinds[k] += 1; size[k] += i.compress_size
print(f"APK: {sum(kinds.values())} entries; " + ", ".join(f"{k} {kinds[k]} ({size[k]/1e6:.1f} MB)" for k in sorted(kinds)))
PY
printf 'APK size: %.1f MB (%d bytes)\n' "$(echo "$apk_bytes / 1000000" | bc -l)" "$apk_bytes"
cat "$apk" >/dev/null   # the page cache warmed the same way for both sides

# ---- 2. mxi apk check ---------------------------------------------------------------------------
walls=()
cpus=()  # user + system seconds: what the run cost, however loaded the machine was
cpu_of() { awk -F': ' '/User time|System time/ {t += $2} END {printf "%.2f", t}' "$1"; }
rss_kb=0
for ((i = 1; i <= runs; i++)); do
  t0=$(date +%s.%N)
  /usr/bin/time -v -o "$work/time.txt" "$mxi" apk check "$apk" --format json -o /dev/null || {
    rc=$?; [[ $rc -le 1 ]] || { echo "mxi apk check failed (exit $rc)" >&2; cat "$work/time.txt" >&2; exit 1; }; }
  t1=$(date +%s.%N)
  walls+=("$(echo "$t1 - $t0" | bc -l)")
  cpus+=("$(cpu_of "$work/time.txt")")
  r=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")
  ((r > rss_kb)) && rss_kb=$r
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ours=$(median "${walls[@]}")
ours_cpu=$(median "${cpus[@]}")
# The same counts as androguard's and nothing more: the four tasks that give them, through an
# ApkChecker config (the full check also hashes every entry and reads every native library).
echo '{"options":[{"name":"-unzip"},{"name":"-manifest"},{"name":"-countMethod"},{"name":"-countClass"}]}' \
  >"$work/counts-config.json"
count_walls=()
count_cpus=()
for ((i = 1; i <= runs; i++)); do
  t0=$(date +%s.%N)
  /usr/bin/time -v -o "$work/time.txt" "$mxi" apk check "$apk" --config "$work/counts-config.json" --format json \
    -o /dev/null || [[ $? -le 1 ]]
  t1=$(date +%s.%N)
  count_walls+=("$(echo "$t1 - $t0" | bc -l)")
  count_cpus+=("$(cpu_of "$work/time.txt")")
done
counts_wall=$(median "${count_walls[@]}")
counts_cpu=$(median "${count_cpus[@]}")
# Counts and per-task timings from one more run's JSON (not timed).
"$mxi" apk check "$apk" --format json -o "$work/report.json" || [[ $? -le 1 ]]
python3 - "$work/report.json" >"$work/ours.txt" 2>"$work/tasks.txt" <<'PY'
import json, sys
tasks = json.load(open(sys.argv[1]))
by = {t["taskType"]: t for t in tasks}
t0 = min(t["start-time"] for t in tasks)
for t in tasks:
    print(f"  task {t['taskType']:>2} {t['taskDescription'][:48]:<48} {t['start-time'] - t0:>5} .. {t['end-time'] - t0:>5} ms"
          f"  ({t['end-time'] - t['start-time']} ms)", file=sys.stderr)
m = next(t["manifest"] for t in tasks if "manifest" in t)
print("package", m.get("package"))
print("versionCode", m.get("android:versionCode"))
print("entries", len(next(t["entries"] for t in tasks if "entries" in t)))
methods = next(t for t in tasks if "dex-files" in t and any("total-internal-methods" in d for d in t["dex-files"]))
classes = next(t for t in tasks if "dex-files" in t and any("packages" in d for d in t["dex-files"]))
cls = {d["dex-file"]: sum(len(p["classes"]) for p in d["packages"]) for d in classes["dex-files"]}
for d in sorted(methods["dex-files"], key=lambda d: d["dex-file"]):
    ids = d.get("total-internal-methods", 0) + d.get("total-external-methods", 0)
    print(f"dex {d['dex-file']} classes {cls.get(d['dex-file'], 0)} method-ids {ids}")
PY

# ---- 3. androguard ------------------------------------------------------------------------------
agpy=""
for p in ${ANDROGUARD_PYTHON:-} python3 /usr/bin/python3; do
  if command -v "$p" >/dev/null && "$p" -c 'import androguard' 2>/dev/null; then agpy=$p; break; fi
done
cat >"$work/androguard_counts.py" <<'PY'
import sys, time
try:  # androguard 4
    from androguard.core.apk import APK
    from androguard.core.dex import DEX as Dex
except ImportError:  # androguard 3 (Debian 12's python3-androguard)
    from androguard.core.bytecodes.apk import APK
    from androguard.core.bytecodes.dvm import DalvikVMFormat as Dex
try:
    from loguru import logger
    logger.remove()
except ImportError:
    pass
import logging
logging.disable(logging.CRITICAL)
a = APK(sys.argv[1])
print("package", a.get_package())
print("versionCode", a.get_androidversion_code())
print("entries", len(a.get_files()))
def key(n):
    s = n[len("classes"):-len(".dex")]
    return int(s) if s else 1
for name in sorted((n for n in a.get_files() if n.startswith("classes") and n.endswith(".dex") and "/" not in n), key=key):
    d = Dex(a.get_file(name))
    classes = len(d.get_classes())
    try:
        ids = len(d.get_methods_id_item().methods) if hasattr(d, "get_methods_id_item") else len(d.methods.methods)
    except Exception:
        ids = d.header.method_ids_size
    print(f"dex {name} classes {classes} method-ids {ids}")
PY
status=0
if [[ -z $agpy ]]; then
  echo "androguard: not installed (no python3 here imports androguard; Debian: apt-get install androguard) — comparison skipped"
  theirs=""
else
  cat "$apk" >/dev/null
  t0=$(date +%s.%N)
  /usr/bin/time -v -o "$work/androguard-time.txt" "$agpy" "$work/androguard_counts.py" "$apk" >"$work/theirs.txt"
  t1=$(date +%s.%N)
  theirs=$(echo "$t1 - $t0" | bc -l)
  theirs_cpu=$(cpu_of "$work/androguard-time.txt")
fi

echo
echo "per task (one run; ms from the first task's start):"
cat "$work/tasks.txt"
echo
if [[ -n $theirs ]]; then
  echo "counts: mxi | androguard"
  paste -d'|' "$work/ours.txt" "$work/theirs.txt" | sed 's/|/  |  /'
  if ! diff -q "$work/ours.txt" "$work/theirs.txt" >/dev/null; then
    echo "FAIL: the counts differ:"; diff "$work/ours.txt" "$work/theirs.txt" || true; status=1
  else
    echo "counts: equal"
  fi
else
  echo "counts (mxi):"; cat "$work/ours.txt"
  # Without androguard, at least the per-dex counts against dexdump's header (Debian's dexdump).
  if command -v dexdump >/dev/null; then
    python3 - "$apk" "$work" <<'PY2' >"$work/dexdump.txt"
import os, re, subprocess, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
key = lambda n: int(n[7:-4] or 1)
for n in sorted((n for n in z.namelist() if re.fullmatch(r"classes\d*\.dex", n)), key=key):
    path = os.path.join(sys.argv[2], "dexdump-" + n)
    open(path, "wb").write(z.read(n))
    out = subprocess.run(["dexdump", "-f", path], capture_output=True).stdout.decode("utf-8", "replace")
    field = lambda f: re.search(f + r"\s*:\s*(\d+)", out).group(1)
    print(f"dex {n} classes {field('class_defs_size')} method-ids {field('method_ids_size')}")
PY2
    if diff <(grep '^dex ' "$work/ours.txt") "$work/dexdump.txt" >/dev/null; then
      echo "per-dex counts: equal to dexdump -f's class_defs_size and method_ids_size"
    else
      echo "FAIL: per-dex counts differ from dexdump's:"; diff <(grep '^dex ' "$work/ours.txt") "$work/dexdump.txt" || true
      status=1
    fi
  fi
fi

pass() { if [[ $1 == 1 ]]; then echo PASS; else echo FAIL; fi; }
apk_mb=$(echo "$apk_bytes / 1000000" | bc -l)
rss_mb=$(echo "$rss_kb * 1024 / 1000000" | bc -l)
wall_ok=$(echo "$ours <= 2" | bc -l)
rss_ok=$(echo "$rss_kb * 1024 <= 0.5 * $apk_bytes" | bc -l)
echo
echo "| APK | mxi apk check, all 15 tasks (median of $runs) | peak RSS | the same counts only | androguard | speed-up (same counts; all tasks) |"
echo "|---|---|---|---|---|---|"
if [[ -n $theirs ]]; then
  speedup=$(echo "$theirs / $counts_wall" | bc -l)
  printf '| %.1f MB | %.2f s | %.1f MB (%.2f× the APK) | %.2f s | %.2f s | %.1f×; %.1f× |\n' "$apk_mb" "$ours" "$rss_mb" \
    "$(echo "$rss_mb / $apk_mb" | bc -l)" "$counts_wall" "$theirs" "$speedup" "$(echo "$theirs / $ours" | bc -l)"
else
  printf '| %.1f MB | %.2f s | %.1f MB (%.2f× the APK) | %.2f s | skipped | — |\n' "$apk_mb" "$ours" "$rss_mb" \
    "$(echo "$rss_mb / $apk_mb" | bc -l)" "$counts_wall"
fi
echo
echo "wall <= 2 s:            $(pass "$wall_ok") ($(printf '%.2f' "$ours") s; runs: ${walls[*]})"
echo "same counts only:       $(printf '%.2f' "$counts_wall") s wall (runs: ${count_walls[*]})"
echo "CPU (user + system):    mxi $ours_cpu s all tasks, $counts_cpu s the same counts (medians)${theirs:+; androguard \
$theirs_cpu s: $(printf '%.1f' "$(echo "$theirs_cpu / $counts_cpu" | bc -l)")× the same counts, \
$(printf '%.1f' "$(echo "$theirs_cpu / $ours_cpu" | bc -l)")× all tasks}"
echo "peak RSS <= 0.5x APK:   $(pass "$rss_ok") ($(printf '%.1f' "$rss_mb") MB of $(printf '%.1f' "$apk_mb") MB)"
[[ $wall_ok == 1 && $rss_ok == 1 ]] || { ((status)) || status=2; }
if [[ -n $theirs ]]; then
  sp_ok=$(echo "$speedup >= 20" | bc -l)
  echo ">= 20x androguard:      $(pass "$sp_ok") ($(printf '%.1f' "$speedup")× wall, the same counts)"
  [[ $sp_ok == 1 ]] || { ((status)) || status=2; }
else
  echo ">= 20x androguard:      not measured (androguard not installed)"
fi
exit $status
