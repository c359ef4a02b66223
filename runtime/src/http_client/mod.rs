//! The HTTP client of the handlers fusion-gen generates for actions bound to OpenAPI operations
//! (feature `openapi` for describing and building requests; `http-client` adds [`ApiClient`],
//! which sends them with reqwest).
//!
//! Generated code describes each operation as a static [`Operation`] and hands this module the
//! action's typed arguments; [`build`] turns them into a [`Request`] (path segments
//! percent-encoded, query arrays in OpenAPI's default style, `form` with `explode: true`,
//! headers, the JSON body), refusing any value that would leave the operation's path, and
//! [`ApiClient`] sends it with reqwest (rustls) and reads the answer under a size cap and a
//! timeout. Base URL, credentials, `User-Agent`, default and per-action headers, redirects and
//! retries come from the [`ApiConfig`] the server is built with, never from generated code or the
//! agent.
//!
//! What a call can end in, and what the agent reads (wire format §12):
//!
//! | outcome | the agent reads | advice |
//! | --- | --- | --- |
//! | 2xx with the described body | the presenter's response | |
//! | a path value empty, `.` or `..`; a header value with a control | `<validation_error>` | change the argument |
//! | `429`, or `403` with the budget spent | `RATE_LIMITED` with `<retry_after>` | wait that long |
//! | another non-2xx | `API_ERROR`, the status and 512 bytes of the body | per status: change the arguments, check identifiers, tell the user, or retry (`5xx`) |
//! | a redirect to another origin | `API_REDIRECT_REFUSED` | tell the user; nothing was sent there |
//! | TLS refused | `API_TLS_ERROR` | tell the user |
//! | no connection, a broken answer | `API_UNREACHABLE` | retry in a few seconds |
//! | no answer in time | `API_TIMEOUT` | retry; for `POST`/`PATCH`, check first whether it was done |
//! | an answer over the cap | `API_RESPONSE_TOO_LARGE` | narrow the call, naming the query parameters |
//! | a 2xx body that does not fit | `API_RESPONSE_INVALID` | tell the user |
//!
//! Idempotent methods are retried on `429`, `502`–`504` and failed connections ([`Retry`]); an
//! operation that pages ([`Operation::paging`]) is called with [`ApiClient::call_paged`]: a page
//! no larger than the agent limit when the agent names no size, and the page handed back with
//! what the API said about the next one ([`crate::paging`]).

// The docs link to `ApiClient` and `rate_limit`, which only feature `http-client` compiles: with
// `openapi` alone they are plain text, not a broken promise.
#![cfg_attr(not(feature = "http-client"), allow(rustdoc::broken_intra_doc_links))]

mod config;
mod failure;
mod request;

#[cfg(feature = "http-client")]
mod client;

#[cfg(feature = "http-client")]
pub use client::{ApiClient, ApiResponse};
pub use config::{ApiConfig, Auth, DEFAULT_USER_AGENT, Redirects, Retry};
#[cfg(feature = "http-client")]
pub use failure::rate_limit;
pub use failure::{ApiError, RateLimit, is_idempotent, status_error};
pub use request::{Request, build, percent_encode};

// What a parameter is, the generator describes too (`crate::vocabulary::http`).
pub use crate::params::{In, Param};

/// One API operation, as generated from the OpenAPI document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Operation {
    /// The action that calls it, `tool/action`: what its argument errors name, and what
    /// [`ApiConfig::with_action_header`] matches.
    pub action: &'static str,
    /// The HTTP method, upper case.
    pub method: &'static str,
    /// The path template (`/pets/{petId}`), appended to the base URL.
    pub path: &'static str,
    /// The parameters.
    pub params: &'static [Param],
    /// The argument holding the JSON body.
    pub body: Option<&'static str>,
    /// How the operation pages its list, when it does ([`crate::paging`]).
    pub paging: Option<crate::paging::Paging>,
}

impl Operation {
    /// Its query parameters, in order: its filters and page size.
    pub fn query_params(&self) -> impl Iterator<Item = &Param> {
        self.params
            .iter()
            .filter(|param| param.location == In::Query)
    }
}

#[cfg(test)]
mod tests;
