//! What the agent reads when a call does not bring the API's data: each failure as a tool error
//! whose advice fits it. Only what may pass by itself (a connection that failed, a timeout, a
//! `502`–`504`, a rate limit) invites another try, with when; what will fail the same way again
//! (an argument the API refused, an answer that does not fit its description, a cap, refused
//! credentials, a redirect away from the API) says what to change or whom to tell.

use std::fmt;

use super::Operation;
use crate::ToolResponse;
use crate::error::{ToolErrorOptions, tool_error};
use crate::validation::{FieldIssue, Hint, validation_error};

/// Why a call failed before the API's answer could be read as data.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ApiError {
    /// An argument would make a request the operation does not declare (a path value `..`, a
    /// line break in a header): refused before anything is sent.
    Invalid {
        /// The argument.
        field: String,
        /// What is wrong, as a sentence.
        message: String,
        /// What was sent, as `You sent:` shows it.
        sent: Option<String>,
    },
    /// The configuration cannot make a client (a header name that is not one).
    Config(String),
    /// The TLS handshake failed (certificate refused, not TLS at all).
    Tls(String),
    /// No connection could be made (refused, unknown host, reset).
    Connect(String),
    /// No answer within the timeout.
    Timeout,
    /// The connection broke while the answer was read.
    Interrupted(String),
    /// Another failure of the transport.
    Transport(String),
    /// The API redirected to another origin, or redirected when redirects are off, or too
    /// often: not followed.
    Redirect {
        /// The HTTP status.
        status: u16,
        /// Where it pointed: an origin (`https://other.example`), never a path or a query.
        to: String,
    },
    /// The response was larger than [`super::ApiConfig::max_response_bytes`].
    TooLarge(usize),
    /// A 2xx response's body was not the JSON the description says.
    Body(String),
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::Invalid { field, message, .. } => {
                write!(f, "the argument `{field}` is refused: {message}")
            }
            ApiError::Config(why) => write!(f, "the API client cannot be configured: {why}"),
            ApiError::Tls(why) => write!(f, "the TLS connection to the API failed: {why}"),
            ApiError::Connect(why) => write!(f, "the API could not be reached: {why}"),
            ApiError::Timeout => f.write_str("the API did not answer in time"),
            ApiError::Interrupted(why) => {
                write!(f, "the connection broke while the API answered: {why}")
            }
            ApiError::Transport(why) => write!(f, "the API call failed: {why}"),
            ApiError::Redirect { status, to } => {
                write!(
                    f,
                    "the API redirected (HTTP {status}) to {to}, not followed"
                )
            }
            ApiError::TooLarge(cap) => write!(f, "the API's response is larger than {cap} bytes"),
            ApiError::Body(why) => {
                write!(
                    f,
                    "the API's response is not what its description says: {why}"
                )
            }
        }
    }
}

impl std::error::Error for ApiError {}

/// Advice for a failure that may pass by itself.
const TRANSIENT: &str = "This may be transient: retry the same call in a few seconds. If it fails again, tell the user the API cannot be reached.";
/// Advice after a timeout of a call that may have changed something.
const MAYBE_DONE: &str = "The API may have carried the request out before the time ran out: check with an action that reads the resource before you call this one again.";

impl ApiError {
    /// The tool error the agent reads for this failure of `operation`.
    pub fn response(&self, operation: &Operation) -> ToolResponse {
        let (code, message, advice) = match self {
            ApiError::Invalid {
                field,
                message,
                sent,
            } => {
                let mut issue = FieldIssue::new(field.clone(), message.clone());
                issue.sent = sent.clone();
                let issue = issue.hint(Hint::Other(
                    "Send the value the operation expects, not a path or header of your own."
                        .to_owned(),
                ));
                return validation_error(operation.action, &[issue]);
            }
            ApiError::Config(why) => (
                "API_CLIENT_ERROR",
                format!("The server's API client is misconfigured: {why}."),
                "Retrying will not help: tell the user the server's configuration must be fixed.",
            ),
            ApiError::Tls(why) => (
                "API_TLS_ERROR",
                format!("The TLS connection to the API failed: {why}."),
                "Retrying will not help: the API's address or certificate is refused. Tell the user the server's API address or trust settings must be fixed.",
            ),
            ApiError::Connect(why) => (
                "API_UNREACHABLE",
                format!("The API could not be reached: {why}."),
                TRANSIENT,
            ),
            ApiError::Timeout => (
                "API_TIMEOUT",
                "The API did not answer in time.".to_owned(),
                if is_idempotent(operation.method) {
                    TRANSIENT
                } else {
                    MAYBE_DONE
                },
            ),
            ApiError::Interrupted(why) => (
                "API_UNREACHABLE",
                format!("The connection broke while the API answered: {why}."),
                if is_idempotent(operation.method) {
                    TRANSIENT
                } else {
                    MAYBE_DONE
                },
            ),
            ApiError::Transport(why) => (
                "API_UNREACHABLE",
                format!("The API call failed: {why}."),
                TRANSIENT,
            ),
            ApiError::Redirect { status, to } => (
                "API_REDIRECT_REFUSED",
                format!(
                    "The API answered HTTP {status}, a redirect to {to}; it was not followed, so no credentials left the API."
                ),
                "Retrying will not help. Tell the user the API redirects this operation elsewhere: its base URL may have moved.",
            ),
            ApiError::TooLarge(cap) => {
                return too_large(operation, *cap);
            }
            ApiError::Body(why) => (
                "API_RESPONSE_INVALID",
                format!("The API's answer does not match its description: {why}."),
                "Retrying will not help: the API answers differently from its description. Tell the user; another action may give what you need.",
            ),
        };
        let mut options = ToolErrorOptions::new(message);
        options.suggestion = Some(advice.to_owned());
        tool_error(code, options)
    }
}

/// A response over the cap: ask for less, naming the operation's query parameters (its filters
/// and page size) when it has any.
fn too_large(operation: &Operation, cap: usize) -> ToolResponse {
    // The agent narrows the call with its arguments: their keys, which a reserved API name
    // (`action`) does not share.
    let query: Vec<&str> = operation.query_params().map(|param| param.arg).collect();
    let advice = if query.is_empty() {
        "Retrying will not help: this answer is too large to read. Tell the user.".to_owned()
    } else {
        format!(
            "Ask for less: narrow the call with {}.",
            query
                .iter()
                .map(|name| format!("'{name}'"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    let mut options =
        ToolErrorOptions::new(format!("The API's answer is larger than {cap} bytes."));
    options.suggestion = Some(advice);
    tool_error("API_RESPONSE_TOO_LARGE", options)
}

/// Whether a repeated request has the effect of one (RFC 9110 §9.2.2): the methods the client
/// may send again after a failure.
pub fn is_idempotent(method: &str) -> bool {
    matches!(
        method,
        "GET" | "HEAD" | "OPTIONS" | "PUT" | "DELETE" | "TRACE"
    )
}

/// What the API said about its rate limit on an answer that refused a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimit {
    /// When to call again, in seconds from now, when the API said.
    pub retry_after: Option<u32>,
}

/// The rate limit an answer reports: `429`, or `403` with the budget at zero or a `Retry-After`
/// (GitHub's secondary and primary limits). When to retry comes from `Retry-After` (seconds or
/// an HTTP date), else from the reset time (`x-ratelimit-reset`, epoch seconds, or the IETF
/// draft's `ratelimit-reset`, seconds from now). `header` reads a response header by its
/// lower-case name; `now` is the Unix time in seconds.
#[cfg(feature = "http-client")]
pub fn rate_limit<'a>(
    status: u16,
    header: impl Fn(&str) -> Option<&'a str>,
    now: u64,
) -> Option<RateLimit> {
    let retry_after = header("retry-after").and_then(|value| parse_retry_after(value, now));
    let exhausted = header("x-ratelimit-remaining").is_some_and(|left| left.trim() == "0");
    if status != 429 && !(status == 403 && (exhausted || retry_after.is_some())) {
        return None;
    }
    let reset = || {
        if let Some(at) = header("x-ratelimit-reset").and_then(|v| v.trim().parse::<u64>().ok()) {
            return Some(clamp_seconds(at.saturating_sub(now)));
        }
        header("ratelimit-reset")
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map(clamp_seconds)
    };
    Some(RateLimit {
        retry_after: retry_after.or_else(reset),
    })
}

/// `Retry-After`: delta-seconds or an HTTP date (RFC 9110 §10.2.3), as seconds from `now`.
#[cfg(feature = "http-client")]
pub(super) fn parse_retry_after(value: &str, now: u64) -> Option<u32> {
    let value = value.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(clamp_seconds(seconds));
    }
    let at = httpdate::parse_http_date(value).ok()?;
    let at = at.duration_since(std::time::UNIX_EPOCH).ok()?.as_secs();
    Some(clamp_seconds(at.saturating_sub(now)))
}

#[cfg(feature = "http-client")]
fn clamp_seconds(seconds: u64) -> u32 {
    u32::try_from(seconds).unwrap_or(u32::MAX)
}

/// `text` on one line and at most `max` bytes (cut at a character boundary, `…` marking the
/// cut): the API's text quoted in a tool error cannot start a line of its own there.
pub(super) fn one_line(text: &str, max: usize) -> String {
    let text: String = text
        .chars()
        .map(|c| {
            if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
                ' '
            } else {
                c
            }
        })
        .collect();
    let text = text.trim();
    if text.len() <= max {
        return text.to_owned();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// What to do after a non-2xx status.
fn status_advice(status: u16) -> &'static str {
    match status {
        400 | 422 => {
            "Change the arguments: the API refused them as sent (the message says why). Do not retry them unchanged."
        }
        401 => {
            "Retrying will not help: the server's credentials for the API are missing or refused. Tell the user."
        }
        403 => {
            "Retrying will not help: the server's credentials do not allow this. Tell the user, or choose another action."
        }
        404 | 410 => {
            "Check the identifiers you sent: the API has no such resource, or does not show it to this server."
        }
        409 | 412 => "The resource changed or is in another state: read it again, then decide.",
        408 | 500 | 502..=504 => {
            "The API failed on its side; this may be transient: retry the same call in a few seconds."
        }
        405..=499 => "Change the request: the API refused it as sent (the message says why).",
        _ => "Retrying will likely not help. Tell the user the API failed on this call.",
    }
}

/// The tool error of a non-2xx status: `RATE_LIMITED` with when to retry for a rate limit
/// ([`rate_limit`]), else `API_ERROR`; the status, a bounded excerpt of the body (escaped for
/// the block it lands in by [`crate::error`]) and advice that fits the status.
pub fn status_error(
    status: u16,
    reason: &str,
    body: &[u8],
    max: usize,
    limit: Option<RateLimit>,
) -> ToolResponse {
    let text = one_line(&String::from_utf8_lossy(body), max);
    let separator = if text.is_empty() { "" } else { ": " };
    let mut options = ToolErrorOptions::new(format!(
        "The API answered HTTP {status} {reason}{separator}{text}"
    ));
    let code = match limit {
        Some(limit) => {
            options.retry_after = limit.retry_after;
            options.suggestion = Some(match limit.retry_after {
                Some(seconds) if seconds > 0 => format!(
                    "The API's rate limit is reached: wait {seconds} seconds before calling it again, and make fewer calls."
                ),
                _ => "The API's rate limit is reached: wait before calling it again, and make fewer calls.".to_owned(),
            });
            "RATE_LIMITED"
        }
        None => {
            options.suggestion = Some(status_advice(status).to_owned());
            "API_ERROR"
        }
    };
    tool_error(code, options)
}
