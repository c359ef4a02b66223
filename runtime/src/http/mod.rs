//! Serving a [`FusionServer`] over MCP's streamable HTTP transport, safe by default (feature
//! `http`): rmcp's streamable HTTP service behind hyper, with the limits a server open to a
//! network needs and rmcp leaves to the application.
//!
//! | Setting | Default | What it stops |
//! | --- | --- | --- |
//! | [`header_read_timeout`](HttpConfig::header_read_timeout) | 10 s | a connection that never finishes its request head (slowloris) |
//! | [`idle_timeout`](HttpConfig::idle_timeout) | 30 s | a keep-alive connection with no request |
//! | [`body_grace`](HttpConfig::body_grace) | 5 s | a body that does not come: `408` and the connection closed |
//! | [`min_body_rate`](HttpConfig::min_body_rate) | 1 KiB/s | a body that trickles in: once `body_grace` is spent, a body must keep up with this rate or get `408` and the connection closed |
//! | [`body_read_timeout`](HttpConfig::body_read_timeout) | 30 s | the longest any body may take, however fast it comes (`408`) |
//! | [`max_connections`](HttpConfig::max_connections) | 512 | descriptors run out: past it the oldest connection without a request being answered (idle, or still sending its request) is closed, or the new one gets `503` |
//! | [`max_in_flight`](HttpConfig::max_in_flight) | 128 | memory and CPU held by requests being answered (a request takes its slot once its body is read): past it `503` with `Retry-After: 1` |
//! | [`max_body_bytes`](HttpConfig::max_body_bytes) | 1 MiB | memory per request: a larger body gets `413` before it is read |
//! | [`max_header_bytes`](HttpConfig::max_header_bytes) | 64 KiB | memory per connection for the request head: a larger head gets `431` |
//! | [`allowed_origins`](HttpConfig::allowed_origins) | [`LOCALHOST_ORIGINS`] | DNS rebinding: a request whose `Origin` is another site gets `403`; none is fine |
//! | [`shutdown_grace`](HttpConfig::shutdown_grace) | 30 s | a shutdown waiting forever on a request |
//! | [`path`](HttpConfig::path) | `/mcp` | |
//!
//! Worst-case memory is about `max_in_flight` × `max_body_bytes` × the JSON expansion of the
//! body (a few times its size) for the requests being answered, plus `max_connections` ×
//! (`max_header_bytes` + `max_body_bytes`) for the requests being read. A body's buffer grows
//! as its bytes arrive, whatever length it declares, so the second figure is memory a client
//! has to send (in full within `body_read_timeout`), not memory it can claim with a header.
//!
//! Besides: a body rmcp cannot read gets `400` with a JSON-RPC error (`-32700` for invalid
//! JSON, `-32600` for JSON that is not a request) where rmcp answers `415`, and the text of an
//! error response is cut and kept on one line (rmcp repeats a bogus `MCP-Protocol-Version` whole).
//! rmcp's own checks stay: `Host` (loopback only by default, set with
//! [`StreamableHttpServerConfig::with_allowed_hosts`] on [`HttpConfig::rmcp`]), `Accept`, content
//! type and protocol version. HTTP/1.1 only.
//!
//! # One write per call
//!
//! A `tools/call` in its plain form (`jsonrpc`, `id`, `method`, `params` with `name` and
//! `arguments`; no `_meta`), for a tool the server has, from a client whose head rmcp would
//! serve statelessly with a JSON answer (allowed `Host`, no `Origin`, `Accept` listing
//! `application/json` and `text/event-stream` without parameters, a JSON `Content-Type`, no
//! protocol version header or one before 2026-07-28) is answered without rmcp's message model:
//! the call runs through the same middleware, gates, validation and handler, and its response
//! is written in one pass, each text block escaped as it is copied
//! ([`crate::jsonrpc::write_tool_result`]), the same bytes rmcp sends. Everything else goes to
//! rmcp as before. [`HttpConfig::direct_tool_calls`] turns it off.
//!
//! ```no_run
//! # async fn run(server: fusion_runtime::rmcp::FusionServer) -> std::io::Result<()> {
//! use fusion_runtime::http::{HttpConfig, serve, shutdown_signal};
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! let config = HttpConfig::default().with_max_body_bytes(4 << 20);
//! serve(server, listener, config, shutdown_signal()).await;
//! # Ok(())
//! # }
//! ```

mod conn;
mod direct;
mod guard;
mod origin;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};

pub use origin::LOCALHOST_ORIGINS;

use crate::rmcp::FusionServer;

/// The limits of [`serve`]; [`Default`] gives the figures of the [module table](self), and each
/// `with_…` method (or field) changes one.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct HttpConfig {
    /// From the moment a connection opens, or its first byte of a new request arrives, to the
    /// end of that request's head.
    pub header_read_timeout: Duration,
    /// How long a connection may wait between two requests before it is closed.
    pub idle_timeout: Duration,
    /// How long a body may take to start: at a time `t` after its request head, a body not yet
    /// whole must have sent at least (`t` − `body_grace`) × [`min_body_rate`](Self::min_body_rate)
    /// bytes. Behind that, `408` and the connection is closed.
    pub body_grace: Duration,
    /// The slowest a body may arrive once [`body_grace`](Self::body_grace) is spent, in bytes a
    /// second, on average from the end of the head (a body that came fast may pause). A slow
    /// sender then holds its connection for about `body_grace` plus a second per
    /// `min_body_rate` bytes it sends. 0 turns the rate off: only `body_read_timeout` applies.
    pub min_body_rate: usize,
    /// From the end of the request head to the end of its body, at any rate; past it, `408`
    /// and the connection is closed.
    pub body_read_timeout: Duration,
    /// Open connections at most. A new one past it closes the oldest connection that is idle or
    /// still sending its request (a body being read is answered `503` with `Retry-After: 1`:
    /// nothing of it was done); if every connection has a request being answered, the new one
    /// gets `503` and is closed.
    pub max_connections: usize,
    /// Requests being answered at once, counted from the end of their body; past it, `503`
    /// with `Retry-After: 1`.
    pub max_in_flight: usize,
    /// The largest request body; past it, `413` (at once when `Content-Length` says so).
    pub max_body_bytes: usize,
    /// The largest request head (request line and headers); past it, `431` and the connection
    /// is closed. Also hyper's read buffer (at least 8 KiB).
    pub max_header_bytes: usize,
    /// The `Origin` values served (see [`LOCALHOST_ORIGINS`] for the form); a request without
    /// `Origin` (not from a browser) is always served. `"*"` serves any origin.
    pub allowed_origins: Vec<String>,
    /// How long a shutdown waits for requests in flight before it drops them.
    pub shutdown_grace: Duration,
    /// The one path served; any other gets `404`.
    pub path: String,
    /// Whether a plain `tools/call` (see [the module](self#one-write-per-call)) is answered
    /// without rmcp's message model, its response written in one pass; on by default. Off,
    /// every request goes through rmcp, as before.
    pub direct_tool_calls: bool,
    /// rmcp's own settings. By default stateless (no `Mcp-Session-Id`: any instance answers any
    /// request) with `application/json` answers; its body cap is replaced by `max_body_bytes`.
    pub rmcp: StreamableHttpServerConfig,
}

impl Default for HttpConfig {
    fn default() -> Self {
        Self {
            header_read_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(30),
            body_grace: Duration::from_secs(5),
            min_body_rate: 1024,
            body_read_timeout: Duration::from_secs(30),
            max_connections: 512,
            max_in_flight: 128,
            max_body_bytes: 1 << 20,
            max_header_bytes: 64 << 10,
            allowed_origins: LOCALHOST_ORIGINS.map(String::from).to_vec(),
            shutdown_grace: Duration::from_secs(30),
            path: "/mcp".to_owned(),
            direct_tool_calls: true,
            rmcp: StreamableHttpServerConfig::default()
                .with_legacy_session_mode(false)
                .with_json_response(true),
        }
    }
}

macro_rules! setters {
    ($($(#[$doc:meta])* $name:ident: $field:ident: $type:ty;)*) => {
        impl HttpConfig {
            $(
                $(#[$doc])*
                #[must_use]
                pub fn $name(mut self, value: $type) -> Self {
                    self.$field = value;
                    self
                }
            )*
        }
    };
}

setters! {
    /// Sets [`header_read_timeout`](Self::header_read_timeout).
    with_header_read_timeout: header_read_timeout: Duration;
    /// Sets [`idle_timeout`](Self::idle_timeout).
    with_idle_timeout: idle_timeout: Duration;
    /// Sets [`body_grace`](Self::body_grace).
    with_body_grace: body_grace: Duration;
    /// Sets [`min_body_rate`](Self::min_body_rate).
    with_min_body_rate: min_body_rate: usize;
    /// Sets [`body_read_timeout`](Self::body_read_timeout).
    with_body_read_timeout: body_read_timeout: Duration;
    /// Sets [`max_connections`](Self::max_connections).
    with_max_connections: max_connections: usize;
    /// Sets [`max_in_flight`](Self::max_in_flight).
    with_max_in_flight: max_in_flight: usize;
    /// Sets [`max_body_bytes`](Self::max_body_bytes).
    with_max_body_bytes: max_body_bytes: usize;
    /// Sets [`max_header_bytes`](Self::max_header_bytes).
    with_max_header_bytes: max_header_bytes: usize;
    /// Sets [`allowed_origins`](Self::allowed_origins).
    with_allowed_origins: allowed_origins: Vec<String>;
    /// Sets [`shutdown_grace`](Self::shutdown_grace).
    with_shutdown_grace: shutdown_grace: Duration;
    /// Sets [`path`](Self::path).
    with_path: path: String;
    /// Sets [`direct_tool_calls`](Self::direct_tool_calls).
    with_direct_tool_calls: direct_tool_calls: bool;
    /// Sets [`rmcp`](Self::rmcp).
    with_rmcp: rmcp: StreamableHttpServerConfig;
}

/// Serves `server` on `listener` with `config` until `shutdown` resolves, then stops accepting,
/// lets the requests in flight finish (for [`HttpConfig::shutdown_grace`] at most), closes every
/// connection and returns. A failed accept (descriptors run out) closes the oldest idle
/// connection and is retried: it never stops the server.
pub async fn serve(
    server: FusionServer,
    listener: tokio::net::TcpListener,
    config: HttpConfig,
    shutdown: impl Future<Output = ()> + Send,
) {
    let mut rmcp_config = config.rmcp.clone();
    rmcp_config.max_request_body_bytes = config.max_body_bytes;
    let served = server.clone();
    let service = StreamableHttpService::new(
        move || Ok(served.clone()),
        Arc::new(LocalSessionManager::default()),
        rmcp_config,
    );
    let guard = guard::Guard {
        in_flight: Arc::new(tokio::sync::Semaphore::new(config.max_in_flight)),
        config,
        service,
        server,
    };
    conn::accept(listener, Arc::new(guard), shutdown).await
}

/// Resolves on Ctrl-C (SIGINT) or, on Unix, SIGTERM: what a terminal or a service manager sends
/// to stop a server. Pass it to [`serve`].
pub async fn shutdown_signal() {
    let interrupt = async {
        // No handler can be installed: never resolve rather than stop the server at once.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut stream) => {
                stream.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

#[cfg(test)]
mod tests;
