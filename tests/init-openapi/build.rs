//! Writes the starter definitions `fusion-gen init-openapi` writes (the same engine call,
//! `fusion_gen::init_openapi`) for each description into `OUT_DIR/<name>-starter/`, then
//! generates that folder with `fusion_gen::Builder` into `OUT_DIR/<name>.rs`: the starter
//! generates with no edit, and the crate compiling is the proof that it compiles.

use std::fs;
use std::path::Path;

/// The descriptions: module name and path relative to the crate.
const DESCRIPTIONS: &[(&str, &str)] = &[
    ("petstore", "../fixtures/operations/petstore.yaml"),
    (
        "blockfrost",
        "../../examples/blockfrost-server/schemas/blockfrost.yaml",
    ),
    // A second vendor's whole description, unedited (issue 37): Altinn's Dialogporten.
    (
        "dialogporten",
        "../fixtures/realworld/dialogporten/api/swagger.verified.json",
    ),
];

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo");
    let out = std::env::var("OUT_DIR").expect("set by cargo");
    for (name, relative) in DESCRIPTIONS {
        let path = Path::new(&manifest).join(relative);
        println!("cargo:rerun-if-changed={}", path.display());
        let text = fs::read_to_string(&path).expect("read the description");
        let file_name = path.file_name().expect("a file").to_string_lossy();
        let starter = fusion_gen::init_openapi(
            &fusion_gen::SourceFile::new(relative.to_string(), text),
            &file_name,
            &fusion_gen::Limits::default(),
            &fusion_gen::Selection::default(),
        )
        .unwrap_or_else(|errors| panic!("init-openapi reads {relative}: {errors:?}"));
        let folder = Path::new(&out).join(format!("{name}-starter"));
        let _ = fs::remove_dir_all(&folder);
        fs::create_dir_all(&folder).expect("create the starter folder");
        for (file, text) in &starter.files {
            fs::write(folder.join(file), text).expect("write a starter file");
        }
        fusion_gen::Builder::new()
            .input(&folder)
            .file_name(format!("{name}.rs"))
            .emit_rerun_if_changed(false)
            .compile()
            .unwrap_or_else(|error| panic!("the starter of {relative} generates:\n{error}"));
    }
}
