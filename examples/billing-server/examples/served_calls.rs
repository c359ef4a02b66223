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
//! every call goes through the gate. No `tracing` subscriber is installed: the figures are the
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
        if way.starts_with("rmcp-") {
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

fn text_len(result: &rmcp::model::CallToolResult) -> usize {
    assert_ne!(result.is_error, Some(true), "{result:?}");
    result
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|text| text.text.len()))
        .sum()
}
