//! Unions and maps in tool arguments (wire format §12) byte for byte against MCP Fusion: every
//! case of `tests/fixtures/upstream/unions.json` (upstream's own pipeline run by
//! `tests/upstream-parity/run.sh` on the zod form of `tests/corpus/tool_unions/shapes.tool.yaml`:
//! `z.union`, `z.discriminatedUnion`, `.catchall()`) sent to the generated `shapes` tool, rejected
//! calls with upstream's exact text and accepted ones accepted; then what was read.

use fusion_runtime::ToolResponse;
use fusion_tests::snapshots::tool_unions::owner::{BotOwner, BotOwnerKind, Owner};
use fusion_tests::snapshots::tool_unions::shapes_tool::{
    self, ShapesHandler, ShapesPickInput, ShapesPickInputId, ShapesPickInputScore, ShapesTallyInput,
};
use fusion_tests::{block_on, only_text_block};
use serde_json::{Value, json};

const UNIONS: &str = include_str!("../fixtures/upstream/unions.json");

/// Answers with the input it was given, so an accepted call shows what was read.
struct Echo;

impl ShapesHandler for Echo {
    type Error = &'static str;

    async fn pick(&self, args: ShapesPickInput) -> Result<ToolResponse, &'static str> {
        Ok(ToolResponse::text(format!("{args:?}")))
    }

    async fn tally(&self, args: ShapesTallyInput) -> Result<ToolResponse, &'static str> {
        Ok(ToolResponse::text(format!("{args:?}")))
    }
}

/// `(isError, the one text block)` of a call.
fn call(arguments: &Value) -> (bool, String) {
    only_text_block(&block_on(shapes_tool::call(&Echo, arguments)))
}

#[test]
fn every_upstream_union_and_map_case_matches() {
    let fixture: Value = serde_json::from_str(UNIONS).expect("unions.json is JSON");
    let cases = fixture["cases"].as_array().expect("cases");
    assert!(cases.len() >= 27, "the fixture lost cases: {}", cases.len());
    let mut mismatches = Vec::new();
    for case in cases {
        let name = case["name"].as_str().expect("name");
        let (is_error, text) = call(&case["arguments"]);
        if case["accepted"] == Value::Bool(true) {
            if is_error {
                mismatches.push(format!("{name}: upstream accepts it, we reject it: {text}"));
            }
            continue;
        }
        let expected = case["expected_text"].as_str().expect("expected_text");
        if !is_error || text != expected {
            mismatches.push(format!(
                "{name}:\n  ours:     {text:?}\n  upstream: {expected:?}"
            ));
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

fn read(arguments: Value) -> String {
    let (is_error, text) = call(&arguments);
    assert!(!is_error, "rejected {arguments}: {text}");
    text
}

#[test]
fn accepted_unions_and_maps_hold_what_was_sent() {
    let id_of = |id: Value| read(json!({"action": "pick", "id": id}));
    assert!(id_of(json!("a")).contains(&format!("{:?}", ShapesPickInputId::String("a".into()))));
    assert!(id_of(json!(7)).contains(&format!("{:?}", ShapesPickInputId::Integer(7))));
    let owner = read(json!({"action": "pick", "id": "a", "owner": {"slug": "ab", "kind": "bot"}}));
    let bot = Owner::BotOwner(BotOwner {
        kind: BotOwnerKind::Bot,
        slug: "ab".into(),
    });
    assert!(owner.contains(&format!("owner: Some({bot:?})")), "{owner}");
    // `[integer, number, null]`: an integer stays an integer, a fraction is a number.
    let score = read(json!({"action": "pick", "id": "a", "score": 2.5}));
    assert!(
        score.contains(&format!("{:?}", ShapesPickInputScore::Number(2.5))),
        "{score}"
    );
    let score = read(json!({"action": "pick", "id": "a", "score": null}));
    assert!(score.contains("score: Some(None)"), "{score}");
    // Map keys in the order sent, after the declared ones, any value where `true` allows it.
    let tally = read(json!({
        "action": "tally",
        "counts": {"z": 1, "a": 2},
        "meta": {"source": "s", "deep": {"x": [1, null]}},
        "ranked": {"b": 3, "top": "t"}
    }));
    assert!(
        tally.contains(r#"additional_properties: {"z": 1, "a": 2}"#),
        "{tally}"
    );
    assert!(tally.contains(r#"source: Some("s"), additional_properties: {"deep": Object {"x": Array [Number(1), Null]}}"#), "{tally}");
    assert!(
        tally.contains(r#"top: "t", additional_properties: {"b": 3}"#),
        "{tally}"
    );
}

#[test]
fn the_input_schema_states_unions_and_maps() {
    let schema: Value =
        serde_json::from_str(shapes_tool::INPUT_SCHEMA).expect("the input schema is JSON");
    let text = schema.to_string();
    assert!(text.contains(r#""anyOf""#), "{text}");
    assert!(
        text.contains(r#""additionalProperties":{"type":"integer"}"#),
        "{text}"
    );
    assert!(text.contains(r#""additionalProperties":true"#), "{text}");
}
