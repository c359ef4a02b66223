#!/usr/bin/env bash
# A vendor's whole OpenAPI description, unedited, to a compiled MCP server (issue 37):
#
#   init-openapi → generate → a workspace that serves every tool through its generated HTTP
#   handler → `cargo check` (time, peak memory), `cargo clippy -D warnings`, `cargo build`.
#
# Usage: scripts/vendor-api.sh <description.json|yaml> [work folder]
#   e.g. scripts/vendor-api.sh tests/fixtures/realworld/github/api/api.github.com.json
#
# The generated modules are compiled as a workspace of crates rather than one: a crate of the
# presenters' modules (`types`), one crate per tool module (its root re-exports `types`, so the
# module's `super::` paths resolve as in one crate; every impl a module holds is of its own
# types, so the split needs no edit), and the server crate. rustc's memory grows with the code
# of one crate, and cargo checks the tool crates two at a time on two cores: the largest crate
# sets the peak, not the whole API.
#
# The work folder (default target/vendor-api/<description stem>) holds the starter definitions,
# the generated modules, the workspace and a report, `report.txt`; its dependencies build into
# target/vendor-api/target, shared between runs. The figures are the workspace's own crates:
# everything is built once, then those crates are cleaned and built again, measured with
# /usr/bin/time (the peak of the largest process) and by sampling the rustc processes' summed
# memory every 0.2 s (the peak of the processes running at once). docs/performance.md has the
# figures for GitHub's description; .ci/run runs a smaller vendor's (tests/init-openapi).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
description="$(realpath "${1:?usage: scripts/vendor-api.sh <description> [work folder]}")"
stem="$(basename "$description")"
stem="${stem%%.*}"
work="$(realpath -m "${2:-$root/target/vendor-api/$stem}")"
measure=(/usr/bin/time -f "%e s, peak of one process %M KiB")

(cd "$root" && cargo build --quiet --release -p fusion-gen)
fusion_gen="${CARGO_TARGET_DIR:-$root/target}/release/fusion-gen"
export CARGO_TARGET_DIR="$root/target/vendor-api/target"
export CARGO_INCREMENTAL=0

rm -rf "$work"
mkdir -p "$work"
report="$work/report.txt"
echo "description: $description ($(sha256sum "$description" | cut -c1-16)…)" >"$report"

echo "== init-openapi"
{ "${measure[@]}" "$fusion_gen" init-openapi "$description" -o "$work/schemas" >/dev/null; } 2>"$work/init.log" ||
    { tail -20 "$work/init.log"; exit 1; }
echo "init-openapi: $(tail -1 "$work/init.log")" | tee -a "$report"

echo "== generate"
generated="$work/generated"
if ! { "${measure[@]}" "$fusion_gen" "$work/schemas" -o "$generated" >/dev/null; } 2>"$work/generate.log"; then
    grep -E "^\s*×" "$work/generate.log" | head -20
    echo "the starter does not generate: $(grep -cE '^\s*×' "$work/generate.log") errors" | tee -a "$report"
    exit 1
fi
echo "generate: $(tail -1 "$work/generate.log"), $(grep -cE '^\s*⚠' "$work/generate.log" || true) warnings" | tee -a "$report"
echo "generated: $(cat "$generated"/*.rs | wc -l) lines in $(ls "$generated" | wc -l) files" | tee -a "$report"

rmcp_version=$(grep -A3 '^name = "rmcp"$' "$root/Cargo.lock" | sed -n 's/^version = "\(.*\)"/\1/p' | head -1)
runtime="fusion-runtime = { path = \"$root/runtime\", features = [\"rmcp\", \"stdio\", \"http-client\"] }"
manifest() { # name, extra dependency lines
    printf '[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n[dependencies]\n%s\n%b' \
        "$1" "$runtime" "${2:-}"
}
# The lints the generated root allows, and its contract check, repeated at each crate's root.
allows=$(sed -n '/^#!\[allow(/,/^)\]/p' "$generated/mod.rs")
contract=$(sed -n '/require_contract!(/,/^);/p' "$generated/mod.rs")

# The presenters' modules: the generated root without its tool modules.
mkdir -p "$work/types/src/generated"
tool_modules=$(ls "$generated" | sed -n 's/^\(.*_tool\)\.rs$/\1/p' | sort)
for file in "$generated"/*.rs; do
    case "$(basename "$file")" in *_tool.rs) ;; *) cp "$file" "$work/types/src/generated/" ;; esac
done
python3 - "$work/types/src/generated/mod.rs" <<'EOF'
import re, sys
path = sys.argv[1]
text = open(path).read()
text = re.sub(r"\npub mod \w+_tool;\n", "\n", text)
text = re.sub(r"(#\[allow\(deprecated\)\]\n)?pub use \w+_tool::(\{[^}]*\}|\w+);\n", "", text)
open(path, "w").write(text)
EOF
manifest vendor-types >"$work/types/Cargo.toml"
printf '//! The presenters of the starter.\n#![deny(warnings)]\n#![allow(missing_docs)]\n#[path = "generated/mod.rs"]\npub mod generated;\n' \
    >"$work/types/src/lib.rs"

# One crate per tool module; the server crate serves every tool through its HTTP handler.
members='"types", "server"'
server_deps="vendor-types = { path = \"../types\" }\nrmcp = { version = \"=$rmcp_version\", default-features = false }\ntokio = { version = \"1\", features = [\"macros\", \"rt-multi-thread\"] }\n"
registrations=""
uses=""
count=0
for module in $tool_modules; do
    crate="tool-${module%_tool}"
    crate="${crate//_/-}"
    mkdir -p "$work/tools/$module/src"
    manifest "$crate" "vendor-types = { path = \"../../types\" }\n" >"$work/tools/$module/Cargo.toml"
    {
        echo "//! The tool module \`$module\`, its \`super::\` paths resolved through the presenters' crate."
        echo "#![deny(warnings)]"
        echo "$allows"
        echo "#![allow(missing_docs)]"
        echo "pub use vendor_types::generated::*;"
        echo "$contract"
        echo "#[path = \"$generated/$module.rs\"]"
        echo "pub mod $module;"
    } >"$work/tools/$module/src/lib.rs"
    members="$members, \"tools/$module\""
    server_deps="$server_deps${crate} = { path = \"../tools/$module\" }\n"
    for tool in $(grep -o '^pub struct [A-Za-z0-9]*Http<' "$generated/$module.rs" | sed 's/^pub struct \(.*\)Http<$/\1/'); do
        uses="$uses    use ${crate//-/_}::$module::{${tool}Http, ${tool}Tool};\n"
        registrations="$registrations    let server = server.with_tool(${tool}Tool::new(${tool}Http(client.clone()))).map_err(|e| e.to_string())?;\n"
        count=$((count + 1))
    done
done
mkdir -p "$work/server/src"
manifest vendor-server "$server_deps" >"$work/server/Cargo.toml"
{
    echo "//! Every tool of the starter, served over stdio through its generated HTTP handler."
    echo "#![deny(warnings)]"
    echo "use fusion_runtime::http_client::{ApiClient, ApiConfig};"
    echo "use fusion_runtime::rmcp::FusionServer;"
    echo "/// The server, calling the API at \`base_url\`."
    echo "fn server(base_url: &str) -> Result<FusionServer, String> {"
    printf "%b" "$uses"
    echo "    let client = ApiClient::new(ApiConfig::new(base_url)).map_err(|e| e.to_string())?;"
    echo "    let server = FusionServer::new(\"vendor-api\", \"0.0.0\");"
    printf "%b" "$registrations"
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
} >"$work/server/src/main.rs"
printf '[workspace]\nresolver = "3"\nmembers = [%s]\n' "$members" >"$work/Cargo.toml"
cp "$root/Cargo.lock" "$work/Cargo.lock"
own="-p vendor-types -p vendor-server $(for m in $tool_modules; do c="tool-${m%_tool}"; printf -- '-p %s ' "${c//_/-}"; done)"
echo "workspace: $count tools served, $(echo "$tool_modules" | wc -w) tool crates, the presenters' crate and the server" | tee -a "$report"

# The summed memory of the rustc processes running at once, sampled while `$@` runs.
measured() {
    local samples="$work/rss.samples"
    : >"$samples"
    # `ps` fails when no rustc runs: the sampler must outlive that.
    (set +e +o pipefail; while :; do
        ps -C rustc,clippy-driver -o rss= | awk '{s += $1} END {print s + 0}' >>"$samples"
        sleep 0.2
    done) &
    local sampler=$!
    local status=0
    (cd "$work" && "${measure[@]}" "$@") 2>&1 | tail -1 || status=$?
    kill "$sampler" 2>/dev/null || true
    wait "$sampler" 2>/dev/null || true
    echo "    processes at once: peak $(sort -n "$samples" | tail -1) KiB"
    return "$status"
}

echo "== dependencies and a first build (not measured)"
(cd "$work" && cargo check --quiet --workspace && cargo build --quiet --workspace)
echo "== cargo check (the workspace's own crates)"
# shellcheck disable=SC2086
(cd "$work" && cargo clean --quiet $own --profile dev)
measured cargo check --quiet --workspace | sed 's/^/cargo check: /' | tee -a "$report"
echo "== cargo clippy -D warnings"
# shellcheck disable=SC2086
(cd "$work" && cargo clean --quiet $own --profile dev)
measured cargo clippy --quiet --workspace -- -D warnings | sed 's/^/cargo clippy -D warnings: /' | tee -a "$report"
echo "== cargo build (debug)"
# shellcheck disable=SC2086
(cd "$work" && cargo clean --quiet $own --profile dev)
measured cargo build --quiet --workspace | sed 's/^/cargo build: /' | tee -a "$report"
echo "== report: $report"
cat "$report"
