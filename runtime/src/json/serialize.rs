//! The data block for any `serde::Serialize` value, for data that has no generated type.
//!
//! serde_json already escapes strings exactly as `JSON.stringify` does (only `"`, `\` and
//! U+0000..U+001F, lowercase `\u00XX`) and lays out pretty output with the same two-space shape,
//! so this path reuses its serializer and replaces only what differs: numbers, which must print
//! as JavaScript prints them (`4500` for `4500.0`, `1e+21`, `-0` as `0`).

use std::io;

use serde::Serialize;
use serde_json::ser::{CompactFormatter, Formatter, PrettyFormatter};

use super::JsonStyle;
use crate::number;

/// Appends `value` to `out` as JSON in the given style.
///
/// # Errors
/// Fails when the value's `Serialize` implementation fails or produces a map with keys that JSON
/// cannot express (serde_json's rules).
pub fn write_serialize<T: Serialize + ?Sized>(
    out: &mut String,
    value: &T,
    style: JsonStyle,
) -> Result<(), serde_json::Error> {
    // serde_json writes to an io::Write; writing into the String's bytes and handing them back
    // keeps the output in the caller's buffer without a copy.
    let mut bytes = std::mem::take(out).into_bytes();
    let result = match style {
        JsonStyle::Pretty => {
            let formatter = JsFormatter::new(PrettyFormatter::with_indent(b"  "));
            value.serialize(&mut serde_json::Serializer::with_formatter(
                &mut bytes, formatter,
            ))
        }
        JsonStyle::Compact => {
            let formatter = JsFormatter::new(CompactFormatter);
            value.serialize(&mut serde_json::Serializer::with_formatter(
                &mut bytes, formatter,
            ))
        }
    };
    // serde_json only ever writes valid UTF-8 (it copies `str`s and ASCII), but a failing
    // serializer can stop mid-way; never hand back a String that is not UTF-8.
    *out = String::from_utf8(bytes)
        .unwrap_or_else(|err| String::from_utf8_lossy(err.as_bytes()).into_owned());
    result
}

/// `value` as pretty JSON, as `JSON.stringify(value, null, 2)` prints it.
///
/// # Errors
/// As [`write_serialize`].
pub fn to_pretty<T: Serialize + ?Sized>(value: &T) -> Result<String, serde_json::Error> {
    let mut out = String::new();
    write_serialize(&mut out, value, JsonStyle::Pretty)?;
    Ok(out)
}

/// `value` as compact JSON, as `JSON.stringify(value)` prints it.
///
/// # Errors
/// As [`write_serialize`].
pub fn to_compact<T: Serialize + ?Sized>(value: &T) -> Result<String, serde_json::Error> {
    let mut out = String::new();
    write_serialize(&mut out, value, JsonStyle::Compact)?;
    Ok(out)
}

/// A serde_json formatter that delegates layout to `F` and prints floats the JavaScript way.
struct JsFormatter<F> {
    inner: F,
    /// Reused for every float: `number` writes into a `String`, and keeping one buffer per
    /// serialization avoids an allocation per number (`clear` keeps the capacity).
    scratch: String,
}

impl<F: Formatter> JsFormatter<F> {
    fn new(inner: F) -> Self {
        Self {
            inner,
            scratch: String::new(),
        }
    }

    fn write_js_number<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        value: f64,
    ) -> io::Result<()> {
        self.scratch.clear();
        number::write_f64(&mut self.scratch, value);
        writer.write_all(self.scratch.as_bytes())
    }
}

macro_rules! delegate {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {
        $(
            #[inline]
            fn $method<W: ?Sized + io::Write>(&mut self, writer: &mut W $(, $arg: $ty)*) -> io::Result<()> {
                self.inner.$method(writer $(, $arg)*)
            }
        )*
    };
}

impl<F: Formatter> Formatter for JsFormatter<F> {
    fn write_f64<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: f64) -> io::Result<()> {
        self.write_js_number(writer, value)
    }

    fn write_f32<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: f32) -> io::Result<()> {
        self.write_js_number(writer, f64::from(value))
    }

    delegate! {
        begin_array();
        end_array();
        begin_array_value(first: bool);
        end_array_value();
        begin_object();
        end_object();
        begin_object_key(first: bool);
        end_object_key();
        begin_object_value();
        end_object_value();
    }
}
