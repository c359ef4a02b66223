//! Success responses (wire format §3, §13) and implicit wrapping of handler results (§14).

use std::borrow::Cow;

use serde::Serialize;

use crate::error::{ToolErrorOptions, tool_error};
use crate::json::{self, JsonStyle};
use crate::response::ToolResponse;

/// `success(data)`: one text block, `data` as pretty JSON (§3).
///
/// Upstream `JSON.stringify` throws on data it cannot print; here a `Serialize` failure (a map with
/// non-string keys, a failing custom impl) becomes an `INTERNAL_ERROR` tool error instead of a
/// panic, so a server never dies on a handler's data.
pub fn success<T: Serialize + ?Sized>(data: &T) -> ToolResponse {
    let mut block = String::new();
    match json::write_serialize(&mut block, data, JsonStyle::Pretty) {
        Ok(()) => ToolResponse::text(block),
        Err(error) => serialization_failure(&error),
    }
}

/// A plain-text success: the text verbatim, an empty text becomes `OK` (§3).
pub fn success_text(text: impl Into<String>) -> ToolResponse {
    let text = text.into();
    if text.is_empty() {
        ToolResponse::text("OK")
    } else {
        ToolResponse::text(text)
    }
}

/// `success_structured(data)` (§13): the pretty JSON data block plus `structuredContent` holding
/// the same value. Serialization failures are handled as in [`success`].
pub fn success_structured<T: Serialize + ?Sized>(data: &T) -> ToolResponse {
    let mut block = String::new();
    let written = json::write_serialize(&mut block, data, JsonStyle::Pretty)
        .and_then(|()| serde_json::to_value(data));
    match written {
        Ok(value) => ToolResponse::text(block).with_structured_content(value),
        Err(error) => serialization_failure(&error),
    }
}

/// `toon_success(data)` (§11): one text block, the TOON encoding of `data` with the pipe
/// delimiter and indent 2. Serialization failures are handled as in [`success`]. For generated
/// types the same text comes faster from their own encoders, without serde:
/// `ToolResponse::text(toon::encode_typed_slice(&items, &Selection::all(), &ToonOptions::pipe()))`,
/// which is what a presenter with `format: toon` writes.
pub fn toon_success<T: Serialize + ?Sized>(data: &T) -> ToolResponse {
    match crate::toon::encode_serialize(data, &crate::toon::ToonOptions::pipe()) {
        Ok(text) => ToolResponse::text(text),
        Err(error) => serialization_failure(&error),
    }
}

fn serialization_failure(error: &serde_json::Error) -> ToolResponse {
    tool_error(
        "INTERNAL_ERROR",
        ToolErrorOptions::new(format!(
            "The response data could not be serialized: {error}"
        )),
    )
}

/// What a handler may return: the one rule of §14. A response passes through untouched, nothing
/// becomes `OK`, anything else is data and becomes a success.
///
/// Generated types implement it themselves (through their Presenter); [`Data`] wraps any other
/// serializable value.
///
/// `Result<T, E>` is implemented only for an `E` that is itself a response (`Err(error(..))`, so
/// handlers can return tool errors with `?`). A general error (`E: Display`) needs the tool and
/// action names to become an `INTERNAL_ERROR` (§12), which only the dispatcher knows: it goes
/// through [`result_into_response`].
pub trait IntoToolResponse {
    /// Converts the handler's return value into the response sent to the client.
    fn into_tool_response(self) -> ToolResponse;
}

impl IntoToolResponse for ToolResponse {
    fn into_tool_response(self) -> ToolResponse {
        self
    }
}

impl IntoToolResponse for () {
    fn into_tool_response(self) -> ToolResponse {
        ToolResponse::text("OK")
    }
}

impl IntoToolResponse for String {
    fn into_tool_response(self) -> ToolResponse {
        success_text(self)
    }
}

impl IntoToolResponse for &str {
    fn into_tool_response(self) -> ToolResponse {
        success_text(self)
    }
}

impl IntoToolResponse for Cow<'_, str> {
    fn into_tool_response(self) -> ToolResponse {
        success_text(self)
    }
}

/// A JSON value is data, except that a string is text (as upstream hands strings through) and
/// `null` is nothing, like `None`.
impl IntoToolResponse for serde_json::Value {
    fn into_tool_response(self) -> ToolResponse {
        match self {
            serde_json::Value::Null => ().into_tool_response(),
            serde_json::Value::String(text) => success_text(text),
            data => success(&data),
        }
    }
}

impl<T: IntoToolResponse> IntoToolResponse for Option<T> {
    fn into_tool_response(self) -> ToolResponse {
        match self {
            Some(value) => value.into_tool_response(),
            None => ().into_tool_response(),
        }
    }
}

impl<T: IntoToolResponse, E: IntoToolResponse> IntoToolResponse for Result<T, E> {
    fn into_tool_response(self) -> ToolResponse {
        match self {
            Ok(value) => value.into_tool_response(),
            Err(error) => error.into_tool_response(),
        }
    }
}

/// Any serializable value as data: `success(&value)`, pretty JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Data<T>(pub T);

impl<T: Serialize> IntoToolResponse for Data<T> {
    fn into_tool_response(self) -> ToolResponse {
        success(&self.0)
    }
}

/// A handler's `Result` with a general error: `Ok` is wrapped as usual, `Err` becomes the
/// `INTERNAL_ERROR` of `tool/action` with the error's `Display` text (§12).
pub fn result_into_response<T, E>(result: Result<T, E>, tool: &str, action: &str) -> ToolResponse
where
    T: IntoToolResponse,
    E: std::fmt::Display,
{
    match result {
        Ok(value) => value.into_tool_response(),
        Err(error) => crate::error::internal_error(tool, action, &error.to_string()),
    }
}
