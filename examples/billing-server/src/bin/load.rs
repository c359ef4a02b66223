//! Load benchmark of a real server: `tools/call` returning a 50-item page of `billing/list` over
//! streamable HTTP on 127.0.0.1, at concurrency 1, 8 and 64, each for a bounded time, against
//! the same server answering with `serde_json::to_string_pretty` of the same rows. Prints calls
//! per second, p50 and p99 latency, and the share of a call spent in the presenter.
//!
//! Run it in release, on an otherwise idle machine (client and server share its cores):
//!
//!     cargo run --release -p fusion-example-billing-server --bin billing-load -- [--seconds 5]
//!
//! Each answer is served two ways: in one write (the default, issue 41) and through rmcp's
//! message model (`HttpConfig::with_direct_tool_calls(false)`). `--against ADDRESS --calls N`
//! only makes `N` calls, one at a time, to a server started elsewhere (`billing-server http`,
//! under callgrind: `examples/billing-server/scripts/served-instructions.sh`).
//!
//! The client speaks HTTP/1.1 on one keep-alive connection per worker, with nothing but the
//! request bytes to build, so the client's own cost stays small next to the server's.

use std::time::{Duration, Instant};

use fusion_example_billing_server::generated::InvoicePresenter;
use fusion_example_billing_server::{ListAnswer, Store, server};
use fusion_runtime::Presenter;
use fusion_runtime::http::{HttpConfig, serve};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

const PAGE: usize = 50;
const CONCURRENCY: [usize; 3] = [1, 8, 64];
const BODY: &str = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"billing","arguments":{"action":"list","limit":50}}}"#;

struct Connection {
    stream: TcpStream,
    request: Vec<u8>,
    buffer: Vec<u8>,
}

impl Connection {
    async fn open(address: std::net::SocketAddr) -> std::io::Result<Self> {
        let stream = TcpStream::connect(address).await?;
        stream.set_nodelay(true)?;
        let request = format!(
            "POST /mcp HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
             Accept: application/json, text/event-stream\r\nContent-Length: {}\r\n\r\n{BODY}",
            BODY.len()
        )
        .into_bytes();
        Ok(Self {
            stream,
            request,
            buffer: Vec::with_capacity(1 << 16),
        })
    }

    /// One call; the response body's length.
    async fn call(&mut self) -> std::io::Result<usize> {
        self.stream.write_all(&self.request).await?;
        self.buffer.clear();
        let mut chunk = [0_u8; 1 << 14];
        let (head_end, body_len) = loop {
            let read = self.stream.read(&mut chunk).await?;
            if read == 0 {
                return Err(std::io::ErrorKind::UnexpectedEof.into());
            }
            self.buffer.extend_from_slice(&chunk[..read]);
            if let Some(end) = self.buffer.windows(4).position(|w| w == b"\r\n\r\n") {
                let head =
                    std::str::from_utf8(&self.buffer[..end]).map_err(std::io::Error::other)?;
                if !head.starts_with("HTTP/1.1 200") {
                    return Err(std::io::Error::other(format!("unexpected reply: {head}")));
                }
                let length = head
                    .lines()
                    .find_map(|line| {
                        let (name, value) = line.split_once(':')?;
                        name.eq_ignore_ascii_case("content-length")
                            .then(|| value.trim().parse::<usize>().ok())?
                    })
                    .ok_or_else(|| std::io::Error::other("no content-length"))?;
                break (end + 4, length);
            }
        };
        while self.buffer.len() < head_end + body_len {
            let read = self.stream.read(&mut chunk).await?;
            if read == 0 {
                return Err(std::io::ErrorKind::UnexpectedEof.into());
            }
            self.buffer.extend_from_slice(&chunk[..read]);
        }
        let body = &self.buffer[head_end..head_end + body_len];
        if !body.windows(9).any(|w| w == b"\"result\":") {
            return Err(std::io::Error::other("not a JSON-RPC result"));
        }
        Ok(body_len)
    }
}

struct Cell {
    calls_per_second: f64,
    p50: Duration,
    p99: Duration,
    mean: Duration,
    body_bytes: usize,
}

async fn run(address: std::net::SocketAddr, concurrency: usize, time: Duration) -> Cell {
    let deadline = Instant::now() + time;
    let workers: Vec<_> = (0..concurrency)
        .map(|_| {
            tokio::spawn(async move {
                let mut connection = Connection::open(address).await.expect("connects");
                let mut latencies = Vec::new();
                let mut bytes = 0;
                while Instant::now() < deadline {
                    let start = Instant::now();
                    bytes = connection.call().await.expect("a successful call");
                    latencies.push(start.elapsed());
                }
                (latencies, bytes)
            })
        })
        .collect();
    let started = Instant::now();
    let mut all = Vec::new();
    let mut body_bytes = 0;
    for worker in workers {
        let (latencies, bytes) = worker.await.expect("worker finishes");
        all.extend(latencies);
        body_bytes = bytes;
    }
    let elapsed = started.elapsed();
    all.sort_unstable();
    let at = |q: f64| all[((all.len() as f64 * q) as usize).min(all.len() - 1)];
    Cell {
        calls_per_second: all.len() as f64 / elapsed.as_secs_f64(),
        p50: at(0.50),
        p99: at(0.99),
        mean: all.iter().sum::<Duration>() / all.len() as u32,
        body_bytes,
    }
}

async fn start(answer: ListAnswer, direct: bool) -> std::net::SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("binds");
    let address = listener.local_addr().expect("has an address");
    let server = server(Store::seeded(300).answering_list(answer)).expect("distinct tools");
    tokio::spawn(serve(
        server,
        listener,
        HttpConfig::default().with_direct_tool_calls(direct),
        std::future::pending(),
    ));
    address
}

/// The presenter's own time for the page, measured in process: the part of a call that is ours.
fn presenter_time() -> Duration {
    let store = Store::seeded(300);
    let rows = store.first_invoices(PAGE);
    let rounds = 2_000;
    let start = Instant::now();
    for _ in 0..rounds {
        std::hint::black_box(InvoicePresenter.present_collection(std::hint::black_box(&rows)));
    }
    start.elapsed() / rounds
}

fn micros(duration: Duration) -> String {
    format!("{:.0} µs", duration.as_secs_f64() * 1e6)
}

const USAGE: &str = "usage: billing-load [--seconds N] | --against ADDRESS --calls N";

#[tokio::main]
async fn main() {
    let mut seconds = 5_u64;
    let mut against = None;
    let mut calls = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next();
        match arg.as_str() {
            "--seconds" => seconds = parsed(value),
            "--calls" => calls = Some(parsed(value)),
            "--against" => against = Some(parsed(value)),
            _ => usage(),
        }
    }
    match (against, calls) {
        (Some(address), Some(calls)) => drive(address, calls).await,
        (None, None) => compare(Duration::from_secs(seconds)).await,
        _ => usage(),
    }
}

fn parsed<T: std::str::FromStr>(value: Option<String>) -> T {
    value
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| usage())
}

fn usage() -> ! {
    eprintln!("{USAGE}");
    std::process::exit(2);
}

/// `calls` calls, one at a time, to a server running elsewhere (under callgrind, say).
async fn drive(address: std::net::SocketAddr, calls: u64) {
    let mut connection = Connection::open(address).await.expect("connects");
    for _ in 0..calls {
        connection.call().await.expect("a successful call");
    }
}

/// The ways compared: the presenter and the `to_string_pretty` handler, each answered in one
/// write (the default) and through rmcp's message model (the path before issue 41).
const WAYS: [(&str, ListAnswer, bool); 4] = [
    ("presenter, one write", ListAnswer::Presenter, true),
    ("presenter, through rmcp", ListAnswer::Presenter, false),
    (
        "to_string_pretty, through rmcp",
        ListAnswer::PrettyJson,
        false,
    ),
    ("to_string_pretty, one write", ListAnswer::PrettyJson, true),
];

async fn compare(time: Duration) {
    let mut servers = Vec::new();
    for (name, answer, direct) in WAYS {
        servers.push((name, start(answer, direct).await));
    }
    // Warm every server (allocator, connection paths) before measuring.
    for (_, address) in &servers {
        run(*address, 8, Duration::from_millis(500)).await;
    }
    let own = presenter_time();
    let seconds = time.as_secs();
    println!(
        "tools/call billing/list, {PAGE} invoices per page, streamable HTTP on 127.0.0.1, {seconds} s per cell\n"
    );
    println!(
        "| concurrency | answer | calls/s | p50 | p99 | response body | presenter / mean latency |"
    );
    println!("| ---: | --- | ---: | ---: | ---: | ---: | ---: |");
    for concurrency in CONCURRENCY {
        for (name, address) in &servers {
            let cell = run(*address, concurrency, time).await;
            let share = if name.starts_with("presenter") {
                format!(
                    "{:.1} %",
                    100.0 * own.as_secs_f64() / cell.mean.as_secs_f64()
                )
            } else {
                "–".to_owned()
            };
            println!(
                "| {concurrency} | {name} | {:.0} | {} | {} | {} B | {share} |",
                cell.calls_per_second,
                micros(cell.p50),
                micros(cell.p99),
                cell.body_bytes,
            );
        }
    }
    println!("\npresenter alone (in process, one page): {}", micros(own));
}
