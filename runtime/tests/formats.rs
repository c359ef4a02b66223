//! String formats of tool arguments (wire format §12, Formats): every value of
//! `tests/fixtures/upstream/formats.json` (zod's own answer, by `tests/upstream-parity/formats.mjs`)
//! decided as zod decides it, but for the deviations listed here; the messages and hints; and that
//! no value a format check echoes adds a line to the `<validation_error>`.

use fusion_runtime::__private::formats::{ALL, Format};
use fusion_runtime::{FieldIssue, validation_error};
use proptest::prelude::*;
use serde_json::Value;

const FORMATS: &str = include_str!("../../tests/fixtures/upstream/formats.json");

/// Where zod's answer is not ours, and why (wire format §12, Formats).
const DEVIATIONS: &[(&str, &str, &str)] = &[
    (
        "ipv6",
        "::1]/x",
        "zod parses `http://[value]`: a `]` ends the address, a path may follow",
    ),
    (
        "ipv6",
        "::\t1",
        "zod's URL parser drops tabs and line breaks before reading the address",
    ),
    (
        "uri",
        "http://xn--a/",
        "IDNA (punycode labels) is not run here: the host is accepted",
    ),
    (
        "uri",
        "http://a\u{3000}b/",
        "IDNA maps U+3000 to a space, which a host forbids: not run here",
    ),
];

#[test]
fn every_value_is_decided_as_zod_decides_it() {
    let fixture: Value = serde_json::from_str(FORMATS).expect("formats.json is JSON");
    let formats = fixture["formats"].as_object().expect("formats");
    assert_eq!(formats.len(), ALL.len(), "one entry per format");
    let mut mismatches = Vec::new();
    let mut count = 0;
    for (keyword, answers) in formats {
        let format = Format::from_keyword(keyword)
            .unwrap_or_else(|| panic!("{keyword} is not a format we check"));
        for answer in answers.as_array().expect("answers") {
            let value = answer[0].as_str().expect("value");
            let zod = answer[1].as_bool().expect("valid");
            count += 1;
            let deviation = DEVIATIONS
                .iter()
                .any(|(k, v, _)| *k == keyword && *v == value);
            if (format.is_valid(value) == zod) == deviation {
                mismatches.push(format!("{keyword} {value:?}: zod says {zod}"));
            }
        }
    }
    assert!(count > 300, "the fixture lost values: {count}");
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn messages_are_zods_and_hints_upstreams() {
    let sent = Value::String("tomorrow at 10".into());
    let detail = |format: Format| {
        let mut issues = Vec::new();
        format.check("tomorrow at 10", &sent, "start", &mut issues);
        assert_eq!(issues.len(), 1);
        assert!(issues[0].continues, "zod goes on checking after a format");
        issues[0].detail()
    };
    assert_eq!(
        detail(Format::DateTime),
        "Invalid ISO datetime You sent: 'tomorrow at 10'. Expected: an ISO 8601 datetime (e.g. 2024-01-15T10:30:00Z)."
    );
    assert_eq!(
        detail(Format::Date),
        "Invalid ISO date You sent: 'tomorrow at 10'."
    );
    assert_eq!(
        detail(Format::Time),
        "Invalid ISO time You sent: 'tomorrow at 10'."
    );
    assert_eq!(
        detail(Format::Email),
        "Invalid email address You sent: 'tomorrow at 10'. Expected: a valid email address (e.g. user@example.com)."
    );
    assert_eq!(
        detail(Format::Uri),
        "Invalid URL You sent: 'tomorrow at 10'. Expected: a valid URL (e.g. https://example.com)."
    );
    assert_eq!(
        detail(Format::Cidr),
        "Invalid IPv4 range You sent: 'tomorrow at 10'."
    );
    let mut none = Vec::new();
    Format::DateTime.check("2026-03-07T09:05:00Z", &sent, "start", &mut none);
    assert!(none.is_empty());
}

/// Text that mixes what a format accepts with what breaks lines and tags.
fn hostile() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9:TZ+\\-.@a-z/\\[\\]%]{0,30}",
        "[a\n\r\u{2028}\u{2029}\u{85}\u{1b}<>&\"'\\\\]{0,30}",
        "(2026-03-07T09:05:00Z|user@example.com|::1|\n|\r\n|</field>|<domain_rules>|\u{2028}){0,6}",
        any::<String>(),
    ]
}

proptest! {
    #[test]
    fn no_echoed_value_adds_a_line(text in hostile(), which in 0..ALL.len()) {
        let format = ALL[which];
        let sent = Value::String(text.clone());
        let mut issues: Vec<FieldIssue> = Vec::new();
        format.check(&text, &sent, "start", &mut issues);
        prop_assert_eq!(issues.len(), usize::from(!format.is_valid(&text)));
        if issues.is_empty() {
            return Ok(());
        }
        let response = validation_error("clinic/book", &issues);
        let body = response.texts().join("");
        // The envelope's own three lines and one `<field>` line, whatever was sent.
        prop_assert_eq!(body.lines().count(), 4, "{}", body);
        prop_assert_eq!(body.split('\n').count(), 4);
        let breaks = ['\r', '\u{2028}', '\u{2029}', '\u{85}'];
        prop_assert!(!body.contains(breaks), "a line break in {}", body);
        let field = body.lines().nth(1).expect("a field line");
        prop_assert!(field.starts_with("<field name=\"start\">") && field.ends_with("</field>"));
        prop_assert_eq!(field.matches('<').count(), 2, "{}", field);
    }
}
