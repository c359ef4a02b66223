//! Every integration test of `fusion-tests`, as one binary: one link of the generated code and its
//! dependencies instead of one per file, which made most of a warm test run.

/// Helpers shared by several test modules.
mod common {
    pub mod render_parity;
    pub mod shape_strategies;
    pub mod toon_diff;
}

mod behaviours;
mod billing_example;
mod bound;
mod clipping;
mod composition;
mod computed;
mod emit_shapes;
mod flat;
mod freshness;
mod generated_types;
mod hostile_arguments;
mod hostile_depth;
mod hostile_values;
mod names;
mod openapi;
mod params;
mod parity_bounds;
mod parity_unions;
mod parity_validation;
mod per_item;
mod redaction;
mod render_parity;
mod render_parity_corpus;
mod roundtrip;
mod schema_defs;
mod structured;
mod tool_schemas;
mod tool_select;
mod tools;
mod toon_shapes;
mod toon_typed;
mod ui_blocks;
mod union_presenters;
mod unions;
mod wire_egress;
mod wire_extends;
mod wire_presenters;
mod wire_prompts;
mod wire_state_sync;

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
