//! Who may change what: a check the server runs after validation
//! ([`fusion_runtime::rmcp::ValidatedMiddleware`]) that refuses a destructive action
//! (`billing/remind`, `reminders_send`) to a caller that may only read, and keeps an audit line
//! of every destructive call it lets through, naming the invoice from the typed input.
//!
//! After validation, not before: the check knows the *action* (a grouped tool's annotations only
//! say that some action of `billing` is destructive) and reads the invoice id from the
//! generated input struct instead of picking at the raw JSON; a call with invalid arguments is
//! answered its validation error and never reaches it. `docs/serving.md` shows this code
//! (`tests/readme.rs` checks it is word for word) and `tests/middleware.rs` runs it.

use std::sync::{Arc, Mutex, PoisonError};

use fusion_runtime::HandlerError;
use fusion_runtime::rmcp::{CheckFuture, ValidatedCall, ValidatedMiddleware};

use crate::generated::billing_tool::BillingRemindInput;
use crate::generated::reminders_tool::RemindersSendInput;

// serving:validated
/// What the caller may do, as the transport established it: an HTTP layer in front of the
/// server puts it in the request's extensions (from a token, a client certificate), and
/// `FusionServer::call_with` takes them for a call made in process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// May call the read-only actions only.
    ReadOnly,
    /// May call every action.
    ReadWrite,
}

/// Refuses destructive actions to [`Access::ReadOnly`] callers (and to callers whose access
/// nothing established); audits the destructive calls it lets through.
#[derive(Debug, Clone, Default)]
pub struct ReadOnlyCallers {
    /// One line per destructive call let through: `billing/remind INV-000001`.
    pub audit: Arc<Mutex<Vec<String>>>,
}

impl ValidatedMiddleware for ReadOnlyCallers {
    fn check<'a>(&'a self, call: ValidatedCall<'a>) -> CheckFuture<'a> {
        Box::pin(async move {
            // The action's own hint: `billing/get` passes, `billing/remind` does not.
            if !call.destructive() {
                return Ok(());
            }
            let action = call.action.map_or("", |action| action.name);
            if call.extensions.get::<Access>() != Some(&Access::ReadWrite) {
                return Err(HandlerError::forbidden(format!(
                    "{}/{action} changes data: this caller may only read.",
                    call.tool.name
                ))
                .recovery("Use the read-only actions, or ask a user with write access."));
            }
            // The typed input the handler gets, not the raw arguments.
            let invoice = call
                .input::<BillingRemindInput>()
                .map(|input| input.id.as_str())
                .or_else(|| {
                    call.input::<RemindersSendInput>()
                        .map(|input| input.id.as_str())
                })
                .unwrap_or("-");
            let line = format!("{}/{action} {invoice}", call.tool.name);
            self.audit
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(line);
            Ok(())
        })
    }
}
// serving:end
