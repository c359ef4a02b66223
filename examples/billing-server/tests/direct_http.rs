//! Issue 41: over streamable HTTP, a plain `tools/call` is answered without rmcp's message
//! model, in one write. Every call of `tests/calls.in.json`, and the request forms around
//! them, get the same status, content type and body, byte for byte, from a server answering
//! directly and from one sending everything through rmcp (`with_direct_tool_calls(false)`);
//! a subscriber counting rmcp's own `tracing` records shows which path answered.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use fusion_example_billing_server::{Store, server};
use fusion_runtime::http::{HttpConfig, serve};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};

const CASES_IN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/calls.in.json");

/// Counts the spans and events rmcp records: none means rmcp never saw the request.
#[derive(Clone, Default)]
struct RmcpRecords(Arc<AtomicUsize>);

impl RmcpRecords {
    fn take(&self) -> usize {
        self.0.swap(0, Ordering::SeqCst)
    }
    fn count(&self, metadata: &Metadata<'_>) {
        if metadata.target().starts_with("rmcp") {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }
}

impl Subscriber for RmcpRecords {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, span: &Attributes<'_>) -> Id {
        self.count(span.metadata());
        Id::from_u64(1)
    }
    fn record(&self, _: &Id, _: &Record<'_>) {}
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, event: &Event<'_>) {
        self.count(event.metadata());
    }
    fn enter(&self, _: &Id) {}
    fn exit(&self, _: &Id) {}
}

async fn start(config: HttpConfig) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("binds");
    let address = listener.local_addr().expect("an address");
    let server = server(Store::seeded(300)).expect("distinct tools");
    tokio::spawn(serve(server, listener, config, std::future::pending()));
    address
}

/// One request on a connection of its own: the status line, the content type and the body.
async fn post(
    address: std::net::SocketAddr,
    headers: &str,
    body: &str,
) -> (String, String, String) {
    let mut stream = tokio::net::TcpStream::connect(address)
        .await
        .expect("connects");
    let request = format!(
        "POST /mcp HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n{headers}\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.expect("writes");
    let mut reply = Vec::new();
    stream.read_to_end(&mut reply).await.expect("reads");
    let reply = String::from_utf8(reply).expect("UTF-8");
    let (head, body) = reply.split_once("\r\n\r\n").expect("a head");
    let status = head.lines().next().unwrap_or_default().to_owned();
    let content_type = head
        .lines()
        .find_map(|line| line.strip_prefix("content-type: "))
        .unwrap_or_default()
        .to_owned();
    (status, content_type, body.to_owned())
}

const PLAIN_HEADERS: &str =
    "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n";

#[tokio::test]
async fn every_call_gets_rmcps_bytes_in_one_write() {
    let records = RmcpRecords::default();
    let _subscriber = tracing::subscriber::set_default(records.clone());
    let direct = start(HttpConfig::default()).await;
    let rmcp = start(HttpConfig::default().with_direct_tool_calls(false)).await;
    let cases: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(CASES_IN).expect("readable")).expect("JSON");
    let mut requests: Vec<(String, String, bool)> = Vec::new();
    for (index, case) in cases.iter().enumerate() {
        let request = json!({
            "jsonrpc": "2.0",
            "id": index,
            "method": "tools/call",
            "params": {"name": case["tool"], "arguments": case["arguments"]},
        });
        requests.push((request.to_string(), PLAIN_HEADERS.to_owned(), true));
    }
    let list = r#""params":{"name":"billing","arguments":{"action":"list","limit":2}}"#;
    let forms = [
        // Direct: a string id, keys in another order, a known older protocol version.
        (format!(r#"{{"id":"a\"b","jsonrpc":"2.0","method":"tools/call",{list}}}"#), PLAIN_HEADERS.to_owned(), true),
        (
            format!(r#"{{"jsonrpc":"2.0","id":2,"method":"tools/call",{list}}}"#),
            format!("{PLAIN_HEADERS}MCP-Protocol-Version: 2025-06-18\r\n"),
            true,
        ),
        (r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"billing"}}"#.to_owned(), PLAIN_HEADERS.to_owned(), true),
        // To rmcp: an unknown tool, a progress token, another method, an unreadable body, a
        // parameterised Accept, an Origin, a protocol version the answer's form changes with.
        (r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"nope"}}"#.to_owned(), PLAIN_HEADERS.to_owned(), false),
        (
            r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"billing","arguments":{"action":"get","id":"INV-000001"},"_meta":{"progressToken":1}}}"#.to_owned(),
            PLAIN_HEADERS.to_owned(),
            false,
        ),
        (r#"{"jsonrpc":"2.0","id":6,"method":"tools/list"}"#.to_owned(), PLAIN_HEADERS.to_owned(), false),
        ("{".to_owned(), PLAIN_HEADERS.to_owned(), false),
        (
            format!(r#"{{"jsonrpc":"2.0","id":7,"method":"tools/call",{list}}}"#),
            "Content-Type: application/json\r\nAccept: application/json;q=1, text/event-stream\r\n".to_owned(),
            false,
        ),
        (
            format!(r#"{{"jsonrpc":"2.0","id":8,"method":"tools/call",{list}}}"#),
            format!("{PLAIN_HEADERS}Origin: http://localhost:3000\r\n"),
            false,
        ),
        (
            format!(r#"{{"jsonrpc":"2.0","id":9,"method":"tools/call",{list}}}"#),
            format!("{PLAIN_HEADERS}MCP-Protocol-Version: 2026-07-28\r\n"),
            false,
        ),
    ];
    requests.extend(forms);
    for (body, headers, taken) in &requests {
        records.take();
        let answered = post(direct, headers, body).await;
        let direct_records = records.take();
        let expected = post(rmcp, headers, body).await;
        // The count can tell: the same request through rmcp leaves records.
        let rmcp_records = records.take();
        assert!(!taken || rmcp_records > 0, "rmcp records nothing: {body}");
        assert_eq!(answered, expected, "{body}");
        if *taken {
            assert_eq!(direct_records, 0, "{body}: rmcp answered");
        } else {
            // Left to rmcp: it records there as it does on the server without the direct path.
            assert_eq!(
                direct_records > 0,
                rmcp_records > 0,
                "{body}: not left to rmcp"
            );
        }
    }
}
