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
