//! The concurrency gate under load, a cancelled queued call, and the race against cancellation.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::Semaphore;

use super::{FusionServer, cancel};
use crate::{Concurrency, Limits, ServedTool, ToolFuture, ToolInfo, ToolResponse};

static SLOW: ToolInfo = ToolInfo {
    name: "slow",
    title: None,
    description: "Waits for the test to let it finish",
    input_schema: r#"{"type":"object","properties":{"action":{"type":"string"}},"required":["action"]}"#,
    output_schema: None,
    read_only: true,
    destructive: false,
    idempotent: true,
    open_world: Some(false),
};

/// A tool whose calls count themselves in and wait for a permit of `release`.
struct Slow {
    limits: Limits,
    started: Arc<AtomicUsize>,
    release: Arc<Semaphore>,
}

impl ServedTool for Slow {
    fn info(&self) -> &'static ToolInfo {
        &SLOW
    }

    fn call<'a>(&'a self, _arguments: &'a Value) -> ToolFuture<'a> {
        Box::pin(async move {
            self.started.fetch_add(1, Ordering::SeqCst);
            self.release.acquire().await.expect("open").forget();
            ToolResponse::text("done")
        })
    }

    fn limits(&self) -> Limits {
        self.limits
    }
}

fn slow(limit: Concurrency) -> (FusionServer, Arc<AtomicUsize>, Arc<Semaphore>) {
    let started = Arc::new(AtomicUsize::new(0));
    let release = Arc::new(Semaphore::new(0));
    let tool = Slow {
        limits: Limits {
            tool: Some(limit),
            actions: &[],
        },
        started: Arc::clone(&started),
        release: Arc::clone(&release),
    };
    let server = FusionServer::new("t", "1")
        .with_tool(tool)
        .expect("one tool");
    (server, started, release)
}

fn arguments() -> Option<crate::__private::args::Map<String, Value>> {
    match json!({"action": "run"}) {
        Value::Object(map) => Some(map),
        _ => None,
    }
}

fn text(result: &rmcp::model::CallToolResult) -> String {
    serde_json::to_value(result).expect("serializes")["content"][0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Lets every spawned call run until it waits.
async fn settle() {
    for _ in 0..20 {
        tokio::task::yield_now().await;
    }
}

const BUSY_2_5: &str = "<tool_error code=\"SERVER_BUSY\" severity=\"error\">\n<message>Tool \"slow\" is at capacity (2 active, 5 queued). Retry after a short delay.</message>\n<recovery>Reduce the number of concurrent calls to this tool. Send requests sequentially or in smaller batches.</recovery>\n</tool_error>";

#[tokio::test(flavor = "current_thread")]
async fn fifty_calls_on_two_active_and_five_queued_run_seven_and_refuse_the_rest() {
    let (server, started, release) = slow(Concurrency::new(2, 5));
    let mut calls = tokio::task::JoinSet::new();
    for _ in 0..50 {
        let server = server.clone();
        calls.spawn(async move { server.call("slow", arguments()).await.expect("served") });
    }
    settle().await;
    assert_eq!(started.load(Ordering::SeqCst), 2, "two run");
    let mut refused = 0;
    while let Some(done) = calls.try_join_next() {
        let result = done.expect("no panic");
        assert_eq!(result.is_error, Some(true));
        assert_eq!(text(&result), BUSY_2_5);
        refused += 1;
    }
    assert_eq!(
        refused, 43,
        "all but 2 running and 5 queued are refused at once"
    );
    release.add_permits(7);
    let finished = tokio::time::timeout(Duration::from_secs(5), calls.join_all())
        .await
        .expect("no deadlock");
    assert_eq!(finished.len(), 7);
    assert!(finished.iter().all(|result| text(result) == "done"));
    assert_eq!(
        started.load(Ordering::SeqCst),
        7,
        "the queued five ran in turn"
    );
    // The gate is empty again: a new call runs.
    release.add_permits(1);
    assert_eq!(
        text(&server.call("slow", arguments()).await.expect("served")),
        "done"
    );
}

#[tokio::test(flavor = "current_thread")]
async fn a_cancelled_queued_call_leaves_the_queue() {
    let (server, started, release) = slow(Concurrency::new(1, 1));
    let running = tokio::spawn({
        let server = server.clone();
        async move { server.call("slow", arguments()).await }
    });
    let queued = tokio::spawn({
        let server = server.clone();
        async move { server.call("slow", arguments()).await }
    });
    settle().await;
    let busy = server.call("slow", arguments()).await.expect("served");
    assert!(
        text(&busy).contains("(1 active, 1 queued)"),
        "{}",
        text(&busy)
    );
    // The client cancels the queued call: its future is dropped, and its place is free.
    queued.abort();
    assert!(queued.await.expect_err("aborted").is_cancelled());
    let next = tokio::spawn({
        let server = server.clone();
        async move { server.call("slow", arguments()).await }
    });
    settle().await;
    assert!(!next.is_finished(), "queued, not refused");
    release.add_permits(2);
    for call in [running, next] {
        let result = call.await.expect("no panic").expect("served");
        assert_eq!(text(&result), "done");
    }
    assert_eq!(
        started.load(Ordering::SeqCst),
        2,
        "the cancelled call never ran"
    );
}

#[tokio::test(flavor = "current_thread")]
async fn an_override_replaces_or_lifts_the_declared_limit() {
    let (server, started, release) = slow(Concurrency::new(1, 0));
    let server = server
        .with_concurrency("slow", None, None)
        .expect("served tool");
    let calls: Vec<_> = (0..3)
        .map(|_| {
            let server = server.clone();
            tokio::spawn(async move { server.call("slow", arguments()).await })
        })
        .collect();
    settle().await;
    assert_eq!(started.load(Ordering::SeqCst), 3, "no limit any more");
    release.add_permits(3);
    for call in calls {
        assert_eq!(text(&call.await.expect("ok").expect("served")), "done");
    }
    assert!(server.with_concurrency("nope", None, None).is_err());
}

/// Sets its flag when dropped.
struct Dropped(Arc<AtomicBool>);

impl Drop for Dropped {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_cancelled_call_drops_its_future_at_once() {
    let dropped = Arc::new(AtomicBool::new(false));
    let guard = Dropped(Arc::clone(&dropped));
    let never = async move {
        let _guard = guard;
        std::future::pending::<()>().await;
    };
    let cancelled = tokio::time::sleep(Duration::from_millis(10));
    assert_eq!(cancel::unless(cancelled, never).await, None);
    assert!(
        dropped.load(Ordering::SeqCst),
        "the handler's future is gone"
    );
    // A call that is done wins.
    assert_eq!(
        cancel::unless(std::future::ready(()), async { 7 }).await,
        Some(7)
    );
}
