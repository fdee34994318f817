#!/usr/bin/env bash
# `matrix-inspector --help` and `--version` print and exit 0 where there is no display at all (no
# DISPLAY, WAYLAND_DISPLAY or QT_QPA_PLATFORM: a server, a CI job, an ssh session).
# Usage: help_without_display_test.sh GUI_BINARY VERSION
set -uo pipefail
gui=${1:?usage: help_without_display_test.sh GUI_BINARY VERSION}
version=${2:?usage: help_without_display_test.sh GUI_BINARY VERSION}
failed=0

check() {  # check ARGUMENT EXPECTED_LINE
  local out rc
  out=$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$gui" "$1" 2>&1)
  rc=$?
  if [[ $rc -ne 0 ]]; then
    echo "FAIL: $1 exited $rc:" >&2
    echo "$out" >&2
    failed=1
  elif ! grep -qxF -- "$2" <<<"$out"; then
    echo "FAIL: $1 printed no line \"$2\":" >&2
    echo "$out" >&2
    failed=1
  else
    echo "ok: $1"
  fi
}

check --help "Usage: $gui [options] files"
check -h "Usage: $gui [options] files"
check --version "matrix-inspector $version"
check -v "matrix-inspector $version"
# The options the app adds are listed too (the help is the parser's, not a stub).
check --help "  --screenshot <png>    Save the window as PNG once the files are loaded, then"
exit $failed
