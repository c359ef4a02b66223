//! Connections: accepting under a cap, the timeouts of a connection without a request in
//! flight, and the graceful stop. hyper's own header timeout starts when a connection goes idle
//! and so conflates waiting with reading; here each connection's phase is tracked (a new or idle
//! connection whose first byte arrived is reading a head; one with a request is busy, and still
//! reading until its body is whole), which gives both timeouts and tells which connection may be
//! closed to make room for a new one: any but those whose request is being answered. A
//! connection reading a body may be closed too, or slow senders, which the body's minimum rate
//! cuts only after its grace, would keep every new client out until then.

use std::collections::HashMap;
use std::convert::Infallible;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use http_body_util::BodyExt;
use hyper::server::conn::http1;
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, watch};
use tokio::task::JoinSet;

use super::HttpConfig;
use super::guard::{Guard, Held};

/// Accepts connections until `shutdown` resolves, then stops them gracefully.
pub(super) async fn accept(
    listener: TcpListener,
    guard: Arc<Guard>,
    shutdown: impl Future<Output = ()> + Send,
) {
    let start = Instant::now();
    let registry = Arc::new(Registry::default());
    let (stop, stopped) = watch::channel(false);
    let mut tasks = JoinSet::new();
    let mut shutdown = std::pin::pin!(shutdown);
    let mut next_id = 0_u64;
    loop {
        while tasks.try_join_next().is_some() {}
        let accepted = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => accepted,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Mostly out of descriptors: give back the oldest idle connection's and retry,
                // rather than return and stop serving the connections already open.
                registry.evict_oldest_idle();
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        // Responses are written whole; waiting for more to coalesce only adds latency.
        let _ = stream.set_nodelay(true);
        next_id += 1;
        let tracker = Arc::new(Tracker::new(start));
        if registry.admit(next_id, &tracker, guard.config.max_connections) {
            let (guard, registry, stopped, id) = (
                Arc::clone(&guard),
                Arc::clone(&registry),
                stopped.clone(),
                next_id,
            );
            tasks.spawn(async move {
                drive(stream, &tracker, guard, stopped).await;
                registry.remove(id);
            });
        } else {
            tasks.spawn(refuse(stream));
        }
    }
    drop(listener);
    let _ = stop.send(true);
    let grace = guard.config.shutdown_grace;
    let _ = tokio::time::timeout(grace, async { while tasks.join_next().await.is_some() {} }).await;
    tasks.abort_all();
}

/// Serves one connection until it ends, times out, is evicted, or has stopped gracefully.
async fn drive(
    stream: TcpStream,
    tracker: &Arc<Tracker>,
    guard: Arc<Guard>,
    mut stopped: watch::Receiver<bool>,
) {
    let config: &HttpConfig = &guard.config;
    let service = {
        let (guard, tracker) = (Arc::clone(&guard), Arc::clone(tracker));
        hyper::service::service_fn(move |request| {
            let busy = Busy::begin(&tracker);
            let guard = Arc::clone(&guard);
            async move {
                let response = guard.handle(request, &busy).await;
                Ok::<_, Infallible>(response.map(|body| Held { body, _held: busy }.boxed()))
            }
        })
    };
    let io = TokioIo::new(Tracked {
        stream,
        tracker: Arc::clone(tracker),
    });
    let mut builder = http1::Builder::new();
    // The read buffer alone does not bound a head: a read may fill the buffer's whole capacity,
    // past the size asked for, and a 100 KB header then parsed in one go under a 64 KiB cap.
    builder
        .max_buf_size(config.max_header_bytes.max(8192))
        .max_header_size(config.max_header_bytes)
        .header_read_timeout(None);
    let connection = builder.serve_connection(io, service);
    let mut connection = std::pin::pin!(connection);
    let mut stopping = false;
    // One timer for the connection's life, moved as its deadline moves: a request arms and
    // disarms it several times, and registering a new timer each time showed under load.
    let mut timer = std::pin::pin!(tokio::time::sleep_until(tokio::time::Instant::now()));
    let mut armed: Option<Instant> = None;
    loop {
        if tracker.evicted.load(Ordering::Relaxed) && !stopping {
            if tracker.busy.load(Ordering::Relaxed) == 0 {
                return;
            }
            // Evicted while a request came in: answer it, then close.
            stopping = true;
            connection.as_mut().graceful_shutdown();
        }
        let deadline = tracker.deadline(config);
        if deadline != armed {
            if let Some(at) = deadline {
                timer.as_mut().reset(at.into());
            }
            armed = deadline;
        }
        tokio::select! {
            _ = connection.as_mut() => return,
            () = timer.as_mut(), if armed.is_some() => {
                if tracker.deadline(config).is_some_and(|at| at <= Instant::now()) {
                    return;
                }
                // The deadline moved later while the timer ran: arm it again.
                armed = None;
            }
            () = tracker.wake.notified() => {}
            _ = stopped.changed(), if !stopping => {
                stopping = true;
                connection.as_mut().graceful_shutdown();
            }
        }
    }
}

/// Every connection is busy: say so and close, without reading the request. The brief drain
/// keeps the close from being a reset that could discard the `503` before the client reads it.
async fn refuse(mut stream: TcpStream) {
    const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\nretry-after: 1\r\ncontent-length: 0\r\n\r\n";
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(BUSY).await?;
        stream.shutdown().await?;
        let mut sink = [0_u8; 4096];
        while stream.read(&mut sink).await? > 0 {}
        Ok::<_, io::Error>(())
    })
    .await;
}

/// The open connections, by id.
#[derive(Default)]
struct Registry(Mutex<HashMap<u64, Arc<Tracker>>>);

impl Registry {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Arc<Tracker>>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Registers a new connection, closing the oldest one without a request being answered
    /// when `max` are open; false when all of them have one.
    fn admit(&self, id: u64, tracker: &Arc<Tracker>, max: usize) -> bool {
        let mut open = self.lock();
        if open.len() >= max && !Self::evict_from(&mut open) {
            return false;
        }
        open.insert(id, Arc::clone(tracker));
        true
    }

    fn evict_oldest_idle(&self) {
        Self::evict_from(&mut self.lock());
    }

    fn evict_from(open: &mut HashMap<u64, Arc<Tracker>>) -> bool {
        let oldest = open
            .iter()
            .filter(|(_, tracker)| tracker.evictable())
            .min_by_key(|(_, tracker)| tracker.since())
            .map(|(id, _)| *id);
        let Some(evicted) = oldest.and_then(|id| open.remove(&id)) else {
            return false;
        };
        evicted.evicted.store(true, Ordering::Relaxed);
        evicted.wake.notify_one();
        evicted.cut.notify_waiters();
        true
    }

    fn remove(&self, id: u64) {
        self.lock().remove(&id);
    }
}

/// A connection's phase, as the connection's reads and its service see it. Instants are kept
/// as milliseconds after `start`, plus one so that zero means "not reading a head".
struct Tracker {
    start: Instant,
    busy: AtomicUsize,
    /// The request's body is still being read: nothing of it is done yet.
    reading: AtomicBool,
    head_since: AtomicU64,
    /// When the connection went idle, or its request's head was read: the eviction order.
    idle_since: AtomicU64,
    evicted: AtomicBool,
    /// Wakes the connection's driver when its deadline moves earlier or it is evicted.
    wake: Notify,
    /// Wakes the reader of the request's body when the connection is evicted.
    cut: Notify,
}

impl Tracker {
    /// A new connection is reading its first head from now on: a client that connects and
    /// sends nothing has `header_read_timeout`, not `idle_timeout`.
    fn new(start: Instant) -> Self {
        let tracker = Self {
            start,
            busy: AtomicUsize::new(0),
            reading: AtomicBool::new(false),
            head_since: AtomicU64::new(0),
            idle_since: AtomicU64::new(0),
            evicted: AtomicBool::new(false),
            wake: Notify::new(),
            cut: Notify::new(),
        };
        let now = tracker.now();
        tracker.head_since.store(now, Ordering::Relaxed);
        tracker.idle_since.store(now, Ordering::Relaxed);
        tracker
    }

    fn now(&self) -> u64 {
        u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX - 1) + 1
    }

    fn at(&self, stamp: u64) -> Instant {
        self.start + Duration::from_millis(stamp.saturating_sub(1))
    }

    /// When the phase began: the eviction order.
    fn since(&self) -> u64 {
        match self.head_since.load(Ordering::Relaxed) {
            0 => self.idle_since.load(Ordering::Relaxed),
            head => head,
        }
    }

    /// Whether closing the connection loses no work: it has no request being answered.
    fn evictable(&self) -> bool {
        self.busy.load(Ordering::Relaxed) == 0 || self.reading.load(Ordering::Relaxed)
    }

    fn deadline(&self, config: &HttpConfig) -> Option<Instant> {
        if self.busy.load(Ordering::Relaxed) > 0 {
            // The body has its own deadlines; a handler takes the time it takes.
            return None;
        }
        Some(match self.head_since.load(Ordering::Relaxed) {
            0 => self.at(self.idle_since.load(Ordering::Relaxed)) + config.idle_timeout,
            head => self.at(head) + config.header_read_timeout,
        })
    }

    fn on_read(&self) {
        if self.busy.load(Ordering::Relaxed) == 0 && self.head_since.load(Ordering::Relaxed) == 0 {
            self.head_since.store(self.now(), Ordering::Relaxed);
            self.wake.notify_one();
        }
    }
}

/// A request of the connection, from its head to the end of its response.
pub(super) struct Busy(Arc<Tracker>);

impl Busy {
    fn begin(tracker: &Arc<Tracker>) -> Self {
        tracker.busy.fetch_add(1, Ordering::Relaxed);
        tracker.head_since.store(0, Ordering::Relaxed);
        tracker.idle_since.store(tracker.now(), Ordering::Relaxed);
        tracker.reading.store(true, Ordering::Relaxed);
        Self(Arc::clone(tracker))
    }

    /// The body is whole: from now on the request is being answered, and its connection is
    /// not closed to make room for another.
    pub(super) fn body_read(&self) {
        self.0.reading.store(false, Ordering::Relaxed);
    }

    /// Resolves once the connection is evicted.
    pub(super) async fn evicted(&self) {
        let tracker = &self.0;
        let mut notified = std::pin::pin!(tracker.cut.notified());
        // Registered before the flag is read, so an eviction between the two is not missed.
        notified.as_mut().enable();
        if !tracker.evicted.load(Ordering::Relaxed) {
            notified.await;
        }
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        let tracker = &self.0;
        tracker.reading.store(false, Ordering::Relaxed);
        tracker.idle_since.store(tracker.now(), Ordering::Relaxed);
        if tracker.busy.fetch_sub(1, Ordering::Relaxed) == 1 {
            tracker.wake.notify_one();
        }
    }
}

/// The socket, telling its tracker when request bytes arrive.
struct Tracked {
    stream: TcpStream,
    tracker: Arc<Tracker>,
}

impl AsyncRead for Tracked {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.tracker.on_read();
        }
        polled
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
