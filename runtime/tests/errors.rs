//! Exact bytes of the error envelopes of §12 beyond the goldens.

use fusion_runtime::{FieldIssue, Hint, Severity, ToolErrorOptions, tool_error, validation_error};
use serde_json::{Value, json};

fn sent(value: Option<&Value>) -> String {
    FieldIssue::new("x", "m")
        .sent(value)
        .sent
        .expect("sent was recorded")
}

#[test]
fn wire_format_tool_error_example() {
    let response = tool_error(
        "NOT_FOUND",
        ToolErrorOptions {
            message: r#"Invoice "INV-9" <missing> & gone"#.to_owned(),
            suggestion: Some("Call invoices.list".to_owned()),
            available_actions: vec!["invoices.list".to_owned(), "invoices.get".to_owned()],
            severity: Severity::Error,
            details: vec![("entity_id".to_owned(), "INV-9".to_owned())],
            retry_after: Some(30),
        },
    );
    assert_eq!(
        response.texts()[0],
        "<tool_error code=\"NOT_FOUND\" severity=\"error\">\n<message>Invoice \"INV-9\" &lt;missing> &amp; gone</message>\n<recovery>Call invoices.list</recovery>\n<available_actions>\n  <action>invoices.list</action>\n  <action>invoices.get</action>\n</available_actions>\n<details>\n  <detail key=\"entity_id\">INV-9</detail>\n</details>\n<retry_after>30 seconds</retry_after>\n</tool_error>"
    );
    assert_eq!(response.is_error(), Some(true));
}

#[test]
fn tool_error_omits_empty_parts_and_escapes_attributes() {
    let response = tool_error(
        "A\"B",
        ToolErrorOptions {
            suggestion: Some(String::new()),
            severity: Severity::Critical,
            details: vec![("k'<".to_owned(), "v & <w>".to_owned())],
            retry_after: Some(0),
            ..ToolErrorOptions::new("m")
        },
    );
    assert_eq!(
        response.texts()[0],
        "<tool_error code=\"A&quot;B\" severity=\"critical\">\n<message>m</message>\n<details>\n  <detail key=\"k&apos;&lt;\">v &amp; &lt;w></detail>\n</details>\n</tool_error>"
    );
    assert_eq!(response.is_error(), Some(true));
}

#[test]
fn you_sent_forms() {
    assert_eq!(sent(None), "(missing)");
    assert_eq!(sent(Some(&Value::Null)), "null");
    assert_eq!(sent(Some(&json!(true))), "true");
    assert_eq!(sent(Some(&json!(false))), "false");
    assert_eq!(sent(Some(&json!(42))), "42");
    assert_eq!(sent(Some(&json!(-7))), "-7");
    assert_eq!(sent(Some(&json!(4500.0))), "4500");
    assert_eq!(sent(Some(&json!(0.1))), "0.1");
    assert_eq!(sent(Some(&json!([1, 2, 3]))), "array(3)");
    assert_eq!(sent(Some(&json!([]))), "array(0)");
    // JavaScript reads every number as a double.
    assert_eq!(
        sent(Some(&json!(9_007_199_254_740_993_u64))),
        "9007199254740992"
    );
    assert_eq!(sent(Some(&json!(1e300))), "1e+300");
    // An object is its JSON, cut to 50 UTF-16 units (upstream's `JSON.stringify(v).slice(0, 50)`).
    assert_eq!(
        sent(Some(&json!({"a": 1, "b": "<x>"}))),
        r#"{"a":1,"b":"<x>"}"#
    );
    let long_object = json!({"note": "n".repeat(60)});
    assert_eq!(
        sent(Some(&long_object)),
        format!("{{\"note\":\"{}", "n".repeat(41))
    );
    assert_eq!(sent(Some(&json!("abc"))), "'abc'");
}

#[test]
fn you_sent_cuts_long_strings_by_utf16_units() {
    let exactly_50 = "x".repeat(50);
    assert_eq!(sent(Some(&json!(exactly_50))), format!("'{exactly_50}'"));
    let sixty = "0123456789".repeat(6);
    assert_eq!(sent(Some(&json!(sixty))), format!("'{}...'", &sixty[..47]));
    // 51 multibyte characters: cut after 47 characters, never inside one.
    let accented = "é".repeat(51);
    assert_eq!(
        sent(Some(&json!(accented))),
        format!("'{}...'", "é".repeat(47))
    );
    // JavaScript counts UTF-16 units: 25 emoji are 50 units and stay whole, 26 are cut after 47
    // units, which would split the 24th emoji; a Rust string cannot hold half of it, so it goes.
    let emoji_25 = "📊".repeat(25);
    assert_eq!(sent(Some(&json!(emoji_25))), format!("'{emoji_25}'"));
    let emoji_26 = "📊".repeat(26);
    assert_eq!(
        sent(Some(&json!(emoji_26))),
        format!("'{}...'", "📊".repeat(23))
    );
}

#[test]
fn validation_error_with_several_fields() {
    let long = "a".repeat(60);
    let issues = [
        FieldIssue::new("id", "Required.")
            .sent(None)
            .hint(Hint::ExpectedType("string".to_owned())),
        FieldIssue::new("status", "Invalid option.")
            .sent(Some(&json!("<open>")))
            .hint(Hint::ValidOptions(vec!["a".to_owned(), "b".to_owned()])),
        FieldIssue::new("(root)", "Unrecognized keys.")
            .hint(Hint::UnrecognizedFields(vec!["extra".to_owned()])),
        FieldIssue::new("items.0.note", "Too long.").sent(Some(&json!(long))),
        FieldIssue::new("tags", "Expected a string.")
            .sent(Some(&json!(["x", "y"])))
            .hint(Hint::Other("Send one tag.".to_owned())),
        FieldIssue::new("flag", "Wrong type.").sent(Some(&Value::Null)),
    ];
    let response = validation_error("billing/get", &issues);
    let cut = "a".repeat(47);
    let expected = format!(
        "<validation_error action=\"billing/get\">\n\
         <field name=\"id\">Required. You sent: (missing). Expected type: string.</field>\n\
         <field name=\"status\">Invalid option. You sent: '&lt;open>'. Valid options: 'a', 'b'.</field>\n\
         <field name=\"(root)\">Unrecognized keys. Remove or correct unrecognized fields: 'extra'. Check for typos.</field>\n\
         <field name=\"items.0.note\">Too long. You sent: '{cut}...'.</field>\n\
         <field name=\"tags\">Expected a string. You sent: array(2). Send one tag.</field>\n\
         <field name=\"flag\">Wrong type. You sent: null.</field>\n\
         <recovery>Fix the fields above and call the tool again. Do not explain the error.</recovery>\n\
         </validation_error>"
    );
    assert_eq!(response.texts()[0], expected);
    assert_eq!(response.is_error(), Some(true));
    assert_eq!(response.texts().len(), 1);
}

#[test]
fn validation_error_escapes_the_action_and_paths() {
    let response = validation_error("t/a\"", &[FieldIssue::new("x<y", "bad")]);
    assert_eq!(
        response.texts()[0],
        "<validation_error action=\"t/a&quot;\">\n<field name=\"x&lt;y\">bad</field>\n<recovery>Fix the fields above and call the tool again. Do not explain the error.</recovery>\n</validation_error>"
    );
}
