#!/usr/bin/env bash
# A new user's crate, built cold two ways in one run (issue 23): the quick start of
# examples/quick-start with fusion-gen as a build-dependency (`default-features = false`), and the
# same crate with the generated code checked in (generated once by the command, no build script).
# Each gets a fresh target folder; both use the workspace's Cargo.lock, so the same versions.
# Prints, per route, the crates compiled and the wall time of `cargo build`, then the ratios.
#
#   scripts/adoption-build.sh [debug|release]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
profile="${1:-debug}"
flag=""
[ "$profile" = release ] && flag="--release"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The quick start as a crate of its own, outside the workspace, depending on the repository's
# crates by path; `$1` is the route.
make_crate() {
    local dir="$work/$1"
    mkdir -p "$dir/src"
    cp -r "$repo/examples/quick-start/schemas" "$dir/"
    cp "$repo/examples/quick-start/src/main.rs" "$dir/src/"
    sed 's/fusion_example_quick_start/quick_start/' -i "$dir/src/main.rs"
    cp "$repo/Cargo.lock" "$dir/"
    cat > "$dir/Cargo.toml" <<TOML
[package]
name = "quick-start"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
fusion-runtime = { path = "$repo/runtime", features = ["rmcp"] }
rmcp = { version = "$(sed -n 's/^rmcp = { version = "\([^"]*\)".*/\1/p' "$repo/Cargo.toml")", default-features = false, features = ["server", "transport-io"] }
tokio = { version = "1", features = ["rt", "macros", "io-std"] }
TOML
    if [ "$1" = build-script ]; then
        cat >> "$dir/Cargo.toml" <<TOML

[build-dependencies]
fusion-gen = { path = "$repo/generator", default-features = false }
TOML
        cp "$repo/examples/quick-start/build.rs" "$dir/"
        cp "$repo/examples/quick-start/src/lib.rs" "$dir/src/"
    else
        # The checked-in route: the command writes src/generated once, the crate includes it.
        cargo run --quiet --manifest-path "$repo/Cargo.toml" -p fusion-gen -- \
            "$dir/schemas" -o "$dir/src/generated" >/dev/null
        sed -e 's|^    fusion_runtime::include_generated!();|    include!("generated/mod.rs");|' \
            "$repo/examples/quick-start/src/lib.rs" > "$dir/src/lib.rs"
        # `include!` of a file with inner attributes is not allowed: declare the module by path.
        python3 - "$dir/src/lib.rs" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path).read()
text = re.sub(r'pub mod generated \{\n    include!\("generated/mod.rs"\);\n\}',
              '#[rustfmt::skip]\n#[path = "generated/mod.rs"]\npub mod generated;', text)
open(path, "w").write(text)
PY
    fi
}

measure() {
    local dir="$work/$1"
    local log="$work/$1.log"
    local start end
    start=$(date +%s.%N)
    CARGO_TARGET_DIR="$dir/target" cargo build $flag --manifest-path "$dir/Cargo.toml" 2>"$log"
    end=$(date +%s.%N)
    local crates
    crates=$(grep -c '^ *Compiling ' "$log")
    local seconds
    seconds=$(echo "$end - $start" | bc)
    printf '%-12s %4d crates  %7.1f s\n' "$1" "$crates" "$seconds"
    echo "$crates $seconds" > "$work/$1.result"
}

make_crate checked-in
make_crate build-script
# Fetch once so that neither timing includes downloads.
cargo fetch --quiet --manifest-path "$work/checked-in/Cargo.toml"
cargo fetch --quiet --manifest-path "$work/build-script/Cargo.toml"

echo "cold $profile build of the quick start, $(nproc) cores, $(date -u +%F)"
measure checked-in
measure build-script
read -r c1 s1 < "$work/checked-in.result"
read -r c2 s2 < "$work/build-script.result"
printf "build.rs route: %d crates more, %.2fx the time\n" "$((c2 - c1))" "$(echo "scale=3; $s2 / $s1" | bc)"
