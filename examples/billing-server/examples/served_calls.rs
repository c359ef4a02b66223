//! Instruction counts of served calls (docs/performance.md, "Served calls"): makes `calls` calls
//! of the example server in one thread, so that callgrind counts the same work at any commit.
//!
//!     cargo build --release -p fusion-example-billing-server --example served_calls
//!     valgrind --tool=callgrind --callgrind-out-file=/tmp/get.out \
//!       target/release/examples/served_calls get 2000
//!
//! Ways: `get` (`billing/get` of one invoice: a small answer, so the per-call machinery shows)
//! and `list` (a 50-invoice page, the load benchmark's call) through `FusionServer::call`;
//! `rmcp-get`, the same `get` as a JSON-RPC request from rmcp's client over an in-process pipe
//! (rmcp's protocol handling, the cancellation race and the progress scope included); `get-gated`
//! and `rmcp-get-gated`, the same with a concurrency limit on `billing` that never fills, so
//! every call goes through the gate. `stdio-get` and `stdio-list` send the same call as lines
//! over an in-process pipe to `fusion_runtime::stdio`'s transport answering plain calls in one
//! write (issue 41); `stdio-rmcp-get` and `stdio-rmcp-list`, to the same transport handing
//! every line to rmcp. No `tracing` subscriber is installed: the figures are the
//! cost of the spans when nobody listens. Per call: the difference between two call counts,
//! over their difference (the setup cancels out).

use fusion_example_billing_server::{Store, server};
use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, JsonObject};
use serde_json::json;

fn arguments(way: &str) -> JsonObject {
    let value = if way.contains("list") {
        json!({"action": "list", "limit": 50})
    } else {
        json!({"action": "get", "id": "INV-000001"})
    };
    match value {
        serde_json::Value::Object(map) => map,
        _ => unreachable!("an object literal"),
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let way = args.next().unwrap_or_else(|| "get".to_owned());
    let calls: usize = args
        .next()
        .map_or(1000, |n| n.parse().expect("a call count"));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let server = server(Store::seeded(200)).expect("the example's tools");
    // gate-begin: the limit (issue 42) does not exist before 590303b.
    let server = if way.ends_with("-gated") {
        server
            .with_concurrency(
                "billing",
                None,
                Some(fusion_runtime::Concurrency::new(1 << 20, 0)),
            )
            .expect("billing is served")
    } else {
        server
    };
    // gate-end
    let arguments = arguments(&way);
    let bytes = runtime.block_on(async move {
        let mut bytes = 0;
        if let Some(rest) = way.strip_prefix("stdio-") {
            let direct = !rest.starts_with("rmcp-");
            bytes = over_lines(server, direct, &arguments, calls).await;
        } else if way.starts_with("rmcp-") {
            let (client_io, server_io) = tokio::io::duplex(1 << 16);
            let serving = tokio::spawn(async move {
                let running = server.serve(server_io).await.expect("initialize");
                let _ = running.waiting().await;
            });
            let client = ().serve(client_io).await.expect("initialize");
            for _ in 0..calls {
                let request =
                    CallToolRequestParams::new("billing").with_arguments(arguments.clone());
                let result = client.call_tool(request).await.expect("an answer");
                bytes += text_len(&result);
            }
            client.cancel().await.expect("the client stops");
            let _ = serving.await;
        } else if way != "none" {
            for _ in 0..calls {
                let result = server
                    .call("billing", Some(arguments.clone()))
                    .await
                    .expect("billing is served");
                bytes += text_len(&result);
            }
        }
        bytes
    });
    println!("{bytes} bytes answered");
}

/// `calls` calls as lines to the stdio transport over a pipe, one at a time; the bytes of the
/// answer lines.
async fn over_lines(
    server: fusion_runtime::rmcp::FusionServer,
    direct: bool,
    arguments: &JsonObject,
    calls: usize,
) -> usize {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let (mut client_out, server_in) = tokio::io::duplex(1 << 16);
    let (server_out, client_in) = tokio::io::duplex(1 << 16);
    let mut transport = fusion_runtime::stdio::LineTransport::new(server_in, server_out);
    if direct {
        transport = transport.with_direct_calls(server.clone());
    }
    tokio::spawn(async move {
        if let Ok(running) = server.serve(transport).await {
            let _ = running.waiting().await;
        }
    });
    let mut reader = BufReader::new(client_in);
    let mut line = String::new();
    let initialize = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"calls","version":"1"}}}"#;
    client_out
        .write_all(format!("{initialize}\n").as_bytes())
        .await
        .expect("writes");
    reader.read_line(&mut line).await.expect("initialized");
    let initialized = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    client_out
        .write_all(format!("{initialized}\n").as_bytes())
        .await
        .expect("writes");
    let call = serde_json::json!({
        "jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "billing", "arguments": arguments},
    });
    let call = format!("{call}\n");
    let mut bytes = 0;
    for _ in 0..calls {
        client_out.write_all(call.as_bytes()).await.expect("writes");
        line.clear();
        bytes += reader.read_line(&mut line).await.expect("an answer");
        assert!(line.contains(r#""result":"#), "{line}");
    }
    bytes
}

fn text_len(result: &rmcp::model::CallToolResult) -> usize {
    assert_ne!(result.is_error, Some(true), "{result:?}");
    result
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|text| text.text.len()))
        .sum()
}
