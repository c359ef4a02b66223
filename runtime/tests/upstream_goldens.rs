//! The upstream goldens the runtime alone can express, byte for byte.
//!
//! Skipped here, because they need more than the runtime:
//! - `collection_limit`, `collection_select`: need a Presenter (schema, rules, agent limit, `_select`);
//! - `tool_inputSchema_with_select`, `tool_get_select`: need a tool definition and dispatcher.
//!
//! `tool_handler_throws`, `tool_unknown_action` and `tool_missing_discriminator` need a dispatcher
//! to be reached, but their envelopes are runtime functions; those are checked here on their own.

use fusion_runtime::{
    ResponseBuilder, Severity, ToolErrorOptions, ToolResponse, UiBlock, error, internal_error,
    missing_discriminator, required, success, success_structured, success_text, tool_error,
    toon_success, unknown_action,
};
use serde_json::{Value, json};

fn golden(name: &str) -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/fixtures/upstream/goldens.json"
    );
    let text = std::fs::read_to_string(path).expect("goldens.json is readable");
    let goldens: Value = serde_json::from_str(&text).expect("goldens.json is JSON");
    goldens["cases"]
        .as_array()
        .expect("cases is an array")
        .iter()
        .find(|case| case["name"] == name)
        .unwrap_or_else(|| panic!("no golden named {name}"))["expected"]
        .clone()
}

/// Compares the whole CallToolResult as a value, then every text block as exact bytes (the value
/// comparison alone would already catch them, but a text diff is far easier to read).
fn assert_golden(name: &str, response: &ToolResponse) {
    let expected = golden(name);
    let expected_texts: Vec<&str> = expected["content"]
        .as_array()
        .expect("content is an array")
        .iter()
        .map(|item| item["text"].as_str().expect("text blocks only"))
        .collect();
    let actual_texts: Vec<&str> = response.texts().iter().map(String::as_str).collect();
    assert_eq!(actual_texts, expected_texts, "text blocks of {name}");
    let actual: Value = serde_json::from_str(&response.to_json()).expect("to_json is JSON");
    assert_eq!(actual, expected, "CallToolResult of {name}");
    assert_eq!(
        serde_json::to_value(response).unwrap(),
        expected,
        "Serialize of {name}"
    );
}

#[test]
fn success_object() {
    assert_golden("success_object", &success(&json!({"a": 1, "b": [1, 2]})));
}

#[test]
fn success_empty_string() {
    assert_golden("success_empty_string", &success_text(""));
}

#[test]
fn error_with_code() {
    assert_golden(
        "error_with_code",
        &error(r#"Not <found> & "x""#, Some("NOT_FOUND")),
    );
}

#[test]
fn error_no_code() {
    assert_golden("error_no_code", &error("boom", None));
}

#[test]
fn required_field() {
    assert_golden("required", &required("workspace_id"));
}

#[test]
fn tool_error_full() {
    let options = ToolErrorOptions {
        message: r#"Invoice "INV-9" <missing> & gone"#.to_owned(),
        suggestion: Some("Call invoices.list".to_owned()),
        available_actions: vec!["invoices.list".to_owned(), "invoices.get".to_owned()],
        details: vec![("entity_id".to_owned(), "INV-9".to_owned())],
        retry_after: Some(30),
        ..ToolErrorOptions::default()
    };
    assert_golden("toolError_full", &tool_error("NOT_FOUND", options));
}

#[test]
fn tool_error_warning() {
    let options = ToolErrorOptions {
        severity: Severity::Warning,
        ..ToolErrorOptions::new("old")
    };
    assert_golden("toolError_warning", &tool_error("DEPRECATED", options));
}

#[test]
fn success_structured_golden() {
    assert_golden(
        "successStructured",
        &success_structured(&json!({"temperature": 22.5})),
    );
}

#[test]
fn response_builder_all_layers_in_scrambled_order() {
    let response = ResponseBuilder::json(&json!({"x": 1}))
        .unwrap()
        .suggest("t.a", "why")
        .rule("r")
        .directive("h1")
        .ui(UiBlock::custom("custom", "raw"))
        .directive("h2")
        .build();
    assert_golden("response_builder_all_layers", &response);
}

#[test]
fn tool_handler_throws_envelope() {
    assert_golden(
        "tool_handler_throws",
        &internal_error("billing", "throws", "db <down>"),
    );
}

#[test]
fn tool_unknown_action_envelope() {
    assert_golden(
        "tool_unknown_action",
        &unknown_action("nope", &["get", "boom", "throws"]),
    );
}

#[test]
fn tool_missing_discriminator_envelope() {
    assert_golden(
        "tool_missing_discriminator",
        &missing_discriminator(&["get", "boom", "throws"]),
    );
}

#[test]
fn toon_table() {
    let rows = json!([{"id": 1, "name": "Alice", "email": "a@x.io"}, {"id": 2, "name": "Bob", "email": "b@x.io"}]);
    assert_golden("toon_table", &toon_success(&rows));
}

#[test]
fn toon_object() {
    let data = json!({"id": 1, "title": "Test, with comma|pipe", "done": false, "tags": ["a", "b"], "nested": {"x": 1}});
    assert_golden("toon_object", &toon_success(&data));
}

#[test]
fn toon_empty_object() {
    assert_golden("toon_empty_object", &toon_success(&json!({})));
}
