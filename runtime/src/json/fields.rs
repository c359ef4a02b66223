//! The JSON sinks of [`Record`]s: one pretty writer for every depth (its indentation sliced
//! from one static string of spaces) and one compact writer, each monomorphised into the
//! struct that calls it, so a key with its separator, indentation and colon costs two copies
//! of static text whatever the depth.

use super::escape::escape_str_into;
use super::writer::push_separator;
use super::{JsonStyle, JsonWriter};
use crate::record::{Censor, FieldSink, FieldValue, Key, Record, censor_json};

/// Writes `record` as one JSON object in `writer`'s style and depth.
#[inline]
pub(crate) fn write_record<R: Record + ?Sized>(record: &R, writer: &mut JsonWriter<'_>) {
    let depth = writer.depth() + 1;
    match writer.style() {
        JsonStyle::Pretty => {
            let mut sink = Pretty {
                out: writer.output(),
                depth,
                start: 1,
            };
            sink.out.push('{');
            record.visit(&mut sink);
            sink.end();
        }
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

/// Members of a pretty object at `depth` (the depth its members are indented for).
struct Pretty<'o> {
    out: &'o mut String,
    depth: usize,
    /// 1 before the first member (no comma), 0 after: the start of the separator's slice.
    start: usize,
}

impl Pretty<'_> {
    /// The separator, the key and its colon.
    #[inline(always)]
    fn key(&mut self, key: &str) {
        push_separator(self.out, self.depth, self.start);
        self.start = 0;
        self.out.push_str(key);
    }

    /// Closes the object: `{}` when no member was written.
    #[inline(always)]
    fn end(self) {
        if self.start == 1 {
            self.out.push('}');
        } else {
            push_separator(self.out, self.depth - 1, 1);
            self.out.push('}');
        }
    }
}

impl<'a> FieldSink<'a> for Pretty<'_> {
    #[inline(always)]
    fn field<T: FieldValue + ?Sized>(&mut self, key: &'static Key, value: &'a T) {
        self.key(key.pretty());
        value.write_json(&mut JsonWriter::at_depth(
            self.out,
            JsonStyle::Pretty,
            self.depth,
        ));
    }

    #[inline(always)]
    fn censored(&mut self, key: &'static Key, censor: Censor, has_value: bool) {
        self.key(key.pretty());
        self.out.push_str(censor_json(censor, has_value));
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
    #[inline(always)]
    fn key(&mut self, key: &str) {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        self.out.push_str(key);
    }
}

impl<'a> FieldSink<'a> for Compact<'_> {
    #[inline(always)]
    fn field<T: FieldValue + ?Sized>(&mut self, key: &'static Key, value: &'a T) {
        self.key(key.compact());
        value.write_json(&mut JsonWriter::at_depth(self.out, JsonStyle::Compact, 0));
    }

    #[inline(always)]
    fn censored(&mut self, key: &'static Key, censor: Censor, has_value: bool) {
        self.key(key.compact());
        self.out.push_str(censor_json(censor, has_value));
    }

    fn entry<T: FieldValue + ?Sized>(&mut self, key: &'a str, value: &'a T) {
        self.key("");
        escape_str_into(self.out, key);
        self.out.push(':');
        value.write_json(&mut JsonWriter::at_depth(self.out, JsonStyle::Compact, 0));
    }
}
