//! `LineTransport::with_direct_calls`: the answer lines of plain calls are the bytes rmcp writes
//! for them, a cancellation drops a call answered here, and nothing is answered here before the
//! session is set up.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};

use super::*;
use crate::ToolResponse;
use crate::rmcp::FusionServer;
use crate::serve::{ServedTool, ToolFuture};
use crate::tool::ToolInfo;

static ECHO: ToolInfo = ToolInfo {
    name: "echo",
    title: None,
    description: "Answers text that needs escaping; `wait` waits until cancelled",
    input_schema: r#"{"type":"object","properties":{"wait":{"type":"boolean"}}}"#,
    output_schema: None,
    read_only: true,
    destructive: false,
    idempotent: true,
    open_world: Some(false),
};

/// Answers blocks full of escapes; a call with `"wait": true` waits forever and marks `dropped`
/// when its future is dropped.
struct Echo {
    dropped: Arc<AtomicBool>,
}

struct MarkOnDrop(Arc<AtomicBool>);

impl Drop for MarkOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

impl ServedTool for Echo {
    fn info(&self) -> &'static ToolInfo {
        &ECHO
    }

    fn call<'a>(&'a self, arguments: &'a Value) -> ToolFuture<'a> {
        Box::pin(async move {
            if arguments["wait"] == true {
                let _mark = MarkOnDrop(Arc::clone(&self.dropped));
                std::future::pending::<()>().await;
            }
            ToolResponse::from_texts(vec![
                "{\n  \"a\": \"q\\\"\\u0001\"\n}".to_owned(),
                format!("<rules>\t{arguments}</rules>"),
            ])
            .with_is_error(false)
        })
    }
}

/// Counts the spans and events rmcp records: none while a call is answered means rmcp never
/// saw it.
#[derive(Clone, Default)]
struct RmcpRecords(Arc<AtomicUsize>);

impl RmcpRecords {
    fn count(&self, metadata: &tracing::Metadata<'_>) {
        if metadata.target().starts_with("rmcp") {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }
}

impl tracing::Subscriber for RmcpRecords {
    fn enabled(&self, _: &tracing::Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, span: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        self.count(span.metadata());
        tracing::span::Id::from_u64(1)
    }
    fn record(&self, _: &tracing::span::Id, _: &tracing::span::Record<'_>) {}
    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}
    fn event(&self, event: &tracing::Event<'_>) {
        self.count(event.metadata());
    }
    fn enter(&self, _: &tracing::span::Id) {}
    fn exit(&self, _: &tracing::span::Id) {}
}

const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;
const INITIALIZED: &str = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;

fn serve_echo(direct: bool, dropped: &Arc<AtomicBool>) -> (DuplexStream, BufReader<DuplexStream>) {
    use rmcp::ServiceExt;
    let (client_out, server_in) = tokio::io::duplex(1 << 16);
    let (server_out, client_in) = tokio::io::duplex(1 << 16);
    let server = FusionServer::new("t", "1")
        .with_tool(Echo {
            dropped: Arc::clone(dropped),
        })
        .expect("one tool");
    let mut transport = LineTransport::new(server_in, server_out);
    if direct {
        transport = transport.with_direct_calls(server.clone());
    }
    tokio::spawn(async move {
        if let Ok(running) = server.serve(transport).await {
            let _ = running.waiting().await;
        }
    });
    (client_out, BufReader::new(client_in))
}

async fn line(reader: &mut BufReader<DuplexStream>) -> String {
    let mut line = String::new();
    tokio::time::timeout(
        std::time::Duration::from_secs(10),
        reader.read_line(&mut line),
    )
    .await
    .expect("the server answers within 10 s")
    .expect("reads");
    line
}

async fn send(writer: &mut DuplexStream, text: &str) {
    writer.write_all(text.as_bytes()).await.expect("writes");
    writer.write_all(b"\n").await.expect("writes");
}

/// The answer lines to `calls`, sent one by one after `initialize` (and `initialized` when
/// `set_up`).
async fn answers(direct: bool, set_up: bool, calls: &[&str]) -> Vec<String> {
    let dropped = Arc::new(AtomicBool::new(false));
    let (mut writer, mut reader) = serve_echo(direct, &dropped);
    send(&mut writer, INITIALIZE).await;
    line(&mut reader).await;
    if set_up {
        send(&mut writer, INITIALIZED).await;
    }
    let mut lines = Vec::new();
    for call in calls {
        send(&mut writer, call).await;
        lines.push(line(&mut reader).await);
    }
    lines
}

/// How many records rmcp leaves while answering `call` after the session is set up.
async fn rmcp_records(direct: bool, call: &str) -> usize {
    let records = RmcpRecords::default();
    let _subscriber = tracing::subscriber::set_default(records.clone());
    let dropped = Arc::new(AtomicBool::new(false));
    let (mut writer, mut reader) = serve_echo(direct, &dropped);
    send(&mut writer, INITIALIZE).await;
    line(&mut reader).await;
    send(&mut writer, INITIALIZED).await;
    // `initialized` is through once a ping is answered.
    send(&mut writer, r#"{"jsonrpc":"2.0","id":"p","method":"ping"}"#).await;
    line(&mut reader).await;
    let before = records.0.load(Ordering::SeqCst);
    send(&mut writer, call).await;
    line(&mut reader).await;
    records.0.load(Ordering::SeqCst) - before
}

const CALLS: [&str; 4] = [
    r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"x":"\"\n"}}}"#,
    r#"{"jsonrpc":"2.0","id":"two","method":"tools/call","params":{"name":"echo"}}"#,
    r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"nope"}}"#,
    r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo","_meta":{"progressToken":1}}}"#,
];

#[tokio::test]
async fn direct_answers_are_the_lines_rmcp_writes() {
    let through_rmcp = answers(false, true, &CALLS).await;
    assert_eq!(answers(true, true, &CALLS).await, through_rmcp);
    // The plain calls never reach rmcp; the same call does without the direct path, and a
    // call with `_meta` always does.
    assert_eq!(rmcp_records(true, CALLS[0]).await, 0);
    assert!(rmcp_records(false, CALLS[0]).await > 0);
    assert!(rmcp_records(true, CALLS[3]).await > 0);
    // Before `initialized`, rmcp answers as it always does.
    assert_eq!(
        answers(true, false, &CALLS[..1]).await,
        answers(false, false, &CALLS[..1]).await
    );
}

#[tokio::test]
async fn a_cancelled_direct_call_is_dropped_and_gets_no_answer() {
    let dropped = Arc::new(AtomicBool::new(false));
    let (mut writer, mut reader) = serve_echo(true, &dropped);
    send(&mut writer, INITIALIZE).await;
    line(&mut reader).await;
    send(&mut writer, INITIALIZED).await;
    send(
        &mut writer,
        r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"wait":true}}}"#,
    )
    .await;
    // The call is running once a later call is answered: calls run side by side.
    send(&mut writer, CALLS[1]).await;
    assert!(line(&mut reader).await.contains(r#""id":"two""#));
    assert!(!dropped.load(Ordering::SeqCst));
    send(
        &mut writer,
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}"#,
    )
    .await;
    send(&mut writer, CALLS[0]).await;
    let next = line(&mut reader).await;
    assert!(
        next.contains(r#""id":1,"#),
        "no answer to the cancelled call: {next}"
    );
    assert!(
        dropped.load(Ordering::SeqCst),
        "the cancelled call's future is dropped"
    );
}
