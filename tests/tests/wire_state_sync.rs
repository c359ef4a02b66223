//! State sync (wire format §17) byte for byte against MCP Fusion: every `state_sync` case of
//! `tests/fixtures/upstream/wire.json` (upstream's `attachToServer` with a state-sync policy,
//! answering `tools/call`), through the runtime and through the generated `helpdesk` tool.

use fusion_runtime::{Presenter, ToolResponse, egress, state_sync};
use fusion_tests::block_on;
use fusion_tests::snapshots::wire::helpdesk_tool::{
    self, HelpdeskCloseInput, HelpdeskGetInput, HelpdeskHandler,
};
use fusion_tests::snapshots::wire::ticket::{Ticket, TicketPresenter};
use serde_json::{Value, json};

const WIRE: &str = include_str!("../fixtures/upstream/wire.json");

fn cases() -> Vec<Value> {
    let fixture: Value = serde_json::from_str(WIRE).expect("wire.json is JSON");
    fixture["state_sync"].as_array().expect("cases").clone()
}

fn expected(case: &Value) -> (Vec<String>, Option<bool>) {
    let texts = case["expected"]["texts"]
        .as_array()
        .expect("texts")
        .iter()
        .map(|t| t.as_str().expect("a text").to_owned())
        .collect();
    (texts, case["expected"]["is_error"].as_bool())
}

#[test]
fn every_upstream_state_sync_case_is_byte_identical() {
    let cases = cases();
    assert!(cases.len() >= 6, "the fixture lost cases: {}", cases.len());
    for case in &cases {
        let name = case["name"].as_str().expect("name");
        let reply = &case["handler_reply"];
        let mut response = match reply["text"].as_str() {
            Some(text) => ToolResponse::text(text),
            None => fusion_runtime::error(
                reply["error"].as_str().expect("error"),
                reply["code"].as_str(),
            ),
        };
        if let Some(cap) = case["max_payload_bytes"].as_u64() {
            response = egress::guard(response, cap);
        }
        if let Some(patterns) = case["invalidates"].as_array() {
            let patterns: Vec<&str> = patterns
                .iter()
                .map(|p| p.as_str().expect("a pattern"))
                .collect();
            let cause = format!(
                "{}.{}",
                case["tool"].as_str().expect("tool"),
                case["action"].as_str().expect("action")
            );
            response = state_sync::invalidate(response, &cause, &patterns);
        }
        let (texts, is_error) = expected(case);
        assert_eq!(response.texts(), texts.as_slice(), "{name}");
        assert_eq!(response.is_error(), is_error, "{name}: isError");
    }
}

struct Desk;

impl HelpdeskHandler for Desk {
    type Error = &'static str;

    async fn get(
        &self,
        _: HelpdeskGetInput,
    ) -> Result<fusion_runtime::Reply<Ticket>, &'static str> {
        Err("not used")
    }

    async fn list(&self) -> Result<fusion_runtime::Reply<Vec<Ticket>>, &'static str> {
        Err("not used")
    }

    async fn close(&self, args: HelpdeskCloseInput) -> Result<ToolResponse, &'static str> {
        match args.id.as_str() {
            "T-1" => Ok(ToolResponse::text("Closed")),
            _ => Err("no such ticket"),
        }
    }
}

#[test]
fn the_generated_tool_decorates_its_invalidating_action_as_upstream() {
    let case = cases()
        .into_iter()
        .find(|c| c["name"] == "helpdesk_close")
        .expect("the helpdesk case");
    let response = block_on(helpdesk_tool::call(
        &Desk,
        &json!({"action": "close", "id": "T-1"}),
    ));
    let (texts, is_error) = expected(&case);
    assert_eq!(response.texts(), texts.as_slice());
    assert_eq!(response.is_error(), is_error);
    let failed = block_on(helpdesk_tool::call(
        &Desk,
        &json!({"action": "close", "id": "T-9"}),
    ));
    assert_eq!(failed.is_error(), Some(true));
    assert_eq!(failed.texts().len(), 1, "a failure invalidates nothing");
}

#[test]
fn the_test_view_still_finds_the_data_block_after_the_invalidation_block() {
    let ticket: Ticket =
        serde_json::from_value(json!({"id": "T-1", "priority": 1, "status": "open"}))
            .expect("a ticket");
    let response = state_sync::invalidate(
        TicketPresenter.present(&ticket),
        "helpdesk.get",
        &["helpdesk.*"],
    );
    let view = response.test_view().expect("a presenter's view");
    assert_eq!(view.data()["id"], "T-1");
}
