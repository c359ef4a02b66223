//! Racing a call against its cancellation, without tokio's `select!` (which would need the
//! `macros` feature) or naming tokio-util's token type.

use std::future::{Future, poll_fn};
use std::pin::pin;
use std::task::Poll;

/// `work`'s output, or `None` as soon as `cancelled` resolves first; `work` is then dropped
/// unfinished. `work` is polled first, so one that is ready wins over a cancellation of the same
/// instant.
pub(crate) async fn unless<T>(
    cancelled: impl Future<Output = ()>,
    work: impl Future<Output = T>,
) -> Option<T> {
    let mut cancelled = pin!(cancelled);
    let mut work = pin!(work);
    poll_fn(|cx| {
        if let Poll::Ready(output) = work.as_mut().poll(cx) {
            return Poll::Ready(Some(output));
        }
        cancelled.as_mut().poll(cx).map(|()| None)
    })
    .await
}
