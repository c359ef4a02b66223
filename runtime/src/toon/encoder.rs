//! The public building blocks over `serde_json` values and headers. The document itself is
//! written by `walk.rs`, for JSON values and generated types alike.

use serde_json::{Number, Value};

use super::Delimiter;
use super::quote::write_key;
use super::view::{ToonElement, number_value};
use super::walk::write_view_primitive;
use crate::number::write_u64;

/// Spaces for indentation, pushed in slices instead of one `char` at a time.
const SPACES: &str = "                                                                ";

/// Appends `count` spaces.
pub(crate) fn push_spaces(out: &mut String, mut count: usize) {
    while count > SPACES.len() {
        out.push_str(SPACES);
        count -= SPACES.len();
    }
    out.push_str(&SPACES[..count]);
}

/// Appends a JSON number as JavaScript prints it (§2): integers exactly, floats in the shortest
/// round-trip form, through the same number formatting as the JSON data block, so the two agree.
pub fn write_number(out: &mut String, n: &Number) {
    // The delimiter only matters to strings.
    write_view_primitive(out, number_value(n), Delimiter::Comma);
}

/// Appends a primitive value (`null`, a boolean, a number or a string quoted per
/// [`write_string`](super::write_string) for `delimiter`).
///
/// Arrays and objects are not primitives and have no one-line form; they are written as `null`
/// so that a caller's mistake shows in the output instead of corrupting the layout.
pub fn write_primitive(out: &mut String, value: &Value, delimiter: Delimiter) {
    write_view_primitive(out, value.toon_value(), delimiter);
}

/// Appends an array header without its colon: `key[N]`, `key[N|]`, `key[N\t]`, or `[N…]` when
/// `key` is `None` (root and list-item arrays).
pub fn write_array_header(out: &mut String, key: Option<&str>, len: usize, delimiter: Delimiter) {
    if let Some(key) = key {
        write_key(out, key);
    }
    out.push('[');
    write_u64(out, len as u64);
    out.push_str(delimiter.header_symbol());
    out.push(']');
}

/// Appends a keyed-table header without its field list and colon: `key[N:]`, `key[N:|]`,
/// `key[N:\t]`, or `[N:…]` at the root (§9.5).
pub fn write_keyed_header(out: &mut String, key: Option<&str>, len: usize, delimiter: Delimiter) {
    if let Some(key) = key {
        write_key(out, key);
    }
    out.push('[');
    write_u64(out, len as u64);
    out.push(':');
    out.push_str(delimiter.header_symbol());
    out.push(']');
}
