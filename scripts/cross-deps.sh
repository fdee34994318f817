#!/usr/bin/env bash
# Unpacks Debian's zlib1g-dev for a foreign architecture into DEST (DEST/usr/lib/<triple>/libz.a,
# DEST/usr/include/zlib.h) for the agent's cross builds. It uses apt with a private state
# directory, so the system's architectures and package lists stay untouched.
# Usage: scripts/cross-deps.sh arm64|armhf DEST
set -euo pipefail
arch=$1
dest=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$dest"
opts=(-o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache" -o "APT::Architecture=$arch"
      -o "APT::Architectures::=$arch" -o "Dir::State::status=/dev/null" -o Debug::NoLocking=1
      -o APT::Sandbox::User=root)
apt-get "${opts[@]}" update -qq >/dev/null 2>&1 || true  # a mirror lagging on one list is fine
(cd "$work" && apt-get "${opts[@]}" download -qq "zlib1g-dev:$arch" >/dev/null)
dpkg-deb -x "$work"/zlib1g-dev_*.deb "$dest"
echo "cross-deps: zlib for $arch in $dest" >&2
