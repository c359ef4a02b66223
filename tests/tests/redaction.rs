//! Redaction (wire format §10) on the `tests/corpus/redaction/` presenters: no data-block format
//! (pretty, compact, TOON with every delimiter), no `_select`, no `Serialize` path and no test view
//! ever shows a clear value of a redacted field; rules still read the clear value; an absent
//! optional redacted field stays absent.

use fusion_runtime::json::{JsonStyle, to_json};
use fusion_runtime::toon::{Delimiter, ToonOptions, WriteToon, encode_typed, encode_typed_slice};
use fusion_runtime::{Presenter, Selection, success, toon_success};
use fusion_tests::snapshots::redaction::{
    Card, CardAddress, CardBrand, CardPresenter, Insurer, Patient, PatientContact,
    PatientPresenter, PatientRisk,
};
use serde_json::json;

/// Every clear value of a redacted field in [`patient`] and [`card`].
const SECRETS: &[&str] = &[
    "123-45-6789",
    "1970-01-01",
    "ACME Health",
    "POL-9",
    "+1 555",
    "vip",
    "77001",
    "4111",
    "500000",
    "high",
    "0000",
];

fn patient() -> Patient {
    Patient {
        id: 7,
        name: "Ada".into(),
        ssn: "123-45-6789".into(),
        dob: Some("1970-01-01".into()),
        visible: Some("shown".into()),
        insurer: Insurer {
            name: "ACME Health".into(),
            policy: Some("POL-9".into()),
        },
        contact: PatientContact {
            city: "Austin".into(),
            phone: Some("+1 555".into()),
        },
        tags: Some(vec!["vip".into()]),
        risk: Some(PatientRisk::High),
        balance_cents: Some(77001),
    }
}

fn card() -> Card {
    Card {
        holder: "Bob".into(),
        number: "4111 1111".into(),
        brand: CardBrand::MasterCard,
        limit_cents: 500000,
        address: CardAddress {
            city: "Oslo".into(),
            zip: "77001".into(),
        },
        pin: Some("0000".into()),
    }
}

fn assert_clean(text: &str) {
    for secret in SECRETS {
        assert!(!text.contains(secret), "`{secret}` leaked: {text}");
    }
}

/// Every selection worth trying: all fields, each field alone, and all fields reversed.
fn selections<T: WriteToon>() -> Vec<Selection> {
    let n = T::FIELD_COUNT as u16;
    let mut all = vec![Selection::all(), Selection::from_indices((0..n).rev())];
    all.extend((0..n).map(|i| Selection::from_indices([i])));
    all
}

#[test]
fn no_format_and_no_selection_shows_a_clear_value() {
    let (patients, cards) = (vec![patient(), patient()], vec![card(), card()]);
    for selection in selections::<Patient>() {
        let single = PatientPresenter.present_selected(&patients[0], &selection);
        let many = PatientPresenter.present_collection_selected(&patients, &selection);
        assert_clean(&single.texts()[0]);
        assert_clean(&many.texts()[0]);
        assert_clean(&single.test_view().expect("view").data().to_string());
        for delimiter in [Delimiter::Comma, Delimiter::Tab, Delimiter::Pipe] {
            let options = ToonOptions::new().with_delimiter(delimiter);
            assert_clean(&encode_typed_slice(&patients, &selection, &options));
        }
    }
    for selection in selections::<Card>() {
        let many = CardPresenter.present_collection_selected(&cards, &selection);
        assert_clean(&many.texts()[0]);
        assert_clean(&many.test_view().expect("view").data().to_string());
        assert_clean(
            &CardPresenter
                .present_selected(&cards[0], &selection)
                .texts()[0],
        );
    }
    for style in [JsonStyle::Pretty, JsonStyle::Compact] {
        assert_clean(&to_json(&patients, style));
        assert_clean(&to_json(&cards, style));
    }
    // The Serialize derive (`success`, `toon_success`, `serde_json::to_value`) censors too.
    assert_clean(&success(&patients).texts()[0]);
    assert_clean(&toon_success(&cards).texts()[0]);
    assert_clean(&encode_typed_slice(
        &cards,
        &Selection::all(),
        &ToonOptions::pipe(),
    ));
    assert_clean(&serde_json::to_string(&patients).expect("serializes"));
}

#[test]
fn the_censor_replaces_the_whole_value_whatever_its_type() {
    let response = PatientPresenter.present(&patient());
    assert_eq!(
        response.test_view().expect("view").data(),
        json!({
            "id": 7, "name": "Ada", "ssn": "[REDACTED]", "dob": "***", "visible": "shown",
            "insurer": "[HIDDEN]", "contact": { "city": "Austin", "phone": "[REDACTED]" },
            "tags": "[REDACTED]", "risk": "[REDACTED]", "balance_cents": "[REDACTED]"
        })
    );
    // Rules read the clear value: the condition on `risk` holds.
    assert_eq!(
        response.test_view().expect("view").system_rules(),
        ["Patient Ada has a high risk."]
    );
    let absent = Patient {
        dob: None,
        tags: None,
        risk: None,
        balance_cents: None,
        ..patient()
    };
    let compact = to_json(&absent, JsonStyle::Compact);
    assert_eq!(
        compact,
        r#"{"id":7,"name":"Ada","ssn":"[REDACTED]","visible":"shown","insurer":"[HIDDEN]","contact":{"city":"Austin","phone":"[REDACTED]"},"balance_cents":null}"#
    );
    let absent_selected =
        PatientPresenter.present_selected(&absent, &Selection::from_indices([3, 2]));
    assert_eq!(
        absent_selected.texts()[0],
        "{\n  \"ssn\": \"[REDACTED]\"\n}"
    );
}

#[test]
fn a_toon_presenter_response_is_byte_exact() {
    let cards = [
        card(),
        Card {
            holder: "Eve, Jr.".into(),
            brand: CardBrand::AB,
            pin: None,
            ..card()
        },
    ];
    let response = CardPresenter.present_collection(&cards);
    assert_eq!(
        response.texts(),
        [
            concat!(
                "[2|]{holder|number|brand|limit_cents|address{city|zip}|pin}:\n",
                "  Bob|****|master card|\"[REDACTED]\"|Oslo|\"[REDACTED]\"|\"[REDACTED]\"\n",
                "  Eve, Jr.|****|\"a|b\"|\"[REDACTED]\"|Oslo|\"[REDACTED]\"|null"
            ),
            // `[REDACTED]` is quoted (brackets are structural, §7.2); with the pipe a comma is not.
            // The rule interpolates the clear limit: rules see the typed item (§10).
            "<domain_rules>\n- Card of Bob, limit 500000 cents.\n</domain_rules>",
        ]
    );
    let selected =
        CardPresenter.present_collection_selected(&cards, &Selection::from_indices([4, 0]));
    assert_eq!(
        selected.texts()[0],
        "[2|]{address{city|zip}|holder}:\n  Oslo|\"[REDACTED]\"|Bob\n  Oslo|\"[REDACTED]\"|Eve, Jr."
    );
    assert_eq!(
        selected.test_view().expect("view").data(),
        json!([
            { "address": { "city": "Oslo", "zip": "[REDACTED]" }, "holder": "Bob" },
            { "address": { "city": "Oslo", "zip": "[REDACTED]" }, "holder": "Eve, Jr." }
        ])
    );
    let single = CardPresenter.present(&cards[0]);
    assert_eq!(
        single.texts()[0],
        "holder: Bob\nnumber: ****\nbrand: master card\nlimit_cents: \"[REDACTED]\"\naddress:\n  city: Oslo\n  zip: \"[REDACTED]\"\npin: \"[REDACTED]\""
    );
    assert_eq!(
        single.texts()[0],
        encode_typed(&cards[0], &Selection::all(), &ToonOptions::pipe())
    );
    assert_eq!(CardPresenter.present_collection(&[]).texts()[0], "[]");
    const { assert!(Card::TABULAR && !Patient::TABULAR) };
}

/// A redacted field holding `null` stays `null` in every data-block format, with `_select` and
/// through `Serialize`, as upstream's fast-redact leaves it (§10; the wire goldens
/// `payment_with_null_redacted_field` in `wire_extends.rs` check the upstream bytes); an absent
/// one stays absent and a value is still censored.
#[test]
fn a_redacted_null_stays_null() {
    let nulls = Patient {
        balance_cents: None,
        ..patient()
    };
    let view = PatientPresenter.present(&nulls);
    assert_eq!(
        view.test_view().expect("view").data()["balance_cents"],
        serde_json::Value::Null
    );
    assert!(
        view.texts()[0].ends_with("\"balance_cents\": null\n}"),
        "{}",
        view.texts()[0]
    );
    let balance = Selection::from_names(Patient::FIELDS, &["balance_cents"]).expect("a field");
    assert_eq!(
        PatientPresenter.present_selected(&nulls, &balance).texts()[0],
        "{\n  \"balance_cents\": null\n}"
    );
    assert_eq!(
        serde_json::to_value(&nulls).expect("serializes")["balance_cents"],
        serde_json::Value::Null
    );
    let no_pin = Card {
        pin: None,
        ..card()
    };
    for (delimiter, row) in [
        (
            Delimiter::Pipe,
            "Bob|****|master card|\"[REDACTED]\"|Oslo|\"[REDACTED]\"|null",
        ),
        (
            Delimiter::Comma,
            "Bob,****,master card,\"[REDACTED]\",Oslo,\"[REDACTED]\",null",
        ),
        (
            Delimiter::Tab,
            "Bob\t****\tmaster card\t\"[REDACTED]\"\tOslo\t\"[REDACTED]\"\tnull",
        ),
    ] {
        let options = ToonOptions::new().with_delimiter(delimiter);
        let table = encode_typed_slice(std::slice::from_ref(&no_pin), &Selection::all(), &options);
        assert_eq!(
            table.lines().nth(1),
            Some(format!("  {row}").as_str()),
            "{table}"
        );
    }
    assert!(
        encode_typed(&no_pin, &Selection::all(), &ToonOptions::pipe()).ends_with("\npin: null")
    );
    assert_eq!(
        to_json(&no_pin, JsonStyle::Compact),
        r#"{"holder":"Bob","number":"****","brand":"master card","limit_cents":"[REDACTED]","address":{"city":"Oslo","zip":"[REDACTED]"},"pin":null}"#
    );
}
