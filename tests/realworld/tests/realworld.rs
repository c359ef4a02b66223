//! Every example payload of Blockfrost's OpenAPI description (`examples.json`, written by
//! `scripts/realworld/blockfrost.mjs`) deserializes into the type generated for its component,
//! and its data block, pretty JSON and TOON, is byte for byte what JavaScript wrote for the same
//! value cut to its schema, explicit `null`s included. Payloads that do not fit their schema (the
//! description has a few) fail with serde's located error. The presenters that `$ref` the
//! components write the same data blocks.

use std::sync::LazyLock;

use fusion_runtime::Presenter;
use fusion_runtime::Selection;
use fusion_runtime::json::{JsonStyle, WriteJson, to_json};
use fusion_runtime::toon::{ToonOptions, WriteToon, encode_value, write_toon, write_toon_slice};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

static EXAMPLES: LazyLock<Vec<Value>> = LazyLock::new(|| {
    let file: Value = serde_json::from_str(include_str!(
        "../../fixtures/realworld/blockfrost/examples.json"
    ))
    .expect("examples.json is JSON");
    file["examples"].as_array().expect("a list").clone()
});

fn example(component: &str) -> &'static Value {
    EXAMPLES
        .iter()
        .find(|e| e["component"] == component)
        .unwrap_or_else(|| panic!("no example of {component}"))
}

/// Blockfrost's OpenAPI description, whose component schemas hold the example payloads.
static DOCUMENT: LazyLock<Value> = LazyLock::new(|| {
    serde_json::from_str(include_str!(
        "../../fixtures/realworld/blockfrost/api/openapi.json"
    ))
    .expect("openapi.json is JSON")
});

/// GitHub's examples (`examples.json`, written by `scripts/realworld/github.mjs`): each names a
/// component, one of the description's `components/examples` and whether it is an item or a list.
static GITHUB: LazyLock<Vec<Value>> = LazyLock::new(|| {
    let file: Value = serde_json::from_str(include_str!(
        "../../fixtures/realworld/github/examples.json"
    ))
    .expect("examples.json is JSON");
    file["examples"].as_array().expect("a list").clone()
});

/// GitHub's description, 13 MB, read when a test first needs a payload rather than compiled in.
static GITHUB_DOCUMENT: LazyLock<Value> = LazyLock::new(|| {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/realworld/github/api/api.github.com.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).expect("read the description"))
        .expect("api.github.com.json is JSON")
});

/// The payload as text, so that serde's errors have a line and column in it: the component's own
/// `example` (Blockfrost's), or the named entry of `components/examples` (GitHub's, whose
/// responses pair them with the component).
fn payload_text(example: &Value) -> String {
    let component = example["component"].as_str().expect("a component name");
    let payload = match example["example"].as_str() {
        Some(name) => &GITHUB_DOCUMENT["components"]["examples"][name]["value"],
        None => &DOCUMENT["components"]["schemas"][component]["example"],
    };
    assert!(!payload.is_null(), "{component} has an example");
    serde_json::to_string_pretty(payload).expect("prints")
}

fn parse<T: DeserializeOwned>(example: &Value) -> T {
    serde_json::from_str(&payload_text(example)).unwrap_or_else(|error| {
        panic!(
            "the example of {} does not deserialize: {error}",
            example["component"]
        )
    })
}

fn reference<'a>(example: &'a Value, format: &str) -> &'a str {
    example[format].as_str().expect("a reference output")
}

fn check_item<T: DeserializeOwned + WriteJson + WriteToon>(example: &Value) {
    let value: T = parse(example);
    assert_eq!(
        to_json(&value, JsonStyle::Pretty),
        reference(example, "json")
    );
    let mut toon = String::new();
    write_toon(&mut toon, &value, &Selection::all(), &ToonOptions::pipe());
    assert_eq!(toon, reference(example, "toon"));
}

fn check_collection<T: DeserializeOwned + WriteJson + WriteToon>(example: &Value) {
    let items: Vec<T> = parse(example);
    assert_eq!(
        to_json(&items, JsonStyle::Pretty),
        reference(example, "json")
    );
    let mut toon = String::new();
    write_toon_slice(&mut toon, &items, &Selection::all(), &ToonOptions::pipe());
    assert_eq!(toon, reference(example, "toon"));
}

/// A value that is neither a struct nor a list of them (a list of strings): the typed JSON writer,
/// and TOON through serde's value of the typed value.
fn check_value<T: DeserializeOwned + WriteJson + Serialize>(example: &Value) {
    let value: T = parse(example);
    assert_eq!(
        to_json(&value, JsonStyle::Pretty),
        reference(example, "json")
    );
    let json = serde_json::to_value(&value).expect("serializes");
    assert_eq!(
        encode_value(&json, &ToonOptions::pipe()),
        reference(example, "toon")
    );
}

fn check_misfit<T: DeserializeOwned + std::fmt::Debug>(example: &Value) {
    let error = serde_json::from_str::<T>(&payload_text(example))
        .expect_err("a payload that does not fit its schema is refused");
    assert!(error.line() > 0 && error.column() > 0, "{error}");
}

include!(concat!(env!("OUT_DIR"), "/cases.rs"));

#[test]
fn a_misfit_is_refused_where_it_does_not_fit() {
    // Blockfrost's own example of `account_utxo_content` lacks the required `tx_index`.
    let utxos = example("account_utxo_content");
    assert_eq!(utxos["fits"], false);
    let text = payload_text(utxos);
    let error =
        serde_json::from_str::<Vec<fusion_realworld::openapi::AccountUtxoContentItem>>(&text)
            .expect_err("refused");
    assert!(
        error.to_string().starts_with("missing field `tx_index`"),
        "{error}"
    );
    // At the end of the first element, where serde knows the key is missing.
    let first_end = text.find("\n  },").expect("two elements");
    let line = text[..first_end].lines().count() + 1;
    assert_eq!((error.line(), error.column()), (line, 3), "{error}");
    // `pool_list_extended`'s example has schemas pasted where numbers belong: refused at the
    // first, `blocks_minted`, where its object starts.
    let text = payload_text(example("pool_list_extended"));
    let error = serde_json::from_str::<Vec<fusion_realworld::openapi::PoolListExtendedItem>>(&text)
        .expect_err("refused");
    assert!(
        error
            .to_string()
            .starts_with("invalid type: map, expected i64"),
        "{error}"
    );
    let line = text.lines().nth(error.line() - 1).expect("the line");
    assert!(
        line.trim_start().starts_with("\"blocks_minted\": {"),
        "{line}"
    );
}

#[test]
fn presenters_over_components_write_the_same_data_blocks() {
    let drep = example("drep");
    let item: fusion_realworld::Drep = parse(drep);
    let response = fusion_realworld::DrepPresenter.present(&item);
    assert_eq!(response.texts()[0], reference(drep, "json"));
    let proposal = example("proposal");
    let item: fusion_realworld::Proposal = parse(proposal);
    let response = fusion_realworld::ProposalPresenter.present(&item);
    assert_eq!(response.texts()[0], reference(proposal, "toon"));
    let committee = example("committee");
    let item: fusion_realworld::Committee = parse(committee);
    let response = fusion_realworld::CommitteePresenter.present(&item);
    assert_eq!(response.texts()[0], reference(committee, "json"));
    let rewards = example("account_reward_content");
    let items: Vec<fusion_realworld::Reward> = parse(rewards);
    let response = fusion_realworld::RewardPresenter.present_collection(&items);
    assert_eq!(response.texts()[0], reference(rewards, "json"));
    assert!(
        response
            .texts()
            .iter()
            .any(|t| t.contains(&format!("{} rewards in this page", items.len()))),
        "{:?}",
        response.texts()
    );
}

fn github_example(component: &str, name: &str) -> &'static Value {
    GITHUB
        .iter()
        .find(|e| e["component"] == component && e["example"] == name)
        .unwrap_or_else(|| panic!("no example {name} of {component}"))
}

#[test]
fn github_presenters_write_the_same_data_blocks() {
    use fusion_realworld::github;
    // GitHub's issue example is open and locked: the lock rule fires, the closed one does not.
    let issue = github_example("issue", "issue");
    let item: github::issue::Issue = parse(issue);
    let response = github::issue::IssuePresenter.present(&item);
    assert_eq!(response.texts()[0], reference(issue, "json"));
    let texts = response.texts().join("\n");
    assert!(
        texts.contains("Issue #1347 is locked: only collaborators can comment."),
        "{texts}"
    );
    assert!(!texts.contains("is closed"), "{texts}");
    // Labels are a TOON presenter: the collection's data block is the TOON table JavaScript wrote.
    let labels = github_example("label", "label-items");
    let items: Vec<github::label::Label> = parse(labels);
    let response = github::label::LabelPresenter.present_collection(&items);
    assert_eq!(response.texts()[0], reference(labels, "toon"));
    let users = github_example("simple-user", "simple-user-items");
    let items: Vec<github::user::User> = parse(users);
    let response = github::user::UserPresenter.present_collection(&items);
    assert_eq!(response.texts()[0], reference(users, "json"));
    assert!(
        response
            .texts()
            .iter()
            .any(|t| t.contains(&format!("{} users in this page.", items.len()))),
        "{:?}",
        response.texts()
    );
}
