//! A struct's [`Record`](fusion_runtime::record::Record) implementation: its fields stated once,
//! field number `i` handed to a sink, from which the runtime's sinks write pretty JSON, compact
//! JSON, `_select`ed JSON and the TOON view (issue 24). The field-presence matrix (optional,
//! nullable, redacted) is decided here, once, as the sink call each field makes.

use proc_macro2::TokenStream;
use quote::quote;

use super::code::{Ident, Literal, Runtime, ident, literal};
use super::members::reads_null_itself;
use super::view::json_key;
use crate::model::{FieldDef, FieldType, Model};

/// The `__record!` table of struct `name` with `fields` (named `members`): one line per field,
/// from which the runtime writes its `Record`, `Serialize`, `Deserialize`, `WriteJson`,
/// `ToonObject`, `ToonElement` and `WriteToon` (`tabular` when every value is a TOON table row).
/// `extra` names the field of undeclared keys when the struct keeps them; the struct then
/// derives `Deserialize` itself (serde's `flatten` reads them).
pub fn record_impl(
    model: &Model,
    name: &Ident,
    fields: &[FieldDef],
    members: &[String],
    extra: Option<&Ident>,
    tabular: bool,
    rt: &Runtime,
) -> TokenStream {
    let lines = fields
        .iter()
        .zip(members)
        .enumerate()
        .map(|(index, (field, member))| field_line(model, index, field, &ident(member)));
    let tabular = tabular.then(|| quote!(tabular));
    let extra = extra.map(|extra| quote!(.. #extra));
    quote! {
        #rt::__record!(#tabular #name { #(#lines),* } #extra);
    }
}

/// Field number `index`'s line: `0 id: "id" => required`, its key's JSON text when that is not
/// the key in quotes, its censor when redacted. The kind states the field-presence matrix
/// (optional, nullable, reads `null` itself) once, for every writer and the reader.
fn field_line(model: &Model, index: usize, field: &FieldDef, member: &Ident) -> TokenStream {
    let index = Literal::usize_unsuffixed(index);
    let key = literal(&field.key);
    let quoted = json_key(&field.key);
    let json = (quoted != format!("\"{}\"", field.key)).then(|| {
        let quoted = literal(&quoted);
        quote!(as #quoted)
    });
    let nullable = matches!(field.ty, FieldType::Nullable(_));
    let kind = ident(match (field.required, nullable) {
        (true, false) => "required",
        (true, true) => "required_nullable",
        (false, true) => "optional_nullable",
        (false, false) if reads_null_itself(model, &field.ty) => "optional_value",
        (false, false) => "optional",
    });
    let censor = field.redact.as_deref().map(|censor| {
        let (text, json) = (literal(censor), literal(&json_key(censor)));
        quote!(redact #text #json)
    });
    quote!(#index #member: #key #json => #kind #censor)
}
