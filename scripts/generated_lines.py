#!/usr/bin/env python3
"""Volume of the generated code (issue 24): lines per type, the one-field definition, typify's
test schemas against typify's own output, and where the lines go.

    cargo build -p fusion-gen && python3 scripts/generated_lines.py [path/to/fusion-gen]

A "type" is a `pub struct` or `pub enum` of the generated code (data types, presenters, `_select`
enums, tool inputs and calls), as issue 24 counted them. Figures:
- `generated/` (checked in) and the snapshot corpus (`tests/snapshots/*.rs`): lines, types, lines
  per type (target: at most 60);
- a definition with one string field, generated alone: its module's lines and the whole output's
  (mod.rs included; target: at most 100);
- typify's test schemas (`tests/fixtures/realworld/typify/schemas/`), each generated alone, against
  the lines of typify's own expected output for the same schema (`typify/tests/schemas/<name>.rs`
  at the commit PROVENANCE.md names; counted once, recorded below: the repository never reads
  typify's code; target: no more lines than typify);
- per category (JSON writers, TOON writers, `_select` enums, tool metadata, ...), the lines of
  `generated/` and of the snapshot corpus, classified by top-level item.

Deterministic: reads only the repository and the output of the given binary.
"""
import pathlib
import re
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
binary = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else root / "target" / "debug" / "fusion-gen"

# Lines of typify's expected output per schema, `wc -l typify/tests/schemas/<name>.rs` at
# oxidecomputer/typify a1e386dfe62ebdc13729d5d073aad639ca9889aa (8,271 in all).
TYPIFY = {
    "arrays-and-tuples": 168,
    "deny-list": 166,
    "extraneous-enum": 136,
    "id-or-name": 291,
    "maps": 210,
    "merged-schemas": 1362,
    "more_types": 312,
    "multiple-instance-types": 136,
    "noisy-types": 139,
    "property-pattern": 150,
    "reflexive": 96,
    "rust-collisions": 2549,
    "simple-types": 298,
    "string-enum-with-default": 88,
    "type-with-modified-generation": 137,
    "types-with-defaults": 527,
    "types-with-more-impls": 114,
    "untyped-enum-with-null": 137,
    "various-enums": 1136,
    "x-rust-type": 119,
}

HEADER = "headers, comments and module attributes (allowed lints, docs)"
TYPE_RE = re.compile(r"^\s*pub (struct|enum) ")


def lines_of(paths):
    return sum(len(p.read_text().splitlines()) for p in paths)


def types_of(paths):
    return sum(1 for p in paths for line in p.read_text().splitlines() if TYPE_RE.match(line))


def generate(defs, out):
    subprocess.run([str(binary), str(defs), "-o", str(out)], check=True, capture_output=True)
    return sorted(out.glob("*.rs"))


def depth_changes(line, state):
    """The brace balance of `line`, skipping strings, chars and comments; `state` carries an open
    string (`None`, or the closing delimiter of a raw or plain string) across lines."""
    balance = 0
    i = 0
    n = len(line)
    while i < n:
        if state[0] is not None:
            end = state[0]
            if end == '"':
                if line[i] == "\\":
                    i += 2
                    continue
                if line[i] == '"':
                    state[0] = None
                i += 1
                continue
            if line.startswith(end, i):
                state[0] = None
                i += len(end)
                continue
            i += 1
            continue
        c = line[i]
        if line.startswith("//", i):
            break
        raw = re.match(r'b?r(#*)"', line[i:])
        if raw and (i == 0 or not (line[i - 1].isalnum() or line[i - 1] == "_")):
            state[0] = '"' + raw.group(1)
            i += raw.end()
            continue
        if c == '"':
            state[0] = '"'
        elif c == "'":
            char = re.match(r"'(\\.[^']*|[^\\'])'", line[i:])
            if char:
                i += char.end()
                continue
        elif c == "{":
            balance += 1
        elif c == "}":
            balance -= 1
        i += 1
    return balance


def category(header, path):
    """The category of a top-level item from its first line."""
    tool = path.stem.endswith("_tool") or "Tool" in header or "Handler" in header
    name = re.search(r"(?:struct|enum|trait|for|impl(?:<[^>]*>)?)\s+([A-Za-z_:<>]+)", header)
    target = name.group(1) if name else ""
    if re.search(r"\bfor\s+(\w+)", header):
        target = re.search(r"\bfor\s+(\w+)", header).group(1)
    if header.startswith(("use ", "pub mod", "mod ", "pub use")) or "require_contract" in header:
        return "module plumbing (uses, modules, re-exports)"
    if target.endswith("Select") or "_selection" in header:
        return "_select enums and selections"
    if re.match(r"(pub )?(const|static) ", header):
        return "tool metadata (names, descriptions, schemas)"
    if "args::" in header:
        return "tool argument readers"
    if re.search(r"\b\w+(Args|Call|Tool|Handler)\b", header) and tool:
        return "tool dispatch (args, call, handler, tool)"
    if "record::Record" in header or "WriteSelected" in header:
        return "Record (field visitors) and selected writers"
    if "json::WriteJson" in header:
        return "JSON writers"
    if "toon::" in header:
        return "TOON writers"
    if "Declared" in header:
        return "presenter behaviour (Declared: rules, suggestions, UI)"
    if "Hooks" in header:
        return "hooks traits"
    if "IntoToolResponse" in header or target.endswith("Presenter"):
        return "presenter plumbing"
    if "FromStr" in header or "fmt::Display" in header:
        return "enum parsing and display"
    if "serde::" in header or "tagged::" in header:
        return "serde by hand (literals, tagged unions)"
    if re.match(r"(pub )?(struct|enum) ", header):
        return "type declarations (docs, derives, fields)"
    if header.startswith("impl"):
        return "inherent helpers (enum values, redaction, keys)"
    return "other"


def classify(paths, counts):
    """Adds each file's lines to `counts` by category of the top-level item they belong to; the
    modules of a single-file output (`pub mod x {`) are descended into."""
    for path in paths:
        state = [None]
        depth = 0
        base = [0]
        pending = 0
        current = None
        attribute = 0
        inner = 0
        for line in path.read_text().splitlines():
            stripped = line.strip()
            change = depth_changes(line, state)
            if current is None and (inner or stripped.startswith("#![")):
                # A module's inner attribute (`#![doc]`, the allowed lints): the header's part.
                inner += stripped.count("[") - stripped.count("]")
                counts[HEADER] = counts.get(HEADER, 0) + 1 + pending
                pending = 0
                depth += change
                continue
            if current is None and (attribute or stripped.startswith("#[")):
                # An attribute, on one line or several (`#[derive(⏎ …⏎ )]`): it belongs to the
                # item that follows.
                attribute += stripped.count("[") - stripped.count("]")
                pending += 1
                depth += change
                continue
            if current is None:
                if depth == base[-1] and re.match(r"(pub )?mod \w+ \{$", stripped):
                    counts["module plumbing (uses, modules, re-exports)"] = (
                        counts.get("module plumbing (uses, modules, re-exports)", 0) + 1 + pending
                    )
                    pending = 0
                    depth += change
                    base.append(depth)
                    continue
                if depth == base[-1] and stripped == "}" and len(base) > 1:
                    base.pop()
                    depth += change
                    counts["module plumbing (uses, modules, re-exports)"] += 1
                    continue
                if (
                    not stripped
                    or stripped.startswith(("#", "//", "///", "//!"))
                    or stripped.startswith(")]")
                    or not re.match(r"[A-Za-z_:]", stripped)
                ):
                    pending += 1
                    depth += change
                    continue
                current = category(stripped, path)
            counts[current] = counts.get(current, 0) + 1 + pending
            pending = 0
            depth += change
            if depth == base[-1] and state[0] is None and (stripped.endswith(("}", ";", ");"))):
                current = None
        if pending:
            counts[HEADER] = counts.get(HEADER, 0) + pending


def report_volume(label, paths):
    lines, types = lines_of(paths), types_of(paths)
    print(f"{label}: {lines} lines, {types} types, {lines / types:.1f} lines per type")


def report_categories(label, paths):
    counts = {}
    classify(paths, counts)
    total = sum(counts.values())
    print(f"\nWhere the lines of {label} go ({total} lines):")
    for name, count in sorted(counts.items(), key=lambda kv: -kv[1]):
        print(f"  {count:7d}  {100 * count / total:5.1f}%  {name}")


def main():
    generated = sorted((root / "generated").glob("*.rs"))
    snapshots = sorted((root / "tests" / "snapshots").glob("*.rs"))
    report_volume("generated/", generated)
    report_volume("snapshot corpus (tests/snapshots)", snapshots)
    with tempfile.TemporaryDirectory() as work:
        work = pathlib.Path(work)
        defs = work / "one"
        defs.mkdir()
        (defs / "one.yaml").write_text(
            "title: One\ntype: object\nrequired: [id]\nproperties:\n  id: { type: string }\n"
        )
        out = generate(defs, work / "one-out")
        module = lines_of([p for p in out if p.name == "one.rs"])
        print(f"one-field definition: {module} lines in its module, {lines_of(out)} with mod.rs")

        schemas = root / "tests" / "fixtures" / "realworld" / "typify" / "schemas"
        ours_total = 0
        print("\ntypify's test schemas, each alone: fusion-gen lines / typify lines")
        for schema in sorted(schemas.glob("*.json")):
            defs = work / "typify" / schema.stem
            defs.mkdir(parents=True)
            (defs / schema.name).write_text(schema.read_text())
            ours = lines_of(generate(defs, work / "typify-out" / schema.stem))
            ours_total += ours
            theirs = TYPIFY[schema.stem]
            print(f"  {schema.stem:32s} {ours:6d} / {theirs:6d}  ({ours / theirs:.2f}x)")
        typify_total = sum(TYPIFY.values())
        print(f"  {'total':32s} {ours_total:6d} / {typify_total:6d}  ({ours_total / typify_total:.2f}x)")
    report_categories("generated/", generated)
    report_categories("the snapshot corpus", snapshots)


main()
