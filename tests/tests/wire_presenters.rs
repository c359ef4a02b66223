//! Auto rules and directives (wire format §5) byte for byte against MCP Fusion: every
//! `auto_rules` and `directives` case of `tests/fixtures/upstream/wire.json` (upstream's
//! `definePresenter(..).make(data)`, with `.llmHint(..)` for directives) presented by the
//! generated presenters of `tests/corpus/wire/`.

use fusion_runtime::{Presenter, ToolResponse};
use fusion_tests::snapshots::wire::notice::NoticePresenter;
use fusion_tests::snapshots::wire::ticket::{Ticket, TicketPresenter};
use serde_json::Value;

const WIRE: &str = include_str!("../fixtures/upstream/wire.json");

fn cases(feature: &str) -> Vec<Value> {
    let fixture: Value = serde_json::from_str(WIRE).expect("wire.json is JSON");
    fixture[feature].as_array().expect("cases").clone()
}

/// Presents a case's data (one item, or a collection when it is an array) with `P`.
fn present<P: Presenter>(presenter: &P, data: &Value) -> ToolResponse
where
    P::Item: serde::de::DeserializeOwned,
{
    match data {
        Value::Array(_) => {
            let items: Vec<P::Item> = serde_json::from_value(data.clone()).expect("items");
            presenter.present_collection(&items)
        }
        _ => presenter.present(&serde_json::from_value(data.clone()).expect("an item")),
    }
}

fn check(feature: &str, minimum: usize, respond: impl Fn(&str, &Value) -> ToolResponse) {
    let cases = cases(feature);
    assert!(
        cases.len() >= minimum,
        "the fixture lost cases: {}",
        cases.len()
    );
    for case in &cases {
        let name = case["name"].as_str().expect("name");
        let presenter = case["presenter"].as_str().expect("presenter");
        let expected: Vec<&str> = case["expected_texts"]
            .as_array()
            .expect("texts")
            .iter()
            .map(|t| t.as_str().expect("a text"))
            .collect();
        let response = respond(presenter, &case["data"]);
        assert_eq!(response.texts(), expected.as_slice(), "{name}");
        assert_eq!(response.is_error(), None, "{name}");
    }
}

#[test]
fn every_upstream_auto_rules_case_is_byte_identical() {
    check("auto_rules", 4, |presenter, data| {
        assert_eq!(presenter, "ticket");
        present(&TicketPresenter, data)
    });
}

#[test]
fn auto_rules_are_in_the_test_view_before_the_declared_rules() {
    let ticket: Ticket =
        serde_json::from_value(serde_json::json!({"id": "T-1", "priority": 1, "status": "open"}))
            .expect("a ticket");
    let response = TicketPresenter.present(&ticket);
    let rules = response
        .test_view()
        .expect("a view")
        .system_rules()
        .to_vec();
    assert_eq!(
        rules.first().map(|r| &**r),
        Some("priority: Priority from 1 (urgent) to 5 (whenever).")
    );
    assert_eq!(rules.last().map(|r| &**r), Some("Never promise a date."));
    assert_eq!(rules.len(), 6, "tags has no description: {rules:?}");
}

#[test]
fn every_upstream_directives_case_is_byte_identical() {
    check("directives", 3, |presenter, data| {
        assert_eq!(presenter, "notice");
        present(&NoticePresenter, data)
    });
}
