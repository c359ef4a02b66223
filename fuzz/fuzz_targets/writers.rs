//! The generated JSON and TOON writers on any value of the corpus' types (read from the fuzzed
//! JSON, so every string, number and nesting serde accepts is reachable):
//! - JSON, pretty and compact: the typed writer's bytes equal serde's for the same value, and
//!   parse back to an equal value;
//! - TOON, with each delimiter: an independent decoder (the `toon-format` crate) reads the typed
//!   encoder's text back to the value serde sees.
#![no_main]

use std::fmt::Debug;

use fusion_runtime::Selection;
use fusion_runtime::json::{JsonStyle, WriteJson, to_compact, to_json, to_pretty};
use fusion_runtime::toon::{Delimiter, ToonOptions, WriteToon, encode_typed_slice};
use fusion_tests::generated::{Invoice, Ticket};
use fusion_tests::snapshots::{cycles, nullable, odd_names};
use libfuzzer_sys::fuzz_target;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Some((&which, json)) = data.split_first() else {
        return;
    };
    match which % 6 {
        0 => check::<Ticket>(json, |_| {}),
        1 => check::<Invoice>(json, |invoice| {
            // `client.email` is redacted in what the writers write (wire format §10).
            if let Some(Some(email)) = &mut invoice.client.email {
                *email = "[REDACTED]".into();
            }
        }),
        2 => check::<nullable::Reading>(json, |_| {}),
        3 => check::<odd_names::OddPerson>(json, |_| {}),
        4 => check::<cycles::Tree>(json, |_| {}),
        _ => check::<cycles::Graph>(json, |_| {}),
    }
});

fn check<T>(json: &[u8], normalise: impl Fn(&mut T))
where
    T: WriteJson + WriteToon + Serialize + DeserializeOwned + PartialEq + Debug,
{
    let Ok(mut items) = serde_json::from_slice::<Vec<T>>(json) else {
        return;
    };
    items.iter_mut().for_each(&normalise);
    for item in &items {
        for (style, generic) in [
            (JsonStyle::Pretty, to_pretty(item)),
            (JsonStyle::Compact, to_compact(item)),
        ] {
            let typed = to_json(item, style);
            assert_eq!(typed, generic.expect("serializes"), "{style:?}");
            let back: T = serde_json::from_str(&typed).expect("the output parses");
            assert_eq!(&back, item, "{style:?} reads back: {typed}");
        }
    }
    let expected = serde_json::to_value(&items).expect("serializes");
    for delimiter in [Delimiter::Comma, Delimiter::Tab, Delimiter::Pipe] {
        let options = ToonOptions::new().with_delimiter(delimiter);
        let text = encode_typed_slice(&items, &Selection::all(), &options);
        let decoded: Value = toon_format::decode(&text, &toon_format::DecodeOptions::default())
            .unwrap_or_else(|e| panic!("{delimiter:?}: {e}\n{text}"));
        assert!(
            same(&decoded, &expected),
            "{delimiter:?}\n{text}\ndecoded {decoded}\nexpected {expected}"
        );
    }
}

/// Equal values, numbers by value: TOON writes numbers canonically (`-0` as `0`, `1e21` in
/// full), so the decoder may give an integer where serde had a float.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(x), Some(y)) => x == y,
            _ => x.as_f64() == y.as_f64(),
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|((kx, vx), (ky, vy))| kx == ky && same(vx, vy))
        }
        _ => a == b,
    }
}
