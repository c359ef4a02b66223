//! Slow senders: a body that trickles in is cut by its minimum rate, holds no in-flight slot
//! while it is read, and its connection gives way to a new client at the connection cap.

use super::attack::trickle_to_close;
use super::*;

#[tokio::test]
async fn clients_are_served_while_200_slow_bodies_trickle_in_and_the_slow_are_cut() {
    let grace = Duration::from_secs(2);
    // Fewer connections allowed than slow senders, and fewer slots than either.
    let config = HttpConfig::default()
        .with_max_connections(150)
        .with_max_in_flight(64)
        .with_body_grace(grace);
    let running = start(config).await;
    let address = running.address;
    let slow: Vec<_> = (0..200)
        .map(|_| tokio::spawn(trickle_to_close(address, Duration::from_secs(1))))
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let calls: Vec<_> = (0..40)
        .map(|_| {
            tokio::spawn(async move {
                let started = Instant::now();
                let (status, _) = exchange(address, &post(LIST, "")).await;
                (status, started.elapsed())
            })
        })
        .collect();
    for call in calls {
        let (status, latency) = call.await.expect("no panic");
        assert_eq!(status, 200);
        // Well before the slow ones are cut: they were all open while the calls were served.
        assert!(latency < Duration::from_millis(1500), "{latency:?}");
    }
    let (mut timed_out, mut evicted) = (0, 0);
    for slow in slow {
        let (status, elapsed, closed) = slow.await.expect("no panic");
        match status {
            Some(408) => timed_out += 1,
            Some(503) => evicted += 1,
            other => panic!("a slow sender got {other:?}"),
        }
        assert!(closed, "the connection of a slow sender stays open");
        assert!(elapsed < grace + Duration::from_secs(2), "{elapsed:?}");
    }
    // Past the cap of 150, each new connection closed the oldest slow one.
    assert!(evicted >= 50, "{evicted} evicted, {timed_out} timed out");
    assert!(timed_out > 0, "{evicted} evicted, {timed_out} timed out");
}

/// Writes a `tools/list` request's head, then its body in pieces of `piece` bytes, one every
/// `every` (after one `every` first), chunked or with its length; the status answered.
async fn paced(address: SocketAddr, chunked: bool, piece: usize, every: Duration) -> u16 {
    let head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
                Accept: application/json, text/event-stream\r\n";
    let framing = if chunked {
        "Transfer-Encoding: chunked\r\n\r\n".to_owned()
    } else {
        format!("Content-Length: {}\r\n\r\n", LIST.len())
    };
    let mut stream = TcpStream::connect(address).await.expect("connects");
    let (mut read, mut write) = stream.split();
    write
        .write_all(format!("{head}{framing}").as_bytes())
        .await
        .expect("writes");
    let sending = async {
        for piece in LIST.as_bytes().chunks(piece) {
            tokio::time::sleep(every).await;
            let bytes = if chunked {
                [format!("{:x}\r\n", piece.len()).as_bytes(), piece, b"\r\n"].concat()
            } else {
                piece.to_vec()
            };
            if write.write_all(&bytes).await.is_err() {
                break;
            }
        }
        if chunked {
            let _ = write.write_all(b"0\r\n\r\n").await;
        }
        // The answer may come before the body is all sent; only it ends the exchange.
        std::future::pending::<()>().await;
    };
    tokio::select! {
        () = sending => unreachable!(),
        answer = response(&mut read) => answer.0,
    }
}

#[tokio::test]
async fn a_body_behind_the_minimum_rate_is_cut_chunked_or_declared() {
    let config = HttpConfig::default()
        .with_body_grace(Duration::from_millis(300))
        .with_min_body_rate(100);
    let running = start(config).await;
    for chunked in [false, true] {
        // 10 bytes every 100 ms: past the grace, yet each piece comes before its deadline
        // (300 ms, plus 100 ms for every 10 bytes that came).
        let answer = paced(running.address, chunked, 10, Duration::from_millis(100)).await;
        assert_eq!(answer, 200, "chunked: {chunked}");
        // 10 bytes every 400 ms: the first is already late.
        let started = Instant::now();
        let answer = paced(running.address, chunked, 10, Duration::from_millis(400)).await;
        assert_eq!(answer, 408, "chunked: {chunked}");
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "{:?}",
            started.elapsed()
        );
    }
}
