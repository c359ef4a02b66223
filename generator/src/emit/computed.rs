//! Rust code for computed placeholders (`{amount_cents | divide: 100 | round: 2}`): the source
//! value read from the typed item, and one call of the runtime's transform chain with the
//! transforms as a constant (`compute::push`, `compute::write_json`; docs/definitions.md,
//! "Computed values"). The transforms themselves run in the runtime, where the in-process
//! renderer runs them too.

use proc_macro2::TokenStream;
use quote::quote;

use crate::model::{Computed, FieldType, TextPart};
use fusion_runtime::vocabulary::compute::Transform;

use super::behaviour::{Context, Escape};
use super::code::{Ident, Literal, Number, Place, ident, literal};

/// Where a computed placeholder's value comes from.
enum Source {
    /// An `Operand` expression (a required field, a sum, a count).
    Always(TokenStream),
    /// An optional field: `operand` over `value`, which `place` (an `Option<&T>`) holds when the
    /// field is present.
    Optional {
        place: TokenStream,
        operand: TokenStream,
    },
}

impl Context<'_> {
    /// The source of a computed placeholder as an `Operand` over `place` (the field's value).
    fn operand(&self, ty: &FieldType, place: &Place) -> TokenStream {
        let rt = self.rt;
        let operand = quote!(#rt::__private::compute::Operand);
        match ty.non_null() {
            FieldType::Integer(_) | FieldType::Number => {
                let value = place.copied();
                quote!(#operand::from(#value))
            }
            FieldType::Array(_) => {
                let value = place.receiver();
                quote!(#operand::Array(#value.len()))
            }
            _ => {
                let value = place.borrowed();
                quote!(#operand::Text(#value))
            }
        }
    }

    /// The source of a computed placeholder as an `Operand` expression.
    fn source(&self, source: &TextPart) -> Source {
        let rt = self.rt;
        let operand = quote!(#rt::__private::compute::Operand);
        Source::Always(match source {
            TextPart::Field(field) | TextPart::Column(field) => {
                let (def, name) = self.field(*field);
                if !def.is_option() {
                    return Source::Always(
                        self.operand(&def.ty, &Place::Field(quote!(item.#name))),
                    );
                }
                let place = if def.is_double_option() {
                    self.option_place(def, &name)
                } else {
                    quote!(item.#name.as_ref())
                };
                return Source::Optional {
                    place,
                    operand: self.operand(&def.ty, &Place::Ref(ident("value"))),
                };
            }
            TextPart::Sum(field) => {
                let (sum, _) = self.sum_expression(*field);
                quote!(#operand::from(#sum))
            }
            TextPart::Hidden => quote!(#operand::count(total - kept.len())),
            TextPart::Total => quote!(#operand::count(total)),
            // `Count` and `Shown`; the model gives no other source.
            _ => quote!(#operand::count(kept.len())),
        })
    }

    /// The transforms as a constant slice of the runtime's `Transform`s.
    fn steps(&self, computed: &Computed) -> TokenStream {
        let rt = self.rt;
        let path = quote!(#rt::__private::compute::Transform);
        let steps = computed.steps.iter().map(|step| match step.at_run_time() {
            Transform::Divide(c) => {
                let c = Number::Float(c);
                quote!(#path::Divide(#c))
            }
            Transform::Multiply(c) => {
                let c = Number::Float(c);
                quote!(#path::Multiply(#c))
            }
            Transform::Round(places) => {
                let places = Literal::u32_unsuffixed(places);
                quote!(#path::Round(#places))
            }
            Transform::Percent(places) => {
                let places = Literal::u32_unsuffixed(places);
                quote!(#path::Percent(#places))
            }
            Transform::Length => quote!(#path::Length),
            Transform::Date(pattern) => {
                let pattern = literal(pattern);
                quote!(#path::Date(#pattern))
            }
            Transform::Plural { one, other } => {
                let (one, other) = (literal(one), literal(other));
                quote!(#path::Plural { one: #one, other: #other })
            }
        });
        quote!(&[#(#steps),*])
    }

    /// A statement appending a computed placeholder to `target`, a string that falls back to
    /// its value as it is escaped for `escape`; an absent optional value appends nothing.
    pub(super) fn push_computed_into(
        &self,
        computed: &Computed,
        target: &Ident,
        escape: Escape,
    ) -> TokenStream {
        let rt = self.rt;
        let steps = self.steps(computed);
        let context = ident(match escape {
            Escape::Rule => "Rule",
            Escape::Line => "Line",
            Escape::Cell => "Cell",
            Escape::UiLine => "UiLine",
            Escape::Content => "Content",
            Escape::Attribute => "Attribute",
        });
        let push = |source: TokenStream| {
            quote! {
                #rt::__private::compute::push(&mut #target, #source, #steps, #rt::escape::Context::#context);
            }
        };
        match self.source(&computed.source) {
            Source::Always(operand) => push(operand),
            Source::Optional { place, operand } => {
                let push = push(operand);
                quote! { if let ::core::option::Option::Some(value) = #place { #push } }
            }
        }
    }

    /// Statements writing a computed placeholder as a JSON value through `writer` (an
    /// expression giving a `JsonWriter`); an absent optional value is `null`. A column's values
    /// each go through the transforms, into an array.
    pub(super) fn json_computed(&self, computed: &Computed, writer: &TokenStream) -> TokenStream {
        let rt = self.rt;
        let steps = self.steps(computed);
        let source = match self.source(&computed.source) {
            Source::Always(operand) => quote!(::core::option::Option::Some(#operand)),
            Source::Optional { place, operand } => quote!(#place.map(|value| #operand)),
        };
        let write = |writer: TokenStream| {
            quote! { #rt::__private::compute::write_json(#writer, #source, #steps); }
        };
        if let TextPart::Column(_) = computed.source {
            let element = write(quote!(column.next_element()));
            return quote! {
                {
                    let mut writer = #writer;
                    let mut column = writer.array();
                    for item in kept { #element }
                    column.end();
                }
            };
        }
        write(quote!(&mut #writer))
    }
}
