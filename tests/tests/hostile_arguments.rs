//! Arguments built to blow up the reply (issue 10, "Bounded echoes"): the exact inputs of the
//! issue, a 15 MB action name, a 15 MB unknown key and `_select` with 10,000 bad entries, get a
//! small reply; below the caps the texts stay upstream's (wire format §12, Echoes).

use fusion_runtime::__private::echo::{ECHO_MAX_CHARS, MAX_ISSUES, MAX_LISTED};
use fusion_runtime::{Reply, ToolResponse};
use fusion_tests::block_on;
use fusion_tests::snapshots::tools::{
    BillingGetInput, BillingHandler, Charge, LedgerCall, billing_tool,
};
use serde_json::{Map, Value, json};

/// The issue's size of a hostile name.
const FIFTEEN_MB: usize = 15 * 1024 * 1024;

struct Billing;

impl BillingHandler for Billing {
    type Error = String;

    async fn get(&self, args: BillingGetInput) -> Result<Reply<Charge>, String> {
        Ok(Charge {
            id: args.id,
            amount: 1,
            status: "paid".into(),
        }
        .into())
    }

    async fn boom(&self) -> Result<ToolResponse, String> {
        Err("not called".into())
    }

    async fn throws(&self) -> Result<ToolResponse, String> {
        Err("not called".into())
    }
}

/// The text of the reply to `arguments`, and its size on the wire.
fn reply(arguments: &Value) -> (String, usize) {
    let response = block_on(billing_tool::call(&Billing, arguments));
    let wire = response.to_json();
    let text = response.texts().concat();
    (text, wire.len())
}

fn huge_name() -> String {
    // Not ASCII, so that a cut at a byte count would split a character.
    "é".repeat(FIFTEEN_MB / 2)
}

#[test]
fn a_15_mb_action_name_is_echoed_cut() {
    let (text, size) = reply(&json!({"action": huge_name()}));
    assert!(size < 1024, "{size} bytes");
    let kept = "é".repeat(ECHO_MAX_CHARS);
    assert_eq!(
        text,
        format!(
            "<tool_error code=\"UNKNOWN_ACTION\">\n\
             <message>The action \"{kept}…\" does not exist.</message>\n\
             <available_actions>get, boom, throws</available_actions>\n\
             <recovery>Choose a valid action from available_actions and call the tool again.</recovery>\n\
             </tool_error>"
        )
    );
    // A name of exactly the limit comes back whole.
    let (text, _) = reply(&json!({"action": kept}));
    assert!(text.contains(&format!("\"{kept}\" does not")), "{text}");
}

#[test]
fn a_15_mb_unknown_key_is_echoed_cut_twice() {
    let mut arguments = Map::new();
    arguments.insert("action".into(), json!("get"));
    arguments.insert("id".into(), json!("A"));
    arguments.insert(huge_name(), json!(1));
    let (text, size) = reply(&Value::Object(arguments));
    assert!(size < 1024, "{size} bytes");
    let kept = format!("{}…", "é".repeat(ECHO_MAX_CHARS));
    assert!(
        text.contains(&format!(
            "<field name=\"(root)\">Unrecognized key: \"{kept}\" You sent: (missing). \
             Remove or correct unrecognized fields: '{kept}'. Check for typos.</field>"
        )),
        "{text}"
    );
}

#[test]
fn a_15_mb_unknown_key_in_a_nested_object_is_echoed_cut() {
    let mut range = Map::new();
    range.insert("from".into(), json!("2024-01-01"));
    range.insert(huge_name(), json!(1));
    let arguments = json!({"action": "search", "status": "paid", "limit": 1, "range": range});
    let error = LedgerCall::parse(&arguments).expect_err("an unknown key");
    let text = error.texts().concat();
    assert!(error.to_json().len() < 1024, "{text}");
    // `You sent:` shows the object's JSON cut to 50 UTF-16 units, as upstream cuts it.
    let sent = format!("{{\"from\":\"2024-01-01\",\"{}", "é".repeat(28));
    assert!(text.contains(&format!("You sent: {sent}.")), "{text}");
}

#[test]
fn select_with_10000_bad_entries_lists_the_first_issues_and_the_options_once() {
    let entries: Vec<Value> = (0..10_000).map(|i| json!(format!("bad{i}"))).collect();
    let (text, size) = reply(&json!({"action": "get", "id": "A", "_select": entries}));
    assert!(size < 4096, "{size} bytes");
    assert_eq!(text.matches("<field ").count(), MAX_ISSUES, "{text}");
    assert!(
        text.contains(&format!(
            "<more>and {} more issues</more>\n<recovery>",
            10_000 - MAX_ISSUES
        )),
        "{text}"
    );
    // The options, in the message and in the hint, once each.
    assert_eq!(text.matches("\"amount\"|\"id\"|\"status\"").count(), 1);
    assert_eq!(text.matches("'amount', 'id', 'status'").count(), 1);
    assert!(text.contains(
        "<field name=\"_select.1\">Invalid option: expected one of the options above \
         You sent: 'bad1'. Valid options: as above.</field>"
    ));
}

#[test]
fn below_the_caps_the_texts_are_upstreams() {
    // Twenty bad entries: not capped, so every issue lists the options as upstream does.
    let entries: Vec<Value> = (0..MAX_ISSUES).map(|i| json!(format!("bad{i}"))).collect();
    let (text, _) = reply(&json!({"action": "get", "id": "A", "_select": entries}));
    assert!(!text.contains("<more>"), "{text}");
    assert_eq!(
        text.matches("Valid options: 'amount', 'id', 'status'.")
            .count(),
        MAX_ISSUES
    );
}

#[test]
fn many_unknown_keys_are_listed_up_to_the_cap() {
    let mut arguments = Map::new();
    arguments.insert("action".into(), json!("get"));
    arguments.insert("id".into(), json!("A"));
    for i in 0..10_000 {
        arguments.insert(format!("k{i}"), json!(i));
    }
    let (text, size) = reply(&Value::Object(arguments));
    assert!(size < 2048, "{size} bytes");
    let more = 10_000 - MAX_LISTED;
    assert!(
        text.contains(&format!(
            "\"k18\", \"k19\", and {more} more You sent: (missing)."
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!("'k18', 'k19', and {more} more. Check for typos.")),
        "{text}"
    );
}
