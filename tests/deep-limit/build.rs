//! Writes one definition per shape of chain at `fusion_gen::MAX_TYPE_DEPTH` types, the
//! outermost counted, and a tool returning each, then generates them: the crate compiling is the
//! test that whatever depth the generator accepts, rustc compiles with its default recursion
//! limit (the generator's own tests show the next level refused).

use fusion_gen::MAX_TYPE_DEPTH;
use std::path::PathBuf;

const LEAF: &str = r#"{"type": "object", "properties": {"v": {"type": "string"}}}"#;

/// `types` objects, each holding the next under `c`, inline or as an array's items.
fn nested(title: &str, types: usize, array: bool) -> String {
    let mut schema = LEAF.to_owned();
    for _ in 1..types {
        let child = if array {
            format!(r#"{{"type": "array", "items": {schema}}}"#)
        } else {
            schema
        };
        schema = format!(
            r#"{{"type": "object", "properties": {{"v": {{"type": "string"}}, "c": {child}}}}}"#
        );
    }
    schema.replacen('{', &format!(r#"{{"title": "{title}", "#), 1)
}

/// A root holding `{prefix}0` and `types - 1` `$defs` entries; entry `i` holds `next(i)` under
/// each of `keys` (none for the last when `next` is `None`).
fn defs(title: &str, prefix: &str, types: usize, keys: &[&str], ring: bool) -> String {
    let entries = types - 1;
    let entry = |i: usize| {
        let next = if ring {
            Some((i + 1) % entries)
        } else {
            Some(i + 1).filter(|&n| n < entries)
        };
        let held: String = next
            .map(|n| {
                keys.iter()
                    .map(|key| format!(r##", "{key}": {{"$ref": "#/$defs/{prefix}{n}"}}"##))
                    .collect()
            })
            .unwrap_or_default();
        format!(
            r#""{prefix}{i}": {{"type": "object", "properties": {{"v": {{"type": "string"}}{held}}}}}"#
        )
    };
    let all: Vec<String> = (0..entries).map(entry).collect();
    format!(
        r##"{{"title": "{title}", "type": "object", "properties": {{"a": {{"$ref": "#/$defs/{prefix}0"}}}}, "$defs": {{{}}}}}"##,
        all.join(", ")
    )
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(std::env::var("OUT_DIR")?);
    let input = out.join("definitions");
    std::fs::create_dir_all(&input)?;
    let files = [
        ("inline.json", nested("Inline", MAX_TYPE_DEPTH, false)),
        ("arrays.json", nested("Arrays", MAX_TYPE_DEPTH, true)),
        (
            "chain.json",
            defs("Chain", "C", MAX_TYPE_DEPTH, &["a"], false),
        ),
        (
            "doubling.json",
            defs("Doubling", "W", MAX_TYPE_DEPTH, &["a", "b"], false),
        ),
        ("ring.json", defs("Ring", "R", MAX_TYPE_DEPTH, &["a"], true)),
    ];
    let mut actions = Vec::new();
    for (file, text) in &files {
        std::fs::write(input.join(file), text)?;
        let action = file.trim_end_matches(".json");
        actions.push(format!(
            r#""{action}": {{"description": "The deepest {action}", "returns": "{file}"}}"#
        ));
    }
    std::fs::write(
        input.join("deep.tool.json"),
        format!(
            r#"{{"x-fusion-tool": {{"name": "deep", "actions": {{{}}}}}}}"#,
            actions.join(", ")
        ),
    )?;
    fusion_gen::Builder::new().input(&input).compile()?;
    Ok(())
}
