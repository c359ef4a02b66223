//! The generated handlers' HTTP client against a hostile local API: every request it sends is
//! recorded, so each test states what reached which host, not only what the agent read.
//!
//! - dot segments (`.`, `..`, empty) in path values, for every method: refused, nothing sent;
//! - redirects, for each kind of credential and across chains of hops: followed only within
//!   the API's origin, nothing ever sent to another origin, no `Referer`;
//! - `User-Agent`, default and per-action headers, and credentials that arguments cannot replace;
//! - rate limits as `RATE_LIMITED` with when to retry; retries of idempotent methods only;
//! - distinct errors for TLS, refused connections, timeouts, oversized and misfit answers.
#![cfg(feature = "http-client")]

use std::sync::{Arc, Mutex};
use std::time::Duration;

use fusion_runtime::Reply;
use fusion_runtime::http_client::{
    ApiClient, ApiConfig, Auth, In, Operation, Param, Redirects, Retry,
};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// One request as the server read it.
#[derive(Debug, Clone)]
struct Seen {
    method: String,
    target: String,
    headers: Vec<(String, String)>,
}

impl Seen {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// A canned answer: status line, extra header lines, body; `None` never answers.
type Answer = Option<(&'static str, String, String)>;

/// A local server answering with `answer`, recording every request.
struct Api {
    origin: String,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl Api {
    async fn start(answer: impl Fn(&Seen, usize) -> Answer + Send + Sync + 'static) -> Api {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&seen);
        let answer = Arc::new(answer);
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                let (log, answer) = (Arc::clone(&log), Arc::clone(&answer));
                tokio::spawn(async move {
                    let mut data = Vec::new();
                    let mut buffer = [0_u8; 4096];
                    loop {
                        let Ok(n) = socket.read(&mut buffer).await else {
                            return;
                        };
                        if n == 0 {
                            return;
                        }
                        data.extend_from_slice(&buffer[..n]);
                        let text = String::from_utf8_lossy(&data).into_owned();
                        let Some(end) = text.find("\r\n\r\n") else {
                            continue;
                        };
                        let mut lines = text[..end].lines();
                        let mut first = lines.next().unwrap_or_default().split(' ');
                        let request = Seen {
                            method: first.next().unwrap_or_default().to_owned(),
                            target: first.next().unwrap_or_default().to_owned(),
                            headers: lines
                                .filter_map(|line| line.split_once(": "))
                                .map(|(n, v)| (n.to_ascii_lowercase(), v.to_owned()))
                                .collect(),
                        };
                        let length: usize = request
                            .header("content-length")
                            .map_or(0, |v| v.parse().unwrap_or(0));
                        if data.len() < end + 4 + length {
                            continue;
                        }
                        data.drain(..end + 4 + length);
                        let count = {
                            let mut log = log.lock().unwrap();
                            log.push(request.clone());
                            log.len()
                        };
                        let Some((status, headers, body)) = answer(&request, count) else {
                            std::future::pending::<()>().await;
                            return;
                        };
                        let reply = format!(
                            "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n{headers}\r\n{body}",
                            body.len()
                        );
                        if socket.write_all(reply.as_bytes()).await.is_err() {
                            return;
                        }
                    }
                });
            }
        });
        Api { origin, seen }
    }

    fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }
}

fn ok(body: &str) -> Answer {
    Some(("200 OK", String::new(), body.to_owned()))
}

fn redirect(location: &str) -> Answer {
    Some((
        "302 Found",
        format!("location: {location}\r\n"),
        String::new(),
    ))
}

const PET_PARAMS: &[Param] = &[Param {
    name: "petId",
    arg: "petId",
    location: In::Path,
    explode: false,
}];

const fn pet(method: &'static str) -> Operation {
    Operation {
        action: "pets/act",
        method,
        path: "/pets/{petId}",
        params: PET_PARAMS,
        body: None,
        paging: None,
    }
}

const fn at(path: &'static str) -> Operation {
    Operation {
        action: "pets/get",
        method: "GET",
        path,
        params: &[Param {
            name: "X-Trace",
            arg: "X-Trace",
            location: In::Header,
            explode: false,
        }],
        body: None,
        paging: None,
    }
}

/// What the agent reads of a reply (data as compact JSON).
fn read(reply: Reply<Value>) -> String {
    match reply {
        Reply::Data(data) | Reply::More(data, _) => data.to_string(),
        Reply::Shared(data) => data.to_string(),
        Reply::Response(response) => response.texts().join(""),
    }
}

fn client(config: ApiConfig) -> ApiClient {
    ApiClient::new(config).expect("a client")
}

#[tokio::test]
async fn dot_segments_are_refused_for_every_method_before_any_request() {
    let api = Api::start(|_, _| ok("{}")).await;
    let client = client(ApiConfig::new(format!("{}/api/v1", api.origin)));
    for method in ["GET", "PUT", "POST", "PATCH", "DELETE", "HEAD", "OPTIONS"] {
        for value in [json!("."), json!(".."), json!(""), json!([".."])] {
            let operation = pet(method);
            let text = read(client.call(&operation, &json!({ "petId": value })).await);
            assert!(
                text.starts_with("<validation_error action=\"pets/act\">\n<field name=\"petId\">A path parameter cannot be empty"),
                "{method} {value}: {text}"
            );
        }
    }
    // GitHub's two-parameter paths: `get_repo {owner: "..", repo: "user"}` would be `GET /user`.
    const REPO: Operation = Operation {
        action: "repos/get",
        method: "GET",
        path: "/repos/{owner}/{repo}",
        params: &[],
        body: None,
        paging: None,
    };
    for args in [
        json!({"owner": "..", "repo": "user"}),
        json!({"owner": "octo", "repo": ".."}),
        json!({"owner": ".", "repo": "."}),
    ] {
        let text = read(client.call(&REPO, &args).await);
        assert!(text.starts_with("<validation_error"), "{args}: {text}");
    }
    assert!(api.seen().is_empty(), "sent: {:?}", api.seen());
    // Values that only look like dots are sent, encoded.
    let text = read(client.call(&pet("GET"), &json!({"petId": "%2e%2e"})).await);
    assert_eq!(text, "{}");
    assert_eq!(api.seen()[0].method, "GET");
    assert_eq!(api.seen()[0].target, "/api/v1/pets/%252e%252e");
}

/// The API redirects: `/hop` to `/cross` within its origin, `/cross` to the other origin,
/// `/same` to `/final` (served).
async fn redirecting_api(other: String) -> Api {
    Api::start(
        move |seen, _| match seen.target.split('?').next().unwrap_or_default() {
            "/hop" => redirect("/cross"),
            "/cross" => redirect(&format!("{other}/steal")),
            "/same" => redirect("/final"),
            "/final" => ok(r#"{"served":"final"}"#),
            _ => Some(("404 Not Found", String::new(), "{}".to_owned())),
        },
    )
    .await
}

#[tokio::test]
async fn credentials_never_cross_an_origin_on_a_redirect() {
    // The other origin redirects to itself, as a host would that wants a dropped token again.
    let other = Api::start(|seen, _| {
        if seen.target.starts_with("/steal") {
            redirect("/again")
        } else {
            ok(r#"{"stolen":true}"#)
        }
    })
    .await;
    let api = redirecting_api(other.origin.clone()).await;
    let kinds = [
        Auth::Bearer("secret-token".into()),
        Auth::Header {
            name: "project_id".into(),
            value: "secret-key".into(),
        },
        Auth::Query {
            name: "api_key".into(),
            value: "secret-query".into(),
        },
    ];
    for auth in kinds {
        for path in ["/cross", "/hop"] {
            let client = client(ApiConfig::new(&api.origin).with_auth(auth.clone()));
            let text = read(client.call(&at(path), &json!({})).await);
            assert!(
                text.starts_with("<tool_error code=\"API_REDIRECT_REFUSED\""),
                "{auth:?} {path}: {text}"
            );
            assert!(text.contains(&other.origin), "{text}");
            assert!(!text.contains("stolen"), "{text}");
        }
        // Within the origin, redirects are followed with the credentials.
        let client = client(ApiConfig::new(&api.origin).with_auth(auth.clone()));
        assert_eq!(
            read(client.call(&at("/same"), &json!({})).await),
            r#"{"served":"final"}"#
        );
    }
    assert!(
        other.seen().is_empty(),
        "the other origin saw {:?}",
        other.seen()
    );
    for seen in api.seen() {
        assert_eq!(seen.header("referer"), None, "{seen:?}");
    }
    // Redirects off: even one within the origin is refused.
    let client = client(ApiConfig::new(&api.origin).with_redirects(Redirects::None));
    let text = read(client.call(&at("/same"), &json!({})).await);
    assert!(
        text.starts_with("<tool_error code=\"API_REDIRECT_REFUSED\""),
        "{text}"
    );
}

#[tokio::test]
async fn identification_and_headers_come_from_the_configuration() {
    let api = Api::start(|_, _| ok("{}")).await;
    let config = ApiConfig::new(&api.origin)
        .with_product("github-server", "1.2.0")
        .with_auth(Auth::Bearer("t0ken".into()))
        .with_header("X-GitHub-Api-Version", "2022-11-28")
        .with_action_header("pets/get", "X-GitHub-Api-Version", "2026-03-10");
    let client = client(config);
    // `X-Trace` is an argument; an argument named like the credential cannot replace it.
    const SPOOF: Operation = Operation {
        action: "pets/spoof",
        method: "GET",
        path: "/spoof",
        params: &[Param {
            name: "Authorization",
            arg: "Authorization",
            location: In::Header,
            explode: false,
        }],
        body: None,
        paging: None,
    };
    read(client.call(&at("/one"), &json!({"X-Trace": "t-1"})).await);
    read(
        client
            .call(&SPOOF, &json!({"Authorization": "Bearer agent"}))
            .await,
    );
    let seen = api.seen();
    let version = env!("CARGO_PKG_VERSION");
    for request in &seen {
        assert_eq!(
            request.header("user-agent"),
            Some(format!("github-server/1.2.0 fusion-runtime/{version}").as_str())
        );
        assert_eq!(request.header("authorization"), Some("Bearer t0ken"));
    }
    assert_eq!(seen[0].header("x-github-api-version"), Some("2026-03-10"));
    assert_eq!(seen[0].header("x-trace"), Some("t-1"));
    assert_eq!(seen[1].header("x-github-api-version"), Some("2022-11-28"));
    // Without a product, the runtime names itself.
    let plain = Api::start(|_, _| ok("{}")).await;
    read(client_for(&plain).call(&at("/x"), &json!({})).await);
    assert_eq!(
        plain.seen()[0].header("user-agent"),
        Some(format!("fusion-runtime/{version}").as_str())
    );
    // A header the configuration cannot send is refused when the client is made.
    assert!(ApiClient::new(ApiConfig::new(&api.origin).with_header("bad name", "x")).is_err());
}

fn client_for(api: &Api) -> ApiClient {
    client(ApiConfig::new(&api.origin))
}

#[tokio::test]
async fn rate_limits_say_when_to_retry_and_are_not_retried_past_the_wait() {
    let api = Api::start(|seen, _| match seen.target.as_str() {
        "/limited" => Some((
            "429 Too Many Requests",
            "retry-after: 120\r\n".to_owned(),
            r#"{"message":"slow down"}"#.to_owned(),
        )),
        _ => Some((
            "403 Forbidden",
            "x-ratelimit-remaining: 0\r\nx-ratelimit-reset: 4102444800\r\n".to_owned(),
            r#"{"message":"API rate limit exceeded"}"#.to_owned(),
        )),
    })
    .await;
    let client = client_for(&api);
    let text = read(client.call(&at("/limited"), &json!({})).await);
    assert!(
        text.starts_with("<tool_error code=\"RATE_LIMITED\""),
        "{text}"
    );
    assert!(
        text.contains("<retry_after>120 seconds</retry_after>"),
        "{text}"
    );
    assert!(text.contains("wait 120 seconds"), "{text}");
    let text = read(client.call(&at("/github"), &json!({})).await);
    assert!(
        text.starts_with("<tool_error code=\"RATE_LIMITED\""),
        "{text}"
    );
    assert!(text.contains("<retry_after>"), "{text}");
    // 120 s is past the 10 s the client waits at most: each was sent once.
    assert_eq!(api.seen().len(), 2);
}

/// Answers `503` to the first two requests, then `200`.
async fn flaky_api() -> Api {
    Api::start(|_, count| {
        if count <= 2 {
            Some((
                "503 Service Unavailable",
                "retry-after: 0\r\n".to_owned(),
                "{}".to_owned(),
            ))
        } else {
            ok(r#"{"ok":true}"#)
        }
    })
    .await
}

#[tokio::test]
async fn idempotent_calls_are_retried_and_others_never() {
    let retry = Retry {
        max_retries: 2,
        initial_backoff: Duration::from_millis(5),
        max_wait: Duration::from_secs(1),
    };
    let api = flaky_api().await;
    let get = client(ApiConfig::new(&api.origin).with_retry(retry));
    assert_eq!(
        read(get.call(&pet("GET"), &json!({"petId": "1"})).await),
        r#"{"ok":true}"#
    );
    assert_eq!(api.seen().len(), 3);
    for method in ["POST", "PATCH"] {
        let api = flaky_api().await;
        let client = client(ApiConfig::new(&api.origin).with_retry(retry));
        let text = read(client.call(&pet(method), &json!({"petId": "1"})).await);
        assert!(text.starts_with("<tool_error code=\"API_ERROR\""), "{text}");
        assert!(text.contains("HTTP 503"), "{text}");
        assert_eq!(api.seen().len(), 1, "{method} was retried");
    }
    let api = flaky_api().await;
    let never = client(ApiConfig::new(&api.origin).with_retry(Retry::NEVER));
    read(never.call(&pet("GET"), &json!({"petId": "1"})).await);
    assert_eq!(api.seen().len(), 1);
}

#[tokio::test]
async fn transport_failures_are_told_apart() {
    // TLS spoken to a server that answers plain HTTP.
    let plain = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = plain.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = plain.accept().await {
            let _ = socket
                .write_all(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n")
                .await;
        }
    });
    let tls = client(ApiConfig::new(format!("https://{address}")));
    let text = read(tls.call(&at("/x"), &json!({})).await);
    assert!(
        text.starts_with("<tool_error code=\"API_TLS_ERROR\""),
        "{text}"
    );
    assert!(text.contains("Retrying will not help"), "{text}");
    // A port nobody listens on.
    let closed = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = closed.local_addr().unwrap();
    drop(closed);
    let refused = client(ApiConfig::new(format!("http://{address}")).with_retry(Retry::NEVER));
    let text = read(refused.call(&at("/x"), &json!({})).await);
    assert!(
        text.starts_with("<tool_error code=\"API_UNREACHABLE\""),
        "{text}"
    );
    assert!(text.to_lowercase().contains("refused"), "{text}");
    // A server that never answers.
    let silent = Api::start(|_, _| None).await;
    let slow = client(ApiConfig::new(&silent.origin).with_timeout(Duration::from_millis(200)));
    let text = read(slow.call(&at("/x"), &json!({})).await);
    assert!(
        text.starts_with("<tool_error code=\"API_TIMEOUT\""),
        "{text}"
    );
    // A body over the cap, and a 2xx body that does not fit its type.
    let big = Api::start(|_, _| ok(&format!("\"{}\"", "x".repeat(4096)))).await;
    let capped = client(ApiConfig::new(&big.origin).with_max_response_bytes(1024));
    let text = read(capped.call(&at("/x"), &json!({})).await);
    assert!(
        text.starts_with("<tool_error code=\"API_RESPONSE_TOO_LARGE\""),
        "{text}"
    );
    #[derive(serde::Deserialize)]
    #[allow(dead_code)]
    struct Pet {
        id: u64,
    }
    let misfit = Api::start(|_, _| ok(r#"{"id":"not a number\n- CRITICAL: forged"}"#)).await;
    let reply: Reply<Pet> = client_for(&misfit).call(&at("/x"), &json!({})).await;
    let Reply::Response(response) = reply else {
        panic!("a misfit body was read as data");
    };
    let text = response.texts().join("");
    assert!(
        text.starts_with("<tool_error code=\"API_RESPONSE_INVALID\""),
        "{text}"
    );
    assert!(text.contains("Retrying will not help"), "{text}");
    assert!(!text.contains("\n- CRITICAL"), "{text}");
}
