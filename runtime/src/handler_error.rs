//! What a handler answers when an action fails: [`HandlerError`], one constructor per wire
//! format §12 code, so that `Err(HandlerError::not_found(…))` is all a not-found takes.
//!
//! A generated handler trait's `Error` is any type that converts into [`HandlerError`]; every
//! [`Display`] type does, as an internal error, so `type Error = String` (and `?` on any error
//! that prints) keeps working.

use std::borrow::Cow;
use std::fmt::Display;

use crate::error::{Severity, ToolErrorOptions, internal_error_with, tool_error};
use crate::response::ToolResponse;

/// What a plain (not transient) handler failure tells the agent: the call failed on the server's
/// side, and the same call would fail the same way. Deviation (wire format §12): upstream invites
/// an identical retry after every handler failure.
pub const INTERNAL_RECOVERY: &str = "The server failed to carry out this call. Do not retry it unchanged: tell the user what failed, or use another action.";

/// Upstream's recovery after a handler failure, kept for failures marked
/// [`HandlerError::transient`].
pub const TRANSIENT_RECOVERY: &str =
    "This may be a transient error. Retry the same call with identical parameters.";

/// A handler's failure, answered as a `<tool_error>` (wire format §12).
///
/// Each constructor names one code; the builder methods add the optional parts
/// (`<recovery>`, `<available_actions>`, `<details>`, `<retry_after>`, `severity`). A
/// [`Display`] error converts into [`HandlerError::internal`], so `?` works in a handler whose
/// `Error` is `HandlerError`.
///
/// ```
/// use fusion_runtime::HandlerError;
///
/// let error = HandlerError::not_found("Loan \"L-9\" does not exist.")
///     .recovery("Call loans with action `list` to see the ids.");
/// let text = error.response("loans", "get").texts()[0].clone();
/// assert_eq!(
///     text,
///     "<tool_error code=\"NOT_FOUND\" severity=\"error\">\n\
///      <message>Loan \"L-9\" does not exist.</message>\n\
///      <recovery>Call loans with action `list` to see the ids.</recovery>\n\
///      </tool_error>"
/// );
/// ```
///
/// It does not implement [`Display`] itself: that is what lets every [`Display`] type convert
/// into it (as `anyhow::Error` does with `std::error::Error`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandlerError {
    kind: Kind,
    options: ToolErrorOptions,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Kind {
    /// `<tool_error code="…" severity="…">` with the handler's own message.
    Coded(Cow<'static, str>),
    /// `INTERNAL_ERROR` with `[tool/action] message`, as upstream writes a handler's throw.
    Internal { transient: bool },
}

impl HandlerError {
    /// An error with the code `code` (upstream's `ErrorCode`s are the constructors below; any
    /// other is written as given) and `message`.
    pub fn with_code(code: impl Into<Cow<'static, str>>, message: impl Into<String>) -> Self {
        Self {
            kind: Kind::Coded(code.into()),
            options: ToolErrorOptions::new(message),
        }
    }

    /// `NOT_FOUND`: what the call names does not exist.
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::with_code("NOT_FOUND", message)
    }

    /// `VALIDATION_ERROR`: an argument the schema accepted is wrong for this call (an end date
    /// before the start). The schema's own checks answer `<validation_error>` before the handler.
    pub fn invalid_argument(message: impl Into<String>) -> Self {
        Self::with_code("VALIDATION_ERROR", message)
    }

    /// `CONFLICT`: the call contradicts the current state (renewing a returned loan).
    pub fn conflict(message: impl Into<String>) -> Self {
        Self::with_code("CONFLICT", message)
    }

    /// `UNAUTHORIZED`: the caller is not who may do this.
    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::with_code("UNAUTHORIZED", message)
    }

    /// `FORBIDDEN`: the caller is known and not allowed.
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::with_code("FORBIDDEN", message)
    }

    /// `AUTH_REQUIRED`: the caller must sign in first.
    pub fn auth_required(message: impl Into<String>) -> Self {
        Self::with_code("AUTH_REQUIRED", message)
    }

    /// `RATE_LIMITED`, with `<retry_after>` when `retry_after_seconds` is more than zero.
    pub fn rate_limited(message: impl Into<String>, retry_after_seconds: u32) -> Self {
        Self::with_code("RATE_LIMITED", message).retry_after(retry_after_seconds)
    }

    /// `TIMEOUT`: the work did not finish in time.
    pub fn timeout(message: impl Into<String>) -> Self {
        Self::with_code("TIMEOUT", message)
    }

    /// `SERVER_BUSY`: the server cannot take the call now.
    pub fn server_busy(message: impl Into<String>) -> Self {
        Self::with_code("SERVER_BUSY", message)
    }

    /// `DEPRECATED`: the action is going away; say what replaces it with [`Self::recovery`].
    pub fn deprecated(message: impl Into<String>) -> Self {
        Self::with_code("DEPRECATED", message)
    }

    /// `INTERNAL_ERROR` with the message `[tool/action] message` and [`INTERNAL_RECOVERY`], which
    /// does not invite the agent to repeat the call. What a plain `Err` of a [`Display`] type
    /// becomes.
    pub fn internal(message: impl Into<String>) -> Self {
        Self {
            kind: Kind::Internal { transient: false },
            options: ToolErrorOptions::new(message),
        }
    }

    /// [`Self::internal`] for a failure that may pass by itself (a dropped connection): its
    /// recovery is upstream's [`TRANSIENT_RECOVERY`], the bytes upstream writes for every
    /// handler failure.
    pub fn transient(message: impl Into<String>) -> Self {
        Self {
            kind: Kind::Internal { transient: true },
            options: ToolErrorOptions::new(message),
        }
    }

    /// `<recovery>`: what the agent should do instead. Replaces an internal error's default.
    #[must_use]
    pub fn recovery(mut self, text: impl Into<String>) -> Self {
        self.options.suggestion = Some(text.into());
        self
    }

    /// Adds an `<action>` line to `<available_actions>`.
    #[must_use]
    pub fn available_action(mut self, action: impl Into<String>) -> Self {
        self.options.available_actions.push(action.into());
        self
    }

    /// Adds a `<detail key="…">` line to `<details>`.
    #[must_use]
    pub fn detail(mut self, key: impl Into<String>, value: impl Into<String>) -> Self {
        self.options.details.push((key.into(), value.into()));
        self
    }

    /// `<retry_after>N seconds</retry_after>` (none for zero).
    #[must_use]
    pub fn retry_after(mut self, seconds: u32) -> Self {
        self.options.retry_after = Some(seconds);
        self
    }

    /// The `severity` attribute; [`Severity::Warning`] answers `isError: false`.
    #[must_use]
    pub fn severity(mut self, severity: Severity) -> Self {
        self.options.severity = severity;
        self
    }

    /// The code written on the wire.
    pub fn code(&self) -> &str {
        match &self.kind {
            Kind::Coded(code) => code,
            Kind::Internal { .. } => "INTERNAL_ERROR",
        }
    }

    /// The message, as the handler gave it.
    pub fn message(&self) -> &str {
        &self.options.message
    }

    /// The response of `tool`'s `action` failing with this error.
    pub fn response(self, tool: &str, action: &str) -> ToolResponse {
        match self.kind {
            Kind::Coded(code) => tool_error(&code, self.options),
            Kind::Internal { transient } => {
                let mut options = self.options;
                let message = std::mem::take(&mut options.message);
                if options.suggestion.is_none() {
                    let recovery = if transient {
                        TRANSIENT_RECOVERY
                    } else {
                        INTERNAL_RECOVERY
                    };
                    options.suggestion = Some(recovery.to_owned());
                }
                internal_error_with(tool, action, &message, &options)
            }
        }
    }
}

/// Any error that prints is an internal error: its text is the message.
impl<E: Display> From<E> for HandlerError {
    fn from(error: E) -> Self {
        Self::internal(error.to_string())
    }
}

/// What a generated tool calls with a handler's `Err`: converts it and writes the response.
pub fn handler_failure<E: Into<HandlerError>>(error: E, tool: &str, action: &str) -> ToolResponse {
    error.into().response(tool, action)
}
