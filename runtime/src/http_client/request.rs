//! Arguments to request: the path template filled in, the query string, the headers and the
//! JSON body of one [`Operation`], refusing any argument that would reach another endpoint.
//!
//! A path value is percent-encoded whole (a `/` in it is `%2F`), so it cannot add a segment; but
//! `.`, `..` and the empty string are left as they are by any encoding, and a URL parser (the
//! client's, a proxy's, the API's router) removes dot segments and may merge empty ones:
//! `DELETE /pets/{id}` with `id: ".."` would delete at `/`. A segment holding a parameter that
//! ends up empty, `.` or `..` is therefore an argument error before any request.

use serde::Serialize;
use serde_json::{Map, Value};

use super::{ApiError, In, Operation};

/// A request ready to send: method, path and query (after the base URL), headers, body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The action that sends it, `tool/action` ([`Operation::action`]).
    pub action: &'static str,
    /// The HTTP method.
    pub method: &'static str,
    /// The path with its query string, percent-encoded.
    pub path_and_query: String,
    /// Header names and values from the arguments.
    pub headers: Vec<(String, String)>,
    /// The JSON body.
    pub body: Option<Vec<u8>>,
}

impl Request {
    /// The path, without the query string.
    pub fn path(&self) -> &str {
        self.path_and_query
            .split_once('?')
            .map_or(self.path_and_query.as_str(), |(path, _)| path)
    }
}

/// Percent-encodes `text` into `out`: every byte but RFC 3986's unreserved characters.
pub fn percent_encode(out: &mut String, text: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(byte as char);
        } else {
            out.push('%');
            out.push(HEX[usize::from(byte >> 4)] as char);
            out.push(HEX[usize::from(byte & 15)] as char);
        }
    }
}

/// A scalar argument as request text: a string as it is, a number or boolean as JSON writes it;
/// `None` for `null`.
fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(text) => Some(text.clone()),
        other => Some(other.to_string()),
    }
}

/// The values of an argument: one for a scalar, each element's for an array.
fn values(value: &Value) -> Vec<String> {
    match value {
        Value::Array(items) => items.iter().filter_map(scalar).collect(),
        other => scalar(other).into_iter().collect(),
    }
}

/// Builds the request of `operation` from the action's arguments (the generated input struct).
pub fn build<A: Serialize>(operation: &Operation, args: &A) -> Result<Request, ApiError> {
    build_from(operation, &arguments(args)?)
}

/// The arguments as a JSON object (empty when they are not one: an action without input).
pub(super) fn arguments<A: Serialize>(args: &A) -> Result<Map<String, Value>, ApiError> {
    match serde_json::to_value(args) {
        Ok(Value::Object(args)) => Ok(args),
        Ok(_) => Ok(Map::new()),
        Err(error) => Err(ApiError::Invalid {
            field: "(root)".to_owned(),
            message: format!("The arguments could not be read: {error}."),
            sent: None,
        }),
    }
}

/// The argument key of the path parameter `name` (its own name when the operation does not
/// list it).
fn argument_of<'a>(operation: &Operation, name: &'a str) -> &'a str {
    operation
        .params
        .iter()
        .find(|param| param.location == In::Path && param.name == name)
        .map_or(name, |param| param.arg)
}

/// The names of the `{…}` parameters in one segment of a path template.
fn segment_params(segment: &str) -> impl Iterator<Item = &str> {
    segment
        .split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
}

/// [`build`] from the arguments as JSON.
pub(super) fn build_from(
    operation: &Operation,
    args: &Map<String, Value>,
) -> Result<Request, ApiError> {
    let mut path = String::with_capacity(operation.path.len() + 16);
    for (index, segment) in operation.path.split('/').enumerate() {
        if index > 0 {
            path.push('/');
        }
        let start = path.len();
        fill_segment(&mut path, segment, operation, args)?;
        let filled = &path[start..];
        if segment.contains('{') && matches!(filled, "" | "." | "..") {
            let field = argument_of(operation, segment_params(segment).next().unwrap_or(segment));
            return Err(ApiError::Invalid {
                field: field.to_owned(),
                message: "A path parameter cannot be empty, \".\" or \"..\": the request would \
                          leave the operation's path."
                    .to_owned(),
                sent: args.get(field).map(crate::validation::sent_text),
            });
        }
    }
    let mut query = String::new();
    let mut headers = Vec::new();
    for param in operation.params {
        let Some(value) = args.get(param.arg) else {
            continue;
        };
        let items = values(value);
        match param.location {
            In::Path => {}
            In::Query if items.is_empty() => {}
            In::Query if param.explode || !value.is_array() => {
                for item in &items {
                    query.push(if query.is_empty() { '?' } else { '&' });
                    percent_encode(&mut query, param.name);
                    query.push('=');
                    percent_encode(&mut query, item);
                }
            }
            In::Query => {
                query.push(if query.is_empty() { '?' } else { '&' });
                percent_encode(&mut query, param.name);
                query.push('=');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        query.push(',');
                    }
                    percent_encode(&mut query, item);
                }
            }
            In::Header => {
                if items.is_empty() {
                    continue;
                }
                let joined = items.join(",");
                // A line break would start another header: refused, never sent.
                if joined.chars().any(|c| c.is_control()) {
                    return Err(ApiError::Invalid {
                        field: param.arg.to_owned(),
                        message: "A header value cannot hold a control character (a line \
                                  break would start another header)."
                            .to_owned(),
                        sent: Some(crate::validation::sent_text(value)),
                    });
                }
                headers.push((param.name.to_owned(), joined));
            }
        }
    }
    path.push_str(&query);
    let body = match operation.body.and_then(|key| args.get(key)) {
        Some(body) => Some(serde_json::to_vec(body).map_err(|error| ApiError::Invalid {
            field: operation.body.unwrap_or_default().to_owned(),
            message: format!("The body could not be written as JSON: {error}."),
            sent: None,
        })?),
        None => None,
    };
    Ok(Request {
        action: operation.action,
        method: operation.method,
        path_and_query: path,
        headers,
        body,
    })
}

/// Appends one segment of the path template with its `{name}` parameters filled in (style
/// `simple`: an array's elements comma-separated, each encoded).
fn fill_segment(
    path: &mut String,
    mut rest: &str,
    operation: &Operation,
    args: &Map<String, Value>,
) -> Result<(), ApiError> {
    while let Some(open) = rest.find('{') {
        path.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let name = argument_of(operation, &rest[open + 1..open + close]);
        let value = args.get(name).map(values).unwrap_or_default();
        if value.is_empty() {
            return Err(ApiError::Invalid {
                field: name.to_owned(),
                message: "Required".to_owned(),
                sent: Some("(missing)".to_owned()),
            });
        }
        for (i, item) in value.iter().enumerate() {
            if i > 0 {
                path.push(',');
            }
            percent_encode(path, item);
        }
        rest = &rest[open + close + 1..];
    }
    path.push_str(rest);
    Ok(())
}
