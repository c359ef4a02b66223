#![doc = include_str!("../README.md")]
//!
//! # The crate
//!
//! Generated presenters call into this crate to write MCP tool responses byte for byte as the
//! Presenter wire format specifies (`docs/wire-format.md`).
//!
//! # The generated-code handshake
//!
//! Generated code opens with [`require_contract!`], naming the contract of the runtime it was
//! generated for. Compiled against a runtime of another contract, it fails with one message
//! naming both versions and the fix (regenerate, or depend on the matching runtime).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod arg_unions;
mod args;
mod argument_kinds;
mod bounds;
mod builder;
mod compute;
mod contract;
mod declared;
mod echo;
pub mod egress;
mod enums;
mod error;
pub mod escape;
mod formats;
mod handler_error;
#[cfg(feature = "http")]
pub mod http;
// The OpenAPI layer: request building, the reqwest client, reading an API's pages. A server
// without OpenAPI-bound actions compiles none of it.
#[cfg(feature = "openapi")]
pub mod http_client;
pub mod json;
pub mod jsonrpc;
mod limits;
mod listed;
mod literals;
// The serde reading of nullable fields that `__record!`'s own reader is tested against.
#[cfg(test)]
mod nullable;
mod number;
pub mod paging;
mod params;
mod pattern;
mod presenter;
mod prompt;
pub mod record;
// The transports answer what they cannot read; rmcp alone has no transport of ours.
#[cfg(any(feature = "stdio", feature = "http"))]
mod rejection;
mod response;
#[cfg(feature = "rmcp")]
pub mod rmcp;
mod select;
mod serve;
pub mod state_sync;
#[cfg(feature = "stdio")]
pub mod stdio;
mod swar;
mod tagged;
mod tool;
pub mod toon;
pub mod trace;
mod ui;
mod validation;
pub mod vocabulary;
mod when;
mod wrap;

pub use builder::{ResponseBuilder, Suggestion};
#[doc(hidden)]
pub use contract::{CONTRACT, VERSION};
pub use declared::{DataFormat, Declared, Hooks};
pub use enums::{UnknownVariant, WireEnum};
pub use error::{
    Severity, ToolErrorOptions, error, internal_error, missing_discriminator, required, tool_error,
    unknown_action,
};
pub use handler_error::{HandlerError, INTERNAL_RECOVERY, TRANSIENT_RECOVERY, handler_failure};
pub use limits::{Concurrency, Limits};
pub use presenter::Presenter;
pub use prompt::{PromptMessage, PromptRole};
pub use response::{TestView, ToolResponse, ViewData};
pub use select::{Selection, UnknownField};
pub use serve::{ServedTool, ToolFuture};
pub use tool::{ActionInfo, Reply, ToolInfo};
pub use ui::{ListWriter, TableWriter, UiBlock, UiWriter, Width, fence};
pub use validation::{FieldIssue, Hint, validation_error};
pub use wrap::{
    Data, IntoToolResponse, result_into_response, success, success_structured, success_text,
    toon_success,
};

/// The map of a struct's undeclared keys (`additionalProperties` with a schema or `true`): keys in
/// the order the data had them, written after the declared fields.
pub use indexmap::IndexMap;
/// Any JSON value: the type of `additionalProperties: true` entries and of schemas that say
/// nothing of their value (`{}`).
pub use serde_json::Value as JsonValue;

/// Not public API: what only generated code calls (argument readers, bounds, escapes, number
/// formatting, computed values, literal and tagged-union readers, the tool dispatch), and the
/// crates it names through the runtime, so that a crate using generated modules needs no
/// dependency of its own on them. Its items change with the generator that emits the calls.
#[doc(hidden)]
#[allow(missing_docs)]
pub mod __private {
    pub mod arg_unions {
        pub use crate::arg_unions::*;
    }
    pub mod args {
        pub use crate::args::*;
    }
    pub mod bounds {
        pub use crate::bounds::*;
    }
    pub mod compute {
        pub use crate::compute::*;
    }
    pub mod echo {
        pub use crate::echo::*;
    }
    pub mod enums {
        pub use crate::enums::*;
    }
    pub mod formats {
        pub use crate::formats::*;
    }
    pub mod listed {
        pub use crate::listed::*;
    }
    pub mod literals {
        pub use crate::literals::*;
    }
    pub mod number {
        pub use crate::number::*;
    }
    pub mod pattern {
        pub use crate::pattern::*;
    }
    pub mod select {
        pub use crate::select::foreign_keys_note;
    }
    pub mod tagged {
        pub use crate::tagged::*;
    }
    pub mod tool {
        pub use crate::tool::*;
    }
    pub mod when {
        pub use crate::when::*;
    }
    pub use serde;
}

/// Not public API: serde's derives, as generated code names them (`#[derive(__rt::Serialize)]`,
/// one short line per type).
#[doc(hidden)]
pub use serde::{Deserialize, Serialize};

/// Includes the code a build script generated with `fusion_gen::Builder` (the file
/// `$OUT_DIR/fusion_generated.rs`); use it inside a module of its own:
///
/// ```ignore
/// pub mod presenters {
///     fusion_runtime::include_generated!();
/// }
/// ```
///
/// With a custom `Builder::file_name`, pass that name: `include_generated!("billing.rs")`.
#[macro_export]
macro_rules! include_generated {
    () => {
        include!(concat!(env!("OUT_DIR"), "/fusion_generated.rs"));
    };
    ($file_name:literal) => {
        include!(concat!(env!("OUT_DIR"), "/", $file_name));
    };
}
