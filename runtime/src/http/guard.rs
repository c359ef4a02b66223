//! One request, before and after rmcp's streamable HTTP service: the checks that cost nothing
//! come first (path, `Origin`, a free in-flight slot, `Content-Length`), then the body is read
//! under its cap, its minimum rate and its deadline, then it takes an in-flight slot, and what
//! rmcp answers is corrected where it would mislead the client (`415` for unparsable JSON) or
//! repeat the client's text unbounded (error bodies).
//!
//! A request takes its slot only once its body is read: a slot held while a body trickles in
//! let a few hundred slow senders fill every slot for the whole body timeout, and a body being
//! read costs the server nothing but the bytes that arrived. The connection cap still bounds
//! those bodies, and the connection of a body being read may be evicted for a new one.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http::{HeaderValue, Method, Request, Response, StatusCode, header};
use http_body::Frame;
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full};
use rmcp::transport::streamable_http_server::StreamableHttpService;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use tokio::sync::Semaphore;
use tokio::time::Instant;

use super::HttpConfig;
use super::conn::Busy;
use super::{direct, origin};
use crate::jsonrpc::PlainToolCall;
use crate::rejection;
use crate::rmcp::FusionServer;

/// Every response body of the server.
pub(crate) type Body = BoxBody<Bytes, Infallible>;

/// What every connection shares: the settings, rmcp's service and the in-flight slots.
pub(crate) struct Guard {
    pub config: HttpConfig,
    pub service: StreamableHttpService<FusionServer, LocalSessionManager>,
    /// The server rmcp's service serves, for the calls answered without it.
    pub server: FusionServer,
    pub in_flight: Arc<Semaphore>,
}

impl Guard {
    /// The response to `request` of the connection marked `busy`; the response body holds
    /// its in-flight slot until hyper drops it.
    pub(crate) async fn handle<B>(&self, request: Request<B>, busy: &Busy) -> Response<Body>
    where
        B: http_body::Body<Data = Bytes> + Send + 'static,
    {
        if request.uri().path() != self.config.path {
            return plain(StatusCode::NOT_FOUND, "Not Found");
        }
        if let Some(origin) = request.headers().get(header::ORIGIN)
            && !origin::allowed(origin.as_bytes(), &self.config.allowed_origins)
        {
            return plain(StatusCode::FORBIDDEN, "Forbidden: Origin is not allowed");
        }
        // Refused before its body is read when it would be after: the client learns at once.
        if self.in_flight.available_permits() == 0 {
            return closing(unavailable(IN_FLIGHT));
        }
        let cap = self.config.max_body_bytes;
        let declared = request
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|length| length.to_str().ok()?.parse::<u64>().ok());
        if declared.is_some_and(|length| length > cap as u64) {
            return too_large(cap);
        }
        let (parts, body) = request.into_parts();
        let read = self.read_body(body, declared.map_or(cap, |length| length as usize), busy);
        let body = match read.await {
            Ok(body) => body,
            Err(Unread::TooLarge) => return too_large(cap),
            Err(Unread::Broken) => {
                return closing(plain(
                    StatusCode::BAD_REQUEST,
                    "Bad Request: the body could not be read",
                ));
            }
            Err(Unread::Slow) => {
                return closing(plain(
                    StatusCode::REQUEST_TIMEOUT,
                    "Request Timeout: the body did not arrive in time",
                ));
            }
            Err(Unread::Evicted) => {
                return closing(unavailable(
                    "Service Unavailable: too many connections, this one was closed",
                ));
            }
        };
        busy.body_read();
        let Ok(slot) = Arc::clone(&self.in_flight).try_acquire_owned() else {
            return unavailable(IN_FLIGHT);
        };
        if self.config.direct_tool_calls
            && direct::plain_head(&parts, &self.config.rmcp)
            && let Some(call) = PlainToolCall::parse(&body)
            && let Some(served) = self.server.find(&call.name)
        {
            let response = direct::answer(&self.server, served, call, parts).await;
            return response.map(|body| Held { body, _held: slot }.boxed());
        }
        let json_post =
            parts.method == Method::POST && is_json(parts.headers.get(header::CONTENT_TYPE));
        let response = self
            .service
            .handle(Request::from_parts(parts, Full::new(body.clone())))
            .await;
        let response = if response.status() == StatusCode::UNSUPPORTED_MEDIA_TYPE && json_post {
            unreadable(&body).unwrap_or(response)
        } else if response.status().as_u16() >= 400
            && !is_json(response.headers().get(header::CONTENT_TYPE))
        {
            capped_text(response).await
        } else {
            response
        };
        response.map(|body| Held { body, _held: slot }.boxed())
    }
}

/// A body that keeps `_held` (an in-flight slot, a connection's busy mark) until hyper is done
/// with the response, so a slot is free again only when the response bytes are.
pub(crate) struct Held<G> {
    pub body: Body,
    pub _held: G,
}

impl<G: Send + Sync + Unpin + 'static> http_body::Body for Held<G> {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

enum Unread {
    TooLarge,
    Broken,
    /// Behind the minimum rate, or past `body_read_timeout`.
    Slow,
    /// The connection was closed to make room for a new one.
    Evicted,
}

/// The capacity a body's buffer starts with at most: it then doubles as bytes arrive, so that a
/// length declared up front costs memory only once the body is sent.
const FIRST_CAPACITY: usize = 16 << 10;

impl Guard {
    /// The whole body, at most `limit` bytes (the declared length, or the cap): `TooLarge` as
    /// soon as it passes the cap, `Slow` when it falls behind [`Self::body_deadline`].
    async fn read_body<B>(&self, body: B, limit: usize, busy: &Busy) -> Result<Bytes, Unread>
    where
        B: http_body::Body<Data = Bytes>,
    {
        let cap = self.config.max_body_bytes;
        let start = Instant::now();
        let mut body = std::pin::pin!(body);
        let mut collected = Vec::with_capacity(limit.min(FIRST_CAPACITY));
        // One timer for the body, moved only when it fires early: a body that came with its
        // head never arms it, and one that trickles in does not re-arm it on every frame.
        let mut timer = std::pin::pin!(tokio::time::sleep_until(self.body_deadline(start, 0)));
        let mut evicted = std::pin::pin!(busy.evicted());
        loop {
            let frame = tokio::select! {
                biased;
                frame = body.frame() => frame,
                () = timer.as_mut() => {
                    let deadline = self.body_deadline(start, collected.len());
                    if deadline <= Instant::now() {
                        return Err(Unread::Slow);
                    }
                    timer.as_mut().reset(deadline);
                    continue;
                }
                () = evicted.as_mut() => return Err(Unread::Evicted),
            };
            let Some(frame) = frame else {
                return Ok(Bytes::from(collected));
            };
            let Ok(data) = frame.map_err(|_| Unread::Broken)?.into_data() else {
                continue;
            };
            if data.len() > cap - collected.len() {
                return Err(Unread::TooLarge);
            }
            let needed = collected.len() + data.len();
            if needed > collected.capacity() {
                // Doubling, but never past the declared length or the cap.
                let grown = (collected.capacity() * 2).min(limit.min(cap)).max(needed);
                collected.reserve_exact(grown - collected.len());
            }
            collected.extend_from_slice(&data);
        }
    }

    /// When a body whose head ended at `start` and of which `received` bytes have arrived is
    /// too slow: `body_grace`, plus the time `min_body_rate` gives those bytes, and never past
    /// `body_read_timeout`.
    fn body_deadline(&self, start: Instant, received: usize) -> Instant {
        let config = &self.config;
        let allowed = match config.min_body_rate {
            0 => config.body_read_timeout,
            rate => {
                let earned = (received as u64).saturating_mul(1000) / rate as u64;
                config.body_grace + Duration::from_millis(earned)
            }
        };
        start + allowed.min(config.body_read_timeout)
    }
}

pub(super) fn is_json(content_type: Option<&HeaderValue>) -> bool {
    content_type
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

/// JSON-RPC's answer to a body rmcp could not read, as `400` (the streamable HTTP transport's
/// status for a body that is not a valid message); `None` if the body reads after all.
fn unreadable(body: &[u8]) -> Option<Response<Body>> {
    let error = serde_json::from_slice::<rmcp::model::ClientJsonRpcMessage>(body).err()?;
    let rejection = rejection::reject(body, &error);
    let mut response = Response::new(Full::new(Bytes::from(rejection.reply)).boxed());
    *response.status_mut() = StatusCode::BAD_REQUEST;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    Some(response)
}

/// The error text cut and kept on one line: rmcp repeats some headers whole (a bogus
/// `MCP-Protocol-Version` of any length came back in the `400` body).
async fn capped_text(response: Response<Body>) -> Response<Body> {
    let (parts, body) = response.into_parts();
    let Ok(collected) = body.collect().await;
    let text = String::from_utf8_lossy(&collected.to_bytes()).into_owned();
    let text = crate::escape::echo(&text).into_owned();
    let mut response = Response::from_parts(parts, Full::new(Bytes::from(text)).boxed());
    response.headers_mut().remove(header::CONTENT_LENGTH);
    response
}

pub(crate) fn plain(status: StatusCode, text: &'static str) -> Response<Body> {
    let mut response = Response::new(Full::new(Bytes::from_static(text.as_bytes())).boxed());
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}

/// The connection is not reused: the rest of the request body was never read.
fn closing(mut response: Response<Body>) -> Response<Body> {
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

const IN_FLIGHT: &str = "Service Unavailable: too many requests in flight";

/// `503`: nothing of the request was done, and it may be sent again in a second.
fn unavailable(text: &'static str) -> Response<Body> {
    let mut response = plain(StatusCode::SERVICE_UNAVAILABLE, text);
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

fn too_large(cap: usize) -> Response<Body> {
    let text = format!("Payload Too Large: the request body is over {cap} bytes");
    let mut response = closing(plain(StatusCode::PAYLOAD_TOO_LARGE, ""));
    *response.body_mut() = Full::new(Bytes::from(text)).boxed();
    response
}
