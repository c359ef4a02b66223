use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use super::*;

const LIST: &str = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#;
/// A call of [`Sleep`], answered a second later.
const SLEEP: &str =
    r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"sleep","arguments":{}}}"#;

/// A tool that takes a second to answer: a request that holds its in-flight slot.
struct Sleep;

static SLEEP_INFO: crate::ToolInfo = crate::ToolInfo {
    name: "sleep",
    title: None,
    description: "Answers after a second",
    input_schema: r#"{"type":"object"}"#,
    output_schema: None,
    read_only: true,
    destructive: false,
    idempotent: true,
    open_world: Some(false),
};

impl crate::ServedTool for Sleep {
    fn info(&self) -> &'static crate::ToolInfo {
        &SLEEP_INFO
    }

    fn call<'a>(&'a self, _arguments: &'a Value) -> crate::ToolFuture<'a> {
        Box::pin(async {
            tokio::time::sleep(Duration::from_secs(1)).await;
            crate::ToolResponse::text("slept".to_owned())
        })
    }
}

struct Running {
    address: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    served: tokio::task::JoinHandle<()>,
}

async fn start(config: HttpConfig) -> Running {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("binds");
    let address = listener.local_addr().expect("an address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = FusionServer::new("t", "1")
        .with_tool(Sleep)
        .expect("one tool");
    let served = tokio::spawn(serve(server, listener, config, async {
        let _ = stopped.await;
    }));
    Running {
        address,
        stop: Some(stop),
        served,
    }
}

fn post(body: &str, extra_headers: &str) -> String {
    format!(
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\n{extra_headers}Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
}

/// Status and body of the one response on `stream`.
async fn response(stream: &mut (impl AsyncRead + Unpin)) -> (u16, String) {
    let mut seen = Vec::new();
    let mut chunk = [0_u8; 8192];
    loop {
        if let Some(end) = seen.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&seen[..end]).to_lowercase();
            let status = head[9..12].parse().expect("a status");
            let length: usize = head
                .lines()
                .find_map(|line| line.strip_prefix("content-length:"))
                .map_or(0, |length| length.trim().parse().expect("a length"));
            while seen.len() < end + 4 + length {
                let read = stream.read(&mut chunk).await.expect("reads");
                assert!(read > 0, "closed inside the body");
                seen.extend_from_slice(&chunk[..read]);
            }
            return (
                status,
                String::from_utf8_lossy(&seen[end + 4..end + 4 + length]).into_owned(),
            );
        }
        let read = stream.read(&mut chunk).await.expect("reads");
        assert!(
            read > 0,
            "closed before a response: {}",
            String::from_utf8_lossy(&seen)
        );
        seen.extend_from_slice(&chunk[..read]);
    }
}

async fn exchange(address: SocketAddr, request: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(address).await.expect("connects");
    stream.write_all(request.as_bytes()).await.expect("writes");
    tokio::time::timeout(Duration::from_secs(10), response(&mut stream))
        .await
        .expect("answered in time")
}

/// Whether the server closed `stream` (or reset it) within `within`.
async fn closed(stream: &mut TcpStream, within: Duration) -> bool {
    let mut byte = [0_u8; 1];
    matches!(
        tokio::time::timeout(within, stream.read(&mut byte)).await,
        Ok(Ok(0) | Err(_))
    )
}

#[tokio::test]
async fn a_client_is_served_while_half_open_connections_fill_the_cap() {
    let config = HttpConfig::default()
        .with_max_connections(16)
        .with_header_read_timeout(Duration::from_secs(1));
    let running = start(config).await;
    let mut half_open = Vec::new();
    for _ in 0..40 {
        let mut stream = TcpStream::connect(running.address).await.expect("connects");
        stream
            .write_all(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            .await
            .expect("writes");
        half_open.push(stream);
    }
    let started = Instant::now();
    let (status, body) = exchange(running.address, &post(LIST, "")).await;
    assert_eq!(status, 200, "{body}");
    assert!(
        started.elapsed() < Duration::from_millis(900),
        "{:?}",
        started.elapsed()
    );
    // The ones not evicted to make room are closed by the header timeout.
    for stream in &mut half_open {
        assert!(closed(stream, Duration::from_secs(3)).await);
    }
}

#[tokio::test]
async fn an_idle_connection_is_closed_after_the_idle_timeout() {
    let running = start(HttpConfig::default().with_idle_timeout(Duration::from_millis(300))).await;
    let mut stream = TcpStream::connect(running.address).await.expect("connects");
    stream
        .write_all(post(LIST, "").as_bytes())
        .await
        .expect("writes");
    assert_eq!(response(&mut stream).await.0, 200);
    assert!(!closed(&mut stream, Duration::from_millis(100)).await);
    assert!(closed(&mut stream, Duration::from_secs(2)).await);
}

#[tokio::test]
async fn only_local_or_missing_origins_are_served() {
    let running = start(HttpConfig::default()).await;
    let evil = exchange(
        running.address,
        &post(LIST, "Origin: http://evil.example\r\n"),
    )
    .await;
    assert_eq!(evil.0, 403);
    let local = exchange(
        running.address,
        &post(LIST, "Origin: http://localhost:5173\r\n"),
    )
    .await;
    assert_eq!(local.0, 200);
    assert_eq!(exchange(running.address, &post(LIST, "")).await.0, 200);
}

#[tokio::test]
async fn an_oversize_body_is_413_declared_or_chunked() {
    let running = start(HttpConfig::default().with_max_body_bytes(1000)).await;
    let big = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"ping","params":{{"x":"{}"}}}}"#,
        "x".repeat(2000)
    );
    assert_eq!(exchange(running.address, &post(&big, "")).await.0, 413);
    let chunked = format!(
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n{:x}\r\n{big}\r\n0\r\n\r\n",
        big.len()
    );
    assert_eq!(exchange(running.address, &chunked).await.0, 413);
}

#[tokio::test]
async fn an_unreadable_body_is_a_json_rpc_error_with_400() {
    let running = start(HttpConfig::default()).await;
    let nested = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let surrogate = r#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"\ud800"}}"#;
    for (body, code) in [
        ("{", -32700),
        (nested.as_str(), -32700),
        (surrogate, -32700),
        ("[1]", -32600),
    ] {
        let (status, reply) = exchange(running.address, &post(body, "")).await;
        assert_eq!(status, 400, "{body:.30}");
        let reply: Value = serde_json::from_str(&reply).expect("a JSON-RPC reply");
        assert_eq!(reply["error"]["code"], code, "{body:.30}");
        assert_eq!(reply["id"], Value::Null);
    }
}

#[tokio::test]
async fn a_bogus_protocol_version_is_not_echoed_whole() {
    let running = start(HttpConfig::default()).await;
    let bogus = format!("MCP-Protocol-Version: {}\r\n", "v\u{7f}".repeat(5000));
    let (status, body) = exchange(running.address, &post(LIST, &bogus)).await;
    assert_eq!(status, 400);
    assert!(body.chars().count() < 200, "{} chars", body.len());
    assert!(!body.contains('\u{7f}'));
}

#[tokio::test]
async fn past_the_in_flight_cap_a_request_gets_503_at_once() {
    let running = start(HttpConfig::default().with_max_in_flight(1)).await;
    let mut held = TcpStream::connect(running.address).await.expect("connects");
    held.write_all(post(SLEEP, "").as_bytes())
        .await
        .expect("writes");
    tokio::time::sleep(Duration::from_millis(100)).await;
    let started = Instant::now();
    let (status, body) = exchange(running.address, &post(LIST, "")).await;
    assert_eq!(status, 503, "{body}");
    assert!(started.elapsed() < Duration::from_millis(500));
    assert_eq!(response(&mut held).await.0, 200);
    assert_eq!(exchange(running.address, &post(LIST, "")).await.0, 200);
}

#[tokio::test]
async fn a_body_being_read_holds_no_in_flight_slot() {
    let running = start(HttpConfig::default().with_max_in_flight(1)).await;
    let mut slow = TcpStream::connect(running.address).await.expect("connects");
    let request = post(LIST, "");
    let (head, rest) = request.split_at(request.len() - 5);
    slow.write_all(head.as_bytes()).await.expect("writes");
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(exchange(running.address, &post(LIST, "")).await.0, 200);
    slow.write_all(rest.as_bytes()).await.expect("writes");
    assert_eq!(response(&mut slow).await.0, 200);
}

#[tokio::test]
async fn malformed_params_of_a_known_method_are_invalid_params() {
    let running = start(HttpConfig::default()).await;
    let cases = [
        (
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"billing","arguments":"x"}}"#,
            r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: \"arguments\" must be an object, not a string"}}"#,
        ),
        (
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"arguments":{}}}"#,
            r#"{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Invalid params: \"name\" is missing"}}"#,
        ),
        (
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":["x"]}}"#,
            r#"{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Invalid params: \"name\" must be a string, not an array"}}"#,
        ),
    ];
    for (request, expected) in cases {
        let (status, reply) = exchange(running.address, &post(request, "")).await;
        assert_eq!(status, 200, "{reply}");
        let reply: Value = serde_json::from_str(&reply).expect("JSON");
        let expected: Value = serde_json::from_str(expected).expect("JSON");
        assert_eq!(reply, expected);
    }
}

#[tokio::test]
async fn shutdown_finishes_the_request_in_flight_then_returns() {
    let mut running = start(HttpConfig::default()).await;
    let mut idle = TcpStream::connect(running.address).await.expect("connects");
    idle.write_all(post(LIST, "").as_bytes())
        .await
        .expect("writes");
    assert_eq!(response(&mut idle).await.0, 200);
    let mut slow = TcpStream::connect(running.address).await.expect("connects");
    let request = post(LIST, "");
    let (head, rest) = request.split_at(request.len() - 5);
    slow.write_all(head.as_bytes()).await.expect("writes");
    tokio::time::sleep(Duration::from_millis(100)).await;
    running
        .stop
        .take()
        .expect("once")
        .send(())
        .expect("the server listens");
    assert!(
        closed(&mut idle, Duration::from_secs(2)).await,
        "the idle connection is closed"
    );
    slow.write_all(rest.as_bytes()).await.expect("writes");
    assert_eq!(response(&mut slow).await.0, 200);
    tokio::time::timeout(Duration::from_secs(5), running.served)
        .await
        .expect("serve returns")
        .expect("no panic");
}

mod attack;
mod head;
mod slow;
