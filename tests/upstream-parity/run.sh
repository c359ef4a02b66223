#!/usr/bin/env bash
# Regenerates tests/fixtures/upstream/parity.json, wire.json, bounds.json, unions.json and formats.json by running MCP Fusion's own sources
# (not run by CI).
#
#   tests/upstream-parity/run.sh [UPSTREAM_GIT_DIR [COMMIT]]
#
# Without a git directory, upstream is cloned (bare) from GitHub into tests/upstream-parity/.upstream-git.
# COMMIT defaults to the one the checked-in fixture names, so a rerun reproduces it byte for byte
# (except the date and node version in its provenance).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
git_dir="${1:-}"
commit="${2:-$(node -e 'console.log(require(process.argv[1]).provenance.upstream_commit)' "$here/../fixtures/upstream/parity.json")}"
if [ -z "$git_dir" ]; then
    git_dir="$here/.upstream-git"
    if [ ! -d "$git_dir" ]; then
        git clone --bare --quiet https://github.com/vinkius-labs/mcpfusion "$git_dir"
    fi
fi
npm ci --prefix "$here" --no-audit --no-fund --loglevel=error
node "$here/generate.mjs" "$git_dir" "$commit"
