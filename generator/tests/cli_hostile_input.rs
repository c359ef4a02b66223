//! The command on hostile or unusual input (issue 10): a typo far along a long minified line,
//! nesting at and past the depth budget, bytes that are not UTF-8. Each is a clear error with an
//! exit code, never a panic, and never a diagnostic that prints a huge line whole.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use tempfile::TempDir;

/// Runs `fusion-gen schemas -o out` in `dir`.
fn generate(dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fusion-gen"))
        .current_dir(dir)
        .args(["schemas", "-o", "out"])
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

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn assert_exit(output: &Output, expected: i32) {
    assert_eq!(
        output.status.code(),
        Some(expected),
        "stderr:\n{}",
        stderr(output)
    );
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
fn nesting_of_a_hundred_and_of_two_hundred_levels_generates() {
    for depth in [100, 200] {
        let dir = project("deep.yaml", nested_objects(depth).as_bytes());
        let output = generate(dir.path());
        assert_exit(&output, 0);
        let module = fs::read_to_string(dir.path().join("out/deep.rs")).expect("generated");
        assert!(module.contains(&format!("f{}", depth - 1)), "{depth}");
    }
}

#[test]
fn nesting_past_the_depth_budget_is_a_budget_error_naming_the_budget() {
    let dir = project("deep.yaml", nested_objects(300).as_bytes());
    let output = generate(dir.path());
    assert_exit(&output, 3);
    let err = stderr(&output);
    assert!(
        err.contains("the file nests deeper than the depth budget `DEPTH_BUDGET` (512 levels"),
        "{err}"
    );
    assert!(!err.contains("not valid YAML"), "{err}");
    assert!(err.contains("$defs"), "the help says how to flatten: {err}");
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
    assert!(err.contains("depth budget `DEPTH_BUDGET`"), "{err}");
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
