//! The generated TOON encoders against the generic encoder (`common/toon_diff.rs`): arbitrary
//! instances of the always-tabular types (the benchmark's `InvoiceRow`, the redaction corpus's
//! `Card` with its nested column) and of the nesting and redaction corpus, any `_select`, all
//! three delimiters; the 10k benchmark rows; redaction in TOON.

use crate::common::toon_diff;

use fusion_runtime::Selection;
use fusion_runtime::toon::{ToonOptions, WriteToon, encode_typed_slice, encode_value};
use fusion_tests::generated::{InvoiceRow, InvoiceRowStatus};
use fusion_tests::snapshots::{nesting, redaction};
use proptest::collection::vec;
use proptest::option::of;
use proptest::prelude::*;

/// Strings that exercise every quoting rule of TOON §7.2 and the three delimiters.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[-#:|,\t \"\\\\\\[\\]{}a-c0-9.eE+\n\u{1}é]{0,8}",
        prop::sample::select(vec![
            "", "true", "null", "-1", "05", "1e5", " a", "a ", "[x]"
        ])
        .prop_map(str::to_owned),
    ]
}

/// Floats with non-finite values (TOON and JSON both write `null`), `-0` and integral values.
fn number() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        prop::sample::select(vec![0.0, -0.0, 1e21, 1e-7, 0.19, f64::NAN, f64::INFINITY]),
        (-1_000_000i64..1_000_000).prop_map(|i| i as f64),
    ]
}

fn invoice_row() -> impl Strategy<Value = InvoiceRow> {
    (
        (text(), any::<i64>(), 0..3usize, text()),
        (text(), any::<bool>(), number(), text()),
    )
        .prop_map(
            |((id, amount_cents, status, client_name), (due, paid, tax_rate, notes))| InvoiceRow {
                id,
                amount_cents,
                status: InvoiceRowStatus::ALL[status],
                client_name,
                due,
                paid,
                tax_rate,
                notes,
            },
        )
}

fn card() -> impl Strategy<Value = redaction::Card> {
    (
        (text(), text(), 0..3usize, any::<i64>()),
        (text(), text(), of(text())),
    )
        .prop_map(
            |((holder, number, brand, limit_cents), (city, zip, pin))| redaction::Card {
                holder,
                number,
                brand: redaction::CardBrand::ALL[brand],
                limit_cents,
                address: redaction::CardAddress { city, zip },
                pin,
            },
        )
}

fn patient() -> impl Strategy<Value = redaction::Patient> {
    (
        (any::<i64>(), text(), text(), of(text()), of(text())),
        (text(), of(text()), text(), of(text())),
        (of(vec(text(), 0..3)), of(0..2usize), of(any::<i64>())),
    )
        .prop_map(
            |(
                (id, name, ssn, dob, visible),
                (insurer, policy, city, phone),
                (tags, risk, balance),
            )| {
                redaction::Patient {
                    id,
                    name,
                    ssn,
                    dob,
                    visible,
                    insurer: redaction::Insurer {
                        name: insurer,
                        policy,
                    },
                    contact: redaction::PatientContact { city, phone },
                    tags,
                    risk: risk.map(|r| redaction::PatientRisk::ALL[r]),
                    balance_cents: balance,
                }
            },
        )
}

fn section() -> impl Strategy<Value = nesting::CatalogSectionsItem> {
    let entry = (text(), of(number()))
        .prop_map(|(sku, price)| nesting::CatalogSectionsItemEntriesItem { sku, price });
    (text(), of(vec(entry, 0..3)))
        .prop_map(|(title, entries)| nesting::CatalogSectionsItem { title, entries })
}

fn catalog() -> impl Strategy<Value = nesting::Catalog> {
    let contact = of(text()).prop_map(|email| nesting::CatalogMetaOwnerContact { email });
    let owner = (any::<i64>(), of(contact))
        .prop_map(|(id, contact)| nesting::CatalogMetaOwner { id, contact });
    let meta = (of(text()), of(owner))
        .prop_map(|(created, owner)| nesting::CatalogMeta { created, owner });
    let cell = (of(any::<i64>()), of(any::<bool>()))
        .prop_map(|(x, on)| nesting::CatalogGridItemItem { x, on });
    (
        text(),
        of(meta),
        vec(section(), 0..3),
        of(vec(vec(number(), 0..3), 0..3)),
        of(vec(vec(cell, 0..3), 0..3)),
        of(Just(nesting::CatalogNothing {})),
    )
        .prop_map(
            |(name, meta, sections, matrix, grid, nothing)| nesting::Catalog {
                name,
                meta,
                sections,
                matrix,
                grid,
                nothing,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn invoice_rows(rows in vec(invoice_row(), 0..6), selection in toon_diff::selection(8)) {
        toon_diff::toon_agrees(&rows, &selection)?;
    }

    #[test]
    fn cards_with_a_nested_column_and_redacted_cells(
        cards in vec(card(), 0..6),
        selection in toon_diff::selection(5),
    ) {
        toon_diff::toon_agrees(&cards, &selection)?;
        toon_diff::toon_agrees(&cards.iter().map(|c| c.address.clone()).collect::<Vec<_>>(), &Selection::all())?;
    }

    #[test]
    fn patients_redacted_everywhere(rows in vec(patient(), 0..4), selection in toon_diff::selection(10)) {
        toon_diff::toon_agrees(&rows, &selection)?;
    }

    #[test]
    fn nested_catalogs(rows in vec(catalog(), 0..3), selection in toon_diff::selection(6)) {
        toon_diff::toon_agrees(&rows, &selection)?;
        for catalog in &rows {
            toon_diff::toon_agrees(&catalog.sections, &Selection::all())?;
        }
    }
}

/// The benchmark rows: the generated table encoder writes the reference encoder's 844,804 bytes
/// with the pipe, and what the generic encoder writes with every delimiter and a `_select`.
#[test]
fn ten_thousand_invoice_rows() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/bench/invoices-10k.json"
    );
    let text = std::fs::read_to_string(path).expect("benchmark data is readable");
    let rows: Vec<InvoiceRow> = serde_json::from_str(&text).expect("invoice rows");
    const { assert!(InvoiceRow::TABULAR) };
    let pipe = encode_typed_slice(&rows, &Selection::all(), &ToonOptions::pipe());
    assert_eq!(pipe.len(), 844_804);
    let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(pipe, encode_value(&value, &ToonOptions::pipe()));
    let selections = [Selection::all(), Selection::from_indices([3, 0])];
    for selection in &selections {
        toon_diff::toon_agrees(&rows, selection).expect("typed and generic agree");
    }
}
