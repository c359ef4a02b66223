//! Names real-world schemas force (issue 9): keys that convert to one Rust name keep their own
//! wire keys, a copy of a schema under the same title is named from its file, `x-fusion-name`
//! renames the Rust item and never the wire key, and `_select` takes every colliding key.

use fusion_runtime::{Presenter, Selection};
use fusion_tests::snapshots::names::reactions_tool::{ReactionsCall, ReactionsSelect};
use fusion_tests::snapshots::names::{
    NullableSimpleUser, Reaction, ReactionMood, ReactionPresenter, SimpleUser,
};
use serde_json::json;

#[test]
fn colliding_keys_keep_their_wire_keys_both_ways() {
    let wire = json!({
        "+1": 3, "-1": 1, "url": "https://x.test/r/1", "first-name": "Ada",
        "first_name": "Lovelace", "by": {"login": "ada"}, "mood": "plus"
    });
    let reaction: Reaction = serde_json::from_value(wire).expect("fits");
    assert_eq!((reaction.plus_1, reaction.minus_1), (3, 1));
    assert_eq!(reaction.link, "https://x.test/r/1");
    assert_eq!(reaction.first_dash_name.as_deref(), Some("Ada"));
    assert_eq!(reaction.first_name.as_deref(), Some("Lovelace"));
    assert_eq!(reaction.mood, Some(ReactionMood::Plus2));
    let mut out = String::new();
    ReactionPresenter.write_data(&reaction, &Selection::all(), &mut out);
    assert_eq!(
        out,
        "{\n  \"+1\": 3,\n  \"-1\": 1,\n  \"url\": \"https://x.test/r/1\",\n  \"first-name\": \"Ada\",\n  \"first_name\": \"Lovelace\",\n  \"by\": {\n    \"login\": \"ada\"\n  },\n  \"mood\": \"plus\"\n}"
    );
}

#[test]
fn select_names_each_colliding_key() {
    let call =
        ReactionsCall::parse(&json!({"action": "get", "_select": ["-1", "+1"]})).expect("valid");
    assert_eq!(
        call.select,
        [ReactionsSelect::Minus1, ReactionsSelect::Plus1]
    );
}

#[test]
fn a_copy_under_the_same_title_is_named_from_its_file() {
    let original = SimpleUser {
        login: "ada".into(),
    };
    let copy = NullableSimpleUser {
        login: "ada".into(),
        site_admin: Some(false),
    };
    assert_eq!(original.login, copy.login);
}
