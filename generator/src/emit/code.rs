//! Typed pieces of generated code: the runtime's path, references to types, identifiers and
//! literals. Each prints itself as Rust source, so a view holds values that are right by
//! construction rather than text spliced together by hand.

use std::fmt;
use std::rc::Rc;

use proc_macro2::TokenStream;
pub use proc_macro2::{Ident, Literal};
use quote::{ToTokens, TokenStreamExt, quote};

use crate::model::{Model, TypeId};
use crate::naming::Names;

/// An invariant of the model or the names that the emitter relies on and found broken: a bug
/// of the generator, reported as an internal error rather than papered over with a default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InternalError(pub String);

impl fmt::Display for InternalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "internal error: {}", self.0)
    }
}

/// A template's text; askama failing is a bug of a template, not of the definitions.
pub fn render(template: &impl askama::Template) -> Result<String, InternalError> {
    template
        .render()
        .map_err(|err| InternalError(format!("template rendering failed: {err}")))
}

/// Text from a definition as a template splices it into a `///` line: a line break would end the
/// comment and put the rest of the text in the code (`"get\npub fn injected() {}"`), so controls
/// and direction controls are written as their Rust escapes, and backticks as `'` so that a
/// code span around the text is not cut short. The only way a template context holds text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommentText(String);

impl CommentText {
    /// `text` made safe for a doc line.
    pub fn new(text: &str) -> Self {
        CommentText(crate::rust_text::for_line_comment(text).replace('`', "'"))
    }
}

impl fmt::Display for CommentText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The runtime crate in generated code. The root module names it by its path
/// (`::fusion_runtime` unless configured) once, in the contract handshake that brings it into
/// scope as `__rt`; everything else goes through `__rt`, so that a runtime of another contract
/// fails with the handshake's one message and no follow-on errors (see `fusion_runtime`'s
/// `require_contract!`).
#[derive(Debug, Clone)]
pub struct Runtime {
    path: Rc<str>,
}

/// The name the handshake gives the runtime in every generated module.
const ALIAS: &str = "__rt";

impl Runtime {
    /// The runtime at `path`, as the user configured it; `None` when it is not a Rust path.
    pub fn new(path: &str) -> Option<Self> {
        syn::parse_str::<syn::Path>(path).ok()?;
        Some(Runtime { path: path.into() })
    }

    /// The path the user configured: for the handshake, and for derive macros, which must
    /// resolve even when the handshake fails (an unresolved derive would report its helper
    /// attributes as unknown, a follow-on error).
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The path of the serde the runtime re-exports, as the string `#[serde(crate = …)]` takes.
    pub fn serde_crate(&self) -> Literal {
        literal(&format!("{ALIAS}::__private::serde"))
    }
}

impl fmt::Display for Runtime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(ALIAS)
    }
}

impl ToTokens for Runtime {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        tokens.append(ident(ALIAS));
    }
}

/// An identifier from the names phase (which makes every name a valid, non-keyword identifier,
/// so a failure here is a generator bug, reported by `proc_macro2`'s panic).
pub fn ident(name: &str) -> Ident {
    Ident::new(name, proc_macro2::Span::call_site())
}

/// `Some(value)` or `None`, spelled in full (`::core::option::Option::…`) as generated code
/// spells every option, whatever names the user's crate brings into scope.
pub fn option(value: Option<impl ToTokens>) -> TokenStream {
    match value {
        Some(value) => quote!(::core::option::Option::Some(#value)),
        None => quote!(::core::option::Option::None),
    }
}

/// `text` as a Rust string literal, escaped by `proc_macro2`.
pub fn literal(text: &str) -> Literal {
    Literal::string(text)
}

/// A numeric literal with its type as a suffix (`100_usize`, `2.5_f64`), so that Rust reads
/// it as that type whatever its digits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    /// An integer, and its type (`u64`, `i32`, …).
    Int(i128, &'static str),
    /// An `f64`.
    Float(f64),
}

impl ToTokens for Number {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        // The `Display` text is one literal token, after a `-` when negative.
        let text = self.to_string();
        let (negative, digits) = match text.strip_prefix('-') {
            Some(digits) => (true, digits),
            None => (false, text.as_str()),
        };
        if negative {
            tokens.append(proc_macro2::Punct::new('-', proc_macro2::Spacing::Alone));
        }
        match digits.parse::<Literal>() {
            Ok(literal) => tokens.append(literal),
            // Infinities and NaN have no literal: spelled as before, they fail to compile.
            Err(_) => tokens.append(ident(digits)),
        }
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Number::Int(value, ty) => write!(f, "{value}_{ty}"),
            // `Debug` prints the shortest digits that read back as the same double, and keeps a
            // whole number's `.0`, so that the literal reads as a float even without its suffix.
            Number::Float(value) => {
                let text = format!("{value:?}");
                if text.contains(['.', 'e', 'E']) || text.contains("inf") || text.contains("NaN") {
                    write!(f, "{text}_f64")
                } else {
                    write!(f, "{text}.0_f64")
                }
            }
        }
    }
}

/// An item the generated code defines, as seen from the module that names it: bare within its
/// own module, `super::module::Item` from a sibling (every module is a child of the root).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemRef {
    module: Ident,
    name: Ident,
    local: bool,
}

impl ItemRef {
    /// Type `id` named from module `from`.
    pub fn ty(model: &Model, names: &Names, from: usize, id: TypeId) -> Self {
        let owner = model.types[id].module;
        ItemRef {
            module: ident(&names.module(owner).name),
            name: ident(&names.ty(id).name),
            local: owner == from,
        }
    }

    /// Item `name` of module `owner`, named from module `from`, or always by its sibling path
    /// when `from` is `None` (a tool's dispatcher names every presenter so).
    pub fn in_module(names: &Names, owner: usize, name: &str, from: Option<usize>) -> Self {
        ItemRef {
            module: ident(&names.module(owner).name),
            name: ident(name),
            local: from == Some(owner),
        }
    }
}

impl ToTokens for ItemRef {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let (module, name) = (&self.module, &self.name);
        tokens.extend(if self.local {
            quote!(#name)
        } else {
            quote!(super::#module::#name)
        });
    }
}

impl fmt::Display for ItemRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.local {
            write!(f, "{}", self.name)
        } else {
            write!(f, "super::{}::{}", self.module, self.name)
        }
    }
}

/// How a value is reached in generated code: as a place (`self.amount`) or through a reference
/// bound by a `match` or an `if let` (`value`). Each use asks for the form it needs, so no
/// `&(*value)` is ever spliced together.
#[derive(Clone)]
pub enum Place {
    /// A place expression of the value's type.
    Field(TokenStream),
    /// A variable holding `&T`.
    Ref(Ident),
}

impl Place {
    /// A `&T` expression.
    pub fn borrowed(&self) -> TokenStream {
        match self {
            Place::Field(place) => quote!(&#place),
            Place::Ref(name) => name.to_token_stream(),
        }
    }

    /// A method receiver (auto-deref makes both forms work).
    pub fn receiver(&self) -> TokenStream {
        match self {
            Place::Field(place) => place.clone(),
            Place::Ref(name) => name.to_token_stream(),
        }
    }

    /// A `T` expression, for `Copy` values.
    pub fn copied(&self) -> TokenStream {
        match self {
            Place::Field(place) => place.clone(),
            Place::Ref(name) => quote!(*#name),
        }
    }
}

/// Tokens of `items` with `separator` between each two (`a || b || c`).
pub fn separated(
    items: impl IntoIterator<Item = TokenStream>,
    separator: TokenStream,
) -> TokenStream {
    let mut out = TokenStream::new();
    for (index, item) in items.into_iter().enumerate() {
        if index > 0 {
            out.extend(separator.clone());
        }
        out.extend(item);
    }
    out
}

/// A Rust type in generated code, fully qualified so that no user name can shadow it.
#[derive(Debug, Clone)]
pub enum RustType {
    /// A primitive (`bool`, `f64`, `i32`, …).
    Primitive(&'static str),
    /// `::std::string::String`.
    String,
    /// A type of the runtime crate (`JsonValue`, `ToolResponse`).
    Runtime(Runtime, &'static str),
    /// A generic type of the runtime crate with one parameter (`Reply<T>`).
    RuntimeOf(Runtime, &'static str, Box<RustType>),
    /// A type the generated code defines.
    Item(ItemRef),
    /// `::std::vec::Vec<T>`.
    Vec(Box<RustType>),
    /// `::core::option::Option<T>`.
    Option(Box<RustType>),
    /// `::std::boxed::Box<T>`, which breaks a cycle of types.
    Boxed(Box<RustType>),
    /// The runtime's `IndexMap<String, T>`: undeclared keys in the order the data had them.
    Map(Runtime, Box<RustType>),
}

impl RustType {
    /// `Option<self>`.
    pub fn optional(self) -> Self {
        RustType::Option(Box::new(self))
    }

    /// `Box<self>`.
    pub fn boxed(self) -> Self {
        RustType::Boxed(Box::new(self))
    }

    /// `Vec<self>`.
    pub fn vec(self) -> Self {
        RustType::Vec(Box::new(self))
    }
}

impl ToTokens for RustType {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        tokens.extend(match self {
            RustType::Primitive(name) => ident(name).into_token_stream(),
            RustType::String => quote!(::std::string::String),
            RustType::Runtime(rt, name) => {
                let name = ident(name);
                quote!(#rt::#name)
            }
            RustType::RuntimeOf(rt, name, inner) => {
                let name = ident(name);
                quote!(#rt::#name<#inner>)
            }
            RustType::Item(item) => item.into_token_stream(),
            RustType::Vec(inner) => quote!(::std::vec::Vec<#inner>),
            RustType::Option(inner) => quote!(::core::option::Option<#inner>),
            RustType::Boxed(inner) => quote!(::std::boxed::Box<#inner>),
            RustType::Map(rt, value) => quote!(#rt::IndexMap<::std::string::String, #value>),
        });
    }
}

impl fmt::Display for RustType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RustType::Primitive(name) => f.write_str(name),
            RustType::String => f.write_str("::std::string::String"),
            RustType::Runtime(rt, name) => write!(f, "{rt}::{name}"),
            RustType::RuntimeOf(rt, name, inner) => write!(f, "{rt}::{name}<{inner}>"),
            RustType::Item(item) => item.fmt(f),
            RustType::Vec(inner) => write!(f, "::std::vec::Vec<{inner}>"),
            RustType::Option(inner) => write!(f, "::core::option::Option<{inner}>"),
            RustType::Boxed(inner) => write!(f, "::std::boxed::Box<{inner}>"),
            RustType::Map(rt, value) => {
                write!(f, "{rt}::IndexMap<::std::string::String, {value}>")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_print_fully_qualified_through_the_handshake_s_alias() {
        let rt = Runtime::new("::fusion_runtime").expect("a path");
        let ty = RustType::Map(rt.clone(), Box::new(RustType::String.vec().optional()));
        assert_eq!(
            ty.to_string(),
            "__rt::IndexMap<::std::string::String, ::core::option::Option<::std::vec::Vec<::std::string::String>>>"
        );
        // The tokens are the same type, spaced as `proc_macro2` spaces them.
        let tokens = ty.to_token_stream().to_string();
        assert_eq!(tokens.replace(' ', ""), ty.to_string().replace(' ', ""));
        assert_eq!(
            RustType::RuntimeOf(
                rt.clone(),
                "Reply",
                Box::new(RustType::Primitive("bool").boxed())
            )
            .to_string(),
            "__rt::Reply<::std::boxed::Box<bool>>"
        );
        assert_eq!(rt.path(), "::fusion_runtime");
        assert!(Runtime::new("not a path!").is_none());
    }

    #[test]
    fn literals_are_escaped() {
        assert_eq!(literal("a\"b\\\n").to_string(), r#""a\"b\\\n""#);
        assert_eq!(literal("it's").to_string(), r#""it's""#);
    }

    #[test]
    fn negative_numbers_are_a_minus_and_a_literal() {
        assert_eq!(
            Number::Int(-3, "i128").to_token_stream().to_string(),
            "- 3_i128"
        );
        assert_eq!(
            Number::Float(-0.5).to_token_stream().to_string(),
            "- 0.5_f64"
        );
    }

    #[test]
    fn numbers_carry_their_type() {
        assert_eq!(Number::Int(-3, "i64").to_string(), "-3_i64");
        assert_eq!(Number::Float(3.0).to_string(), "3.0_f64");
        assert_eq!(Number::Float(1e300).to_string(), "1e300_f64");
        assert_eq!(Number::Float(0.1).to_string(), "0.1_f64");
    }
}
