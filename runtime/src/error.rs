//! Error responses (wire format §12): `<tool_error>` envelopes, all "same" as upstream.
//!
//! Texts go through [`crate::escape::xml`] (`&`, `<`) and attribute values through [`crate::escape::attr`]
//! (all five), exactly where upstream applies them; argument errors are in [`crate::validation`].

use crate::escape::{push_attr, push_xml};
use crate::response::ToolResponse;

/// How bad a [`tool_error`] is. `Warning` is the one severity that is not an error on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Severity {
    /// `severity="warning"`, `isError: false`.
    Warning,
    /// `severity="error"`, `isError: true`. The default.
    #[default]
    Error,
    /// `severity="critical"`, `isError: true`.
    Critical,
}

impl Severity {
    /// The attribute value as written on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
            Severity::Critical => "critical",
        }
    }
}

/// The parts of a [`tool_error`]; each optional part is emitted only when non-empty.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ToolErrorOptions {
    /// `<message>`.
    pub message: String,
    /// `<recovery>`: what the agent should do instead.
    pub suggestion: Option<String>,
    /// `<available_actions>`, one indented `<action>` line each.
    pub available_actions: Vec<String>,
    /// The `severity` attribute and, through it, `isError`.
    pub severity: Severity,
    /// `<details>`, one `<detail key="K">V</detail>` line each, in this order.
    pub details: Vec<(String, String)>,
    /// `<retry_after>N seconds</retry_after>`, only when greater than zero.
    pub retry_after: Option<u32>,
}

impl ToolErrorOptions {
    /// Options with this message and everything else absent.
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            ..Self::default()
        }
    }
}

/// `<tool_error code="C">⏎<message>M</message>⏎</tool_error>`; no `code` attribute when `None`.
pub fn error(message: &str, code: Option<&str>) -> ToolResponse {
    let mut out = open_tool_error(code);
    push_element(&mut out, "message", message);
    close_tool_error(out)
}

/// The missing-required-field error for `field`.
pub fn required(field: &str) -> ToolResponse {
    let mut out = open_tool_error(Some("MISSING_REQUIRED_FIELD"));
    push_element(
        &mut out,
        "message",
        &format!("Required field \"{field}\" is missing."),
    );
    push_element(
        &mut out,
        "recovery",
        &format!("Provide the \"{field}\" parameter and retry."),
    );
    close_tool_error(out)
}

/// A structured error with recovery hints; `isError` is `false` for [`Severity::Warning`] only.
pub fn tool_error(code: &str, options: ToolErrorOptions) -> ToolResponse {
    let mut out = String::with_capacity(128 + options.message.len());
    out.push_str("<tool_error code=\"");
    push_attr(&mut out, code);
    out.push_str("\" severity=\"");
    out.push_str(options.severity.as_str());
    out.push_str("\">\n");
    push_element(&mut out, "message", &options.message);
    if let Some(suggestion) = options.suggestion.as_deref().filter(|s| !s.is_empty()) {
        push_element(&mut out, "recovery", suggestion);
    }
    if !options.available_actions.is_empty() {
        out.push_str("<available_actions>\n");
        for action in &options.available_actions {
            out.push_str("  ");
            push_element(&mut out, "action", action);
        }
        out.push_str("</available_actions>\n");
    }
    if !options.details.is_empty() {
        out.push_str("<details>\n");
        for (key, value) in &options.details {
            out.push_str("  <detail key=\"");
            push_attr(&mut out, key);
            out.push_str("\">");
            push_xml(&mut out, value);
            out.push_str("</detail>\n");
        }
        out.push_str("</details>\n");
    }
    if let Some(seconds) = options.retry_after.filter(|&seconds| seconds > 0) {
        out.push_str("<retry_after>");
        out.push_str(itoa::Buffer::new().format(seconds));
        out.push_str(" seconds</retry_after>\n");
    }
    out.push_str("</tool_error>");
    ToolResponse::text(out).with_is_error(options.severity != Severity::Warning)
}

/// The framework error for an `action` the tool does not have. The caller's name is cut to
/// [`crate::echo::ECHO_MAX_CHARS`] characters (wire format §12, Echoes).
pub fn unknown_action<A: AsRef<str>>(action: &str, available: &[A]) -> ToolResponse {
    framework_error(
        "UNKNOWN_ACTION",
        &format!(
            "The action \"{}\" does not exist.",
            crate::echo::cut(action)
        ),
        available,
        "Choose a valid action from available_actions and call the tool again.",
    )
}

/// The framework error for a call without the `action` discriminator.
pub fn missing_discriminator<A: AsRef<str>>(available: &[A]) -> ToolResponse {
    framework_error(
        "MISSING_DISCRIMINATOR",
        "The required field \"action\" is missing.",
        available,
        "Add the \"action\" field as a string and call the tool again.",
    )
}

/// A handler failure: `INTERNAL_ERROR` with the message `[tool/action] error_text`.
pub fn internal_error(tool: &str, action: &str, error_text: &str) -> ToolResponse {
    let mut options = ToolErrorOptions::new(format!("[{tool}/{action}] {error_text}"));
    options.suggestion = Some(
        "This may be a transient error. Retry the same call with identical parameters.".to_owned(),
    );
    tool_error("INTERNAL_ERROR", options)
}

/// Framework errors have no `severity` and list the actions on one comma-separated line, before
/// the recovery (unlike [`tool_error`]).
fn framework_error<A: AsRef<str>>(
    code: &str,
    message: &str,
    available: &[A],
    recovery: &str,
) -> ToolResponse {
    let mut out = open_tool_error(Some(code));
    push_element(&mut out, "message", message);
    out.push_str("<available_actions>");
    for (index, action) in available.iter().enumerate() {
        if index > 0 {
            out.push_str(", ");
        }
        push_xml(&mut out, action.as_ref());
    }
    out.push_str("</available_actions>\n");
    push_element(&mut out, "recovery", recovery);
    close_tool_error(out)
}

fn open_tool_error(code: Option<&str>) -> String {
    let mut out = String::with_capacity(128);
    out.push_str("<tool_error");
    if let Some(code) = code {
        out.push_str(" code=\"");
        push_attr(&mut out, code);
        out.push('"');
    }
    out.push_str(">\n");
    out
}

fn close_tool_error(mut out: String) -> ToolResponse {
    out.push_str("</tool_error>");
    ToolResponse::text(out).with_is_error(true)
}

/// `<tag>xml(text)</tag>⏎`.
pub(crate) fn push_element(out: &mut String, tag: &str, text: &str) {
    out.push('<');
    out.push_str(tag);
    out.push('>');
    push_xml(out, text);
    out.push_str("</");
    out.push_str(tag);
    out.push_str(">\n");
}
