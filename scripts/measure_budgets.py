#!/usr/bin/env python3
"""The generator's budget table (issue 10): time, peak memory and output size of
`fusion-gen` (release) on large definitions, written to a temporary folder.

    cargo build --release -p fusion-gen && python3 scripts/measure_budgets.py [label words…]
    python3 scripts/measure_budgets.py --write-wide N FOLDER   # the N-property definition alone

Each row is one run of `target/release/fusion-gen <in> -o <out>` under `/usr/bin/time -v`.
Shapes: a presenter with N static rules; a 50 MB definition as 25,000 properties with 2 KB
descriptions each; a 50 MB definition as 5 MB of rules and 45 MB of one description; N copies
of the billing example's tool and its invoice and client presenters (rules with conditions, computed
values, UI blocks, a cross-file `$ref`), each copy in a folder of its own; and the repository's
own snapshot corpus (`tests/corpus/*`, every folder at once).
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


def single(definition):
    return {"def.json": json.dumps(definition)}


def billing_copies(n):
    """n copies of the billing tool and its invoice and client presenters, the tool of each
    copy renamed (`billing0007`) and the suggestions naming its actions."""
    files = {}
    for name in ("billing.tool.yaml", "invoice.yaml", "client.yaml"):
        text = (root / "schemas" / "billing" / name).read_text()
        for i in range(n):
            copy = text.replace("name: billing\n", f"name: billing{i:04}\n")
            files[f"p{i:04}/{name}"] = copy.replace("action: billing.", f"action: billing{i:04}.")
    return files


def snapshot_corpus():
    corpus = root / "tests" / "corpus"
    return {
        str(p.relative_to(corpus)): p.read_text()
        for p in sorted(corpus.rglob("*"))
        if p.is_file() and p.suffix in (".yaml", ".yml", ".json")
    }


cases = [
    ("10,000 rules", single(rules(10_000))),
    ("100,000 rules", single(rules(100_000))),
    ("200,000 rules", single(rules(200_000))),
    ("1,000 properties, 2 KB descriptions", single(wide(1_000, 2_000))),
    ("5,000 properties, 2 KB descriptions", single(wide(5_000, 2_000))),
    ("50 MB: 25,000 properties, 2 KB descriptions", single(wide(25_000, 2_000))),
    ("82 MB: 40,000 properties, 2 KB descriptions", single(wide(40_000, 2_000))),
    ("50 MB: one description", single(long_description(50_000_000))),
    ("the snapshot corpus (tests/corpus)", snapshot_corpus()),
    ("99 definitions (33 billing tools, each with its 2 presenters)", billing_copies(33)),
    ("999 definitions (333 billing tools and presenters)", billing_copies(333)),
    ("1,998 definitions (666 billing tools and presenters)", billing_copies(666)),
]
if sys.argv[1:2] == ["--write-wide"]:
    # The definition the property rows measure, written to a folder for a profiler or by hand.
    folder = pathlib.Path(sys.argv[3])
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "def.json").write_text(single(wide(int(sys.argv[2]), 2_000))["def.json"])
    sys.exit(0)
only = sys.argv[1:]

print("| input | input size | time | peak memory | output size |")
print("|---|---:|---:|---:|---:|")
for label, files in cases:
    if only and not any(word in label for word in only):
        continue
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        for name, text in files.items():
            (tmp / "in" / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp / "in" / name).write_text(text)
        size = sum(len(text.encode()) for text in files.values())
        run = subprocess.run(
            # The 40,000-property file is past the default 64 MiB file size limit.
            ["/usr/bin/time", "-v", str(binary), str(tmp / "in"), "-o", str(tmp / "out"),
             "--max-file-size", "200000000"],
            capture_output=True, text=True,
        )
        if run.returncode != 0:
            print(run.stderr[-2000:], file=sys.stderr)
            sys.exit(f"{label}: exit {run.returncode}")
        wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", run.stderr)
        seconds = int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))
        peak_kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", run.stderr).group(1))
        out = sum(p.stat().st_size for p in (tmp / "out").rglob("*") if p.is_file())
        print(f"| {label} | {size / 1e6:.2f} MB | {seconds:.2f} s | {peak_kb / 1024:.0f} MB | {out / 1e6:.1f} MB |")
        sys.stdout.flush()
