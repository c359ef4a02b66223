//! The typed JSON writer: generated code writes a data block straight into one `String`.
//!
//! There is no intermediate `serde_json::Value` and no per-value `String`: keys arrive as
//! precomputed JSON literals, strings are escaped in place, numbers are printed through
//! [`crate::number`] so they match `JSON.stringify`. The layout is `JSON.stringify(v, null, 2)`
//! for [`JsonStyle::Pretty`] and `JSON.stringify(v)` for [`JsonStyle::Compact`].

use super::JsonStyle;
use super::escape::escape_str_into;
use crate::number;

/// A comma, a newline and 62 spaces. Every separator of pretty output is one slice of it
/// (`,⏎` + indent between members, `⏎` + indent before the first member and the closing
/// bracket), so indentation never allocates.
pub(super) const SEPARATOR: &str = concat!(
    ",\n",
    "                              ",
    "                                ",
);

/// How many bytes a separator is copied in: a copy of a constant length is a few register moves
/// where one of a length known only at run time is a call to `memcpy`, so up to this length the
/// separator is copied whole from [`SEPARATOR`] and the output cut back to the indentation.
const SEPARATOR_COPY: usize = 32;

/// The most [`ArrayWriter::each`] reserves ahead, whatever the first element's size.
const MAX_RESERVATION: usize = 256 << 20;

/// A value that can write itself as JSON, as generated code does for its data types.
pub trait WriteJson {
    /// Writes `self` as exactly one JSON value.
    fn write_json(&self, w: &mut JsonWriter<'_>);
}

/// Writes JSON values into a borrowed `String`, in a fixed [`JsonStyle`].
///
/// Each call writes one complete value; objects and arrays are written through the
/// [`ObjectWriter`] and [`ArrayWriter`] guards, which track the separators and the indentation.
///
/// ```
/// use fusion_runtime::json::{JsonStyle, JsonWriter};
///
/// let mut out = String::new();
/// let mut w = JsonWriter::new(&mut out, JsonStyle::Pretty);
/// let mut invoice = w.object();
/// invoice.field("\"id\"", "INV-1");
/// invoice.field("\"amount_cents\"", &4500_i64);
/// let mut tags = invoice.key("\"tags\"").array();
/// tags.element("a/b");
/// tags.end();
/// invoice.end();
/// assert_eq!(out, "{\n  \"id\": \"INV-1\",\n  \"amount_cents\": 4500,\n  \"tags\": [\n    \"a/b\"\n  ]\n}");
/// ```
#[derive(Debug)]
pub struct JsonWriter<'a> {
    out: &'a mut String,
    style: JsonStyle,
    depth: usize,
}

impl<'a> JsonWriter<'a> {
    /// A writer that appends to `out` (existing text is kept) at nesting depth zero.
    pub fn new(out: &'a mut String, style: JsonStyle) -> Self {
        Self {
            out,
            style,
            depth: 0,
        }
    }

    /// A writer for a value that sits `depth` levels deep in a larger pretty text laid out
    /// elsewhere (a chart configuration fixed at build time with a column filled in at run
    /// time): nested lines are indented as if the writer had started at that depth.
    pub fn at_depth(out: &'a mut String, style: JsonStyle, depth: usize) -> Self {
        Self { out, style, depth }
    }

    /// The layout this writer produces.
    #[inline]
    pub fn style(&self) -> JsonStyle {
        self.style
    }

    /// How many objects and arrays are open around the next value: its members are indented
    /// one level deeper in pretty output.
    #[inline]
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The output, for a writer that lays out a whole value itself (generated code writes a
    /// struct whose depth it knows as constant text and typed values). What it appends must be
    /// exactly one JSON value in this writer's style and depth.
    #[inline]
    pub fn output(&mut self) -> &mut String {
        self.out
    }

    /// Starts an object; it is closed by [`ObjectWriter::end`] (or when the guard is dropped).
    #[inline]
    pub fn object(&mut self) -> ObjectWriter<'_, 'a> {
        self.out.push('{');
        self.depth += 1;
        ObjectWriter {
            w: self,
            empty: true,
        }
    }

    /// Starts an array; it is closed by [`ArrayWriter::end`] (or when the guard is dropped).
    #[inline]
    pub fn array(&mut self) -> ArrayWriter<'_, 'a> {
        self.out.push('[');
        self.depth += 1;
        ArrayWriter {
            w: self,
            empty: true,
        }
    }

    /// Writes a string, quoted and escaped as `JSON.stringify` does.
    #[inline]
    pub fn str(&mut self, s: &str) {
        escape_str_into(self.out, s);
    }

    /// Writes `true` or `false`.
    #[inline]
    pub fn bool(&mut self, b: bool) {
        push_bool(self.out, b);
    }

    /// Writes `null`.
    #[inline]
    pub fn null(&mut self) {
        self.out.push_str("null");
    }

    /// Writes a number as JavaScript prints it (`4500`, `1e+21`, `-0` as `0`, non-finite as `null`).
    pub fn f64(&mut self, v: f64) {
        number::write_f64(self.out, v);
    }

    /// Writes an `f32` widened to the double JavaScript would hold.
    pub fn f32(&mut self, v: f32) {
        number::write_f32(self.out, v);
    }

    /// Writes a signed integer in plain decimal.
    ///
    /// Like the Serialize path (and serde_json), integers beyond 2^53 print exactly rather than
    /// rounded to the nearest double as JavaScript would.
    #[inline]
    pub fn i64(&mut self, v: i64) {
        number::write_i64(self.out, v);
    }

    /// Writes an unsigned integer in plain decimal (exactly, as [`JsonWriter::i64`]).
    #[inline]
    pub fn u64(&mut self, v: u64) {
        number::write_u64(self.out, v);
    }

    /// Writes a 128-bit integer in plain decimal, as serde_json does.
    pub fn i128(&mut self, v: i128) {
        self.out.push_str(itoa::Buffer::new().format(v));
    }

    /// Writes an unsigned 128-bit integer in plain decimal, as serde_json does.
    pub fn u128(&mut self, v: u128) {
        self.out.push_str(itoa::Buffer::new().format(v));
    }

    /// Copies text that is already one JSON value, such as a precomputed `"\"paid\""` literal.
    ///
    /// The text is not checked, and it is not re-indented: in pretty output it must be a scalar
    /// (or an empty `{}`/`[]`) for the layout to stay `JSON.stringify`'s.
    #[inline]
    pub fn raw_value(&mut self, json_value_text: &str) {
        self.out.push_str(json_value_text);
    }

    /// Writes any [`WriteJson`] value.
    #[inline]
    pub fn value<T: WriteJson + ?Sized>(&mut self, v: &T) {
        v.write_json(self);
    }

    /// Writes what comes before a member: the comma unless it is the first, then in pretty
    /// output the newline and the indentation of the current depth.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn begin_member(&mut self, first: bool) {
        match self.style {
            JsonStyle::Compact => {
                if !first {
                    self.out.push(',');
                }
            }
            JsonStyle::Pretty => self.push_separator(usize::from(first)),
        }
    }

    /// Closes an object or array whose opening bracket is one level up from the current depth.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn end_container(&mut self, empty: bool, bracket: char) {
        self.depth -= 1;
        if !empty && self.style == JsonStyle::Pretty {
            self.push_separator(1);
        }
        self.out.push(bracket);
    }

    /// Pushes `SEPARATOR[start..]` cut to the current indentation (`start` 0 keeps the comma,
    /// 1 drops it): one copy of a static slice, the hot path of every member.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn push_separator(&mut self, start: usize) {
        push_separator(self.out, self.depth, start);
    }

    /// The colon after a key, and the space after it in pretty output: two byte stores (one
    /// copy of either `": "` or `":"` would be a copy of a length known only at run time).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn push_colon(&mut self) {
        self.out.push(':');
        if self.style == JsonStyle::Pretty {
            self.out.push(' ');
        }
    }

    /// How many bytes have been written into the output so far (including what it held before
    /// this writer started): the measure [`ArrayWriter`] sizes its reservation with.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn written(&self) -> usize {
        self.out.len()
    }

    /// Makes room for `additional` more bytes at once, so that a large block is not copied each
    /// time the buffer doubles.
    fn reserve(&mut self, additional: usize) {
        self.out.reserve(additional);
    }
}

/// Pushes `true` or `false`. Written as two copies of a constant length: the compiler merges
/// `push_str(if b { "true" } else { "false" })` into one copy whose length is chosen at run time,
/// a call to `memcpy`.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn push_bool(out: &mut String, b: bool) {
    if b {
        out.push_str("true");
    } else {
        out.push('f');
        out.push_str("alse");
    }
}

/// Pushes the separator before a member at `depth` (`start` 0 keeps the comma, 1 drops it):
/// `SEPARATOR[start..]` cut to the indentation, one copy of a static slice.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn push_separator(out: &mut String, depth: usize, start: usize) {
    let len = 2 + 2 * depth - start;
    if len <= SEPARATOR_COPY {
        let end = out.len() + len;
        out.push_str(&SEPARATOR[start..start + SEPARATOR_COPY]);
        out.truncate(end);
    } else {
        push_deep_separator(out, depth, start);
    }
}

/// The separator of a member nested deeper than [`SEPARATOR`] reaches, in several copies.
#[cold]
fn push_deep_separator(out: &mut String, depth: usize, start: usize) {
    let end = 2 + 2 * depth;
    if let Some(separator) = SEPARATOR.get(start..end) {
        out.push_str(separator);
        return;
    }
    out.push_str(&SEPARATOR[start..]);
    let mut remaining = 2 + 2 * depth - SEPARATOR.len();
    while remaining > 0 {
        let chunk = remaining.min(SEPARATOR.len() - 2);
        out.push_str(&SEPARATOR[2..2 + chunk]);
        remaining -= chunk;
    }
}

/// Writes the members of one JSON object. Dropping it (or calling [`ObjectWriter::end`]) closes
/// the object, so the output stays well-formed even on an early return.
#[derive(Debug)]
pub struct ObjectWriter<'w, 'a> {
    w: &'w mut JsonWriter<'a>,
    empty: bool,
}

impl<'a> ObjectWriter<'_, 'a> {
    /// Writes one member. `key_json` is the key already JSON-escaped with its quotes, such as
    /// `"\"amount_cents\""`: generated code passes precomputed literals.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn field<T: WriteJson + ?Sized>(&mut self, key_json: &str, value: &T) {
        self.key(key_json).value(value);
    }

    /// Writes a member's key (already JSON-escaped, with its quotes) and the colon, and returns
    /// the writer for its value. Exactly one value must be written through it before the next
    /// key or the end of the object.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn key(&mut self, key_json: &str) -> &mut JsonWriter<'a> {
        self.w.begin_member(self.empty);
        self.empty = false;
        self.w.out.push_str(key_json);
        self.w.push_colon();
        self.w
    }

    /// As [`ObjectWriter::key`] for a key known only at run time (map keys): it is escaped here.
    pub fn str_key(&mut self, key: &str) -> &mut JsonWriter<'a> {
        self.w.begin_member(self.empty);
        self.empty = false;
        escape_str_into(self.w.out, key);
        self.w.push_colon();
        self.w
    }

    /// Closes the object: `{}` when no member was written.
    pub fn end(self) {
        drop(self);
    }
}

impl Drop for ObjectWriter<'_, '_> {
    fn drop(&mut self) {
        self.w.end_container(self.empty, '}');
    }
}

/// Writes the elements of one JSON array. Dropping it (or calling [`ArrayWriter::end`]) closes
/// the array.
#[derive(Debug)]
pub struct ArrayWriter<'w, 'a> {
    w: &'w mut JsonWriter<'a>,
    empty: bool,
}

impl<'a> ArrayWriter<'_, 'a> {
    /// Writes one element.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn element<T: WriteJson + ?Sized>(&mut self, v: &T) {
        self.next_element().value(v);
    }

    /// Writes the separator before an element and returns the writer for it, for elements that
    /// are written by hand. Exactly one value must be written through it.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next_element(&mut self) -> &mut JsonWriter<'a> {
        self.w.begin_member(self.empty);
        self.empty = false;
        self.w
    }

    /// Writes every item of `items` as an element through `write`. After the first element the
    /// output reserves room for the rest at the first one's size (an eighth more for rows that
    /// vary), so a large block is written without the buffer doubling and copying itself.
    pub fn each<T>(&mut self, items: &[T], mut write: impl FnMut(&T, &mut JsonWriter<'a>)) {
        let Some((first, rest)) = items.split_first() else {
            return;
        };
        let before = self.w.written();
        write(first, self.next_element());
        let per_item = self.w.written() - before;
        let wanted = per_item
            .saturating_mul(rest.len())
            .saturating_add(per_item.saturating_mul(rest.len()) / 8);
        // A first element far larger than the rest must not reserve gigabytes.
        self.w.reserve(wanted.min(MAX_RESERVATION));
        for item in rest {
            write(item, self.next_element());
        }
    }

    /// Closes the array: `[]` when no element was written.
    pub fn end(self) {
        drop(self);
    }
}

impl Drop for ArrayWriter<'_, '_> {
    fn drop(&mut self) {
        self.w.end_container(self.empty, ']');
    }
}

/// `v` as JSON in the given style: `JSON.stringify(v, null, 2)` or `JSON.stringify(v)`.
pub fn to_json<T: WriteJson + ?Sized>(v: &T, style: JsonStyle) -> String {
    let mut out = String::new();
    JsonWriter::new(&mut out, style).value(v);
    out
}
