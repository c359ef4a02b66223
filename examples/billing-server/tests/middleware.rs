//! Middleware at both stages on the generated tools (issue 42): a layer before validation sees
//! the arguments as sent and runs around the whole call; the check after validation
//! ([`ReadOnlyCallers`]) sees the action and the typed input, and refuses destructive actions
//! to a read-only caller without the handler running, while an invalid call never reaches it.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use fusion_example_billing_server::access::{Access, ReadOnlyCallers};
use fusion_example_billing_server::{Billing, Store};
use fusion_runtime::ToolFuture;
use fusion_runtime::rmcp::{
    Call, CheckFuture, FusionServer, Middleware, Next, ValidatedCall, ValidatedMiddleware,
};
use rmcp::model::{CallToolResult, Extensions, JsonObject};
use serde_json::{Value, json};

fn arguments(value: Value) -> Option<JsonObject> {
    match value {
        Value::Object(map) => Some(map),
        _ => None,
    }
}

fn text(result: &CallToolResult) -> &str {
    result.content[0].as_text().map_or("", |text| &text.text)
}

fn access(access: Access) -> Extensions {
    let mut extensions = Extensions::new();
    extensions.insert(access);
    extensions
}

/// The example server with the check, its store and the check's audit.
fn guarded() -> (FusionServer, Arc<Store>, Arc<Mutex<Vec<String>>>) {
    let check = ReadOnlyCallers::default();
    let audit = Arc::clone(&check.audit);
    let (server, store) = with_store(|server| server.with_validated_middleware(check));
    (server, store, audit)
}

/// The example's tools over a store the test can read, as `server` builds them, then `more`.
fn with_store(more: impl FnOnce(FusionServer) -> FusionServer) -> (FusionServer, Arc<Store>) {
    let billing = Billing(Arc::new(Store::seeded(20)));
    let store = Arc::clone(&billing.0);
    let server = FusionServer::new("billing-test", "0")
        .with_tool(
            fusion_example_billing_server::generated::billing_tool::BillingTool::new(
                billing.clone(),
            ),
        )
        .and_then(|server| {
            server.with_tool(
                fusion_example_billing_server::generated::reminders_tool::RemindersTool::new(
                    billing,
                ),
            )
        })
        .expect("distinct tools");
    (more(server), store)
}

#[tokio::test]
async fn a_read_only_caller_reads_but_is_refused_a_destructive_action_before_the_handler() {
    let (server, store, audit) = guarded();
    let reader = access(Access::ReadOnly);

    let got = server
        .call_with(
            "billing",
            arguments(json!({"action": "get", "id": "INV-000001"})),
            &reader,
        )
        .await
        .expect("billing is served");
    assert_ne!(got.is_error, Some(true), "{}", text(&got));
    assert!(text(&got).contains("INV-000001"));

    let refused = server
        .call_with(
            "billing",
            arguments(json!({"action": "remind", "id": "INV-000001"})),
            &reader,
        )
        .await
        .expect("billing is served");
    assert_eq!(refused.is_error, Some(true));
    assert_eq!(
        text(&refused),
        "<tool_error code=\"FORBIDDEN\" severity=\"error\">\n\
         <message>billing/remind changes data: this caller may only read.</message>\n\
         <recovery>Use the read-only actions, or ask a user with write access.</recovery>\n\
         </tool_error>"
    );
    // The flat tool's action is checked the same way; nobody established an access at all.
    let flat = server
        .call_with(
            "reminders_send",
            arguments(json!({"id": "INV-000001"})),
            &Extensions::new(),
        )
        .await
        .expect("reminders_send is served");
    assert!(
        text(&flat).contains("reminders_send/send changes data"),
        "{}",
        text(&flat)
    );
    assert_eq!(
        store.reminders_sent(),
        0,
        "a refused call never reaches the handler"
    );
    assert!(audit.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_writer_s_destructive_call_runs_and_is_audited_with_its_typed_input() {
    let (server, store, audit) = guarded();
    let writer = access(Access::ReadWrite);
    let reminded = server
        .call_with(
            "billing",
            arguments(json!({"action": "remind", "id": "INV-000002"})),
            &writer,
        )
        .await
        .expect("billing is served");
    assert!(
        text(&reminded).starts_with("Reminder sent to "),
        "{}",
        text(&reminded)
    );
    assert_eq!(store.reminders_sent(), 1);
    assert_eq!(*audit.lock().unwrap(), ["billing/remind INV-000002"]);
}

/// Counts the calls a check sees.
struct Counting(Arc<AtomicUsize>);

impl ValidatedMiddleware for Counting {
    fn check<'a>(&'a self, _call: ValidatedCall<'a>) -> CheckFuture<'a> {
        self.0.fetch_add(1, Ordering::SeqCst);
        Box::pin(async { Ok(()) })
    }
}

#[tokio::test]
async fn an_invalid_call_is_answered_its_validation_error_and_never_reaches_a_check() {
    let seen = Arc::new(AtomicUsize::new(0));
    let (server, _store) =
        with_store(|server| server.with_validated_middleware(Counting(Arc::clone(&seen))));
    let invalid = [
        json!({"action": "remind"}),
        json!({"action": "remind", "id": 7}),
        json!({"action": "remind", "id": "INV-000001", "extra": true}),
        json!({"action": "nope"}),
        json!({"id": "INV-000001"}),
    ];
    for call in invalid {
        let answer = server
            .call("billing", arguments(call.clone()))
            .await
            .expect("billing is served");
        assert_eq!(answer.is_error, Some(true), "{call}");
        assert!(!text(&answer).contains("FORBIDDEN"), "{call}");
    }
    assert_eq!(seen.load(Ordering::SeqCst), 0);
    let valid = server
        .call(
            "billing",
            arguments(json!({"action": "get", "id": "INV-000001"})),
        )
        .await
        .expect("billing is served");
    assert_ne!(valid.is_error, Some(true));
    assert_eq!(
        seen.load(Ordering::SeqCst),
        1,
        "a valid call is checked once"
    );
}

/// Records the order the stages run in.
struct Stage(&'static str, Arc<Mutex<Vec<String>>>);

impl Middleware for Stage {
    fn call<'a>(&'a self, call: Call<'a>, next: Next<'a>) -> ToolFuture<'a> {
        let seen = format!("{} before: {}", self.0, call.arguments);
        self.1.lock().unwrap().push(seen);
        next.run(call)
    }
}

impl ValidatedMiddleware for Stage {
    fn check<'a>(&'a self, call: ValidatedCall<'a>) -> CheckFuture<'a> {
        let input = call
            .input::<fusion_example_billing_server::generated::billing_tool::BillingGetInput>()
            .map_or("?", |input| input.id.as_str());
        let action = call.action.map_or("", |action| action.name);
        let seen = format!("{} after: {}/{action} {input}", self.0, call.tool.name);
        self.1.lock().unwrap().push(seen);
        Box::pin(async { Ok(()) })
    }
}

#[tokio::test]
async fn layers_run_before_validation_then_checks_after_it_server_s_before_tool_s() {
    let order = Arc::new(Mutex::new(Vec::new()));
    let (server, _store) = with_store(|server| {
        server
            .with_middleware(Stage("server", Arc::clone(&order)))
            .with_validated_middleware(Stage("server", Arc::clone(&order)))
            .with_tool_middleware("billing", Stage("tool", Arc::clone(&order)))
            .and_then(|server| {
                server.with_tool_validated_middleware("billing", Stage("tool", Arc::clone(&order)))
            })
            .expect("billing is served")
    });
    let answer = server
        .call(
            "billing",
            arguments(json!({"action": "get", "id": "INV-000003", "_select": ["id"]})),
        )
        .await
        .expect("billing is served");
    assert_ne!(answer.is_error, Some(true), "{}", text(&answer));
    let sent = r#"{"action":"get","id":"INV-000003","_select":["id"]}"#;
    assert_eq!(
        *order.lock().unwrap(),
        [
            format!("server before: {sent}"),
            format!("tool before: {sent}"),
            "server after: billing/get INV-000003".to_owned(),
            "tool after: billing/get INV-000003".to_owned(),
        ]
    );
    assert!(
        server
            .clone()
            .with_tool_validated_middleware("nope", Counting(Arc::default()))
            .is_err(),
        "an unknown tool is an error"
    );
}
