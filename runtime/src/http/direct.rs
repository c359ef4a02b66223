//! A plain `tools/call` answered without rmcp's message model: the request read once, the
//! call run through the same [`FusionServer`] steps (span, middleware, gate, validation,
//! handler), and the response written in one pass by [`crate::jsonrpc::write_tool_result`].
//!
//! Only requests that rmcp would serve statelessly as a JSON answer to a client before protocol
//! version 2026-07-28 are taken, judged from what rmcp itself checks; any doubt (an `Origin`
//! header, an `Accept` entry with parameters, a newer protocol version, `_meta` in the
//! request, an unknown tool) leaves the request to rmcp, which answers it as before.

use bytes::Bytes;
use http::request::Parts;
use http::{HeaderMap, HeaderValue, Method, Response, StatusCode, header};
use http_body_util::{BodyExt, Full};
use rmcp::model::{Extensions, ProtocolVersion};
use rmcp::transport::streamable_http_server::StreamableHttpServerConfig;

use super::guard::{Body, is_json};
use crate::jsonrpc::{PlainToolCall, write_tool_result};
use crate::rmcp::{FusionServer, Served};

/// The header carrying the protocol version a client negotiated.
const PROTOCOL_VERSION: &str = "mcp-protocol-version";

/// Whether rmcp would serve a request with this head, in this configuration, statelessly with a
/// JSON answer and the result form of a protocol version before 2026-07-28 (no `resultType`,
/// no standard `Mcp-*` headers to check against the body).
pub(super) fn plain_head(parts: &Parts, config: &StreamableHttpServerConfig) -> bool {
    parts.method == Method::POST
        && !config.legacy_session_mode
        && config.json_response
        && !config.stateless_protocol_metadata_required
        // rmcp's own `Origin` rule depends on a setting it does not expose.
        && !parts.headers.contains_key(header::ORIGIN)
        && host_allowed(&parts.headers, &config.allowed_hosts)
        && accepts_json_and_events(&parts.headers)
        && is_json(parts.headers.get(header::CONTENT_TYPE))
        && before_standard_headers(parts.headers.get(PROTOCOL_VERSION))
}

/// Runs `call` and writes its answer: `200`, `application/json`, as rmcp sends it. The head
/// goes into the extensions the middleware see, as rmcp puts it there.
pub(super) async fn answer(
    server: &FusionServer,
    served: &Served,
    call: PlainToolCall,
    parts: Parts,
) -> Response<Body> {
    let mut extensions = Extensions::new();
    extensions.insert(parts);
    let response = server.respond_to(served, call.arguments, &extensions).await;
    let mut out = Vec::new();
    write_tool_result(&mut out, &call.id, &response);
    let mut answer = Response::new(Full::new(Bytes::from(out)).boxed());
    *answer.status_mut() = StatusCode::OK;
    answer.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    answer
}

/// rmcp's DNS-rebinding check of `Host`: a well-formed authority whose host (brackets trimmed,
/// lowercase) is listed, with the listed port when one is listed; every host when the list is
/// empty. No `Host` (HTTP/1.1 requires one) is left to rmcp.
fn host_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(host) = headers
        .get(header::HOST)
        .and_then(|host| host.to_str().ok())
        .and_then(|host| http::uri::Authority::try_from(host).ok())
    else {
        return false;
    };
    if allowed.is_empty() {
        return true;
    }
    let name = normalize_host(host.host());
    let port = host.port_u16();
    allowed.iter().any(|entry| {
        let entry = entry.trim();
        if entry.is_empty() {
            return false;
        }
        let (allowed_name, allowed_port) = match http::uri::Authority::try_from(entry) {
            Ok(authority) => (normalize_host(authority.host()), authority.port_u16()),
            Err(_) => (normalize_host(entry), None),
        };
        allowed_name == name && allowed_port.is_none_or(|allowed| port == Some(allowed))
    })
}

fn normalize_host(host: &str) -> String {
    host.trim_matches('[')
        .trim_matches(']')
        .to_ascii_lowercase()
}

/// Both media types a streamable HTTP client must accept, listed without parameters (an entry
/// with any, a quality among them, is left to rmcp's reading of it).
fn accepts_json_and_events(headers: &HeaderMap) -> bool {
    let (mut json, mut events) = (false, false);
    for value in headers.get_all(header::ACCEPT) {
        let Ok(value) = value.to_str() else {
            return false;
        };
        for entry in value.split(',') {
            if entry.contains([';', '"']) {
                return false;
            }
            let essence = entry.trim();
            json |= essence.eq_ignore_ascii_case("application/json");
            events |= essence.eq_ignore_ascii_case("text/event-stream");
        }
    }
    json && events
}

/// No protocol version header (rmcp then assumes 2025-03-26), or a version rmcp knows that is
/// older than the one from which results carry `resultType` and requests standard headers.
fn before_standard_headers(version: Option<&HeaderValue>) -> bool {
    let Some(version) = version else {
        return true;
    };
    version.to_str().is_ok_and(|version| {
        version < ProtocolVersion::STANDARD_HEADERS.as_str()
            && ProtocolVersion::KNOWN_VERSIONS
                .iter()
                .any(|known| known.as_str() == version)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(headers: &[(&str, &str)]) -> Parts {
        let mut request = http::Request::post("/mcp");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.body(()).expect("a valid request").into_parts().0
    }

    const PLAIN: [(&str, &str); 3] = [
        ("host", "127.0.0.1:8080"),
        ("accept", "application/json, text/event-stream"),
        ("content-type", "application/json"),
    ];

    fn with(extra: (&str, &str)) -> Parts {
        let mut headers = PLAIN.to_vec();
        headers.retain(|(name, _)| *name != extra.0);
        headers.push(extra);
        head(&headers)
    }

    fn config() -> StreamableHttpServerConfig {
        super::super::HttpConfig::default().rmcp
    }

    #[test]
    fn a_plain_head_is_taken() {
        assert!(plain_head(&head(&PLAIN), &config()));
        assert!(plain_head(
            &with(("mcp-protocol-version", "2025-11-25")),
            &config()
        ));
        assert!(plain_head(
            &with(("content-type", "Application/JSON; charset=utf-8")),
            &config()
        ));
        assert!(plain_head(&with(("host", "[::1]:1")), &config()));
    }

    #[test]
    fn any_doubt_leaves_the_request_to_rmcp() {
        let refused = [
            ("host", "evil.example"),
            ("accept", "application/json"),
            ("accept", "application/json;q=0, text/event-stream"),
            ("content-type", "text/plain"),
            ("origin", "http://localhost:3000"),
            ("mcp-protocol-version", "2026-07-28"),
            ("mcp-protocol-version", "2099-01-01"),
            ("mcp-protocol-version", "1999-01-01"),
        ];
        for extra in refused {
            assert!(!plain_head(&with(extra), &config()), "{extra:?}");
        }
        let sessions = config().with_legacy_session_mode(true);
        assert!(!plain_head(&head(&PLAIN), &sessions));
        let streamed = config().with_json_response(false);
        assert!(!plain_head(&head(&PLAIN), &streamed));
        let mut get = head(&PLAIN);
        get.method = Method::GET;
        assert!(!plain_head(&get, &config()));
    }

    #[test]
    fn hosts_follow_rmcps_list() {
        let listed = |allowed: &[&str], host: &str| {
            let allowed: Vec<String> = allowed.iter().map(|s| (*s).to_owned()).collect();
            host_allowed(&with(("host", host)).headers, &allowed)
        };
        assert!(listed(&["example.com"], "Example.COM:443"));
        assert!(listed(&["example.com:8080"], "example.com:8080"));
        assert!(!listed(&["example.com:8080"], "example.com:8081"));
        assert!(!listed(&["example.com:8080"], "example.com"));
        assert!(listed(&[], "anything.example"));
        assert!(!listed(&[" "], "example.com"));
    }
}
