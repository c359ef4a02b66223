//! Writes the shapes corpus (issue 8) into `OUT_DIR/shapes/`, generates it with
//! `fusion_gen::Builder`, and writes `cases.rs`: one test per definition whose names are known,
//! with its sample rows in `OUT_DIR/samples/`.
//!
//! The corpus is a cross product, so that code paths only some combinations reach are compiled:
//! - `One…`: every field kind (each primitive, enum, exact values, constant, nested object,
//!   arrays, tuple, maps by `additionalProperties` and `patternProperties`, untagged, tagged and
//!   merged unions, `allOf`, recursion) alone in a struct, in each presence (required, optional,
//!   optional and nullable: three states), in each data format (pretty, compact, TOON);
//! - `All…`: every kind in every presence side by side, with each behaviour in turn (rules with
//!   and without `when` and placeholders, collection rules, every UI kind, suggestions, embeds,
//!   redaction, the agent limit, computed values, data formats), and a tool with `_select`;
//! - hostile names: titles and keys that are Rust keywords or names the generated code and the
//!   runtime use (compiled only: their Rust names are the generator's to choose);
//! - hostile text: every direction control rustc denies raw in comments and literals, and a
//!   bare CR, in every text that lands in doc comments or literals (descriptions of presenters,
//!   properties, branches, elements, `$defs`, tools, actions and arguments; titles, keys, enum
//!   values, constants, patterns, defaults, censors, rules, UI, suggestions).

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use serde_json::{Map, Value, json};

/// A field kind: its name, its schema, two sample values, and the `$defs` it needs.
struct Kind {
    name: &'static str,
    schema: Value,
    a: Value,
    b: Value,
    defs: Option<(&'static str, Value)>,
}

fn nested(depth: usize) -> (Value, Value) {
    let mut schema =
        json!({"type": "object", "required": ["x"], "properties": {"x": {"type": "string"}}});
    let mut sample = json!({"x": "leaf \"deep\""});
    for _ in 0..depth {
        schema = json!({"type": "object", "required": ["inner"], "properties": {"inner": schema}});
        sample = json!({"inner": sample});
    }
    (schema, sample)
}

/// An object of ten required strings (and the tag `kind` fixed to `tag`, when given): 240 bytes
/// inline, past what a union branch may take.
fn wide(tag: Option<&str>) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    if let Some(tag) = tag {
        properties.insert("kind".into(), json!({"const": tag}));
        required.push(json!("kind"));
    }
    for i in 0..10 {
        properties.insert(format!("w{i}"), json!({"type": "string"}));
        required.push(json!(format!("w{i}")));
    }
    json!({"type": "object", "required": required, "properties": properties})
}

/// A value of [`wide`].
fn wide_sample(tag: Option<&str>) -> Value {
    let mut object = Map::new();
    if let Some(tag) = tag {
        object.insert("kind".into(), json!(tag));
    }
    for i in 0..10 {
        object.insert(format!("w{i}"), json!(format!("value \"{i}\"")));
    }
    Value::Object(object)
}

fn kinds() -> Vec<Kind> {
    let kind = |name, schema, a, b| Kind {
        name,
        schema,
        a,
        b,
        defs: None,
    };
    let (deep2, deep2_sample) = nested(2);
    let (deep6, deep6_sample) = nested(6);
    vec![
        kind(
            "Str",
            json!({"type": "string"}),
            json!("a\"b\\c\n</x>|é\u{2028}"),
            json!(""),
        ),
        kind(
            "Int",
            json!({"type": "integer"}),
            json!(-9_007_199_254_740_993_i64),
            json!(0),
        ),
        kind(
            "Int32",
            json!({"type": "integer", "format": "int32"}),
            json!(2_147_483_647),
            json!(-1),
        ),
        kind(
            "Uint64",
            json!({"type": "integer", "format": "uint64"}),
            json!(18_446_744_073_709_551_615_u64),
            json!(7),
        ),
        kind("Num", json!({"type": "number"}), json!(0.1), json!(-1e21)),
        kind(
            "Bool",
            json!({"type": "boolean"}),
            json!(true),
            json!(false),
        ),
        kind(
            "Enum",
            json!({"type": "string", "enum": ["a-b", "c d", "Self"]}),
            json!("c d"),
            json!("Self"),
        ),
        kind(
            "Date",
            json!({"type": "string", "format": "date-time"}),
            json!("2026-01-02T03:04:05Z"),
            json!("not a date"),
        ),
        kind(
            "Obj",
            json!({"type": "object", "required": ["x"], "properties": {"x": {"type": "string"}, "y": {"type": "integer"}}}),
            json!({"x": "v", "y": 2}),
            json!({"x": "w"}),
        ),
        kind("Deep2", deep2, deep2_sample.clone(), deep2_sample),
        kind("Deep6", deep6, deep6_sample.clone(), deep6_sample),
        kind(
            "ArrStr",
            json!({"type": "array", "items": {"type": "string"}}),
            json!(["a,b", ""]),
            json!([]),
        ),
        kind(
            "ArrInt",
            json!({"type": "array", "items": {"type": "integer"}}),
            json!([1, -2]),
            json!([]),
        ),
        kind(
            "ArrObj",
            json!({"type": "array", "items": {"type": "object", "properties": {"z": {"type": "number"}}}}),
            json!([{"z": 1.5}, {}]),
            json!([]),
        ),
        kind(
            "ArrArr",
            json!({"type": "array", "items": {"type": "array", "items": {"type": "boolean"}}}),
            json!([[true], []]),
            json!([]),
        ),
        kind(
            "Map",
            json!({"type": "object", "additionalProperties": {"type": "integer"}}),
            json!({"k|1": 1, "k\n2": 2}),
            json!({}),
        ),
        kind(
            "MapDeclared",
            json!({"type": "object", "properties": {"id": {"type": "string"}}, "additionalProperties": true}),
            json!({"id": "i", "extra": [1, null]}),
            json!({}),
        ),
        kind(
            "Any",
            json!({}),
            json!({"nested": [1, null, "x"]}),
            json!(null),
        ),
        kind(
            "Union",
            json!({"oneOf": [{"type": "string"}, {"type": "integer"}]}),
            json!(7),
            json!("seven"),
        ),
        kind(
            "NullEnum",
            json!({"type": ["string", "null"], "enum": ["x", "y", null]}),
            json!("x"),
            json!(null),
        ),
        kind(
            "Tagged",
            json!({"oneOf": [
                {"type": "object", "required": ["kind", "a"], "properties": {"kind": {"const": "a"}, "a": {"type": "integer"}}},
                {"type": "object", "required": ["kind", "b"], "properties": {"kind": {"const": "b"}, "b": {"type": ["string", "null"]}}}
            ]}),
            json!({"kind": "a", "a": 1}),
            json!({"kind": "b", "b": null}),
        ),
        // A branch far larger than the others (ten strings beside one string), which the
        // generator boxes so that clippy's `large_enum_variant` does not fire.
        kind(
            "BigUnion",
            json!({"oneOf": [{"type": "string"}, wide(None)]}),
            wide_sample(None),
            json!("narrow"),
        ),
        // The same, tagged, with a description whose first line ends in `;` (once followed by
        // a blank line that clippy's `empty_line_after_doc_comments` refused).
        kind(
            "BigTagged",
            json!({"description": "A wide branch or a thin one;\nthe `kind` tells which.", "oneOf": [
                wide(Some("wide")),
                {"type": "object", "required": ["kind"], "properties": {"kind": {"const": "thin"}, "t": {"type": "integer"}}}
            ]}),
            wide_sample(Some("wide")),
            json!({"kind": "thin", "t": 3}),
        ),
        kind(
            "Merged",
            json!({"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}},
            "oneOf": [
                {"required": ["a"], "properties": {"a": {"type": "integer"}}},
                {"required": ["b"], "properties": {"b": {"type": "string"}}}
            ]}),
            json!({"kind": "x", "a": 1}),
            json!({"kind": "y", "b": "s|t"}),
        ),
        kind(
            "AllOf",
            json!({"allOf": [
                {"type": "object", "required": ["x"], "properties": {"x": {"type": "string"}}},
                {"type": "object", "properties": {"y": {"type": "integer"}}}
            ]}),
            json!({"x": "v", "y": 3}),
            json!({"x": ""}),
        ),
        kind(
            "PatternMap",
            json!({"type": "object", "patternProperties": {"^k": {"type": "integer"}}}),
            json!({"k|1": 1, "k\n2": 2}),
            json!({}),
        ),
        kind(
            "Literals",
            json!({"enum": [1, "one", 2.5, true]}),
            json!(2.5),
            json!("one"),
        ),
        kind(
            "Const",
            json!({"const": "fixed \"v\""}),
            json!("fixed \"v\""),
            json!("fixed \"v\""),
        ),
        kind(
            "Tuple",
            json!({"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": false, "minItems": 2}),
            json!(["a,b", 1]),
            json!(["", -1]),
        ),
        kind(
            "Bounded",
            json!({"type": "string", "minLength": 1, "maxLength": 8, "pattern": "^[a-z|]+$"}),
            json!("ab|c"),
            json!("z"),
        ),
        Kind {
            name: "Tree",
            schema: json!({"$ref": "#/$defs/Node"}),
            a: json!({"label": "a", "next": {"label": "b"}}),
            b: json!({"label": "c"}),
            defs: Some((
                "Node",
                json!({"type": "object", "required": ["label"], "properties": {"label": {"type": "string"}, "next": {"$ref": "#/$defs/Node"}}}),
            )),
        },
    ]
}

/// A presence of a field: its name, its schema, whether it is required, and its two samples
/// (`None`: the key is absent).
type Presence = (&'static str, Value, bool, Option<Value>, Option<Value>);

/// The three presences of a field.
fn presences(kind: &Kind) -> [Presence; 3] {
    [
        (
            "Req",
            kind.schema.clone(),
            true,
            Some(kind.a.clone()),
            Some(kind.b.clone()),
        ),
        (
            "Opt",
            kind.schema.clone(),
            false,
            Some(kind.a.clone()),
            None,
        ),
        (
            "Tri",
            json!({"anyOf": [kind.schema.clone(), {"type": "null"}]}),
            false,
            Some(Value::Null),
            Some(kind.b.clone()),
        ),
    ]
}

/// The behaviours of the `All…` definitions, over the fields `id` (string) and `n` (integer).
fn behaviours() -> Vec<(&'static str, Value)> {
    vec![
        ("None", json!({})),
        ("StaticRules", json!({"rules": ["One", "Two <b>"]})),
        (
            "RuleWhen",
            json!({"rules": [{"text": "Id {id} n {n}", "when": {"n": {"gt": 0}}}, "Static"]}),
        ),
        ("RulePlaceholder", json!({"rules": ["Id {id}"]})),
        (
            "CollectionRules",
            json!({"collection-rules": ["{count} rows, {sum:n} in all"]}),
        ),
        (
            "Table",
            json!({"ui": [{"table": {"columns": ["id", "n"]}}], "collection-ui": [{"table": {"columns": ["id", "n"]}}]}),
        ),
        (
            "List",
            json!({"ui": [{"list": "{id}"}], "collection-ui": [{"list": "{id}: {n}"}]}),
        ),
        (
            "Markdown",
            json!({"ui": [{"markdown": "Static"}], "collection-ui": [{"markdown": "Also static"}]}),
        ),
        (
            "Json",
            json!({"ui": [{"json": true}], "collection-ui": [{"json": true}]}),
        ),
        (
            "Summary",
            json!({"ui": [{"summary": "{id}"}], "collection-ui": [{"summary": "{count} items"}]}),
        ),
        ("Mermaid", json!({"ui": [{"mermaid": "graph TD; A-->B"}]})),
        (
            "Code",
            json!({"ui": [{"code": {"lang": "sql", "code": "SELECT {n}"}}]}),
        ),
        (
            "Echarts",
            json!({"ui": [{"echarts": {"series": [{"type": "gauge", "data": [{"value": "{n}", "name": "{id}"}]}]}}], "collection-ui": [{"echarts": {"series": [{"type": "bar", "data": "{column:n}"}]}}]}),
        ),
        (
            "Titled",
            json!({"ui": [{"markdown": "x", "title": "Of {id}", "width": "half", "priority": 2}]}),
        ),
        (
            "Suggest",
            json!({"suggestions": [{"action": "shapes.get", "reason": "Again"}]}),
        ),
        (
            "SuggestWhen",
            json!({"suggestions": [{"action": "shapes.get", "reason": "Look at {id}", "when": {"n": {"lt": 0}}}]}),
        ),
        (
            "CollectionSuggest",
            json!({"collection-suggestions": [{"action": "shapes.list", "reason": "{count} found"}]}),
        ),
        ("Limit", json!({"agent-limit": 1})),
        (
            "LimitSummary",
            json!({"agent-limit": {"max": 1, "summary": "Showing {shown} of {total} ({hidden} hidden)"}}),
        ),
        ("Compact", json!({"data-format": "compact"})),
        ("Toon", json!({"data-format": "toon"})),
        (
            "Computed",
            json!({"rules": ["N is {n | divide: 100 | round: 2}, {n | percent: 1}"], "collection-rules": ["{sum:n | multiply: 2}"]}),
        ),
        ("Directives", json!({"directives": ["Be brief"]})),
        (
            "Everything",
            json!({
                "rules": ["Static", {"text": "Id {id}", "when": {"n": {"gte": 1}}}],
                "collection-rules": ["{count} rows"],
                "ui": [{"table": {"columns": ["id"]}}, {"list": "{n}"}],
                "collection-ui": [{"summary": "{count}"}],
                "suggestions": [{"action": "shapes.get", "reason": "{id}"}],
                "agent-limit": {"max": 1, "summary": "{shown}/{total}"},
                "data-format": "toon"
            }),
        ),
    ]
}

/// How the test checks the data block against serde.
#[derive(Clone, Copy)]
enum Data {
    Pretty,
    Compact,
    Toon,
}

struct Case {
    file: String,
    title: String,
    samples: Vec<Value>,
    data: Data,
    /// The agent limit cuts the collection: only the item's data block is compared.
    limited: bool,
    /// A censor stands for some values: the rows do not read back whole.
    redacted: bool,
}

fn data_of(behaviour: &Value) -> Data {
    match behaviour.get("data-format").and_then(Value::as_str) {
        Some("compact") => Data::Compact,
        Some("toon") => Data::Toon,
        _ => Data::Pretty,
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out = std::env::var("OUT_DIR").expect("OUT_DIR");
    let out = Path::new(&out);
    let schemas = out.join("shapes");
    let samples = out.join("samples");
    for dir in [&schemas, &samples] {
        let _ = fs::remove_dir_all(dir);
        fs::create_dir_all(dir).expect("create the corpus folders");
    }
    let mut cases: Vec<Case> = Vec::new();
    let write = |name: &str, value: &Value| {
        fs::write(
            schemas.join(name),
            serde_json::to_string_pretty(value).expect("JSON"),
        )
        .expect("write a definition");
    };

    // One kind, one presence, one data format.
    for kind in kinds() {
        for (presence, schema, required, a, b) in presences(&kind) {
            for (format, data) in [
                ("Pretty", Data::Pretty),
                ("Compact", Data::Compact),
                ("Toon", Data::Toon),
            ] {
                let title = format!("One{}{presence}{format}", kind.name);
                let mut definition = json!({
                    "title": title,
                    "type": "object",
                    "properties": {"v": schema},
                    "x-fusion": {"data-format": format.to_lowercase()},
                });
                if required {
                    definition["required"] = json!(["v"]);
                }
                if let Some((name, def)) = &kind.defs {
                    definition["$defs"] = json!({ *name: def });
                }
                let row = |value: &Option<Value>| match value {
                    Some(v) => json!({"v": v}),
                    None => json!({}),
                };
                let file = format!("one_{}_{}_{}", kind.name, presence, format).to_lowercase();
                write(&format!("{file}.json"), &definition);
                cases.push(Case {
                    file,
                    title,
                    samples: vec![row(&a), row(&b)],
                    data,
                    limited: false,
                    redacted: false,
                });
            }
        }
    }

    // Every kind side by side, with one behaviour each.
    fs::write(
        schemas.join("leaf.json"),
        json!({"title": "Leaf", "type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}, "x-fusion": {"rules": ["Leaf {name}"]}}).to_string(),
    )
    .expect("write the leaf");
    let mut all_behaviours = behaviours();
    all_behaviours.push(("Embed", json!({"embed": ["child"]})));
    all_behaviours.push(("Redacted", json!({})));
    for (name, behaviour) in &all_behaviours {
        let mut properties = Map::new();
        properties.insert(
            "id".into(),
            json!({"type": "string", "description": "The id."}),
        );
        properties.insert("n".into(), json!({"type": "integer"}));
        let mut required = vec![json!("id"), json!("n")];
        let mut defs = Map::new();
        let mut rows = [Map::new(), Map::new()];
        rows[0].insert("id".into(), json!("i|1\n"));
        rows[0].insert("n".into(), json!(150));
        rows[1].insert("id".into(), json!("</domain_rules>"));
        rows[1].insert("n".into(), json!(-3));
        for kind in kinds() {
            if let Some((def_name, def)) = &kind.defs {
                defs.insert((*def_name).into(), def.clone());
            }
            for (presence, schema, is_required, a, b) in presences(&kind) {
                let key = format!("{}_{}", kind.name, presence).to_lowercase();
                properties.insert(key.clone(), schema);
                if is_required {
                    required.push(json!(key));
                }
                for (row, value) in rows.iter_mut().zip([a, b]) {
                    if let Some(value) = value {
                        row.insert(key.clone(), value);
                    }
                }
            }
        }
        if *name == "Embed" {
            properties.insert("child".into(), json!({"$ref": "leaf.json"}));
            required.push(json!("child"));
            for row in &mut rows {
                row.insert("child".into(), json!({"name": "l"}));
            }
        }
        if *name == "Redacted" {
            properties["id"]["x-fusion-redact"] = json!(true);
            properties["str_opt"]["x-fusion-redact"] = json!("***");
        }
        let title = format!("All{name}");
        let file = format!("all_{}", name.to_lowercase());
        write(
            &format!("{file}.json"),
            &json!({
                "title": title,
                "description": format!("Every field kind with the behaviour {name}."),
                "type": "object",
                "required": required,
                "properties": properties,
                "$defs": defs,
                "x-fusion": behaviour,
            }),
        );
        // Redaction writes the censor where serde's `Serialize` does too, so the data still agrees.
        cases.push(Case {
            file,
            title,
            samples: rows.into_iter().map(Value::Object).collect(),
            data: data_of(behaviour),
            limited: behaviour.get("agent-limit").is_some(),
            redacted: *name == "Redacted",
        });
    }
    write(
        "shapes.tool.json",
        &json!({"x-fusion-tool": {"name": "shapes", "select": true, "structured": true, "toon-description": true, "actions": {
            "get": {"description": "One", "input": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}, "n": {"type": "integer", "format": "int32"}}}, "returns": "all_everything.json"},
            "list": {"description": "Many", "returns": {"type": "array", "items": {"$ref": "all_none.json"}}},
            "other": {"description": "Another presenter's keys", "returns": "all_json.json"}
        }}}),
    );

    // Hostile names: compiled, not run.
    let keys = [
        "type",
        "self",
        "Self",
        "fn",
        "item",
        "builder",
        "kept",
        "total",
        "out",
        "writer",
        "value",
        "selection",
        "index",
        "super",
        "crate",
        "Context_",
        "__fusion",
        "r#x",
        "0",
        "-",
        "+1",
        "-1",
    ];
    for title in [
        "Result",
        "Box",
        "Self",
        "T",
        "C",
        "Option",
        "String",
        "Vec",
        "Default",
        "Presenter",
        "type",
        "fn",
        "Context",
        "Some",
        "None",
        "Ok",
        "Err",
        "Map",
        "Value",
        "Selection",
    ] {
        let properties: Map<String, Value> = keys
            .iter()
            .map(|&key| (key.to_owned(), json!({"type": ["string", "null"]})))
            .collect();
        write(
            &format!("hostile_{}.json", title.to_lowercase()),
            &json!({
                "title": title,
                "type": "object",
                "required": ["type", "self"],
                "properties": properties,
                "x-fusion": {
                    "rules": [{"text": "Type {type}, self {self}", "when": {"item": {"present": true}}}],
                    "ui": [{"table": {"columns": ["type", "fn", "builder"]}}],
                    "collection-rules": ["{count} of them"],
                },
            }),
        );
    }

    write_hostile_text(&write);

    fusion_gen::Builder::new()
        .input(&schemas)
        .emit_rerun_if_changed(false)
        .compile()
        .unwrap_or_else(|error| panic!("the shapes corpus generates:\n{error}"));

    let mut code = String::from(
        "// One test per shape: its sample rows through the typed writers and the presenter.\n",
    );
    for case in &cases {
        let path = samples.join(format!("{}.json", case.file));
        fs::write(&path, Value::Array(case.samples.clone()).to_string()).expect("write a sample");
        let data = match case.data {
            Data::Pretty => "Data::Pretty",
            Data::Compact => "Data::Compact",
            Data::Toon => "Data::Toon",
        };
        writeln!(
            code,
            "#[test]\nfn {file}() {{\n    check::<fusion_shapes::{title}, _>(&fusion_shapes::{title}Presenter, include_str!(concat!(env!(\"OUT_DIR\"), \"/samples/{file}.json\")), {data}, {limited}, {redacted});\n}}",
            file = case.file,
            title = case.title,
            limited = case.limited,
            redacted = case.redacted,
        )
        .expect("write to a String");
    }
    fs::write(out.join("cases.rs"), code).expect("write cases.rs");
}

/// Every direction control rustc denies raw in a comment or a literal, and the marks that as
/// invisibly reorder text. Texts carry it with a bare CR after it, which rustc refuses in a doc
/// comment (but a UI title, which must be one line).
const DIRECTION: &str = "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}\u{200E}\u{200F}\u{061C}";

/// Writes `bidi_text.json` and the tools `bidi.tool.json` (grouped) and `bidi_flat.tool.json`
/// (flat), with [`DIRECTION`] in every text a definition can put into generated Rust: the crate
/// compiles under `deny(warnings)` only if each is written escaped.
fn write_hostile_text(write: &impl Fn(&str, &Value)) {
    let text = |what: &str| json!(format!("{what} {DIRECTION}\radmin\u{2069} end"));
    write(
        "bidi_text.json",
        &json!({
            "title": "BidiText",
            "description": text("The presenter."),
            "type": "object",
            "required": ["id", "kind"],
            "properties": {
                "id": {"type": "string", "title": text("Title"), "description": text("The id."), "pattern": format!("^[^{DIRECTION}\r]*$"), "format": format!("x{DIRECTION}\r"), "default": format!("d{DIRECTION}\r")},
                "kind": {"type": "string", "description": text("The kind."), "enum": [format!("a{DIRECTION}\r"), "plain"]},
                format!("key{DIRECTION}\r"): {"type": "string", "description": text("A key.")},
                "secret": {"type": "string", "description": text("Redacted."), "x-fusion-redact": format!("*{DIRECTION}\r*")},
                "nested": {"type": "object", "description": text("Nested."), "properties": {"x": {"type": "string", "description": text("Inner.")}}},
                "node": {"$ref": "#/$defs/Node"},
                "choice": {"description": text("A union."), "oneOf": [{"type": "string", "description": text("Text.")}, {"type": "integer", "description": text("Number.")}]},
                "tagged": {"description": text("Tagged."), "oneOf": [
                    {"type": "object", "title": "TagA", "description": text("Branch a."), "required": ["kind"], "properties": {"kind": {"const": format!("a{DIRECTION}\r")}}},
                    {"type": "object", "title": "TagB", "description": text("Branch b."), "required": ["kind"], "properties": {"kind": {"const": "b"}}}
                ]},
                "pair": {"type": "array", "description": text("A tuple."), "prefixItems": [{"type": "string", "description": text("First.")}, {"type": "integer", "description": text("Second.")}], "items": false, "minItems": 2},
                "list": {"type": "array", "description": text("A list."), "items": {"type": "string", "description": text("An item.")}},
                "lits": {"description": text("Literals."), "enum": [format!("x{DIRECTION}\r"), 1, true]},
                "fixed": {"const": format!("c{DIRECTION}\r"), "description": text("A constant.")},
                "map": {"type": "object", "description": text("A map."), "additionalProperties": {"type": "integer", "description": text("A value.")}},
                "keyed": {"type": "object", "description": text("Kept keys."), "patternProperties": {format!("^k{DIRECTION}\r"): {"type": "integer"}}},
                "bounded": {"type": "integer", "description": text("Bounded."), "minimum": 0, "maximum": 9}
            },
            "$defs": {"Node": {"type": "object", "description": text("A definition."), "properties": {"label": {"type": "string", "description": text("Label.")}}}},
            "x-fusion": {
                "rules": [text("A rule."), {"text": format!("Id {{id}} {DIRECTION}\r"), "when": {"kind": "plain"}}],
                "collection-rules": [format!("{{count}} {DIRECTION}\r")],
                "ui": [{"markdown": format!("md {DIRECTION}\r"), "title": format!("t {DIRECTION}")}, {"summary": format!("{{id}} {DIRECTION}\r")}],
                "collection-ui": [{"list": format!("{{id}} {DIRECTION}\r")}],
                "suggestions": [{"action": "bidi.get", "reason": format!("why {DIRECTION}\r {{id}}")}],
                "agent-limit": {"max": 5, "summary": format!("{{shown}} of {{total}} {DIRECTION}\r")},
                "directives": [format!("be {DIRECTION}\r")]
            }
        }),
    );
    let input = json!({
        "type": "object",
        "description": text("The input."),
        "required": ["id"],
        "properties": {
            "id": {"type": "string", "description": text("The id."), "pattern": format!("^[^{DIRECTION}\r]+$"), "maxLength": 64},
            "mode": {"type": "string", "description": text("The mode."), "enum": [format!("m{DIRECTION}\r"), "plain"]},
            "flag": {"type": "boolean", "description": text("A flag."), "default": false}
        }
    });
    for (file, name, exposition) in [
        ("bidi.tool.json", "bidi", "grouped"),
        ("bidi_flat.tool.json", "bidi_flat", "flat"),
    ] {
        write(
            file,
            &json!({"x-fusion-tool": {
                "name": name,
                "title": text("Tool title."),
                "description": text("The tool."),
                "exposition": exposition,
                "toon-description": true,
                "actions": {
                    "get": {"description": text("Get one."), "input": input, "returns": "bidi_text.json", "read-only": true},
                    "list": {"description": text("List."), "returns": {"type": "array", "items": {"$ref": "bidi_text.json"}}}
                }
            }}),
        );
    }
}
