//! One `tracing` span per tool call (issue 42): a subscriber of the test's own records the spans
//! of a success, a validation error, an unknown action, a handler error, a system error and a
//! call refused by the concurrency limit, with their attributes, and the debug events of the
//! steps. The runtime installs no subscriber: this one is scoped to each call.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use fusion_example_billing_server::{FAILING_INVOICE, Store, server};
use serde_json::{Value, json};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};
use tracing_core::span::Current;

/// Every span's fields as text, and every event's message, in order.
#[derive(Default)]
struct Recorded {
    spans: Vec<(&'static Metadata<'static>, BTreeMap<String, String>)>,
    events: Vec<String>,
}

/// A subscriber that keeps everything (one thread: the entered spans are one stack).
#[derive(Clone, Default)]
struct Recorder {
    recorded: Arc<Mutex<Recorded>>,
    entered: Arc<Mutex<Vec<(Id, &'static Metadata<'static>)>>>,
}

struct Fields<'a>(&'a mut BTreeMap<String, String>);

impl Visit for Fields<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.0.insert(field.name().to_owned(), format!("{value:?}"));
    }
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().to_owned(), value.to_owned());
    }
}

impl Subscriber for Recorder {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, span: &Attributes<'_>) -> Id {
        let mut fields = BTreeMap::new();
        span.record(&mut Fields(&mut fields));
        let mut recorded = self.recorded.lock().unwrap();
        recorded.spans.push((span.metadata(), fields));
        Id::from_u64(recorded.spans.len() as u64)
    }
    fn record(&self, span: &Id, values: &Record<'_>) {
        let mut recorded = self.recorded.lock().unwrap();
        let index = usize::try_from(span.into_u64()).unwrap() - 1;
        values.record(&mut Fields(&mut recorded.spans[index].1));
    }
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, event: &Event<'_>) {
        let mut fields = BTreeMap::new();
        event.record(&mut Fields(&mut fields));
        let message = fields.remove("message").unwrap_or_default();
        self.recorded.lock().unwrap().events.push(message);
    }
    fn enter(&self, span: &Id) {
        let index = usize::try_from(span.into_u64()).unwrap() - 1;
        let metadata = self.recorded.lock().unwrap().spans[index].0;
        self.entered.lock().unwrap().push((span.clone(), metadata));
    }
    fn exit(&self, _: &Id) {
        self.entered.lock().unwrap().pop();
    }
    fn current_span(&self) -> Current {
        match self.entered.lock().unwrap().last() {
            Some((id, metadata)) => Current::new(id.clone(), metadata),
            None => Current::none(),
        }
    }
}

/// Calls `tool` with `arguments` under a fresh recorder: the one span's fields, and the events.
fn traced(tool: &str, arguments: Value) -> (BTreeMap<String, String>, Vec<String>) {
    let server = server(Store::seeded(5)).expect("server");
    let recorder = Recorder::default();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    tracing::subscriber::with_default(recorder.clone(), || {
        let Value::Object(map) = arguments else {
            panic!("arguments are an object")
        };
        runtime
            .block_on(server.call(tool, Some(map)))
            .expect("served");
    });
    let mut recorded = recorder.recorded.lock().unwrap();
    assert_eq!(recorded.spans.len(), 1, "one span per call");
    let (metadata, call) = recorded.spans[0].clone();
    assert_eq!(metadata.name(), "mcp.tool");
    assert_eq!(call.get("mcp.tool_name").map(String::as_str), Some(tool));
    (call, std::mem::take(&mut recorded.events))
}

fn assert_fields(fields: &BTreeMap<String, String>, expected: &[(&str, &str)]) {
    for (key, value) in expected {
        assert_eq!(
            fields.get(*key).map(String::as_str),
            Some(*value),
            "{key} in {fields:#?}"
        );
    }
}

fn assert_timed(fields: &BTreeMap<String, String>, keys: &[&str]) {
    for key in keys {
        let value = fields
            .get(*key)
            .unwrap_or_else(|| panic!("{key} in {fields:#?}"));
        assert!(value.parse::<u64>().is_ok(), "{key} = {value}");
    }
}

#[test]
fn a_success_is_ok_with_action_times_and_size() {
    let (fields, events) = traced("billing", json!({"action": "get", "id": "INV-000001"}));
    assert_fields(
        &fields,
        &[
            ("otel.name", "mcp.tool.billing"),
            ("mcp.tool", "billing"),
            ("mcp.tool_name", "billing"),
            ("mcp.action", "get"),
            ("mcp.is_error", "false"),
            ("otel.status_code", "OK"),
        ],
    );
    assert_timed(
        &fields,
        &["mcp.validation_us", "mcp.handler_us", "mcp.response_size"],
    );
    assert!(!fields.contains_key("mcp.error_type"), "{fields:#?}");
    assert_eq!(
        events,
        [
            "reading arguments",
            "arguments valid",
            "handler answered",
            "answered"
        ]
    );
    // Never an argument value.
    assert!(!fields.values().any(|value| value.contains("INV-000001")));
}

#[test]
fn a_validation_error_is_the_agents_and_leaves_the_status_unset() {
    let (fields, events) = traced("billing", json!({"action": "get", "id": 7}));
    assert_fields(
        &fields,
        &[
            ("mcp.error_type", "validation_failed"),
            ("mcp.is_error", "true"),
        ],
    );
    assert_timed(&fields, &["mcp.validation_us", "mcp.response_size"]);
    assert!(!fields.contains_key("otel.status_code"), "{fields:#?}");
    assert!(!fields.contains_key("mcp.handler_us"), "{fields:#?}");
    assert_eq!(
        events,
        ["reading arguments", "arguments refused", "answered"]
    );
}

#[test]
fn an_unknown_action_and_a_missing_discriminator_are_told_apart() {
    let (fields, _) = traced("billing", json!({"action": "refund"}));
    assert_fields(
        &fields,
        &[
            ("mcp.error_type", "unknown_action"),
            ("mcp.is_error", "true"),
        ],
    );
    assert!(!fields.contains_key("otel.status_code"));
    assert!(
        !fields.contains_key("mcp.action"),
        "the agent's name is not recorded"
    );
    let (fields, _) = traced("billing", json!({"id": "x"}));
    assert_fields(&fields, &[("mcp.error_type", "missing_discriminator")]);
}

#[test]
fn a_handler_error_leaves_the_status_unset() {
    let (fields, _) = traced("billing", json!({"action": "get", "id": "INV-404"}));
    assert_fields(
        &fields,
        &[
            ("mcp.action", "get"),
            ("mcp.error_type", "handler_error"),
            ("mcp.is_error", "true"),
        ],
    );
    assert!(!fields.contains_key("otel.status_code"), "{fields:#?}");
    assert_timed(&fields, &["mcp.handler_us"]);
}

#[test]
fn a_system_error_sets_the_status_to_error_with_the_failure() {
    let (fields, events) = traced("billing", json!({"action": "get", "id": FAILING_INVOICE}));
    assert_fields(
        &fields,
        &[
            ("mcp.error_type", "system_error"),
            ("mcp.is_error", "true"),
            ("otel.status_code", "ERROR"),
            ("otel.status_message", "the ledger database is unreachable"),
        ],
    );
    assert!(events.contains(&"handler failed".to_owned()));
}

#[test]
fn a_flat_tool_records_its_own_name_and_the_tools() {
    let (fields, _) = traced("reminders_due", json!({}));
    assert_fields(
        &fields,
        &[
            ("mcp.tool", "reminders"),
            ("mcp.tool_name", "reminders_due"),
            ("mcp.action", "due"),
            ("otel.name", "mcp.tool.reminders"),
        ],
    );
}
