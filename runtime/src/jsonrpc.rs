//! A `tools/call` answered in one write: the JSON-RPC request read without building MCP's
//! model, and the response written straight into its bytes, each text block escaped as it is
//! copied (issue 41).
//!
//! Served through rmcp, a response is built as values (`CallToolResult`, `ServerJsonRpcMessage`)
//! and serialized by serde_json, which escapes every block of the presenter's text a second
//! time, byte by byte: 39 % of a served 50-invoice page. [`write_tool_result`] writes the same
//! bytes with the runtime's word-at-a-time escaper, straight from the [`ToolResponse`].
//!
//! The bytes are rmcp's for a client on a protocol version before 2026-07-28 (no
//! `resultType`, a `structuredContent` that is not an object moved into the first text block);
//! [`PlainToolCall::parse`] accepts only the requests whose answer has that form and that rmcp
//! would serve as they are, so a transport hands every other message to rmcp unchanged.

use std::borrow::Cow;
use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};
use serde_json::{Map, Value};

use crate::json::escape_inside_into;
use crate::response::ToolResponse;

/// The id of a JSON-RPC request, as its response repeats it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum RequestId {
    /// An integer id (JSON-RPC allows fractions; MCP and rmcp do not).
    Number(i64),
    /// A string id.
    String(String),
}

impl<'de> Deserialize<'de> for RequestId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct IdVisitor;
        impl Visitor<'_> for IdVisitor {
            type Value = RequestId;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an integer or a string")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<RequestId, E> {
                Ok(RequestId::Number(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<RequestId, E> {
                i64::try_from(v)
                    .map(RequestId::Number)
                    .map_err(|_| E::custom("id out of range"))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RequestId, E> {
                Ok(RequestId::String(v.to_owned()))
            }
        }
        deserializer.deserialize_any(IdVisitor)
    }
}

/// A `tools/call` request in its plain form: `jsonrpc`, `id`, `method` and `params` with `name`
/// and optionally `arguments`, nothing else.
#[derive(Debug, Clone, PartialEq)]
pub struct PlainToolCall {
    /// The request's id.
    pub id: RequestId,
    /// The tool called.
    pub name: String,
    /// Its arguments, absent when the client sent none (or `null`).
    pub arguments: Option<Map<String, Value>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Envelope<'a> {
    #[serde(borrow)]
    jsonrpc: Cow<'a, str>,
    id: RequestId,
    #[serde(borrow)]
    method: Cow<'a, str>,
    params: Params,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Params {
    name: String,
    #[serde(default)]
    arguments: Option<Map<String, Value>>,
}

impl PlainToolCall {
    /// The call `body` holds, when it is a plain `tools/call` request; `None` for anything else:
    /// another method, a notification, a batch, a key it does not know (`_meta`, which may ask
    /// for progress or name a protocol version; `task`), a duplicate key, an id that is not an
    /// integer or a string, `arguments` that are not an object, or JSON that does not read.
    /// Those go to rmcp, which answers them as it always did.
    pub fn parse(body: &[u8]) -> Option<Self> {
        let envelope: Envelope<'_> = serde_json::from_slice(body).ok()?;
        (envelope.jsonrpc == "2.0" && envelope.method == "tools/call").then(|| Self {
            id: envelope.id,
            name: envelope.params.name,
            arguments: envelope.params.arguments,
        })
    }
}

/// Appends the JSON-RPC response to request `id` carrying `response` as MCP's `CallToolResult`:
/// `{"jsonrpc":"2.0","id":…,"result":{"content":[…],"structuredContent":…,"isError":…}}`, byte
/// for byte what rmcp 3 serializes for a client before protocol version 2026-07-28.
///
/// Each text block is escaped as it is copied ([`escape_inside_into`]); `structuredContent`
/// (never on an error, as `fusion_runtime::rmcp` sends it) goes through serde_json as rmcp's does.
///
/// ```
/// use fusion_runtime::ToolResponse;
/// use fusion_runtime::jsonrpc::{RequestId, write_tool_result};
///
/// let mut out = Vec::new();
/// write_tool_result(&mut out, &RequestId::Number(7), &ToolResponse::text("a \"b\"\n"));
/// assert_eq!(
///     out,
///     br#"{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"a \"b\"\n"}]}}"#
/// );
/// ```
pub fn write_tool_result(out: &mut Vec<u8>, id: &RequestId, response: &ToolResponse) {
    let is_error = response.is_error();
    let structured = response
        .structured_content()
        .filter(|_| is_error != Some(true));
    // A client before 2026-07-28 takes an object only: rmcp drops any other value and, unless
    // the first block already holds it, sends its JSON as a first block of its own.
    let (structured, moved) = match structured {
        Some(value) if !value.is_object() => {
            let in_first = response
                .first_text()
                .and_then(|text| serde_json::from_str::<Value>(text).ok())
                .is_some_and(|first| &first == value);
            (None, (!in_first).then(|| value.to_string()))
        }
        other => (other, None),
    };
    // The whole answer in one allocation, unless its text is denser in escapes than JSON.
    let texts_len: usize = response.texts().iter().map(String::len).sum();
    out.reserve(texts_len + texts_len / 4 + 128 * (response.texts().len() + 1));
    out.extend_from_slice(br#"{"jsonrpc":"2.0","id":"#);
    match id {
        RequestId::Number(number) => {
            out.extend_from_slice(itoa::Buffer::new().format(*number).as_bytes());
        }
        RequestId::String(text) => {
            out.push(b'"');
            escape_inside_into(out, text);
            out.push(b'"');
        }
    }
    out.extend_from_slice(br#","result":{"content":["#);
    let texts = moved.iter().chain(response.texts());
    for (index, text) in texts.enumerate() {
        if index > 0 {
            out.push(b',');
        }
        out.extend_from_slice(br#"{"type":"text","text":""#);
        escape_inside_into(out, text);
        out.extend_from_slice(b"\"}");
    }
    out.push(b']');
    if let Some(value) = structured {
        out.extend_from_slice(br#","structuredContent":"#);
        out.extend_from_slice(value.to_string().as_bytes());
    }
    match is_error {
        Some(true) => out.extend_from_slice(br#","isError":true"#),
        Some(false) => out.extend_from_slice(br#","isError":false"#),
        None => {}
    }
    out.extend_from_slice(b"}}");
}

#[cfg(test)]
mod tests;
