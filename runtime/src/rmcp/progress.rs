//! Progress of a running call (`notifications/progress`, issue 42): the handle a handler reports
//! through, and the rate limit between it and the client.
//!
//! How a handler gets it: [`Progress::current`], which reads a task-local that
//! [`crate::rmcp::FusionServer`] sets around each `tools/call` whose request carries a
//! `progressToken` in its `_meta`. A parameter would have been more visible, but every generated
//! handler trait (and every user's `impl` of one) would have had to change for a feature most
//! calls never use; the task-local leaves them as they are and costs nothing to a call that asked
//! for no progress (no handle is built). A handler that spawns work onto another task clones the
//! handle and moves it there: the task-local is not inherited.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use rmcp::model::{ProgressNotificationParam, ProgressToken};
use rmcp::service::{Peer, RoleServer};

/// The shortest time between two progress notifications of one call, unless the server sets
/// another ([`crate::rmcp::FusionServer::with_progress_interval`]).
pub const DEFAULT_PROGRESS_INTERVAL: Duration = Duration::from_millis(100);

tokio::task_local! {
    static CURRENT: Progress;
}

/// Reports the progress of the current call to the client that asked for it (with a
/// `progressToken`), at most one notification per interval: a report that comes too soon is
/// held back, and sent by the next report after the interval or, at the latest, when the call
/// answers (before its result, so the last report always arrives). A held-back report that a
/// newer one replaces is never sent: the client sees the newest value, not every value.
///
/// ```
/// use fusion_runtime::rmcp::Progress;
///
/// async fn export(pages: u32) -> String {
///     // `None` outside a call, or when the caller asked for no progress.
///     let progress = Progress::current();
///     for page in 1..=pages {
///         // ... fetch one page ...
///         if let Some(progress) = &progress {
///             progress.report(f64::from(page), Some(f64::from(pages)), None).await;
///         }
///     }
///     format!("{pages} pages")
/// }
/// # let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
/// # assert_eq!(rt.block_on(export(2)), "2 pages");
/// ```
///
/// Progress must increase from one report to the next (MCP asks it); the handle does not
/// reorder or check values.
#[derive(Clone, Debug)]
pub struct Progress {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    peer: Peer<RoleServer>,
    token: ProgressToken,
    throttle: Mutex<Throttle>,
}

impl Progress {
    /// The handle of the call this task is answering, if its client asked for progress.
    pub fn current() -> Option<Self> {
        CURRENT.try_with(Clone::clone).ok()
    }

    /// Reports `progress` (of `total`, when known) with an optional message. Sends at once
    /// unless the last notification went out less than the interval ago (then it is held
    /// back); a client that has gone away is not an error of the call.
    pub async fn report(&self, progress: f64, total: Option<f64>, message: Option<String>) {
        let mut param = ProgressNotificationParam::new(self.inner.token.clone(), progress);
        param.total = total;
        param.message = message;
        let due = self.throttle().offer(param, Instant::now());
        if let Some(param) = due {
            self.send(param).await;
        }
    }

    fn throttle(&self) -> std::sync::MutexGuard<'_, Throttle> {
        // The lock is never held across an await or a panic-prone call: poison is harmless.
        self.inner
            .throttle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    async fn send(&self, param: ProgressNotificationParam) {
        if let Err(error) = self.inner.peer.notify_progress(param).await {
            tracing::debug!(target: crate::trace::TARGET, %error, "progress not sent");
        }
    }

    /// Sends the report held back, if any (the server calls it when the call has answered).
    async fn flush(&self) {
        let held = self.throttle().held.take();
        if let Some(param) = held {
            self.send(param).await;
        }
    }
}

/// Runs `call` with a progress handle for `token` (when the client sent one) as the task-local
/// [`Progress::current`] reads, then sends the report it held back. `call` being dropped
/// (a cancelled request) drops the held report with it: a cancelled call reports nothing more.
pub(crate) async fn scope<T>(
    token: Option<ProgressToken>,
    peer: &Peer<RoleServer>,
    interval: Duration,
    call: impl Future<Output = T>,
) -> T {
    let Some(token) = token else {
        return call.await;
    };
    let progress = Progress {
        inner: Arc::new(Inner {
            peer: peer.clone(),
            token,
            throttle: Mutex::new(Throttle::new(interval)),
        }),
    };
    let output = CURRENT.scope(progress.clone(), call).await;
    progress.flush().await;
    output
}

/// The rate limit of one call's reports, apart from the clock and the wire (unit-tested).
#[derive(Debug)]
struct Throttle {
    interval: Duration,
    last_sent: Option<Instant>,
    held: Option<ProgressNotificationParam>,
}

impl Throttle {
    fn new(interval: Duration) -> Self {
        Self {
            interval,
            last_sent: None,
            held: None,
        }
    }

    /// The report to send now (this one, when the interval has passed since the last), or
    /// `None` when it is held back in place of any older held report.
    fn offer(
        &mut self,
        param: ProgressNotificationParam,
        now: Instant,
    ) -> Option<ProgressNotificationParam> {
        let due = self
            .last_sent
            .is_none_or(|last| now.duration_since(last) >= self.interval);
        if due {
            self.last_sent = Some(now);
            self.held = None;
            Some(param)
        } else {
            self.held = Some(param);
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rmcp::model::NumberOrString;

    fn report(progress: f64) -> ProgressNotificationParam {
        ProgressNotificationParam::new(ProgressToken(NumberOrString::Number(7)), progress)
    }

    #[test]
    fn one_report_per_interval_the_newest_held_back() {
        let start = Instant::now();
        let at = |ms| start + Duration::from_millis(ms);
        let mut throttle = Throttle::new(Duration::from_millis(100));
        // The first report goes at once; the next two within 100 ms are held, the newer
        // replacing the older.
        assert_eq!(
            throttle.offer(report(1.0), at(0)).map(|p| p.progress),
            Some(1.0)
        );
        assert!(throttle.offer(report(2.0), at(40)).is_none());
        assert!(throttle.offer(report(3.0), at(99)).is_none());
        assert_eq!(throttle.held.as_ref().map(|p| p.progress), Some(3.0));
        // 100 ms after the last one sent: this report goes, and nothing is held any more.
        assert_eq!(
            throttle.offer(report(4.0), at(100)).map(|p| p.progress),
            Some(4.0)
        );
        assert!(throttle.held.is_none());
        assert!(throttle.offer(report(5.0), at(150)).is_none());
        // What the server flushes when the call answers: the last report.
        assert_eq!(throttle.held.take().map(|p| p.progress), Some(5.0));
    }

    #[test]
    fn a_zero_interval_sends_every_report() {
        let now = Instant::now();
        let mut throttle = Throttle::new(Duration::ZERO);
        for progress in [1.0, 2.0, 3.0] {
            assert!(throttle.offer(report(progress), now).is_some());
        }
        assert!(throttle.held.is_none());
    }

    #[tokio::test]
    async fn outside_a_call_there_is_no_handle() {
        assert!(Progress::current().is_none());
    }
}
