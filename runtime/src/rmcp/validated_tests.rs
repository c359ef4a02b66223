//! Checks after validation on hand-written tools: one that does not validate gets them from the
//! server, before it is called; the checks hold the call's place in the concurrency gate; a
//! tool that runs another tool inside its call does not check the inner call again.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use rmcp::model::{Extensions, JsonObject};
use serde_json::{Value, json};
use tokio::sync::Semaphore;

use super::{CheckFuture, FusionServer, ValidatedCall, ValidatedMiddleware};
use crate::trace::Steps;
use crate::{
    ActionInfo, Concurrency, HandlerError, ServedTool, ToolFuture, ToolInfo, ToolResponse,
};

static PLAIN: ToolInfo = ToolInfo {
    name: "plain",
    title: None,
    description: "Answers its arguments, validating nothing",
    input_schema: r#"{"type":"object"}"#,
    output_schema: None,
    read_only: false,
    destructive: true,
    idempotent: false,
    open_world: Some(false),
};

/// A hand-written tool that does not validate: counts its calls.
struct Plain(Arc<AtomicUsize>);

impl ServedTool for Plain {
    fn info(&self) -> &'static ToolInfo {
        &PLAIN
    }
    fn call<'a>(&'a self, arguments: &'a Value) -> ToolFuture<'a> {
        self.0.fetch_add(1, Ordering::SeqCst);
        Box::pin(async move { ToolResponse::text(arguments.to_string()) })
    }
}

/// Refuses a call whose input (as the arguments' `Value`) has `"deny": true`, and records what
/// it saw.
struct DenyFlag(Arc<std::sync::Mutex<Vec<String>>>);

impl ValidatedMiddleware for DenyFlag {
    fn check<'a>(&'a self, call: ValidatedCall<'a>) -> CheckFuture<'a> {
        let input = call.input::<Value>().cloned();
        self.0.lock().unwrap().push(format!(
            "{} {:?} destructive={} {}",
            call.tool.name,
            call.action.map(|action| action.name),
            call.destructive(),
            input
                .as_ref()
                .map_or("not a Value".to_owned(), Value::to_string),
        ));
        Box::pin(async move {
            match input {
                Some(input) if input["deny"] == true => Err(HandlerError::forbidden("denied")),
                _ => Ok(()),
            }
        })
    }
}

fn object(value: Value) -> Option<JsonObject> {
    match value {
        Value::Object(map) => Some(map),
        _ => None,
    }
}

#[tokio::test]
async fn a_tool_that_does_not_validate_is_checked_before_it_is_called() {
    let calls = Arc::new(AtomicUsize::new(0));
    let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
    let server = FusionServer::new("t", "0")
        .with_tool(Plain(Arc::clone(&calls)))
        .unwrap()
        .with_validated_middleware(DenyFlag(Arc::clone(&seen)));

    let refused = server
        .call("plain", object(json!({"deny": true})))
        .await
        .unwrap();
    assert_eq!(refused.is_error, Some(true));
    assert!(
        refused.content[0]
            .as_text()
            .unwrap()
            .text
            .contains(r#"code="FORBIDDEN""#),
        "{refused:?}"
    );
    assert_eq!(
        calls.load(Ordering::SeqCst),
        0,
        "refused before the tool was called"
    );

    let passed = server
        .call("plain", object(json!({"deny": false})))
        .await
        .unwrap();
    assert_eq!(
        passed.content[0].as_text().unwrap().text,
        r#"{"deny":false}"#
    );
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    assert_eq!(
        *seen.lock().unwrap(),
        [
            r#"plain None destructive=true {"deny":true}"#,
            r#"plain None destructive=true {"deny":false}"#,
        ]
    );
}

static GATED: ToolInfo = ToolInfo {
    name: "gated",
    destructive: false,
    read_only: true,
    ..PLAIN
};
static RUN: ActionInfo = ActionInfo {
    name: "run",
    read_only: true,
    destructive: false,
    idempotent: true,
};

/// A tool that validates (the arguments must be an object) and runs the checks itself, then
/// counts its handler's runs; `inner`, when set, is called from inside the handler, as a tool
/// that delegates to another would.
struct Validating {
    handled: Arc<AtomicUsize>,
    inner: Option<Arc<dyn ServedTool>>,
}

impl ServedTool for Validating {
    fn info(&self) -> &'static ToolInfo {
        &GATED
    }
    fn call<'a>(&'a self, arguments: &'a Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let mut steps = Steps::start("gated");
            let Some(input) = arguments.as_object() else {
                return steps.rejected(crate::validation_error("gated/run", &[]));
            };
            steps.validated("run");
            if let Err(refused) = steps.admit(&RUN, input).await {
                return refused;
            }
            self.handled.fetch_add(1, Ordering::SeqCst);
            match &self.inner {
                Some(inner) => inner.call(arguments).await,
                None => ToolResponse::text("ran"),
            }
        })
    }
    fn runs_validated_middleware(&self) -> bool {
        true
    }
}

/// Counts the checks, each waiting for a permit of `release` before it passes.
struct Waiting {
    checked: Arc<AtomicUsize>,
    release: Arc<Semaphore>,
}

impl ValidatedMiddleware for Waiting {
    fn check<'a>(&'a self, call: ValidatedCall<'a>) -> CheckFuture<'a> {
        assert!(call.input::<serde_json::Map<String, Value>>().is_some());
        assert_eq!(call.action, Some(&RUN));
        self.checked.fetch_add(1, Ordering::SeqCst);
        Box::pin(async move {
            self.release.acquire().await.expect("open").forget();
            Ok(())
        })
    }
}

#[tokio::test]
async fn a_check_holds_the_call_s_slot_and_an_invalid_call_never_reaches_it() {
    let handled = Arc::new(AtomicUsize::new(0));
    let checked = Arc::new(AtomicUsize::new(0));
    let release = Arc::new(Semaphore::new(0));
    let tool = Validating {
        handled: Arc::clone(&handled),
        inner: None,
    };
    let server = FusionServer::new("t", "0")
        .with_tool(tool)
        .unwrap()
        .with_concurrency("gated", None, Some(Concurrency::new(1, 0)))
        .unwrap()
        .with_validated_middleware(Waiting {
            checked: Arc::clone(&checked),
            release: Arc::clone(&release),
        });

    // Not an object: the validation answers, no check runs (and the slot is free again).
    let invalid = server.call("gated", None).await.unwrap();
    assert_eq!(invalid.is_error, Some(true));
    assert_eq!(checked.load(Ordering::SeqCst), 0);

    let first = tokio::spawn({
        let server = server.clone();
        async move { server.call("gated", object(json!({}))).await.unwrap() }
    });
    // Until the first call reaches its check, or (were the check skipped) its handler.
    while checked.load(Ordering::SeqCst) == 0 && handled.load(Ordering::SeqCst) == 0 {
        tokio::task::yield_now().await;
    }
    assert_eq!(
        checked.load(Ordering::SeqCst),
        1,
        "the first call is in its check"
    );
    // The first call waits in its check, in the only slot: the next one is busy.
    let busy = server.call("gated", object(json!({}))).await.unwrap();
    assert!(
        busy.content[0]
            .as_text()
            .unwrap()
            .text
            .contains("SERVER_BUSY"),
        "{busy:?}"
    );
    assert_eq!(
        handled.load(Ordering::SeqCst),
        0,
        "the handler waits for the check"
    );
    release.add_permits(1);
    let first = first.await.unwrap();
    assert_eq!(first.content[0].as_text().unwrap().text, "ran");
    assert_eq!(handled.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn a_call_made_inside_a_checked_call_is_not_checked_again() {
    let handled = Arc::new(AtomicUsize::new(0));
    let checked = Arc::new(AtomicUsize::new(0));
    let release = Arc::new(Semaphore::new(10));
    let inner: Arc<dyn ServedTool> = Arc::new(Validating {
        handled: Arc::clone(&handled),
        inner: None,
    });
    let outer = Validating {
        handled: Arc::clone(&handled),
        inner: Some(inner),
    };
    let server = FusionServer::new("t", "0")
        .with_tool(outer)
        .unwrap()
        .with_validated_middleware(Waiting {
            checked: Arc::clone(&checked),
            release,
        });
    let answer = server
        .call_with("gated", object(json!({})), &Extensions::new())
        .await
        .unwrap();
    assert_eq!(answer.content[0].as_text().unwrap().text, "ran");
    assert_eq!(handled.load(Ordering::SeqCst), 2, "both handlers ran");
    assert_eq!(
        checked.load(Ordering::SeqCst),
        1,
        "the outer call's checks ran once"
    );
}
