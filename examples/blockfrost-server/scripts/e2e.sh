#!/usr/bin/env bash
# The generated Blockfrost server against Prism, through the official MCP TypeScript client
# (README.md). `--update` rewrites tests/calls.json from tests/calls.in.json instead of checking.
set -euo pipefail
cd "$(dirname "$0")/../../.."
cargo build --quiet -p fusion-example-blockfrost-server --bin blockfrost-server
# npm ci reinstalls from scratch; skip it when the install is newer than the lock (as after the
# TypeScript client step of .ci/run, which installs the same package).
if [ ! tests/ts-client/node_modules/.package-lock.json -nt tests/ts-client/package-lock.json ]; then
    npm ci --prefix tests/ts-client --no-audit --no-fund --loglevel=error
fi
node tests/ts-client/openapi-e2e.mjs target/debug/blockfrost-server \
    examples/blockfrost-server/schemas/blockfrost.yaml examples/blockfrost-server/tests/calls.json "$@"
