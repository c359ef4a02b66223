//! Unions (issue 9): branches tried in schema order, as zod's `z.union` tries them, and each
//! value written back exactly as its branch writes it, in JSON and in TOON.

use fusion_runtime::toon::{ToonOptions, encode_value, write_toon};
use fusion_runtime::{Presenter, Selection};
use fusion_tests::snapshots::unions::{
    Bot, BotKind, Issue, IssueLabelsItem, IssuePerformedVia, IssuePresenter, IssueScore, IssueValue,
};
use serde_json::json;

fn issue() -> serde_json::Value {
    json!({
        "id": 7,
        "labels": ["bug", {"name": "p1", "color": "f00", "extra": 1}],
        "assignee": null,
        "performed_via": {"kind": "bot", "slug": "dependabot"},
        "value": 5,
        "score": null
    })
}

#[test]
fn each_value_takes_the_first_branch_that_fits() {
    let issue: Issue = serde_json::from_value(issue()).expect("fits");
    assert_eq!(issue.labels[0], IssueLabelsItem::String("bug".into()));
    assert!(matches!(&issue.labels[1], IssueLabelsItem::Label(label) if label.name == "p1"));
    // `anyOf: [User, {type: null}]` is a nullable `User`: required, and `null` here.
    assert_eq!(issue.assignee, None);
    // The `const` of `kind` tells the branches apart: `User` does not fit a bot.
    assert_eq!(
        issue.performed_via,
        IssuePerformedVia::Bot(Bot {
            kind: BotKind::Bot,
            slug: "dependabot".into()
        })
    );
    // The first primitive of the list that fits: a JSON integer is a number.
    assert_eq!(issue.value, Some(IssueValue::Number(5.0)));
    assert_eq!(issue.score, Some(None));
    let no_branch = serde_json::from_value::<Issue>(json!({
        "id": 1, "labels": [], "assignee": null, "performed_via": {"kind": "robot"}
    }));
    assert!(no_branch.is_err());
}

#[test]
fn unions_write_as_the_branch_they_hold() {
    let issue: Issue = serde_json::from_value(issue()).expect("fits");
    let mut out = String::new();
    IssuePresenter.write_data(&issue, &Selection::all(), &mut out);
    assert_eq!(
        out,
        "{\n  \"id\": 7,\n  \"labels\": [\n    \"bug\",\n    {\n      \"name\": \"p1\",\n      \"color\": \"f00\"\n    }\n  ],\n  \"assignee\": null,\n  \"performed_via\": {\n    \"kind\": \"bot\",\n    \"slug\": \"dependabot\"\n  },\n  \"value\": 5,\n  \"score\": null\n}"
    );
    let json = serde_json::to_value(&issue).expect("serializes");
    let options = ToonOptions::pipe();
    let mut typed = String::new();
    write_toon(&mut typed, &issue, &Selection::all(), &options);
    assert_eq!(typed, encode_value(&json, &options));
    assert_eq!(
        serde_json::to_value(IssueScore::Integer(3)).expect("serializes"),
        json!(3)
    );
}
