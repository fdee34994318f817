#!/usr/bin/env bash
# Formats every C++ file of the tree with .clang-format (Debian's clang-format).
# Usage: scripts/format.sh          rewrite the files in place
#        scripts/format.sh --check  list the files that are not formatted and fail (CI)
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files --cached --others --exclude-standard '*.cpp' '*.h')  # new files too
if [[ ${1:-} == --check ]]; then
  clang-format --dry-run --Werror "${files[@]}"
else
  clang-format -i "${files[@]}"
fi
