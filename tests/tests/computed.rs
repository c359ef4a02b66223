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

/// The block of a response that starts with `start`.
fn block<'a>(texts: &'a [String], start: &str) -> &'a str {
    texts
        .iter()
        .find(|t| t.starts_with(start))
        .unwrap_or_else(|| panic!("no block starting {start:?} in {texts:#?}"))
}

#[test]
fn suggestions_compute_their_reasons() {
    let texts = blocks(&payout());
    assert_eq!(
        block(&texts, "<action_suggestions>"),
        "<action_suggestions>\n- payouts.hold: Hold 1234.56 USD paid Mar 7\n</action_suggestions>"
    );
    let mut bad_date = payout();
    bad_date.paid_on = "2026-03-07T25:00:00Z <x>".into();
    assert_eq!(
        block(&blocks(&bad_date), "<action_suggestions>"),
        "<action_suggestions>\n- payouts.hold: Hold 1234.56 USD paid 2026-03-07T25:00:00Z &lt;x>\n</action_suggestions>"
    );
    let collection = PayoutPresenter.present_collection(&[payout(), payout()]);
    assert_eq!(
        block(collection.texts(), "<action_suggestions>"),
        "<action_suggestions>\n- payouts.hold: Hold 2469.12 USD over 2 payouts\n</action_suggestions>"
    );
}

#[test]
fn ui_blocks_and_chart_values_are_computed() {
    let texts = blocks(&payout());
    assert_eq!(
        block(&texts, "<ui_passthrough type=\"summary\""),
        "<ui_passthrough type=\"summary\" title=\"Payout P-1 of 1234.56 on 07.03.2026\">\n📊 **Summary**: 1234.56 USD on Mar 7, 2026\n</ui_passthrough>"
    );
    assert_eq!(
        block(&texts, "<ui_passthrough type=\"markdown\""),
        "<ui_passthrough type=\"markdown\">\n**7.5%** across 3 tags, due 31 Dec\n</ui_passthrough>"
    );
    // Numbers are JSON numbers, percentages and dates JSON strings; echarts' own `{value}`
    // formatter is not a placeholder (it is not the whole string).
    assert_eq!(
        block(&texts, "<ui_passthrough type=\"echarts\""),
        "<ui_passthrough type=\"echarts\">\n```echarts\n{\n  \"series\": [\n    {\n      \"type\": \"gauge\",\n      \"data\": [\n        {\n          \"value\": 1234.56,\n          \"name\": \"7 Mar 2026\"\n        }\n      ],\n      \"detail\": {\n        \"formatter\": \"{value} USD\"\n      }\n    }\n  ],\n  \"rate\": \"7.5%\",\n  \"tags\": 3,\n  \"fee\": -10.05,\n  \"due\": \"2026\"\n}\n```\n</ui_passthrough>"
    );
}

#[test]
fn absent_and_null_values_write_nothing_in_text_and_null_in_charts() {
    let mut payout = payout();
    payout.big = None;
    payout.due = Some(None);
    payout.fee_cents = None;
    payout.share = None;
    let texts = blocks(&payout);
    let rules = rules(&texts);
    assert!(rules.contains("\n- Fee ; due ; share .\n"), "{rules}");
    assert!(rules.contains("\n- Small 6, big .\n"), "{rules}");
    let chart = block(&texts, "<ui_passthrough type=\"echarts\"");
    assert!(
        chart.contains("\"fee\": null,\n  \"due\": null\n}"),
        "{chart}"
    );
    assert_eq!(
        block(&texts, "<ui_passthrough type=\"markdown\""),
        "<ui_passthrough type=\"markdown\">\n**7.5%** across 3 tags, due \n</ui_passthrough>"
    );
}

#[test]
fn a_date_that_does_not_parse_is_the_value_escaped_for_its_place() {
    let mut payout = payout();
    payout.paid_on = "2026-02-29 \"<b>\" | x\nnext".into();
    payout.created_at = "2026-03-07T09:05:01".into();
    payout.due = Some(Some("2026-04-31".into()));
    let texts = blocks(&payout);
    let rules = rules(&texts);
    assert!(
        // In a rule, `<b>` forges no block and reads as the data block shows it (§5).
        rules.contains("\n- Paid 2026-02-29 \"<b>\" | x\\nnext; created 2026-03-07T09:05:01.\n"),
        "{rules}"
    );
    assert!(rules.contains("; due 2026-04-31; "), "{rules}");
    assert_eq!(
        block(&texts, "<ui_passthrough type=\"summary\""),
        "<ui_passthrough type=\"summary\" title=\"Payout P-1 of 1234.56 on 2026-02-29 &quot;&lt;b&gt;&quot; | x\\nnext\">\n📊 **Summary**: 1234.56 USD on 2026-02-29 \"&lt;b>\" | x\\nnext\n</ui_passthrough>"
    );
    let chart = block(&texts, "<ui_passthrough type=\"echarts\"");
    assert!(
        chart.contains("\"name\": \"2026-02-29 \\\"\\u003cb>\\\" | x\\nnext\""),
        "{chart}"
    );
}

#[test]
fn numbers_at_the_edges() {
    let mut payout = payout();
    payout.amount_cents = i64::MIN;
    payout.small = i32::MIN;
    payout.big = Some(u64::MAX);
    payout.fee_cents = Some(Some(-1));
    payout.share = Some(-0.1);
    payout.rate = -2.0;
    let texts = blocks(&payout);
    // The same digits as JavaScript's `String(x)` for the same doubles (node 20:
    // `String(-9223372036854775808/100)` is `-92233720368547760`, `String(18446744073709551615/1000)`
    // is `18446744073709550`); `-0.1 * 3` rounds to `-0`, written `0`.
    assert_eq!(
        rules(&texts),
        "<domain_rules>\n\
         - Amount: -92233720368547760 USD.\n\
         - Rate: -200%.\n\
         - Paid 7 March 2026; created 2026-03-07 09:05:01.\n\
         - 3 tags, 75% of four.\n\
         - Fee -0.01; due 31/12/2026; share 0.\n\
         - Small 4294967296, big 18446744073709550.\n\
         - Scaled -2.\n\
         </domain_rules>"
    );
}

#[test]
fn halves_round_away_from_zero_as_written() {
    // The products as JavaScript writes them (node 20): `0.0125 * 100` is `1.25`, `0.99995 *
    // 100` is `99.995`, `0.01005 * 100` is `1.005`, `0.5 / 3 * 3` is `0.5`, `0.1 * 3` is
    // `0.30000000000000004`.
    for (cents, rate, share, expected) in [
        (1_005, 0.0125, 0.5 / 3.0, ("10.05", "1.3%", "1")),
        (-1_005, -0.0125, -0.5 / 3.0, ("-10.05", "-1.3%", "-1")),
        (5, 0.99995, 1.5 / 3.0, ("0.05", "100%", "2")),
        (-15, 0.01005, 0.1, ("-0.15", "1%", "0")),
        (1, 0.0015, 0.833_333_333_333_333_4, ("0.01", "0.2%", "3")),
    ] {
        let mut payout = payout();
        payout.amount_cents = cents;
        payout.rate = rate;
        payout.share = Some(share);
        let texts = blocks(&payout);
        let rules = rules(&texts);
        let (amount, percent, shared) = expected;
        assert!(
            rules.contains(&format!("- Amount: {amount} USD.\n- Rate: {percent}.\n")),
            "{cents}: {rules}"
        );
        assert!(
            rules.contains(&format!("; share {shared}.\n")),
            "{share}: {rules}"
        );
    }
}

#[test]
fn a_number_that_overflows_is_the_value_the_transforms_started_from() {
    let mut payout = payout();
    payout.rate = 1e-300;
    assert!(rules(&blocks(&payout)).contains("\n- Scaled 1e+300.\n"));
    payout.rate = -1e-250;
    assert!(rules(&blocks(&payout)).contains("\n- Scaled -1e-250.\n"));
    payout.rate = f64::MAX;
    let texts = blocks(&payout);
    assert!(rules(&texts).contains("\n- Rate: 1.7976931348623157e+308.\n"));
    assert!(rules(&texts).contains("\n- Scaled 1.7976931348623157e+308.\n"));
    let chart = block(&texts, "<ui_passthrough type=\"echarts\"");
    assert!(
        chart.contains("\"rate\": 1.7976931348623157e+308,"),
        "{chart}"
    );
}

#[test]
fn collections_compute_sums_counts_summaries_and_columns() {
    let mut other = payout();
    other.amount_cents = -250;
    other.paid_on = "03/07/2026".into();
    other.tags.clear();
    other.fee_cents = None;
    let items = [payout(), other.clone(), other, payout()];
    let texts = PayoutPresenter.present_collection(&items).texts().to_vec();
    assert_eq!(
        block(&texts, "<ui_passthrough type=\"summary\""),
        "<ui_passthrough type=\"summary\">\n📊 **Summary**: 3 of 4 shown (100% of the limit); 1 hidden.\n</ui_passthrough>"
    );
    assert_eq!(
        block(&texts, "<ui_passthrough type=\"markdown\""),
        "<ui_passthrough type=\"markdown\">\n3 payouts: 1229.56 USD\n</ui_passthrough>"
    );
    // 0.075 three times sums to 0.22499999999999998, whose written digits round down.
    assert!(
        rules(&texts)
            .ends_with("\n- 3 payouts, 1229.56 USD, 0.22 rate, 75% of a page.\n</domain_rules>"),
        "{}",
        rules(&texts)
    );
    assert_eq!(
        block(&texts, "<ui_passthrough type=\"echarts\""),
        "<ui_passthrough type=\"echarts\">\n```echarts\n{\n  \"xAxis\": {\n    \"data\": [\n      \"7 Mar\",\n      \"03/07/2026\",\n      \"03/07/2026\"\n    ]\n  },\n  \"series\": [\n    {\n      \"type\": \"bar\",\n      \"data\": [\n        1234.6,\n        -2.5,\n        -2.5\n      ]\n    },\n    {\n      \"type\": \"line\",\n      \"data\": [\n        3,\n        0,\n        0\n      ]\n    },\n    {\n      \"type\": \"line\",\n      \"data\": [\n        -10.05,\n        null,\n        null\n      ]\n    }\n  ],\n  \"total\": 1229.56,\n  \"count\": 6\n}\n```\n</ui_passthrough>"
    );
}

#[test]
fn an_empty_collection_computes_from_zero() {
    let texts = PayoutPresenter.present_collection(&[]).texts().to_vec();
    assert_eq!(
        block(&texts, "<ui_passthrough type=\"markdown\""),
        "<ui_passthrough type=\"markdown\">\n0 payouts: 0 USD\n</ui_passthrough>"
    );
    let chart = block(&texts, "<ui_passthrough type=\"echarts\"");
    assert!(
        chart.contains("\"data\": []\n  },") && chart.contains("\"total\": 0,\n  \"count\": 0\n}"),
        "{chart}"
    );
}
