//! `statement`: a slow tool written by hand (a [`ServedTool`] without generated code), to show a
//! long call reporting progress and being cancelled. It goes through the store's invoices one
//! page at a time, `page_ms` milliseconds a page, reporting each page through
//! [`Progress`]; every statement's answer says how the statements that ended before it ended (finished, or dropped
//! unfinished by a cancellation), so a client can see that a cancelled call's handler stopped.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use fusion_runtime::rmcp::Progress;
use fusion_runtime::{ServedTool, ToolErrorOptions, ToolFuture, ToolInfo, ToolResponse};
use serde_json::Value;

use crate::Billing;

/// The most pages one statement goes through.
pub const MAX_PAGES: u64 = 1000;
/// The longest time one page takes.
pub const MAX_PAGE_MS: u64 = 1000;

static STATEMENT: ToolInfo = ToolInfo {
    name: "statement",
    title: Some("Statement"),
    description: "Builds a statement of the store's invoices, one page at a time (slow: `page_ms` milliseconds a page), reporting progress per page when asked. The answer also says how earlier statements ended.",
    input_schema: r#"{"type":"object","properties":{"pages":{"type":"integer","minimum":1,"maximum":1000},"page_ms":{"type":"integer","minimum":0,"maximum":1000}},"required":["pages","page_ms"],"additionalProperties":false}"#,
    output_schema: None,
    read_only: true,
    destructive: false,
    idempotent: true,
    open_world: Some(false),
};

/// How the statements of one server ended.
#[derive(Debug, Default)]
struct Journal {
    finished: AtomicUsize,
    abandoned: AtomicUsize,
}

/// One statement while it runs: counted as abandoned if it is dropped before it finishes (its
/// future dropped by a cancellation).
struct Running<'a> {
    journal: &'a Journal,
    finished: bool,
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        let count = if self.finished {
            &self.journal.finished
        } else {
            &self.journal.abandoned
        };
        count.fetch_add(1, Ordering::AcqRel);
    }
}

/// The `statement` tool over the store.
#[derive(Debug, Clone)]
pub struct StatementTool {
    billing: Billing,
    journal: Arc<Journal>,
}

impl StatementTool {
    /// The tool over `billing`'s store, with no statement run yet.
    pub fn new(billing: Billing) -> Self {
        Self {
            billing,
            journal: Arc::default(),
        }
    }

    async fn run(&self, pages: u64, page_ms: u64) -> ToolResponse {
        let mut running = Running {
            journal: &self.journal,
            finished: false,
        };
        let progress = Progress::current();
        for page in 1..=pages {
            tokio::time::sleep(Duration::from_millis(page_ms)).await;
            if let Some(progress) = &progress {
                let message = format!("page {page} of {pages}");
                progress
                    .report(page as f64, Some(pages as f64), Some(message))
                    .await;
            }
        }
        // Read at the end, so that a statement cancelled while this one ran is counted; this
        // one counts only once `running` is dropped, after its answer.
        let finished = self.journal.finished.load(Ordering::Acquire);
        let abandoned = self.journal.abandoned.load(Ordering::Acquire);
        running.finished = true;
        let total: i64 = self.billing.0.invoices.iter().map(|i| i.amount_cents).sum();
        ToolResponse::text(format!(
            "Statement of {} invoices in {pages} pages: {total} cents. Earlier statements: {finished} finished, {abandoned} abandoned unfinished.",
            self.billing.0.invoices.len()
        ))
    }
}

/// `name`'s value when it is an integer from `min` to `max`, else a refusal naming the bounds.
fn count(arguments: &Value, name: &str, min: u64, max: u64) -> Result<u64, ToolResponse> {
    match arguments.get(name).and_then(Value::as_u64) {
        Some(value) if (min..=max).contains(&value) => Ok(value),
        _ => Err(fusion_runtime::tool_error(
            "INVALID_ARGUMENTS",
            ToolErrorOptions::new(format!("`{name}` must be an integer from {min} to {max}.")),
        )),
    }
}

impl ServedTool for StatementTool {
    fn info(&self) -> &'static ToolInfo {
        &STATEMENT
    }

    fn call<'a>(&'a self, arguments: &'a Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let pages = match count(arguments, "pages", 1, MAX_PAGES) {
                Ok(pages) => pages,
                Err(refusal) => return refusal,
            };
            match count(arguments, "page_ms", 0, MAX_PAGE_MS) {
                Ok(page_ms) => self.run(pages, page_ms).await,
                Err(refusal) => refusal,
            }
        })
    }
}
