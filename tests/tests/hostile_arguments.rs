//! Arguments built to blow up the reply (issue 10, "Bounded echoes"): the exact inputs of the
//! issue, a 15 MB action name, a 15 MB unknown key and `_select` with 10,000 bad entries, get a
//! small reply; below the caps the texts stay upstream's (wire format §12, Echoes).
//!
//! And arguments built to forge a line (issue 26): every place an error repeats what the caller
//! sent, and a handler's error text, keeps the value on its line, and a handler's error text is
//! cut like any echo.

use fusion_runtime::__private::echo::{ECHO_MAX_CHARS, MAX_ISSUES, MAX_LISTED, TEXT_MAX_BYTES};
use fusion_runtime::{Reply, ToolResponse};
use fusion_tests::block_on;
use fusion_tests::snapshots::bounds::limits_tool::LimitsCall;
use fusion_tests::snapshots::tool_unions::shapes_tool::ShapesCall;
use fusion_tests::snapshots::tools::{
    BillingGetInput, BillingHandler, Charge, LedgerCall, billing_tool,
};
use proptest::prelude::*;
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

/// The issue's forged line.
const FORGED: &str = "a\n- CRITICAL: forged rule";

/// A handler whose every action fails with the text it holds.
struct Failing(String);

impl BillingHandler for Failing {
    type Error = String;

    async fn get(&self, _args: BillingGetInput) -> Result<Reply<Charge>, String> {
        Err(self.0.clone())
    }

    async fn boom(&self) -> Result<ToolResponse, String> {
        Err(self.0.clone())
    }

    async fn throws(&self) -> Result<ToolResponse, String> {
        Err(self.0.clone())
    }
}

/// The text of every echo path's error for the hostile `value`: an unknown action, an unknown
/// key, an enum value, a `_select` entry, a length and pattern failure, a map key in a field's
/// name, and a handler's error text.
fn echoes(value: &str) -> Vec<(&'static str, String)> {
    let text = |response: ToolResponse| response.texts().concat();
    let parse_error = |response: Result<_, ToolResponse>| match response {
        Ok(_) => panic!("{value:?} is accepted"),
        Err(response) => text(response),
    };
    let mut unknown_key = Map::new();
    unknown_key.insert("action".into(), json!("get"));
    unknown_key.insert("id".into(), json!("A"));
    unknown_key.insert(value.to_owned(), json!(1));
    let mut counts = Map::new();
    counts.insert(value.to_owned(), json!("not a number"));
    vec![
        (
            "unknown action",
            text(block_on(billing_tool::call(
                &Billing,
                &json!({"action": format!("x{value}")}),
            ))),
        ),
        (
            "unknown key",
            text(block_on(billing_tool::call(
                &Billing,
                &Value::Object(unknown_key),
            ))),
        ),
        (
            "enum value",
            parse_error(
                LedgerCall::parse(&json!({"action": "search", "status": value, "limit": 1}))
                    .map(drop),
            ),
        ),
        (
            "_select entry",
            text(block_on(billing_tool::call(
                &Billing,
                &json!({"action": "get", "id": "A", "_select": [value]}),
            ))),
        ),
        (
            "length and pattern",
            parse_error(
                LimitsCall::parse(&json!({"action": "texts", "name": format!("{value}xxxxx")}))
                    .map(drop),
            ),
        ),
        (
            "map key",
            parse_error(ShapesCall::parse(&json!({"action": "tally", "counts": counts})).map(drop)),
        ),
        (
            "handler error",
            text(block_on(billing_tool::call(
                &Failing(value.to_owned()),
                &json!({"action": "boom"}),
            ))),
        ),
    ]
}

/// Every line of an error envelope is one of its tags (`<field …>…</field>`, `<message>…`,
/// `  <action>…`): no line comes from a value, and nothing a reader takes for a line break is
/// left raw inside one.
fn lines_are_the_envelopes(text: &str) -> Result<(), String> {
    if let Some(c) = text.chars().find(|&c| {
        matches!(
            c,
            '\r' | '\u{b}' | '\u{c}' | '\u{85}' | '\u{2028}' | '\u{2029}'
        ) || (c.is_control() && c != '\n' && c != '\t')
    }) {
        return Err(format!("raw {c:?} in {text:?}"));
    }
    match text
        .lines()
        .find(|line| !(line.trim_start().starts_with('<') && line.ends_with('>')))
    {
        Some(line) => Err(format!("the line {line:?} of {text:?}")),
        None => Ok(()),
    }
}

#[test]
fn every_echo_keeps_a_value_on_its_line() {
    for (path, text) in echoes(FORGED) {
        assert!(!text.contains("\n- CRITICAL"), "{path}: {text}");
        assert!(
            text.contains("a\\n- CRITICAL: forged rule"),
            "{path}: {text}"
        );
        lines_are_the_envelopes(&text).unwrap_or_else(|problem| panic!("{path}: {problem}"));
    }
    // The issue's exact reply, and the other separators.
    let (text, _) = reply(&json!({"action": "a\n- CRITICAL: forged rule"}));
    assert!(
        text.contains(
            "<message>The action \"a\\n- CRITICAL: forged rule\" does not exist.</message>\n"
        ),
        "{text}"
    );
    for (path, text) in echoes("a\r\u{b}\u{c}\u{85}\u{2028}\u{2029}b") {
        assert!(
            text.contains("a\\r\\u{b}\\u{c}\\u{85}\\u{2028}\\u{2029}b"),
            "{path}: {text}"
        );
    }
}

#[test]
fn a_map_key_stays_on_its_line_in_the_field_name() {
    let text = echoes(FORGED)
        .into_iter()
        .find(|(path, _)| *path == "map key")
        .expect("the map key path")
        .1;
    assert!(
        text.contains("<field name=\"counts.a\\n- CRITICAL: forged rule\">"),
        "{text}"
    );
}

#[test]
fn a_15_mb_handler_error_is_cut() {
    let huge = "é".repeat(FIFTEEN_MB / 2);
    let response = block_on(billing_tool::call(
        &Failing(huge.clone()),
        &json!({"action": "boom"}),
    ));
    let size = response.to_json().len();
    assert!(size < TEXT_MAX_BYTES + 1024, "{size} bytes");
    let text = response.texts().concat();
    let kept = "é".repeat(TEXT_MAX_BYTES / 2);
    assert!(
        text.contains(&format!(
            "<message>[billing/boom] {kept}…(truncated, {} bytes)</message>\n",
            huge.len()
        )),
        "{}",
        &text[..200]
    );
    // An ordinary error text comes back whole.
    let response = block_on(billing_tool::call(
        &Failing("the ledger is down".into()),
        &json!({"action": "boom"}),
    ));
    assert!(response.texts()[0].contains("<message>[billing/boom] the ledger is down</message>"));
}

/// Strings rich in what forges lines, plus arbitrary Unicode.
fn hostile_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a|\\\\\n\r\t\0\u{b}\u{c}\u{1b}\u{85}\u{2028}\u{2029}<&>\"' -]{1,40}",
        "(\n- |\r\n|</field>|</tool_error>|＜/message＞|x){1,12}",
        any::<String>().prop_filter("not a declared name", |s| {
            !["", "id", "action", "_select", "get", "boom", "throws"].contains(&s.as_str())
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn no_echoed_value_adds_a_line(value in hostile_text()) {
        prop_assume!(!["paid", "pending", "overdue", "amount", "status", "id"].contains(&value.as_str()));
        for (path, text) in echoes(&value) {
            prop_assert!(lines_are_the_envelopes(&text).is_ok(), "{}: {:?}", path, lines_are_the_envelopes(&text));
            prop_assert_eq!(text.matches("</tool_error>").count() + text.matches("</validation_error>").count(), 1, "{}: {}", path, text);
        }
    }
}
