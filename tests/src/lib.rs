//! Compiles the checked-in `generated/` folder (the output of `fusion-gen schemas -o generated`)
//! and the snapshot corpus under the strictest lints, so generated code that warns fails the build.
//! The tests in `tests/tests/` check that both are what the generator produces today.

#![deny(warnings, missing_docs)]
#![deny(clippy::all)]

/// The example definitions of `schemas/`, generated.
///
/// `rustfmt::skip`: the generator formats its output with prettyplease, and `--check` compares
/// bytes; rustfmt's slightly different layout would make checked-in output look stale.
/// `clippy::pedantic`: generated code passes it but for the lints its header allows (issue 24).
#[rustfmt::skip]
#[warn(clippy::pedantic)]
#[path = "../../generated/mod.rs"]
pub mod generated;

/// One generated module per feature of the snapshot corpus (`tests/corpus/`), under
/// `clippy::pedantic` as `generated` is.
#[warn(clippy::pedantic)]
pub mod snapshots;

/// Runs a future that never waits, as the test handlers of generated tools answer at once; a
/// future that is pending is polled again (tests need no executor).
pub fn block_on<F: std::future::Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let mut context = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(output) = future.as_mut().poll(&mut context) {
            return output;
        }
    }
}

/// The `expected` CallToolResult of an upstream golden case (`fixtures/upstream/goldens.json`).
///
/// # Panics
/// When the file is unreadable or has no case of that name: a broken fixture, in test code.
pub fn golden(name: &str) -> serde_json::Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/upstream/goldens.json"
    );
    let text = std::fs::read_to_string(path).expect("goldens.json is readable");
    let goldens: serde_json::Value = serde_json::from_str(&text).expect("goldens.json is JSON");
    goldens["cases"]
        .as_array()
        .expect("cases is an array")
        .iter()
        .find(|case| case["name"] == name)
        .unwrap_or_else(|| panic!("no golden named {name}"))["expected"]
        .clone()
}

/// `(isError, the text)` of a response made of one text block, as its wire JSON says them.
///
/// # Panics
/// When the response is not one text block: what the parity tests expect of an argument error.
pub fn only_text_block(response: &fusion_runtime::ToolResponse) -> (bool, String) {
    let wire: serde_json::Value =
        serde_json::from_str(&response.to_json()).expect("a response is JSON");
    let blocks = wire["content"].as_array().expect("content");
    assert_eq!(blocks.len(), 1, "one block: {wire}");
    (
        wire["isError"] == serde_json::Value::Bool(true),
        blocks[0]["text"].as_str().expect("a text block").to_owned(),
    )
}
