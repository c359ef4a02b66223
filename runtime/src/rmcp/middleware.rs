//! Middleware: typed layers a server runs around tool calls (issue 42), for authorisation from
//! the request's context and auditing. A layer sees the call ([`Call`]: the MCP tool's
//! [`ToolInfo`] with its annotations, the raw arguments, the request's extensions) and either
//! answers it itself or hands it on with [`Next::run`], then may look at the answer.
//!
//! The server's layers ([`super::FusionServer::with_middleware`]) run first, then the tool's own
//! ([`super::FusionServer::with_tool_middleware`]), each in the order added, inside the call's
//! span and before its concurrency gate (a refused call takes no slot) and the generated argument
//! validation: they see the arguments as the client sent them. The checks that run after
//! validation, on the typed input, are [`super::ValidatedMiddleware`]s.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rmcp::model::Extensions;
use serde_json::Value;

use super::validated::Checks;
use super::{Served, answer};
use crate::serve::ToolFuture;
use crate::tool::ToolInfo;

/// One call as a layer sees it.
#[derive(Debug, Clone, Copy)]
pub struct Call<'a> {
    /// The MCP tool called (a flat tool's action has its own), with its annotations:
    /// `destructive`, `read_only`, …
    pub tool: &'static ToolInfo,
    /// The arguments as the client sent them (`Value::Null` when it sent none), not validated.
    pub arguments: &'a Value,
    /// The request's extensions: over streamable HTTP they hold the request's
    /// `http::request::Parts` (its headers), and whatever a layer of the HTTP stack put there.
    /// Empty when the call did not come through rmcp ([`super::FusionServer::call`]).
    pub extensions: &'a Extensions,
}

/// A layer around tool calls: answers a call itself (a refusal) or runs the rest of the chain
/// with `next.run(call)`, before or after which it may do what it wants (audit, time).
///
/// A layer that refuses a destructive tool (its `destructiveHint`) to a caller that may only
/// read; over HTTP the caller would come from the request's headers
/// (`call.extensions.get::<http::request::Parts>()`), or from an HTTP layer of your own that put
/// it in the extensions:
///
/// ```
/// use fusion_runtime::rmcp::{Call, FusionServer, Middleware, Next};
/// use fusion_runtime::{ServedTool, ToolErrorOptions, ToolFuture, ToolInfo, ToolResponse};
/// use rmcp::model::Extensions;
///
/// /// Who calls, as the transport established it.
/// #[derive(Clone, PartialEq)]
/// enum Caller {
///     ReadOnly,
///     Admin,
/// }
///
/// struct ReadOnlyCallers;
///
/// impl Middleware for ReadOnlyCallers {
///     fn call<'a>(&'a self, call: Call<'a>, next: Next<'a>) -> ToolFuture<'a> {
///         let admin = call.extensions.get::<Caller>() == Some(&Caller::Admin);
///         if call.tool.destructive && !admin {
///             let message = format!("{} is destructive: this caller may only read.", call.tool.name);
///             return Box::pin(async move {
///                 fusion_runtime::tool_error("FORBIDDEN", ToolErrorOptions::new(message))
///             });
///         }
///         next.run(call)
///     }
/// }
///
/// /// A tool that answers its own name (the two below differ by their annotations).
/// struct Named(&'static ToolInfo);
///
/// impl ServedTool for Named {
///     fn info(&self) -> &'static ToolInfo {
///         self.0
///     }
///     fn call<'a>(&'a self, _: &'a serde_json::Value) -> ToolFuture<'a> {
///         Box::pin(async move { ToolResponse::text(format!("{} done", self.0.name)) })
///     }
/// }
///
/// static LIST: ToolInfo = ToolInfo {
///     name: "invoices_list",
///     title: None,
///     description: "Lists invoices",
///     input_schema: r#"{"type":"object"}"#,
///     output_schema: None,
///     read_only: true,
///     destructive: false,
///     idempotent: true,
///     open_world: Some(false),
/// };
/// static VOID: ToolInfo = ToolInfo {
///     name: "invoices_void",
///     description: "Voids an invoice",
///     read_only: false,
///     destructive: true,
///     idempotent: false,
///     ..LIST
/// };
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let server = FusionServer::new("demo", "1.0.0")
///     .with_tool(Named(&LIST))?
///     .with_tool(Named(&VOID))?
///     .with_middleware(ReadOnlyCallers);
///
/// let text = |result: rmcp::model::CallToolResult| {
///     result.content[0].as_text().map(|t| t.text.clone()).unwrap_or_default()
/// };
/// let mut reader = Extensions::new();
/// reader.insert(Caller::ReadOnly);
/// let mut admin = Extensions::new();
/// admin.insert(Caller::Admin);
///
/// let read = server.call_with("invoices_list", None, &reader).await.unwrap();
/// assert_eq!(text(read), "invoices_list done");
/// let refused = server.call_with("invoices_void", None, &reader).await.unwrap();
/// assert_eq!(refused.is_error, Some(true));
/// assert!(text(refused).contains(r#"code="FORBIDDEN""#));
/// let voided = server.call_with("invoices_void", None, &admin).await.unwrap();
/// assert_eq!(text(voided), "invoices_void done");
/// # Ok(())
/// # }
/// ```
pub trait Middleware: Send + Sync + 'static {
    /// Answers `call`, through `next` or not.
    fn call<'a>(&'a self, call: Call<'a>, next: Next<'a>) -> ToolFuture<'a>;
}

/// The rest of a call's chain: the layers after this one, then the tool itself.
pub struct Next<'a> {
    /// The server's layers left, then the tool's own.
    server: &'a [Arc<dyn Middleware>],
    tool: &'a [Arc<dyn Middleware>],
    /// The server's checks after validation, which the tool's call runs.
    checks: &'a Checks,
    /// Set when the chain reaches the tool: a call answered without it was refused by a layer.
    reached: &'a AtomicBool,
    /// The tool the chain ends with, under the name it was called by.
    served: &'a Served,
    name: &'a str,
}

impl<'a> Next<'a> {
    /// The server's layers, then `served`'s own, around `served`.
    pub(super) fn new(
        server: &'a [Arc<dyn Middleware>],
        checks: &'a Checks,
        served: &'a Served,
        name: &'a str,
        reached: &'a AtomicBool,
    ) -> Self {
        Self {
            server,
            tool: &served.layers,
            checks,
            reached,
            served,
            name,
        }
    }

    /// Runs the next layer, or the tool (through its concurrency gate, with `call`'s
    /// arguments) when none is left.
    pub fn run(self, call: Call<'a>) -> ToolFuture<'a> {
        if let Some((layer, rest)) = self.server.split_first() {
            return layer.call(
                call,
                Self {
                    server: rest,
                    ..self
                },
            );
        }
        if let Some((layer, rest)) = self.tool.split_first() {
            return layer.call(call, Self { tool: rest, ..self });
        }
        self.reached.store(true, Ordering::Relaxed);
        Box::pin(answer(
            self.served,
            self.name,
            call.arguments,
            call.extensions,
            self.checks,
        ))
    }
}
