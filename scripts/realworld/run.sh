#!/usr/bin/env bash
# Rewrites tests/fixtures/realworld/{blockfrost,github,dialogporten}/ (the vendored OpenAPI
# descriptions, the components libraries and the JavaScript reference outputs) from the pinned npm
# packages. Not run by CI: the tests read the checked-in files and need no node.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
npm ci --prefix "$here" --no-audit --no-fund --loglevel=error
node "$here/blockfrost.mjs"
node "$here/github.mjs"
node "$here/dialogporten.mjs"
