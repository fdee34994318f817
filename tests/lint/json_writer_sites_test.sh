#!/usr/bin/env bash
# nlohmann's dump() throws on invalid UTF-8, which text from dumps and devices may hold (logcat cuts
# lines inside multi-byte characters). Only core/json/json_writer.cpp (dumpJson) may call it.
set -euo pipefail
root=${1:?usage: json_writer_sites_test.sh SOURCE_DIR}
cd "$root"
sites=$(grep -rnE '\.dump\(' core app device-agent --include='*.cpp' --include='*.h' | grep -v '^core/json/json_writer.cpp:' || true)
if [[ -n $sites ]]; then
  echo "direct nlohmann dump() calls (use core::json::dumpJson or the CLI's printJson):" >&2
  echo "$sites" >&2
  exit 1
fi
echo "no direct dump() outside core/json/json_writer.cpp"
