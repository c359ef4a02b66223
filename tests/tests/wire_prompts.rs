//! Prompts (wire format §19) byte for byte against MCP Fusion: every `prompts` case of
//! `tests/fixtures/upstream/wire.json` (upstream's `PromptMessage.fromView(presenter.make(data))`,
//! the definitions' directives as `.llmHint()`s) against the generated presenters'
//! `prompt_messages` / `collection_prompt_messages`, serialized as MCP prompt messages, and the
//! same messages through rmcp's `PromptMessage`.

use fusion_runtime::{Declared, PromptMessage};
use fusion_tests::snapshots::wire::notice::NoticePresenter;
use fusion_tests::snapshots::wire::payment::PaymentPresenter;
use fusion_tests::snapshots::wire::record::RecordPresenter;
use fusion_tests::snapshots::wire::ticket::TicketPresenter;
use serde_json::Value;

const WIRE: &str = include_str!("../fixtures/upstream/wire.json");

/// The messages of an item, or of a collection when the data is an array.
macro_rules! messages {
    ($presenter:expr, $data:expr) => {
        match $data {
            Value::Array(_) => $presenter.collection_prompt_messages(
                &serde_json::from_value::<Vec<_>>($data.clone()).expect("items"),
            ),
            _ => {
                $presenter.prompt_messages(&serde_json::from_value($data.clone()).expect("an item"))
            }
        }
    };
}

fn cases() -> Vec<(String, Vec<PromptMessage>, Value)> {
    let fixture: Value = serde_json::from_str(WIRE).expect("wire.json is JSON");
    let cases = fixture["prompts"].as_array().expect("prompt cases");
    assert!(cases.len() >= 8, "the fixture lost cases: {}", cases.len());
    cases
        .iter()
        .map(|case| {
            let name = case["name"].as_str().expect("name").to_owned();
            let data = &case["data"];
            let messages = match case["presenter"].as_str().expect("presenter") {
                "payment" => messages!(PaymentPresenter, data),
                "record" => messages!(RecordPresenter, data),
                "ticket" => messages!(TicketPresenter, data),
                "notice" => messages!(NoticePresenter, data),
                other => panic!("{name}: no presenter {other}"),
            };
            (name, messages, case["expected_messages"].clone())
        })
        .collect()
}

#[test]
fn every_upstream_prompt_case_is_byte_identical() {
    for (name, messages, expected) in cases() {
        let ours = serde_json::to_value(&messages).expect("serializes");
        assert_eq!(ours, expected, "{name}");
        // Byte for byte too: each text exactly, and the JSON in upstream's key order.
        for (message, wanted) in messages.iter().zip(expected.as_array().expect("messages")) {
            assert_eq!(
                message.text,
                wanted["content"]["text"].as_str().expect("text"),
                "{name}"
            );
        }
        assert_eq!(
            serde_json::to_string(&messages).expect("serializes"),
            serde_json::to_string(&expected).expect("serializes"),
            "{name}"
        );
    }
}

#[test]
fn rmcp_prompt_messages_carry_the_same_json() {
    for (name, messages, expected) in cases() {
        let converted: Vec<rmcp::model::PromptMessage> =
            messages.into_iter().map(Into::into).collect();
        assert_eq!(
            serde_json::to_value(&converted).expect("serializes"),
            expected,
            "{name}"
        );
    }
}
