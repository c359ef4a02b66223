//! Published JSON schemas stay linear in the definitions (issue 10): a chain of types that each
//! use the next twice used to be inlined at every use, doubling the schema per level (119 MB of
//! Rust at 20 levels; 40 never finished). Shared types are now written once under `$defs`.

use fusion_gen::{Options, SourceFile, generate};
use serde_json::{Value, json};

/// `Chain.top` is `T0`; each `T{i}` has `left` and `right` of type `T{i+1}`. The tool takes a
/// `T0` as input and returns a `Chain`, with structured output, so both schemas reach every type.
fn chain(levels: usize) -> Vec<SourceFile> {
    let defs: serde_json::Map<String, Value> = (0..levels)
        .map(|i| {
            let mut properties = json!({"name": {"type": "string"}});
            if i + 1 < levels {
                let next = json!({"$ref": format!("#/$defs/T{}", i + 1)});
                properties["left"] = next.clone();
                properties["right"] = next;
            }
            (
                format!("T{i}"),
                json!({"type": "object", "properties": properties}),
            )
        })
        .collect();
    let chain = json!({
        "title": "Chain",
        "type": "object",
        "properties": {"top": {"$ref": "#/$defs/T0"}},
        "$defs": defs,
    });
    let tool = json!({"x-fusion-tool": {"name": "chains", "structured": true, "actions": {"get": {
        "input": {"type": "object", "properties": {"filter": {"$ref": "chain.json#/$defs/T0"}}},
        "returns": "chain.json",
    }}}});
    vec![
        SourceFile::new("chain.json", chain.to_string()),
        SourceFile::new("chains.tool.json", tool.to_string()),
    ]
}

fn generated_bytes(levels: usize) -> usize {
    generate(&chain(levels), &Options::default())
        .expect("the chain generates")
        .iter()
        .map(|file| file.contents.len())
        .sum()
}

#[test]
fn a_doubling_chain_of_types_generates_linear_output() {
    // 40 levels is as long a chain as the generator accepts (tests/deep_definitions.rs).
    let at_20 = generated_bytes(20);
    let at_40 = generated_bytes(40);
    // Twice the types, about twice the code: far from 2^20 times.
    assert!(
        at_40 < at_20 * 5 / 2,
        "20 levels: {at_20} B, 40 levels: {at_40} B"
    );
    assert!(at_40 < 1_000_000, "40 levels: {at_40} B");
}

#[test]
fn each_shared_type_is_defined_once_and_referenced() {
    let files = generate(&chain(6), &Options::default()).expect("generates");
    let tool = &files
        .iter()
        .find(|f| f.path == "chains_tool.rs")
        .expect("the tool module")
        .contents;
    let input = constant(tool, "INPUT_SCHEMA");
    assert_eq!(
        input["properties"]["filter"]["properties"]["left"],
        json!({"$ref": "#/$defs/T1"})
    );
    let defs = input["$defs"].as_object().expect("$defs");
    assert_eq!(
        defs.keys().collect::<Vec<_>>(),
        ["T1", "T2", "T3", "T4", "T5"]
    );
    let output = constant(tool, "GET_OUTPUT_SCHEMA");
    assert_eq!(
        output["properties"]["top"]["properties"]["right"],
        json!({"$ref": "#/$defs/T1"})
    );
}

/// The JSON of the `pub const NAME: &str = "...";` in generated code.
fn constant(code: &str, name: &str) -> Value {
    let start = code
        .find(&format!("pub const {name}: &str = "))
        .unwrap_or_else(|| panic!("{name} in\n{code}"));
    let literal = code[start..]
        .split_once(" = ")
        .and_then(|(_, rest)| rest.split_once(";\n"))
        .map(|(literal, _)| literal)
        .expect("a literal");
    let text: String = syn::parse_str::<syn::LitStr>(literal)
        .expect("a string literal")
        .value();
    serde_json::from_str(&text).expect("JSON")
}

#[test]
fn nullable_enums_and_references_accept_null() {
    let shapes = "title: Shapes\ntype: object\nproperties:\n  id: { type: string }\n$defs:\n  Point: { type: object, required: [x], properties: { x: { type: number } } }\n";
    let tool = "x-fusion-tool:\n  name: shapes\n  actions:\n    find:\n      input:\n        type: object\n        properties:\n          tier: { type: [string, \"null\"], enum: [free, pro, null] }\n          near: { anyOf: [{ $ref: \"shapes.yaml#/$defs/Point\" }, { type: \"null\" }] }\n          far: { $ref: \"shapes.yaml#/$defs/Point\" }\n      returns: shapes.yaml\n";
    let files = generate(
        &[
            SourceFile::new("shapes.yaml", shapes),
            SourceFile::new("shapes.tool.yaml", tool),
        ],
        &Options::default(),
    )
    .expect("generates");
    let code = &files
        .iter()
        .find(|f| f.path == "shapes_tool.rs")
        .expect("the tool module")
        .contents;
    let input = constant(code, "INPUT_SCHEMA");
    let properties = &input["properties"];
    assert_eq!(properties["tier"]["type"], json!(["string", "null"]));
    assert_eq!(properties["tier"]["enum"], json!(["free", "pro", null]));
    assert_eq!(
        properties["near"]["anyOf"],
        json!([{"$ref": "#/$defs/Point"}, {"type": "null"}])
    );
    assert_eq!(
        input["$defs"]["Point"],
        json!({"type": "object", "properties": {"x": {"type": "number"}}, "required": ["x"]})
    );
}

/// The vet clinic of issue 25: `cancel`'s `id` is an appointment's, `get`'s and `book`'s a
/// patient's; `list` declares `id` with no description.
fn clinic(cancel_id: &str) -> Vec<SourceFile> {
    let pet = "title: Pet\ntype: object\nproperties:\n  id: { type: string }\n";
    let tool = format!(
        "x-fusion-tool:\n  name: clinic\n  toon-description: true\n  actions:\n    get:\n      input: {{ type: object, required: [id], properties: {{ id: {{ type: string, description: Patient id. }} }} }}\n      returns: pet.yaml\n    cancel:\n      input: {{ type: object, required: [id], properties: {{ id: {cancel_id} }} }}\n    book:\n      input: {{ type: object, required: [id], properties: {{ id: {{ type: string, description: Patient id }} }} }}\n    list:\n      input: {{ type: object, properties: {{ id: {{ type: string }} }} }}\n"
    );
    vec![
        SourceFile::new("pet.yaml", pet),
        SourceFile::new("clinic.tool.yaml", tool),
    ]
}

#[test]
fn a_shared_parameter_keeps_each_actions_description() {
    let files = generate(
        &clinic("{ type: string, description: Appointment id. }"),
        &Options::default(),
    )
    .expect("generates");
    let code = &files
        .iter()
        .find(|f| f.path == "clinic_tool.rs")
        .expect("the tool module")
        .contents;
    let input = constant(code, "INPUT_SCHEMA");
    assert_eq!(
        input["properties"]["id"]["description"],
        json!(
            "Patient id (get, book). Appointment id (cancel). Required for: get, cancel, book. For: list"
        )
    );
    // One description (trailing periods aside) for the actions that have one: written once, as
    // before.
    let files = generate(
        &clinic("{ type: string, description: Patient id. }"),
        &Options::default(),
    )
    .expect("generates");
    let code = &files
        .iter()
        .find(|f| f.path == "clinic_tool.rs")
        .expect("the tool module")
        .contents;
    let input = constant(code, "INPUT_SCHEMA");
    assert_eq!(
        input["properties"]["id"]["description"],
        json!("Patient id. Required for: get, cancel, book. For: list")
    );
}

#[test]
fn a_shared_parameter_of_another_type_advertises_the_widening_of_both() {
    let files = generate(
        &clinic("{ type: integer, description: Appointment number. }"),
        &Options::default(),
    )
    .expect("each action reads `id` as its own type");
    let code = &files
        .iter()
        .find(|f| f.path == "clinic_tool.rs")
        .expect("the tool module")
        .contents;
    let input = constant(code, "INPUT_SCHEMA");
    assert_eq!(
        input["properties"]["id"],
        json!({
            "anyOf": [
                {"type": "string", "description": "For: get, book, list"},
                {"type": "integer", "description": "For: cancel"},
            ],
            "description": "Patient id (get, book). Appointment number (cancel). Required for: get, cancel, book. For: list. Its schema depends on the action",
        })
    );
    // Each action reads its own: `cancel`'s id is an integer, `get`'s a string.
    assert!(code.contains("pub struct ClinicCancelInput"), "{code}");
    assert!(code.contains("pub id: i64"), "{code}");
}
