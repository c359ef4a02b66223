//! The views of a struct's fields and of the variants of an enum of values: types, serde
//! attributes, wire keys and the values fixed when generating.

use quote::quote;

use super::code::{Ident, InternalError, Literal, Number, Runtime, ident, literal, separated};
use super::docs::{doc_lines, doc_literal, field_facts};
use super::view::{FieldView, LiteralVariantView, json_key, rust_type};
use crate::model::{FieldDef, FieldType, LiteralValue, Model, TypeId, TypeKind};
use crate::naming::{FieldNames, Names};

/// The view of `field`, named by `field_names`, of struct `owner` in module `module`, with the
/// attributes `Serialize`'s derive reads when the struct is `argument_only` (one that data
/// blocks write is serialized from its `__record!` table).
pub(super) fn field_view(
    model: &Model,
    names: &Names,
    module: usize,
    (owner, argument_only): (&Ident, bool),
    (field, field_names): (&FieldDef, &FieldNames),
    rt: &Runtime,
) -> FieldView {
    let redactor = ident(&field_names.redactor);
    let name = field_names.name.as_str();
    let mut inner = rust_type(model, names, module, field.ty.non_null(), rt);
    if field.boxed {
        inner = inner.boxed();
    }
    let rust_type = if field.is_double_option() {
        inner.optional().optional()
    } else if field.is_option() {
        inner.optional()
    } else {
        inner
    };
    let mut serde = Vec::new();
    if argument_only && name != field.key {
        let key = literal(&field.key);
        serde.push(quote!(rename = #key));
    }
    if !field.required && argument_only {
        serde.push(quote!(
            skip_serializing_if = "::core::option::Option::is_none"
        ));
    }
    if field.redact.is_some() && argument_only {
        // `success(&item)` and `serde_json::to_value` go through `Serialize`: it writes the
        // censor too, so no path out of the type shows the clear value (§10).
        // Serde names the function by path, in a string.
        let path = literal(&format!("{owner}::{redactor}"));
        serde.push(quote!(serialize_with = #path));
    }
    let mut doc = field
        .description
        .as_deref()
        .map(|d| doc_lines(Some(d), ""))
        .unwrap_or_default();
    if !doc.is_empty() {
        doc.push(literal(""));
    }
    doc.push(doc_literal(&format!(" {}", field_facts(field))));
    FieldView {
        name: ident(name),
        rust_type,
        doc,
        serde: (!serde.is_empty()).then(|| separated(serde, quote!(,))),
        omit_when_none: !field.required,
        redact: field.redact.as_deref().map(literal),
        redactor,
        nullable: matches!(field.ty, FieldType::Nullable(_)),
        deprecated: field.deprecated,
    }
}

/// Whether a value of `ty` reads `null` itself: any JSON value (`null` is one), or a type no
/// value fits (`null` is refused).
pub(super) fn reads_null_itself(model: &Model, ty: &FieldType) -> bool {
    match ty {
        FieldType::Any => true,
        FieldType::Named(id) => matches!(
            &model.types[*id].kind,
            TypeKind::Literals { values, nullable: false } if values.is_empty()
        ),
        _ => false,
    }
}

/// What a reader of an enum of values expects: `one of 2, 3, 5, 7` (`null` too when it is
/// nullable), or, with no value at all, what the schema still allows.
pub(super) fn expecting(values: &[LiteralValue], nullable: bool) -> String {
    let mut texts: Vec<String> = values.iter().map(|v| v.to_json().to_string()).collect();
    if nullable {
        texts.push("null".to_owned());
    }
    match texts.as_slice() {
        [] => "no value: the schema allows none".to_owned(),
        [one] => one.clone(),
        _ => format!("one of {}", texts.join(", ")),
    }
}

/// The variant of one value: its runtime literal, JSON text and TOON value, all fixed now.
pub(super) fn literal_variant(
    value: &LiteralValue,
    name: &str,
    rt: &Runtime,
) -> Result<LiteralVariantView, InternalError> {
    // The value's `Literal` variant and argument, its JSON text and its TOON value.
    let (variant, argument, json, toon) = match value {
        LiteralValue::Bool(b) => (
            "Bool",
            quote!(#b),
            b.to_string(),
            quote!(#rt::toon::ToonValue::Bool(#b)),
        ),
        LiteralValue::Str(s) => {
            let text = literal(s);
            (
                "Str",
                quote!(#text),
                json_key(s),
                quote!(#rt::toon::ToonValue::Str(#text)),
            )
        }
        LiteralValue::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => {
                let int = Literal::i64_unsuffixed(i);
                (
                    "Int",
                    quote!(#int),
                    i.to_string(),
                    quote!(#rt::toon::ToonValue::Int(#int)),
                )
            }
            (_, Some(u), _) => {
                let int = Literal::u64_unsuffixed(u);
                (
                    "Int",
                    quote!(#int),
                    u.to_string(),
                    quote!(#rt::toon::ToonValue::UInt(#int)),
                )
            }
            // A float, written as JavaScript prints it, as every number of the data block is.
            (_, _, f) => {
                let f = f.ok_or_else(|| {
                    InternalError(format!("the enum value {n} is no i64, u64 or f64"))
                })?;
                let mut text = String::new();
                fusion_runtime::vocabulary::number::write_f64(&mut text, f);
                let float = Number::Float(f);
                (
                    "Float",
                    quote!(#float),
                    text,
                    quote!(#rt::toon::ToonValue::Float(#float)),
                )
            }
        },
    };
    let variant = ident(variant);
    Ok(LiteralVariantView {
        name: ident(name),
        doc: doc_literal(&format!(" `{json}`")),
        literal: quote!(#rt::__private::literals::Literal::#variant(#argument)),
        json: literal(&json),
        toon,
    })
}

/// The field that keeps struct `id`'s undeclared keys, and the type of their values, when its
/// schema keeps them.
pub(super) fn extra_field<'m>(
    model: &'m Model,
    names: &Names,
    id: TypeId,
) -> Result<Option<(Ident, &'m FieldType)>, InternalError> {
    match (&model.types[id].extra, &names.ty(id).extra) {
        (Some(ty), Some(name)) => Ok(Some((ident(name), ty))),
        (None, None) => Ok(None),
        _ => Err(InternalError(format!(
            "`{}` has undeclared keys without a field for them, or such a field without them",
            names.ty(id).name
        ))),
    }
}
