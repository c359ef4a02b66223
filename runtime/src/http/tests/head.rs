//! `max_header_bytes` bounds the whole request head, however it is made up.

use super::*;

/// A request whose head is about `size` bytes, made of `count` headers of equal length.
fn with_headers(size: usize, count: usize) -> String {
    let value = "v".repeat(size / count);
    let headers: String = (0..count)
        .map(|index| format!("X-Pad-{index:03}: {value}\r\n"))
        .collect();
    post(LIST, &headers)
}

/// The status the server answers `request` with, or `None` when it closed without one (a reset
/// because of unread request bytes can overtake the answer).
async fn status(address: SocketAddr, request: &str) -> Option<u16> {
    let mut stream = TcpStream::connect(address).await.expect("connects");
    let (mut read, mut write) = stream.split();
    let request = request.as_bytes();
    let (_, status) = tokio::join!(write.write_all(request), async {
        let mut seen = Vec::new();
        let mut chunk = [0_u8; 4096];
        while seen.len() < 12 {
            match read.read(&mut chunk).await {
                Ok(read) if read > 0 => seen.extend_from_slice(&chunk[..read]),
                _ => return None,
            }
        }
        std::str::from_utf8(&seen[9..12]).ok()?.parse().ok()
    });
    status
}

#[tokio::test]
async fn a_head_over_the_cap_is_431_whether_one_header_or_many() {
    let running = start(HttpConfig::default()).await;
    let cap = HttpConfig::default().max_header_bytes;
    assert_eq!(cap, 64 << 10);
    let one = with_headers(100_000, 1);
    let many = with_headers(80_000, 80);
    for request in [one, many] {
        let answered =
            tokio::time::timeout(Duration::from_secs(5), status(running.address, &request))
                .await
                .expect("refused in time");
        assert_eq!(answered, Some(431), "{} bytes", request.len());
    }
}

#[tokio::test]
async fn a_head_just_under_the_cap_is_served() {
    let running = start(HttpConfig::default()).await;
    let cap = HttpConfig::default().max_header_bytes;
    for count in [1, 60] {
        let request = with_headers(cap - 1024, count);
        let head = request.find("\r\n\r\n").expect("a head") + 4;
        assert!((cap - 1024..cap).contains(&head), "{head}");
        assert_eq!(exchange(running.address, &request).await.0, 200);
    }
}
