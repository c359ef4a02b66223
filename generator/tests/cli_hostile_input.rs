//! The command on hostile or unusual input (issue 10): a typo far along a long minified line,
//! nesting at and past the depth budget, bytes that are not UTF-8. Each is a clear error with an
//! exit code, never a panic, and never a diagnostic that prints a huge line whole.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use tempfile::TempDir;

use crate::common;
use common::{assert_exit, stderr};

/// Runs `fusion-gen schemas -o out` in `dir`.
fn generate(dir: &Path) -> Output {
    generate_with(dir, &[])
}

/// Runs `fusion-gen schemas -o out [extra]` in `dir`.
fn generate_with(dir: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fusion-gen"))
        .current_dir(dir)
        .args(["schemas", "-o", "out"])
        .args(extra)
        .output()
        .expect("fusion-gen runs")
}

/// A project whose `schemas/` holds one file.
fn project(name: &str, contents: &[u8]) -> TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::create_dir_all(dir.path().join("schemas")).expect("mkdir");
    fs::write(dir.path().join("schemas").join(name), contents).expect("write");
    dir
}

/// A one-line minified definition of about 70 KB whose last property has the type `strnig`.
fn minified_with_a_typo() -> String {
    let mut properties: Vec<String> = (0..2_500)
        .map(|i| format!("\"field_{i:05}\":{{\"type\":\"string\"}}"))
        .collect();
    properties.push("\"last\":{\"type\":\"strnig\"}".into());
    format!(
        "{{\"title\":\"Wide\",\"type\":\"object\",\"properties\":{{{}}}}}",
        properties.join(",")
    )
}

#[test]
fn a_typo_past_column_65535_of_a_minified_file_is_reported_cut_not_a_panic() {
    let text = minified_with_a_typo();
    assert!(text.len() > 70_000 && !text.contains('\n'));
    let dir = project("wide.json", text.as_bytes());
    let output = generate(dir.path());
    assert_exit(&output, 3);
    let err = stderr(&output);
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.contains("strnig"), "{err}");
    let column = text.find("\"strnig\"").expect("typo") + 1;
    assert!(column > 65_535);
    assert!(err.contains(&format!("wide.json:1:{column}")), "{err}");
    assert!(err.len() < 4_000, "the line is cut: {} bytes", err.len());
    assert!(err.contains('…'), "{err}");
    assert!(!dir.path().join("out").exists(), "nothing is written");
}

/// `depth` nested object schemas, each under `properties` (two YAML levels a schema).
fn nested_objects(depth: usize) -> String {
    let mut text = String::from("title: Deep\ntype: object\n");
    let mut indent = String::new();
    for level in 0..depth {
        text.push_str(&format!("{indent}properties:\n{indent}  f{level}:\n"));
        indent.push_str("    ");
        text.push_str(&format!("{indent}type: object\n"));
    }
    text.push_str(&format!(
        "{indent}properties:\n{indent}  leaf: {{ type: string }}\n"
    ));
    text
}

#[test]
fn nesting_of_48_types_generates_and_of_a_hundred_and_two_hundred_is_refused() {
    let dir = project("deep.yaml", nested_objects(47).as_bytes());
    let output = generate(dir.path());
    assert_exit(&output, 0);
    let module = fs::read_to_string(dir.path().join("out/deep.rs")).expect("generated");
    assert!(module.contains("f46"));
    // Read whole by the loader, but code rustc could not compile (tests/deep_definitions.rs).
    for depth in [100, 200] {
        let dir = project("deep.yaml", nested_objects(depth).as_bytes());
        let output = generate(dir.path());
        assert_exit(&output, 3);
        let err = stderr(&output);
        assert!(
            err.contains(&format!("`Deep` nests {} generated types", depth + 1)),
            "{err}"
        );
    }
}

#[test]
fn nesting_past_the_depth_budget_is_a_budget_error_naming_the_budget() {
    let dir = project("deep.yaml", nested_objects(300).as_bytes());
    let output = generate(dir.path());
    assert_exit(&output, 3);
    let err = stderr(&output);
    assert!(
        err.contains("the file nests deeper than the depth budget `max_depth`")
            && err.contains("512 levels"),
        "{err}"
    );
    assert!(!err.contains("not valid YAML"), "{err}");
    assert!(err.contains("$defs"), "the help says how to flatten: {err}");
    let unwrapped: String = err.split_whitespace().collect();
    assert!(
        unwrapped.contains("`--max-depth`"),
        "the help names the setting: {err}"
    );
    // Raised, the same file is read, and refused for its chain of types instead.
    let output = generate_with(dir.path(), &["--max-depth", "700"]);
    assert_exit(&output, 3);
    assert!(stderr(&output).contains("`Deep` nests 301 generated types"));
}

#[test]
fn a_ten_thousand_deep_flow_line_is_a_budget_error_and_is_not_printed_whole() {
    let text = format!(
        "{{\"title\":\"Deep\",\"type\":\"object\",\"default\":{}{}}}",
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    let dir = project("deep.json", text.as_bytes());
    let output = generate(dir.path());
    assert_exit(&output, 3);
    let err = stderr(&output);
    assert!(err.contains("depth budget `max_depth`"), "{err}");
    // Read as JSON: the object is level 1, so the 512th `[` (column 43 + 511) goes past.
    assert!(err.contains("deep.json:1:554"), "{err}");
    assert!(err.len() < 4_000, "{} bytes", err.len());
}

#[test]
fn bytes_that_are_not_utf8_are_reported_with_their_byte_offset() {
    let mut bytes = b"title: Caf\xc3\xa9\ntype: object\ndescription: ab".to_vec();
    let offset = bytes.len();
    bytes.extend_from_slice(b"\xff\xfe rest\n");
    let dir = project("latin.yaml", &bytes);
    let output = generate(dir.path());
    assert_exit(&output, 4);
    let err = stderr(&output);
    assert!(err.contains("latin.yaml"), "{err}");
    assert!(
        err.contains(&format!(
            "not UTF-8: byte 0xff at byte offset {offset} (line 3, column 16)"
        )),
        "{err}"
    );
}

/// Found by the `load` fuzz target (fuzz/regressions/load/cr-line-breaks): lines separated by a
/// lone `\r` are lines to YAML (the loader reports the line YAML counts, past the file's `\n`
/// count); the diagnostic still renders, with its fix and its location, instead of panicking.
/// The second run of the target (fuzz/regressions/load/cr-runs-not-valid-yaml) found the
/// snippet, and with it the file name, missing: the snippet looked for `\n` line breaks only.
#[test]
fn carriage_return_line_breaks_are_reported_without_a_panic() {
    let text = "title: Cr\rtype: object\rproperties:\r  id: { type: strnig }\r";
    let dir = project("cr.yaml", text.as_bytes());
    let output = generate(dir.path());
    assert_exit(&output, 3);
    let err = stderr(&output);
    assert!(
        err.contains("unknown type `strnig`") && err.contains("did you mean `string`?"),
        "{err}"
    );
    assert!(err.contains("cr.yaml:4:"), "{err}");
    assert!(err.contains("id: { type: strnig }"), "{err}");
}

/// An OpenAPI 3.0 document in JSON with `components` schemas, each an object of a few fields.
fn openapi(components: usize) -> String {
    let schemas: Vec<String> = (0..components)
        .map(|i| {
            format!(
                "\"Thing{i}\": {{\"type\": \"object\", \"description\": \"Thing number {i} of \
                 the API, with a description long enough to be realistic.\", \"required\": \
                 [\"id\"], \"properties\": {{\"id\": {{\"type\": \"integer\"}}, \"name\": \
                 {{\"type\": \"string\", \"maxLength\": 100}}, \"state\": {{\"type\": \
                 \"string\", \"enum\": [\"open\", \"closed\"]}}, \"owner\": {{\"$ref\": \
                 \"#/components/schemas/Thing{}\"}}}}}}",
                i / 2
            )
        })
        .collect();
    format!(
        "{{\"openapi\": \"3.0.3\", \"info\": {{\"title\": \"Big\", \"version\": \"1\"}}, \
         \"paths\": {{}}, \"components\": {{\"schemas\": {{\n{}\n}}}}}}",
        schemas.join(",\n")
    )
}

const THING_VIEW: &str = "title: ThingView\ntype: object\nallOf:\n  - $ref: 'api.json#/components/schemas/Thing7'\nx-fusion:\n  rules:\n    - text: \"Thing {id} is closed.\"\n      when: { state: closed }\n";

#[test]
fn a_json_openapi_document_of_thirty_thousand_components_loads_and_generates() {
    let text = openapi(30_000);
    assert!(text.len() > 8_000_000, "{} bytes", text.len());
    let dir = project("api.json", text.as_bytes());
    fs::write(dir.path().join("schemas/view.yaml"), THING_VIEW).expect("write");
    let output = generate(dir.path());
    assert_exit(&output, 0);
    let module = fs::read_to_string(dir.path().join("out/api.rs")).expect("api.rs");
    // Thing7 is merged into the view; its `owner`, Thing3, is a type of the module.
    assert!(
        module.contains("pub struct Thing3"),
        "the reached component is a type"
    );
}

#[test]
fn a_yaml_alias_bomb_is_refused_naming_the_node_budget_and_its_setting() {
    // Nine levels of ten aliases: 10^9 nodes from under 1 KB.
    let mut bomb = String::from(
        "title: Bomb\ntype: object\nx-bomb:\n  a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n",
    );
    for level in 1..10 {
        let items = vec![format!("*a{}", level - 1); 10].join(", ");
        bomb.push_str(&format!("  a{level}: &a{level} [{items}]\n"));
    }
    let dir = project("bomb.yaml", bomb.as_bytes());
    let output = generate(dir.path());
    assert_exit(&output, 3);
    let err = stderr(&output);
    assert!(err.contains("node budget `max_nodes`"), "{err}");
    let unwrapped: String = err.split_whitespace().collect();
    assert!(unwrapped.contains("`--max-nodes`"), "{err}");
    assert!(err.contains("1 error in the definitions"), "{err}");
}

#[test]
fn an_unreadable_document_is_one_error_not_one_per_field_its_presenter_names() {
    // The document is cut short: it cannot be read at all.
    let text = openapi(3);
    let dir = project("api.json", &text.as_bytes()[..text.len() - 10]);
    fs::write(
        dir.path().join("schemas/view.yaml"),
        THING_VIEW.replace("Thing7", "Thing1"),
    )
    .expect("write");
    let output = generate(dir.path());
    assert_exit(&output, 3);
    let err = stderr(&output);
    assert!(err.contains("this file is not valid JSON"), "{err}");
    assert!(err.contains("1 error in the definitions"), "{err}");
    assert!(!err.contains("unknown field"), "{err}");
}

#[test]
fn a_json_property_name_past_yamls_key_limit_is_read() {
    let name = format!("f{}", "x".repeat(1_100));
    let text = format!(
        "{{\"title\": \"Long\", \"type\": \"object\", \"properties\": {{\"{name}\": {{\"type\": \"strnig\"}}}}}}"
    );
    let dir = project("long.json", text.as_bytes());
    let output = generate(dir.path());
    // Read: the error is the one inside, not "not valid JSON".
    assert_exit(&output, 3);
    let err = stderr(&output);
    assert!(!err.contains("not valid"), "{err}");
    assert!(err.contains("strnig"), "{err}");
}

#[test]
fn a_huge_bad_value_is_quoted_cut_in_the_message() {
    let text = format!(
        "{{\"title\": \"A\", \"type\": \"object\", \"properties\": {{\"x\": {{\"type\": \"{}\"}}}}}}",
        "s".repeat(70_000)
    );
    let dir = project("a.json", text.as_bytes());
    let output = generate(dir.path());
    assert_exit(&output, 3);
    let err = stderr(&output);
    assert!(err.contains(&format!("`{}…`", "s".repeat(80))), "{err}");
    assert!(err.len() < 4_000, "{} bytes", err.len());
}

#[test]
fn a_definition_larger_than_the_file_size_limit_is_refused_naming_the_setting() {
    let dir = project(
        "a.yaml",
        b"title: A\ntype: object\nproperties:\n  id: { type: string }\n",
    );
    let output = generate_with(dir.path(), &["--max-file-size", "20"]);
    assert_exit(&output, 4);
    let err = stderr(&output);
    assert!(err.contains("a.yaml"), "{err}");
    assert!(err.contains("more than the 20 bytes"), "{err}");
    let unwrapped: String = err.split_whitespace().collect();
    assert!(unwrapped.contains("`--max-file-size`"), "{err}");
    assert_exit(&generate(dir.path()), 0);
}

/// A definition (or a vendor's description) whose keys hold an escape sequence and a direction
/// override: the command's report shows them escaped, so the terminal is neither recoloured,
/// cleared nor made to show the line reordered.
#[test]
fn escape_sequences_and_direction_controls_reach_the_terminal_escaped() {
    let definition =
        "title: Row\ntype: object\nproperties:\n  \"id\\e[2J\\u202Ex\":\n    type: strnig\n";
    let dir = project("row.yaml", definition.as_bytes());
    let output = generate(dir.path());
    assert_exit(&output, 3);
    let err = stderr(&output);
    assert!(err.contains("strnig"), "{err}");
    assert!(!err.contains(['\u{1b}', '\u{202e}']), "{err:?}");
    assert!(err.contains(r"id\u{1b}[2J\u{202e}x"), "{err}");
}
