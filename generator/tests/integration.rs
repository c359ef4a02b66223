//! Every integration test of the generator, as one binary: one link instead of one per file.

mod common;

mod argument_types;
mod assertion_diagnostics;
mod behaviour_diagnostics;
mod bounds_diagnostics;
mod builder;
mod cli;
mod cli_diagnostics_once;
mod cli_files;
mod cli_hostile_input;
mod cli_init;
mod cli_lock;
mod cli_output_folder;
mod composition_diagnostics;
mod computed_diagnostics;
mod deep_definitions;
mod diagnostics;
mod explained_diagnostics;
mod extends_diagnostics;
mod hostile_text;
mod memory_budget;
mod openapi_diagnostics;
mod operations;
mod paging;
mod public_surface;
mod published_schemas;
mod snapshots;
mod static_text_diagnostics;
mod template_contexts;
mod tokens_cli;
mod tool_diagnostics;
mod union_presenter_diagnostics;

/// Every test file of this folder is a module above: cargo no longer finds them on its own
/// (`autotests = false`), so a file left out would silently never run.
#[test]
fn every_test_file_is_a_module_of_this_binary() {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let declared = include_str!("integration.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(folder).expect("the tests folder") {
        let name = entry
            .expect("an entry")
            .file_name()
            .into_string()
            .expect("a UTF-8 name");
        if let Some(module) = name.strip_suffix(".rs")
            && module != "integration"
            && !declared.contains(&format!("\nmod {module};\n"))
        {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "add `mod …;` to tests/integration.rs for {missing:?}"
    );
}
