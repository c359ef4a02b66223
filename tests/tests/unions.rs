//! Unions (issue 9): branches tried in schema order, as zod's `z.union` tries them, and each
//! value written back exactly as its branch writes it, in JSON and in TOON.

use fusion_runtime::toon::{ToonOptions, encode_value, write_toon};
use fusion_runtime::{Presenter, Selection};
use fusion_tests::snapshots::unions::{
    Bot, BotKind, Closed, ClosedType, Event, EventHistoryItem, EventHostile, EventOrigin,
    EventPayload, EventPresenter, Issue, IssueLabelsItem, IssuePerformedVia, IssuePresenter,
    IssueScore, IssueValue,
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
    // `[string, number, integer]`: an integer reads as `Integer` (tried before `Number`, which
    // would lose digits past 2^53), other numbers as `Number`.
    assert_eq!(issue.value, Some(IssueValue::Integer(5)));
    let big: Issue = serde_json::from_value(json!({
        "id": 1, "labels": [], "assignee": null, "performed_via": {"kind": "bot", "slug": "b"},
        "value": 61_153_314_774_826_061_i64, "score": 2.5
    }))
    .expect("fits");
    assert_eq!(big.value, Some(IssueValue::Integer(61_153_314_774_826_061)));
    assert_eq!(big.score, Some(Some(IssueScore::Number(2.5))));
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

fn event(payload: &str) -> Result<Event, serde_json::Error> {
    serde_json::from_str(&format!("{{\"id\": 1, \"payload\": {payload}}}"))
}

fn pretty(event: &Event) -> String {
    let mut out = String::new();
    EventPresenter.write_data(event, &Selection::all(), &mut out);
    out
}

#[test]
fn a_tagged_union_goes_to_the_branch_its_tag_names_wherever_the_tag_stands() {
    let first = event(r#"{"type": "closed", "reason": null}"#).expect("tag first");
    assert_eq!(
        first.payload,
        EventPayload::Closed(Closed {
            type_: ClosedType::Closed,
            reason: None
        })
    );
    // Keys before the tag are held back and replayed to the branch, nested values included;
    // the data block writes the tag where the branch's schema puts it.
    let late = event(r#"{"reactions": {"+1": 2, "eyes": 1}, "body": "hi", "type": "commented"}"#)
        .expect("tag last");
    assert!(matches!(&late.payload, EventPayload::Commented(c) if c.body == "hi"));
    assert_eq!(
        pretty(&late),
        "{\n  \"id\": 1,\n  \"payload\": {\n    \"type\": \"commented\",\n    \"body\": \"hi\",\n    \"reactions\": {\n      \"+1\": 2,\n      \"eyes\": 1\n    }\n  }\n}"
    );
    let opened = event(r#"{"type": "opened", "number": 4, "undeclared": [1, {"x": 2}]}"#)
        .expect("undeclared keys are still dropped");
    assert_eq!(
        pretty(&opened),
        "{\n  \"id\": 1,\n  \"payload\": {\n    \"number\": 4,\n    \"type\": \"opened\"\n  }\n}"
    );
    let json = serde_json::to_value(&late).expect("serializes");
    assert_eq!(json["payload"]["type"], "commented");
    let options = ToonOptions::pipe();
    let mut typed = String::new();
    write_toon(&mut typed, &late, &Selection::all(), &options);
    assert_eq!(typed, encode_value(&json, &options));
}

#[test]
fn a_tagged_union_says_which_tag_is_wrong_and_keeps_the_position_of_branch_errors() {
    let message = |payload: &str| event(payload).expect_err("does not fit").to_string();
    assert_eq!(
        message(r#"{"type": "reopened"}"#),
        "`type` is \"reopened\", which no branch of EventPayload has: expected `opened`, `closed` or `commented` at line 1 column 41"
    );
    assert_eq!(
        message(r#"{"body": "x"}"#),
        "missing field `type`, which tells the branches of EventPayload apart (`opened`, `closed` or `commented`) at line 1 column 34"
    );
    assert_eq!(
        message(r#""closed""#),
        "invalid type: string \"closed\", expected an object whose `type` is `opened`, `closed` or `commented` at line 1 column 29"
    );
    assert_eq!(
        message(r#"{"type": 3}"#),
        "invalid type: integer `3`, expected a string at line 1 column 31"
    );
    // The branch reads the rest of the object from the source itself: its error points into it.
    let error = event("{\"type\": \"closed\",\n \"reason\": 5}").expect_err("reason is a string");
    assert_eq!(
        error.to_string(),
        "invalid type: integer `5`, expected a string at line 2 column 12"
    );
    assert!(
        message(r#"{"type": "closed", "reason": null, "type": "closed"}"#)
            .starts_with("duplicate field `type`")
    );
    assert!(message(r#"{"type": "closed"}"#).starts_with("missing field `reason`"));
    // A hostile tag value is echoed cut, like every echo.
    let long = "x".repeat(10_000);
    assert!(message(&format!(r#"{{"type": "{long}"}}"#)).len() < 400);
}

#[test]
fn unions_whose_branches_a_tag_cannot_tell_apart_are_tried_in_order() {
    let event: Event = serde_json::from_value(json!({
        "id": 1,
        "payload": {"type": "opened", "number": 1},
        "history": [{"action": "edit", "title": "t"}, {"action": "edit", "from": "f"}],
        "origin": {"client": "cli"},
        "hostile": {"k\"i}nd\n": "}{", "n": 3}
    }))
    .expect("fits");
    let history = event.history.expect("present");
    assert!(matches!(history[0], EventHistoryItem::Retitled(_)));
    assert!(matches!(history[1], EventHistoryItem::Renamed(_)));
    assert!(matches!(event.origin, Some(EventOrigin::Api(_))));
    assert!(matches!(
        event.hostile,
        Some(Some(EventHostile::Braced(ref braced))) if braced.n == Some(3)
    ));
}
