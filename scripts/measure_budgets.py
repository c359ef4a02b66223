#!/usr/bin/env python3
"""The generator's budget table (issue 10): time, peak memory and output size of
`fusion-gen` (release) on large definitions, written to a temporary folder.

    cargo build --release -p fusion-gen && python3 scripts/measure_budgets.py

Each row is one run of `target/release/fusion-gen <in> -o <out>` under `/usr/bin/time -v`.
Shapes: a presenter with N static rules; a 50 MB definition as 25,000 properties with 2 KB
descriptions each; a 50 MB definition as 5 MB of rules and 45 MB of one description.
"""
import json
import pathlib
import re
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
binary = root / "target" / "release" / "fusion-gen"


def rules(n):
    return {
        "title": "Ruled",
        "type": "object",
        "properties": {"id": {"type": "string"}},
        "x-fusion": {"rules": [f"Rule number {i}: amounts are in cents." for i in range(n)]},
    }


def wide(properties, description_bytes):
    text = ("Describes the field. " * (description_bytes // 21 + 1))[:description_bytes]
    return {
        "title": "Wide",
        "type": "object",
        "properties": {f"field_{i}": {"type": "string", "description": text} for i in range(properties)},
    }


def long_description(total_bytes):
    return {
        "title": "Described",
        "description": "x" * total_bytes,
        "type": "object",
        "properties": {"id": {"type": "string"}},
    }


cases = [
    ("10,000 rules", rules(10_000)),
    ("100,000 rules", rules(100_000)),
    ("200,000 rules", rules(200_000)),
    ("50 MB: 25,000 properties, 2 KB descriptions", wide(25_000, 2_000)),
    ("50 MB: one description", long_description(50_000_000)),
]

print("| input | input size | time | peak memory | output size |")
print("|---|---:|---:|---:|---:|")
for label, definition in cases:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        (tmp / "in").mkdir()
        text = json.dumps(definition)
        (tmp / "in" / "def.json").write_text(text)
        run = subprocess.run(
            ["/usr/bin/time", "-v", str(binary), str(tmp / "in"), "-o", str(tmp / "out")],
            capture_output=True, text=True,
        )
        if run.returncode != 0:
            print(run.stderr[-2000:], file=sys.stderr)
            sys.exit(f"{label}: exit {run.returncode}")
        wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", run.stderr)
        seconds = int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))
        peak_kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", run.stderr).group(1))
        out = sum(p.stat().st_size for p in (tmp / "out").rglob("*") if p.is_file())
        print(f"| {label} | {len(text) / 1e6:.1f} MB | {seconds:.2f} s | {peak_kb / 1024:.0f} MB | {out / 1e6:.1f} MB |")
        sys.stdout.flush()
