//! Constant-fragment JSON writers: for the structs a data block writes, code that lays the
//! struct out itself at a depth known when generating (issue 8).
//!
//! In pretty output every key sits behind a newline and an indentation that depend only on how
//! deep the struct is. Where that depth is known here, each key's comma, newline, indentation,
//! quoted key and `": "` are one constant, copied in one piece; strings, numbers and booleans are
//! written straight into the output. Data-block depths come from the presenters: an item's
//! object at depth 0, a collection's elements at 1, and the fields below them from there
//! ([`pretty_depths`]). At any other depth (a UI block, a recursion deeper than the table) the
//! generic [`fusion_runtime::json::JsonWriter`] path writes the same bytes. Compact output has
//! no indentation, so one specialised writer serves every depth.

use proc_macro2::TokenStream;
use quote::quote;

use super::code::{Ident, Literal, Runtime, ident, literal};
use super::view::json_key;
use crate::model::{FieldDef, FieldType, IntKind, Model, TypeId, TypeKind};

/// How deep below a data block's root a struct is specialised: past it (only recursive types
/// get there), the generic writer takes over.
const MAX_DEPTH: usize = 8;

/// How many depths one struct is specialised for, so that a type used at many depths does not
/// multiply its code.
const MAX_DEPTHS_PER_TYPE: usize = 3;

/// Per type: the writer depths (objects and arrays open around the value) at which a data block
/// writes it, in increasing order, for the structs that get constant-fragment writers.
pub fn pretty_depths(model: &Model) -> Vec<Vec<usize>> {
    let mut depths: Vec<Vec<usize>> = vec![Vec::new(); model.types.len()];
    let mut pending: Vec<(TypeId, usize)> = Vec::new();
    for presenter in model.modules.iter().filter_map(|m| m.presenter.as_ref()) {
        // One item is the data block's root; a collection's items are inside its array.
        pending.push((presenter.item, 0));
        pending.push((presenter.item, 1));
    }
    while let Some((id, depth)) = pending.pop() {
        if depth > MAX_DEPTH || depths[id].contains(&depth) {
            continue;
        }
        match &model.types[id].kind {
            TypeKind::Struct { fields } => {
                if depths[id].len() >= MAX_DEPTHS_PER_TYPE {
                    continue;
                }
                depths[id].push(depth);
                for field in fields {
                    reach(&field.ty, depth + 1, &mut pending);
                }
                if let Some(extra) = &model.types[id].extra {
                    reach(extra, depth + 2, &mut pending);
                }
            }
            // A union writes the branch it holds where the union stands.
            TypeKind::Union { variants, .. } => {
                depths[id].push(depth);
                for variant in variants {
                    reach(&variant.ty, depth, &mut pending);
                }
            }
            // A tuple is an array: its elements one level deeper.
            TypeKind::Tuple { elements, .. } => {
                depths[id].push(depth);
                for element in elements {
                    reach(element, depth + 1, &mut pending);
                }
            }
            TypeKind::Enum { .. } | TypeKind::Literals { .. } => {}
        }
    }
    for list in &mut depths {
        list.sort_unstable();
    }
    depths
}

/// The named types a value of `ty` written at `depth` puts at their own depths.
fn reach(ty: &FieldType, depth: usize, pending: &mut Vec<(TypeId, usize)>) {
    match ty {
        FieldType::Named(id) => pending.push((*id, depth)),
        FieldType::Nullable(inner) => reach(inner, depth, pending),
        FieldType::Array(element) => reach(element, depth + 1, pending),
        FieldType::String
        | FieldType::Integer(_)
        | FieldType::Number
        | FieldType::Boolean
        | FieldType::Any => {}
    }
}

/// The constant-fragment writers of one struct.
pub struct FastJsonView {
    /// One pretty writer per depth, then the compact writer.
    pub layouts: Vec<FastLayoutView>,
}

/// One layout (a style at a depth) of a struct.
pub struct FastLayoutView {
    /// Pretty (at `depth`) rather than compact (at any depth).
    pub pretty: bool,
    /// The writer depth this layout is for (0 for compact, which serves every depth).
    pub depth: usize,
    /// The method's name.
    pub method: Ident,
    /// Whether a key's comma or the closing text depends on the optional keys written before:
    /// the writer then tracks whether one was.
    pub tracks_written: bool,
    /// Per field, how it is written.
    pub fields: Vec<FastFieldView>,
    /// The statement that closes the object.
    pub close: TokenStream,
    /// The doc line's words for this layout.
    pub doc: String,
}

/// How one field is written in one layout.
pub struct FastFieldView {
    /// The Rust field identifier.
    pub name: Ident,
    /// The statements that write the key (its comma, newline, indentation, quoted key and
    /// colon: one constant, or the comma decided at run time when only optional keys precede
    /// it), and record that a key was written where a later decision reads it.
    pub key: TokenStream,
    /// The statement that writes the value bound to `value` (a reference).
    pub write: TokenStream,
    /// Absent from the wire when `None` (optional).
    pub optional: bool,
    /// `null` is a value (`[T, "null"]`).
    pub nullable: bool,
    /// The censor's JSON text as a Rust string literal, when redacted.
    pub censor: Option<Literal>,
}

/// How a value is written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ValueKind {
    /// A string, escaped into the output.
    Str,
    /// An `i64`.
    I64,
    /// A narrower signed integer, widened to `i64`.
    Signed,
    /// A `u64`.
    U64,
    /// A narrower unsigned integer, widened to `u64`.
    Unsigned,
    /// A number, as JavaScript prints it.
    Number,
    /// `true` or `false`.
    Bool,
    /// Anything else: through its `WriteJson`, at the layout's value depth.
    Nested,
}

/// The constant-fragment writers of struct `id` at `depths`, or `None` when it keeps no such
/// writers (no field, undeclared keys whose keys only the data knows, or no data-block depth).
pub fn fast_json(
    model: &Model,
    id: TypeId,
    member_names: &[String],
    depths: &[usize],
    rt: &Runtime,
) -> Option<FastJsonView> {
    let TypeKind::Struct { fields } = &model.types[id].kind else {
        return None;
    };
    if fields.is_empty() || model.types[id].extra.is_some() || depths.is_empty() {
        return None;
    }
    let mut layouts: Vec<FastLayoutView> = depths
        .iter()
        .map(|&d| layout(fields, member_names, Some(d), rt))
        .collect();
    layouts.push(layout(fields, member_names, None, rt));
    Some(FastJsonView { layouts })
}

/// One layout of `fields`: pretty at writer depth `depth`, or compact when `None`.
fn layout(
    fields: &[FieldDef],
    member_names: &[String],
    depth: Option<usize>,
    rt: &Runtime,
) -> FastLayoutView {
    // Keys up to the first required one may follow only optional keys: their comma is decided
    // at run time. The first key never has one.
    let first_required = fields.iter().position(|f| f.required);
    let runtime_comma = |index: usize| index > 0 && first_required.is_none_or(|f| index <= f);
    // A pretty object that may be `{}` closes on whether a key was written.
    let close_reads = depth.is_some() && first_required.is_none();
    let read_after = |index: usize| close_reads || (index + 1..fields.len()).any(runtime_comma);
    let tracks_written = close_reads || (0..fields.len()).any(runtime_comma);
    let indent = depth.map(|d| "  ".repeat(d + 1));
    let fields = fields
        .iter()
        .zip(member_names)
        .enumerate()
        .map(|(index, (field, name))| {
            let key = json_key(&field.key);
            let text = match &indent {
                Some(indent) => format!("\n{indent}{key}: "),
                None => format!("{key}:"),
            };
            let mut code = if runtime_comma(index) {
                let text = literal(&text);
                quote! { if wrote { out.push(','); } out.push_str(#text); }
            } else {
                let text = literal(&if index > 0 { format!(",{text}") } else { text });
                quote! { out.push_str(#text); }
            };
            if read_after(index) {
                code.extend(quote! { wrote = true; });
            }
            FastFieldView {
                name: ident(name),
                key: code,
                write: write_value(value_kind(field), rt, depth),
                optional: !field.required,
                nullable: matches!(field.ty, FieldType::Nullable(_)),
                censor: field.redact.as_deref().map(|c| literal(&json_key(c))),
            }
        })
        .collect();
    let close = match depth {
        Some(d) => {
            let close = literal(&format!("\n{}}}", "  ".repeat(d)));
            if close_reads {
                quote! { if wrote { out.push_str(#close); } else { out.push('}'); } }
            } else {
                quote! { out.push_str(#close); }
            }
        }
        None => quote! { out.push('}'); },
    };
    FastLayoutView {
        pretty: depth.is_some(),
        depth: depth.unwrap_or(0),
        method: ident(&match depth {
            Some(d) => format!("__fusion_json_pretty_{d}"),
            None => "__fusion_json_compact".into(),
        }),
        tracks_written,
        fields,
        close,
        doc: match depth {
            Some(d) => format!("at writer depth {d} in pretty output"),
            None => "in compact output, at any depth".into(),
        },
    }
}

/// The statement that writes `value` (a reference to the field's Rust value) into `out`, in
/// the layout's style; a nested value at writer depth `depth + 1`.
fn write_value(kind: ValueKind, rt: &Runtime, depth: Option<usize>) -> TokenStream {
    match kind {
        ValueKind::Str => quote! { #rt::json::escape_str_into(out, value); },
        ValueKind::I64 => quote! { #rt::__private::number::write_i64(out, *value); },
        ValueKind::Signed => quote! { #rt::__private::number::write_i64(out, i64::from(*value)); },
        ValueKind::U64 => quote! { #rt::__private::number::write_u64(out, *value); },
        ValueKind::Unsigned => {
            quote! { #rt::__private::number::write_u64(out, u64::from(*value)); }
        }
        ValueKind::Number => quote! { #rt::__private::number::write_f64(out, *value); },
        ValueKind::Bool => quote! { out.push_str(if *value { "true" } else { "false" }); },
        ValueKind::Nested => {
            let (style, depth) = match depth {
                Some(d) => (ident("Pretty"), d + 1),
                None => (ident("Compact"), 0),
            };
            let depth = Literal::usize_unsuffixed(depth);
            quote! {
                #rt::json::WriteJson::write_json(
                    value,
                    &mut #rt::json::JsonWriter::at_depth(out, #rt::json::JsonStyle::#style, #depth)
                );
            }
        }
    }
}

fn value_kind(field: &FieldDef) -> ValueKind {
    if field.boxed {
        return ValueKind::Nested;
    }
    match field.ty.non_null() {
        FieldType::String => ValueKind::Str,
        FieldType::Integer(IntKind::I64) => ValueKind::I64,
        FieldType::Integer(IntKind::U64) => ValueKind::U64,
        FieldType::Integer(IntKind::U8 | IntKind::U16 | IntKind::U32) => ValueKind::Unsigned,
        FieldType::Integer(IntKind::I8 | IntKind::I16 | IntKind::I32) => ValueKind::Signed,
        FieldType::Number => ValueKind::Number,
        FieldType::Boolean => ValueKind::Bool,
        FieldType::Named(_) | FieldType::Array(_) | FieldType::Nullable(_) | FieldType::Any => {
            ValueKind::Nested
        }
    }
}
