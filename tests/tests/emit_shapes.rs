//! Shapes that once generated code that did not build (issue 8): they now compile under
//! `#![deny(warnings)]` and clippy (the snapshot corpus, `tests/corpus/odd_names/`), and answer
//! as the wire format says.

use fusion_runtime::{Presenter, Selection};
use fusion_tests::snapshots::odd_names::{C, CPresenter, One, Solo, SoloPresenter};

fn c(h: i64) -> C {
    C {
        h,
        note: None,
        only: One { value: None },
    }
}

#[test]
fn a_type_named_like_a_generic_parameter_presents() {
    let response = CPresenter.present_collection(&[c(i64::MAX), c(1)]);
    let texts = response.texts();
    let total = (i128::from(i64::MAX) + 1).to_string();
    assert!(
        texts
            .iter()
            .any(|t| t.contains(&format!("- 2 rows, {total} in total"))),
        "{texts:#?}"
    );
    // A suggestion with neither condition nor placeholder, once per collection.
    assert_eq!(
        texts.last().map(String::as_str),
        Some("<action_suggestions>\n- c.open: Open it\n</action_suggestions>")
    );
    assert!(
        CPresenter
            .present_collection(&[])
            .texts()
            .iter()
            .all(|t| !t.contains("c.open")),
        "no suggestion for an empty collection"
    );
}

#[test]
fn a_one_field_struct_selects_and_a_nullable_cell_writes_null() {
    let rows = [
        Solo { note: None },
        Solo {
            note: Some("a|b".into()),
        },
    ];
    let mut out = String::new();
    SoloPresenter.write_collection_data(&rows, &Selection::all(), &mut out);
    assert_eq!(out, "[2|]{note}:\n  null\n  \"a|b\"");
    let mut out = String::new();
    SoloPresenter.write_collection_data(&rows, &Selection::from_indices([0_u16]), &mut out);
    assert_eq!(out, "[2|]{note}:\n  null\n  \"a|b\"");
}
