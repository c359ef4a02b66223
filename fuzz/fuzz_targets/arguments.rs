//! A generated tool's `call()` on any JSON arguments (the `ledger` tool of the test corpus takes
//! every kind of input field; `billing` has actions that fail): never a panic, at any depth, and
//! every reply bounded whatever the caller sent (echoes are cut, issue lists capped).
#![no_main]

use fusion_runtime::{Reply, ToolResponse};
use fusion_tests::block_on;
use fusion_tests::snapshots::tools::{
    BillingGetInput, BillingHandler, Charge, LedgerHandler, LedgerPurgeInput, LedgerSearchInput,
    billing_tool, ledger_tool,
};
use libfuzzer_sys::fuzz_target;

/// No reply to a call may be larger than this, whatever the arguments' size: the data the
/// handlers return is small, and everything the caller sent is echoed cut.
const MAX_REPLY_BYTES: usize = 64 * 1024;

struct Handlers;

impl BillingHandler for Handlers {
    type Error = String;
    async fn get(&self, args: BillingGetInput) -> Result<Reply<Charge>, String> {
        let id: String = args.id.chars().take(64).collect();
        Ok(Charge {
            id,
            amount: 1,
            status: "paid".into(),
        }
        .into())
    }
    async fn boom(&self) -> Result<ToolResponse, String> {
        Err("boom".into())
    }
    async fn throws(&self) -> Result<ToolResponse, String> {
        Err("throws".into())
    }
}

impl LedgerHandler for Handlers {
    type Error = String;
    async fn search(&self, _args: LedgerSearchInput) -> Result<Reply<Vec<Charge>>, String> {
        Ok(Reply::Data(vec![]))
    }
    async fn purge(&self, _args: LedgerPurgeInput) -> Result<ToolResponse, String> {
        Ok(fusion_runtime::success(&"purged"))
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(arguments) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    for response in [
        block_on(billing_tool::call(&Handlers, &arguments)),
        block_on(ledger_tool::call(&Handlers, &arguments)),
    ] {
        let size: usize = response.texts().iter().map(String::len).sum();
        assert!(
            size <= MAX_REPLY_BYTES,
            "{size} bytes for {} input bytes",
            data.len()
        );
        let wire = response.to_json();
        serde_json::from_str::<serde_json::Value>(&wire).expect("the reply is JSON");
    }
});
