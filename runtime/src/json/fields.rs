//! The JSON sinks of [`Record`]s: a pretty writer (its indentation sliced from one static string
//! of spaces, at a constant length for the depths of an item's and a collection's members) and
//! a compact writer, each monomorphised into the struct that calls it, so a key with its
//! separator, indentation and colon costs two copies of static text whatever the depth.

use super::escape::escape_str_into;
use super::writer::{SEPARATOR, push_separator};
use super::{JsonStyle, JsonWriter, WriteJson};
use crate::record::{Censor, Clip, FieldSink, FieldValue, Key, Record, SPECIALISED, censor_json};

/// Writes `record` as one JSON object in `writer`'s style and depth.
#[inline]
pub(crate) fn write_record<R: Record + ?Sized>(record: &R, writer: &mut JsonWriter<'_>) {
    let depth = writer.depth() + 1;
    match writer.style() {
        // An item's members sit at depth 1, a collection's items' at depth 2: at those the
        // separators have a constant length, copied as a few stores with nothing to cut back
        // (in optimised builds: see `SPECIALISED`).
        JsonStyle::Pretty => match depth {
            1 if SPECIALISED => write_pretty::<R, 1>(record, writer.output(), depth),
            2 if SPECIALISED => write_pretty::<R, 2>(record, writer.output(), depth),
            _ => write_pretty::<R, 0>(record, writer.output(), depth),
        },
        JsonStyle::Compact => {
            let mut sink = Compact {
                out: writer.output(),
                first: true,
            };
            sink.out.push('{');
            record.visit(&mut sink);
            sink.out.push('}');
        }
    }
}

/// Writes `record` as one pretty object whose members sit at `depth`, `DEPTH` when it is not 0.
#[cfg_attr(not(debug_assertions), inline(always))]
fn write_pretty<R: Record + ?Sized, const DEPTH: usize>(
    record: &R,
    out: &mut String,
    depth: usize,
) {
    let mut sink = Pretty::<DEPTH> {
        out,
        depth,
        first: true,
    };
    sink.out.push('{');
    record.visit(&mut sink);
    sink.end();
}

/// Members of a pretty object at `depth` (the depth its members are indented for), known at
/// compile time as `DEPTH` unless that is 0.
struct Pretty<'o, const DEPTH: usize> {
    out: &'o mut String,
    depth: usize,
    /// No member has been written yet (no comma before the next one).
    first: bool,
}

impl<const DEPTH: usize> Pretty<'_, DEPTH> {
    /// The separator, the key and its colon.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn key(&mut self, key: &str) {
        if DEPTH == 0 {
            push_separator(self.out, self.depth, usize::from(self.first));
        } else if self.first {
            // Both branches copy a constant slice: a length known at compile time is a few
            // stores where a run-time one is a call to `memcpy`.
            self.out.push_str(&SEPARATOR[1..2 + 2 * DEPTH]);
        } else {
            self.out.push_str(&SEPARATOR[..2 + 2 * DEPTH]);
        }
        self.first = false;
        self.out.push_str(key);
    }

    /// Closes the object: `{}` when no member was written.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn end(self) {
        if !self.first {
            if DEPTH == 0 {
                push_separator(self.out, self.depth - 1, 1);
            } else {
                self.out.push_str(&SEPARATOR[1..2 * DEPTH]);
            }
        }
        self.out.push('}');
    }
}

impl<'a, const DEPTH: usize> FieldSink<'a> for Pretty<'_, DEPTH> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn field<T: FieldValue + ?Sized>(&mut self, key: &'static Key, value: &'a T) {
        self.key(key.pretty());
        value.write_json(&mut JsonWriter::at_depth(
            self.out,
            JsonStyle::Pretty,
            self.depth,
        ));
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn censored(&mut self, key: &'static Key, censor: Censor, has_value: bool) {
        self.key(key.pretty());
        self.out.push_str(censor_json(censor, has_value));
    }

    fn clipped(&mut self, key: &'static Key, text: Option<Clip<'a>>) {
        self.key(key.pretty());
        text.write_json(&mut JsonWriter::at_depth(
            self.out,
            JsonStyle::Pretty,
            self.depth,
        ));
    }

    fn entry<T: FieldValue + ?Sized>(&mut self, key: &'a str, value: &'a T) {
        self.key("");
        escape_str_into(self.out, key);
        self.out.push_str(": ");
        value.write_json(&mut JsonWriter::at_depth(
            self.out,
            JsonStyle::Pretty,
            self.depth,
        ));
    }
}

/// Members of a compact object.
struct Compact<'o> {
    out: &'o mut String,
    first: bool,
}

impl Compact<'_> {
    /// The comma unless first, then the key and its colon.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn key(&mut self, key: &str) {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        self.out.push_str(key);
    }
}

impl<'a> FieldSink<'a> for Compact<'_> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn field<T: FieldValue + ?Sized>(&mut self, key: &'static Key, value: &'a T) {
        self.key(key.compact());
        value.write_json(&mut JsonWriter::at_depth(self.out, JsonStyle::Compact, 0));
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn censored(&mut self, key: &'static Key, censor: Censor, has_value: bool) {
        self.key(key.compact());
        self.out.push_str(censor_json(censor, has_value));
    }

    fn clipped(&mut self, key: &'static Key, text: Option<Clip<'a>>) {
        self.key(key.compact());
        text.write_json(&mut JsonWriter::at_depth(self.out, JsonStyle::Compact, 0));
    }

    fn entry<T: FieldValue + ?Sized>(&mut self, key: &'a str, value: &'a T) {
        self.key("");
        escape_str_into(self.out, key);
        self.out.push(':');
        value.write_json(&mut JsonWriter::at_depth(self.out, JsonStyle::Compact, 0));
    }
}
