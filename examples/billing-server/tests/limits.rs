//! The concurrency limit `schemas/billing/reminders.tool.yaml` declares for `send` reaches the
//! runtime through the generated `LIMITS` (issue 42); the gate itself is tested in the runtime.

use std::sync::Arc;

use fusion_example_billing_server::generated::reminders_tool::{LIMITS, RemindersTool};
use fusion_example_billing_server::{Billing, Store};
use fusion_runtime::{Concurrency, Limits, ServedTool};

const EXPECTED: Limits = Limits {
    tool: None,
    actions: &[("send", Concurrency::new(2, 5))],
};

#[test]
fn the_declared_limit_is_the_served_tools() {
    let expected = EXPECTED;
    assert_eq!(LIMITS, expected);
    let tool = RemindersTool::new(Billing(Arc::new(Store::seeded(1))));
    assert_eq!(tool.limits(), expected);
}
