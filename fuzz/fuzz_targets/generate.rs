//! The whole generator in memory on any definition, next to the example schemas it may `$ref`:
//! generated modules or diagnostics, never a panic. When it generates, every module is Rust that
//! parses (the format phase already requires it) and a second run gives the same bytes.
#![no_main]

use fusion_gen::{Options, SourceFile, generate};
use libfuzzer_sys::fuzz_target;

/// The example schemas, for references from the fuzzed file to resolve.
const COMPANIONS: &[(&str, &str)] = &[
    (
        "billing/client.yaml",
        include_str!("../../schemas/billing/client.yaml"),
    ),
    (
        "billing/invoice.yaml",
        include_str!("../../schemas/billing/invoice.yaml"),
    ),
    (
        "billing/invoice_row.yaml",
        include_str!("../../schemas/billing/invoice_row.yaml"),
    ),
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The first line picks the file's name, so the fuzzer reaches tool files and JSON too.
    let name = match text.as_bytes().first() {
        Some(b'{') => "billing/fuzz.json",
        Some(b'x') => "billing/fuzz.tool.yaml",
        _ => "billing/fuzz.yaml",
    };
    let mut sources: Vec<SourceFile> = COMPANIONS
        .iter()
        .map(|(path, text)| SourceFile::new(*path, *text))
        .collect();
    sources.push(SourceFile::new(name, text));
    let options = Options::default();
    match generate(&sources, &options) {
        Ok(files) => {
            for file in &files {
                assert!(file.contents.starts_with("// @generated"), "{}", file.path);
            }
            let again = generate(&sources, &options).expect("the same input generates again");
            assert!(
                files
                    .iter()
                    .zip(&again)
                    .all(|(a, b)| a.path == b.path && a.contents == b.contents),
                "the output is deterministic"
            );
        }
        Err(diagnostics) => {
            assert!(!diagnostics.0.is_empty());
            let rendered = diagnostics.render(|path| {
                sources
                    .iter()
                    .find(|s| s.path == path)
                    .map(|s| s.text.as_str())
            });
            assert!(!rendered.is_empty());
        }
    }
});
