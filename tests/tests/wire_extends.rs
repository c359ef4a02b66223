//! Presenter inheritance (`extends`) byte for byte against MCP Fusion: every `extends` case of
//! `tests/fixtures/upstream/wire.json` (upstream's `extendPresenter(base, overrides).make(data)`
//! for `payment`, `definePresenter(base)` for `record`, with fast-redact loaded and the
//! definitions' directives as `.llmHint()`s) presented by the generated presenters of
//! `tests/corpus/wire/` (`payment.yaml` extends `record.yaml`).

use fusion_runtime::{Presenter, ToolResponse};
use fusion_tests::snapshots::wire::payment::{Payment, PaymentPresenter};
use fusion_tests::snapshots::wire::record::RecordPresenter;
use serde_json::Value;

const WIRE: &str = include_str!("../fixtures/upstream/wire.json");

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

#[test]
fn every_upstream_extends_case_is_byte_identical() {
    let fixture: Value = serde_json::from_str(WIRE).expect("wire.json is JSON");
    let cases = fixture["extends"].as_array().expect("extends cases");
    assert!(cases.len() >= 9, "the fixture lost cases: {}", cases.len());
    for case in cases {
        let name = case["name"].as_str().expect("name");
        let expected: Vec<&str> = case["expected_texts"]
            .as_array()
            .expect("texts")
            .iter()
            .map(|t| t.as_str().expect("a text"))
            .collect();
        let response = match case["presenter"].as_str().expect("presenter") {
            "payment" => present(&PaymentPresenter, &case["data"]),
            "record" => present(&RecordPresenter, &case["data"]),
            other => panic!("{name}: no presenter {other}"),
        };
        assert_eq!(response.texts(), expected.as_slice(), "{name}");
    }
}

#[test]
fn the_child_struct_holds_the_base_fields_first() {
    let payment: Payment = serde_json::from_value(serde_json::json!({
        "refunded": false, "method": "transfer", "amount_cents": 5, "id": "P-9"
    }))
    .expect("a payment");
    let texts = PaymentPresenter.present(&payment).into_texts();
    assert_eq!(
        texts[0],
        "{\n  \"id\": \"P-9\",\n  \"amount_cents\": 5,\n  \"method\": \"transfer\",\n  \"refunded\": false\n}"
    );
}
