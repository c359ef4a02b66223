//! Every shape of the corpus (`build.rs`) with its sample rows: the typed JSON writers agree with
//! serde's in both styles, the data block of an item and of a collection is exactly what serde
//! (or, for TOON, the generic encoder over serde's value) writes for the same rows, and every
//! response renders, in one write ([`write_tool_result`]) byte for byte as rmcp serializes it.

use std::fmt::Debug;

use fusion_runtime::json::{JsonStyle, WriteJson, to_compact, to_json, to_pretty};
use fusion_runtime::jsonrpc::{RequestId, write_tool_result};
use fusion_runtime::toon::{ToonOptions, encode_value};
use fusion_runtime::{Presenter, ToolResponse};
use rmcp::model::{CallToolResult, NumberOrString, ServerJsonRpcMessage, ServerResult};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// How a shape's data block is written.
#[derive(Clone, Copy)]
enum Data {
    Pretty,
    Compact,
    Toon,
}

/// `limited`: the agent limit cuts collections, so only the item's data block is compared.
/// `redacted`: a censor stands for some values, so the rows do not read back whole.
fn check<T, P>(presenter: &P, sample: &str, data: Data, limited: bool, redacted: bool)
where
    T: WriteJson + Serialize + DeserializeOwned + Debug,
    P: Presenter<Item = T>,
{
    let items: Vec<T> = serde_json::from_str(sample).expect("the sample rows fit the type");
    if !redacted {
        let rows: Vec<serde_json::Value> = serde_json::from_str(sample).expect("JSON");
        for (item, row) in items.iter().zip(&rows) {
            assert_eq!(
                &erased::Value::json(item),
                row,
                "the sample row reads back whole"
            );
        }
    }
    for item in &items {
        assert_eq!(
            to_json(item, JsonStyle::Pretty),
            to_pretty(item).expect("serializes")
        );
        assert_eq!(
            to_json(item, JsonStyle::Compact),
            to_compact(item).expect("serializes")
        );
    }
    let expected = |value: &dyn erased::Value| -> Option<String> {
        Some(match data {
            Data::Pretty => value.pretty(),
            Data::Compact => value.compact(),
            Data::Toon => encode_value(&value.json(), &ToonOptions::pipe()),
        })
    };
    let item = presenter.present(&items[0]);
    assert_eq!(
        item.texts().first().map(String::as_str),
        expected(&items[0]).as_deref(),
        "the item's data block"
    );
    assert_written_as_rmcp_writes(&item);
    let collection = presenter.present_collection(&items);
    assert!(!collection.texts().is_empty());
    assert_written_as_rmcp_writes(&collection);
    if !limited {
        assert_eq!(
            collection.texts().first().map(String::as_str),
            expected(&items).as_deref(),
            "the collection's data block"
        );
    }
    let empty: Vec<T> = Vec::new();
    assert_eq!(
        presenter
            .present_collection(&empty)
            .texts()
            .first()
            .map(String::as_str),
        expected(&empty).as_deref(),
        "the empty collection's data block"
    );
}

/// The response in one write is what rmcp's stateless HTTP service sends for it (to a client
/// before protocol version 2026-07-28, the form the direct path answers).
fn assert_written_as_rmcp_writes(response: &ToolResponse) {
    let mut direct = Vec::new();
    write_tool_result(&mut direct, &RequestId::Number(7), response);
    let mut result = ServerResult::CallToolResult(CallToolResult::from(response.clone()));
    result.strip_result_type_for_legacy_peer();
    result.strip_non_object_output_for_legacy_peer();
    let message = ServerJsonRpcMessage::response(result, NumberOrString::Number(7));
    assert_eq!(
        String::from_utf8(direct).expect("UTF-8"),
        serde_json::to_string(&message).expect("serializes"),
        "the response in one write"
    );
}

/// serde's three renderings of a value, behind one object-safe trait.
mod erased {
    pub trait Value {
        fn pretty(&self) -> String;
        fn compact(&self) -> String;
        fn json(&self) -> serde_json::Value;
    }

    impl<T: serde::Serialize + ?Sized> Value for T {
        fn pretty(&self) -> String {
            fusion_runtime::json::to_pretty(self).expect("serializes")
        }
        fn compact(&self) -> String {
            fusion_runtime::json::to_compact(self).expect("serializes")
        }
        fn json(&self) -> serde_json::Value {
            serde_json::to_value(self).expect("serializes")
        }
    }
}

include!(concat!(env!("OUT_DIR"), "/cases.rs"));
