//! Where the API is and how to call it: base URL, credentials, identification, default and
//! per-action headers, redirects, retries and limits, set by whoever builds the server (never by
//! generated code, never by the agent).

use std::fmt;
use std::time::Duration;

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

/// Which redirects the client follows. Whatever the policy, a redirect to another origin
/// (scheme, host and port) is never followed: the credentials the client adds belong to the
/// API's origin, and an answer from elsewhere is not the API's data. Such a redirect is a tool
/// error naming the origin it pointed to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Redirects {
    /// Follow none: any redirect is a tool error.
    None,
    /// Follow redirects within the API's origin, at most this many per call.
    SameOrigin(usize),
}

/// When a failed call is sent again. Only idempotent methods (`GET`, `HEAD`, `OPTIONS`, `PUT`,
/// `DELETE`, `TRACE`) are retried, never `POST` or `PATCH`: a lost answer to those may hide a
/// change the API made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retry {
    /// Retries after the first attempt (0: never retry).
    pub max_retries: u32,
    /// The first backoff; each retry doubles it, and a random share of it is waited (full
    /// jitter), so that many clients do not retry in step.
    pub initial_backoff: Duration,
    /// The longest wait before a retry. An API that asks for longer (`Retry-After`) is not
    /// retried: the agent is told when to call again instead.
    pub max_wait: Duration,
}

impl Retry {
    /// Never retry.
    pub const NEVER: Retry = Retry {
        max_retries: 0,
        initial_backoff: Duration::ZERO,
        max_wait: Duration::ZERO,
    };
}

impl Default for Retry {
    /// Two retries, from 250 ms, waiting 10 s at most.
    fn default() -> Self {
        Retry {
            max_retries: 2,
            initial_backoff: Duration::from_millis(250),
            max_wait: Duration::from_secs(10),
        }
    }
}

/// The `User-Agent` sent when the configuration names none: the runtime and its version.
pub const DEFAULT_USER_AGENT: &str = concat!("fusion-runtime/", env!("CARGO_PKG_VERSION"));

/// Where the API is and how to call it, set when the server is built.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct ApiConfig {
    /// The API's base URL (`https://cardano-mainnet.blockfrost.io/api/v0`), without a trailing
    /// slash; operation paths are appended to it.
    pub base_url: String,
    /// The credentials.
    pub auth: Auth,
    /// The `User-Agent` header (some APIs, GitHub's among them, refuse requests without one):
    /// [`DEFAULT_USER_AGENT`] unless set; [`crate::api_config!`] names the server's crate.
    pub user_agent: String,
    /// Headers sent with every request (`X-GitHub-Api-Version: 2022-11-28`). They replace an
    /// argument's header of the same name: the operator decides, not the agent.
    pub headers: Vec<(String, String)>,
    /// Headers sent with one action's requests, as `(action, name, value)` with the action
    /// written `tool/action`; they replace a default header of the same name.
    pub action_headers: Vec<(String, String, String)>,
    /// Which redirects are followed.
    pub redirects: Redirects,
    /// When failed calls are sent again.
    pub retry: Retry,
    /// The time one attempt may take, response read included.
    pub timeout: Duration,
    /// The largest response body read; a larger one is an error.
    pub max_response_bytes: usize,
    /// The bytes of an error body quoted in the tool error.
    pub error_excerpt_bytes: usize,
}

impl ApiConfig {
    /// A configuration for `base_url`: no credentials, [`DEFAULT_USER_AGENT`], redirects within
    /// the origin (at most 5), [`Retry::default`], 30 s timeout, 8 MiB response cap, 512 bytes
    /// of error excerpt.
    pub fn new(base_url: impl Into<String>) -> Self {
        ApiConfig {
            base_url: base_url.into().trim_end_matches('/').to_owned(),
            auth: Auth::None,
            user_agent: DEFAULT_USER_AGENT.to_owned(),
            headers: Vec::new(),
            action_headers: Vec::new(),
            redirects: Redirects::SameOrigin(5),
            retry: Retry::default(),
            timeout: Duration::from_secs(30),
            max_response_bytes: 8 * 1024 * 1024,
            error_excerpt_bytes: 512,
        }
    }

    /// With these credentials.
    #[must_use]
    pub fn with_auth(mut self, auth: Auth) -> Self {
        self.auth = auth;
        self
    }

    /// With the `User-Agent` `<name>/<version> fusion-runtime/<version>`: what
    /// [`crate::api_config!`] sets from the calling crate's name and version.
    #[must_use]
    pub fn with_product(mut self, name: &str, version: &str) -> Self {
        self.user_agent = format!("{name}/{version} {DEFAULT_USER_AGENT}");
        self
    }

    /// With this `User-Agent`, whole.
    #[must_use]
    pub fn with_user_agent(mut self, user_agent: impl Into<String>) -> Self {
        self.user_agent = user_agent.into();
        self
    }

    /// With a header sent on every request.
    #[must_use]
    pub fn with_header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.headers.push((name.into(), value.into()));
        self
    }

    /// With a header sent on the requests of one action (`"issues/list"`).
    #[must_use]
    pub fn with_action_header(
        mut self,
        action: impl Into<String>,
        name: impl Into<String>,
        value: impl Into<String>,
    ) -> Self {
        self.action_headers
            .push((action.into(), name.into(), value.into()));
        self
    }

    /// With this redirect policy.
    #[must_use]
    pub fn with_redirects(mut self, redirects: Redirects) -> Self {
        self.redirects = redirects;
        self
    }

    /// With this retry policy ([`Retry::NEVER`] turns retries off).
    #[must_use]
    pub fn with_retry(mut self, retry: Retry) -> Self {
        self.retry = retry;
        self
    }

    /// With this timeout per attempt.
    #[must_use]
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// With this response cap.
    #[must_use]
    pub fn with_max_response_bytes(mut self, max: usize) -> Self {
        self.max_response_bytes = max;
        self
    }
}

/// An [`ApiConfig`] for a base URL whose `User-Agent` names the calling crate and its version
/// (`my-server/1.2.0 fusion-runtime/0.1.0`), read with `env!` where the macro is used.
///
/// ```
/// let config = fusion_runtime::api_config!("https://api.github.com")
///     .with_header("X-GitHub-Api-Version", "2022-11-28");
/// assert!(config.user_agent.starts_with("fusion-runtime/"), "{}", config.user_agent);
/// ```
///
/// (In a doctest the calling crate is the runtime itself; in a server it is the server's.)
#[macro_export]
macro_rules! api_config {
    ($base_url:expr) => {
        $crate::http_client::ApiConfig::new($base_url).with_product(
            ::core::env!("CARGO_PKG_NAME"),
            ::core::env!("CARGO_PKG_VERSION"),
        )
    };
}
