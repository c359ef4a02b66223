//! The vocabulary the generator and the runtime share: what a definition's keywords mean when
//! fusion-gen checks them at build time and when generated code runs them, defined once here so
//! that both read the same rules (issue 39). fusion-gen depends on this module, never on the
//! runtime's hidden items; it changes with [`crate::CONTRACT`], the number generated code is
//! checked against.
//!
//! - [`pattern`]: a schema's ECMAScript `pattern`, translated for and compiled by the runtime's
//!   engine within its size budget (the generator refuses one that would not run in linear time).
//! - [`compute`]: the transforms and operands of computed fields, and how their values print.
//! - [`when`]: the comparisons of `when` conditions.
//! - [`formats`]: the string `format`s the runtime checks.
//! - [`number`]: numbers printed as JavaScript prints them.
//! - [`listed`]: the separators of a list of values in one line of text.
//! - [`http`] and [`paging`]: where an OpenAPI operation's parameters go and how its pages are
//!   addressed, which fusion-gen reads from a document and generated constants hand the HTTP
//!   client.

/// A schema's ECMAScript `pattern`: its translation to the runtime's regex syntax, its compiled
/// form and the budget that keeps matching linear in the text.
pub mod pattern {
    pub use crate::pattern::{
        COMPILED_SIZE_BUDGET, CompileError, Pattern, compile, js_source, translate,
    };
}

/// Computed fields: their transforms, operands and the text their values print as.
pub mod compute {
    pub use crate::compute::{
        MAX_PLACES, Operand, Transform, check_date_pattern, push, write_json,
    };
}

/// The comparison operators of `when` conditions.
pub mod when {
    pub use crate::when::{Compare, compare};
}

/// The string `format`s the runtime checks (`date`, `email`, `uuid`, ...).
pub mod formats {
    pub use crate::formats::Format;
}

/// Numbers printed as JavaScript's `JSON.stringify` prints them.
pub mod number {
    pub use crate::number::{write_f64, write_i64, write_i128, write_u64};
}

/// A list of values written into one line of text, with its separators.
pub mod listed {
    pub use crate::listed::Listed;
}

/// Where an OpenAPI operation's parameters go: generic over the text, `String` when read from a
/// document, `&'static str` in generated constants.
pub mod http {
    pub use crate::params::{In, Param};
}

/// How an operation's pages are addressed and where its response says more follows, generic
/// over the text as [`http`] is.
pub mod paging {
    pub use crate::paging::{NextFrom, PageStyle, Paging};
}
