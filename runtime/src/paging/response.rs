//! What an API's response says about the page after it ([`More::new`]): a field of the body, a
//! `Link` header, Stripe's `has_more` with the last item's id. Only the OpenAPI client reads
//! responses, so this is compiled with it (feature `openapi`).

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use super::{More, NextFrom, PageStyle, Paging, Signal};

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
}

/// The string or number at `path` in a JSON body; `None` when absent, `null`, empty or not
/// JSON. The body is read once more, without building it: only the keys on the path are
/// compared, everything else is skipped.
pub(super) fn body_field(body: &[u8], path: &[&str]) -> Option<String> {
    let mut reader = serde_json::Deserializer::from_slice(body);
    Find { path }.deserialize(&mut reader).ok().flatten()
}

/// The boolean field `more` of a JSON body and the `id` of the last item of its list field
/// `list`, read without building the body.
pub(super) fn last_item(
    body: &[u8],
    more: &str,
    list: &str,
    id: &str,
) -> (Option<bool>, Option<String>) {
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
pub(super) fn percent_decode(text: &str) -> String {
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
