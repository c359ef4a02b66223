//! Argument errors (wire format §12) byte for byte against MCP Fusion: every case of
//! `tests/fixtures/upstream/parity.json` (upstream's own sources run by
//! `tests/upstream-parity/run.sh` on the billing tool) sent to the generated billing tool.

use fusion_runtime::{Reply, ToolResponse};
use fusion_tests::block_on;
use fusion_tests::generated::billing_tool::{
    self, BillingGetInput, BillingHandler, BillingListInput, BillingRemindInput,
};
use fusion_tests::generated::invoice::Invoice;
use serde_json::Value;

const PARITY: &str = include_str!("../fixtures/upstream/parity.json");

/// Every case is an argument error, so no action may run: a handler that did would answer
/// `INTERNAL_ERROR` and fail the comparison.
struct NeverCalled;

const NOT_REJECTED: &str = "the arguments were not rejected";

impl BillingHandler for NeverCalled {
    type Error = &'static str;

    async fn get(&self, _: BillingGetInput) -> Result<Reply<Invoice>, &'static str> {
        Err(NOT_REJECTED)
    }

    async fn list(&self, _: BillingListInput) -> Result<Reply<Vec<Invoice>>, &'static str> {
        Err(NOT_REJECTED)
    }

    async fn remind(&self, _: BillingRemindInput) -> Result<ToolResponse, &'static str> {
        Err(NOT_REJECTED)
    }
}

fn cases() -> Vec<Value> {
    let fixture: Value = serde_json::from_str(PARITY).expect("parity.json is JSON");
    fixture["cases"].as_array().expect("cases").clone()
}

#[test]
fn every_upstream_validation_error_is_byte_identical() {
    let cases = cases();
    assert!(cases.len() >= 16, "the fixture lost cases: {}", cases.len());
    let mut mismatches = Vec::new();
    for case in &cases {
        let name = case["name"].as_str().expect("name");
        let expected = case["expected_text"].as_str().expect("expected_text");
        let response = block_on(billing_tool::call(&NeverCalled, &case["arguments"]));
        let wire: Value = serde_json::from_str(&response.to_json()).expect("a response is JSON");
        assert_eq!(wire["isError"], Value::Bool(true), "{name}: not an error");
        assert_eq!(
            wire["content"].as_array().map(Vec::len),
            Some(1),
            "{name}: one block"
        );
        let text = wire["content"][0]["text"].as_str().expect("a text block");
        if text != expected {
            mismatches.push(format!(
                "{name}:\n  ours:     {text:?}\n  upstream: {expected:?}"
            ));
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

/// The `_select` issues are ours alone (upstream never validates `_select`: its answer, recorded
/// beside each such case, says nothing about it); every other case is upstream's real answer.
#[test]
fn only_select_cases_are_deviations() {
    for case in cases() {
        let name = case["name"].as_str().expect("name");
        let touches_select = case["arguments"].get("_select").is_some();
        assert_eq!(case.get("deviation").is_some(), touches_select, "{name}");
        if touches_select {
            let upstream = case["upstream_response"]["text"]
                .as_str()
                .expect("upstream text");
            assert!(!upstream.contains("_select"), "{name}: {upstream}");
            let ours = case["expected_text"].as_str().expect("expected_text");
            assert!(ours.contains("<field name=\"_select"), "{name}: {ours}");
        }
    }
}
