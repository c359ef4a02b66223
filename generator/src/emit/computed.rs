//! Rust code for computed placeholders (`{amount_cents | divide: 100 | round: 2}`): the source
//! value, each transform as an expression over it, and one write at the end. When the result
//! cannot be written (a number that overflowed, a date that does not parse), the value the
//! numeric transforms started from is written instead, escaped for where it lands
//! (docs/definitions.md, "Computed values").

use proc_macro2::TokenStream;
use quote::quote;

use crate::model::{Computed, FieldType, IntKind, TextPart, Transform};

use super::behaviour::{Context, Escape, write_integer};
use super::code::{Ident, InternalError, Literal, Number, Place, Runtime, ident, literal};

/// An integer's Rust type in a computation.
#[derive(Debug, Clone, Copy)]
enum Int {
    /// A field's own integer type, or `u64` for counts and lengths.
    Kind(IntKind),
    /// The sum of an integer field.
    I128,
}

/// A value between transforms, as a Rust expression.
#[derive(Debug, Clone)]
enum Value {
    Integer(TokenStream, Int),
    /// An `f64`; `compound` when the expression is a binary operation (parenthesised as an
    /// operand).
    Float {
        expression: TokenStream,
        compound: bool,
    },
    /// A string (`&String` or `&str`).
    Str(TokenStream),
    /// An array (`Vec` or a reference to one).
    Array(TokenStream),
}

/// What the transforms leave to write.
enum Output {
    Integer(TokenStream, Int),
    Number(TokenStream),
    Percent(TokenStream, u32),
    Date(TokenStream, String),
    /// An integer's word: the first when it is 1, else the second.
    Plural(TokenStream, String, String),
}

/// A computed placeholder ready to write.
struct Plan {
    /// The place of an optional field's value, bound to `value` when present.
    optional_place: Option<TokenStream>,
    output: Output,
    /// The value before the first numeric transform: written when the output cannot be.
    raw: Value,
}

impl Value {
    /// The value as an `f64` expression usable as an operand.
    fn float_operand(&self) -> Result<TokenStream, InternalError> {
        Ok(match self {
            Value::Float {
                expression,
                compound: true,
            } => quote!((#expression)),
            // `as` binds tighter than arithmetic, but an operand keeps its cast in parentheses so
            // that any operator after it (`<` included) reads it whole.
            Value::Integer(e, Int::Kind(IntKind::I64 | IntKind::U64) | Int::I128) => {
                quote!((#e as f64))
            }
            other => other.float()?,
        })
    }

    /// The value as an `f64` expression usable as an argument (no parentheses around a cast:
    /// `unused_parens` would reject them there).
    fn float(&self) -> Result<TokenStream, InternalError> {
        Ok(match self {
            Value::Integer(e, Int::Kind(IntKind::I64 | IntKind::U64) | Int::I128) => {
                quote!(#e as f64)
            }
            Value::Integer(e, Int::Kind(_)) => quote!(f64::from(#e)),
            Value::Float { expression, .. } => expression.clone(),
            // The model types every step: only numbers reach arithmetic.
            Value::Str(_) | Value::Array(_) => {
                return Err(InternalError(
                    "a computed placeholder does arithmetic on a string or an array".into(),
                ));
            }
        })
    }
}

impl Context<'_> {
    /// The source value of a computed placeholder (`Field` of the item, `Sum`, a count).
    fn source(&self, source: &TextPart) -> (Option<TokenStream>, Value) {
        let integer = |e: TokenStream| Value::Integer(e, Int::Kind(IntKind::U64));
        match source {
            TextPart::Field(field) | TextPart::Column(field) => {
                let (def, name) = self.field(*field);
                let (place, value) = if def.is_option() {
                    (
                        Some(self.option_place(def, &name)),
                        Place::Ref(ident("value")),
                    )
                } else {
                    (None, Place::Field(quote!(item.#name)))
                };
                let value = match def.ty.non_null() {
                    FieldType::Integer(kind) => Value::Integer(value.copied(), Int::Kind(*kind)),
                    FieldType::Number => Value::Float {
                        expression: value.copied(),
                        compound: false,
                    },
                    FieldType::Array(_) => Value::Array(value.receiver()),
                    _ => Value::Str(value.borrowed()),
                };
                (place, value)
            }
            TextPart::Sum(field) => {
                let (expression, integer) = self.sum_expression(*field);
                if integer {
                    (None, Value::Integer(expression, Int::I128))
                } else {
                    (
                        None,
                        Value::Float {
                            expression,
                            compound: false,
                        },
                    )
                }
            }
            TextPart::Hidden => (None, integer(quote!((total - kept.len()) as u64))),
            TextPart::Total => (None, integer(quote!(total as u64))),
            // `Count` and `Shown`; the model gives no other source.
            _ => (None, integer(quote!(kept.len() as u64))),
        }
    }

    /// The source, then each transform, as expressions.
    fn plan(&self, computed: &Computed, source: &TextPart) -> Result<Plan, InternalError> {
        let rt = self.rt;
        let (optional_place, mut value) = self.source(source);
        let mut raw = value.clone();
        let mut output = None;
        for step in &computed.steps {
            if !matches!(value, Value::Float { .. }) {
                raw = value.clone();
            }
            value = match step {
                Transform::Divide(c) | Transform::Multiply(c) => {
                    let operand = value.float_operand()?;
                    let c = Number::Float(*c);
                    Value::Float {
                        expression: if matches!(step, Transform::Divide(_)) {
                            quote!(#operand / #c)
                        } else {
                            quote!(#operand * #c)
                        },
                        compound: true,
                    }
                }
                Transform::Round(places) => match value {
                    Value::Float { .. } => {
                        let value = value.float()?;
                        let places = Literal::u32_unsuffixed(*places);
                        Value::Float {
                            expression: quote!(#rt::__private::compute::round(#value, #places)),
                            compound: false,
                        }
                    }
                    integer => integer,
                },
                Transform::Length => match &value {
                    Value::Array(e) => {
                        Value::Integer(quote!(#e.len() as u64), Int::Kind(IntKind::U64))
                    }
                    other => other.clone(),
                },
                Transform::Percent(places) => {
                    output = Some(Output::Percent(value.float()?, *places));
                    break;
                }
                Transform::Date(pattern) => {
                    let Value::Str(e) = &value else { break };
                    output = Some(Output::Date(e.clone(), pattern.clone()));
                    break;
                }
                Transform::Plural { one, other } => {
                    let Value::Integer(e, _) = &value else { break };
                    output = Some(Output::Plural(e.clone(), one.clone(), other.clone()));
                    break;
                }
            };
        }
        let output = match (output, &value) {
            (Some(output), _) => output,
            (None, Value::Integer(e, int)) => Output::Integer(e.clone(), *int),
            (None, other) => Output::Number(other.float()?),
        };
        Ok(Plan {
            optional_place,
            output,
            raw,
        })
    }

    /// Statements appending a computed placeholder to `target`, escaped (if it must fall back
    /// to a string) for `escape`; an absent optional value appends nothing.
    pub(super) fn push_computed_into(
        &self,
        computed: &Computed,
        target: &Ident,
        escape: Escape,
    ) -> Result<TokenStream, InternalError> {
        let rt = self.rt;
        let plan = self.plan(computed, &computed.source)?;
        let out = quote!(&mut #target);
        let raw = match &plan.raw {
            Value::Integer(e, int) => write_int(rt, out.clone(), e.clone(), *int),
            Value::Float { .. } => {
                let value = plan.raw.float()?;
                quote! { #rt::__private::number::write_f64(#out, #value); }
            }
            Value::Str(e) => {
                let escape_fn = escape.push_fn();
                quote! { #rt::escape::#escape_fn(#out, #e); }
            }
            Value::Array(e) => quote! { #rt::__private::number::write_u64(#out, #e.len() as u64); },
        };
        // The write that may fail, as a condition that holds when it did; `raw` then runs.
        let failed = match &plan.output {
            Output::Integer(e, int) => {
                let write = write_int(rt, out, e.clone(), *int);
                return Ok(match plan.optional_place {
                    Some(place) => quote! {
                        if let ::core::option::Option::Some(value) = #place { #write }
                    },
                    None => write,
                });
            }
            Output::Plural(e, one, other) => {
                // The words are checked when generating: written as they are.
                let (one, other) = (literal(one), literal(other));
                let write = quote! { #target.push_str(if #e == 1 { #one } else { #other }); };
                return Ok(match plan.optional_place {
                    Some(place) => quote! {
                        if let ::core::option::Option::Some(value) = #place { #write }
                    },
                    None => write,
                });
            }
            Output::Number(e) => quote!(!#rt::__private::compute::write_number(#out, #e)),
            Output::Percent(e, places) => {
                let places = Literal::u32_unsuffixed(*places);
                quote!(!#rt::__private::compute::write_percent(#out, #e, #places))
            }
            Output::Date(e, pattern) => {
                let pattern = literal(pattern);
                quote!(!#rt::__private::compute::write_date(#out, #e, #pattern))
            }
        };
        Ok(match plan.optional_place {
            // One `if let … &&` chain: clippy's `collapsible_if` rejects the nested form.
            Some(place) => quote! {
                if let ::core::option::Option::Some(value) = #place && #failed { #raw }
            },
            None => quote! { if #failed { #raw } },
        })
    }

    /// Statements writing a computed placeholder as a JSON value through `writer` (an
    /// expression giving a `JsonWriter`); an absent optional value is `null`. A column's values
    /// each go through the transforms, into an array.
    pub(super) fn json_computed(
        &self,
        computed: &Computed,
        writer: &TokenStream,
    ) -> Result<TokenStream, InternalError> {
        if let TextPart::Column(_) = computed.source {
            let element = self.json_value_of(computed, &quote!(column.next_element()))?;
            return Ok(quote! {
                {
                    let mut writer = #writer;
                    let mut column = writer.array();
                    for item in kept { #element }
                    column.end();
                }
            });
        }
        self.json_value_of(computed, writer)
    }

    /// [`Self::json_computed`] for one value, `item` in scope for a field.
    fn json_value_of(
        &self,
        computed: &Computed,
        writer: &TokenStream,
    ) -> Result<TokenStream, InternalError> {
        let rt = self.rt;
        let plan = self.plan(computed, &computed.source)?;
        let json_int = |e: &TokenStream, int: Int| match int {
            Int::Kind(IntKind::I64) => quote! { #writer.i64(#e); },
            Int::Kind(IntKind::U64) => quote! { #writer.u64(#e); },
            Int::Kind(_) => quote! { #writer.i64(i64::from(#e)); },
            Int::I128 => quote! { #writer.i128(#e); },
        };
        let raw = match &plan.raw {
            Value::Integer(e, int) => json_int(e, *int),
            Value::Float { .. } => {
                let value = plan.raw.float()?;
                quote! { #writer.f64(#value); }
            }
            Value::Str(e) => quote! { #writer.str(#e); },
            Value::Array(e) => quote! { #writer.u64(#e.len() as u64); },
        };
        let text = |call: TokenStream| {
            quote! {
                let mut computed = ::std::string::String::new();
                if #call { #writer.str(&computed); } else { #raw }
            }
        };
        let code = match &plan.output {
            Output::Integer(e, int) => json_int(e, *int),
            Output::Number(e) => quote! {
                let computed = #e;
                if computed.is_finite() { #writer.f64(computed); } else { #raw }
            },
            Output::Percent(e, places) => {
                let places = Literal::u32_unsuffixed(*places);
                text(quote! {
                    #rt::__private::compute::write_percent(&mut computed, #e, #places)
                })
            }
            Output::Date(e, pattern) => {
                let pattern = literal(pattern);
                text(quote! {
                    #rt::__private::compute::write_date(&mut computed, #e, #pattern)
                })
            }
            Output::Plural(e, one, other) => {
                let (one, other) = (literal(one), literal(other));
                quote! { #writer.str(if #e == 1 { #one } else { #other }); }
            }
        };
        Ok(match plan.optional_place {
            Some(place) => quote! {
                if let ::core::option::Option::Some(value) = #place { #code } else { #writer.null(); }
            },
            None => quote! { { #code } },
        })
    }
}

/// A statement writing an integer expression into `out`.
fn write_int(rt: &Runtime, out: TokenStream, e: TokenStream, int: Int) -> TokenStream {
    match int {
        Int::Kind(kind) => {
            let write = write_integer(rt, out, kind, e);
            quote! { #write; }
        }
        Int::I128 => quote! { #rt::__private::number::write_i128(#out, #e); },
    }
}
