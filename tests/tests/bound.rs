//! Operation-bound tools of the corpus (`tests/corpus/bound`): an API's parameters as they are.
//!
//! - `sort` and `per_page` have one schema in `issues/list` and another in `issues/search`: the
//!   tool advertises both (`anyOf`, each branch naming its actions) and each action validates
//!   against its own;
//! - a request body's map capped by `maxProperties` is checked;
//! - the flat `repos` tool reads its large, boxed input.

use fusion_runtime::{Reply, ToolResponse};
use fusion_tests::snapshots::bound::issue::Issue;
use fusion_tests::snapshots::bound::issues_tool::{
    self, IssuesCreateInput, IssuesGetInput, IssuesHandler, IssuesListInput, IssuesSearchInput,
};
use fusion_tests::snapshots::bound::repos_tool::{
    self, ReposDispatchInput, ReposHandler, ReposUpdateInput,
};
use fusion_tests::snapshots::bound::repository::Repository;
use fusion_tests::snapshots::bound::search_issues::SearchIssues;
use fusion_tests::{block_on, only_text_block};
use serde_json::{Value, json};

/// Answers every call with the typed input it read, so an accepted call shows what was read.
struct Echo;

fn echo<T>(args: impl std::fmt::Debug) -> Result<Reply<T>, String> {
    Ok(Reply::Response(ToolResponse::text(format!("{args:?}"))))
}

impl IssuesHandler for Echo {
    type Error = String;
    async fn list(&self, args: IssuesListInput) -> Result<Reply<Vec<Issue>>, String> {
        echo(args)
    }
    async fn get(&self, args: IssuesGetInput) -> Result<Reply<Issue>, String> {
        echo(args)
    }
    async fn create(&self, args: IssuesCreateInput) -> Result<Reply<Issue>, String> {
        echo(args)
    }
    async fn search(&self, args: IssuesSearchInput) -> Result<Reply<SearchIssues>, String> {
        echo(args)
    }
}

impl ReposHandler for Echo {
    type Error = String;
    async fn update(&self, args: ReposUpdateInput) -> Result<Reply<Repository>, String> {
        echo(args)
    }
    async fn dispatch(&self, args: ReposDispatchInput) -> Result<ToolResponse, String> {
        Ok(ToolResponse::text(format!("{args:?}")))
    }
}

fn issues(arguments: Value) -> (bool, String) {
    only_text_block(&block_on(issues_tool::call(&Echo, &arguments)))
}

#[test]
fn a_parameter_with_another_schema_per_action_is_validated_per_action() {
    let list =
        json!({"action": "list", "owner": "o", "repo": "r", "sort": "updated", "per_page": 100});
    let (is_error, text) = issues(list);
    assert!(!is_error, "{text}");
    assert!(
        text.contains("sort: Some(Updated)") && text.contains("per_page: Some(100)"),
        "{text}"
    );
    // `updated` is list's, not search's; 100 is within list's maximum, not search's.
    let (is_error, text) =
        issues(json!({"action": "search", "q": "bug", "sort": "updated", "per_page": 100}));
    assert!(is_error);
    assert_eq!(
        text,
        "<validation_error action=\"issues/search\">\n<field name=\"sort\">Invalid option: expected one of \"comments\"|\"reactions\"|\"created\" You sent: 'updated'. Valid options: 'comments', 'reactions', 'created'.</field>\n<field name=\"per_page\">Too big: expected number to be &lt;=50 You sent: 100. Must be &lt;= 50.</field>\n<recovery>Fix the fields above and call the tool again. Do not explain the error.</recovery>\n</validation_error>"
    );
    let (is_error, text) = issues(json!({"action": "search", "q": "bug", "sort": "comments"}));
    assert!(!is_error, "{text}");
    // The API's own `action` parameter is the tool's `action_param`, sent back as `action`.
    let (is_error, text) =
        issues(json!({"action": "search", "q": "bug", "action_param": "triage"}));
    assert!(!is_error, "{text}");
    assert!(text.contains("action_param: Some(Triage)"), "{text}");
    assert_eq!(
        issues_tool::SEARCH_OPERATION.params[1],
        fusion_runtime::http_client::Param {
            name: "action",
            arg: "action_param",
            location: fusion_runtime::http_client::In::Query,
            explode: true,
        }
    );
    let (is_error, _) =
        issues(json!({"action": "list", "owner": "o", "repo": "r", "sort": "comments"}));
    assert!(is_error, "`comments` is search's, not list's");
}

#[test]
fn the_tool_advertises_every_schema_a_name_has_with_its_actions() {
    let schema: Value = serde_json::from_str(issues_tool::INPUT_SCHEMA).unwrap();
    let sort = &schema["properties"]["sort"];
    assert_eq!(
        sort["anyOf"],
        json!([
            {"type": "string", "enum": ["created", "updated"], "default": "created", "description": "For: list"},
            {"type": "string", "enum": ["comments", "reactions", "created"], "description": "For: search"},
        ])
    );
    assert_eq!(
        sort["description"],
        "For: list, search. Its schema depends on the action"
    );
    // The API's defaults are part of what the agent reads.
    assert_eq!(schema["properties"]["state"]["default"], "open");
    // Every value an action accepts is valid against the advertised schema (the widening is
    // sound): checked with an independent validator.
    let validator = jsonschema::validator_for(&schema).unwrap();
    for arguments in [
        json!({"action": "list", "owner": "o", "repo": "r", "sort": "updated", "per_page": 100}),
        json!({"action": "search", "q": "x", "sort": "comments", "per_page": 50}),
    ] {
        assert!(validator.is_valid(&arguments), "{arguments}");
        assert!(!issues(arguments).0);
    }
}

#[test]
fn a_map_capped_by_max_properties_is_checked() {
    let fields: serde_json::Map<String, Value> =
        (0..4).map(|i| (format!("f{i}"), json!("v"))).collect();
    let (is_error, text) = issues(json!({
        "action": "create", "owner": "o", "repo": "r",
        "body": {"title": "t", "fields": fields},
    }));
    assert!(is_error);
    assert!(
        text.contains("<field name=\"body.fields\">Too big: expected object to have &lt;=3 properties You sent: {\"f0\":\"v\",\"f1\":\"v\",\"f2\":\"v\",\"f3\":\"v\"}. Maximum 3 properties.</field>"),
        "{text}"
    );
    let (is_error, text) = issues(json!({
        "action": "create", "owner": "o", "repo": "r",
        "body": {"title": "t", "fields": {"a": "1", "b": "2", "c": "3"}},
    }));
    assert!(!is_error, "{text}");
    let schema: Value = serde_json::from_str(issues_tool::INPUT_SCHEMA).unwrap();
    assert_eq!(
        schema["properties"]["body"]["properties"]["fields"]["maxProperties"],
        3
    );
}

#[test]
fn a_flat_tool_reads_its_boxed_input_and_its_capped_payload() {
    let call = |action: &str, arguments: Value| {
        only_text_block(&block_on(repos_tool::call_flat(&Echo, action, &arguments)))
    };
    let (is_error, text) = call(
        "update",
        json!({"owner": "o", "repo": "r", "body": {"name": "n", "archived": true}}),
    );
    assert!(!is_error, "{text}");
    assert!(text.contains("archived: Some(true)"), "{text}");
    let payload: serde_json::Map<String, Value> =
        (0..11).map(|i| (format!("k{i}"), json!(i))).collect();
    let (is_error, text) = call(
        "dispatch",
        json!({"owner": "o", "repo": "r", "body": {"event_type": "deploy", "client_payload": payload}}),
    );
    assert!(is_error);
    assert!(
        text.contains("Too big: expected object to have &lt;=10 properties"),
        "{text}"
    );
}

/// `Deserialize` of an argument struct is its argument reader: what a call refuses (an unknown
/// key, a bound, a wrong type) `serde_json::from_value` refuses too, every issue named, and
/// what a call accepts reads to the same value.
#[test]
fn deserializing_an_input_struct_reads_it_as_a_call_does() {
    let input: IssuesListInput = serde_json::from_value(json!({
        "owner": "octo", "repo": "hello", "state": "closed", "per_page": 100
    }))
    .expect("a valid input reads");
    assert_eq!(input.per_page, Some(100));
    assert_eq!(input.page, None);
    let error = serde_json::from_value::<IssuesListInput>(json!({
        "owner": "octo", "repo": 7, "per_page": 101, "colour": "red"
    }))
    .expect_err("a bad input is refused")
    .to_string();
    for part in [
        "repo: ",
        "per_page: ",
        "(root): Unrecognized key: \"colour\"",
    ] {
        assert!(error.contains(part), "{part:?} missing from {error:?}");
    }
    let nested = serde_json::from_value::<IssuesCreateInput>(json!({
        "owner": "octo", "repo": "hello", "body": {"title": ""}
    }))
    .expect_err("a nested bound is checked")
    .to_string();
    assert!(nested.contains("body.title: "), "{nested:?}");
}
