//! The checked-in outputs are what the generator produces today: `generated/` from `schemas/`,
//! the meta-schema from the definition types. A stale file fails here with the command to run.

use std::path::{Path, PathBuf};

use fusion_gen::{
    DEFAULT_MAX_FILE_BYTES, Layout, Options, diff_output, generate, read_definitions_with,
};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ sits in the workspace")
        .to_path_buf()
}

#[test]
fn generated_folder_matches_the_example_schemas() {
    let root = workspace();
    let (sources, _) = read_definitions_with(&root.join("schemas"), DEFAULT_MAX_FILE_BYTES)
        .expect("schemas/ is readable");
    assert!(sources.len() >= 3, "the example definitions are there");
    let options = Options {
        command: "fusion-gen schemas -o generated".into(),
        layout: Layout::ModuleFiles,
        ..Options::default()
    };
    let files = generate(&sources, &options).expect("the example definitions are valid");
    let changes = diff_output(&root.join("generated"), &files).expect("generated/ is readable");
    assert!(
        changes.is_empty(),
        "generated/ is stale: run `cargo run -p fusion-gen -- schemas -o generated`\n{changes:#?}"
    );
}

#[test]
fn meta_schema_is_checked_in() {
    let path = workspace()
        .join("schemas")
        .join(fusion_gen::META_SCHEMA_FILE_NAME);
    let checked_in = std::fs::read_to_string(&path).expect("schemas/presenter.schema.json exists");
    assert!(
        checked_in == fusion_gen::meta_schema_text(),
        "schemas/presenter.schema.json is stale: run `cargo run -p fusion-gen -- --print-meta-schema > schemas/presenter.schema.json`"
    );
}
