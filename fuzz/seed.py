#!/usr/bin/env python3
"""Fills fuzz/corpus/<target>/ with seeds from the repository (run from anywhere, before fuzzing).

load, generate: every definition under schemas/ and tests/corpus/.
arguments: calls of the corpus' ledger and billing tools, valid and not.
writers: one value of each type the target checks (selector byte, then a JSON array).
request: arguments of each of the target's four operations (selector byte, then JSON).
The corpora are not committed (cargo fuzz grows them); this script is how they start.
"""
import json
import pathlib

root = pathlib.Path(__file__).resolve().parent.parent
corpus = root / "fuzz" / "corpus"


def put(target, name, data):
    folder = corpus / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data if isinstance(data, bytes) else data.encode())


definitions = sorted(
    p for base in ("schemas", "tests/corpus") for p in (root / base).rglob("*")
    if p.suffix in (".yaml", ".yml", ".json") and p.name != "presenter.schema.json"
)
for i, path in enumerate(definitions):
    text = path.read_bytes()
    put("load", f"def-{i:03}", text)
    put("generate", f"def-{i:03}", text)

calls = [
    {"action": "get", "id": "c1"},
    {"action": "get", "id": 5, "extra": 1},
    {"action": "search", "status": "paid", "limit": 10, "min_amount": 1.5, "exact": True,
     "tags": ["a", "b"], "note": None, "range": {"from": "2026-01-01", "to": "2026-02-01"},
     "_select": ["id", "amount"]},
    {"action": "search", "status": "late", "limit": "ten", "range": {"to": 1}},
    {"action": "purge", "id": "x"},
    {"action": "boom"},
    {"action": "nope"},
    {"_select": ["id"]},
    [1, 2, 3],
]
for i, call in enumerate(calls):
    put("arguments", f"call-{i:02}", json.dumps(call))

person = {"name": "Ann \"A\" \\ B\n", "email": "a@b.c"}
values = {
    0: [{"id": 1, "subject": "Line\u2028break | x", "priority": "urgent", "opened_by": person,
         "assignee": None, "tags": ["a,b", "", " x "],
         "messages": [{"author": person, "body": "</x>\t", "sent_at": "2026-01-01T00:00:00Z",
                       "internal": False}],
         "escalation": {"level": -3, "reason": None}}],
    1: [{"id": "INV-1", "amount_cents": -9007199254740993, "status": "paid", "due": "2026-01-01",
         "paid_at": None, "tax_rate": 0.075,
         "client": {"id": "c1", "name": "Acme", "email": "x@y.z", "tier": "pro"},
         "lines": [{"sku": "A-1", "quantity": 2, "unit_cents": 150,
                    "discount": {"percent": 12.5, "reason": "loyal"}}]}],
    2: [{"id": 7, "value": 1e21, "note": "n", "comment": None, "place": {"lat": -0.0, "lon": None},
         "samples": [1, None, 3], "flags": [True, False], "level": "high"}],
    3: [{"first-name": "F", "2fa": True, "with space": 1, "a.b": "x", "UPPER": "U",
         "camelCase": "c", "quo\"te": "q", "back\\slash": "b", "tab\tkey": "t"}],
    4: [{"label": "root", "children": [{"label": "a", "children": []}],
         "parent": {"label": "p", "children": []}}],
    5: [{"name": "g", "start": {"id": 1, "next": {"weight": 0.5, "back": {"id": 2},
                                                  "many": [{"id": 3}]}}}],
}
for which, items in values.items():
    put("writers", f"value-{which}", bytes([which]) + json.dumps(items).encode())
requests = {
    0: [{"petId": ".."}, {"petId": "a/b"}, {"petId": ["x", "y"]}],
    1: [{"owner": "o", "repo": "r", "labels": ["a", "b"], "ids": [1, 2], "X-Trace": "t"}],
    2: [{"stem": ".", "ext": "."}, {"stem": "a", "ext": ".json"}],
    3: [{"owner": "x", "dry": True, "body": {"a": [1]}}],
}
for which, calls in requests.items():
    for index, call in enumerate(calls):
        put("request", f"call-{which}-{index}", bytes([which]) + json.dumps(call).encode())
print(f"seeded {corpus}")
