#!/usr/bin/env bash
# Builds fuzz_protocol with clang + ASan/UBSan and runs it from a small seed corpus of valid
# streams (written here with printf, one per message shape). Usage: run_fuzz_protocol.sh [SECONDS (60)]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-60}
build=$root/build/fuzz
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DMXI_BUILD_TESTS=OFF -DMXI_BUILD_CLI=OFF -DMXI_BUILD_GUI=OFF -DMXI_BUILD_AGENT=OFF -DMXI_FUZZ=ON \
  -DMXI_SANITIZE=address,undefined -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null
cmake --build "$build" -j2 --target fuzz_protocol
seeds=$build/corpus/protocol-seeds
work=$build/corpus-work-fuzz_protocol
mkdir -p "$seeds" "$work" "$build/crashes"
# Chunk byte, then frames: a Heartbeat and a Hello (golden bytes of protocol_codec_test.cpp).
printf '\x07MX\x01\x00\x1b\x00\x10\x00\x00\x00\x2b\x72\xc5\x98\x01\x00\x00\x00\x00\x00\x00\x00\x02\x00\x00\x00\x00\x00\x00\x00' >"$seeds/heartbeat"
printf '\x03MX\x01\x00\x01\x00\x15\x00\x00\x00\x6a\xa9\xde\x83\x01\x00\x08\x00\x00\x00abcdefgh\x03\x00\x00\x00mxi' >"$seeds/hello"
printf '\x01MX\x01\x00\x03\x00\x00\x00\x00\x00\x38\x75\x7a\x0b' >"$seeds/stop"
# Wrapped payloads (first byte >= 0x80): FrameBatch with one frame, MatrixIssue, ProcessList.
printf '\x81\x11\x00\x03\x00\x00\x00p.q\x01\x00\x00\x00s\x0b\x93\xfe\x00\x00\x00\x00\x00\x01\x00\x00\x00' >"$seeds/frames"
head -c 112 /dev/zero >>"$seeds/frames"
printf '\x82\x13\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x01\x00\x00\x00T\x02\x00\x00\x00io\x01\x00\x00\x00\x04\x00\x00\x00null\x04\x00\x02\x00\x00\x00{}' >"$seeds/issue"
# PackageList with one length-prefixed entry (golden bytes of protocol_codec_test.cpp).
printf '\x84\x1c\x00\x01\x00\x00\x00\x0c\x00\x00\x00\x03\x00\x00\x00a.b\x01\x2a\x00\x00\x00' >"$seeds/packages"
printf '\x83\x15\x00\x01\x00\x00\x00a\x01\x00\x00\x00\x01\x00\x00\x00\x01\x00\x00\x00r\x01\x00\x00\x00i' >"$seeds/ps"
"$build/tests/fuzz/fuzz_protocol" "$work" "$seeds" -max_total_time="$secs" -max_len=4096 \
  -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$build/crashes/" -print_final_stats=1
