//! Paged API lists (issue 27): how an operation's pages are addressed, what its response says
//! about the next one, and the suggestion that tells the agent how to get it.
//!
//! The generator describes a paging operation as a static [`Paging`]; the HTTP client
//! ([`crate::http_client`]) asks for at most the presenter's agent limit when the API takes a
//! page size and the agent gave none, and hands the page back as [`crate::Reply::More`] with what
//! the API said ([`More`]). Presenting it adds one entry to `<action_suggestions>` (wire format
//! §5) naming the same tool and action with the arguments of the next page, or, when the agent
//! limit cut the page, the arguments that fetch the items it hid. Nothing is silently dropped:
//! the agent is told either how to continue or that the hidden items cannot be reached.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::builder::ResponseBuilder;

/// How the pages of an operation are addressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageStyle {
    /// A page number (`page=3`), the first page being `first`.
    Page {
        /// The query parameter.
        param: &'static str,
        /// The number of the first page (0 or 1).
        first: u64,
    },
    /// The index of the first item (`offset=40`).
    Offset {
        /// The query parameter.
        param: &'static str,
    },
    /// An opaque token the API hands out for the next page (`cursor=...`).
    Cursor {
        /// The query parameter.
        param: &'static str,
    },
    /// Only the `Link` header's next URL says where the next page is: its query parameters
    /// that the operation takes are the next page's arguments.
    Link,
}

/// Where the API says that more follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NextFrom {
    /// A page as large as the page size asked for (with no size known, any non-empty page)
    /// may be followed by another.
    FullPage,
    /// A field of the response body, by path (`["meta", "next_cursor"]`), holds the next
    /// cursor, the next page's URL (whose query gives its arguments) or its number; absent,
    /// `null` or `""` means the last page.
    Body(&'static [&'static str]),
    /// An RFC 8288 `Link` response header with `rel="next"`.
    Link,
    /// Stripe's style: a boolean field of the body (`has_more`) says whether more follows, and
    /// the cursor of the next page is the `id` of the last item of the list field (`data`).
    LastItem {
        /// The boolean field.
        more: &'static str,
        /// The list field.
        list: &'static str,
        /// The field of an item that is its cursor.
        id: &'static str,
    },
}

/// How an operation pages, as generated from its OpenAPI description or the tool file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    /// How pages are addressed.
    pub style: PageStyle,
    /// The query parameter of the page size, when the API takes one.
    pub size: Option<&'static str>,
    /// The page size the API uses when none is sent (its schema's `default`).
    pub default_size: Option<u64>,
    /// The largest page size the API accepts (its schema's `maximum`).
    pub max_size: Option<u64>,
    /// Where the API says that more follows.
    pub next: NextFrom,
}

impl Paging {
    /// The page size to send when the agent gave none: the presenter's agent limit, within the
    /// API's maximum, so that the agent limit does not hide part of a page. `None` (the API's
    /// own default) without a size parameter or an agent limit.
    pub fn default_request_size(&self, limit: Option<usize>) -> Option<u64> {
        self.size?;
        let limit = u64::try_from(limit?).ok()?;
        Some(self.max_size.map_or(limit, |max| limit.min(max)).max(1))
    }
}

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
    Count,
    /// These arguments fetch the next page.
    Next(Vec<(String, Value)>),
    /// The API says more follows but its next address uses arguments the tool does not take.
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
    /// A page asked with `args` (the action's arguments as JSON), with what the response said:
    /// its body (for [`NextFrom::Body`]) and its `Link` header (for [`NextFrom::Link`]).
    /// `query` names the operation's query parameters: a `Link` URL's other parameters are
    /// not arguments of the tool.
    pub fn new(
        paging: Paging,
        args: &Map<String, Value>,
        body: &[u8],
        link: Option<&str>,
        query: &[&str],
    ) -> More {
        let args: Map<String, Value> = args
            .iter()
            .filter(|(_, v)| !v.is_null())
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let signal = match paging.next {
            NextFrom::FullPage => Signal::Count,
            NextFrom::Body(path) => match body_field(body, path) {
                // A URL (`"next": "https://api/x?page=3"`, Django REST framework's style): its
                // query gives the next page's arguments, as a `Link` header's does.
                Some(next) if looks_like_url(&next) => url_signal(&next, query, &args, &paging),
                Some(next) => match paging.style {
                    PageStyle::Cursor { param } => {
                        Signal::Next(vec![(param.to_owned(), Value::String(next))])
                    }
                    // The next page's number or offset itself.
                    PageStyle::Page { param, .. } | PageStyle::Offset { param } => {
                        match next.parse::<u64>() {
                            Ok(n) => Signal::Next(vec![(param.to_owned(), Value::from(n))]),
                            Err(_) => Signal::Unreachable,
                        }
                    }
                    PageStyle::Link => Signal::Unreachable,
                },
                None => Signal::End,
            },
            NextFrom::LastItem { more, list, id } => match last_item(body, more, list, id) {
                (Some(true), Some(last)) => match paging.style {
                    PageStyle::Cursor { param } => {
                        Signal::Next(vec![(param.to_owned(), Value::String(last))])
                    }
                    _ => Signal::Unreachable,
                },
                (Some(true), None) => Signal::Unreachable,
                _ => Signal::End,
            },
            NextFrom::Link => match link.and_then(next_link) {
                Some(url) => url_signal(url, query, &args, &paging),
                None => Signal::End,
            },
        };
        More {
            paging,
            flat: None,
            args,
            signal,
        }
    }

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

/// The string or number at `path` in a JSON body; `None` when absent, `null`, empty or not
/// JSON. The body is read once more, without building it: only the keys on the path are
/// compared, everything else is skipped.
fn body_field(body: &[u8], path: &[&str]) -> Option<String> {
    let mut reader = serde_json::Deserializer::from_slice(body);
    Find { path }.deserialize(&mut reader).ok().flatten()
}

/// The boolean field `more` of a JSON body and the `id` of the last item of its list field
/// `list`, read without building the body.
fn last_item(body: &[u8], more: &str, list: &str, id: &str) -> (Option<bool>, Option<String>) {
    let mut reader = serde_json::Deserializer::from_slice(body);
    LastItem { more, list, id }
        .deserialize(&mut reader)
        .unwrap_or((None, None))
}

/// Reads a JSON object for [`last_item`].
struct LastItem<'k> {
    more: &'k str,
    list: &'k str,
    id: &'k str,
}

impl<'de> DeserializeSeed<'de> for LastItem<'_> {
    type Value = (Option<bool>, Option<String>);

    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<Self::Value, D::Error> {
        reader.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for LastItem<'_> {
    type Value = (Option<bool>, Option<String>);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
        let (mut more, mut last) = (None, None);
        while let Some(key) = map.next_key_seed(Key([self.more, self.list]))? {
            match key {
                Some(0) => more = map.next_value::<Option<bool>>()?,
                Some(_) => last = map.next_value_seed(LastOf { id: self.id })?,
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok((more, last))
    }
}

/// Reads a JSON array, keeping the `id` of its last element.
struct LastOf<'k> {
    id: &'k str,
}

impl<'de> DeserializeSeed<'de> for LastOf<'_> {
    type Value = Option<String>;

    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<Self::Value, D::Error> {
        reader.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for LastOf<'_> {
    type Value = Option<String>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON array")
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Self::Value, S::Error> {
        let path = [self.id];
        let mut last = None;
        while let Some(id) = seq.next_element_seed(Find { path: &path })? {
            last = id;
        }
        Ok(last)
    }
}

/// Reads an object key: which of the wanted ones it is, if any.
struct Key<'k>([&'k str; 2]);

impl<'de> DeserializeSeed<'de> for Key<'_> {
    type Value = Option<usize>;

    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<Option<usize>, D::Error> {
        reader.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Key<'_> {
    type Value = Option<usize>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Option<usize>, E> {
        Ok(self.0.iter().position(|wanted| *wanted == key))
    }
}

/// Reads a JSON value, keeping only the scalar at `path` under it.
struct Find<'p> {
    path: &'p [&'p str],
}

impl<'de> DeserializeSeed<'de> for Find<'_> {
    type Value = Option<String>;

    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<Self::Value, D::Error> {
        reader.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Find<'_> {
    type Value = Option<String>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
        let mut found = None;
        while let Some(on_path) = map.next_key_seed(KeyIs(self.path.first().copied()))? {
            if on_path && found.is_none() {
                found = map.next_value_seed(Find {
                    path: &self.path[1..],
                })?;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(found)
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Self::Value, S::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(None)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Self::Value, E> {
        Ok((self.path.is_empty() && !text.is_empty()).then(|| text.to_owned()))
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Self::Value, E> {
        Ok(self.path.is_empty().then(|| n.to_string()))
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Self::Value, E> {
        Ok(self.path.is_empty().then(|| n.to_string()))
    }

    fn visit_f64<E: de::Error>(self, n: f64) -> Result<Self::Value, E> {
        Ok(self.path.is_empty().then(|| Value::from(n).to_string()))
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
}

/// Reads an object key: whether it is the wanted one (compared where it lies, not copied).
struct KeyIs<'p>(Option<&'p str>);

impl<'de> DeserializeSeed<'de> for KeyIs<'_> {
    type Value = bool;

    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<bool, D::Error> {
        reader.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeyIs<'_> {
    type Value = bool;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<bool, E> {
        Ok(self.0 == Some(key))
    }
}

/// Whether a next-page value from the body is a URL (absolute, or a path or query of the API)
/// rather than a cursor.
fn looks_like_url(text: &str) -> bool {
    text.contains("://") || text.starts_with('/') || text.starts_with('?')
}

/// The signal of a next page's URL: the arguments it moves, or that it moves only parameters
/// the tool does not take.
fn url_signal(url: &str, query: &[&str], args: &Map<String, Value>, paging: &Paging) -> Signal {
    let next = link_arguments(url, query, args, paging);
    if next.iter().any(|(k, v)| args.get(k) != Some(v)) {
        Signal::Next(next)
    } else {
        Signal::Unreachable
    }
}

/// The URL of the `rel="next"` link of a `Link` header (RFC 8288), if any.
pub fn next_link(header: &str) -> Option<&str> {
    let mut rest = header;
    while let Some(open) = rest.find('<') {
        let close = open + rest[open..].find('>')?;
        let url = &rest[open + 1..close];
        let params_end = rest[close..].find('<').map_or(rest.len(), |i| close + i);
        // The link's parameters, without the `,` that separates it from the next link.
        let params = rest[close + 1..params_end].trim_end().trim_end_matches(',');
        let is_next = params.split(';').any(|param| {
            let Some((name, value)) = param.split_once('=') else {
                return false;
            };
            name.trim().eq_ignore_ascii_case("rel")
                && value
                    .trim()
                    .trim_matches('"')
                    .split_ascii_whitespace()
                    .any(|rel| rel.eq_ignore_ascii_case("next"))
        });
        if is_next {
            return Some(url.trim());
        }
        rest = &rest[params_end..];
    }
    None
}

/// Percent-decodes a query component (`+` is a space, as forms write it).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(byte) => {
                        out.push(byte);
                        i += 3;
                        continue;
                    }
                    None => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            byte => out.push(byte),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The next page's arguments from its URL: each query parameter the operation takes, as a
/// number where the argument is one (the page, offset and size, or a number sent before).
fn link_arguments(
    url: &str,
    query: &[&str],
    args: &Map<String, Value>,
    paging: &Paging,
) -> Vec<(String, Value)> {
    let Some((_, query_text)) = url.split_once('?') else {
        return Vec::new();
    };
    let query_text = query_text.split('#').next().unwrap_or_default();
    let numeric: Vec<&str> = match paging.style {
        PageStyle::Page { param, .. } | PageStyle::Offset { param } => vec![param],
        _ => Vec::new(),
    }
    .into_iter()
    .chain(paging.size)
    .collect();
    let mut out: Vec<(String, Value)> = Vec::new();
    for pair in query_text.split('&') {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let name = percent_decode(name);
        if !query.contains(&name.as_str()) || out.iter().any(|(k, _)| *k == name) {
            continue;
        }
        let value = percent_decode(value);
        let number =
            numeric.contains(&name.as_str()) || matches!(args.get(&name), Some(Value::Number(_)));
        let value = match value.parse::<u64>() {
            Ok(n) if number => Value::from(n),
            _ => Value::String(value),
        };
        out.push((name, value));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const PAGE: Paging = Paging {
        style: PageStyle::Page {
            param: "page",
            first: 1,
        },
        size: Some("count"),
        default_size: Some(100),
        max_size: Some(100),
        next: NextFrom::FullPage,
    };

    fn args(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap_or_default()
    }

    fn suggestion(more: &More, returned: Option<usize>, limit: Option<usize>) -> Vec<String> {
        let mut builder = ResponseBuilder::new("[]".to_owned());
        more.suggest(&mut builder, "chain", "blocks", returned, limit);
        builder.build().texts().iter().skip(1).cloned().collect()
    }

    #[test]
    fn the_default_size_is_the_agent_limit_within_the_api_maximum() {
        assert_eq!(PAGE.default_request_size(Some(20)), Some(20));
        assert_eq!(PAGE.default_request_size(Some(500)), Some(100));
        assert_eq!(PAGE.default_request_size(None), None);
        let no_size = Paging { size: None, ..PAGE };
        assert_eq!(no_size.default_request_size(Some(20)), None);
    }

    #[test]
    fn a_full_page_suggests_the_next_and_a_short_one_nothing() {
        let more = More::new(
            PAGE,
            &args(json!({"order": "desc", "page": 2, "count": 3, "x": null})),
            b"",
            None,
            &[],
        );
        assert_eq!(
            suggestion(&more, Some(3), Some(10)),
            [
                "<action_suggestions>\n- chain: More results: {\"action\":\"blocks\",\"order\":\"desc\",\"page\":3,\"count\":3}\n</action_suggestions>"
            ]
        );
        assert!(suggestion(&more, Some(2), Some(10)).is_empty());
        // The first page, with the API's default size.
        let first = More::new(PAGE, &Map::new(), b"", None, &[]);
        assert!(suggestion(&first, Some(99), None).is_empty());
        assert_eq!(
            suggestion(&first, Some(100), None),
            [
                "<action_suggestions>\n- chain: More results: {\"action\":\"blocks\",\"page\":2}\n</action_suggestions>"
            ]
        );
    }

    #[test]
    fn a_cut_page_says_how_to_fetch_what_the_agent_limit_hid() {
        // Page 2 of 25: items 25..50; 10 shown, the hidden ones start at 35 = page 6 of 7 (7 is the
        // largest page size up to 10 whose pages start at 35).
        let more = More::new(PAGE, &args(json!({"page": 2, "count": 25})), b"", None, &[]);
        assert_eq!(
            suggestion(&more, Some(25), Some(10)),
            [
                "<action_suggestions>\n- chain: The agent limit showed 10 of the 25 items of this page. The 15 hidden ones and what follows: {\"action\":\"blocks\",\"page\":6,\"count\":7}\n</action_suggestions>"
            ]
        );
        let offset = Paging {
            style: PageStyle::Offset { param: "offset" },
            size: Some("limit"),
            ..PAGE
        };
        let more = More::new(
            offset,
            &args(json!({"offset": 40, "limit": 30})),
            b"",
            None,
            &[],
        );
        assert_eq!(
            suggestion(&more, Some(30), Some(10)),
            [
                "<action_suggestions>\n- chain: The agent limit showed 10 of the 30 items of this page. The 20 hidden ones and what follows: {\"action\":\"blocks\",\"offset\":50,\"limit\":10}\n</action_suggestions>"
            ]
        );
        let sizeless = Paging {
            size: None,
            default_size: None,
            ..PAGE
        };
        let more = More::new(sizeless, &Map::new(), b"", None, &[]);
        assert_eq!(
            suggestion(&more, Some(12), Some(10)),
            [
                "<action_suggestions>\n- chain: The agent limit showed 10 of the 12 items of this page; the API takes no page size, so the 2 hidden ones cannot be fetched: narrow the filters to see them. More results: {\"action\":\"blocks\",\"page\":2}\n</action_suggestions>"
            ]
        );
    }

    #[test]
    fn a_cursor_from_the_body_is_escaped_for_the_block_and_exact_as_json() {
        let cursor = Paging {
            style: PageStyle::Cursor { param: "cursor" },
            size: Some("limit"),
            default_size: None,
            max_size: None,
            next: NextFrom::Body(&["meta", "next_cursor"]),
        };
        let body = br#"{"data":[],"meta":{"next_cursor":"a<b>&\"c\n</action_suggestions>\u2039"}}"#;
        let more = More::new(cursor, &args(json!({"limit": 5})), body, None, &[]);
        let text = suggestion(&more, None, None);
        assert_eq!(
            text,
            [
                "<action_suggestions>\n- chain: More results: {\"action\":\"blocks\",\"limit\":5,\"cursor\":\"a\\u003cb\\u003e\\u0026\\\"c\\u000a\\u003c/action_suggestions\\u003e\\u2039\"}\n</action_suggestions>"
            ]
        );
        // The JSON in it reads back as the cursor the API gave.
        let json = text[0]
            .split("More results: ")
            .nth(1)
            .unwrap()
            .split('\n')
            .next()
            .unwrap();
        let read: Value = serde_json::from_str(json).unwrap();
        assert_eq!(read["cursor"], "a<b>&\"c\n</action_suggestions>\u{2039}");
        let last = More::new(
            cursor,
            &Map::new(),
            br#"{"meta":{"next_cursor":null}}"#,
            None,
            &[],
        );
        assert!(suggestion(&last, None, None).is_empty());
    }

    #[test]
    fn a_link_header_gives_the_next_page_arguments() {
        assert_eq!(
            next_link(
                r#"<https://api.x/r?page=1>; rel="prev", <https://api.x/r?page=3&per_page=2>; rel="next last""#
            ),
            Some("https://api.x/r?page=3&per_page=2")
        );
        assert_eq!(next_link(r#"<https://api.x/r?page=1>; rel="prev""#), None);
        assert_eq!(next_link("garbage"), None);
        // Broken headers end the search, never a slice out of bounds.
        for broken in [
            "<",
            "<>",
            "<a",
            ">;rel=next<",
            "<ü>;rel=\"next",
            "<<>>; rel=next, <",
        ] {
            let _ = next_link(broken);
        }
        assert_eq!(next_link("<ü>;rel=\"next"), Some("ü"));
        let link = Paging {
            style: PageStyle::Page {
                param: "page",
                first: 1,
            },
            size: Some("per_page"),
            default_size: Some(30),
            max_size: Some(100),
            next: NextFrom::Link,
        };
        let header = r#"<https://api.x/r?state=open%20now&page=3&per_page=2&secret=1>; rel="next""#;
        let more = More::new(
            link,
            &args(json!({"state": "open now", "page": 2, "per_page": 2})),
            b"",
            Some(header),
            &["state", "page", "per_page"],
        );
        assert_eq!(
            suggestion(&more, Some(2), None),
            [
                "<action_suggestions>\n- chain: More results: {\"action\":\"blocks\",\"state\":\"open now\",\"page\":3,\"per_page\":2}\n</action_suggestions>"
            ]
        );
        // No Link header: the last page, whatever the count.
        let last = More::new(link, &args(json!({"page": 9})), b"", None, &["page"]);
        assert!(suggestion(&last, Some(30), None).is_empty());
        // A next URL that moves only parameters the tool does not take.
        let other = More::new(
            link,
            &Map::new(),
            b"",
            Some("<https://api.x/r?after=abc>; rel=next"),
            &["page", "per_page"],
        );
        assert_eq!(
            suggestion(&other, Some(1), None),
            [
                "<action_suggestions>\n- chain: The API has more results, but its next page's address uses arguments this tool does not take.\n</action_suggestions>"
            ]
        );
    }

    #[test]
    fn a_next_url_or_number_in_the_body_moves_the_page() {
        let drf = Paging {
            next: NextFrom::Body(&["next"]),
            ..PAGE
        };
        let body = br#"{"count":9,"next":"https://api.x/items?page=3&count=2","results":[]}"#;
        let more = More::new(
            drf,
            &args(json!({"page": 2, "count": 2})),
            body,
            None,
            &["page", "count"],
        );
        assert_eq!(
            suggestion(&more, None, None),
            [
                "<action_suggestions>\n- chain: More results: {\"action\":\"blocks\",\"page\":3,\"count\":2}\n</action_suggestions>"
            ]
        );
        let number = More::new(drf, &Map::new(), br#"{"next":4}"#, None, &["page"]);
        assert_eq!(
            suggestion(&number, None, None),
            [
                "<action_suggestions>\n- chain: More results: {\"action\":\"blocks\",\"page\":4}\n</action_suggestions>"
            ]
        );
        let last = More::new(drf, &Map::new(), br#"{"next":null}"#, None, &["page"]);
        assert!(suggestion(&last, None, None).is_empty());
    }

    #[test]
    fn stripe_lists_go_on_after_their_last_item() {
        let stripe = Paging {
            style: PageStyle::Cursor {
                param: "starting_after",
            },
            size: Some("limit"),
            default_size: Some(10),
            max_size: Some(100),
            next: NextFrom::LastItem {
                more: "has_more",
                list: "data",
                id: "id",
            },
        };
        let body = br#"{"object":"list","data":[{"id":"cus_1","x":{"id":"no"}},{"name":"n","id":"cus_2"}],"has_more":true,"url":"/v1/customers"}"#;
        let more = More::new(stripe, &args(json!({"limit": 2})), body, None, &[]);
        assert_eq!(
            suggestion(&more, None, None),
            [
                "<action_suggestions>\n- chain: More results: {\"action\":\"blocks\",\"limit\":2,\"starting_after\":\"cus_2\"}\n</action_suggestions>"
            ]
        );
        let last = br#"{"data":[{"id":"cus_3"}],"has_more":false}"#;
        let more = More::new(stripe, &Map::new(), last, None, &[]);
        assert!(suggestion(&more, None, None).is_empty());
        assert_eq!(
            last_item(br#"{"has_more":true,"data":[]}"#, "has_more", "data", "id"),
            (Some(true), None)
        );
        assert_eq!(last_item(b"[1]", "has_more", "data", "id"), (None, None));
    }

    #[test]
    fn a_flat_action_is_suggested_as_its_own_tool() {
        let more = More::new(PAGE, &args(json!({"page": 1, "count": 2})), b"", None, &[]);
        let reply = flat(crate::Reply::More((), more), "chain_blocks");
        let crate::Reply::More((), more) = reply else {
            panic!("still a page")
        };
        assert_eq!(
            suggestion(&more, Some(2), None),
            [
                "<action_suggestions>\n- chain_blocks: More results: {\"page\":2,\"count\":2}\n</action_suggestions>"
            ]
        );
    }

    #[test]
    fn the_body_field_is_found_without_building_the_body() {
        let body = br#"{"data":[{"meta":{"next":"no"}}],"meta":{"other":{"next":"no"},"next":"c\u00fc","next":"second"},"next":7}"#;
        assert_eq!(
            body_field(body, &["meta", "next"]).as_deref(),
            Some("c\u{fc}")
        );
        assert_eq!(body_field(body, &["next"]).as_deref(), Some("7"));
        assert_eq!(body_field(body, &["meta"]), None, "an object is no cursor");
        assert_eq!(body_field(body, &["missing"]), None);
        assert_eq!(body_field(br#"{"next":""}"#, &["next"]), None);
        assert_eq!(
            body_field(br#"{"next":1.5}"#, &["next"]).as_deref(),
            Some("1.5")
        );
        assert_eq!(body_field(b"not json", &["next"]), None);
    }

    #[test]
    fn percent_decoding_keeps_broken_escapes() {
        assert_eq!(percent_decode("a%20b+c%zz%4"), "a b c%zz%4");
        assert_eq!(percent_decode("%C3%BC"), "ü");
    }
}
