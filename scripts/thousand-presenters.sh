#!/usr/bin/env bash
# A crate of N generated presenters (issue 24; N = 1000 by default), each of 10 fields with one
# rule (a condition and a placeholder) and one suggestion, plus the one tool the suggestions name.
# Writes the definitions, generates them with the given fusion-gen binary, and builds the crate in
# debug under `/usr/bin/time -v`: the dependencies are built first, so the timed build compiles
# only the generated crate. Prints the generated lines, the wall time and the peak memory.
#
#   cargo build -p fusion-gen
#   scripts/thousand-presenters.sh [path/to/fusion-gen] [N]
#   USED=1 scripts/thousand-presenters.sh   # the crate also calls every presenter
#
# The crate depends on the repository's runtime by path and uses the workspace's Cargo.lock; its
# target folder is a temporary one, removed at the end (set KEEP=1 to keep it and print its path).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
gen="${1:-$repo/target/debug/fusion-gen}"
count="${2:-1000}"
work="$(mktemp -d)"
if [ "${KEEP:-0}" = 1 ]; then
    echo "work folder: $work"
else
    trap 'rm -rf "$work"' EXIT
fi

mkdir -p "$work/defs" "$work/crate/src"
cat > "$work/defs/things.tool.yaml" <<YAML
x-fusion-tool:
  name: things
  description: Look at things
  actions:
    get:
      description: Get one thing
      read-only: true
      input: { type: object, required: [id], properties: { id: { type: string } } }
      returns: p0000.yaml
YAML
for i in $(seq 0 $((count - 1))); do
    n=$(printf '%04d' "$i")
    cat > "$work/defs/p$n.yaml" <<YAML
title: Thing$n
description: Thing number $n.
type: object
required: [id, name, amount_cents, status]
properties:
  id: { type: string }
  name: { type: string, description: The display name. }
  amount_cents: { type: integer }
  ratio: { type: number }
  active: { type: boolean }
  status: { type: string, enum: [open, closed, archived] }
  tags: { type: array, items: { type: string } }
  note: { type: [string, "null"] }
  created: { type: string, format: date-time }
  owner: { type: string, x-fusion-redact: true }
x-fusion:
  rules:
    - text: "Thing {id} is archived: do not edit it."
      when: { status: archived }
  suggestions:
    - { action: things.get, reason: "Open {id}", when: { active: true } }
YAML
done

"$gen" "$work/defs" -o "$work/crate/src/generated" >/dev/null
lines=$(cat "$work/crate/src/generated"/*.rs | wc -l)

cp "$repo/Cargo.lock" "$work/crate/"
cat > "$work/crate/Cargo.toml" <<TOML
[package]
name = "thousand-presenters"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
fusion-runtime = { path = "$repo/runtime" }

[profile.dev]
debug = "line-tables-only"

[profile.dev.package."*"]
debug = false
TOML
# Dependencies first, with an empty library, so the timed build is the generated crate's alone.
echo > "$work/crate/src/lib.rs"
cargo build --quiet --manifest-path "$work/crate/Cargo.toml" --target-dir "$work/target"
cat > "$work/crate/src/lib.rs" <<'RUST'
//! Generated presenters, compiled as a user's crate compiles them.
#[allow(missing_docs)]
pub mod generated;
RUST
# With USED=1 the crate also calls every presenter, for one item and for a collection, as a
# server whose tools return them does: the runtime's writers are then compiled for every item
# type (without it, only for the types the crate uses, here the one its tool returns).
if [ "${USED:-0}" = 1 ]; then
    {
        echo 'use fusion_runtime::{Presenter, ToolResponse};'
        for i in $(seq 0 $((count - 1))); do
            n=$(printf '%04d' "$i")
            echo "pub fn present_$n(item: &generated::Thing$n, items: &[generated::Thing$n]) -> [ToolResponse; 2] { [generated::Thing${n}Presenter.present(item), generated::Thing${n}Presenter.present_collection(items)] }"
        done
    } >> "$work/crate/src/lib.rs"
fi
/usr/bin/time -v cargo build --quiet --manifest-path "$work/crate/Cargo.toml" \
    --target-dir "$work/target" 2> "$work/time.txt"
wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time.txt")
rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
echo "presenters: $count"
echo "generated lines: $lines ($((lines / count)) per presenter)"
echo "debug build of the crate: wall $wall, peak memory $((rss / 1024)) MB"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
