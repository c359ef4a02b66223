//! The `params` corpus (issue 8): presenters whose block code reads only some of its parameters
//! compile under `#![deny(warnings)]` and clippy (unread parameters are `_`-prefixed), and still
//! write what they declare.

use fusion_runtime::Presenter;
use fusion_tests::snapshots::params::{
    C, CPresenter, Counted, CountedPresenter, Notice, NoticePresenter, Pinged, PingedPresenter,
};

fn texts(response: fusion_runtime::ToolResponse) -> String {
    response.texts().join("\n---\n")
}

#[test]
fn a_static_item_suggestion_is_written_for_a_collection_without_reading_an_item() {
    let rows = [Pinged { id: "a".into() }, Pinged { id: "b".into() }];
    let text = texts(PingedPresenter.present_collection(&rows));
    assert!(text.contains("- pings.again: Ping it again"), "{text}");
    assert!(texts(PingedPresenter.present_collection(&[])).contains("[]"));
}

#[test]
fn static_blocks_are_written_for_items_and_collections() {
    let notice = Notice {
        id: "n".into(),
        label: None,
    };
    assert!(texts(NoticePresenter.present(&notice)).contains("**Read-only** view"));
    let text = texts(NoticePresenter.present_collection(&[notice]));
    assert!(text.contains("Notices, most recent first"), "{text}");
}

#[test]
fn a_count_reads_the_kept_items_and_a_one_field_toon_table_writes_null() {
    let rows = [
        Counted { name: None },
        Counted {
            name: Some("x".into()),
        },
    ];
    let text = texts(CountedPresenter.present_collection(&rows));
    assert!(
        text.contains("2 counted") && text.contains("2 names"),
        "{text}"
    );
    assert!(text.starts_with("[2|]{name}:\n  null\n  x"), "{text}");
}

#[test]
fn fields_named_like_the_generated_parameters_are_the_items() {
    let c = C {
        item: "i".into(),
        kept: 3,
        builder: true,
    };
    let text = texts(CPresenter.present(&c));
    assert!(text.contains("Item i kept 3"), "{text}");
    let quiet = C {
        builder: false,
        ..c.clone()
    };
    assert!(!texts(CPresenter.present(&quiet)).contains("Item i"));
    assert!(texts(CPresenter.present_collection(&[c, quiet])).contains("6 kept"));
}
