//! Exact bytes of both JSON paths. Each expected text is what Node 20 prints for
//! `JSON.stringify(v, null, 2)` (pretty) or `JSON.stringify(v)` (compact) of the same value.

use serde_json::json;

use super::*;

fn pretty<T: WriteJson + ?Sized>(v: &T) -> String {
    to_json(v, JsonStyle::Pretty)
}

fn compact<T: WriteJson + ?Sized>(v: &T) -> String {
    to_json(v, JsonStyle::Compact)
}

fn escaped(s: &str) -> String {
    let mut out = String::new();
    escape_str_into(&mut out, s);
    out
}

#[test]
fn serialize_path_prints_javascript_numbers_and_layout() {
    let value = json!({"a": 1, "b": [1, 2], "f": 4500.0, "e": {}, "l": [], "z": -0.0, "big": 1e21});
    assert_eq!(
        to_pretty(&value).unwrap(),
        "{\n  \"a\": 1,\n  \"b\": [\n    1,\n    2\n  ],\n  \"f\": 4500,\n  \"e\": {},\n  \"l\": [],\n  \"z\": 0,\n  \"big\": 1e+21\n}"
    );
    assert_eq!(
        to_compact(&value).unwrap(),
        r#"{"a":1,"b":[1,2],"f":4500,"e":{},"l":[],"z":0,"big":1e+21}"#
    );
}

/// The invoice of wire format §3, written as generated code writes it.
struct Client {
    id: &'static str,
    name: &'static str,
}

struct Invoice {
    id: &'static str,
    amount_cents: i64,
    status: &'static str,
    client: Client,
}

impl WriteJson for Client {
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        let mut o = w.object();
        o.field("\"id\"", self.id);
        o.field("\"name\"", self.name);
        o.end();
    }
}

impl WriteJson for Invoice {
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        let mut o = w.object();
        o.field("\"id\"", self.id);
        o.field("\"amount_cents\"", &self.amount_cents);
        o.field("\"status\"", self.status);
        o.field("\"client\"", &self.client);
        o.end();
    }
}

#[test]
fn typed_writer_matches_the_wire_format_example() {
    let invoice = Invoice {
        id: "INV-1",
        amount_cents: 4500,
        status: "pending",
        client: Client {
            id: "C1",
            name: "Acme",
        },
    };
    assert_eq!(
        pretty(&invoice),
        "{\n  \"id\": \"INV-1\",\n  \"amount_cents\": 4500,\n  \"status\": \"pending\",\n  \"client\": {\n    \"id\": \"C1\",\n    \"name\": \"Acme\"\n  }\n}"
    );
    assert_eq!(
        compact(&invoice),
        r#"{"id":"INV-1","amount_cents":4500,"status":"pending","client":{"id":"C1","name":"Acme"}}"#
    );
}

#[test]
fn empties_and_nesting() {
    let value = json!({"o": {}, "a": [], "n": [[], [{}], {"x": [null, true, false]}]});
    assert_eq!(
        pretty(&value),
        "{\n  \"o\": {},\n  \"a\": [],\n  \"n\": [\n    [],\n    [\n      {}\n    ],\n    {\n      \"x\": [\n        null,\n        true,\n        false\n      ]\n    }\n  ]\n}"
    );
    assert_eq!(
        compact(&value),
        r#"{"o":{},"a":[],"n":[[],[{}],{"x":[null,true,false]}]}"#
    );
    assert_eq!(pretty(&json!({})), "{}");
    assert_eq!(pretty(&json!([])), "[]");
    assert_eq!(pretty(&Vec::<i32>::new()), "[]");
    assert_eq!(compact(&json!("")), "\"\"");
}

#[test]
fn deep_nesting_indents_past_the_static_separator() {
    let mut value = json!(1);
    for _ in 0..40 {
        value = json!([value]);
    }
    let text = pretty(&value);
    let innermost = format!("\n{}1\n", " ".repeat(80));
    assert!(text.contains(&innermost), "{text}");
    assert!(text.ends_with("\n  ]\n]"));
    assert_eq!(text, to_pretty(&value).unwrap());
}

#[test]
fn strings_escape_only_quote_backslash_and_controls() {
    assert_eq!(escaped("a\"b\\c"), r#""a\"b\\c""#);
    assert_eq!(escaped("\u{8}\u{c}\n\r\t"), r#""\b\f\n\r\t""#);
    assert_eq!(
        escaped("\u{0}\u{1}\u{b}\u{1f}"),
        r#""\u0000\u0001\u000b\u001f""#
    );
    // `/`, DEL, non-ASCII, U+2028/U+2029 and HTML characters are all raw.
    let raw = "a/b\u{7f}é😀\u{2028}\u{2029}<>&'";
    assert_eq!(escaped(raw), format!("\"{raw}\""));
    assert_eq!(escaped(""), "\"\"");
    assert_eq!(escaped("x\ny"), "\"x\\ny\"");
}

#[test]
fn keys_are_escaped_at_run_time_for_maps() {
    let value = json!({"a\"b": 1, "line\nbreak": 2, "é/\u{2028}": 3});
    assert_eq!(
        compact(&value),
        "{\"a\\\"b\":1,\"line\\nbreak\":2,\"é/\u{2028}\":3}"
    );
    let map = std::collections::BTreeMap::from([("b", 2), ("a", 1)]);
    assert_eq!(compact(&map), r#"{"a":1,"b":2}"#);
}

#[test]
fn numbers_print_as_javascript_does() {
    let floats = [
        4500.0,
        -0.0,
        0.1 + 0.2,
        1e21,
        1e-7,
        1e20,
        5e-324,
        f64::NAN,
        f64::INFINITY,
    ];
    assert_eq!(
        compact(&floats),
        "[4500,0,0.30000000000000004,1e+21,1e-7,100000000000000000000,5e-324,null,null]"
    );
    assert_eq!(compact(&0.1f32), "0.10000000149011612");
    let mut integers = String::new();
    let mut w = JsonWriter::new(&mut integers, JsonStyle::Compact);
    let mut a = w.array();
    a.element(&i64::MIN);
    a.element(&u64::MAX);
    a.element(&-7i8);
    a.element(&255u8);
    a.element(&usize::MAX);
    a.element(&i128::MIN);
    a.end();
    assert_eq!(
        integers,
        "[-9223372036854775808,18446744073709551615,-7,255,18446744073709551615,-170141183460469231731687303715884105728]"
    );
    assert_eq!(
        compact(&json!([1, -1, 1.5, 18446744073709551615u64])),
        "[1,-1,1.5,18446744073709551615]"
    );
}

#[test]
fn options_pointers_and_custom_values() {
    let v: Vec<Option<Box<str>>> = vec![Some("x".into()), None];
    assert_eq!(compact(&v), r#"["x",null]"#);
    assert_eq!(compact(&std::borrow::Cow::Borrowed("c")), r#""c""#);
    assert_eq!(compact(&'"'), r#""\"""#);

    let mut out = String::from("prefix:");
    let mut w = JsonWriter::new(&mut out, JsonStyle::Pretty);
    assert_eq!(w.style(), JsonStyle::Pretty);
    let mut o = w.object();
    o.key("\"status\"").raw_value("\"paid\"");
    let nested = o.key("\"tags\"");
    let mut a = nested.array();
    a.next_element().str("t1");
    a.element(&2u16);
    a.end();
    o.field("\"v\"", &json!({"k": [1]}));
    drop(o);
    assert_eq!(
        out,
        "prefix:{\n  \"status\": \"paid\",\n  \"tags\": [\n    \"t1\",\n    2\n  ],\n  \"v\": {\n    \"k\": [\n      1\n    ]\n  }\n}"
    );
}

/// Records as generated code declares them: a nested record, an optional field, a redacted one,
/// undeclared keys and an enum, at every depth the pretty writer specialises and past them.
mod records {
    use indexmap::IndexMap;
    use serde_json::{Value, json};

    use crate::Selection;
    use crate::json::{JsonStyle, to_compact, to_json, to_pretty};
    use crate::record::{Censor, FieldSink, Key, Record};
    use crate::toon::{Delimiter, ToonOptions, encode_typed_slice, encode_value};

    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
    enum Status {
        Paid,
        Overdue,
        Odd,
    }

    crate::wire_enum!(Status { Paid("paid"), Overdue("-overdue"), Odd("a\"b") });

    #[derive(Debug, serde::Serialize)]
    struct Inner {
        code: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        rate: Option<f64>,
    }

    impl Record for Inner {
        const KEYS: &'static [Key] = &[
            Key::new("code", "\"code\": "),
            Key::new("rate", "\"rate\": "),
        ];
        #[inline(always)]
        fn visit_field<'a, S: FieldSink<'a>>(&'a self, field: u16, sink: &mut S) {
            match field {
                0 => sink.field(&Self::KEYS[0], &self.code),
                1 => sink.optional(&Self::KEYS[1], &self.rate),
                _ => {}
            }
        }
    }

    crate::__record_impls!(Inner);

    #[derive(Debug, serde::Serialize)]
    struct Outer {
        id: String,
        status: Status,
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<String>,
        #[serde(serialize_with = "censor")]
        secret: Option<String>,
        inner: Inner,
        #[serde(flatten)]
        extra: IndexMap<String, Value>,
    }

    fn censor<S: serde::Serializer>(value: &Option<String>, s: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(_) => s.serialize_str("[REDACTED]"),
            None => s.serialize_none(),
        }
    }

    impl Record for Outer {
        const KEYS: &'static [Key] = &[
            Key::new("id", "\"id\": "),
            Key::new("status", "\"status\": "),
            Key::new("note", "\"note\": "),
            Key::new("secret", "\"secret\": "),
            Key::new("inner", "\"inner\": "),
        ];
        #[inline(always)]
        fn visit_field<'a, S: FieldSink<'a>>(&'a self, field: u16, sink: &mut S) {
            match field {
                0 => sink.field(&Self::KEYS[0], &self.id),
                1 => sink.field(&Self::KEYS[1], &self.status),
                2 => sink.optional(&Self::KEYS[2], &self.note),
                3 => sink.censored(
                    &Self::KEYS[3],
                    Censor::new("[REDACTED]", "\"[REDACTED]\""),
                    self.secret.is_some(),
                ),
                4 => sink.field(&Self::KEYS[4], &self.inner),
                _ => {}
            }
        }
        fn extra_len(&self) -> usize {
            self.extra.len()
        }
        fn visit_extra<'a, S: FieldSink<'a>>(&'a self, index: usize, sink: &mut S) {
            crate::record::visit_entry(&self.extra, index, sink);
        }
    }

    crate::__record_impls!(Outer);

    fn outer(i: usize) -> Outer {
        let mut extra = IndexMap::new();
        if i.is_multiple_of(2) {
            extra.insert(format!("x\"{i}"), json!({"deep": [i, {"k": "v"}]}));
        }
        Outer {
            id: format!("INV-{i:06}"),
            status: [Status::Paid, Status::Overdue, Status::Odd][i % 3],
            note: (i % 3 == 1).then(|| "a\nb".to_owned()),
            secret: (!i.is_multiple_of(4)).then(|| "pw".to_owned()),
            inner: Inner {
                code: "c".repeat(i % 20),
                rate: (i % 2 == 1).then_some(0.0825 * i as f64),
            },
            extra,
        }
    }

    /// Pretty and compact JSON of records at depths 1, 2 and 3 (an item, a collection's item,
    /// an item nested in an array in a map) equal serde_json's text of the same value.
    #[test]
    fn records_write_what_serde_writes_at_every_depth() {
        let rows: Vec<Outer> = (0..24).map(outer).collect();
        for row in &rows {
            let value = serde_json::to_value(row).unwrap();
            assert_eq!(to_json(row, JsonStyle::Pretty), to_pretty(&value).unwrap());
            assert_eq!(
                to_json(row, JsonStyle::Compact),
                to_compact(&value).unwrap()
            );
        }
        let value = serde_json::to_value(&rows).unwrap();
        assert_eq!(
            to_json(&rows, JsonStyle::Pretty),
            to_pretty(&value).unwrap()
        );
        assert_eq!(
            to_json(&rows, JsonStyle::Compact),
            to_compact(&value).unwrap()
        );
        let nested: IndexMap<String, Vec<Inner>> =
            IndexMap::from([("a".to_owned(), rows.into_iter().map(|r| r.inner).collect())]);
        let value = serde_json::to_value(&nested).unwrap();
        assert_eq!(
            to_json(&nested, JsonStyle::Pretty),
            to_pretty(&value).unwrap()
        );
    }

    /// A table row: every field required and primitive.
    #[derive(Debug, serde::Serialize)]
    struct Cell {
        code: String,
        status: Status,
        rate: f64,
        ok: bool,
    }

    impl Record for Cell {
        const KEYS: &'static [Key] = &[
            Key::new("code", "\"code\": "),
            Key::new("status", "\"status\": "),
            Key::new("rate", "\"rate\": "),
            Key::new("ok", "\"ok\": "),
        ];
        const TABLE_ROW: bool = true;
        #[inline(always)]
        fn visit_field<'a, S: FieldSink<'a>>(&'a self, field: u16, sink: &mut S) {
            match field {
                0 => sink.field(&Self::KEYS[0], &self.code),
                1 => sink.field(&Self::KEYS[1], &self.status),
                2 => sink.field(&Self::KEYS[2], &self.rate),
                3 => sink.field(&Self::KEYS[3], &self.ok),
                _ => {}
            }
        }
    }

    crate::__record_impls!(tabular Cell);

    /// A table of records with an enum column is what the generic encoder makes of the value,
    /// whatever the delimiter and indent.
    #[test]
    fn tables_of_records_write_what_the_generic_encoder_writes() {
        let rows: Vec<Cell> = (0..12)
            .map(|i| Cell {
                code: ["x", "-y", "a|b", "05", "true", "", "a,b", "a\tb"][i % 8].to_owned(),
                status: [Status::Paid, Status::Overdue, Status::Odd][i % 3],
                rate: i as f64 / 8.0,
                ok: i % 2 == 0,
            })
            .collect();
        let value = serde_json::to_value(&rows).unwrap();
        for options in [
            ToonOptions::pipe(),
            ToonOptions::new(),
            ToonOptions::new().with_delimiter(Delimiter::Tab),
            ToonOptions::pipe().with_indent(3),
        ] {
            assert_eq!(
                encode_typed_slice(&rows, &Selection::all(), &options),
                encode_value(&value, &options)
            );
        }
    }
}
