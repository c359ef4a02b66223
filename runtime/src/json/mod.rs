//! JSON exactly as JavaScript's `JSON.stringify` prints it (wire format §3).
//!
//! Two paths produce the same bytes: the typed writer ([`JsonWriter`], [`WriteJson`], [`to_json`]),
//! which generated code uses to write its data types straight into the response buffer, and the
//! Serialize path ([`to_pretty`], [`to_compact`], [`write_serialize`]) for any `serde::Serialize`
//! value that has no generated type.

mod embed;
mod escape;
mod fields;
mod impls;
mod serialize;
mod writer;

pub use embed::escape_inside_into;
pub use escape::escape_str_into;
pub(crate) use escape::is_clean;
pub(crate) use fields::write_record;
pub use serialize::{to_compact, to_pretty, write_serialize};
pub(crate) use writer::push_bool;
pub use writer::{ArrayWriter, JsonWriter, ObjectWriter, WriteJson, to_json};

/// The layout of a JSON data block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum JsonStyle {
    /// `JSON.stringify(value, null, 2)`: two-space indent, `": "` after keys. The default.
    #[default]
    Pretty,
    /// `JSON.stringify(value)`: no whitespace at all.
    Compact,
}

#[cfg(test)]
mod tests;
