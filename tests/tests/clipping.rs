//! `x-fusion-max-chars` (wire format §10) on the `tests/corpus/clipping/` presenters: the data
//! block, `_select`, TOON tables, `structuredContent` and `Serialize` show long text cut at a
//! character with its note; rules read the whole value; text within the limit is untouched.

use fusion_runtime::toon::{ToonOptions, encode_typed_slice};
use fusion_runtime::{Presenter, Selection};
use fusion_tests::snapshots::clipping::{Article, ArticlePresenter, Headline, HeadlinePresenter};
use serde_json::json;

fn article() -> Article {
    Article {
        id: 1,
        title: "Rust 2027: what changes".into(),
        body: "🦀".repeat(50),
        summary: None,
        excerpt: Some("short".into()),
        reply: Some(Some("thanks, merged".into())),
        tags: None,
    }
}

#[test]
fn the_data_block_cuts_long_text_and_rules_read_it_whole() {
    let response = ArticlePresenter.present(&article());
    let view = response.test_view().expect("view");
    assert_eq!(
        view.data(),
        json!({
            "id": 1,
            "title": "Rust 2027: w…(truncated, 23 chars)",
            "body": format!("{}…(truncated, 50 chars)", "🦀".repeat(40)),
            "summary": null,
            "excerpt": "short",
            "reply": "thanks, …(truncated, 14 chars)",
        })
    );
    assert_eq!(
        view.system_rules(),
        ["Article Rust 2027: what changes is the one the user asked for."]
    );
    assert!(
        response.texts()[0].contains("\"title\": \"Rust 2027: w…(truncated, 23 chars)\""),
        "{}",
        response.texts()[0]
    );
}

#[test]
fn a_selection_and_structured_content_are_cut_alike() {
    let selection = Selection::from_names(Article::FIELDS, &["reply", "title"]).expect("keys");
    let response = ArticlePresenter.present_selected(&article(), &selection);
    assert_eq!(
        response.test_view().expect("view").data(),
        json!({"reply": "thanks, …(truncated, 14 chars)", "title": "Rust 2027: w…(truncated, 23 chars)"})
    );
    assert_eq!(
        serde_json::to_value(article()).expect("serializes")["title"],
        "Rust 2027: w…(truncated, 23 chars)"
    );
}

/// A cut cell holds the note's comma: the presenter's pipe-delimited table leaves it bare, a
/// comma-delimited one quotes it.
#[test]
fn a_toon_table_quotes_a_cut_cell() {
    let headlines = [
        Headline {
            id: 1,
            text: "Markets rally, then fall".into(),
        },
        Headline {
            id: 2,
            text: "0123456789".into(),
        },
    ];
    let response = HeadlinePresenter.present_collection(&headlines);
    assert_eq!(
        response.texts()[0],
        "[2|]{id|text}:\n  1|Markets ra…(truncated, 24 chars)\n  2|\"0123456789\""
    );
    assert_eq!(
        encode_typed_slice(&headlines, &Selection::all(), &ToonOptions::new()),
        "[2]{id,text}:\n  1,\"Markets ra…(truncated, 24 chars)\"\n  2,\"0123456789\""
    );
}
