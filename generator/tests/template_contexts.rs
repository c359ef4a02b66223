//! What a template may splice: tokens, identifiers, literals and other typed pieces that print
//! themselves as Rust (`generator/src/emit/code.rs`), and text from definitions only as
//! `CommentText`, made safe for a doc line. A `String` field in a template's context is how an
//! action's name once put `pub fn injected() {}` into a generated module; this test reads the
//! emitter's structs and fails on a new one.

use std::fs;
use std::path::Path;

/// Text fields that are not text from definitions: each with the reason it may stay text.
const ALLOWED: &[(&str, &str)] = &[
    // Files and settings the engine returns or takes; no template reads them.
    ("mod.rs", "path"),
    ("mod.rs", "contents"),
    ("mod.rs", "command"),
    ("mod.rs", "runtime_path"),
    // A module's body, already printed by the formatter from tokens.
    ("view.rs", "body"),
    // The generator's own list of allowed lints (`emit/lints.rs`).
    ("view.rs", "allowed_lints"),
];

#[test]
fn template_contexts_hold_no_raw_text() {
    let emit = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/emit");
    let mut found = Vec::new();
    for entry in fs::read_dir(&emit).expect("src/emit") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let source = fs::read_to_string(&path).expect("source");
        for (number, line) in source.lines().enumerate() {
            let Some((name, ty)) = line
                .trim_start()
                .strip_prefix("pub ")
                .and_then(|rest| rest.split_once(": "))
            else {
                continue;
            };
            let is_field = name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                && line.trim_end().ends_with(',');
            let is_text = ["String", "str", "Cow<"].iter().any(|t| ty.contains(t));
            if is_field && is_text && !ALLOWED.contains(&(file.as_str(), name)) {
                found.push(format!("src/emit/{file}:{}: {}", number + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "text fields in the emitter's structs (use the typed pieces of emit/code.rs, or \
         CommentText for a definition's text in a doc line):\n{}",
        found.join("\n")
    );
}

/// The scan sees the fields it is meant to: an allowed one, so it cannot pass by reading
/// nothing.
#[test]
fn the_scan_reads_the_emitter() {
    let view = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/emit/view.rs"))
        .expect("view.rs");
    assert!(
        view.lines()
            .any(|l| l.trim() == "pub allowed_lints: String,")
    );
}
