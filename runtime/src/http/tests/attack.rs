//! The figures of a slow-body attack under the default settings, printed rather than asserted:
//! `cargo test -p fusion-runtime --features http -- --ignored --nocapture slow_attack_figures`.
//! An attacker opens `slow` connections, each sending a POST head that declares 100 bytes and
//! then a byte a second, and (when it `reconnects`) opens a new one a second after one is cut or
//! refused; meanwhile 80 legitimate `tools/list` calls arrive, one every 500 ms, each on a new
//! connection.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::{LIST, post, response, start};
use crate::http::HttpConfig;

const SLOW_HEAD: &str = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
    Accept: application/json, text/event-stream\r\nContent-Length: 100\r\n\r\n";

/// One slow connection: its head, then a byte every `every` until the server answers or closes.
/// The status it got (`None`: closed without one) and when.
pub(super) async fn trickle(address: SocketAddr, every: Duration) -> (Option<u16>, Duration) {
    let (status, elapsed, _) = trickle_to_close(address, every).await;
    (status, elapsed)
}

/// As [`trickle`], and whether the server closed the connection within a second of its answer.
pub(super) async fn trickle_to_close(
    address: SocketAddr,
    every: Duration,
) -> (Option<u16>, Duration, bool) {
    let started = Instant::now();
    let Ok(mut stream) = TcpStream::connect(address).await else {
        return (None, started.elapsed(), true);
    };
    if stream.write_all(SLOW_HEAD.as_bytes()).await.is_err() {
        return (None, started.elapsed(), true);
    }
    let mut seen = Vec::new();
    let mut chunk = [0_u8; 1024];
    let mut tick = tokio::time::interval(every);
    tick.tick().await;
    loop {
        tokio::select! {
            read = stream.read(&mut chunk) => match read {
                Ok(read) if read > 0 => {
                    seen.extend_from_slice(&chunk[..read]);
                    if seen.len() >= 12 {
                        let status = std::str::from_utf8(&seen[9..12]).ok().and_then(|s| s.parse().ok());
                        let elapsed = started.elapsed();
                        let closed = tokio::time::timeout(Duration::from_secs(1), async {
                            while matches!(stream.read(&mut chunk).await, Ok(read) if read > 0) {}
                        });
                        return (status, elapsed, closed.await.is_ok());
                    }
                }
                _ => return (None, started.elapsed(), true),
            },
            _ = tick.tick() => {
                if stream.write_all(b" ").await.is_err() {
                    return (None, started.elapsed(), true);
                }
            }
        }
    }
}

async fn call(address: SocketAddr) -> (Option<u16>, Duration) {
    let started = Instant::now();
    let answer = tokio::time::timeout(Duration::from_secs(20), async {
        let mut stream = TcpStream::connect(address).await.ok()?;
        stream.write_all(post(LIST, "").as_bytes()).await.ok()?;
        Some(response(&mut stream).await.0)
    })
    .await;
    (answer.ok().flatten(), started.elapsed())
}

async fn figures(slow: usize, reconnects: bool) {
    let running = start(HttpConfig::default()).await;
    let address = running.address;
    let attacking = Arc::new(AtomicBool::new(true));
    let cut = Arc::new(AtomicUsize::new(0));
    let mut attackers = Vec::new();
    for _ in 0..slow {
        let (attacking, cut) = (Arc::clone(&attacking), Arc::clone(&cut));
        attackers.push(tokio::spawn(async move {
            while attacking.load(Ordering::Relaxed) {
                trickle(address, Duration::from_secs(1)).await;
                cut.fetch_add(1, Ordering::Relaxed);
                if !reconnects {
                    break;
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut calls = Vec::new();
    for _ in 0..80 {
        calls.push(tokio::spawn(call(address)));
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    let mut answered = Vec::new();
    let mut other = std::collections::BTreeMap::new();
    for call in calls {
        match call.await.expect("no panic") {
            (Some(200), latency) => answered.push(latency),
            (status, _) => *other.entry(status).or_insert(0) += 1,
        }
    }
    attacking.store(false, Ordering::Relaxed);
    answered.sort();
    let at = |q: f64| answered.get(((answered.len() as f64 - 1.0) * q) as usize);
    println!(
        "{slow} slow connections (reconnecting: {reconnects}): {} of 80 answered 200 (latency min {:?}, median {:?}, max {:?}); others {other:?}; slow connections cut {} times",
        answered.len(),
        at(0.0),
        at(0.5),
        at(1.0),
        cut.load(Ordering::Relaxed)
    );
    for attacker in attackers {
        attacker.abort();
    }
}

#[tokio::test]
#[ignore = "takes two minutes: run it for the figures"]
async fn slow_attack_figures() {
    figures(200, false).await;
    figures(200, true).await;
    figures(600, true).await;
}
