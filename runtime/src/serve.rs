//! Generated tools as objects a server can hold side by side: each generated tool module has a
//! `…Tool<H>` struct binding the user's handler to the tool, which implements [`ServedTool`].
//! With the `rmcp` feature, `fusion_runtime::rmcp::FusionServer` serves a set of them.

use std::future::Future;
use std::pin::Pin;

use serde_json::Value;

use crate::response::ToolResponse;
use crate::tool::ToolInfo;

/// The future of one call of a [`ServedTool`].
pub type ToolFuture<'a> = Pin<Box<dyn Future<Output = ToolResponse> + Send + 'a>>;

/// A tool with its handler: what `tools/list` shows and what `tools/call` runs.
///
/// Object safe, so that tools of different generated modules (and different handler types) can
/// share one server. Generated code implements it; a hand-written tool can too.
pub trait ServedTool: Send + Sync + 'static {
    /// The tool as `tools/list` shows it.
    fn info(&self) -> &'static ToolInfo;

    /// Answers one `tools/call` with these arguments (the JSON object the client sent, or
    /// `Value::Null` when it sent none). Never fails: every failure is an error response.
    fn call<'a>(&'a self, arguments: &'a Value) -> ToolFuture<'a>;
}
