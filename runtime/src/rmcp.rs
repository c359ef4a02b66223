//! The bridge to rmcp, the official Rust MCP SDK (feature `rmcp`, built against rmcp 3.x with its
//! `server` feature): [`FusionServer`] serves generated tools, and `From<ToolResponse>` turns a
//! response into rmcp's `CallToolResult`, `From<PromptMessage>` a prompt message into rmcp's.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, CustomRequest,
    CustomResult, ErrorCode, Extensions, Implementation, JsonObject, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::Value;
use tracing::Instrument;

use crate::limits::Concurrency;
use crate::response::ToolResponse;
use crate::serve::ServedTool;

mod cancel;
mod gate;
mod middleware;
mod params;
mod progress;
pub(crate) mod validated;

use gate::Gate;
pub use middleware::{Call, Middleware, Next};
pub use progress::{DEFAULT_PROGRESS_INTERVAL, Progress};
pub use validated::{CheckFuture, ValidatedCall, ValidatedMiddleware};
use validated::{Checks, Pending};

/// The longest tool name an "unknown tool" error repeats; longer names are cut (the caller's
/// text is never echoed unbounded).
const ECHOED_NAME_CHARS: usize = 64;

impl From<crate::prompt::PromptMessage> for rmcp::model::PromptMessage {
    /// A text message with the same role (`system` messages are already `user`, wire format §19).
    fn from(message: crate::prompt::PromptMessage) -> Self {
        let role = match message.role {
            crate::prompt::PromptRole::User => rmcp::model::Role::User,
            crate::prompt::PromptRole::Assistant => rmcp::model::Role::Assistant,
        };
        rmcp::model::PromptMessage::new_text(role, message.text)
    }
}

impl From<ToolResponse> for CallToolResult {
    /// Moves the text blocks into rmcp's result as they are; `isError` stays absent when the
    /// response leaves it absent. An error (`isError: true`) never carries `structuredContent`:
    /// clients validate it against the output schema even on errors, and would then hide the
    /// real message behind a schema failure.
    fn from(response: ToolResponse) -> Self {
        let (texts, is_error, structured_content) = response.into_parts();
        let content: Vec<ContentBlock> = texts.into_iter().map(ContentBlock::text).collect();
        let mut result = CallToolResult::success(content);
        result.is_error = is_error;
        if is_error != Some(true) {
            result.structured_content = structured_content;
        }
        result
    }
}

/// Two tools with one name in a [`FusionServer`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DuplicateTool(pub &'static str);

impl fmt::Display for DuplicateTool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the tool `{}` is registered twice", self.0)
    }
}

impl std::error::Error for DuplicateTool {}

/// No tool of that name in a [`FusionServer`] (from [`FusionServer::with_concurrency`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownTool(pub String);

impl fmt::Display for UnknownTool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no tool `{}` is served", self.0)
    }
}

impl std::error::Error for UnknownTool {}

/// One MCP tool of a [`FusionServer`].
#[derive(Clone)]
pub(crate) struct Served {
    /// As `tools/list` shows it.
    tool: Tool,
    /// What serves it.
    served: Arc<dyn ServedTool>,
    /// Its index in `served`'s [`ServedTool::tools`] (always 0 but for a tool exposed flat).
    index: usize,
    /// The gate of the calls that no action gate takes, shared by every MCP tool of `served`.
    gate: Option<Arc<Gate>>,
    /// The actions' own gates, shared likewise. A grouped tool picks one by the `action`
    /// argument; a flat tool's MCP tool is one action, whose gate (if any) is `gate` here.
    action_gates: Arc<Vec<(&'static str, Arc<Gate>)>>,
    /// This MCP tool's own middleware, run after the server's.
    layers: Vec<Arc<dyn Middleware>>,
    /// This MCP tool's own checks after validation, run after the server's.
    checks: Checks,
}

impl Served {
    /// The gate this call goes through, if any: its action's, else the tool's.
    fn gate(&self, arguments: &Value) -> Option<&Gate> {
        if !self.action_gates.is_empty()
            && let Some(Value::String(action)) = arguments.get("action")
            && let Some((_, gate)) = self.action_gates.iter().find(|(name, _)| name == action)
        {
            return Some(gate);
        }
        self.gate.as_deref()
    }
}

/// An rmcp [`ServerHandler`] for a set of generated tools: `tools/list` lists them (the
/// [`rmcp::model::Tool`]s are built once, when a tool is added), `tools/call` routes by name to
/// the tool's generated `call`, and every other request gets rmcp's default answer.
///
/// Cheap to clone (the tools are shared), as rmcp's streamable HTTP service wants one handler
/// per session. Holds no per-session state, so any instance answers any call.
///
/// A generated tool module gives each tool a `…Tool<H>` struct (`BillingTool::new(store)`, with
/// `.with_hooks(hooks)` to present through the presenters' hooks); any [`ServedTool`] works the
/// same way, as this hand-written one shows:
///
/// ```
/// use fusion_runtime::rmcp::FusionServer;
/// use fusion_runtime::{ServedTool, ToolFuture, ToolInfo, ToolResponse};
///
/// struct Echo;
///
/// static ECHO: ToolInfo = ToolInfo {
///     name: "echo",
///     title: None,
///     description: "Echoes its arguments",
///     input_schema: r#"{"type":"object"}"#,
///     output_schema: None,
///     read_only: true,
///     destructive: false,
///     idempotent: true,
///     open_world: Some(false),
/// };
///
/// impl ServedTool for Echo {
///     fn info(&self) -> &'static ToolInfo {
///         &ECHO
///     }
///     fn call<'a>(&'a self, arguments: &'a serde_json::Value) -> ToolFuture<'a> {
///         Box::pin(async move { ToolResponse::text(arguments.to_string()) })
///     }
/// }
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let server = FusionServer::new("demo", "1.0.0")
///     .with_tool(Echo)?
///     .with_instructions("Echoes.");
/// assert_eq!(server.list().tools[0].name, "echo");
/// // In a binary with rmcp's `transport-io` feature and a tokio runtime:
/// // server.serve(rmcp::transport::stdio()).await?.waiting().await?;
/// # Ok(())
/// # }
/// ```
///
/// To override other `ServerHandler` methods, wrap it: implement `ServerHandler` on your type and
/// delegate `list_tools`/`call_tool` to [`FusionServer::list`] and [`FusionServer::call`].
#[derive(Clone)]
pub struct FusionServer {
    tools: Arc<Vec<Served>>,
    config: ServerConfig,
    /// The shortest time between two progress notifications of one call.
    progress_interval: Duration,
    /// The middleware around every call, in the order added.
    layers: Arc<Vec<Arc<dyn Middleware>>>,
    /// The checks after validation of every call, in the order added.
    checks: Checks,
}

impl fmt::Debug for FusionServer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.tools.iter().map(|served| &*served.tool.name).collect();
        f.debug_struct("FusionServer")
            .field("tools", &names)
            .field("server_info", &self.config.server_info)
            .finish()
    }
}

impl FusionServer {
    /// A server named `name`, version `version`, with the tools capability and no tools yet.
    pub fn new(name: impl Into<String>, version: impl Into<String>) -> Self {
        let config = ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new(name, version));
        Self {
            tools: Arc::new(Vec::new()),
            config,
            progress_interval: DEFAULT_PROGRESS_INTERVAL,
            layers: Arc::new(Vec::new()),
            checks: Arc::new(Vec::new()),
        }
    }

    /// Adds a tool: every MCP tool of its [`ServedTool::tools`] (one per action when it is
    /// exposed flat). A name already served, or served twice by the tool, is an error, and then
    /// none of its tools is added.
    pub fn with_tool(mut self, tool: impl ServedTool) -> Result<Self, DuplicateTool> {
        let infos = tool.tools();
        for (index, info) in infos.iter().enumerate() {
            let served = |served: &Served| served.tool.name == info.name;
            if self.tools.iter().any(served) || infos[..index].iter().any(|i| i.name == info.name) {
                return Err(DuplicateTool(info.name));
            }
        }
        let limits = tool.limits();
        let tool_gate = limits.tool.map(|limit| Arc::new(Gate::new(limit)));
        let action_gates: Vec<(&'static str, Arc<Gate>)> = limits
            .actions
            .iter()
            .map(|(action, limit)| (*action, Arc::new(Gate::new(*limit))))
            .collect();
        // Exposed flat: several MCP tools, or one without the `action` argument every grouped
        // tool's schema requires (an input may not declare `action` itself).
        let flat = infos.len() > 1
            || infos
                .first()
                .is_some_and(|info| !info.input_schema.contains("\"action\""));
        let tool: Arc<dyn ServedTool> = Arc::new(tool);
        let tools = Arc::make_mut(&mut self.tools);
        for (index, info) in infos.iter().enumerate() {
            // A flat tool's MCP tool is `{tool}_{action}`, one action: its own gate, if it has
            // one, is the only one its calls go through.
            let own = flat
                .then(|| flat_action_gate(info.name, &action_gates))
                .flatten();
            tools.push(Served {
                tool: info.to_rmcp(),
                served: Arc::clone(&tool),
                index,
                gate: own.or_else(|| tool_gate.clone()),
                action_gates: Arc::new(if flat {
                    Vec::new()
                } else {
                    action_gates.clone()
                }),
                layers: Vec::new(),
                checks: Arc::new(Vec::new()),
            });
        }
        Ok(self)
    }

    /// Replaces the concurrency limit the tool file declares (`None`: no limit) of the MCP tool
    /// `tool` (every action of it that has no limit of its own), or with `action` of that one
    /// action of a grouped tool. Calls already admitted keep the gate they entered.
    ///
    /// # Errors
    /// [`UnknownTool`] when no MCP tool is named `tool`.
    pub fn with_concurrency(
        mut self,
        tool: &str,
        action: Option<&'static str>,
        limit: Option<Concurrency>,
    ) -> Result<Self, UnknownTool> {
        let tools = Arc::make_mut(&mut self.tools);
        let Some(found) = tools.iter().position(|served| served.tool.name == tool) else {
            return Err(UnknownTool(tool.to_owned()));
        };
        let gate = limit.map(|limit| Arc::new(Gate::new(limit)));
        let served = &mut tools[found];
        match action {
            None => served.gate = gate,
            Some(action) => {
                let gates = Arc::make_mut(&mut served.action_gates);
                gates.retain(|(name, _)| *name != action);
                if let Some(gate) = gate {
                    gates.push((action, gate));
                }
            }
        }
        Ok(self)
    }

    /// Sets the instructions the server sends in its `initialize` result.
    #[must_use]
    pub fn with_instructions(mut self, instructions: impl Into<String>) -> Self {
        self.config = self.config.with_instructions(instructions);
        self
    }

    /// Adds a [`Middleware`] around every call (of the tools added before and after), after
    /// the ones added before it.
    #[must_use]
    pub fn with_middleware(mut self, layer: impl Middleware) -> Self {
        Arc::make_mut(&mut self.layers).push(Arc::new(layer));
        self
    }

    /// Adds a [`Middleware`] around the calls of the MCP tool `tool` only (a flat tool's
    /// `tool_action`), run after the server's.
    ///
    /// # Errors
    /// [`UnknownTool`] when no MCP tool is named `tool`.
    pub fn with_tool_middleware(
        mut self,
        tool: &str,
        layer: impl Middleware,
    ) -> Result<Self, UnknownTool> {
        let tools = Arc::make_mut(&mut self.tools);
        let Some(served) = tools.iter_mut().find(|served| served.tool.name == tool) else {
            return Err(UnknownTool(tool.to_owned()));
        };
        served.layers.push(Arc::new(layer));
        Ok(self)
    }

    /// Adds a [`ValidatedMiddleware`], a check of every call once its arguments are valid
    /// (of the tools added before and after), after the ones added before it. It runs inside
    /// the call's span, after the call took its place through the concurrency gate and after the
    /// generated validation (an invalid call never reaches it), before the handler.
    #[must_use]
    pub fn with_validated_middleware(mut self, check: impl ValidatedMiddleware) -> Self {
        Arc::make_mut(&mut self.checks).push(Arc::new(check));
        self
    }

    /// Adds a [`ValidatedMiddleware`] to the calls of the MCP tool `tool` only (a flat tool's
    /// `tool_action`), run after the server's.
    ///
    /// # Errors
    /// [`UnknownTool`] when no MCP tool is named `tool`.
    pub fn with_tool_validated_middleware(
        mut self,
        tool: &str,
        check: impl ValidatedMiddleware,
    ) -> Result<Self, UnknownTool> {
        let tools = Arc::make_mut(&mut self.tools);
        let Some(served) = tools.iter_mut().find(|served| served.tool.name == tool) else {
            return Err(UnknownTool(tool.to_owned()));
        };
        Arc::make_mut(&mut served.checks).push(Arc::new(check));
        Ok(self)
    }

    /// Sets the shortest time between two progress notifications of one call
    /// ([`DEFAULT_PROGRESS_INTERVAL`] unless set; [`Duration::ZERO`] sends every report).
    #[must_use]
    pub fn with_progress_interval(mut self, interval: Duration) -> Self {
        self.progress_interval = interval;
        self
    }

    /// Replaces the whole `initialize` result (protocol version, capabilities, server info).
    #[must_use]
    pub fn with_config(mut self, config: ServerConfig) -> Self {
        self.config = config;
        self
    }

    /// The tools, as `tools/list` shows them, in the order they were added.
    pub fn list(&self) -> ListToolsResult {
        ListToolsResult::with_all_items(
            self.tools
                .iter()
                .map(|served| served.tool.clone())
                .collect(),
        )
    }

    /// Answers `tools/call` for the tool `name`; `None` when no tool has that name.
    ///
    /// The call runs in its own `tracing` span ([`crate::trace::call_span`]), through the
    /// concurrency gate of its tool or action when one is declared or set: it waits for a slot,
    /// or is answered `SERVER_BUSY` at once when the queue is full too. Dropping the future
    /// (a cancelled call) drops the handler's and leaves the queue.
    pub async fn call(&self, name: &str, arguments: Option<JsonObject>) -> Option<CallToolResult> {
        self.call_with(name, arguments, &Extensions::new()).await
    }

    /// [`FusionServer::call`] with the request's extensions, which the [`Middleware`] see
    /// (rmcp's `RequestContext::extensions`; over HTTP they hold the request's head).
    pub async fn call_with(
        &self,
        name: &str,
        arguments: Option<JsonObject>,
        extensions: &Extensions,
    ) -> Option<CallToolResult> {
        self.respond(name, arguments, extensions)
            .await
            .map(Into::into)
    }

    /// [`FusionServer::call_with`], answered as the [`ToolResponse`] itself: what a transport
    /// that writes the response's bytes itself ([`crate::jsonrpc::write_tool_result`]) takes,
    /// with no `CallToolResult` built on the way.
    pub async fn respond(
        &self,
        name: &str,
        arguments: Option<JsonObject>,
        extensions: &Extensions,
    ) -> Option<ToolResponse> {
        let served = self.find(name)?;
        Some(self.respond_to(served, arguments, extensions).await)
    }

    /// The served MCP tool named `name`.
    pub(crate) fn find(&self, name: &str) -> Option<&Served> {
        self.tools.iter().find(|served| served.tool.name == name)
    }

    /// [`FusionServer::respond`] for a tool already found.
    pub(crate) async fn respond_to(
        &self,
        served: &Served,
        arguments: Option<JsonObject>,
        extensions: &Extensions,
    ) -> ToolResponse {
        let name = &*served.tool.name;
        let arguments = arguments.map_or(Value::Null, Value::Object);
        let span = crate::trace::call_span(name);
        let call = self.layered(served, name, &arguments, extensions);
        // Without a subscriber the span is disabled: entering it at every poll would do nothing.
        let response = if span.is_disabled() {
            call.await
        } else {
            call.instrument(span.clone()).await
        };
        crate::trace::finish(&span, &response);
        response
    }
}

impl ServerHandler for FusionServer {
    fn get_info(&self) -> ServerConfig {
        self.config.clone()
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, rmcp::ErrorData> {
        Ok(self.list())
    }

    /// rmcp cancels `context.ct` on `notifications/cancelled` but lets the handler run on (and
    /// drops its answer): the call is raced against the token, so a cancelled call's future,
    /// its handler's and any API request in flight are dropped at once. A request whose
    /// `_meta` carries a `progressToken` runs with a [`Progress`] handle.
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, rmcp::ErrorData> {
        // Boxed: rmcp spawns a task per request that holds this future by value, and tokio
        // moves a task's future whole (into the task, and its stage again when it finishes).
        // Unboxed, the call's states (span, middleware, gate, progress scope, cancellation race)
        // made every request copy kilobytes: 95,000 instructions of `memcpy` per call.
        let call = Box::pin(progress::scope(
            context.meta.get_progress_token(),
            &context.peer,
            self.progress_interval,
            self.call_with(&request.name, request.arguments, &context.extensions),
        ));
        match cancel::unless(context.ct.cancelled(), call).await {
            Some(Some(result)) => Ok(result.into()),
            // MCP's answer to an unknown tool is a protocol error, not a tool result.
            Some(None) => Err(rmcp::ErrorData::invalid_params(
                unknown_tool_message(&request.name),
                None,
            )),
            // rmcp sends nothing for a cancelled request, as MCP asks; this is never read.
            None => Err(rmcp::ErrorData::internal_error("cancelled", None)),
        }
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.tools
            .iter()
            .find(|served| served.tool.name == name)
            .map(|served| served.tool.clone())
    }

    /// rmcp hands over a request of a method MCP defines here when its params did not read
    /// (see the `params` module): that is Invalid params, not Method not found. The answer is built only
    /// on this failure path, so a well-formed request costs nothing more.
    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, rmcp::ErrorData> {
        Err(
            params::malformed(&request.method, request.params.as_ref()).unwrap_or_else(|| {
                rmcp::ErrorData::new(
                    ErrorCode::METHOD_NOT_FOUND,
                    method_not_found_message(&request.method),
                    None,
                )
            }),
        )
    }
}

impl FusionServer {
    /// One call through the middleware, if any, then its gate, then the tool (whose validation
    /// step runs the checks after validation).
    async fn layered(
        &self,
        served: &Served,
        name: &str,
        arguments: &Value,
        extensions: &Extensions,
    ) -> ToolResponse {
        if self.layers.is_empty() && served.layers.is_empty() {
            return answer(served, name, arguments, extensions, &self.checks).await;
        }
        let call = Call {
            tool: &served.served.tools()[served.index],
            arguments,
            extensions,
        };
        let reached = AtomicBool::new(false);
        let response = Next::new(&self.layers, &self.checks, served, name, &reached)
            .run(call)
            .await;
        // A layer answered without running the rest of the chain: a refusal, when an error.
        if !reached.load(Ordering::Relaxed) && response.is_error() == Some(true) {
            crate::trace::refused(&tracing::Span::current(), "middleware_refused");
        }
        response
    }
}

/// One call through its gate, if any, then the tool with its checks after validation.
async fn answer(
    served: &Served,
    name: &str,
    arguments: &Value,
    extensions: &Extensions,
    checks: &Checks,
) -> ToolResponse {
    let _pass = match served.gate(arguments) {
        Some(gate) => match gate.enter(name).await {
            Ok(pass) => Some(pass),
            Err(busy) => {
                crate::trace::refused(&tracing::Span::current(), "server_busy");
                return busy;
            }
        },
        None => None,
    };
    let tool = &served.served;
    let Some(pending) = Pending::new(
        &tool.tools()[served.index],
        checks,
        &served.checks,
        extensions,
    ) else {
        return tool.call_tool(served.index, arguments).await;
    };
    if tool.runs_validated_middleware() {
        return pending.scope(tool.call_tool(served.index, arguments)).await;
    }
    // The tool does not validate: its checks run first, on the arguments as sent (and before
    // its `call_tool` is even called, which may start work before its future is polled).
    if let Err(refused) = pending.check_unvalidated(arguments).await {
        crate::trace::refused(&tracing::Span::current(), "middleware_refused");
        return refused;
    }
    tool.call_tool(served.index, arguments).await
}

/// The gate of a flat tool's MCP tool `name` (`{tool}_{action}`): the longest action name it
/// ends with after the separator. Generated flat names are built that way, so this finds the
/// action without widening [`ServedTool`].
fn flat_action_gate(name: &str, gates: &[(&'static str, Arc<Gate>)]) -> Option<Arc<Gate>> {
    gates
        .iter()
        .filter(|(action, _)| {
            name.strip_suffix(action)
                .is_some_and(|rest| rest.ends_with('_'))
        })
        .max_by_key(|(action, _)| action.len())
        .map(|(_, gate)| Arc::clone(gate))
}

/// rmcp's own answer repeats the method whole as the message; a client's text is never echoed
/// unbounded, nor off its line.
fn method_not_found_message(method: &str) -> String {
    format!("Method not found: {}", crate::escape::echo(method))
}

fn unknown_tool_message(name: &str) -> Cow<'static, str> {
    let mut shown: String = name.chars().take(ECHOED_NAME_CHARS).collect();
    if shown.len() < name.len() {
        shown.push('…');
    }
    // A protocol error's message reaches the agent too: the name stays on its line.
    Cow::Owned(format!("Unknown tool: {}", crate::escape::echo(&shown)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_tool_name_is_cut_and_stays_on_its_line() {
        assert_eq!(
            unknown_tool_message("nope\n- CRITICAL: forged\u{2028}"),
            "Unknown tool: nope\\n- CRITICAL: forged\\u{2028}"
        );
        let long = "x".repeat(ECHOED_NAME_CHARS + 1);
        assert_eq!(
            unknown_tool_message(&long),
            format!("Unknown tool: {}…", "x".repeat(ECHOED_NAME_CHARS))
        );
    }
}

#[cfg(test)]
mod limit_tests;

#[cfg(test)]
mod validated_tests;
