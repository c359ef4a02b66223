//! The official TOON encode fixtures (spec v4.1.1, copied into `tests/fixtures/toon/encode/`),
//! every case byte for byte, plus the wire-format §11 goldens.

use std::fs;
use std::path::{Path, PathBuf};

use fusion_runtime::toon::{Delimiter, TOON_SPEC_VERSION, ToonOptions, encode_value};
use serde_json::{Value, json};

/// The fixture set holds exactly this many cases; a different count means files went missing or
/// the set changed, and either must be noticed.
const EXPECTED_CASES: usize = 179;

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/toon/encode")
}

fn options_of(case: &Value) -> ToonOptions {
    let mut options = ToonOptions::default();
    let Some(given) = case.get("options") else {
        return options;
    };
    if let Some(delimiter) = given.get("delimiter").and_then(Value::as_str) {
        options.delimiter = match delimiter {
            "," => Delimiter::Comma,
            "\t" => Delimiter::Tab,
            "|" => Delimiter::Pipe,
            other => panic!("unknown delimiter option {other:?}"),
        };
    }
    if let Some(indent) = given.get("indentSize").and_then(Value::as_u64) {
        options.indent = usize::try_from(indent).expect("indentSize fits usize");
    }
    options
}

#[test]
fn all_official_encode_fixtures_pass_byte_for_byte() {
    let mut files: Vec<PathBuf> = fs::read_dir(fixture_dir())
        .expect("fixture directory is readable")
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();

    let mut run = 0;
    let mut failures = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("fixture is readable");
        let suite: Value = serde_json::from_str(&text).expect("fixture is JSON");
        let file_name = file.file_name().unwrap_or_default().to_string_lossy();
        for case in suite["tests"].as_array().expect("a tests array") {
            run += 1;
            let name = case["name"].as_str().unwrap_or("<unnamed>");
            let expected = case["expected"].as_str().expect("expected text");
            let actual = encode_value(&case["input"], &options_of(case));
            if actual != expected {
                failures.push(format!(
                    "{file_name} / {name}\n  expected: {expected:?}\n  actual:   {actual:?}"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {run} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(run, EXPECTED_CASES, "number of fixture cases run");
}

#[test]
fn wire_format_section_11_goldens() {
    let pipe = ToonOptions::pipe();
    let rows = json!([
        {"id": 1, "name": "Alice", "email": "a@x.io"},
        {"id": 2, "name": "Bob", "email": "b@x.io"}
    ]);
    assert_eq!(
        encode_value(&rows, &pipe),
        "[2|]{id|name|email}:\n  1|Alice|a@x.io\n  2|Bob|b@x.io"
    );
    let item = json!({
        "id": 1,
        "title": "Test, with comma|pipe",
        "done": false,
        "tags": ["a", "b"],
        "nested": {"x": 1}
    });
    assert_eq!(
        encode_value(&item, &pipe),
        "id: 1\ntitle: \"Test, with comma|pipe\"\ndone: false\ntags[2|]: a|b\nnested:\n  x: 1"
    );
    assert_eq!(encode_value(&json!({}), &pipe), "");
    assert_eq!(encode_value(&json!([]), &pipe), "[]");
}

#[test]
fn tool_description_table_from_section_11() {
    let actions = json!([
        {"action": "list", "desc": "List all items", "required": ""},
        {"action": "create", "desc": "Create, an | item", "required": "title"}
    ]);
    assert_eq!(
        encode_value(&actions, &ToonOptions::pipe()),
        "[2|]{action|desc|required}:\n  list|List all items|\"\"\n  create|\"Create, an | item\"|title"
    );
}

#[test]
fn declares_the_spec_version() {
    assert_eq!(TOON_SPEC_VERSION, "4.1");
}
