//! Records: the one description of a generated struct's fields that every writer shares.
//!
//! A generated struct states its fields once, as [`Record::visit_field`]: field number `i` (schema
//! order) handed to a [`FieldSink`] with its [`Key`], or nothing when the field is absent from
//! the wire (an optional `None`). Each output is a sink, and each sink is monomorphised into the
//! struct's code, so that pretty JSON, compact JSON, `_select`ed JSON and the TOON view are as
//! fast as hand-written writers while the generated text holds one line per field.

mod clip;
mod debug;
mod declare;
mod read;
mod serialize;
mod slots;
#[cfg(test)]
mod tests;

pub use clip::Clip;
pub use debug::debug;
pub use read::{Extra, FieldReader, ReadRecord, deserialize, optional};
pub use serialize::serialize;
pub use slots::{
    Kept, Optional, Required, Slot, Slots, WIDEST, finish_slots, read_slots, read_slots_keeping,
};

use core::fmt;

use crate::json::{JsonWriter, ObjectWriter, WriteJson};
use crate::select::Selection;
use crate::toon::{
    Delimiter, ToonElement, ToonObject, ToonValue, WriteToon, write_key, write_string,
};

/// A field's wire key in the two forms the writers need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    name: &'static str,
    json: &'static str,
}

impl Key {
    /// A key: `name` as it is on the wire (TOON escapes it itself), `json` the same key quoted
    /// and escaped as JSON with `": "` after it (`"\"id\": "`), so that pretty output copies
    /// the key, its colon and its space in one piece.
    pub const fn new(name: &'static str, json: &'static str) -> Self {
        Self { name, json }
    }

    /// The key as it is on the wire, unquoted.
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The quoted key with `": "` (pretty output).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn pretty(&self) -> &'static str {
        self.json
    }

    /// The quoted key with `":"` (compact output).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn compact(&self) -> &'static str {
        &self.json[..self.json.len() - 1]
    }

    /// The quoted key alone.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn quoted(&self) -> &'static str {
        &self.json[..self.json.len() - 2]
    }
}

/// A redacted field's censor, as text (TOON) and as a JSON string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Censor {
    text: &'static str,
    json: &'static str,
}

impl Censor {
    /// A censor: `text` as TOON shows it, `json` the same text quoted and escaped as JSON.
    pub const fn new(text: &'static str, json: &'static str) -> Self {
        Self { text, json }
    }
}

/// A value a field can hold: it writes itself as JSON, shows itself to TOON, serializes itself
/// and prints itself for `Debug` (the struct's `Serialize` and `Debug` go through its [`Record`]
/// too).
pub trait FieldValue: WriteJson + ToonElement + serde::Serialize + fmt::Debug {}

impl<T: WriteJson + ToonElement + serde::Serialize + fmt::Debug + ?Sized> FieldValue for T {}

/// What a record hands its fields to: one implementation per output.
///
/// `'a` is the record's borrow, so that a sink may keep references into it (the TOON view
/// returns the value it was handed).
pub trait FieldSink<'a> {
    /// A field whose value is on the wire.
    fn field<T: FieldValue + ?Sized>(&mut self, key: &'static Key, value: &'a T);

    /// A redacted field: its censor when it holds a value, `null` when it holds `null` (as
    /// fast-redact leaves it, wire format §10).
    fn censored(&mut self, key: &'static Key, censor: Censor, has_value: bool);

    /// A string field cut to its `x-fusion-max-chars` ([`Clip`]); `None` when it holds `null`.
    fn clipped(&mut self, key: &'static Key, text: Option<Clip<'a>>);

    /// An undeclared key the struct keeps (`additionalProperties`), escaped at run time.
    fn entry<T: FieldValue + ?Sized>(&mut self, key: &'a str, value: &'a T);

    /// An optional field: absent from the wire when `None`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn optional<T: FieldValue>(&mut self, key: &'static Key, value: &'a Option<T>) {
        if let Some(value) = value {
            self.field(key, value);
        }
    }

    /// A redacted field whose presence is `None` (absent), `Some(false)` (`null`) or
    /// `Some(true)` (a value).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn censored_if(&mut self, key: &'static Key, censor: Censor, presence: Option<bool>) {
        if let Some(has_value) = presence {
            self.censored(key, censor, has_value);
        }
    }

    /// A clipped field whose presence is `None` (absent), `Some(None)` (`null`) or
    /// `Some(Some(text))`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn clipped_if(&mut self, key: &'static Key, presence: Option<Option<Clip<'a>>>) {
        if let Some(text) = presence {
            self.clipped(key, text);
        }
    }
}

/// A generated struct's fields, stated once for every writer.
pub trait Record {
    /// The declared fields' keys, in schema order; a [`Selection`] indexes into it.
    const KEYS: &'static [Key];

    /// Every value is a TOON table row ([`WriteToon::TABULAR`]):
    /// `__record!`'s `tabular`.
    const TABLE_ROW: bool = false;

    /// Hands field number `field` of [`Record::KEYS`] to `sink` when it is on the wire; an
    /// index past the fields hands nothing.
    fn visit_field<'a, S: FieldSink<'a>>(&'a self, field: u16, sink: &mut S);

    /// How many undeclared keys the struct keeps (`additionalProperties`).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn extra_len(&self) -> usize {
        0
    }

    /// Hands undeclared key number `index` to `sink`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn visit_extra<'a, S: FieldSink<'a>>(&'a self, _index: usize, _sink: &mut S) {}

    /// Hands every field to `sink`, in schema order, then the undeclared keys.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn visit<'a, S: FieldSink<'a>>(&'a self, sink: &mut S) {
        visit_declared(self, sink);
        for index in 0..self.extra_len() {
            self.visit_extra(index, sink);
        }
    }

    /// Writes field number `field` into `object` when the value has it (an index past the
    /// fields writes nothing): one step of [`WriteSelected::write_json_selected`], and of a union's
    /// whose branch this is.
    fn write_json_field(&self, object: &mut ObjectWriter<'_, '_>, field: u16) {
        self.visit_field(field, &mut ObjectSink { object });
    }
}

/// A value whose data block `_select` cuts: a struct (through its [`Record`]) or a union of
/// structs (generated, through the branch it holds).
pub trait WriteSelected {
    /// Writes only the selected root fields, in the selection's order (wire format §9).
    fn write_json_selected(&self, writer: &mut JsonWriter<'_>, selection: &Selection);
}

impl<R: Record> WriteSelected for R {
    fn write_json_selected(&self, writer: &mut JsonWriter<'_>, selection: &Selection) {
        let mut object = writer.object();
        for &field in selection.fields() {
            self.write_json_field(&mut object, field);
        }
        object.end();
    }
}

/// Every record's TOON view, written once here rather than in each generated struct's code:
/// a crate of many structs type-checks these bodies once. Generated unions implement
/// [`ToonObject`] themselves (they are not records).
impl<R: Record> ToonObject for R {
    #[inline]
    fn toon_field_count(&self) -> usize {
        toon_field_count(self)
    }

    #[inline]
    fn toon_field(&self, index: usize) -> Option<(&str, ToonValue<'_>)> {
        toon_field(self, index)
    }
}

/// Every record's typed TOON writer, from its keys and `__record!`'s `tabular` (as
/// [`ToonObject`], once here for every struct).
impl<R: Record + serde::Serialize> WriteToon for R {
    const FIELD_COUNT: usize = R::KEYS.len();
    const TABULAR: bool = R::TABLE_ROW;

    #[inline]
    fn field_key(index: usize) -> &'static str {
        R::KEYS[index].name()
    }

    #[inline]
    fn write_toon_fields(&self, selection: &Selection, delimiter: Delimiter, out: &mut String) {
        toon_fields(self, selection, delimiter, out);
    }

    #[inline]
    fn write_toon_row(&self, selection: &Selection, delimiter: Delimiter, out: &mut String) {
        toon_row(self, selection, delimiter, out);
    }
}

/// Writes `record` as one JSON object in `writer`'s style and depth: what a generated
/// struct's `WriteJson` calls.
#[inline]
pub fn write_json<R: Record + ?Sized>(record: &R, writer: &mut JsonWriter<'_>) {
    crate::json::write_record(record, writer);
}

/// Hands undeclared key number `index` of `map` to `sink`: a generated `visit_extra`.
#[inline]
pub fn visit_entry<'a, V: FieldValue, S: FieldSink<'a>>(
    map: &'a indexmap::IndexMap<String, V>,
    index: usize,
    sink: &mut S,
) {
    if let Some((key, value)) = map.get_index(index) {
        sink.entry(key, value);
    }
}

/// The TOON view of field `index` (declared fields, then undeclared keys): what a generated
/// struct's `ToonObject::toon_field` returns.
pub fn toon_field<R: Record>(record: &R, index: usize) -> Option<(&str, ToonValue<'_>)> {
    let mut capture = Capture(None);
    match index.checked_sub(R::KEYS.len()) {
        None => record.visit_field(index as u16, &mut capture),
        Some(extra) => record.visit_extra(extra, &mut capture),
    }
    capture.0
}

/// How many fields the TOON view of `record` numbers: what a generated struct's
/// `ToonObject::toon_field_count` returns.
#[inline]
pub fn toon_field_count<R: Record>(record: &R) -> usize {
    R::KEYS.len() + record.extra_len()
}

/// The sink of [`toon_field`]: keeps the one field it is handed.
struct Capture<'a>(Option<(&'a str, ToonValue<'a>)>);

impl<'a> FieldSink<'a> for Capture<'a> {
    fn field<T: FieldValue + ?Sized>(&mut self, key: &'static Key, value: &'a T) {
        self.0 = Some((key.name, value.toon_value()));
    }

    fn censored(&mut self, key: &'static Key, censor: Censor, has_value: bool) {
        let value = if has_value {
            ToonValue::Str(censor.text)
        } else {
            ToonValue::Null
        };
        self.0 = Some((key.name, value));
    }

    fn clipped(&mut self, key: &'static Key, text: Option<Clip<'a>>) {
        self.0 = Some((key.name, text.map_or(ToonValue::Null, ToonValue::Clipped)));
    }

    fn entry<T: FieldValue + ?Sized>(&mut self, key: &'a str, value: &'a T) {
        self.0 = Some((key, value.toon_value()));
    }
}

/// The sink of [`Record::write_json_field`]: members of an object being written.
struct ObjectSink<'o, 'w, 'a> {
    object: &'o mut ObjectWriter<'w, 'a>,
}

impl<'r> FieldSink<'r> for ObjectSink<'_, '_, '_> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn field<T: FieldValue + ?Sized>(&mut self, key: &'static Key, value: &'r T) {
        self.object.field(key.quoted(), value);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn censored(&mut self, key: &'static Key, censor: Censor, has_value: bool) {
        self.object
            .key(key.quoted())
            .raw_value(censor_json(censor, has_value));
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn clipped(&mut self, key: &'static Key, text: Option<Clip<'r>>) {
        self.object.field(key.quoted(), &text);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn entry<T: FieldValue + ?Sized>(&mut self, key: &'r str, value: &'r T) {
        self.object.str_key(key).value(value);
    }
}

/// The JSON text of a censor, or `null`.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn censor_json(censor: Censor, has_value: bool) -> &'static str {
    if has_value { censor.json } else { "null" }
}

/// Appends the field list of a table of `record`'s type, `{f1|f2{s1|s2}}` for the pipe: the
/// selected keys in the selection's order, a nested column followed by its own field list. What
/// a generated struct's `WriteToon::write_toon_fields` does.
pub fn toon_fields<R: Record>(
    record: &R,
    selection: &Selection,
    delimiter: Delimiter,
    out: &mut String,
) {
    out.push('{');
    visit_selected(
        record,
        selection,
        &mut ToonHeaderSink(ToonLine {
            out,
            delimiter,
            first: true,
        }),
    );
    out.push('}');
}

/// Appends the cells of `record`'s table row, the selected fields in the selection's order. What
/// a generated struct's `WriteToon::write_toon_row` does.
#[inline]
pub fn toon_row<R: Record>(
    record: &R,
    selection: &Selection,
    delimiter: Delimiter,
    out: &mut String,
) {
    visit_selected(
        record,
        selection,
        &mut ToonRowSink(ToonLine {
            out,
            delimiter,
            first: true,
        }),
    );
}

/// Hands `sink` the fields `selection` names, in its order (every field when it is all).
#[cfg_attr(not(debug_assertions), inline(always))]
fn visit_selected<'a, R: Record, S: FieldSink<'a>>(
    record: &'a R,
    selection: &Selection,
    sink: &mut S,
) {
    if selection.is_all() {
        visit_declared(record, sink);
    } else {
        for &field in selection.fields() {
            record.visit_field(field, sink);
        }
    }
}

/// How many declared fields [`visit_declared`] hands over by constant numbers.
const UNROLLED: usize = 32;

/// Whether the writers take their specialised forms (`visit_declared` unrolled, pretty JSON
/// at a constant depth, an enum's writers matching on the variant): in optimised builds, where
/// the compiler folds each form to the code its struct needs, told apart by `debug_assertions`
/// (off in the release and bench profiles; a release build that turns them on keeps the
/// general forms). A debug build folds nothing, so each form would be compiled whole (an
/// unrolled visit is 32 copies of the struct's `match`, 1.25x the debug build time of 200
/// generated presenters): there the writers keep one loop and one run-time depth, and an enum
/// indexes its table of texts.
///
/// The runtime's own tests take the specialised forms, debug build or not, so that a plain
/// `cargo test` checks both: these here, the general ones through generated code's tests.
#[doc(hidden)]
pub const SPECIALISED: bool = cfg!(test) || !cfg!(debug_assertions);

/// Hands `sink` every declared field of `record`, in schema order.
///
/// The first [`UNROLLED`] fields are handed over one by one with constant numbers rather than
/// in a loop: `visit_field` is inlined, so each one's `match` folds to its one arm and a
/// struct's writer is straight-line code, one field after the other, where a loop would jump
/// through the match's table for every field and carry the sink's state (the separator, the
/// first member) in registers it cannot fold (measured on 10k rows: the row writer's own
/// instructions 27 % fewer, the pretty data block's 10 %). Arms past the struct's fields are
/// constant-false and not compiled.
#[cfg_attr(not(debug_assertions), inline(always))]
fn visit_declared<'a, R: Record + ?Sized, S: FieldSink<'a>>(record: &'a R, sink: &mut S) {
    if !SPECIALISED {
        for field in 0..R::KEYS.len() {
            // No struct has 2^16 fields: the generator numbers them in a u16.
            record.visit_field(field as u16, sink);
        }
        return;
    }
    macro_rules! unrolled {
        ($($field:literal)*) => {
            $(
                if const { $field < R::KEYS.len() } {
                    record.visit_field($field, sink);
                }
            )*
        };
    }
    unrolled!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31);
    for field in UNROLLED..R::KEYS.len() {
        record.visit_field(field as u16, sink);
    }
}

/// A TOON line being written: its parts joined by the delimiter.
struct ToonLine<'o> {
    out: &'o mut String,
    delimiter: Delimiter,
    first: bool,
}

impl ToonLine<'_> {
    /// The delimiter before every part but the first.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn separate(&mut self) {
        if !self.first {
            self.out.push(self.delimiter.as_char());
        }
        self.first = false;
    }
}

/// The sink of [`toon_fields`]: each key, and a nested column's field list after it.
struct ToonHeaderSink<'o>(ToonLine<'o>);

impl ToonHeaderSink<'_> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn key(&mut self, key: &str) {
        self.0.separate();
        write_key(self.0.out, key);
    }
}

impl<'r> FieldSink<'r> for ToonHeaderSink<'_> {
    fn field<T: FieldValue + ?Sized>(&mut self, key: &'static Key, value: &'r T) {
        self.key(key.name);
        value.write_toon_subheader(self.0.delimiter, self.0.out);
    }

    fn censored(&mut self, key: &'static Key, _censor: Censor, _has_value: bool) {
        self.key(key.name);
    }

    fn clipped(&mut self, key: &'static Key, _text: Option<Clip<'r>>) {
        self.key(key.name);
    }

    fn entry<T: FieldValue + ?Sized>(&mut self, key: &'r str, _value: &'r T) {
        self.key(key);
    }
}

/// The sink of [`toon_row`]: each value's cell, joined by the delimiter.
struct ToonRowSink<'o>(ToonLine<'o>);

impl<'r> FieldSink<'r> for ToonRowSink<'_> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn field<T: FieldValue + ?Sized>(&mut self, _key: &'static Key, value: &'r T) {
        self.0.separate();
        value.write_toon_cell(self.0.delimiter, self.0.out);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn censored(&mut self, _key: &'static Key, censor: Censor, has_value: bool) {
        self.0.separate();
        // A redacted `null` stays `null` (§10), as fast-redact leaves it.
        if has_value {
            write_string(self.0.out, censor.text, self.0.delimiter);
        } else {
            self.0.out.push_str("null");
        }
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn clipped(&mut self, _key: &'static Key, text: Option<Clip<'r>>) {
        self.0.separate();
        match text {
            Some(text) => text.write_toon(self.0.delimiter, self.0.out),
            None => self.0.out.push_str("null"),
        }
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn entry<T: FieldValue + ?Sized>(&mut self, _key: &'r str, value: &'r T) {
        self.0.separate();
        value.write_toon_cell(self.0.delimiter, self.0.out);
    }
}

/// `WriteJson` and `ToonElement` of a generated struct, through its [`Record`]: one line of
/// generated code for what every struct has alike. They are not blanket impls as
/// [`ToonObject`] and [`WriteToon`] are, because the runtime's impls for `Box<T>` and `&T` would
/// overlap them (a downstream crate may make `Box<Local>` a record). Every method is
/// `#[inline]`, which also makes it compiled where it is used rather than in the crate that
/// holds the struct: a crate of many presenters compiles the writers of those its tools call,
/// not of all.
///
/// Only a `tabular` struct writes itself as table cells (a nested column): a table's columns
/// are primitives or tabular structs, so the cells of any other struct are never asked for, and
/// it keeps `ToonElement`'s defaults rather than two more functions to compile.
#[macro_export]
#[doc(hidden)]
macro_rules! __record_impls {
    (@impls $ty:ty { $($cells:item)* }) => {
        impl $crate::json::WriteJson for $ty {
            #[inline]
            fn write_json(&self, writer: &mut $crate::json::JsonWriter<'_>) {
                $crate::record::write_json(self, writer);
            }
        }
        impl $crate::toon::ToonElement for $ty {
            #[inline]
            fn toon_value(&self) -> $crate::toon::ToonValue<'_> {
                $crate::toon::ToonValue::object(self)
            }
            $($cells)*
        }
    };
    (tabular $ty:ty) => {
        $crate::__record_impls!(@impls $ty {
            #[inline]
            fn write_toon_cell(
                &self,
                delimiter: $crate::toon::Delimiter,
                out: &mut ::std::string::String,
            ) {
                $crate::record::toon_row(self, &$crate::Selection::all(), delimiter, out);
            }
            #[inline]
            fn write_toon_subheader(
                &self,
                delimiter: $crate::toon::Delimiter,
                out: &mut ::std::string::String,
            ) {
                $crate::record::toon_fields(self, &$crate::Selection::all(), delimiter, out);
            }
        });
    };
    ($ty:ty) => {
        $crate::__record_impls!(@impls $ty {});
    };
}

/// `IntoToolResponse` of a presenter's item: returning the item from a handler presents it
/// with the presenter (`__present_as!(Invoice, InvoicePresenter)`).
#[macro_export]
#[doc(hidden)]
macro_rules! __present_as {
    ($item:ty, $presenter:expr) => {
        impl $crate::IntoToolResponse for $item {
            #[inline]
            fn into_tool_response(self) -> $crate::ToolResponse {
                $crate::Presenter::present(&$presenter, &self)
            }
        }
    };
}
