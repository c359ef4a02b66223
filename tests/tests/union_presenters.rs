//! Presenters over a union of objects (issue 9): the data block is the branch the item holds,
//! written as JSON.stringify writes the allow-listed object; `_select` keys are every branch's
//! keys and each item keeps those its branch has; TOON writes each item as its branch.

use fusion_runtime::toon::{ToonOptions, encode_value};
use fusion_runtime::{Presenter, Reply, Selection, ToolResponse};
use fusion_tests::block_on;
use fusion_tests::snapshots::union_presenters::account::{Account, AccountPresenter, Person};
use fusion_tests::snapshots::union_presenters::accounts_tool::{
    self, AccountsGetInput, AccountsHandler, AccountsSelect,
};
use fusion_tests::snapshots::union_presenters::shape::{Shape, ShapePresenter};
use serde_json::{Value, json};

fn accounts() -> Vec<Account> {
    serde_json::from_value(json!([
        {"kind": "org", "name": "Acme", "id": 7, "members": ["ada", "bob"], "secret": 1},
        {"kind": "user", "login": "ada", "id": 1, "email": "ada@example.com"},
        {"login": "bob", "id": 2, "email": null, "kind": "user"},
    ]))
    .expect("accounts")
}

#[test]
fn an_item_is_written_as_its_branch_with_undeclared_keys_dropped() {
    let org = AccountPresenter.present(&accounts()[0]);
    assert_eq!(
        org.texts()[0],
        "{\n  \"kind\": \"org\",\n  \"id\": 7,\n  \"name\": \"Acme\",\n  \"members\": [\n    \"ada\",\n    \"bob\"\n  ]\n}"
    );
    let person = AccountPresenter.present(&accounts()[1]);
    assert_eq!(
        person.texts()[0],
        "{\n  \"kind\": \"user\",\n  \"login\": \"ada\",\n  \"id\": 1,\n  \"email\": \"[REDACTED]\"\n}",
        "the branch's own redaction applies"
    );
    assert!(matches!(
        &accounts()[2],
        Account::Person(Person {
            email: Some(None),
            ..
        })
    ));
}

#[test]
fn a_collection_mixes_branches_and_keeps_the_agent_limit_and_static_blocks() {
    let response = AccountPresenter.present_collection(&accounts());
    let kept: Vec<Value> = accounts()[..2]
        .iter()
        .map(|a| serde_json::to_value(a).expect("serializes"))
        .collect();
    assert_eq!(
        response.texts()[0],
        serde_json::to_string_pretty(&kept).expect("JSON")
    );
    let text = response.texts().join("\n");
    assert!(
        text.contains("Accounts are users or organisations."),
        "{text}"
    );
    assert!(text.contains("2 accounts."), "{text}");
}

#[test]
fn select_keys_are_every_branchs_keys_in_first_seen_order() {
    assert_eq!(
        Account::FIELDS,
        ["kind", "login", "id", "email", "name", "members"]
    );
    let keys: Vec<&str> = AccountsSelect::ALL.iter().map(|k| k.as_str()).collect();
    assert_eq!(
        keys,
        [
            "email", "height", "id", "kind", "label", "login", "members", "name", "radius", "width"
        ]
    );
}

struct Accounts;

impl AccountsHandler for Accounts {
    type Error = String;

    async fn get(&self, args: AccountsGetInput) -> Result<Reply<Account>, String> {
        accounts()
            .into_iter()
            .find(|account| match account {
                Account::Person(person) => person.id == args.id,
                Account::Organisation(org) => org.id == args.id,
            })
            .map(Reply::from)
            .ok_or_else(|| format!("no account {}", args.id))
    }

    async fn shape(&self) -> Result<Reply<Shape>, String> {
        Ok(
            serde_json::from_value::<Shape>(json!({"width": 2, "height": 3, "label": "door"}))
                .expect("a rect")
                .into(),
        )
    }
}

fn data_block(arguments: Value) -> String {
    let response: ToolResponse = block_on(accounts_tool::call(&Accounts, &arguments));
    response.texts()[0].clone()
}

#[test]
fn select_keeps_the_keys_the_held_branch_has_in_the_agents_order() {
    let select = json!(["name", "login", "id", "radius"]);
    assert_eq!(
        data_block(json!({"action": "get", "id": 7, "_select": select})),
        "{\n  \"name\": \"Acme\",\n  \"id\": 7\n}"
    );
    assert_eq!(
        data_block(json!({"action": "get", "id": 1, "_select": select})),
        "{\n  \"login\": \"ada\",\n  \"id\": 1\n}"
    );
    assert_eq!(
        data_block(json!({"action": "get", "id": 1, "_select": ["radius"]})),
        "{}",
        "a key of no branch this item holds selects nothing"
    );
    assert_eq!(
        data_block(json!({"action": "get", "id": 1, "_select": ["email"]})),
        "{\n  \"email\": \"[REDACTED]\"\n}",
        "redaction applies after _select"
    );
}

#[test]
fn toon_writes_each_item_as_its_branch_and_selects_per_branch() {
    let shapes: Vec<Shape> = serde_json::from_value(json!([
        {"radius": 1.5},
        {"width": 2, "height": 3, "label": "door"},
        {"width": 4, "height": 5},
    ]))
    .expect("shapes");
    assert!(matches!(shapes[0], Shape::Circle(_)));
    let pipe = ToonOptions::pipe();
    let mut out = String::new();
    ShapePresenter.write_collection_data(&shapes, &Selection::all(), &mut out);
    let expected = encode_value(&serde_json::to_value(&shapes).expect("JSON"), &pipe);
    assert_eq!(out, expected);
    assert!(out.starts_with("[3|]:\n  - "), "a list, not a table: {out}");

    // `label` and `radius` by their numbers in Shape::FIELDS: each branch writes what it has.
    let fields = Shape::FIELDS;
    let index = |key: &str| fields.iter().position(|k| *k == key).expect("a key") as u16;
    let selection = Selection::from_indices([index("label"), index("radius")]);
    let mut out = String::new();
    ShapePresenter.write_collection_data(&shapes, &selection, &mut out);
    let cut = json!([{"radius": 1.5}, {"label": "door"}, {}]);
    assert_eq!(out, encode_value(&cut, &pipe));
}

#[test]
fn the_toon_tool_answers_with_the_branch_it_holds() {
    let block = data_block(json!({"action": "shape", "_select": ["height", "login"]}));
    assert_eq!(
        block,
        encode_value(&json!({"height": 3}), &ToonOptions::pipe())
    );
}

#[test]
fn structured_content_is_the_branch_and_fits_the_output_schema() {
    let schema: Value =
        serde_json::from_str(accounts_tool::GET_OUTPUT_SCHEMA).expect("the output schema");
    assert_eq!(
        schema["type"], "object",
        "MCP wants an object schema at the root"
    );
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    for arguments in [
        json!({"action": "get", "id": 7}),
        json!({"action": "get", "id": 1}),
        json!({"action": "get", "id": 2, "_select": ["email", "name"]}),
        json!({"action": "get", "id": 7, "_select": ["login"]}),
    ] {
        let response: ToolResponse = block_on(accounts_tool::call(&Accounts, &arguments));
        let content = response
            .structured_content()
            .expect("a structured tool's success carries its data");
        assert!(validator.is_valid(content), "{arguments} -> {content}");
        let block: Value = serde_json::from_str(&response.texts()[0]).expect("JSON");
        assert_eq!(content, &block, "the same wire data as the data block");
    }
    let response: ToolResponse = block_on(accounts_tool::call(
        &Accounts,
        &json!({"action": "get", "id": 2, "_select": ["email", "name"]}),
    ));
    assert_eq!(response.structured_content(), Some(&json!({"email": null})));
}
