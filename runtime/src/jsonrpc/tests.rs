use super::*;

fn parsed(body: &str) -> Option<PlainToolCall> {
    PlainToolCall::parse(body.as_bytes())
}

#[test]
fn a_plain_call_is_read() {
    let call = parsed(
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"billing","arguments":{"action":"list"}}}"#,
    )
    .expect("plain");
    assert_eq!(call.id, RequestId::Number(3));
    assert_eq!(call.name, "billing");
    assert_eq!(call.arguments.expect("arguments")["action"], "list");
    let call = parsed(
        r#"{"params":{"arguments":null,"name":"b\u0041"},"method":"tools/call","id":"x\"y","jsonrpc":"2.0"}"#,
    )
    .expect("plain, keys in any order");
    assert_eq!(call.id, RequestId::String("x\"y".to_owned()));
    assert_eq!(call.name, "bA");
    assert_eq!(call.arguments, None);
    assert_eq!(
        parsed(r#"{"jsonrpc":"2.0","id":9223372036854775807,"method":"tools/call","params":{"name":"t"}}"#)
            .map(|call| call.id),
        Some(RequestId::Number(i64::MAX))
    );
}

#[test]
fn anything_else_is_left_to_rmcp() {
    let others = [
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
        r#"{"jsonrpc":"2.0","method":"tools/call","params":{"name":"t"}}"#,
        r#"{"jsonrpc":"1.0","id":1,"method":"tools/call","params":{"name":"t"}}"#,
        r#"{"jsonrpc":"2.0","id":1.5,"method":"tools/call","params":{"name":"t"}}"#,
        r#"{"jsonrpc":"2.0","id":1.0,"method":"tools/call","params":{"name":"t"}}"#,
        r#"{"jsonrpc":"2.0","id":9223372036854775808,"method":"tools/call","params":{"name":"t"}}"#,
        r#"{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"t"}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","_meta":{"progressToken":1}}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","task":{}}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":"x"}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","name":"u"}}"#,
        r#"{"jsonrpc":"2.0","id":1,"id":2,"method":"tools/call","params":{"name":"t"}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":7}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t"},"extra":1}"#,
        r#"[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t"}}]"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t"}"#,
        "",
    ];
    for body in others {
        assert_eq!(parsed(body), None, "{body}");
    }
}

#[test]
fn blocks_and_flags_are_written_in_rmcps_order() {
    let mut out = Vec::new();
    let response = ToolResponse::from_texts(vec![
        "{\n  \"a\": 1\n}".into(),
        "<rules>\u{1}</rules>".into(),
    ])
    .with_is_error(false)
    .with_structured_content(serde_json::json!({"a": 1}));
    write_tool_result(&mut out, &RequestId::String("r\n".into()), &response);
    assert_eq!(
        String::from_utf8(out).expect("UTF-8"),
        r#"{"jsonrpc":"2.0","id":"r\n","result":{"content":[{"type":"text","text":"{\n  \"a\": 1\n}"},{"type":"text","text":"<rules>\u0001</rules>"}],"structuredContent":{"a":1},"isError":false}}"#
    );
}

#[test]
fn an_error_never_carries_structured_content() {
    let mut out = Vec::new();
    let response = ToolResponse::text("x")
        .with_is_error(true)
        .with_structured_content(serde_json::json!({"a": 1}));
    write_tool_result(&mut out, &RequestId::Number(-1), &response);
    assert_eq!(
        String::from_utf8(out).expect("UTF-8"),
        r#"{"jsonrpc":"2.0","id":-1,"result":{"content":[{"type":"text","text":"x"}],"isError":true}}"#
    );
}

#[test]
fn structured_content_that_is_not_an_object_moves_into_a_first_block() {
    let write = |response: &ToolResponse| {
        let mut out = Vec::new();
        write_tool_result(&mut out, &RequestId::Number(1), response);
        String::from_utf8(out).expect("UTF-8")
    };
    let moved = ToolResponse::text("rows").with_structured_content(serde_json::json!([1, 2]));
    assert_eq!(
        write(&moved),
        r#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"[1,2]"},{"type":"text","text":"rows"}]}}"#
    );
    let already = ToolResponse::text("[ 1, 2 ]").with_structured_content(serde_json::json!([1, 2]));
    assert_eq!(
        write(&already),
        r#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"[ 1, 2 ]"}]}}"#
    );
}
