//! [`ApiClient`]: sends an operation's request with reqwest (rustls) and reads the answer under
//! a cap and a timeout, with the configuration's identification, headers and credentials.
//!
//! The credentials never leave the API's origin: the URL a request is sent to is checked to
//! have the base URL's origin and the path the operation declared (after the URL parser's own
//! normalisation), no `Referer` is ever sent, and a redirect is followed only within the origin
//! (a redirect elsewhere is reported, not followed, so neither a header nor a query key reaches
//! another host, and no other host's answer reaches the agent as the API's data).

use std::hash::{BuildHasher, Hasher};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use reqwest::header::{self, HeaderMap, HeaderName, HeaderValue};
use reqwest::{Method, Url};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::failure::{ApiError, RateLimit, is_idempotent, parse_retry_after, rate_limit};
use super::request::{Request, arguments, build_from, percent_encode};
use super::{ApiConfig, Auth, Operation, Redirects, Retry, status_error};
use crate::{Reply, ToolResponse};

/// An answer of the API: status, reason, headers and the body read under the cap.
#[derive(Debug, Clone)]
pub struct ApiResponse {
    /// The HTTP status.
    pub status: u16,
    /// The status's reason phrase.
    pub reason: String,
    /// The response headers.
    pub headers: HeaderMap,
    /// The body.
    pub body: Vec<u8>,
}

impl ApiResponse {
    /// A header's value, when it is text.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name)?.to_str().ok()
    }

    /// The rate limit this answer reports, if it refused the call for one.
    pub fn rate_limit(&self) -> Option<RateLimit> {
        rate_limit(self.status, |name| self.header(name), unix_now())
    }

    /// The `Link` headers joined by `, ` (RFC 8288 allows several), which say where a paged
    /// list goes on.
    fn link(&self) -> Option<String> {
        let links: Vec<&str> = self
            .headers
            .get_all(header::LINK)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .collect();
        (!links.is_empty()).then(|| links.join(", "))
    }

    fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }
}

/// Sends operations' requests to one API.
#[derive(Debug, Clone)]
pub struct ApiClient {
    http: reqwest::Client,
    config: ApiConfig,
    base: Url,
    headers: HeaderMap,
    action_headers: Vec<(String, HeaderName, HeaderValue)>,
    auth_header: Option<(HeaderName, HeaderValue)>,
}

/// A header the configuration names, checked once when the client is made.
fn config_header(name: &str, value: &str) -> Result<(HeaderName, HeaderValue), ApiError> {
    let parsed_name = HeaderName::from_bytes(name.as_bytes())
        .map_err(|_| ApiError::Config(format!("`{name}` is not a header name")))?;
    let mut parsed_value = HeaderValue::from_str(value)
        .map_err(|_| ApiError::Config(format!("the value of header `{name}` is not valid")))?;
    parsed_value.set_sensitive(true);
    Ok((parsed_name, parsed_value))
}

impl ApiClient {
    /// A client for `config`; an error when the base URL is not an `http` or `https` URL or a
    /// configured header is not valid.
    pub fn new(config: ApiConfig) -> Result<Self, ApiError> {
        let base = Url::parse(&config.base_url)
            .ok()
            .filter(|url| matches!(url.scheme(), "http" | "https") && url.has_host())
            .ok_or_else(|| {
                ApiError::Config(format!("`{}` is not an http(s) URL", config.base_url))
            })?;
        let mut headers = HeaderMap::new();
        for (name, value) in &config.headers {
            let (name, value) = config_header(name, value)?;
            headers.insert(name, value);
        }
        let action_headers = config
            .action_headers
            .iter()
            .map(|(action, name, value)| {
                config_header(name, value).map(|(name, value)| (action.clone(), name, value))
            })
            .collect::<Result<_, _>>()?;
        let auth_header = match &config.auth {
            Auth::Bearer(token) => {
                Some(config_header("authorization", &format!("Bearer {token}"))?)
            }
            Auth::Header { name, value } => Some(config_header(name, value)?),
            Auth::None | Auth::Query { .. } => None,
        };
        let origin = base.origin();
        let redirect = match config.redirects {
            Redirects::None => reqwest::redirect::Policy::none(),
            Redirects::SameOrigin(max) => reqwest::redirect::Policy::custom(move |attempt| {
                // Stopped, the redirect reaches `exchange` as a 3xx and is reported.
                if attempt.previous().len() > max || attempt.url().origin() != origin {
                    attempt.stop()
                } else {
                    attempt.follow()
                }
            }),
        };
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .user_agent(config.user_agent.as_str())
            .referer(false)
            .redirect(redirect)
            .build()
            .map_err(|error| ApiError::Config(error.to_string()))?;
        Ok(ApiClient {
            http,
            config,
            base,
            headers,
            action_headers,
            auth_header,
        })
    }

    /// The configuration.
    pub fn config(&self) -> &ApiConfig {
        &self.config
    }

    /// The reqwest client, to call the API directly with the same settings.
    pub fn http(&self) -> &reqwest::Client {
        &self.http
    }

    /// The URL of `request`: the base URL, the request's path and query, and a query key.
    /// Refused when parsing it changed the origin or the path's segments (dot segments that
    /// [`super::build`] did not catch, a template's own `..`).
    fn url(&self, request: &Request) -> Result<Url, ApiError> {
        let mut text = format!("{}{}", self.config.base_url, request.path_and_query);
        if let Auth::Query { name, value } = &self.config.auth {
            text.push(if request.path_and_query.contains('?') {
                '&'
            } else {
                '?'
            });
            percent_encode(&mut text, name);
            text.push('=');
            percent_encode(&mut text, value);
        }
        let left_path = || ApiError::Invalid {
            field: "(root)".to_owned(),
            message: "The arguments would send the request outside the operation's path."
                .to_owned(),
            sent: None,
        };
        let url = Url::parse(&text).map_err(|_| left_path())?;
        let segments = |path: &str| path.matches('/').count();
        let expected = segments(self.base.path().trim_end_matches('/')) + segments(request.path());
        if url.origin() != self.base.origin() || segments(url.path()) != expected.max(1) {
            return Err(left_path());
        }
        Ok(url)
    }

    /// The headers of `request`, each replacing the one before of the same name: the
    /// arguments' headers, the configuration's, the action's, then the credentials.
    fn headers(&self, request: &Request) -> Result<HeaderMap, ApiError> {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT, HeaderValue::from_static("application/json"));
        for (name, value) in &request.headers {
            let invalid = |message: &str| ApiError::Invalid {
                field: name.clone(),
                message: message.to_owned(),
                sent: None,
            };
            let header = HeaderName::from_bytes(name.as_bytes())
                .map_err(|_| invalid("The operation's header name is not valid."))?;
            let value = HeaderValue::from_str(value)
                .map_err(|_| invalid("A header value must be visible ASCII text."))?;
            headers.insert(header, value);
        }
        for (name, value) in &self.headers {
            headers.insert(name.clone(), value.clone());
        }
        for (action, name, value) in &self.action_headers {
            if action == request.action {
                headers.insert(name.clone(), value.clone());
            }
        }
        if let Some((name, value)) = &self.auth_header {
            headers.insert(name.clone(), value.clone());
        }
        if request.body.is_some() {
            headers.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
        }
        Ok(headers)
    }

    /// Sends `request` and reads the answer under the cap. An idempotent request that meets a
    /// `429`, `502`, `503` or `504`, or cannot connect, is sent again per
    /// [`ApiConfig::retry`]; a redirect the policy does not follow is an error.
    pub async fn send(&self, request: &Request) -> Result<ApiResponse, ApiError> {
        let method = Method::from_bytes(request.method.as_bytes())
            .map_err(|_| ApiError::Config(format!("`{}` is not a method", request.method)))?;
        let url = self.url(request)?;
        let headers = self.headers(request)?;
        let retry = self.config.retry;
        let retries = if is_idempotent(request.method) {
            retry.max_retries
        } else {
            0
        };
        let mut attempt = 0;
        loop {
            let outcome = self
                .exchange(
                    method.clone(),
                    url.clone(),
                    headers.clone(),
                    request.body.clone(),
                )
                .await;
            if attempt < retries
                && let Some(wait) = retry_wait(&outcome, &retry, attempt)
            {
                tokio::time::sleep(wait).await;
                attempt += 1;
                continue;
            }
            return outcome;
        }
    }

    /// One attempt.
    async fn exchange(
        &self,
        method: Method,
        url: Url,
        headers: HeaderMap,
        body: Option<Vec<u8>>,
    ) -> Result<ApiResponse, ApiError> {
        let mut builder = self.http.request(method, url).headers(headers);
        if let Some(body) = body {
            builder = builder.body(body);
        }
        let mut response = builder.send().await.map_err(classify)?;
        let status = response.status();
        if status.is_redirection()
            && let Some(location) = response.headers().get(header::LOCATION)
        {
            let to = location
                .to_str()
                .ok()
                .and_then(|location| response.url().join(location).ok())
                .map_or_else(
                    || "an address that is not a URL".to_owned(),
                    |url| url.origin().ascii_serialization(),
                );
            return Err(ApiError::Redirect {
                status: status.as_u16(),
                to,
            });
        }
        let cap = self.config.max_response_bytes;
        if response.content_length().is_some_and(|n| n > cap as u64) {
            return Err(ApiError::TooLarge(cap));
        }
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(classify)? {
            if body.len() + chunk.len() > cap {
                return Err(ApiError::TooLarge(cap));
            }
            body.extend_from_slice(&chunk);
        }
        Ok(ApiResponse {
            status: status.as_u16(),
            reason: status.canonical_reason().unwrap_or("").to_owned(),
            headers: std::mem::take(response.headers_mut()),
            body,
        })
    }

    /// Builds and sends `operation`'s request; anything but a 2xx answer is the tool error the
    /// agent reads.
    async fn answer(
        &self,
        operation: &Operation,
        args: &serde_json::Map<String, Value>,
    ) -> Result<ApiResponse, ToolResponse> {
        // The call's span (crate::trace) gets the route template, never the URL: a path or
        // query value may be the agent's argument or a credential.
        let span = tracing::Span::current();
        span.record("http.request.method", operation.method);
        span.record("http.route", operation.path);
        let request = build_from(operation, args).map_err(|error| error.response(operation))?;
        let response = self
            .send(&request)
            .await
            .map_err(|error| error.response(operation))?;
        span.record("http.response.status_code", response.status);
        tracing::debug!(
            target: crate::trace::TARGET,
            method = operation.method,
            route = operation.path,
            status = response.status,
            "API answered"
        );
        if response.is_success() {
            return Ok(response);
        }
        Err(status_error(
            response.status,
            &response.reason,
            &response.body,
            self.config.error_excerpt_bytes,
            response.rate_limit(),
        ))
    }

    /// Calls `operation` with `args` and reads a 2xx body into `T`; any failure is the tool
    /// error that fits it ([`ApiError::response`], [`status_error`]).
    pub async fn call<A: Serialize, T: DeserializeOwned>(
        &self,
        operation: &Operation,
        args: &A,
    ) -> Reply<T> {
        let args = match arguments(args) {
            Ok(args) => args,
            Err(error) => return Reply::Response(error.response(operation)),
        };
        match self.answer(operation, &args).await {
            Ok(response) => self
                .read(operation, &response.body)
                .map_or_else(Reply::Response, Reply::Data),
            Err(error) => Reply::Response(error),
        }
    }

    /// A 2xx body as `T`, or the tool error of a body that does not fit.
    fn read<T: DeserializeOwned>(
        &self,
        operation: &Operation,
        body: &[u8],
    ) -> Result<T, ToolResponse> {
        serde_json::from_slice(body).map_err(|error| {
            let why = super::failure::one_line(&error.to_string(), self.config.error_excerpt_bytes);
            ApiError::Body(why).response(operation)
        })
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
    ) -> Reply<T> {
        let mut args = match arguments(args) {
            Ok(args) => args,
            Err(error) => return Reply::Response(error.response(operation)),
        };
        if let Some(paging) = &operation.paging
            && let Some(size) = paging.size
            && args.get(size).is_none_or(Value::is_null)
            && let Some(default) = paging.default_request_size(limit)
        {
            args.insert(size.to_owned(), Value::from(default));
        }
        let response = match self.answer(operation, &args).await {
            Ok(response) => response,
            Err(error) => return Reply::Response(error),
        };
        let data = match self.read(operation, &response.body) {
            Ok(data) => data,
            Err(error) => return Reply::Response(error),
        };
        let Some(paging) = operation.paging else {
            return Reply::Data(data);
        };
        // Matched against a next page's URL: the API's names.
        let query: Vec<&str> = operation.query_params().map(|p| p.name).collect();
        let link = response.link();
        let more = crate::paging::More::new(paging, &args, &response.body, link.as_deref(), &query);
        Reply::More(data, more)
    }

    /// A generated default method's answer ([`ApiClient::call`] of owned arguments), as the
    /// `Result` a handler returns. Never `Err`: every failure is already the tool error that
    /// fits it, and `Err` is left to code that overrides the method. One generic future here
    /// rather than an `async` block in each generated method: at vendor scale (1,200
    /// operations) those blocks were a large share of the generated crate's compile time.
    pub async fn data<A, T>(
        &self,
        operation: &'static Operation,
        args: A,
    ) -> Result<Reply<T>, ApiError>
    where
        A: Serialize,
        T: DeserializeOwned,
    {
        Ok(self.call(operation, &args).await)
    }

    /// [`ApiClient::data`] of an operation that pages its list ([`ApiClient::call_paged`]);
    /// `flat` names the action's own tool when it is exposed as one, which the next-page
    /// suggestion then names ([`crate::paging::flat`]).
    pub async fn page<A, T>(
        &self,
        operation: &'static Operation,
        args: A,
        limit: Option<usize>,
        flat: Option<&'static str>,
    ) -> Result<Reply<T>, ApiError>
    where
        A: Serialize,
        T: DeserializeOwned,
    {
        let reply = self.call_paged(operation, &args, limit).await;
        Ok(match flat {
            Some(name) => crate::paging::flat(reply, name),
            None => reply,
        })
    }

    /// [`ApiClient::data`] of an operation that answers with no JSON body
    /// ([`ApiClient::call_without_data`]).
    pub async fn status<A>(
        &self,
        operation: &'static Operation,
        args: A,
    ) -> Result<ToolResponse, ApiError>
    where
        A: Serialize,
    {
        Ok(self.call_without_data(operation, &args).await)
    }

    /// Calls an operation that answers with no JSON body: the response says the status.
    pub async fn call_without_data<A: Serialize>(
        &self,
        operation: &Operation,
        args: &A,
    ) -> ToolResponse {
        let args = match arguments(args) {
            Ok(args) => args,
            Err(error) => return error.response(operation),
        };
        match self.answer(operation, &args).await {
            Ok(response) => {
                ToolResponse::text(format!("HTTP {} {}", response.status, response.reason))
            }
            Err(error) => error,
        }
    }
}

/// How long to wait before sending a failed attempt again, or `None` not to: a `429`, `502`,
/// `503` or `504` waits what the API asked (and is not retried when that is past
/// [`Retry::max_wait`]), else a jittered exponential backoff; a failed connection backs off.
fn retry_wait(
    outcome: &Result<ApiResponse, ApiError>,
    retry: &Retry,
    attempt: u32,
) -> Option<Duration> {
    let asked = match outcome {
        Ok(response) if response.status == 429 => {
            response.rate_limit().and_then(|limit| limit.retry_after)
        }
        Ok(response) if matches!(response.status, 502..=504) => response
            .header("retry-after")
            .and_then(|value| parse_retry_after(value, unix_now())),
        Err(ApiError::Connect(_)) => None,
        _ => return None,
    };
    let wait = match asked {
        Some(seconds) => Duration::from_secs(u64::from(seconds)),
        None => backoff(retry, attempt),
    };
    (wait <= retry.max_wait).then_some(wait)
}

/// Full jitter: a random wait up to `initial_backoff × 2^attempt`, within `max_wait`.
fn backoff(retry: &Retry, attempt: u32) -> Duration {
    let ceiling = retry
        .initial_backoff
        .saturating_mul(1_u32.checked_shl(attempt).unwrap_or(u32::MAX))
        .min(retry.max_wait);
    // A fresh `RandomState` is randomly keyed: enough to keep clients out of step, with no
    // random-number crate.
    let random = std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish();
    ceiling.mul_f64((random >> 11) as f64 / (1_u64 << 53) as f64)
}

fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |now| now.as_secs())
}

/// A reqwest failure as the failure the agent is told about: TLS, connection, timeout, a
/// broken answer, or another.
fn classify(error: reqwest::Error) -> ApiError {
    let error = error.without_url();
    if error.is_timeout() {
        return ApiError::Timeout;
    }
    if let Some(tls) = tls_failure(&error) {
        return ApiError::Tls(tls);
    }
    let cause = innermost(&error);
    if error.is_connect() {
        return ApiError::Connect(cause);
    }
    if error.is_body() || error.is_decode() {
        return ApiError::Interrupted(cause);
    }
    ApiError::Transport(cause)
}

/// rustls's error, if one is in `error`'s chain. hyper-rustls wraps it in `io::Error`s (two
/// deep), whose `source` skips the error they wrap, so each `io::Error` is peeled too.
fn tls_failure(error: &(dyn std::error::Error + 'static)) -> Option<String> {
    let mut next = Some(error);
    while let Some(error) = next {
        let mut peeled: &(dyn std::error::Error + 'static) = error;
        loop {
            if let Some(tls) = peeled.downcast_ref::<rustls::Error>() {
                return Some(tls.to_string());
            }
            match peeled
                .downcast_ref::<std::io::Error>()
                .and_then(|io| io.get_ref())
            {
                Some(inner) => peeled = inner,
                None => break,
            }
        }
        next = error.source();
    }
    None
}

/// The text of the deepest cause: `Connection refused (os error 111)` rather than reqwest's
/// `error sending request`.
fn innermost(error: &(dyn std::error::Error + 'static)) -> String {
    let mut deepest = error;
    while let Some(source) = deepest.source() {
        deepest = source;
    }
    super::failure::one_line(&deepest.to_string(), 200)
}
