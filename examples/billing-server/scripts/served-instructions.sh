#!/usr/bin/env bash
# Instructions per served call (issue 41): the example server runs under callgrind, serving
# `tools/call billing/list` (a 50-invoice page) over streamable HTTP to `billing-load --against`,
# once with FEW and once with MANY calls; the difference of the server's totals over the
# difference of calls is its cost per call, start-up and shutdown cancelled out. Four ways: the
# presenter and the `to_string_pretty` handler, each in one write and through rmcp.
#
#     examples/billing-server/scripts/served-instructions.sh [FEW MANY]
set -euo pipefail
cd "$(dirname "$0")/../../.."
few=${1:-100}
many=${2:-300}
cargo build --release -q -p fusion-example-billing-server --bins
bin=target/release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The server's total instructions for `calls` calls, served with the flags given.
total() {
    local calls=$1
    shift
    local log=$work/log out=$work/callgrind.out
    : >"$log"
    valgrind --tool=callgrind --callgrind-out-file="$out" \
        "$bin/billing-server" http 0 "$@" 2>"$log" &
    local pid=$!
    local address=""
    for _ in $(seq 600); do
        # The whole line only: a line still being written would give a cut port.
        address=$(sed -n 's#.*listening on http://\([^/]*\)/mcp$#\1#p' "$log" | head -1)
        [ -n "$address" ] && break
        sleep 0.1
    done
    [ -n "$address" ] || { echo "the server did not start:" >&2; cat "$log" >&2; exit 1; }
    "$bin/billing-load" --against "$address" --calls "$calls"
    kill -TERM "$pid"
    wait "$pid"
    awk '/^summary:/ { print $2 }' "$out"
}

echo "| way | instructions per call |"
echo "|---|---:|"
for way in "presenter, one write|" "presenter, through rmcp|--rmcp-path" \
    "to_string_pretty, through rmcp|--rmcp-path --pretty-json" \
    "to_string_pretty, one write|--pretty-json"; do
    name=${way%%|*}
    # shellcheck disable=SC2206 # the flags are words
    flags=(${way#*|})
    low=$(total "$few" "${flags[@]}")
    high=$(total "$many" "${flags[@]}")
    echo "| $name | $(( (high - low) / (many - few) )) |"
done
