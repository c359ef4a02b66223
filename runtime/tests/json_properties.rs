//! Properties of the JSON writer: the typed writer round-trips through serde_json, agrees byte for
//! byte with the Serialize path, escapes every string reversibly, and prints numbers as
//! JavaScript's `Number::toString` lays them out.

use fusion_runtime::__private::number;
use fusion_runtime::json::{JsonStyle, escape_str_into, to_compact, to_json, to_pretty};
use proptest::prelude::*;
use serde_json::{Map, Number, Value};

/// Strings that stress escaping: any Unicode, plus a dense mix of the characters JSON treats
/// specially and the ones `JSON.stringify` leaves raw.
fn arb_string() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[\\x00-\\x1f\"\\\\/a-z \u{7f}\u{80}é\u{2028}\u{2029}\u{fffd}😀<>&]{0,16}",
    ]
}

/// Finite doubles over the whole range, plus the values where the layout changes.
fn arb_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>().prop_filter("finite", |v| v.is_finite()),
        // Decimal-looking values around the plain/exponent boundaries (1e-6 and 1e21).
        (1u64..100_000_000_000_000_000, -30i32..30).prop_map(|(m, e)| m as f64 * 10f64.powi(e)),
        (-1e7f64..1e7).prop_map(|v| (v * 100.0).round() / 100.0),
        prop::sample::select(vec![
            0.0,
            -0.0,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            5e-324,
            1e21,
            1e-6,
            1e-7,
            999_999_999_999_999_900_000.0,
            9_007_199_254_740_993.0,
        ]),
    ]
}

fn arb_number() -> impl Strategy<Value = Number> {
    prop_oneof![
        any::<i64>().prop_map(Number::from),
        any::<u64>().prop_map(Number::from),
        prop::sample::select(vec![i64::MIN, i64::MAX, -1, 0]).prop_map(Number::from),
        arb_f64().prop_map(|v| Number::from_f64(v).expect("finite")),
    ]
}

fn arb_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        arb_number().prop_map(Value::Number),
        arb_string().prop_map(Value::String),
    ];
    leaf.prop_recursive(5, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((arb_string(), inner), 0..6)
                .prop_map(|members| Value::Object(members.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// Equal as JSON values, numbers compared exactly as f64 (so `4500.0` equals `4500`, and `-0`
/// equals `0`, the only difference the writer introduces).
///
/// Exact comparison relies on serde_json parsing floats correctly rounded: its `float_roundtrip`
/// feature is on in test builds (the toon-format dev-dependency enables it); without it
/// serde_json's fast parser can land an ULP off and this check would need a tolerance.
fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => same_number(x, y),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same_value(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|((ka, va), (kb, vb))| ka == kb && same_value(va, vb))
        }
        _ => a == b,
    }
}

fn same_number(x: &Number, y: &Number) -> bool {
    if x.is_f64() || y.is_f64() {
        x.as_f64().unwrap() == y.as_f64().unwrap()
    } else {
        x == y
    }
}

fn escaped(s: &str) -> String {
    let mut out = String::new();
    escape_str_into(&mut out, s);
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn typed_writer_round_trips_through_serde_json(value in arb_value()) {
        for style in [JsonStyle::Pretty, JsonStyle::Compact] {
            let text = to_json(&value, style);
            let parsed: Value = serde_json::from_str(&text).expect("valid JSON");
            prop_assert!(same_value(&value, &parsed), "{style:?}: {text}\nparsed as {parsed}");
        }
    }

    #[test]
    fn typed_writer_equals_the_serialize_path(value in arb_value()) {
        prop_assert_eq!(to_json(&value, JsonStyle::Pretty), to_pretty(&value).unwrap());
        prop_assert_eq!(to_json(&value, JsonStyle::Compact), to_compact(&value).unwrap());
    }

    #[test]
    fn escaping_is_reversible_and_leaves_no_raw_control_chars(s in arb_string()) {
        let out = escaped(&s);
        prop_assert!(!out.chars().any(|c| c < '\u{20}'), "raw control char in {out:?}");
        prop_assert_eq!(serde_json::from_str::<String>(&out).unwrap(), s.as_str());
        // serde_json escapes exactly the same set, in the same spelling.
        prop_assert_eq!(&out, &serde_json::to_string(&s).unwrap());
    }

    #[test]
    fn numbers_round_trip_and_follow_the_javascript_layout(v in arb_f64()) {
        let mut text = String::new();
        number::write_f64(&mut text, v);
        prop_assert_eq!(text.parse::<f64>().unwrap(), v, "{} printed as {}", v, text);
        let exponent_form = v != 0.0 && (v.abs() >= 1e21 || v.abs() < 1e-6);
        prop_assert_eq!(text.contains('e'), exponent_form, "{} printed as {}", v, text);
        if exponent_form {
            prop_assert!(text.contains("e+") || text.contains("e-"), "{}", text);
        } else {
            // Integral values print without a fraction; fractions never end in `0`.
            prop_assert_eq!(text.contains('.'), v.fract() != 0.0, "{} printed as {}", v, text);
        }
        let mantissa = text.split('e').next().unwrap();
        prop_assert!(!(mantissa.contains('.') && mantissa.ends_with('0')), "{}", text);
        prop_assert!(!text.starts_with("-0") || text.starts_with("-0."), "{}", text);
        // Shortest round-trip digits: as many significant digits as ryu's shortest form.
        let significant = |t: &str| {
            let m = t.split(['e', 'E']).next().unwrap();
            m.bytes().filter(u8::is_ascii_digit).skip_while(|&b| b == b'0').collect::<Vec<_>>()
        };
        let mut shortest = significant(ryu::Buffer::new().format_finite(v));
        while shortest.last() == Some(&b'0') { shortest.pop(); }
        let mut ours = significant(&text);
        while ours.last() == Some(&b'0') { ours.pop(); }
        prop_assert_eq!(ours, shortest, "{} printed as {}", v, text);
    }
}
