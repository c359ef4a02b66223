//! Generated tools as objects a server can hold side by side: each generated tool module has a
//! `…Tool<H>` struct binding the user's handler to the tool, which implements [`ServedTool`].
//! With the `rmcp` feature, `fusion_runtime::rmcp::FusionServer` serves a set of them.

use std::future::Future;
use std::pin::Pin;

use serde_json::Value;

use crate::limits::Limits;
use crate::response::ToolResponse;
use crate::tool::ToolInfo;

/// The future of one call of a [`ServedTool`].
pub type ToolFuture<'a> = Pin<Box<dyn Future<Output = ToolResponse> + Send + 'a>>;

/// A tool with its handler: what `tools/list` shows and what `tools/call` runs.
///
/// Object safe, so that tools of different generated modules (and different handler types) can
/// share one server. Generated code implements it; a hand-written tool can too.
///
/// A grouped tool is one MCP tool; a tool under flat exposition is one MCP tool per action:
/// [`ServedTool::tools`] lists them and [`ServedTool::call_tool`] answers each. A server lists
/// and routes by these two; `info` and `call` are the first (for a grouped tool, the only) one.
pub trait ServedTool: Send + Sync + 'static {
    /// The tool as `tools/list` shows it (under flat exposition, its first action's tool).
    fn info(&self) -> &'static ToolInfo;

    /// Answers one `tools/call` with these arguments (the JSON object the client sent, or
    /// `Value::Null` when it sent none). Never fails: every failure is an error response.
    fn call<'a>(&'a self, arguments: &'a Value) -> ToolFuture<'a>;

    /// Every MCP tool this serves, as `tools/list` shows them: `[info()]` unless the tool is
    /// exposed flat (one per action).
    fn tools(&self) -> &'static [ToolInfo] {
        std::slice::from_ref(self.info())
    }

    /// Answers one `tools/call` of `tools()[index]`; [`ServedTool::call`] unless the tool is
    /// exposed flat. An index past `tools()` is answered as an unknown action.
    fn call_tool<'a>(&'a self, index: usize, arguments: &'a Value) -> ToolFuture<'a> {
        let _ = index;
        self.call(arguments)
    }

    /// Whether [`ServedTool::call_tool`] validates the arguments and then runs a server's checks
    /// after validation itself, through [`crate::trace::Steps::admit`], before its handler:
    /// generated tools do. When `false` (a hand-written tool's default), a server runs those
    /// checks before calling the tool, on the arguments as sent, so none is ever skipped.
    fn runs_validated_middleware(&self) -> bool {
        false
    }

    /// The concurrency limits the tool file declares (`concurrency: { max-active, max-queue }`
    /// on the tool or an action), which a server enforces; none unless overridden.
    fn limits(&self) -> Limits {
        Limits::NONE
    }
}
