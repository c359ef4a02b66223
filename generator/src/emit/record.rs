//! A struct's [`Record`](fusion_runtime::record::Record) implementation: its fields stated once,
//! field number `i` handed to a sink, from which the runtime's sinks write pretty JSON, compact
//! JSON, `_select`ed JSON and the TOON view (issue 24). The field-presence matrix (optional,
//! nullable, redacted) is decided here, once, as the sink call each field makes.

use fusion_runtime::record::WIDEST;
use proc_macro2::TokenStream;
use quote::quote;

use super::code::{Ident, Literal, Runtime, ident, literal};
use super::members::reads_null_itself;
use super::view::json_key;
use crate::model::{FieldDef, FieldType, Model};
use crate::naming::FieldNames;

/// The `__record!` table of struct `name` with `fields` (named `members`): one line per field,
/// from which the runtime writes its `Record`, `Serialize`, `Deserialize`, `WriteJson`,
/// `ToonObject`, `ToonElement` and `WriteToon` (`tabular` when every value is a TOON table row).
/// `extra` names the field of undeclared keys when the struct keeps them, with the
/// `patternProperties` a key must match to be kept (none: every key is kept).
pub fn record_impl(
    model: &Model,
    name: &Ident,
    fields: &[FieldDef],
    members: &[FieldNames],
    extra: Option<(&Ident, &[TokenStream])>,
    tabular: bool,
    rt: &Runtime,
) -> TokenStream {
    let lines = fields
        .iter()
        .zip(members)
        .enumerate()
        .map(|(index, (field, member))| field_line(model, index, field, &ident(&member.name)));
    let tabular = tabular.then(|| quote!(tabular));
    // The runtime reads a struct through a tuple of slots up to its widest tuple; a wider one
    // reads in a loop of its own.
    let wide = (fields.len() > WIDEST).then(|| quote!(wide));
    let extra = extra.map(|(extra, patterns)| {
        let patterns = (!patterns.is_empty()).then(|| quote!([#(#patterns),*]));
        quote!(.. #extra #patterns)
    });
    quote! {
        #rt::__record!(#tabular #wide #name { #(#lines),* } #extra);
    }
}

/// How a field is present in the data, as the Rust type and the reader see it: the
/// field-presence matrix (required or not, nullable or not, a type that reads `null` itself),
/// decided here once for the `__record!` kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Presence {
    /// `T`, must be present.
    Required,
    /// `Option<T>`, must be present, `null` is `None`.
    RequiredNullable,
    /// `Option<T>`, absent or `null` is `None`.
    Optional,
    /// `Option<T>` where `T` reads `null` itself (any JSON value, or a type no value fits).
    OptionalValue,
    /// `Option<Option<T>>`: `None` when absent, `Some(None)` when `null`.
    OptionalNullable,
}

impl Presence {
    /// The presence of `field`.
    pub(super) fn of(model: &Model, field: &FieldDef) -> Self {
        match (field.required, matches!(field.ty, FieldType::Nullable(_))) {
            (true, false) => Self::Required,
            (true, true) => Self::RequiredNullable,
            (false, true) => Self::OptionalNullable,
            (false, false) if reads_null_itself(model, &field.ty) => Self::OptionalValue,
            (false, false) => Self::Optional,
        }
    }

    /// The kind `__record!` names it by.
    fn kind(self) -> &'static str {
        match self {
            Self::Required => "required",
            Self::RequiredNullable => "required_nullable",
            Self::Optional => "optional",
            Self::OptionalValue => "optional_value",
            Self::OptionalNullable => "optional_nullable",
        }
    }
}

/// Field number `index`'s line: `0 id: "id" => required`, its key's JSON text when that is not
/// the key in quotes, its censor when redacted, its limit when cut (`clip 500`). The kind states the field-presence matrix
/// (optional, nullable, reads `null` itself) once, for every writer and the reader.
fn field_line(model: &Model, index: usize, field: &FieldDef, member: &Ident) -> TokenStream {
    let index = Literal::usize_unsuffixed(index);
    let key = literal(&field.key);
    let quoted = json_key(&field.key);
    let json = (quoted != format!("\"{}\"", field.key)).then(|| {
        let quoted = literal(&quoted);
        quote!(as #quoted)
    });
    let kind = ident(Presence::of(model, field).kind());
    let censor = field.redact.as_deref().map(|censor| {
        let (text, json) = (literal(censor), literal(&json_key(censor)));
        quote!(redact #text #json)
    });
    let clip = field.max_chars.map(|max| {
        let max = Literal::u32_unsuffixed(max);
        quote!(clip #max)
    });
    quote!(#index #member: #key #json => #kind #censor #clip)
}
