//! Per-type TOON encoders: the contract generated types implement ([`WriteToon`]) and the
//! document writers built on it.
//!
//! Every output is byte-identical to [`super::encode_value`] on `serde_json::to_value(item)` cut to
//! the selection (the differential tests of `tests/tests/toon_typed.rs` check it). Two paths:
//!
//! - A slice of a type whose schema makes every value a table row ([`WriteToon::TABULAR`]: every
//!   field required and primitive, or a nested object column of such fields) is written directly
//!   from the struct's [`Record`](crate::record::Record): the field list from the first item's
//!   keys, rows cell by cell through [`super::write_string`] and [`crate::number`], with no
//!   `Value` and no per-row decision.
//! - Every other shape — one item, optional fields, nullable objects, arrays inside items, where
//!   the form depends on the data — is walked through the generated [`ToonObject`] view of the
//!   struct (`walk.rs`), which decides per value exactly as the generic encoder does, writing
//!   straight into the output with no `Value` either.

use serde::Serialize;

use super::encoder::{push_spaces, write_array_header};
use super::view::{RootItems, ToonObj, ToonObject, ToonValue};
use super::walk::Walker;
use super::{Delimiter, ToonOptions};
use crate::select::Selection;

/// A generated type that writes its own TOON: its wire keys and, for a type whose values are
/// always table rows, the table's field list and row cells.
///
/// Generated code implements it for every struct; the serde implementation it requires is the
/// generated one, which writes the censor of redacted fields (wire format §10); the
/// [`ToonObject`] view it requires is generated too and shows the same censors.
pub trait WriteToon: Serialize + ToonObject + Sized {
    /// How many root keys a [`Selection`] indexes (indices past them select nothing).
    const FIELD_COUNT: usize;

    /// The wire key of root field `index` (below [`WriteToon::FIELD_COUNT`]).
    fn field_key(index: usize) -> &'static str;

    /// Every value is a non-empty object with the same keys, each value primitive (a redacted
    /// field is a string) or a nested object of the same kind: a slice is always a table.
    const TABULAR: bool = false;

    /// Appends the field list of the table this value heads, `{f1|f2{s1|s2}}` for the pipe, of
    /// the selected fields in the selection's order. Called only when [`WriteToon::TABULAR`].
    fn write_toon_fields(&self, _selection: &Selection, _delimiter: Delimiter, _out: &mut String) {}

    /// Appends the cells of this value's row, the selected fields only, joined by the delimiter.
    /// Called only when [`WriteToon::TABULAR`].
    fn write_toon_row(&self, _selection: &Selection, _delimiter: Delimiter, _out: &mut String) {}
}

/// Appends the TOON document of one item cut to `selection` (the data block of a TOON
/// presenter for one item).
pub fn write_toon<T: WriteToon>(
    out: &mut String,
    item: &T,
    selection: &Selection,
    options: &ToonOptions,
) {
    Walker::new(out, options).root(ToonValue::Object(ToonObj::selected(item, selection)));
}

/// Appends the TOON document of a slice, each element cut to `selection` (the data block of a
/// TOON presenter for a collection).
pub fn write_toon_slice<T: WriteToon>(
    out: &mut String,
    items: &[T],
    selection: &Selection,
    options: &ToonOptions,
) {
    let selects_a_field = selection.is_all()
        || selection
            .fields()
            .iter()
            .any(|&field| usize::from(field) < T::FIELD_COUNT);
    if T::TABULAR && !items.is_empty() && selects_a_field {
        write_table(out, items, selection, options);
        return;
    }
    let root = RootItems { items, selection };
    Walker::new(out, options).root(ToonValue::Array(&root));
}

/// [`write_toon`] into a new string.
pub fn encode_typed<T: WriteToon>(
    item: &T,
    selection: &Selection,
    options: &ToonOptions,
) -> String {
    let mut out = String::new();
    write_toon(&mut out, item, selection, options);
    out
}

/// [`write_toon_slice`] into a new string.
pub fn encode_typed_slice<T: WriteToon>(
    items: &[T],
    selection: &Selection,
    options: &ToonOptions,
) -> String {
    let mut out = String::new();
    write_toon_slice(&mut out, items, selection, options);
    out
}

/// A root table (§9.3): `[N|]{fields}:`, then one row per item at depth 1.
fn write_table<T: WriteToon>(
    out: &mut String,
    items: &[T],
    selection: &Selection,
    options: &ToonOptions,
) {
    let delimiter = options.delimiter;
    write_array_header(out, None, items.len(), delimiter);
    // Rows of a table are alike: the first item's field list is every item's.
    items[0].write_toon_fields(selection, delimiter, out);
    out.push(':');
    for (i, item) in items.iter().enumerate() {
        let row_start = out.len();
        // The default indent as one constant copy: `push_spaces` copies a length known only
        // at run time, a call to `memcpy` on every row.
        if options.indent == 2 {
            out.push_str("\n  ");
        } else {
            out.push('\n');
            push_spaces(out, options.indent);
        }
        item.write_toon_row(selection, delimiter, out);
        if i == 0 {
            // Rows of one table are alike: sizing the rest after the first saves the repeated
            // doubling of a large document.
            out.reserve((out.len() - row_start) * (items.len() - 1));
        }
    }
}
