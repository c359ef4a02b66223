//! `_select` across the actions of one tool whose presenters differ (wire format §9): the enum is
//! the union of their keys, and each action keeps only the keys its own presenter has.

use fusion_runtime::{Reply, ToolResponse};
use fusion_tests::block_on;
use fusion_tests::snapshots::tools::{
    Charge, DeskChargeInput, DeskHandler, DeskReceiptInput, DeskSelect, Receipt, ReceiptMethod,
    desk_tool,
};
use serde_json::json;

struct Desk;

impl DeskHandler for Desk {
    type Error = String;

    async fn charge(&self, args: DeskChargeInput) -> Result<Reply<Charge>, String> {
        Ok(Charge {
            id: args.id,
            amount: 250,
            status: "paid".into(),
        }
        .into())
    }

    async fn receipt(&self, args: DeskReceiptInput) -> Result<Reply<Receipt>, String> {
        Ok(Receipt {
            id: args.id,
            method: ReceiptMethod::Card,
        }
        .into())
    }
}

fn data_block(arguments: serde_json::Value) -> String {
    let response: ToolResponse = block_on(desk_tool::call(&Desk, &arguments));
    response.texts()[0].clone()
}

#[test]
fn the_select_enum_is_the_sorted_union_of_both_presenters_keys() {
    let keys: Vec<&str> = DeskSelect::ALL.iter().map(|key| key.as_str()).collect();
    assert_eq!(keys, ["amount", "id", "method", "status"]);
}

#[test]
fn each_action_keeps_the_selected_keys_it_has() {
    let block =
        data_block(json!({"action": "charge", "id": "C-1", "_select": ["method", "amount", "id"]}));
    assert_eq!(block, "{\n  \"amount\": 250,\n  \"id\": \"C-1\"\n}");
    let block =
        data_block(json!({"action": "receipt", "id": "R-1", "_select": ["amount", "method"]}));
    assert_eq!(block, "{\n  \"method\": \"card\"\n}");
}

#[test]
fn keys_of_the_other_presenter_only_select_nothing() {
    let block = data_block(json!({"action": "charge", "id": "C-1", "_select": ["method"]}));
    assert_eq!(block, "{}");
    let block = data_block(json!({"action": "charge", "id": "C-1", "_select": []}));
    assert!(
        block.contains("\"status\": \"paid\""),
        "an empty _select filters nothing: {block}"
    );
}

fn texts(arguments: serde_json::Value) -> Vec<String> {
    let response: ToolResponse = block_on(desk_tool::call(&Desk, &arguments));
    response.texts().to_vec()
}

#[test]
fn keys_only_another_action_has_are_named_in_a_directive() {
    assert_eq!(
        texts(json!({"action": "charge", "id": "C-1", "_select": ["method"]})),
        [
            "{}",
            "<llm_directives>\n- _select: \"method\" selects nothing from charge: only receipt returns that key. charge's keys: id, amount, status.\n</llm_directives>",
            // Directives come before rules (wire format §2).
            "<domain_rules>\n- Amounts in cents\n</domain_rules>",
        ]
    );
    // Each foreign key once, in the agent's order; the keys it has are still selected.
    let texts = texts(
        json!({"action": "receipt", "id": "R-1", "_select": ["status", "method", "amount", "status"]}),
    );
    assert_eq!(texts[0], "{\n  \"method\": \"card\"\n}");
    assert_eq!(
        texts[1..],
        [
            "<llm_directives>\n- _select: \"status\" (charge), \"amount\" (charge) select nothing from receipt: only those actions return those keys. receipt's keys: id, method.\n</llm_directives>"
        ]
    );
}

#[test]
fn a_selection_of_own_keys_adds_no_directive() {
    assert_eq!(
        texts(json!({"action": "charge", "id": "C-1", "_select": ["amount"]})),
        [
            "{\n  \"amount\": 250\n}",
            "<domain_rules>\n- Amounts in cents\n</domain_rules>"
        ]
    );
    assert_eq!(texts(json!({"action": "receipt", "id": "R-1"})).len(), 1);
}
