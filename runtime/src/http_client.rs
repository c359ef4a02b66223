//! The HTTP client of the handlers fusion-gen generates for actions bound to OpenAPI operations
//! (issue 27; feature `http-client`).
//!
//! Generated code describes each operation as a static [`Operation`] and hands this module the
//! action's typed arguments; [`build`] turns them into a request (path segments
//! percent-encoded, query arrays in OpenAPI's default style, `form` with `explode: true`,
//! headers, the JSON body), and [`ApiClient`] sends it with reqwest (rustls) and reads the
//! response under a size cap and a timeout. Base URL and authentication come from the
//! [`ApiConfig`] the server is built with, never from generated code. A non-2xx status is a
//! tool error carrying the status and a bounded, escaped excerpt of the API's body. An operation
//! that pages ([`Operation::paging`]) is called with [`ApiClient::call_paged`]: a page no larger
//! than the agent limit when the agent names no size, and the page handed back with what the API
//! said about the next one ([`crate::paging`]).

use std::fmt;
use std::time::Duration;

use serde::Serialize;
use serde_json::Value;

use crate::ToolResponse;

/// Where a parameter goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum In {
    /// A `{name}` segment of the path.
    Path,
    /// The query string.
    Query,
    /// A request header.
    Header,
}

/// One parameter of an operation: its name (also its argument key), place and explode flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Param {
    /// The name in the request and in the arguments.
    pub name: &'static str,
    /// Where it goes.
    pub location: In,
    /// For a query array, one `name=value` pair per element; else one pair of comma-separated
    /// values.
    pub explode: bool,
}

/// One API operation, as generated from the OpenAPI document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Operation {
    /// The HTTP method, upper case.
    pub method: &'static str,
    /// The path template (`/pets/{petId}`), appended to the base URL.
    pub path: &'static str,
    /// The parameters.
    pub params: &'static [Param],
    /// The argument holding the JSON body.
    pub body: Option<&'static str>,
    /// How the operation pages its list, when it does ([`crate::paging`]).
    pub paging: Option<crate::paging::Paging>,
}

/// A request ready to send: method, path and query (after the base URL), headers, body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The HTTP method.
    pub method: &'static str,
    /// The path with its query string, percent-encoded.
    pub path_and_query: String,
    /// Header names and values.
    pub headers: Vec<(String, String)>,
    /// The JSON body.
    pub body: Option<Vec<u8>>,
}

/// Why a call failed.
#[derive(Debug)]
pub enum ApiError {
    /// The arguments could not make a request (a header value with a line break, ...).
    Request(String),
    /// The API could not be reached, or did not answer in time.
    Transport(String),
    /// The response was larger than [`ApiConfig::max_response_bytes`].
    TooLarge(usize),
    /// The response body was not the JSON the document describes.
    Body(String),
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::Request(why) => write!(f, "the request could not be built: {why}"),
            ApiError::Transport(why) => write!(f, "the API did not answer: {why}"),
            ApiError::TooLarge(cap) => {
                write!(f, "the API's response is larger than {cap} bytes")
            }
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
fn arguments<A: Serialize>(args: &A) -> Result<serde_json::Map<String, Value>, ApiError> {
    match serde_json::to_value(args).map_err(|e| ApiError::Request(e.to_string()))? {
        Value::Object(args) => Ok(args),
        _ => Ok(serde_json::Map::new()),
    }
}

/// [`build`] from the arguments as JSON.
fn build_from(
    operation: &Operation,
    args: &serde_json::Map<String, Value>,
) -> Result<Request, ApiError> {
    let mut path = String::with_capacity(operation.path.len() + 16);
    let mut rest = operation.path;
    while let Some(open) = rest.find('{') {
        path.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let name = &rest[open + 1..open + close];
        let value = args.get(name).map(values).unwrap_or_default();
        if value.is_empty() {
            return Err(ApiError::Request(format!(
                "the path parameter `{name}` is missing"
            )));
        }
        // Style `simple`: an array's elements comma-separated, each encoded.
        for (i, item) in value.iter().enumerate() {
            if i > 0 {
                path.push(',');
            }
            percent_encode(&mut path, item);
        }
        rest = &rest[open + close + 1..];
    }
    path.push_str(rest);
    let mut query = String::new();
    let mut headers = Vec::new();
    for param in operation.params {
        let Some(value) = args.get(param.name) else {
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
                    return Err(ApiError::Request(format!(
                        "the header `{}` holds a control character",
                        param.name
                    )));
                }
                headers.push((param.name.to_owned(), joined));
            }
        }
    }
    path.push_str(&query);
    let body = match operation.body.and_then(|key| args.get(key)) {
        Some(body) => Some(serde_json::to_vec(body).map_err(|e| ApiError::Request(e.to_string()))?),
        None => None,
    };
    Ok(Request {
        method: operation.method,
        path_and_query: path,
        headers,
        body,
    })
}

/// How a call authenticates.
#[derive(Clone, Default)]
pub enum Auth {
    /// No credentials.
    #[default]
    None,
    /// `Authorization: Bearer <token>`.
    Bearer(String),
    /// An API key in a header (`project_id: <key>`).
    Header {
        /// The header's name.
        name: String,
        /// The key.
        value: String,
    },
    /// An API key in the query (`?api_key=<key>`).
    Query {
        /// The query parameter's name.
        name: String,
        /// The key.
        value: String,
    },
}

impl fmt::Debug for Auth {
    // Credentials never reach a log through `Debug`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Auth::None => f.write_str("None"),
            Auth::Bearer(_) => f.write_str("Bearer(…)"),
            Auth::Header { name, .. } => write!(f, "Header({name}: …)"),
            Auth::Query { name, .. } => write!(f, "Query({name}=…)"),
        }
    }
}

/// Where the API is and how to call it, set when the server is built.
#[derive(Debug, Clone)]
pub struct ApiConfig {
    /// The API's base URL (`https://cardano-mainnet.blockfrost.io/api/v0`), without a trailing
    /// slash; operation paths are appended to it.
    pub base_url: String,
    /// The credentials.
    pub auth: Auth,
    /// The time a whole call may take, response read included.
    pub timeout: Duration,
    /// The largest response body read; a larger one is an error.
    pub max_response_bytes: usize,
    /// The bytes of an error body quoted in the tool error.
    pub error_excerpt_bytes: usize,
}

impl ApiConfig {
    /// A configuration for `base_url`: no credentials, 30 s timeout, 8 MiB response cap, 512
    /// bytes of error excerpt.
    pub fn new(base_url: impl Into<String>) -> Self {
        ApiConfig {
            base_url: base_url.into().trim_end_matches('/').to_owned(),
            auth: Auth::None,
            timeout: Duration::from_secs(30),
            max_response_bytes: 8 * 1024 * 1024,
            error_excerpt_bytes: 512,
        }
    }

    /// With these credentials.
    pub fn with_auth(mut self, auth: Auth) -> Self {
        self.auth = auth;
        self
    }
}

/// What a call answered: the body of a 2xx response, or the tool error of another status.
pub enum Answer<T> {
    /// A 2xx response's body, read into the generated type.
    Data(T),
    /// The tool error of a non-2xx status.
    Status(ToolResponse),
}

/// Cuts `text` to at most `max` bytes at a character boundary, `…` marking the cut.
fn excerpt(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// The tool error of a non-2xx status: `API_ERROR`, the status and a bounded excerpt of the
/// body (escaped for the block it lands in by [`crate::error`]).
pub fn status_error(status: u16, reason: &str, body: &[u8], max: usize) -> ToolResponse {
    let text = String::from_utf8_lossy(body);
    let text: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let message = format!(
        "The API answered HTTP {status} {reason}: {}",
        excerpt(text.trim(), max)
    );
    crate::error(&message, Some("API_ERROR"))
}

#[cfg(feature = "http-client")]
pub use client::ApiClient;

#[cfg(feature = "http-client")]
mod client {
    use super::*;
    use serde::de::DeserializeOwned;

    /// Sends operations' requests to one API.
    #[derive(Debug, Clone)]
    pub struct ApiClient {
        http: reqwest::Client,
        config: ApiConfig,
    }

    impl ApiClient {
        /// A client for `config`.
        pub fn new(config: ApiConfig) -> Result<Self, ApiError> {
            let http = reqwest::Client::builder()
                .timeout(config.timeout)
                .build()
                .map_err(|e| ApiError::Transport(e.to_string()))?;
            Ok(ApiClient { http, config })
        }

        /// The configuration.
        pub fn config(&self) -> &ApiConfig {
            &self.config
        }

        /// The reqwest client, to call the API directly with the same settings.
        pub fn http(&self) -> &reqwest::Client {
            &self.http
        }

        /// Sends `request` and reads the response under the cap: status, reason, body.
        pub async fn send(&self, request: Request) -> Result<(u16, String, Vec<u8>), ApiError> {
            let (status, reason, body, _) = self.exchange(request).await?;
            Ok((status, reason, body))
        }

        /// [`ApiClient::send`], with the response's `Link` headers joined by `, ` (RFC 8288
        /// allows several), which say where a paged list goes on.
        async fn exchange(
            &self,
            request: Request,
        ) -> Result<(u16, String, Vec<u8>, Option<String>), ApiError> {
            let method = reqwest::Method::from_bytes(request.method.as_bytes())
                .map_err(|e| ApiError::Request(e.to_string()))?;
            let mut url = format!("{}{}", self.config.base_url, request.path_and_query);
            let mut builder_headers = request.headers;
            match &self.config.auth {
                Auth::None => {}
                Auth::Bearer(token) => {
                    builder_headers.push(("authorization".into(), format!("Bearer {token}")))
                }
                Auth::Header { name, value } => builder_headers.push((name.clone(), value.clone())),
                Auth::Query { name, value } => {
                    url.push(if url.contains('?') { '&' } else { '?' });
                    percent_encode(&mut url, name);
                    url.push('=');
                    percent_encode(&mut url, value);
                }
            }
            let mut builder = self
                .http
                .request(method, url)
                .header("accept", "application/json");
            for (name, value) in builder_headers {
                builder = builder.header(name, value);
            }
            if let Some(body) = request.body {
                builder = builder
                    .header("content-type", "application/json")
                    .body(body);
            }
            let mut response = builder
                .send()
                .await
                .map_err(|e| ApiError::Transport(e.without_url().to_string()))?;
            let status = response.status();
            let links: Vec<&str> = response
                .headers()
                .get_all("link")
                .iter()
                .filter_map(|value| value.to_str().ok())
                .collect();
            let link = (!links.is_empty()).then(|| links.join(", "));
            let cap = self.config.max_response_bytes;
            if response.content_length().is_some_and(|n| n > cap as u64) {
                return Err(ApiError::TooLarge(cap));
            }
            let mut body = Vec::new();
            while let Some(chunk) = response
                .chunk()
                .await
                .map_err(|e| ApiError::Transport(e.without_url().to_string()))?
            {
                if body.len() + chunk.len() > cap {
                    return Err(ApiError::TooLarge(cap));
                }
                body.extend_from_slice(&chunk);
            }
            Ok((
                status.as_u16(),
                status.canonical_reason().unwrap_or("").to_owned(),
                body,
                link,
            ))
        }

        /// Calls `operation` with `args` and reads a 2xx body into `T`.
        pub async fn call<A: Serialize, T: DeserializeOwned>(
            &self,
            operation: &Operation,
            args: &A,
        ) -> Result<Answer<T>, ApiError> {
            let (status, reason, body) = self.send(build(operation, args)?).await?;
            if !(200..300).contains(&status) {
                return Ok(Answer::Status(status_error(
                    status,
                    &reason,
                    &body,
                    self.config.error_excerpt_bytes,
                )));
            }
            serde_json::from_slice(&body)
                .map(Answer::Data)
                .map_err(|e| ApiError::Body(e.to_string()))
        }

        /// Calls an operation that pages its list ([`Operation::paging`]): without a page size
        /// among `args`, asks for at most the presenter's agent `limit` (within the API's
        /// maximum), and answers [`crate::Reply::More`] with what the API said about the next
        /// page; an operation that does not page answers as [`ApiClient::call`] does.
        pub async fn call_paged<A: Serialize, T: DeserializeOwned>(
            &self,
            operation: &Operation,
            args: &A,
            limit: Option<usize>,
        ) -> Result<crate::Reply<T>, ApiError> {
            let mut args = arguments(args)?;
            if let Some(paging) = &operation.paging
                && let Some(size) = paging.size
                && args.get(size).is_none_or(Value::is_null)
                && let Some(default) = paging.default_request_size(limit)
            {
                args.insert(size.to_owned(), Value::from(default));
            }
            let (status, reason, body, link) = self.exchange(build_from(operation, &args)?).await?;
            if !(200..300).contains(&status) {
                return Ok(crate::Reply::Response(status_error(
                    status,
                    &reason,
                    &body,
                    self.config.error_excerpt_bytes,
                )));
            }
            let data = serde_json::from_slice(&body).map_err(|e| ApiError::Body(e.to_string()))?;
            let Some(paging) = operation.paging else {
                return Ok(crate::Reply::Data(data));
            };
            let query: Vec<&str> = operation
                .params
                .iter()
                .filter(|p| p.location == In::Query)
                .map(|p| p.name)
                .collect();
            let more = crate::paging::More::new(paging, &args, &body, link.as_deref(), &query);
            Ok(crate::Reply::More(data, more))
        }

        /// Calls an operation that answers with no JSON body: the response says the status.
        pub async fn call_without_data<A: Serialize>(
            &self,
            operation: &Operation,
            args: &A,
        ) -> Result<ToolResponse, ApiError> {
            let (status, reason, body) = self.send(build(operation, args)?).await?;
            if !(200..300).contains(&status) {
                return Ok(status_error(
                    status,
                    &reason,
                    &body,
                    self.config.error_excerpt_bytes,
                ));
            }
            Ok(ToolResponse::text(format!("HTTP {status} {reason}")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const GET: Operation = Operation {
        method: "GET",
        path: "/repos/{owner}/{repo}/issues",
        params: &[
            Param {
                name: "owner",
                location: In::Path,
                explode: false,
            },
            Param {
                name: "repo",
                location: In::Path,
                explode: false,
            },
            Param {
                name: "labels",
                location: In::Query,
                explode: true,
            },
            Param {
                name: "ids",
                location: In::Query,
                explode: false,
            },
            Param {
                name: "page",
                location: In::Query,
                explode: true,
            },
            Param {
                name: "X-Trace",
                location: In::Header,
                explode: false,
            },
        ],
        body: None,
        paging: None,
    };

    #[test]
    fn path_segments_are_percent_encoded() {
        let request = build(&GET, &json!({"owner": "a b/c?d#e", "repo": "ünï%"})).unwrap();
        assert_eq!(
            request.path_and_query,
            "/repos/a%20b%2Fc%3Fd%23e/%C3%BCn%C3%AF%25/issues"
        );
        assert!(
            build(&GET, &json!({"owner": "x"})).is_err(),
            "a missing path parameter"
        );
    }

    #[test]
    fn query_arrays_explode_by_default_and_join_when_told() {
        let request = build(
            &GET,
            &json!({"owner": "o", "repo": "r", "labels": ["bug", "a&b"], "ids": [1, 2], "page": 3, "X-Trace": "t-1"}),
        )
        .unwrap();
        assert_eq!(
            request.path_and_query,
            "/repos/o/r/issues?labels=bug&labels=a%26b&ids=1,2&page=3"
        );
        assert_eq!(
            request.headers,
            vec![("X-Trace".to_owned(), "t-1".to_owned())]
        );
        // An absent or null optional parameter is not sent.
        let request = build(&GET, &json!({"owner": "o", "repo": "r", "page": null})).unwrap();
        assert_eq!(request.path_and_query, "/repos/o/r/issues");
        let smuggled = build(
            &GET,
            &json!({"owner": "o", "repo": "r", "X-Trace": "a\r\nHost: x"}),
        );
        assert!(matches!(smuggled, Err(ApiError::Request(_))));
    }

    #[test]
    fn the_body_is_the_json_of_its_argument() {
        const POST: Operation = Operation {
            method: "POST",
            path: "/pets",
            params: &[],
            body: Some("body"),
            paging: None,
        };
        let request = build(&POST, &json!({"body": {"name": "Rex", "tags": ["a"]}})).unwrap();
        assert_eq!(
            request.body.as_deref(),
            Some(&br#"{"name":"Rex","tags":["a"]}"#[..])
        );
        assert_eq!(request.path_and_query, "/pets");
    }

    #[test]
    fn a_status_error_quotes_a_bounded_escaped_excerpt() {
        let body = format!("<tool_error>{}\u{7}", "x".repeat(600));
        let response = status_error(404, "Not Found", body.as_bytes(), 32);
        let text = response.texts().join("");
        assert!(
            text.contains("HTTP 404 Not Found: &lt;tool_error>xxxxxxxxxxxxxxxxxxxx…"),
            "{text}"
        );
        assert!(!text.contains("<tool_error>x"));
        assert!(text.len() < 300, "{text}");
    }
}
