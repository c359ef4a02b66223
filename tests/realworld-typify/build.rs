//! Generates every schema of `tests/fixtures/realworld/typify/schemas/`, each alone (as typify's
//! own tests read them, one type space per file), with `fusion_gen::Builder`, into one module per
//! schema (`reflexive.json` → `reflexive_json`, which holds the generated `reflexive` module and
//! its re-exports); then writes `typify.rs`, which declares those modules and lists them in
//! `GENERATED`.
//!
//! A schema that stops generating fails the build; `tests/corpus.rs` checks that every schema of
//! the folder is generated, with exactly the warnings it should get.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo");
    let schemas = Path::new(&manifest).join("../fixtures/realworld/typify/schemas");
    let out = std::env::var("OUT_DIR").expect("set by cargo");
    let out = Path::new(&out);
    println!("cargo:rerun-if-changed={}", schemas.display());
    let mut stems: Vec<String> = fs::read_dir(&schemas)
        .expect("the corpus folder")
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .map(|path| {
            path.file_stem()
                .expect("a name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    stems.sort();
    let mut modules = String::from("// One module per generated schema of the typify corpus.\n");
    let mut generated = Vec::new();
    for stem in &stems {
        // A folder of its own: the generator reads folders, and each schema is its own world.
        let input = out.join("input").join(stem);
        fs::create_dir_all(&input).expect("create the input folder");
        let file = format!("{stem}.json");
        fs::copy(schemas.join(&file), input.join(&file)).expect("copy the schema");
        let module = stem.replace('-', "_");
        fusion_gen::Builder::new()
            .input(&input)
            .file_name(format!("{module}.rs"))
            .emit_rerun_if_changed(false)
            // `tests/corpus.rs` checks every warning the corpus gets, exactly.
            .emit_warnings(false)
            .compile()
            .unwrap_or_else(|error| panic!("typify's `{file}` generates:\n{error}"));
        writeln!(
            modules,
            "/// Generated from typify's `{file}`.\npub mod {module}_json {{\n    include!(concat!(env!(\"OUT_DIR\"), \"/{module}.rs\"));\n}}"
        )
        .expect("a String");
        generated.push(format!("{stem:?}"));
    }
    writeln!(
        modules,
        "/// The schemas generated, by file stem.\npub const GENERATED: &[&str] = &[{}];",
        generated.join(", ")
    )
    .expect("a String");
    fs::write(out.join("typify.rs"), modules).expect("write typify.rs");
}
