//! The HTTP side of a tool whose actions are bound to OpenAPI operations: each operation as a
//! `fusion_runtime::http_client::Operation` constant, a trait `<Tool>Api` whose methods call the
//! API by default (override one to answer that action with code of your own), and
//! `<Tool>Http<A>`, the tool's handler serving any `<Tool>Api`.
//!
//! Written as token streams, as the rest of the generated code's Rust is; what a default method
//! does (send the request, read the answer, page) is the runtime's (`ApiClient::data`, `page`,
//! `status`), so each method here is one call.

use proc_macro2::{Literal as Unsuffixed, TokenStream};
use quote::quote;

use super::code::{Runtime, ident, literal, option};
use super::tools::ActionView;
use crate::model::ToolModel;
use crate::naming::ToolNames;
use crate::operations::{In, NextFrom, PageStyle, Paging};

/// `<Tool>Api`, the operations' constants and `<Tool>Http<A>`; nothing for a tool with no
/// bound action.
pub(super) fn http_handler(
    tool: &ToolModel,
    names: &ToolNames,
    actions: &[ActionView],
    rt: &Runtime,
) -> TokenStream {
    let Some(http_names) = &names.http else {
        return TokenStream::new();
    };
    let api = ident(&http_names.api);
    let served = ident(&http_names.handler);
    let handler = ident(&names.handler);
    let hc = quote!(#rt::http_client);
    let mut constants = TokenStream::new();
    let mut methods = TokenStream::new();
    let mut delegates = TokenStream::new();
    for ((action, view), action_names) in tool.actions.iter().zip(actions).zip(&names.actions) {
        let method = &view.method;
        let reply = &view.reply;
        // An action without input takes no argument, in the handler trait and here alike.
        let (parameter, forward, pass) = match &view.input {
            Some(input) => (quote!(, args: #input), quote!(args), quote!(args)),
            None => (TokenStream::new(), TokenStream::new(), quote!(())),
        };
        let future = |error: TokenStream| quote!(impl ::core::future::Future<Output = ::core::result::Result<#reply, #error>> + ::core::marker::Send);
        let delegate_future = future(quote!(Self::Error));
        delegates.extend(quote! {
            fn #method(&self #parameter) -> #delegate_future {
                self.0.#method(#forward)
            }
        });
        let api_future = future(quote!(#hc::ApiError));
        let Some(http) = &action.http else {
            let doc = literal(&format!(
                " `{}`: bound to no operation, answered by your code.",
                in_doc(&action.name)
            ));
            methods.extend(quote! {
                #[doc = #doc]
                fn #method(&self #parameter) -> #api_future;
            });
            continue;
        };
        let constant = ident(&action_names.operation);
        let params = http.params.iter().map(|p| {
            let location = ident(match p.location {
                In::Path => "Path",
                In::Query => "Query",
                In::Header => "Header",
            });
            let (name, arg, explode) = (literal(&p.name), literal(&p.arg), p.explode);
            quote!(#hc::Param { name: #name, arg: #arg, location: #hc::In::#location, explode: #explode })
        });
        let body = option(http.body.as_deref().map(literal));
        let paging = option(
            http.paging
                .as_ref()
                .map(|paging| paging_literal(paging, rt)),
        );
        let doc = literal(&format!(
            " `{} {}`, which `{}` calls (`{}`).",
            in_doc(&http.method),
            in_doc(&http.path),
            in_doc(&action.name),
            in_doc(&http.origin),
        ));
        let (at, verb, path) = (&view.at, literal(&http.method), literal(&http.path));
        constants.extend(quote! {
            #[doc = #doc]
            pub const #constant: #hc::Operation = #hc::Operation {
                action: #at,
                method: #verb,
                path: #path,
                params: &[#(#params),*],
                body: #body,
                paging: #paging,
            };
        });
        // The client answers every failure as the tool error that fits it, so a default
        // method never returns `Err`: that is left to code that overrides it.
        let call = match (&view.returns, &http.paging) {
            (Some(returns), Some(_)) => {
                // The presenter's agent limit is the page size asked for when the agent gives
                // none; an action exposed as a tool of its own is suggested under that name.
                let presenter = &returns.presenter;
                let flat = option(tool.flat.then(|| literal(&tool.flat_name(action))));
                quote!(page(&#constant, #pass, #rt::paging::agent_limit(&#presenter), #flat))
            }
            (Some(_), None) => quote!(data(&#constant, #pass)),
            (None, _) => quote!(status(&#constant, #pass)),
        };
        let doc = literal(&format!(
            " `{}`: calls `{} {}`; override it to answer with code of your own.",
            in_doc(&action.name),
            in_doc(&http.method),
            in_doc(&http.path),
        ));
        methods.extend(quote! {
            #[doc = #doc]
            fn #method(&self #parameter) -> #api_future {
                self.client().#call
            }
        });
    }
    let tool_name = in_doc(&tool.name);
    let api_doc = literal(&format!(
        " The actions of `{tool_name}` as calls to the API (feature `http-client` of the runtime)."
    ));
    let served_doc = literal(&format!(
        " The handler of `{tool_name}` that answers through an [`{api}`]: `{}({served}(client))`.",
        names.served
    ));
    let every_bound = tool.actions.iter().all(|a| a.http.is_some());
    let client_impl = every_bound.then(|| {
        quote! {
            impl #api for #hc::ApiClient {
                fn client(&self) -> &#hc::ApiClient {
                    self
                }
            }
        }
    });
    quote! {
        #constants
        #[doc = #api_doc]
        /// Every method bound to an operation calls it by default; override any of them to answer that
        /// action with code of your own.
        pub trait #api: ::core::marker::Sync {
            /// The client the default methods call the API with.
            fn client(&self) -> &#hc::ApiClient;
            #methods
        }
        #client_impl
        #[doc = #served_doc]
        pub struct #served<A>(pub A);
        impl<A: #api> #handler for #served<A> {
            type Error = #hc::ApiError;
            #delegates
        }
    }
}

/// A `fusion_runtime::paging::Paging` literal.
fn paging_literal(paging: &Paging, rt: &Runtime) -> TokenStream {
    let p = quote!(#rt::paging);
    let style = match &paging.style {
        PageStyle::Page { param, first } => {
            let (param, first) = (literal(param), Unsuffixed::u64_unsuffixed(*first));
            quote!(#p::PageStyle::Page { param: #param, first: #first })
        }
        PageStyle::Offset { param } => {
            let param = literal(param);
            quote!(#p::PageStyle::Offset { param: #param })
        }
        PageStyle::Cursor { param } => {
            let param = literal(param);
            quote!(#p::PageStyle::Cursor { param: #param })
        }
        PageStyle::Link => quote!(#p::PageStyle::Link),
    };
    let next = match &paging.next {
        NextFrom::FullPage => quote!(#p::NextFrom::FullPage),
        NextFrom::Link => quote!(#p::NextFrom::Link),
        NextFrom::LastItem { more, list, id } => {
            let (more, list, id) = (literal(more), literal(list), literal(id));
            quote!(#p::NextFrom::LastItem { more: #more, list: #list, id: #id })
        }
        NextFrom::Body(path) => {
            let keys = path.iter().map(|key| literal(key));
            quote!(#p::NextFrom::Body(&[#(#keys),*]))
        }
    };
    let size = option(paging.size.as_deref().map(literal));
    let count = |n: Option<u64>| option(n.map(Unsuffixed::u64_unsuffixed));
    let (default_size, max_size) = (count(paging.default_size), count(paging.max_size));
    quote! {
        #p::Paging { style: #style, size: #size, default_size: #default_size, max_size: #max_size, next: #next }
    }
}

/// Text of the description (a path, an origin, a name) inside a `///` line: on one line
/// whatever it holds, and with no backtick to close the code span it sits in.
fn in_doc(text: &str) -> String {
    crate::rust_text::for_line_comment(text).replace('`', "'")
}
