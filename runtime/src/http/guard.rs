//! One request, before and after rmcp's streamable HTTP service: the checks that cost nothing
//! come first (path, `Origin`, a free in-flight slot, `Content-Length`), then the body is read
//! under its cap and deadline, and what rmcp answers is corrected where it would mislead the
//! client (`415` for unparsable JSON) or repeat the client's text unbounded (error bodies).

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::{Bytes, BytesMut};
use http::{HeaderValue, Method, Request, Response, StatusCode, header};
use http_body::Frame;
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full};
use rmcp::transport::streamable_http_server::StreamableHttpService;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use tokio::sync::Semaphore;

use super::HttpConfig;
use super::origin;
use crate::rejection;
use crate::rmcp::FusionServer;

/// Every response body of the server.
pub(crate) type Body = BoxBody<Bytes, Infallible>;

/// What every connection shares: the settings, rmcp's service and the in-flight slots.
pub(crate) struct Guard {
    pub config: HttpConfig,
    pub service: StreamableHttpService<FusionServer, LocalSessionManager>,
    pub in_flight: Arc<Semaphore>,
}

impl Guard {
    /// The response to `request`, whose body holds its in-flight slot until hyper drops it.
    pub(crate) async fn handle<B>(&self, request: Request<B>) -> Response<Body>
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
        let Ok(slot) = Arc::clone(&self.in_flight).try_acquire_owned() else {
            let mut response = plain(
                StatusCode::SERVICE_UNAVAILABLE,
                "Service Unavailable: too many requests in flight",
            );
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            return response;
        };
        let cap = self.config.max_body_bytes;
        let declared = request
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|length| length.to_str().ok()?.parse::<u64>().ok());
        if declared.is_some_and(|length| length > cap as u64) {
            return too_large(cap);
        }
        let (parts, body) = request.into_parts();
        let read = tokio::time::timeout(
            self.config.body_read_timeout,
            read_capped(body, cap, declared.map_or(0, |length| length as usize)),
        );
        let body = match read.await {
            Ok(Ok(body)) => body,
            Ok(Err(Unread::TooLarge)) => return too_large(cap),
            Ok(Err(Unread::Broken)) => {
                return closing(plain(
                    StatusCode::BAD_REQUEST,
                    "Bad Request: the body could not be read",
                ));
            }
            Err(_) => {
                return closing(plain(
                    StatusCode::REQUEST_TIMEOUT,
                    "Request Timeout: the body did not arrive in time",
                ));
            }
        };
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
}

/// The whole body, or `TooLarge` as soon as it passes `cap` (its capacity is reserved from the
/// declared length, itself under the cap, so the buffer never doubles past it).
async fn read_capped<B>(body: B, cap: usize, declared: usize) -> Result<Bytes, Unread>
where
    B: http_body::Body<Data = Bytes>,
{
    let mut body = std::pin::pin!(body);
    let mut collected = BytesMut::with_capacity(declared);
    while let Some(frame) = body.frame().await {
        let Ok(data) = frame.map_err(|_| Unread::Broken)?.into_data() else {
            continue;
        };
        if data.len() > cap - collected.len() {
            return Err(Unread::TooLarge);
        }
        collected.extend_from_slice(&data);
    }
    Ok(collected.freeze())
}

fn is_json(content_type: Option<&HeaderValue>) -> bool {
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

fn too_large(cap: usize) -> Response<Body> {
    let text = format!("Payload Too Large: the request body is over {cap} bytes");
    let mut response = closing(plain(StatusCode::PAYLOAD_TOO_LARGE, ""));
    *response.body_mut() = Full::new(Bytes::from(text)).boxed();
    response
}
