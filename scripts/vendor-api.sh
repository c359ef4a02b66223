#!/usr/bin/env bash
# A vendor's whole OpenAPI description, unedited, to a compiled MCP server (issue 37):
#
#   init-openapi → generate → a crate that serves every tool through its generated HTTP handler
#   → `cargo check` (peak memory and time), `cargo clippy -D warnings`, `cargo build`.
#
# Usage: scripts/vendor-api.sh <description.json|yaml> [work folder]
#   e.g. scripts/vendor-api.sh tests/fixtures/realworld/github/api/api.github.com.json
#
# The work folder (default target/vendor-api/<description stem>) holds the starter definitions,
# the crate and a report, `report.txt`; its dependencies build into target/vendor-api/target,
# shared between runs, so that the figures are the crate's own: the script builds them first,
# then times a check of the crate alone. docs/performance.md has the figures for GitHub's
# description; .ci/run runs the same path on a smaller vendor's (tests/init-openapi).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
description="$(realpath "${1:?usage: scripts/vendor-api.sh <description> [work folder]}")"
stem="$(basename "$description")"
stem="${stem%%.*}"
work="$(realpath -m "${2:-$root/target/vendor-api/$stem}")"
measure=(/usr/bin/time -f "%e s, peak %M KiB")

(cd "$root" && cargo build --quiet --release -p fusion-gen)
fusion_gen="${CARGO_TARGET_DIR:-$root/target}/release/fusion-gen"
export CARGO_TARGET_DIR="$root/target/vendor-api/target"

rm -rf "$work"
mkdir -p "$work/src"
report="$work/report.txt"
echo "description: $description ($(sha256sum "$description" | cut -c1-16)…)" >"$report"

echo "== init-openapi"
{ "${measure[@]}" "$fusion_gen" init-openapi "$description" -o "$work/schemas" >/dev/null; } 2>"$work/init.log" ||
    { tail -20 "$work/init.log"; exit 1; }
echo "init-openapi: $(tail -1 "$work/init.log")" | tee -a "$report"

echo "== generate"
if ! { "${measure[@]}" "$fusion_gen" "$work/schemas" -o "$work/src/generated" >/dev/null; } 2>"$work/generate.log"; then
    grep -E "^\s*×" "$work/generate.log" | head -20
    echo "the starter does not generate: $(grep -cE '^\s*×' "$work/generate.log") errors" | tee -a "$report"
    exit 1
fi
echo "generate: $(tail -1 "$work/generate.log"), $(grep -cE '^\s*⚠' "$work/generate.log" || true) warnings" | tee -a "$report"
echo "generated: $(cat "$work"/src/generated/*.rs | wc -l) lines in $(ls "$work"/src/generated | wc -l) files" | tee -a "$report"

# Every tool of the starter, each answered by its generated HTTP handler.
tools=$(grep -ho '^pub struct [A-Za-z0-9]*Http<' "$work"/src/generated/*_tool.rs |
    sed 's/^pub struct \(.*\)Http<$/\1/' | sort)
modules=$(grep -l '^pub struct [A-Za-z0-9]*Http<' "$work"/src/generated/*_tool.rs | xargs -n1 basename | sed 's/\.rs$//' | sort)
count=$(echo "$tools" | wc -l)
{
    echo "//! Every tool of the starter, served over stdio through its generated HTTP handler."
    echo "#![deny(warnings)]"
    echo "#![allow(missing_docs)]"
    echo "#[path = \"generated/mod.rs\"]"
    echo "pub mod generated;"
    echo "use fusion_runtime::http_client::{ApiClient, ApiConfig};"
    echo "use fusion_runtime::rmcp::FusionServer;"
    for module in $modules; do echo "use generated::$module::*;"; done
    echo "/// The server, calling the API at \`base_url\`."
    echo "pub fn server(base_url: &str) -> Result<FusionServer, String> {"
    echo "    let client = ApiClient::new(ApiConfig::new(base_url)).map_err(|e| e.to_string())?;"
    echo "    let server = FusionServer::new(\"vendor-api\", \"0.0.0\");"
    for tool in $tools; do
        echo "    let server = server.with_tool(${tool}Tool::new(${tool}Http(client.clone()))).map_err(|e| e.to_string())?;"
    done
    echo "    Ok(server)"
    echo "}"
    echo "#[tokio::main]"
    echo "async fn main() -> Result<(), String> {"
    echo "    use rmcp::ServiceExt;"
    echo "    let base_url = std::env::args().nth(1).ok_or(\"usage: vendor-api <base URL>\")?;"
    echo "    let running = server(&base_url)?.serve(fusion_runtime::stdio::stdio()).await.map_err(|e| e.to_string())?;"
    echo "    running.waiting().await.map_err(|e| e.to_string())?;"
    echo "    Ok(())"
    echo "}"
} >"$work/src/main.rs"
rmcp_version=$(grep -A3 '^name = "rmcp"$' "$root/Cargo.lock" | sed -n 's/^version = "\(.*\)"/\1/p' | head -1)
cat >"$work/Cargo.toml" <<EOF
[package]
name = "vendor-api"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
fusion-runtime = { path = "$root/runtime", features = ["rmcp", "stdio", "http-client"] }
rmcp = { version = "=$rmcp_version", default-features = false }
tokio = { version = "1", features = ["macros", "rt-multi-thread"] }
EOF
cp "$root/Cargo.lock" "$work/Cargo.lock"
echo "crate: $count tools served" | tee -a "$report"

echo "== dependencies (not measured)"
(cd "$work" && mv src/main.rs src/main.rs.full && echo 'fn main() {}' >src/main.rs &&
    cargo check --quiet && cargo build --quiet && mv src/main.rs.full src/main.rs &&
    touch src/main.rs src/generated/*.rs)

echo "== cargo check (the crate alone)"
(cd "$work" && "${measure[@]}" cargo check --quiet) 2>&1 | tail -1 | sed 's/^/cargo check: /' | tee -a "$report"
echo "== cargo clippy -D warnings"
(cd "$work" && touch src/main.rs src/generated/*.rs && "${measure[@]}" cargo clippy --quiet -- -D warnings) 2>&1 | tail -1 | sed 's/^/cargo clippy -D warnings: /' | tee -a "$report"
echo "== cargo build (debug)"
(cd "$work" && "${measure[@]}" cargo build --quiet) 2>&1 | tail -1 | sed 's/^/cargo build: /' | tee -a "$report"
echo "== report: $report"
cat "$report"
