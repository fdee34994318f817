#!/usr/bin/env bash
# fuzz_session_reader's seeds: sessions `mxi session import` makes of the shared reference
# captures. Usage: write_session_seeds.sh OUT_DIR MXI REFERENCE_FIXTURES (absent: no seeds).
set -euo pipefail
out=$1 mxi=$2 ref=$3
rm -rf "$out"
if [[ ! -d $ref ]]; then
  echo "reference fixtures $ref are absent: no session seeds"
  exit 0
fi
mkdir -p "$out"
"$mxi" session import --framestats "$ref/gfxinfo/choi890_soundvis_120hz_framestats.txt" \
  --issues "$ref/matrix-issues/logcat-tostring/io_com.rzm.matrix_testing.txt" -o "$out/a.mxs" >/dev/null
"$mxi" session import --issues "$ref/matrix-issues/wiki-data-format-examples.jsonl" -o "$out/b.mxs" >/dev/null
# One flipped byte in the middle of a.mxs, behind its clean footer: the read-around path.
cp "$out/a.mxs" "$out/a-damaged.mxs"
middle=$(( $(stat -c %s "$out/a.mxs") / 2 ))
byte=$(od -An -tu1 -j "$middle" -N1 "$out/a.mxs" | tr -d ' ')
printf '%b' "\\0$(printf %03o $(( byte ^ 0x5A )))" | dd of="$out/a-damaged.mxs" bs=1 seek="$middle" conv=notrunc status=none
