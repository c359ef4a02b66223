//! `__record!` against serde's derive: the same struct both ways, the same input, the same
//! result or the same error message.

use serde::{Deserialize, Serialize};
use serde_json::json;

/// The derive's reading of the struct `Row` below declares.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Derived {
    id: i64,
    #[serde(rename = "display name")]
    name: String,
    #[serde(deserialize_with = "crate::nullable::required")]
    note: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tags: Option<Vec<String>>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::nullable::value"
    )]
    extra: Option<serde_json::Value>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::nullable::present"
    )]
    parent: Option<Option<i64>>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "censor"
    )]
    secret: Option<String>,
}

fn censor<S: serde::Serializer>(_: &Option<String>, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str("[REDACTED]")
}

#[derive(Clone, PartialEq)]
struct Row {
    id: i64,
    name: String,
    note: Option<String>,
    tags: Option<Vec<String>>,
    extra: Option<serde_json::Value>,
    parent: Option<Option<i64>>,
    secret: Option<String>,
}

crate::__record!(Row {
    0 id: "id" => required,
    1 name: "display name" => required,
    2 note: "note" => required_nullable,
    3 tags: "tags" => optional,
    4 extra: "extra" => optional_value,
    5 parent: "parent" => optional_nullable,
    6 secret: "secret" => optional redact "[REDACTED]" "\"[REDACTED]\"",
});

impl From<Derived> for Row {
    fn from(d: Derived) -> Self {
        Row {
            id: d.id,
            name: d.name,
            note: d.note,
            tags: d.tags,
            extra: d.extra,
            parent: d.parent,
            secret: d.secret,
        }
    }
}

/// Both readings of `input`: equal values, or equal error messages.
fn same_reading(input: &str) {
    let ours = serde_json::from_str::<Row>(input).map_err(|e| e.to_string());
    let theirs = serde_json::from_str::<Derived>(input)
        .map(Row::from)
        // The derive names the struct by its Rust name; this one's differs from `Row`.
        .map_err(|e| e.to_string().replace("struct Derived", "struct Row"));
    assert_eq!(ours, theirs, "reading {input}");
}

#[test]
fn reads_as_the_derive_does() {
    for input in [
        r#"{"id": 1, "display name": "a", "note": null}"#,
        r#"{"id": 1, "display name": "a", "note": "n", "tags": ["x"], "extra": null, "parent": null, "secret": "s"}"#,
        r#"{"id": 1, "display name": "a", "note": "n", "tags": null, "extra": {"k": [1]}, "parent": 7}"#,
        r#"{"unknown": {"deep": [1, 2]}, "id": 1, "display name": "a", "note": null, "other": 3}"#,
        r#"{"id": 1, "display name": "a"}"#,
        r#"{"display name": "a", "note": null}"#,
        r#"{"id": 1, "id": 2, "display name": "a", "note": null}"#,
        r#"{"id": 1, "display name": "a", "note": null, "parent": 1, "parent": null}"#,
        r#"{"id": "1", "display name": "a", "note": null}"#,
        r#"{"id": 1, "display\u0020name": "escaped key", "note": null}"#,
        r#""a string""#,
        r#"null"#,
        r#"{"id": 1, "display name": "a", "note": null"#,
    ] {
        same_reading(input);
    }
}

#[test]
fn a_sequence_is_refused_where_the_derive_reads_it_by_position() {
    let error = serde_json::from_str::<Row>(r#"[1, "a", null]"#).unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid type: sequence, expected struct Row at line 1 column 1"
    );
}

#[test]
fn reads_a_field_by_its_number_as_the_derive_does() {
    use serde::de::value::MapDeserializer;
    let entries = vec![
        (0_u64, json!(5)),
        (1, json!("by number")),
        (2, json!(null)),
        (9, json!("past the fields")),
    ];
    let deserializer = || MapDeserializer::<_, serde_json::Error>::new(entries.clone().into_iter());
    let ours = Row::deserialize(deserializer()).map_err(|e| e.to_string());
    let theirs = Derived::deserialize(deserializer())
        .map(Row::from)
        .map_err(|e| e.to_string());
    assert_eq!(ours, theirs);
    assert_eq!(ours.unwrap().name, "by number");
}

#[test]
fn serializes_as_the_derive_does_with_the_censor() {
    let derived = Derived {
        id: 1,
        name: "a".into(),
        note: None,
        tags: Some(vec!["x".into()]),
        extra: Some(serde_json::Value::Null),
        parent: Some(None),
        secret: Some("hunter2".into()),
    };
    let row = Row::from(derived.clone());
    assert_eq!(
        serde_json::to_string(&row).unwrap(),
        serde_json::to_string(&derived).unwrap()
    );
    assert!(!serde_json::to_string(&row).unwrap().contains("hunter2"));
    let sparse = Derived {
        tags: None,
        extra: None,
        parent: None,
        secret: None,
        ..derived
    };
    assert_eq!(
        serde_json::to_value(Row::from(sparse.clone())).unwrap(),
        serde_json::to_value(&sparse).unwrap()
    );
}

#[test]
fn the_data_block_and_serialize_agree() {
    let row = Row::from(
        serde_json::from_str::<Derived>(
            r#"{"id": 1, "display name": "a", "note": "n", "parent": null, "secret": "s"}"#,
        )
        .unwrap(),
    );
    let written = crate::json::to_json(&row, crate::json::JsonStyle::Compact);
    assert_eq!(written, serde_json::to_string(&row).unwrap());
}

/// A struct that keeps its undeclared keys, as serde's `flatten` read it before `__record!`
/// did (issue 24).
#[derive(Debug, Clone, PartialEq, Deserialize)]
struct DerivedKeeping {
    id: i64,
    #[serde(default)]
    note: Option<String>,
    #[serde(flatten)]
    rest: indexmap::IndexMap<String, i64>,
}

#[derive(Clone, PartialEq)]
struct Keeping {
    id: i64,
    note: Option<String>,
    rest: indexmap::IndexMap<String, i64>,
}

crate::__record!(Keeping {
    0 id: "id" => required,
    1 note: "note" => optional,
} .. rest);

/// Keeps only the undeclared keys that start with `x-`.
#[derive(Clone, PartialEq)]
struct Matching {
    id: i64,
    rest: indexmap::IndexMap<String, serde_json::Value>,
}

crate::__record!(Matching {
    0 id: "id" => required,
} .. rest [crate::pattern::Pattern::new("/^x-/", "^x-")]);

#[test]
fn keeps_undeclared_keys_as_serde_flatten_does() {
    for input in [
        r#"{"id": 1, "b": 2, "a": 3}"#,
        r#"{"b": 2, "id": 1, "note": "n", "a": 3, "b": 4}"#,
        // A mistyped kept value is reported after a missing field, at the end of the object.
        r#"{"a": "x", "note": "n"}"#,
        r#"{"id": 1, "a": "x", "b": null}"#,
        r#"{"id": 1, "a": 1.5}"#,
        r#"{"a": "x", "id": 1, "id": 2}"#,
        r#"{"id": 1, "a": {"deep": [1]}}"#,
        r#"{"id": 1, "a": 1"#,
    ] {
        let ours = serde_json::from_str::<Keeping>(input).map_err(|e| e.to_string());
        let theirs = serde_json::from_str::<DerivedKeeping>(input)
            .map(|d| Keeping {
                id: d.id,
                note: d.note,
                rest: d.rest,
            })
            .map_err(|e| e.to_string().replace("DerivedKeeping", "Keeping"));
        assert_eq!(ours, theirs, "reading {input}");
    }
    // One difference: `flatten` asks for a map, and serde_json places a non-object at column 0;
    // asked for a struct, as for every other struct, it names column 1.
    assert_eq!(
        serde_json::from_str::<Keeping>("[1]")
            .unwrap_err()
            .to_string(),
        "invalid type: sequence, expected struct Keeping at line 1 column 1"
    );
    let kept = serde_json::from_str::<Keeping>(r#"{"z": 1, "id": 0, "a": 2, "z": 3}"#).unwrap();
    assert_eq!(
        kept.rest.into_iter().collect::<Vec<_>>(),
        [("z".to_owned(), 3), ("a".to_owned(), 2)]
    );
}

#[test]
fn keeps_only_the_keys_a_pattern_matches() {
    let read = serde_json::from_str::<Matching>(
        r#"{"x-b": [1], "other": {"dropped": true}, "id": 1, "x-a": null}"#,
    )
    .unwrap();
    assert_eq!(read.id, 1);
    assert_eq!(
        read.rest.into_iter().collect::<Vec<_>>(),
        [
            ("x-b".to_owned(), json!([1])),
            ("x-a".to_owned(), json!(null))
        ]
    );
    let written = crate::json::to_json(
        &serde_json::from_str::<Matching>(r#"{"id": 2, "x-c": "v", "y": 1}"#).unwrap(),
        crate::json::JsonStyle::Compact,
    );
    assert_eq!(written, r#"{"id":2,"x-c":"v"}"#);
}

#[test]
fn debugs_as_the_derive_does_but_for_the_censor() {
    let derived: Derived = serde_json::from_value(json!({
        "id": 7,
        "display name": "Ada \"A\"",
        "note": null,
        "tags": ["x"],
        "parent": null,
    }))
    .unwrap();
    let row = Row::from(derived.clone());
    for (ours, theirs) in [
        (format!("{row:?}"), format!("{derived:?}")),
        (format!("{row:#?}"), format!("{derived:#?}")),
    ] {
        assert_eq!(ours, theirs.replace("Derived", "Row"));
    }

    let secret = Derived {
        secret: Some("hunter2".to_owned()),
        ..derived
    };
    let shown = format!("{:?}", Row::from(secret.clone()));
    assert!(!shown.contains("hunter2"), "{shown}");
    assert_eq!(
        shown,
        format!("{secret:?}")
            .replace("Derived", "Row")
            .replace("Some(\"hunter2\")", "[REDACTED]")
    );

    let keeping = DerivedKeeping {
        id: 1,
        note: None,
        rest: [("b".to_owned(), 2), ("a".to_owned(), 3)]
            .into_iter()
            .collect(),
    };
    let ours = Keeping {
        id: keeping.id,
        note: keeping.note.clone(),
        rest: keeping.rest.clone(),
    };
    assert_eq!(
        format!("{ours:?}"),
        format!("{keeping:?}").replace("DerivedKeeping", "Keeping")
    );
}

/// The widest struct the tuple of slots reads (`record::WIDEST` fields), and one a field wider,
/// which reads in its own loop: both read, and miss and repeat fields, as every struct does.
/// Declares a struct of the fields `f0`…`f31` (and `extra`), each a required `i64`.
macro_rules! numbered {
    ($name:ident $($form:ident)? [$($extra:tt)*]) => {
        numbered!(@declare $name [$($form)?]
            0 f0 "f0" 1 f1 "f1" 2 f2 "f2" 3 f3 "f3" 4 f4 "f4" 5 f5 "f5" 6 f6 "f6" 7 f7 "f7" 8 f8
            "f8" 9 f9 "f9" 10 f10 "f10" 11 f11 "f11" 12 f12 "f12" 13 f13 "f13" 14 f14 "f14" 15 f15
            "f15" 16 f16 "f16" 17 f17 "f17" 18 f18 "f18" 19 f19 "f19" 20 f20 "f20" 21 f21 "f21" 22
            f22 "f22" 23 f23 "f23" 24 f24 "f24" 25 f25 "f25" 26 f26 "f26" 27 f27 "f27" 28 f28
            "f28" 29 f29 "f29" 30 f30 "f30" 31 f31 "f31"
            $($extra)*);
    };
    (@declare $name:ident [$($form:ident)?] $($index:tt $field:ident $key:literal)*) => {
        #[derive(Clone, PartialEq)]
        struct $name {
            $($field: i64,)*
        }

        crate::__record!($($form)? $name { $($index $field: $key => required),* });
    };
}

numbered!(Widest []);
numbered!(Wide wide [32 f32 "f32"]);

fn object(fields: usize, skip: Option<usize>) -> String {
    let members: Vec<String> = (0..fields)
        .filter(|&i| Some(i) != skip)
        .map(|i| format!("\"f{i}\": {i}"))
        .collect();
    format!("{{{}}}", members.join(", "))
}

#[test]
fn the_widest_tuple_and_a_wider_struct_read_alike() {
    let widest: Widest = serde_json::from_str(&object(32, None)).unwrap();
    assert_eq!((widest.f0, widest.f17, widest.f31), (0, 17, 31));
    let wide: Wide = serde_json::from_str(&object(33, None)).unwrap();
    assert_eq!((wide.f0, wide.f31, wide.f32), (0, 31, 32));

    let missing = serde_json::from_str::<Widest>(&object(32, Some(31))).unwrap_err();
    assert!(
        missing.to_string().starts_with("missing field `f31`"),
        "{missing}"
    );
    let missing = serde_json::from_str::<Wide>(&object(33, Some(32))).unwrap_err();
    assert!(
        missing.to_string().starts_with("missing field `f32`"),
        "{missing}"
    );

    let twice = r#"{"f5": 1, "f5": 2}"#;
    for error in [
        serde_json::from_str::<Widest>(twice).unwrap_err(),
        serde_json::from_str::<Wide>(twice).unwrap_err(),
    ] {
        assert!(
            error.to_string().starts_with("duplicate field `f5`"),
            "{error}"
        );
    }
    assert!(format!("{wide:?}").starts_with("Wide { f0: 0, f1: 1,"));
}

/// A struct with a string cut where the agent reads it, in each presence kind (`tabular` only
/// to test a table's cells: the generator marks a struct so when all its fields are required).
#[derive(Clone, PartialEq)]
struct Clipped {
    id: i64,
    body: String,
    note: Option<String>,
    summary: Option<String>,
    reply: Option<Option<String>>,
}

crate::__record!(tabular Clipped {
    0 id: "id" => required,
    1 body: "body" => required clip 4,
    2 note: "note" => required_nullable clip 4,
    3 summary: "summary" => optional clip 4,
    4 reply: "reply" => optional_nullable clip 4,
});

fn clipped(note: Option<&str>, summary: Option<&str>, reply: Option<Option<&str>>) -> Clipped {
    Clipped {
        id: 7,
        body: "a, b and c".into(),
        note: note.map(str::to_owned),
        summary: summary.map(str::to_owned),
        reply: reply.map(|reply| reply.map(str::to_owned)),
    }
}

/// Every writer cuts the text alike, `null` stays `null`, an absent field stays absent, and
/// text within the limit is whole.
#[test]
fn a_clipped_field_is_cut_by_every_writer() {
    use crate::json::{JsonStyle, to_json};
    let row = clipped(None, Some("long summary"), Some(Some("ok")));
    let compact = r#"{"id":7,"body":"a, b…(truncated, 10 chars)","note":null,"summary":"long…(truncated, 12 chars)","reply":"ok"}"#;
    assert_eq!(to_json(&row, JsonStyle::Compact), compact);
    assert_eq!(serde_json::to_string(&row).unwrap(), compact);
    assert_eq!(
        to_json(&row, JsonStyle::Pretty),
        serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(compact).unwrap())
            .unwrap()
    );

    let sparse = clipped(Some("tiny"), None, Some(None));
    assert_eq!(
        to_json(&sparse, JsonStyle::Compact),
        r#"{"id":7,"body":"a, b…(truncated, 10 chars)","note":"tiny","reply":null}"#
    );

    let selection = crate::Selection::from_names(Clipped::FIELDS, &["summary", "body"]).unwrap();
    let mut selected = String::new();
    crate::record::WriteSelected::write_json_selected(
        &row,
        &mut crate::json::JsonWriter::new(&mut selected, JsonStyle::Compact),
        &selection,
    );
    assert_eq!(
        selected,
        r#"{"summary":"long…(truncated, 12 chars)","body":"a, b…(truncated, 10 chars)"}"#
    );

    let options = crate::toon::ToonOptions::default();
    assert_eq!(
        crate::toon::encode_typed(&row, &crate::Selection::all(), &options),
        "id: 7\nbody: \"a, b…(truncated, 10 chars)\"\nnote: null\nsummary: \"long…(truncated, 12 chars)\"\nreply: ok"
    );
    assert_eq!(
        crate::toon::encode_typed_slice(
            &[row, clipped(Some("tiny"), Some("s"), Some(None))],
            &crate::Selection::all(),
            &options
        ),
        "[2]{id,body,note,summary,reply}:\n  7,\"a, b…(truncated, 10 chars)\",null,\"long…(truncated, 12 chars)\",ok\n  7,\"a, b…(truncated, 10 chars)\",tiny,s,null"
    );
}

/// `Debug` is for whoever holds the value: the whole text.
#[test]
fn debug_prints_a_clipped_field_whole() {
    let row = clipped(None, Some("long summary"), None);
    assert_eq!(
        format!("{row:?}"),
        r#"Clipped { id: 7, body: "a, b and c", note: None, summary: Some("long summary"), reply: None }"#
    );
}
