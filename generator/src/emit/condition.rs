//! Rust code for a behaviour's conditions (`when`): boolean expressions over the typed item.

use proc_macro2::TokenStream;
use quote::quote;

use crate::model::{CompareOp, ConditionModel, FieldType, Literal, TypeId, TypeKind};

use super::behaviour::Context;
use super::code::{InternalError, ItemRef, Number, ident, literal, separated};

impl Context<'_> {
    /// A condition as a Rust boolean expression over `item`.
    pub(super) fn condition(
        &self,
        condition: &ConditionModel,
    ) -> Result<TokenStream, InternalError> {
        let joined = |items: &[ConditionModel], op: TokenStream| {
            let operands = items
                .iter()
                .map(|c| {
                    let operand = self.condition(c)?;
                    Ok(quote!((#operand)))
                })
                .collect::<Result<Vec<_>, InternalError>>()?;
            Ok::<_, InternalError>(separated(operands, op))
        };
        Ok(match condition {
            ConditionModel::All(items) if items.is_empty() => quote!(true),
            ConditionModel::Any(items) if items.is_empty() => quote!(false),
            ConditionModel::All(items) => joined(items, quote!(&&))?,
            ConditionModel::Any(items) => joined(items, quote!(||))?,
            ConditionModel::Not(inner) => {
                let inner = self.condition(inner)?;
                quote!(!(#inner))
            }
            ConditionModel::Present { field, present } => {
                let (def, name) = self.field(*field);
                if def.is_double_option() {
                    // Present means a value: an explicit `null` is not one.
                    let not = (!present).then(|| quote!(!));
                    quote! {
                        #not ::core::matches!(
                            item.#name,
                            ::core::option::Option::Some(::core::option::Option::Some(_))
                        )
                    }
                } else {
                    let test = ident(if *present { "is_some" } else { "is_none" });
                    quote!(item.#name.#test())
                }
            }
            ConditionModel::Compare { field, op, value } => self.compare(*field, *op, *value),
            ConditionModel::OneOf { field, values } => self.one_of(*field, values)?,
        })
    }

    /// The runtime's `when::compare` over the field's value (false when it is absent).
    fn compare(&self, field: usize, op: CompareOp, bound: f64) -> TokenStream {
        let rt = self.rt;
        let (def, name) = self.field(field);
        let op = ident(match op {
            CompareOp::Gt => "Gt",
            CompareOp::Gte => "Gte",
            CompareOp::Lt => "Lt",
            CompareOp::Lte => "Lte",
        });
        let bound = Number::Float(bound);
        let compare = |value: TokenStream| quote!(#rt::__private::when::compare(#value, #rt::__private::when::Compare::#op, #bound));
        if def.is_option() {
            let value = self.option_copy(def, &name);
            let compare = compare(quote!(value));
            quote!(#value.is_some_and(|value| #compare))
        } else {
            compare(quote!(item.#name))
        }
    }

    fn one_of(&self, field: usize, values: &[Literal]) -> Result<TokenStream, InternalError> {
        let (def, name) = self.field(field);
        let enum_id = self.enum_of(&def.ty);
        // The model checked that every integer literal fits the field's kind.
        let suffix = match def.ty.non_null() {
            FieldType::Integer(kind) => kind.rust(),
            _ => "i64",
        };
        let pattern_of = |value: &Literal| -> Result<TokenStream, InternalError> {
            Ok(match value {
                Literal::Bool(b) => quote!(#b),
                Literal::Integer(i) => {
                    let number = Number::Int((*i).into(), suffix);
                    quote!(#number)
                }
                Literal::Number(n) => {
                    let number = Number::Float(*n);
                    quote!(#number)
                }
                Literal::Text(s) => {
                    let text = literal(s);
                    quote!(#text)
                }
                Literal::Variant(index) => {
                    let id = enum_id.ok_or_else(|| {
                        InternalError(format!(
                            "`one-of` names an enum variant of `{}`, which is no enum field",
                            def.key
                        ))
                    })?;
                    // The enum may live in another module: a field merged from another file's
                    // schema (`allOf`, `extends`) keeps its type where that schema is.
                    let owner = self.model.types[self.item].module;
                    let path = ItemRef::ty(self.model, self.names, owner, id);
                    let variant = ident(&self.names.ty(id).variants[*index]);
                    quote!(#path::#variant)
                }
            })
        };
        if let ([Literal::Bool(expected)], false) = (values, def.is_option()) {
            let not = (!expected).then(|| quote!(!));
            return Ok(quote!(#not item.#name));
        }
        let patterns: Vec<TokenStream> = values.iter().map(pattern_of).collect::<Result<_, _>>()?;
        let numbers = values.iter().any(|v| matches!(v, Literal::Number(_)));
        let subject = match (def.ty.non_null(), def.is_option()) {
            (FieldType::String, false) => quote!(item.#name.as_str()),
            (FieldType::String, true) if def.is_double_option() => {
                quote!(item.#name.as_ref().and_then(::core::option::Option::as_deref))
            }
            (FieldType::String, true) => quote!(item.#name.as_deref()),
            (_, true) => self.option_copy(def, &name),
            _ => quote!(item.#name),
        };
        // Float literals cannot be patterns; compare them one by one.
        if numbers {
            let value = if def.is_option() {
                self.option_copy(def, &name)
            } else {
                quote!(::core::option::Option::Some(item.#name))
            };
            let comparisons = patterns
                .iter()
                .map(|p| quote!(#value == ::core::option::Option::Some(#p)));
            return Ok(separated(comparisons, quote!(||)));
        }
        let pattern = separated(patterns, quote!(|));
        Ok(if def.is_option() {
            quote!(::core::matches!(#subject, ::core::option::Option::Some(#pattern)))
        } else {
            quote!(::core::matches!(#subject, #pattern))
        })
    }

    /// The enum behind a field, if it is one.
    fn enum_of(&self, ty: &FieldType) -> Option<TypeId> {
        match ty.non_null() {
            FieldType::Named(id) if matches!(self.model.types[*id].kind, TypeKind::Enum { .. }) => {
                Some(*id)
            }
            _ => None,
        }
    }
}
