//! One `tracing` span per tool call (issue 42), as MCP Fusion's tracer has one OpenTelemetry
//! span per call: the server opens it ([`call_span`]) and closes it with the response
//! ([`finish`]); generated code records its steps on it ([`Steps`]); the HTTP client of
//! operation-bound actions records the method, route template and status.
//!
//! The runtime installs no subscriber. A user's (`tracing-subscriber`, or OpenTelemetry through
//! `tracing-opentelemetry`, which reads the `otel.*` fields) sees every span and the debug events
//! of each step. Without one, each step is an atomic load or two and nothing is timed.
//!
//! What a span never holds: argument values, credentials, URLs (only route templates), error
//! texts of calls the agent got wrong. A handler's own failure text (a system error) is the span's
//! status message, as upstream's, because it already reaches the agent.

use std::time::Instant;

use tracing::field::Empty;
use tracing::{Level, Span};

use crate::HandlerError;
use crate::response::ToolResponse;
use crate::tool::{ActionInfo, Reply};

/// The target of the spans and events, to filter them (`fusion_runtime::call=debug`).
pub const TARGET: &str = "fusion_runtime::call";

/// The span of one call of the MCP tool `tool_name` (the name the client called: a flat tool's
/// own name), at info level. The other fields are recorded as the call goes: `mcp.tool` (the
/// tool's declared name; `otel.name` is then `mcp.tool.<name>`), `mcp.action`, `mcp.error_type`,
/// `mcp.is_error`, `mcp.validation_us`, `mcp.handler_us`, `mcp.response_size`, and for
/// operation-bound actions `http.request.method`, `http.route`, `http.response.status_code`.
/// `otel.status_code` is `OK` on success and `ERROR` on a system error only: errors the agent
/// caused leave it unset, as upstream's tracer does.
pub fn call_span(tool_name: &str) -> Span {
    tracing::info_span!(
        target: TARGET,
        "mcp.tool",
        otel.name = Empty,
        otel.status_code = Empty,
        otel.status_message = Empty,
        mcp.system = "fusion-gen",
        mcp.tool = Empty,
        mcp.tool_name = tool_name,
        mcp.action = Empty,
        mcp.error_type = Empty,
        mcp.is_error = Empty,
        mcp.validation_us = Empty,
        mcp.handler_us = Empty,
        mcp.response_size = Empty,
        http.request.method = Empty,
        http.route = Empty,
        http.response.status_code = Empty,
    )
}

/// Records what the call answered on its span: `mcp.is_error` and `mcp.response_size` (the bytes
/// of its text blocks). A no-op on a disabled span.
pub fn finish(span: &Span, response: &ToolResponse) {
    if span.is_disabled() {
        return;
    }
    let size: usize = response.texts().iter().map(String::len).sum();
    let is_error = response.is_error() == Some(true);
    span.record("mcp.response_size", size);
    span.record("mcp.is_error", is_error);
    tracing::debug!(target: TARGET, response_size = size, is_error, "answered");
}

#[cfg(feature = "rmcp")]
/// Records a call refused by the server before its handler ran (`error_type`: `server_busy`,
/// `middleware_refused`).
pub(crate) fn refused(span: &Span, error_type: &'static str) {
    span.record("mcp.error_type", error_type);
    tracing::debug!(target: TARGET, error_type, "refused");
}

/// The steps of one call as generated code goes through them: the arguments read (or refused),
/// the handler run. Records on the current span; times nothing when neither a span nor a debug
/// event is listened to.
#[derive(Debug)]
pub struct Steps {
    span: Span,
    /// When the current step started; `None` when nobody listens.
    since: Option<Instant>,
}

impl Steps {
    /// A call of the tool `tool` (its declared name) starts: its arguments are read next.
    pub fn start(tool: &'static str) -> Self {
        // No subscriber anywhere wants info (the call's span) or debug (the steps): one atomic
        // load settles it, without looking the current span up through the dispatcher.
        if !tracing::level_enabled!(Level::INFO) {
            return Self {
                span: Span::none(),
                since: None,
            };
        }
        let span = Span::current();
        let listened = !span.is_disabled() || tracing::level_enabled!(Level::DEBUG);
        if !listened {
            return Self { span, since: None };
        }
        if !span.is_disabled() {
            span.record("mcp.tool", tool);
            span.record("otel.name", format_args!("mcp.tool.{tool}"));
        }
        tracing::debug!(target: TARGET, tool, "reading arguments");
        Self {
            span,
            since: Some(Instant::now()),
        }
    }

    /// The arguments were refused with `response` (missing discriminator, unknown action or
    /// validation failed, told apart by the response's first bytes): recorded, then handed back.
    pub fn rejected(self, response: ToolResponse) -> ToolResponse {
        let Some(since) = self.since else {
            return response;
        };
        let micros = micros(since);
        let text = response.first_text().unwrap_or_default();
        let error_type = if text.starts_with("<tool_error code=\"MISSING_DISCRIMINATOR\"") {
            "missing_discriminator"
        } else if text.starts_with("<tool_error code=\"UNKNOWN_ACTION\"") {
            "unknown_action"
        } else {
            "validation_failed"
        };
        self.span.record("mcp.validation_us", micros);
        self.span.record("mcp.error_type", error_type);
        tracing::debug!(target: TARGET, error_type, validation_us = micros, "arguments refused");
        response
    }

    /// The arguments of `action` were read: the handler runs next.
    pub fn validated(&mut self, action: &'static str) {
        let Some(since) = self.since else {
            return;
        };
        let micros = micros(since);
        self.span.record("mcp.action", action);
        self.span.record("mcp.validation_us", micros);
        tracing::debug!(target: TARGET, action, validation_us = micros, "arguments valid");
        self.since = Some(Instant::now());
    }

    /// The arguments of `action` are valid, as `input`: the checks a server runs after
    /// validation (`rmcp::ValidatedMiddleware`, feature `rmcp`) see it now, before the handler. `Err`
    /// is a check's refusal, the call's answer: the handler must not run. `Ok` at once when
    /// the call has no checks (outside a server, or none registered). The checks' time counts
    /// in neither the validation's nor the handler's.
    pub async fn admit<T: std::any::Any + Send + Sync>(
        &mut self,
        action: &'static ActionInfo,
        input: &T,
    ) -> Result<(), ToolResponse> {
        #[cfg(feature = "rmcp")]
        if let Some(pending) = crate::rmcp::validated::Pending::take() {
            let verdict = pending.check(Some(action), input).await;
            if verdict.is_err() {
                refused(&self.span, "middleware_refused");
            }
            if self.since.is_some() {
                self.since = Some(Instant::now());
            }
            return verdict;
        }
        // Without the server (feature `rmcp`) no check can be registered.
        let _ = (action, input);
        Ok(())
    }

    /// The handler answered `result`: a handler error when it is a finished error response or a
    /// coded [`HandlerError`] (`NOT_FOUND`: status unset, the agent reads it and may recover), a
    /// system error when it failed with `INTERNAL_ERROR` (status `ERROR`, the failure's text as
    /// the status message), else a success (`OK`). The result is handed on with its error as
    /// the runtime reads it, a [`HandlerError`].
    // The result goes straight to the response writer, once per call, never up a `?` chain:
    // boxing the error would cost an allocation on every failing call for nothing.
    #[allow(clippy::result_large_err)]
    pub fn handled<T, E: Into<HandlerError>>(&self, result: Result<T, E>) -> Result<T, HandlerError>
    where
        Result<T, HandlerError>: Handled,
    {
        let result = result.map_err(Into::into);
        let Some(since) = self.since else {
            return result;
        };
        let micros = micros(since);
        self.span.record("mcp.handler_us", micros);
        match result.outcome() {
            Outcome::Success => {
                self.span.record("otel.status_code", "OK");
                tracing::debug!(target: TARGET, handler_us = micros, "handler answered");
            }
            Outcome::ToolError => {
                self.span.record("mcp.error_type", "handler_error");
                tracing::debug!(target: TARGET, handler_us = micros, "handler answered an error");
            }
            Outcome::Failed(error) => {
                self.span.record("mcp.error_type", "system_error");
                self.span.record("otel.status_code", "ERROR");
                self.span
                    .record("otel.status_message", tracing::field::display(error));
                tracing::debug!(target: TARGET, handler_us = micros, "handler failed");
            }
        }
        result
    }

    /// Runs `action` of a call whose arguments were read as `input`: records the validation,
    /// lets the server's checks after validation see the input ([`Steps::admit`]), runs
    /// `handler` with it and hands its recorded result ([`Steps::handled`]) to `present`.
    /// Generated dispatch is one call of this per action: the steps are type-checked once here
    /// rather than in every arm of every tool (9 s of `cargo check` on GitHub's 1,201 actions,
    /// docs/performance.md). A boxed input is unboxed by the caller: the future holds the
    /// input's size for the handler's future anyway.
    pub async fn run<T, R, E, Fut>(
        mut self,
        action: &'static ActionInfo,
        input: T,
        handler: impl FnOnce(T) -> Fut,
        present: impl FnOnce(Result<R, HandlerError>) -> ToolResponse,
    ) -> ToolResponse
    where
        T: std::any::Any + Send + Sync,
        Fut: std::future::Future<Output = Result<R, E>>,
        E: Into<HandlerError>,
        Result<R, HandlerError>: Handled,
    {
        self.validated(action.name);
        if let Err(response) = self.admit(action, &input).await {
            return response;
        }
        let result = handler(input).await;
        present(self.handled(result))
    }
}

fn micros(since: Instant) -> u64 {
    u64::try_from(since.elapsed().as_micros()).unwrap_or(u64::MAX)
}

/// How a handler's result ends a call, for its span.
pub enum Outcome<'a> {
    /// Data, or a response that is not an error.
    Success,
    /// A finished error response (`isError: true`) the handler chose to send.
    ToolError,
    /// The handler failed on the server's side (an `Err` that is `INTERNAL_ERROR`), with its
    /// message.
    Failed(&'a str),
}

impl std::fmt::Debug for Outcome<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Success => f.write_str("Success"),
            Outcome::ToolError => f.write_str("ToolError"),
            Outcome::Failed(error) => write!(f, "Failed({error})"),
        }
    }
}

/// A handler's result, as [`Steps::handled`] classes it.
pub trait Handled {
    /// How this result ends the call.
    fn outcome(&self) -> Outcome<'_>;
}

impl<T> Handled for Result<Reply<T>, HandlerError> {
    fn outcome(&self) -> Outcome<'_> {
        match self {
            Ok(Reply::Response(response)) => response_outcome(response),
            Ok(_) => Outcome::Success,
            Err(error) => error_outcome(error),
        }
    }
}

impl Handled for Result<ToolResponse, HandlerError> {
    fn outcome(&self) -> Outcome<'_> {
        match self {
            Ok(response) => response_outcome(response),
            Err(error) => error_outcome(error),
        }
    }
}

/// A handler's `Err`: a coded error (`NOT_FOUND`, `CONFLICT`) is an answer about what the agent
/// asked; only `INTERNAL_ERROR` is the server failing.
fn error_outcome(error: &HandlerError) -> Outcome<'_> {
    if error.code() == "INTERNAL_ERROR" {
        Outcome::Failed(error.message())
    } else {
        Outcome::ToolError
    }
}

fn response_outcome(response: &ToolResponse) -> Outcome<'static> {
    if response.is_error() == Some(true) {
        Outcome::ToolError
    } else {
        Outcome::Success
    }
}
