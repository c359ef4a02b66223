//! The concurrency gate of one tool or action ([`crate::Concurrency`]): a fair semaphore of
//! `max_active` slots and a count of the calls admitted (running or waiting), so a call beyond
//! `max_active + max_queue` is refused without waiting. A waiting call whose future is dropped
//! (the client cancelled it) leaves the queue: tokio's semaphore forgets a dropped waiter, and the
//! admission count is given back on drop.

use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::{Semaphore, SemaphorePermit};

use crate::error::{ToolErrorOptions, tool_error};
use crate::limits::Concurrency;
use crate::response::ToolResponse;

/// MCP Fusion's advice with its `SERVER_BUSY` answer, kept byte for byte.
const BUSY_RECOVERY: &str = "Reduce the number of concurrent calls to this tool. Send requests sequentially or in smaller batches.";

/// One tool's or action's gate.
#[derive(Debug)]
pub(crate) struct Gate {
    max_active: usize,
    /// `max_active + max_queue`.
    capacity: usize,
    slots: Semaphore,
    admitted: AtomicUsize,
}

/// A call's place: a slot held until it is dropped, with its admission.
#[derive(Debug)]
pub(crate) struct Pass<'a> {
    _slot: SemaphorePermit<'a>,
    _admission: Admission<'a>,
}

/// One admitted call (running or waiting); given back on drop, also when a waiting call is
/// dropped before it gets a slot.
#[derive(Debug)]
struct Admission<'a>(&'a AtomicUsize);

impl Drop for Admission<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Gate {
    /// A gate enforcing `limit`.
    pub(crate) fn new(limit: Concurrency) -> Self {
        // As upstream: at least one running, never a negative queue.
        let max_active = (limit.max_active as usize).max(1);
        Self {
            max_active,
            capacity: max_active + limit.max_queue as usize,
            slots: Semaphore::new(max_active),
            admitted: AtomicUsize::new(0),
        }
    }

    /// Waits for a slot, or refuses at once with MCP Fusion's `SERVER_BUSY` answer (naming
    /// `tool`) when every slot and every place in the queue is taken.
    pub(crate) async fn enter(&self, tool: &str) -> Result<Pass<'_>, ToolResponse> {
        let before = self.admitted.fetch_add(1, Ordering::AcqRel);
        let admission = Admission(&self.admitted);
        if before >= self.capacity {
            drop(admission);
            return Err(self.busy(tool));
        }
        // The semaphore is never closed, so `acquire` cannot fail.
        let slot = self.slots.acquire().await.map_err(|_| self.busy(tool))?;
        Ok(Pass {
            _slot: slot,
            _admission: admission,
        })
    }

    /// Upstream's load-shedding answer: `SERVER_BUSY`, what is running and waiting, and when to
    /// retry (after a short delay).
    fn busy(&self, tool: &str) -> ToolResponse {
        let active = self.max_active - self.slots.available_permits().min(self.max_active);
        let queued = self.admitted.load(Ordering::Acquire).saturating_sub(active);
        let queued = queued.min(self.capacity - self.max_active);
        tool_error(
            "SERVER_BUSY",
            ToolErrorOptions {
                suggestion: Some(BUSY_RECOVERY.to_owned()),
                ..ToolErrorOptions::new(format!(
                    "Tool \"{tool}\" is at capacity ({active} active, {queued} queued). Retry after a short delay."
                ))
            },
        )
    }
}
