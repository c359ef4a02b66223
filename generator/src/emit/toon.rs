//! The TOON side of a struct's view: its wire keys and, when the schema makes every value a
//! table row, the table's field lists (one constant per delimiter) and the code of each cell.

use crate::model::{FieldDef, FieldType, Model, TypeId, TypeKind};
use crate::naming::Names;

use fusion_runtime::toon::{Delimiter, write_string};
use proc_macro2::TokenStream;
use quote::quote;

use super::behaviour::write_integer;
use super::code::{InternalError, ItemRef, Place, Runtime, ident, literal};

/// The runtime's delimiters, in the order of `fusion_runtime::toon::Delimiter`'s variants.
const DELIMITERS: [(&str, Delimiter); 3] = [
    ("Comma", Delimiter::Comma),
    ("Tab", Delimiter::Tab),
    ("Pipe", Delimiter::Pipe),
];

/// How a tabular struct writes its table (wire format §11, TOON §9.3).
pub struct ToonTableView {
    /// `match delimiter { … }` giving the whole field list, `{f1|f2{s1|s2}}`.
    pub all_fields: TokenStream,
    /// Per field, in schema order: an expression giving its part of the field list.
    pub field_headers: Vec<TokenStream>,
    /// Per field, in schema order: statements appending its cell(s) to `out`.
    pub cells: Vec<TokenStream>,
}

/// The table view of struct `id`, when every value of it is a table row whatever the data.
pub fn table_view(
    model: &Model,
    names: &Names,
    id: TypeId,
    rt: &Runtime,
) -> Result<Option<ToonTableView>, InternalError> {
    let Some(fields) = tabular_fields(model, id, &mut Vec::new()) else {
        return Ok(None);
    };
    let field_lists: Vec<String> = DELIMITERS
        .iter()
        .map(|&(_, d)| field_list(model, fields, d.as_char()))
        .collect();
    Ok(Some(ToonTableView {
        all_fields: per_delimiter(rt, &field_lists),
        field_headers: fields
            .iter()
            .map(|field| {
                let parts: Vec<String> = DELIMITERS
                    .iter()
                    .map(|&(_, d)| field_header(model, field, d.as_char()))
                    .collect();
                per_delimiter(rt, &parts)
            })
            .collect(),
        cells: fields
            .iter()
            .zip(&names.members[id])
            .map(|(field, name)| {
                let name = ident(name);
                let place = quote!(self.#name);
                let context = CellContext {
                    model,
                    names,
                    module: model.types[id].module,
                    rt,
                };
                cell(&context, field, place)
            })
            .collect::<Result<_, _>>()?,
    }))
}

/// The fields of `id` when it qualifies: at least one field, each required, not boxed, and
/// redacted (a string cell), primitive (a nullable primitive too: `null` is a cell), or a
/// non-nullable nested struct that qualifies itself (a v4 nested column).
fn tabular_fields<'m>(
    model: &'m Model,
    id: TypeId,
    visiting: &mut Vec<TypeId>,
) -> Option<&'m [FieldDef]> {
    let TypeKind::Struct { fields } = &model.types[id].kind else {
        return None;
    };
    if fields.is_empty() || visiting.contains(&id) || model.types[id].extra.is_some() {
        return None;
    }
    visiting.push(id);
    let qualifies = fields.iter().all(|field| {
        field.required
            && !field.boxed
            && (field.redact.is_some()
                || match &field.ty {
                    FieldType::Named(nested) if is_struct(model, *nested) => {
                        tabular_fields(model, *nested, visiting).is_some()
                    }
                    ty => is_primitive(model, ty.non_null()),
                })
    });
    visiting.pop();
    qualifies.then_some(fields.as_slice())
}

fn is_struct(model: &Model, id: TypeId) -> bool {
    matches!(model.types[id].kind, TypeKind::Struct { .. })
}

fn is_primitive(model: &Model, ty: &FieldType) -> bool {
    match ty {
        FieldType::String | FieldType::Integer(_) | FieldType::Number | FieldType::Boolean => true,
        FieldType::Named(id) => matches!(model.types[*id].kind, TypeKind::Enum { .. }),
        FieldType::Array(_) | FieldType::Nullable(_) | FieldType::Any => false,
    }
}

/// `{f1<d>f2{s1<d>s2}}` for a struct of `fields` (which qualifies).
fn field_list(model: &Model, fields: &[FieldDef], delimiter: char) -> String {
    let parts: Vec<String> = fields
        .iter()
        .map(|f| field_header(model, f, delimiter))
        .collect();
    format!("{{{}}}", parts.join(&delimiter.to_string()))
}

/// A field's part of the field list: its key, and a nested column's own field list.
fn field_header(model: &Model, field: &FieldDef, delimiter: char) -> String {
    let mut header = toon_key(&field.key);
    if field.redact.is_none()
        && let FieldType::Named(nested) = field.ty
        && let TypeKind::Struct { fields } = &model.types[nested].kind
    {
        header.push_str(&field_list(model, fields, delimiter));
    }
    header
}

/// A literal when every delimiter gives the same text, else a `match` on `delimiter`.
fn per_delimiter(rt: &Runtime, texts: &[String]) -> TokenStream {
    if texts.iter().all(|t| *t == texts[0]) {
        let text = literal(&texts[0]);
        return quote!(#text);
    }
    // Delimiters that give the same text share an arm (clippy's `match_same_arms`), in the
    // order of their first delimiter.
    let mut arms: Vec<(Vec<proc_macro2::Ident>, &String)> = Vec::new();
    for ((variant, _), text) in DELIMITERS.iter().zip(texts) {
        match arms.iter_mut().find(|(_, seen)| *seen == text) {
            Some((variants, _)) => variants.push(ident(variant)),
            None => arms.push((vec![ident(variant)], text)),
        }
    }
    let arms = arms.into_iter().map(|(variants, text)| {
        let text = literal(text);
        quote!(#(#rt::toon::Delimiter::#variants)|* => #text)
    });
    quote!(match delimiter { #(#arms),* })
}

/// What writing a cell needs besides the field: the model and names to spell an enum's path
/// from the struct's module, and the runtime crate's path.
struct CellContext<'a> {
    model: &'a Model,
    names: &'a Names,
    module: usize,
    rt: &'a Runtime,
}

/// Statements appending the cell(s) of `field`, whose value is the place `place`.
fn cell(
    cx: &CellContext<'_>,
    field: &FieldDef,
    place: TokenStream,
) -> Result<TokenStream, InternalError> {
    let rt = cx.rt;
    if let Some(censor) = &field.redact {
        // The censor is a constant: its quoting is decided here, once per delimiter.
        let censor = per_delimiter(rt, &toon_cells(censor));
        let censor = quote! { out.push_str(#censor); };
        // A redacted `null` stays `null` (§10), as fast-redact leaves it.
        return Ok(match &field.ty {
            FieldType::Nullable(_) => quote! {
                match &#place {
                    ::core::option::Option::Some(_) => { #censor }
                    ::core::option::Option::None => out.push_str("null"),
                }
            },
            _ => censor,
        });
    }
    Ok(match &field.ty {
        FieldType::Nullable(inner) => {
            let cell = primitive_cell(cx, field, inner, &Place::Ref(ident("value")))?;
            quote! {
                match &#place {
                    ::core::option::Option::Some(value) => { #cell }
                    ::core::option::Option::None => out.push_str("null"),
                }
            }
        }
        FieldType::Named(id) if is_struct(cx.model, *id) => quote! {
            #rt::toon::WriteToon::write_toon_row(&#place, &#rt::Selection::all(), delimiter, out);
        },
        ty => primitive_cell(cx, field, ty, &Place::Field(place))?,
    })
}

/// The cell of a primitive value of `field`, of type `ty`, at `place`.
fn primitive_cell(
    cx: &CellContext<'_>,
    field: &FieldDef,
    ty: &FieldType,
    place: &Place,
) -> Result<TokenStream, InternalError> {
    let rt = cx.rt;
    // `tabular_fields` admits nothing else.
    let not_primitive = || {
        InternalError(format!(
            "the TOON table cell `{}` is not of a primitive type",
            field.key
        ))
    };
    let (copy, reference) = (place.copied(), place.borrowed());
    Ok(match ty {
        FieldType::String => quote! { #rt::toon::write_string(out, #reference, delimiter); },
        FieldType::Integer(kind) => {
            let write = write_integer(rt, quote!(out), *kind, copy);
            quote! { #write; }
        }
        FieldType::Number => quote! { #rt::__private::number::write_f64(out, #copy); },
        FieldType::Boolean => quote! { out.push_str(if #copy { "true" } else { "false" }); },
        FieldType::Named(id) => match &cx.model.types[*id].kind {
            TypeKind::Enum { values } => enum_cell(cx, *id, values, place),
            TypeKind::Struct { .. }
            | TypeKind::Union { .. }
            | TypeKind::Literals { .. }
            | TypeKind::Tuple { .. } => return Err(not_primitive()),
        },
        FieldType::Array(_) | FieldType::Nullable(_) | FieldType::Any => {
            return Err(not_primitive());
        }
    })
}

/// An enum's cell: its values are known now, so is their quoting under each delimiter. When
/// every value is bare under every delimiter (the usual case) the cell is the value itself;
/// otherwise a `match` gives each value's cell text as a constant.
fn enum_cell(cx: &CellContext<'_>, id: TypeId, values: &[String], place: &Place) -> TokenStream {
    let cells: Vec<Vec<String>> = values.iter().map(|value| toon_cells(value)).collect();
    if values
        .iter()
        .zip(&cells)
        .all(|(value, texts)| texts.iter().all(|text| text == value))
    {
        let receiver = place.receiver();
        return quote! { out.push_str(#receiver.as_str()); };
    }
    let path = ItemRef::ty(cx.model, cx.names, cx.module, id);
    let arms = cx.names.members[id]
        .iter()
        .zip(&cells)
        .map(|(variant, texts)| {
            let variant = ident(variant);
            let text = per_delimiter(cx.rt, texts);
            quote!(#path::#variant => #text)
        });
    let value = place.copied();
    quote! { out.push_str(match #value { #(#arms),* }); }
}

/// The cell text of the string `value` under each delimiter of [`DELIMITERS`], quoted exactly
/// as the runtime's `write_string` quotes it (it is the runtime's function).
fn toon_cells(value: &str) -> Vec<String> {
    DELIMITERS
        .iter()
        .map(|&(_, delimiter)| {
            let mut text = String::new();
            write_string(&mut text, value, delimiter);
            text
        })
        .collect()
}

/// A key as TOON writes it (§7.3): bare when it matches `^[A-Za-z_][A-Za-z0-9_.]*$`, else
/// quoted with the escapes `\\ \" \n \r \t` and `\u00xx` for other controls.
pub fn toon_key(key: &str) -> String {
    let mut bytes = key.bytes();
    let bare = bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.');
    if bare {
        return key.to_owned();
    }
    let mut quoted = String::from("\"");
    for c in key.chars() {
        match c {
            '\\' => quoted.push_str("\\\\"),
            '"' => quoted.push_str("\\\""),
            '\n' => quoted.push_str("\\n"),
            '\r' => quoted.push_str("\\r"),
            '\t' => quoted.push_str("\\t"),
            c if u32::from(c) < 0x20 => quoted.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

#[cfg(test)]
mod tests {
    use super::toon_key;

    #[test]
    fn keys_are_quoted_as_the_runtime_quotes_them() {
        assert_eq!(toon_key("user.name"), "user.name");
        assert_eq!(toon_key("first-name"), "\"first-name\"");
        assert_eq!(toon_key("tab\tkey\u{1}"), "\"tab\\tkey\\u0001\"");
        assert_eq!(toon_key("quo\"te"), "\"quo\\\"te\"");
    }
}
