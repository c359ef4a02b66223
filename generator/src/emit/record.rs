//! A struct's [`Record`](fusion_runtime::record::Record) implementation: its fields stated once,
//! field number `i` handed to a sink, from which the runtime's sinks write pretty JSON, compact
//! JSON, `_select`ed JSON and the TOON view (issue 24). The field-presence matrix (optional,
//! nullable, redacted) is decided here, once, as the sink call each field makes.

use proc_macro2::TokenStream;
use quote::quote;

use super::code::{Ident, Literal, Runtime, ident, literal};
use super::view::json_key;
use crate::model::{FieldDef, FieldType};

/// The `Record` implementation of struct `name` with `fields` (named `members`), and the
/// undeclared-keys field `extra` when it keeps them; then the one macro line that derives its
/// `WriteJson`, `ToonObject`, `ToonElement` and `WriteToon` from it (`tabular` when every value
/// is a TOON table row).
pub fn record_impl(
    name: &Ident,
    fields: &[FieldDef],
    members: &[String],
    extra: Option<&Ident>,
    tabular: bool,
    rt: &Runtime,
) -> TokenStream {
    let keys = fields.iter().map(|field| {
        let name = literal(&field.key);
        let json = literal(&format!("{}: ", json_key(&field.key)));
        quote!(#rt::record::Key::new(#name, #json))
    });
    let visits: Vec<TokenStream> = fields
        .iter()
        .zip(members)
        .enumerate()
        .map(|(index, (field, member))| visit(index, field, &ident(member), rt))
        .collect();
    let visit_field = match visits.as_slice() {
        [] => quote! {
            fn visit_field<'a, Sink_: #rt::record::FieldSink<'a>>(&'a self, _field: u16, _sink: &mut Sink_) {}
        },
        // One field: an `if`, since a one-arm `match` is clippy's `single_match`.
        [only] => quote! {
            #[inline(always)]
            fn visit_field<'a, Sink_: #rt::record::FieldSink<'a>>(&'a self, field: u16, sink: &mut Sink_) {
                if field == 0 { #only; }
            }
        },
        _ => {
            let arms = visits.iter().enumerate().map(|(index, visit)| {
                let index = Literal::u16_unsuffixed(index as u16);
                quote!(#index => #visit,)
            });
            // Inlined into the writers' loops, each sink's code per field is straight-line
            // (not inlined, the call and the match per field cost a third of a TOON row).
            quote! {
                #[inline(always)]
                fn visit_field<'a, Sink_: #rt::record::FieldSink<'a>>(&'a self, field: u16, sink: &mut Sink_) {
                    match field {
                        #(#arms)*
                        _ => {}
                    }
                }
            }
        }
    };
    let extra = extra.map(|extra| {
        quote! {
            fn extra_len(&self) -> usize {
                self.#extra.len()
            }
            fn visit_extra<'a, Sink_: #rt::record::FieldSink<'a>>(&'a self, index: usize, sink: &mut Sink_) {
                #rt::record::visit_entry(&self.#extra, index, sink);
            }
        }
    });
    let impls = if tabular {
        quote!(#rt::__record_impls!(#name, tabular);)
    } else {
        quote!(#rt::__record_impls!(#name);)
    };
    quote! {
        impl #rt::record::Record for #name {
            const KEYS: &'static [#rt::record::Key] = &[#(#keys),*];
            #visit_field
            #extra
        }
        #impls
    }
}

/// The sink call of field number `index`: what it writes, by whether it may be absent
/// (optional), may be `null` (nullable) and is shown as its censor (redacted).
fn visit(index: usize, field: &FieldDef, member: &Ident, rt: &Runtime) -> TokenStream {
    let index = Literal::usize_unsuffixed(index);
    let key = quote!(&Self::KEYS[#index]);
    let nullable = matches!(field.ty, FieldType::Nullable(_));
    let Some(censor) = &field.redact else {
        return if field.required {
            quote!(sink.field(#key, &self.#member))
        } else {
            quote!(sink.optional(#key, &self.#member))
        };
    };
    let (text, json) = (literal(censor), literal(&json_key(censor)));
    let censor = quote!(#rt::record::Censor::new(#text, #json));
    match (field.required, nullable) {
        (true, false) => quote!(sink.censored(#key, #censor, true)),
        (true, true) => quote!(sink.censored(#key, #censor, self.#member.is_some())),
        (false, false) => {
            quote!(sink.censored_if(#key, #censor, self.#member.as_ref().map(|_| true)))
        }
        (false, true) => quote!(sink.censored_if(
            #key,
            #censor,
            self.#member.as_ref().map(::core::option::Option::is_some)
        )),
    }
}
