//! The JSON-RPC answer to a message rmcp could not read, shared by the stdio transport and the
//! HTTP server: rmcp drops unparsable stdio lines without a word and answers such HTTP bodies
//! `415`, so a client waits its whole timeout or reads a status that blames the content type.

use serde_json::Value;

/// JSON-RPC 2.0 §5.1: invalid JSON.
pub(crate) const PARSE_ERROR: i64 = -32700;
/// JSON-RPC 2.0 §5.1: JSON that is not a valid request object.
pub(crate) const INVALID_REQUEST: i64 = -32600;

/// The longest string id repeated in an Invalid Request reply: a longer one is answered with a
/// null id rather than echoed (the caller's text is never repeated unbounded).
const ECHOED_ID_BYTES: usize = 128;

/// Why a message was not read, and what to send back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Rejection {
    /// [`PARSE_ERROR`] or [`INVALID_REQUEST`].
    pub code: i64,
    /// The whole JSON-RPC error response, one line without its line feed.
    pub reply: String,
    /// False when JSON-RPC forbids a reply on a message stream: the message was a notification
    /// (no `id`) or a response (no `method`). Answering a response could start an echo loop
    /// with a peer that answers errors with errors.
    pub answerable: bool,
}

/// The rejection of `message`, which failed to parse as a JSON-RPC message with `error`.
pub(crate) fn reject(message: &[u8], error: &serde_json::Error) -> Rejection {
    use serde_json::error::Category;
    if matches!(error.classify(), Category::Syntax | Category::Eof) {
        return parse_error(syntax_reason(error));
    }
    // Well-formed JSON of the wrong shape: read it loosely to find its id and kind.
    match serde_json::from_slice::<Value>(message) {
        Ok(value) => invalid_request(&value),
        Err(error) => parse_error(syntax_reason(&error)),
    }
}

/// A parse error for a message longer than `limit` bytes, which was not read (stdio's line
/// cap; the HTTP transport caps a body with its own status).
#[cfg(feature = "stdio")]
pub(crate) fn too_long(limit: usize) -> Rejection {
    parse_error(format!(
        "the message is longer than the limit of {limit} bytes"
    ))
}

/// serde_json's syntax messages are fixed texts with a position, never the input itself.
fn syntax_reason(error: &serde_json::Error) -> String {
    error.to_string()
}

fn parse_error(reason: String) -> Rejection {
    Rejection {
        code: PARSE_ERROR,
        reply: reply(&Value::Null, PARSE_ERROR, &format!("Parse error: {reason}")),
        answerable: true,
    }
}

fn invalid_request(value: &Value) -> Rejection {
    let object = value.as_object();
    let has = |key: &str| object.is_some_and(|object| object.contains_key(key));
    let notification = has("method") && !has("id");
    let response = !has("method") && (has("result") || has("error"));
    let id = match object.and_then(|object| object.get("id")) {
        Some(Value::Number(number)) => Value::Number(number.clone()),
        Some(Value::String(id)) if id.len() <= ECHOED_ID_BYTES => Value::String(id.clone()),
        _ => Value::Null,
    };
    Rejection {
        code: INVALID_REQUEST,
        reply: reply(
            &id,
            INVALID_REQUEST,
            "Invalid Request: not a JSON-RPC 2.0 message of the Model Context Protocol",
        ),
        answerable: !notification && !response,
    }
}

fn reply(id: &Value, code: i64, message: &str) -> String {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code, "message": message },
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rejection(message: &str) -> Rejection {
        let error = serde_json::from_str::<rmcp::model::ClientJsonRpcMessage>(message)
            .expect_err("not a message");
        reject(message.as_bytes(), &error)
    }

    fn reply_of(rejection: &Rejection) -> Value {
        serde_json::from_str(&rejection.reply).expect("the reply is JSON")
    }

    #[test]
    fn invalid_json_is_a_parse_error_with_a_null_id() {
        let nested = format!("{}{}", "[".repeat(200), "]".repeat(200));
        let surrogate = r#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"\ud800"}}"#;
        for message in ["{", "nope", nested.as_str(), surrogate] {
            let rejection = rejection(message);
            assert_eq!(rejection.code, PARSE_ERROR, "{message:.40}");
            assert!(rejection.answerable);
            let reply = reply_of(&rejection);
            assert_eq!(reply["id"], Value::Null);
            assert_eq!(reply["error"]["code"], PARSE_ERROR);
        }
    }

    #[test]
    fn a_request_of_the_wrong_shape_is_answered_with_its_id() {
        let shaped = rejection(r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":3}"#);
        assert_eq!(shaped.code, INVALID_REQUEST);
        assert!(shaped.answerable);
        assert_eq!(reply_of(&shaped)["id"], 7);
        let long = format!(
            r#"{{"jsonrpc":"2.0","id":"{}","method":3}}"#,
            "i".repeat(200)
        );
        assert_eq!(reply_of(&rejection(&long))["id"], Value::Null);
    }

    #[test]
    fn notifications_and_responses_are_not_answered_on_a_stream() {
        for message in [
            r#"{"jsonrpc":"2.0","method":"tools/call","params":3}"#,
            r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700}}"#,
        ] {
            assert!(!rejection(message).answerable, "{message}");
        }
    }

    #[cfg(feature = "stdio")]
    #[test]
    fn an_overlong_message_is_a_parse_error() {
        let rejection = too_long(16);
        assert_eq!(rejection.code, PARSE_ERROR);
        assert!(rejection.reply.contains("limit of 16 bytes"));
    }
}
