//! Paged API lists (issue 27): how an operation's pages are addressed, what its response says
//! about the next one, and the suggestion that tells the agent how to get it.
//!
//! The generator describes a paging operation as a static [`Paging`]; the HTTP client
//! (`http_client`, feature `openapi`) asks for at most the presenter's agent limit when the API takes a
//! page size and the agent gave none, and hands the page back as [`crate::Reply::More`] with what
//! the API said ([`More`]). Presenting it adds one entry to `<action_suggestions>` (wire format
//! §5) naming the same tool and action with the arguments of the next page, or, when the agent
//! limit cut the page, the arguments that fetch the items it hid. Nothing is silently dropped:
//! the agent is told either how to continue or that the hidden items cannot be reached.

// Reading what an API's response says about the next page is the OpenAPI client's part.
#[cfg(feature = "openapi")]
mod response;
#[cfg(all(test, feature = "openapi"))]
mod tests;

mod describe;

#[cfg(feature = "openapi")]
pub use response::next_link;

pub use describe::{NextFrom, PageStyle, Paging};

use serde_json::{Map, Value};

use crate::builder::ResponseBuilder;

/// The agent limit of a generated presenter (`None` without one): the page size the
/// generated HTTP handler asks for when the agent gives none.
pub fn agent_limit<D: crate::Declared + ?Sized>(_presenter: &D) -> Option<usize> {
    D::LIMIT
}

/// A generated handler's answer for an action exposed as a tool of its own named `name`
/// (flat exposition): its next-page suggestion names that tool ([`More::flat`]).
pub fn flat<T>(reply: crate::Reply<T>, name: &'static str) -> crate::Reply<T> {
    match reply {
        crate::Reply::More(data, more) => crate::Reply::More(data, more.flat(name)),
        other => other,
    }
}

/// What the API said about the page after this one.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Signal {
    /// Decide by counting the items ([`NextFrom::FullPage`]).
    // Said only by an API's response (`response.rs`, with the OpenAPI client).
    #[cfg_attr(not(feature = "openapi"), allow(dead_code))]
    Count,
    /// These arguments fetch the next page.
    Next(Vec<(String, Value)>),
    /// The API says more follows but its next address uses arguments the tool does not take.
    #[cfg_attr(not(feature = "openapi"), allow(dead_code))]
    Unreachable,
    /// This was the last page.
    End,
}

/// A page of an API list and how to get the next one: what [`crate::Reply::More`] carries.
#[derive(Debug, Clone, PartialEq)]
pub struct More {
    paging: Paging,
    /// The action's own tool name under flat exposition, which the suggestion names instead of
    /// the tool and its `action` argument.
    flat: Option<&'static str>,
    /// The arguments the page was asked with (the default size included), nulls left out.
    args: Map<String, Value>,
    signal: Signal,
}

impl More {
    /// A page a hand-written handler read itself, from a source that hands out a cursor for the
    /// next one (a database's keyset, another API's token): the agent is told to call the same
    /// action with `args` (the call's arguments, the generated input struct) and `param` set to
    /// `next`, the same `<action_suggestions>` line a bound operation's next page gets. `next`
    /// `None` or empty means the last page, and no suggestion. Return it as
    /// `Reply::More(items, more)`.
    ///
    /// ```
    /// use fusion_runtime::paging::More;
    ///
    /// #[derive(serde::Serialize)]
    /// struct LoansListInput { overdue: Option<bool>, cursor: Option<String> }
    ///
    /// let args = LoansListInput { overdue: Some(true), cursor: None };
    /// let more = More::cursor("cursor", &args, Some("L-5"));
    /// let mut builder = fusion_runtime::ResponseBuilder::new("[]".to_owned());
    /// more.suggest(&mut builder, "loans", "list", Some(2), None);
    /// assert!(builder.build().texts()[1].contains(
    ///     r#"More results: {"action":"list","overdue":true,"cursor":"L-5"}"#
    /// ));
    /// // The last page: no suggestion.
    /// let mut builder = fusion_runtime::ResponseBuilder::new("[]".to_owned());
    /// More::cursor("cursor", &args, None).suggest(&mut builder, "loans", "list", Some(2), None);
    /// assert_eq!(builder.build().texts().len(), 1);
    /// ```
    pub fn cursor<A: serde::Serialize + ?Sized>(
        param: &'static str,
        args: &A,
        next: Option<&str>,
    ) -> More {
        // The generated input structs serialize as their wire arguments; anything else that is
        // not an object has no arguments to carry over.
        let args = match serde_json::to_value(args) {
            Ok(Value::Object(args)) => args,
            _ => Map::new(),
        };
        let signal = match next.filter(|next| !next.is_empty()) {
            Some(next) => Signal::Next(vec![(param.to_owned(), Value::String(next.to_owned()))]),
            None => Signal::End,
        };
        More {
            paging: Paging {
                style: PageStyle::Cursor { param },
                size: None,
                default_size: None,
                max_size: None,
                // Unused: the handler said where the next page is.
                next: NextFrom::FullPage,
            },
            flat: None,
            args: args.into_iter().filter(|(_, v)| !v.is_null()).collect(),
            signal,
        }
    }

    /// The same page of an action exposed as a tool of its own (flat exposition), named
    /// `name`: the suggestion names that tool, without an `action` argument.
    #[must_use]
    pub fn flat(mut self, name: &'static str) -> More {
        self.flat = Some(name);
        self
    }

    /// An integer argument as sent, if it is one.
    fn number(&self, key: &str) -> Option<u64> {
        match self.args.get(key)? {
            Value::Number(n) => n.as_u64(),
            Value::String(s) => s.trim().parse().ok(),
            _ => None,
        }
    }

    /// The page size the page was asked with, or the API's default.
    fn asked_size(&self) -> Option<u64> {
        self.paging
            .size
            .and_then(|size| self.number(size))
            .or(self.paging.default_size)
    }

    /// The arguments of the next page, when there is one: `returned` is the number of items
    /// the API answered with, when the data is a list.
    fn next_page(&self, returned: Option<usize>) -> Result<Option<Map<String, Value>>, ()> {
        let changes = match &self.signal {
            Signal::End => return Ok(None),
            Signal::Unreachable => return Err(()),
            Signal::Next(changes) => changes.clone(),
            Signal::Count => {
                let Some(returned) = returned else {
                    return Ok(None);
                };
                let returned = returned as u64;
                let full = self
                    .asked_size()
                    .map_or(returned > 0, |size| returned >= size && size > 0);
                if !full {
                    return Ok(None);
                }
                match self.paging.style {
                    PageStyle::Page { param, first } => {
                        let page = self.number(param).unwrap_or(first);
                        vec![(param.to_owned(), Value::from(page.saturating_add(1)))]
                    }
                    PageStyle::Offset { param } => {
                        let offset = self.number(param).unwrap_or(0);
                        vec![(
                            param.to_owned(),
                            Value::from(offset.saturating_add(returned)),
                        )]
                    }
                    // A cursor or a Link page is never counted: nothing says where it goes on.
                    PageStyle::Cursor { .. } | PageStyle::Link => return Ok(None),
                }
            }
        };
        let mut next = self.args.clone();
        for (key, value) in changes {
            next.insert(key, value);
        }
        Ok(Some(next))
    }

    /// The arguments that fetch the items the agent limit hid (`shown` of `returned`), when the
    /// API takes a page size: the next items in pages of at most `shown`.
    fn rest(&self, shown: usize) -> Option<Map<String, Value>> {
        let size = self.paging.size?;
        let shown_u = shown as u64;
        let mut rest = self.args.clone();
        match self.paging.style {
            PageStyle::Offset { param } => {
                let offset = self.number(param).unwrap_or(0);
                rest.insert(
                    param.to_owned(),
                    Value::from(offset.saturating_add(shown_u)),
                );
                rest.insert(size.to_owned(), Value::from(shown_u));
            }
            PageStyle::Page { param, first } => {
                // The first hidden item's index, then the largest page size up to `shown` whose
                // pages start exactly there.
                let asked = self.asked_size()?;
                let page = self.number(param).unwrap_or(first);
                let start = page
                    .checked_sub(first)?
                    .checked_mul(asked)?
                    .checked_add(shown_u)?;
                let size_then = (1..=shown_u).rev().find(|d| start % d == 0)?;
                rest.insert(
                    param.to_owned(),
                    Value::from((start / size_then).checked_add(first)?),
                );
                rest.insert(size.to_owned(), Value::from(size_then));
            }
            // A cursor cannot point inside a page: the same page again, no larger than what the
            // agent is shown, comes with a cursor right after it.
            PageStyle::Cursor { .. } | PageStyle::Link => {
                rest.insert(size.to_owned(), Value::from(shown_u));
            }
        }
        Some(rest)
    }

    /// Adds the next-page suggestion to `builder`: `returned` items came from the API (`None`
    /// when the data is not a list) and the presenter's agent `limit` shows at most so many.
    pub fn suggest(
        &self,
        builder: &mut ResponseBuilder,
        tool: &str,
        action: &str,
        returned: Option<usize>,
        limit: Option<usize>,
    ) {
        let (tool, action) = match self.flat {
            Some(name) => (name, None),
            None => (tool, Some(action)),
        };
        let cut = match (returned, limit) {
            (Some(returned), Some(limit)) if returned > limit => Some((limit, returned)),
            _ => None,
        };
        let next = self.next_page(returned);
        let mut reason = String::new();
        if let Some((shown, returned)) = cut {
            let hidden = returned - shown;
            match self.rest(shown) {
                Some(rest) => {
                    let again = matches!(
                        self.paging.style,
                        PageStyle::Cursor { .. } | PageStyle::Link
                    );
                    reason.push_str(&format!(
                        "The agent limit showed {shown} of the {returned} items of this page. {}: {}",
                        if again {
                            format!("To reach the {hidden} hidden ones, ask for this page again in pages of {shown}, then follow its next page")
                        } else {
                            format!("The {hidden} hidden ones and what follows")
                        },
                        call(action, &rest)
                    ));
                    builder.suggest(tool.to_owned(), reason);
                    return;
                }
                None => reason.push_str(&format!(
                    "The agent limit showed {shown} of the {returned} items of this page; the API takes no page size, so the {hidden} hidden ones cannot be fetched: narrow the filters to see them. "
                )),
            }
        }
        match next {
            Ok(Some(next)) => reason.push_str(&format!("More results: {}", call(action, &next))),
            Ok(None) if cut.is_some() => reason.push_str("This was the last page."),
            Ok(None) => return,
            Err(()) => reason.push_str(
                "The API has more results, but its next page's address uses arguments this tool does not take.",
            ),
        }
        builder.suggest(tool.to_owned(), reason);
    }
}

/// `{"action":"list","page":3}`: the call, as JSON the agent can send as it is, with every
/// character that could mean something in a response block (`<`, `>`, `&`, anything not
/// printable ASCII) written as a `\u` escape, so the text is safe where it lands and exact when
/// read as JSON.
fn call(action: Option<&str>, args: &Map<String, Value>) -> String {
    let mut out = String::from("{");
    if let Some(action) = action {
        out.push_str("\"action\":");
        push_json_string(&mut out, action);
    }
    for (key, value) in args {
        if key == "action" {
            continue;
        }
        if out.len() > 1 {
            out.push(',');
        }
        push_json_string(&mut out, key);
        out.push(':');
        push_json(&mut out, value);
    }
    out.push('}');
    out
}

fn push_json(out: &mut String, value: &Value) {
    match value {
        Value::String(text) => push_json_string(out, text),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_json(out, item);
            }
            out.push(']');
        }
        Value::Object(members) => {
            out.push('{');
            for (i, (key, item)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_json_string(out, key);
                out.push(':');
                push_json(out, item);
            }
            out.push('}');
        }
        other => out.push_str(&other.to_string()),
    }
}

fn push_json_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            ' '..='~' if !matches!(c, '<' | '>' | '&') => out.push(c),
            _ => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{unit:04x}"));
                }
            }
        }
    }
    out.push('"');
}
