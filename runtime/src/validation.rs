//! Argument errors (wire format §12): the `<validation_error>` envelope.
//!
//! A [`FieldIssue`] is assembled from parts (message, what was sent, a hint) so that the input
//! validator, whichever it is, only has to say what went wrong; the wording lives here.

use std::fmt::Write as _;

use serde_json::{Map, Value};

use crate::echo::{
    MAX_ISSUES, push_capped, push_compact_object_prefix, push_compact_prefix, push_more,
};
use crate::error::push_element;
use crate::escape::{push_attr, push_echo, push_echo_attr};
use crate::number;
use crate::response::ToolResponse;

/// Strings longer than this many UTF-16 code units (JavaScript's `length`) are cut in `You sent:`;
/// an object's JSON is cut to this many.
const SENT_MAX_UNITS: usize = 50;
/// How many UTF-16 code units of a cut string are kept, before `...`.
const SENT_KEPT_UNITS: usize = 47;

/// What to tell the agent about a field, after the message and what it sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// `Expected type: T.`
    ExpectedType(String),
    /// `Valid options: 'a', 'b'.`
    ValidOptions(Vec<String>),
    /// `Remove or correct unrecognized fields: 'x', 'y'. Check for typos.`; past
    /// [`crate::echo::MAX_LISTED`] names, the first ones and `and K more`.
    UnrecognizedFields(Vec<String>),
    /// Any other sentence, verbatim.
    Other(String),
}

impl Hint {
    fn write_to(&self, out: &mut String) {
        match self {
            Hint::ExpectedType(ty) => {
                out.push_str("Expected type: ");
                out.push_str(ty);
                out.push('.');
            }
            Hint::ValidOptions(options) => {
                out.push_str("Valid options: ");
                push_quoted_list(out, options);
                out.push('.');
            }
            Hint::UnrecognizedFields(fields) => {
                out.push_str("Remove or correct unrecognized fields: ");
                // The caller's own names: as many as it likes, so capped (each is cut already).
                push_capped(out, fields, ", ", |out, field| push_quoted(out, field));
                out.push_str(". Check for typos.");
            }
            Hint::Other(text) => out.push_str(text),
        }
    }
}

/// One problem with one field: `<field name="path">DETAIL</field>`.
///
/// What was sent is rendered when the issue is made (bounded to a short excerpt), so an issue
/// never holds a copy of the caller's value, however large or deep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldIssue {
    /// The dotted path of the field; `(root)` for the arguments object itself.
    pub path: String,
    /// What is wrong, as a sentence.
    pub message: String,
    /// The message to write instead when an earlier issue of a capped envelope (more than
    /// [`MAX_ISSUES`] issues) already listed the same valid options; `None` keeps `message`.
    pub repeat_message: Option<String>,
    /// What the agent sent, rendered for `You sent:` (`(missing)` for a missing value); `None`
    /// leaves `You sent:` out.
    pub sent: Option<String>,
    /// What to do about it.
    pub hint: Option<Hint>,
    /// A refinement that lets zod go on checking (`continue: true`: the bounds `.min()`,
    /// `.max()`, `.regex()`, …), as opposed to a refusal that aborts (a wrong type, a missing or
    /// unknown key). A union whose branches all fail reports the one branch that failed only on
    /// refinements, as zod does, and `Invalid input` otherwise.
    pub continues: bool,
}

impl FieldIssue {
    /// An issue with only a message; add the parts with [`FieldIssue::sent`] and [`FieldIssue::hint`].
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
            repeat_message: None,
            sent: None,
            hint: None,
            continues: false,
        }
    }

    /// Marks the issue as a refinement zod goes on after (see [`FieldIssue::continues`]).
    #[must_use]
    pub fn continuing(mut self) -> Self {
        self.continues = true;
        self
    }

    /// Records what was sent; `None` renders `(missing)`.
    #[must_use]
    pub fn sent(mut self, value: Option<&Value>) -> Self {
        let mut out = String::new();
        write_sent(&mut out, value);
        self.sent = Some(out);
        self
    }

    /// Records an object that was sent, as [`FieldIssue::sent`] does, for a caller that holds
    /// the object as a map (no copy of it is made).
    #[must_use]
    pub fn sent_object(mut self, map: &Map<String, Value>) -> Self {
        let mut json = String::new();
        push_compact_object_prefix(&mut json, map, SENT_MAX_UNITS);
        self.sent = Some(utf16_prefix(&json, SENT_MAX_UNITS).to_owned());
        self
    }

    /// Records the hint.
    #[must_use]
    pub fn hint(mut self, hint: Hint) -> Self {
        self.hint = Some(hint);
        self
    }

    /// Records the message for a repeat (see [`FieldIssue::repeat_message`]).
    #[must_use]
    pub fn repeat_message(mut self, message: impl Into<String>) -> Self {
        self.repeat_message = Some(message.into());
        self
    }

    /// DETAIL: the message, then ` You sent: X.`, then ` ` and the hint, each when present.
    pub fn detail(&self) -> String {
        let mut out = String::new();
        self.write_detail(&mut out, false);
        out
    }

    /// DETAIL; for a `repeat`, the repeat message and `Valid options: as above.`
    fn write_detail(&self, out: &mut String, repeat: bool) {
        match (&self.repeat_message, repeat) {
            (Some(message), true) => out.push_str(message),
            _ => out.push_str(&self.message),
        }
        if let Some(sent) = &self.sent {
            out.push_str(" You sent: ");
            out.push_str(sent);
            out.push('.');
        }
        match &self.hint {
            Some(Hint::ValidOptions(_)) if repeat => out.push_str(" Valid options: as above."),
            Some(hint) => {
                out.push(' ');
                hint.write_to(out);
            }
            None => {}
        }
    }
}

/// The `<validation_error>` envelope for `action` (written `tool/action`), `isError: true`.
///
/// At most [`MAX_ISSUES`] issues are listed, then `<more>and K more issues</more>`; in such a
/// capped envelope an issue whose valid options an earlier listed issue already gave says
/// `as above` instead of listing them again. Below the cap every issue is written in full, as
/// upstream writes it.
pub fn validation_error(action: &str, issues: &[FieldIssue]) -> ToolResponse {
    let listed = &issues[..issues.len().min(MAX_ISSUES)];
    let capped = issues.len() > MAX_ISSUES;
    let mut out = String::with_capacity(160 + 96 * listed.len());
    out.push_str("<validation_error action=\"");
    push_attr(&mut out, action);
    out.push_str("\">\n");
    let mut detail = String::new();
    for (index, issue) in listed.iter().enumerate() {
        let repeat = capped
            && matches!(issue.hint, Some(Hint::ValidOptions(_)))
            && listed[..index]
                .iter()
                .any(|earlier| earlier.hint == issue.hint);
        // The path may hold the caller's map keys and the detail its values: echoes, kept on
        // their line whatever built the issue.
        out.push_str("<field name=\"");
        push_echo_attr(&mut out, &issue.path);
        out.push_str("\">");
        detail.clear();
        issue.write_detail(&mut detail, repeat);
        push_echo(&mut out, &detail);
        out.push_str("</field>\n");
    }
    if capped {
        let mut more = String::new();
        push_more(&mut more, issues.len() - MAX_ISSUES);
        more.push_str(" issues");
        push_element(&mut out, "more", &more);
    }
    push_element(
        &mut out,
        "recovery",
        "Fix the fields above and call the tool again. Do not explain the error.",
    );
    out.push_str("</validation_error>");
    ToolResponse::text(out).with_is_error(true)
}

/// What `You sent:` shows of `value` ([`write_sent`]), for an issue found outside the
/// generated validator (the HTTP client's checks of path and header values).
#[cfg(feature = "openapi")]
pub(crate) fn sent_text(value: &Value) -> String {
    let mut out = String::new();
    write_sent(&mut out, Some(value));
    out
}

/// Appends the `You sent:` rendering of a value, as upstream's `formatSentValue` does:
/// `(missing)`, `null`, `'text'` (cut to 47 UTF-16 units + `...` past 50), numbers as JavaScript
/// prints them, booleans, `array(n)`, and an object as its JSON cut to 50 UTF-16 units.
///
/// JavaScript cuts between UTF-16 units and may split a surrogate pair; a Rust string cannot hold
/// half a pair, so a character that straddles the cut is left out whole.
pub(crate) fn write_sent(out: &mut String, value: Option<&Value>) {
    match value {
        None => out.push_str("(missing)"),
        Some(Value::Null) => out.push_str("null"),
        Some(Value::Bool(b)) => out.push_str(if *b { "true" } else { "false" }),
        Some(Value::Number(n)) => {
            // The agent's JSON reached upstream as a JavaScript number, a double: print that.
            match n.as_f64() {
                Some(f) => number::write_f64(out, f),
                // Arbitrary-precision numbers are not enabled; keep whatever serde_json prints.
                None => {
                    let _ = write!(out, "{n}");
                }
            }
        }
        Some(Value::String(s)) => {
            out.push('\'');
            if utf16_len(s) > SENT_MAX_UNITS {
                out.push_str(utf16_prefix(s, SENT_KEPT_UNITS));
                out.push_str("...");
            } else {
                out.push_str(s);
            }
            out.push('\'');
        }
        Some(Value::Array(items)) => {
            out.push_str("array(");
            out.push_str(itoa::Buffer::new().format(items.len()));
            out.push(')');
        }
        Some(object @ Value::Object(_)) => {
            // Only the shown beginning is ever written: a huge or deep object costs no more.
            let mut json = String::new();
            push_compact_prefix(&mut json, object, SENT_MAX_UNITS);
            out.push_str(utf16_prefix(&json, SENT_MAX_UNITS));
        }
    }
}

fn utf16_len(s: &str) -> usize {
    s.chars().map(char::len_utf16).sum()
}

/// The longest prefix of `s` of at most `units` UTF-16 code units that ends on a character.
fn utf16_prefix(s: &str, units: usize) -> &str {
    let mut used = 0;
    for (index, c) in s.char_indices() {
        used += c.len_utf16();
        if used > units {
            return &s[..index];
        }
    }
    s
}

fn push_quoted_list(out: &mut String, items: &[String]) {
    for (index, item) in items.iter().enumerate() {
        if index > 0 {
            out.push_str(", ");
        }
        push_quoted(out, item);
    }
}

fn push_quoted(out: &mut String, item: &str) {
    out.push('\'');
    out.push_str(item);
    out.push('\'');
}
