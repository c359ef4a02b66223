//! TOON (Token-Oriented Object Notation) encoding, `toon-spec: 4.1`.
//!
//! The generic encoder turns any [`serde_json::Value`] into TOON text exactly as the reference
//! encoder `@toon-format/toon` 4.4 does: the 179 official encode fixtures of spec v4.1.1 are the
//! test (`runtime/tests/toon_conformance.rs`). `docs/toon.md` summarises the rules.
//!
//! The building blocks ([`write_string`], [`write_key`], [`needs_quotes`], [`write_indent`],
//! [`write_array_header`], [`write_keyed_header`], [`write_number`], [`write_primitive`]) are
//! public so that per-type encoders generated at build time can write the same bytes without
//! going through a `Value`.
//!
//! Everything is written straight into one `String`: no line vectors, no per-cell strings.

mod encoder;
mod quote;
mod shape;
mod typed;
mod view;
mod walk;

use serde::Serialize;
use serde_json::Value;

pub use encoder::{write_array_header, write_keyed_header, write_number, write_primitive};
pub(crate) use quote::needs_quotes_const;
pub use quote::{is_bare_key, needs_quotes, write_key, write_quoted, write_string};
pub use typed::{WriteToon, encode_typed, encode_typed_slice, write_toon, write_toon_slice};
pub use view::{ToonArray, ToonElement, ToonObj, ToonObject, ToonValue};

/// The TOON specification version this encoder implements (`toon-spec: 4.1`, tag v4.1.1).
pub const TOON_SPEC_VERSION: &str = "4.1";

/// The character that separates inline array values, tabular cells and field names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Delimiter {
    /// `,` — the default; headers carry no delimiter symbol (`[N]`).
    #[default]
    Comma,
    /// HTAB — headers carry a tab (`[N\t]`).
    Tab,
    /// `|` — headers carry a pipe (`[N|]`); what Presenter responses use (wire format §11).
    Pipe,
}

impl Delimiter {
    /// The delimiter character itself.
    pub const fn as_char(self) -> char {
        self.as_byte() as char
    }

    /// The delimiter as an ASCII byte, for byte-level scans.
    pub const fn as_byte(self) -> u8 {
        match self {
            Delimiter::Comma => b',',
            Delimiter::Tab => b'\t',
            Delimiter::Pipe => b'|',
        }
    }

    /// What a header writes after the length: nothing for comma (its absence means comma, §6),
    /// the character itself for tab and pipe.
    pub const fn header_symbol(self) -> &'static str {
        match self {
            Delimiter::Comma => "",
            Delimiter::Tab => "\t",
            Delimiter::Pipe => "|",
        }
    }
}

/// Encoding options: the document delimiter and the number of spaces per indentation level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ToonOptions {
    /// Delimiter used for every array and table in the document and for delimiter-aware quoting.
    pub delimiter: Delimiter,
    /// Spaces per indentation level. Must be at least 1: with 0 nesting cannot be decoded back.
    pub indent: usize,
}

impl ToonOptions {
    /// Comma delimiter, two spaces per level (the spec's defaults).
    pub const fn new() -> Self {
        Self {
            delimiter: Delimiter::Comma,
            indent: 2,
        }
    }

    /// Pipe delimiter, two spaces per level: the options of `toon_success` (wire format §11).
    pub const fn pipe() -> Self {
        Self {
            delimiter: Delimiter::Pipe,
            indent: 2,
        }
    }

    /// These options with another delimiter.
    pub const fn with_delimiter(mut self, delimiter: Delimiter) -> Self {
        self.delimiter = delimiter;
        self
    }

    /// These options with another indentation width.
    pub const fn with_indent(mut self, indent: usize) -> Self {
        self.indent = indent;
        self
    }
}

impl Default for ToonOptions {
    fn default() -> Self {
        Self::new()
    }
}

/// Encodes `value` as a TOON document: no trailing newline, and an empty root object gives `""`.
pub fn encode_value(value: &Value, options: &ToonOptions) -> String {
    let mut out = String::new();
    write_value(&mut out, value, options);
    out
}

/// Appends the TOON document for `value` to `out` (see [`encode_value`]).
///
/// The document starts at the current end of `out` as if it were the start of a line: callers
/// that embed TOON in a larger text put it on a fresh line.
pub fn write_value(out: &mut String, value: &Value, options: &ToonOptions) {
    walk::Walker::new(out, options).root(value.toon_value());
}

/// Encodes any `Serialize` value as a TOON document, through [`serde_json::to_value`].
///
/// Struct fields keep their declaration order (the workspace enables `preserve_order`).
///
/// # Errors
///
/// Whatever `serde_json::to_value` reports: a map with non-string keys, or a failing
/// `Serialize` implementation.
pub fn encode_serialize<T: Serialize + ?Sized>(
    value: &T,
    options: &ToonOptions,
) -> Result<String, serde_json::Error> {
    Ok(encode_value(&serde_json::to_value(value)?, options))
}

/// Appends the indentation of nesting `level`: `level × options.indent` spaces.
pub fn write_indent(out: &mut String, level: usize, options: &ToonOptions) {
    encoder::push_spaces(out, level * options.indent);
}
