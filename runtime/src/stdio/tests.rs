use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};

use super::*;
use crate::rmcp::FusionServer;

const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;

/// A server over an in-memory pipe, lines capped at `max_line_bytes`: the client's writer and
/// its reader of the server's lines.
fn serve(max_line_bytes: usize) -> (DuplexStream, BufReader<DuplexStream>) {
    use rmcp::ServiceExt;
    let (client_out, server_in) = tokio::io::duplex(1 << 16);
    let (server_out, client_in) = tokio::io::duplex(1 << 16);
    let transport = LineTransport::new(server_in, server_out).with_max_line_bytes(max_line_bytes);
    tokio::spawn(async move {
        if let Ok(running) = FusionServer::new("t", "1").serve(transport).await {
            let _ = running.waiting().await;
        }
    });
    (client_out, BufReader::new(client_in))
}

/// The server's next `count` lines; error replies are written by tasks of their own, so they
/// may come after the answer to a later request.
async fn replies(reader: &mut BufReader<DuplexStream>, count: usize) -> Vec<Value> {
    let mut replies = Vec::new();
    while replies.len() < count {
        let mut line = String::new();
        let read = tokio::time::timeout(
            std::time::Duration::from_secs(10),
            reader.read_line(&mut line),
        )
        .await
        .expect("the server answers within 10 s")
        .expect("reads");
        assert!(read > 0, "the server closed its output");
        replies.push(serde_json::from_str(&line).expect("each line is JSON"));
    }
    replies
}

async fn send(writer: &mut DuplexStream, lines: &[&str]) {
    for line in lines {
        writer.write_all(line.as_bytes()).await.expect("writes");
        writer.write_all(b"\n").await.expect("writes");
    }
}

fn error_codes(replies: &[Value]) -> Vec<(Value, i64)> {
    replies
        .iter()
        .filter_map(|reply| Some((reply["id"].clone(), reply["error"]["code"].as_i64()?)))
        .collect()
}

#[tokio::test]
async fn unreadable_lines_get_a_parse_error_and_the_stream_goes_on() {
    let (mut writer, mut reader) = serve(4096);
    let nested = format!("{}{}", "[".repeat(129), "]".repeat(129));
    let surrogate = r#"{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":"\udc00"}}"#;
    let overlong = format!(
        r#"{{"jsonrpc":"2.0","id":3,"method":"ping","pad":"{}"}}"#,
        "x".repeat(5000)
    );
    send(
        &mut writer,
        &["{not json", &nested, surrogate, &overlong, INITIALIZE],
    )
    .await;
    let replies = replies(&mut reader, 5).await;
    assert_eq!(
        error_codes(&replies),
        vec![(Value::Null, -32700); 4],
        "{replies:?}"
    );
    assert!(
        replies
            .iter()
            .any(|reply| reply["result"]["serverInfo"]["name"] == "t")
    );
}

#[tokio::test]
async fn a_request_of_the_wrong_shape_is_an_invalid_request_and_a_notification_gets_nothing() {
    let (mut writer, mut reader) = serve(4096);
    send(
        &mut writer,
        &[
            r#"{"jsonrpc":"2.0","id":5,"method":"initialize","params":7}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/initialized","params":7}"#,
            "",
            INITIALIZE,
        ],
    )
    .await;
    let replies = replies(&mut reader, 2).await;
    assert_eq!(
        error_codes(&replies),
        vec![(json!(5), -32600)],
        "{replies:?}"
    );
    assert!(replies.iter().any(|reply| reply["id"] == "init"));
    // Nothing more: the notification of the wrong shape got no reply.
    let mut line = String::new();
    let more = tokio::time::timeout(
        std::time::Duration::from_millis(200),
        reader.read_line(&mut line),
    )
    .await;
    assert!(more.is_err(), "unexpected line {line}");
}

#[tokio::test]
async fn an_overlong_line_is_skipped_without_holding_it() {
    let (mut writer, mut reader) = serve(64);
    // Longer than the duplex buffer: the server must skip it as it arrives, never whole.
    let overlong = "x".repeat(1 << 18);
    let sender = tokio::spawn(async move {
        send(&mut writer, &[&overlong, INITIALIZE]).await;
        writer
    });
    // 64 bytes is too short for `initialize` too: both lines are parse errors.
    let mut codes = Vec::new();
    for _ in 0..2 {
        let mut line = String::new();
        reader.read_line(&mut line).await.expect("reads");
        let reply: Value = serde_json::from_str(&line).expect("JSON");
        codes.push(reply["error"]["code"].as_i64());
    }
    assert_eq!(codes, vec![Some(-32700); 2]);
    drop(sender.await);
}

#[tokio::test]
async fn malformed_params_of_a_known_method_are_invalid_params() {
    let (mut writer, mut reader) = serve(4096);
    send(
        &mut writer,
        &[
            INITIALIZE,
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"billing","arguments":"x"}}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"arguments":{}}}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":7}}"#,
            r#"{"jsonrpc":"2.0","id":4,"method":"tools/call"}"#,
            r#"{"jsonrpc":"2.0","id":5,"method":"no/such\nline"}"#,
        ],
    )
    .await;
    let mut replies = replies(&mut reader, 6).await;
    replies.retain(|reply| reply["id"] != "init");
    replies.sort_by_key(|reply| reply["id"].as_i64());
    let error = |id: i64, code: i64, message: &str| json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}});
    assert_eq!(
        replies,
        vec![
            error(
                1,
                -32602,
                r#"Invalid params: "arguments" must be an object, not a string"#
            ),
            error(2, -32602, r#"Invalid params: "name" is missing"#),
            error(
                3,
                -32602,
                r#"Invalid params: "name" must be a string, not a number"#
            ),
            error(4, -32602, "Invalid params: tools/call needs params"),
            error(5, -32601, r"Method not found: no/such\nline"),
        ]
    );
}
