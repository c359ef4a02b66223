//! The one-write response ([`write_tool_result`]) against rmcp's serialization of the same
//! result, byte for byte: over every upstream golden that is a `CallToolResult`, and over
//! generated texts (property test), for a client before protocol version 2026-07-28, as the
//! HTTP transport's direct path serves.
#![cfg(feature = "rmcp")]

use fusion_runtime::ToolResponse;
use fusion_runtime::jsonrpc::{RequestId, write_tool_result};
use proptest::prelude::*;
use rmcp::model::{CallToolResult, NumberOrString, ServerJsonRpcMessage, ServerResult};
use serde_json::Value;

/// What rmcp's stateless HTTP service sends for this result to a client before 2026-07-28.
fn rmcp_bytes(id: &RequestId, response: &ToolResponse) -> String {
    let mut result = ServerResult::CallToolResult(CallToolResult::from(response.clone()));
    result.strip_result_type_for_legacy_peer();
    result.strip_non_object_output_for_legacy_peer();
    let id = match id {
        RequestId::Number(number) => NumberOrString::Number(*number),
        RequestId::String(text) => NumberOrString::String(text.as_str().into()),
    };
    serde_json::to_string(&ServerJsonRpcMessage::response(result, id)).expect("serializes")
}

fn direct_bytes(id: &RequestId, response: &ToolResponse) -> String {
    let mut out = Vec::new();
    write_tool_result(&mut out, id, response);
    String::from_utf8(out).expect("the response is UTF-8")
}

/// The golden's `CallToolResult` as the runtime's response: its texts, flag and content.
fn response_of(expected: &Value) -> Option<ToolResponse> {
    let texts = expected["content"]
        .as_array()?
        .iter()
        .map(|block| block["text"].as_str().map(str::to_owned))
        .collect::<Option<Vec<String>>>()?;
    let mut response = ToolResponse::from_texts(texts);
    if let Some(flag) = expected["isError"].as_bool() {
        response = response.with_is_error(flag);
    }
    if let Some(value) = expected.get("structuredContent") {
        response = response.with_structured_content(value.clone());
    }
    Some(response)
}

#[test]
fn every_golden_result_is_written_as_rmcp_writes_it() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/fixtures/upstream/goldens.json"
    );
    let goldens: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("readable")).expect("JSON");
    let mut compared = 0;
    for case in goldens["cases"].as_array().expect("cases") {
        let Some(response) = response_of(&case["expected"]) else {
            continue;
        };
        for id in [
            RequestId::Number(41),
            RequestId::String("call-\"1\"".into()),
        ] {
            assert_eq!(
                direct_bytes(&id, &response),
                rmcp_bytes(&id, &response),
                "golden {}",
                case["name"]
            );
        }
        compared += 1;
    }
    assert!(compared >= 18, "only {compared} goldens are results");
}

fn text() -> impl Strategy<Value = String> {
    // Every escape class: quotes, backslashes, controls, DEL, non-ASCII, line separators.
    proptest::string::string_regex("[\"\\\\\\x00-\\x1f\\x7f a-z{}:,é€\u{2028}😀]{0,80}")
        .expect("a valid pattern")
}

proptest! {
    #[test]
    fn any_text_and_id_is_written_as_rmcp_writes_it(
        texts in proptest::collection::vec(text(), 0..4),
        id in prop_oneof![
            any::<i64>().prop_map(RequestId::Number),
            text().prop_map(RequestId::String),
        ],
        flag in proptest::option::of(any::<bool>()),
        structured in proptest::option::of(prop_oneof![
            text().prop_map(|t| serde_json::json!({ "t": t, "n": 1.5e300 })),
            text().prop_map(|t| serde_json::json!([t, 0.1])),
            Just(Value::Null),
        ]),
    ) {
        let mut response = ToolResponse::from_texts(texts);
        if let Some(flag) = flag {
            response = response.with_is_error(flag);
        }
        if let Some(value) = structured {
            response = response.with_structured_content(value);
        }
        prop_assert_eq!(direct_bytes(&id, &response), rmcp_bytes(&id, &response));
    }
}
