//! The bridge to rmcp, the official Rust MCP SDK (feature `rmcp`, built against rmcp 3.x with its
//! `server` feature): [`FusionServer`] serves generated tools, and `From<ToolResponse>` turns a
//! response into rmcp's `CallToolResult`, `From<PromptMessage>` a prompt message into rmcp's.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, CustomRequest,
    CustomResult, ErrorCode, Implementation, JsonObject, ListToolsResult, PaginatedRequestParams,
    ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::Value;

use crate::response::ToolResponse;
use crate::serve::ServedTool;

mod params;

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

/// One MCP tool of a [`FusionServer`]: as `tools/list` shows it, what serves it, and its index in
/// that one's [`ServedTool::tools`] (always 0 but for a tool exposed flat).
type Served = (Tool, Arc<dyn ServedTool>, usize);

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
}

impl fmt::Debug for FusionServer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.tools.iter().map(|(tool, _, _)| &*tool.name).collect();
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
        }
    }

    /// Adds a tool: every MCP tool of its [`ServedTool::tools`] (one per action when it is
    /// exposed flat). A name already served, or served twice by the tool, is an error, and then
    /// none of its tools is added.
    pub fn with_tool(mut self, tool: impl ServedTool) -> Result<Self, DuplicateTool> {
        let infos = tool.tools();
        for (index, info) in infos.iter().enumerate() {
            let served =
                |(served, _, _): &(Tool, Arc<dyn ServedTool>, usize)| served.name == info.name;
            if self.tools.iter().any(served) || infos[..index].iter().any(|i| i.name == info.name) {
                return Err(DuplicateTool(info.name));
            }
        }
        let tool: Arc<dyn ServedTool> = Arc::new(tool);
        let tools = Arc::make_mut(&mut self.tools);
        for (index, info) in infos.iter().enumerate() {
            tools.push((info.to_rmcp(), Arc::clone(&tool), index));
        }
        Ok(self)
    }

    /// Sets the instructions the server sends in its `initialize` result.
    #[must_use]
    pub fn with_instructions(mut self, instructions: impl Into<String>) -> Self {
        self.config = self.config.with_instructions(instructions);
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
            self.tools.iter().map(|(tool, _, _)| tool.clone()).collect(),
        )
    }

    /// Answers `tools/call` for the tool `name`; `None` when no tool has that name.
    pub async fn call(&self, name: &str, arguments: Option<JsonObject>) -> Option<CallToolResult> {
        let (_, tool, index) = self.tools.iter().find(|(tool, _, _)| tool.name == name)?;
        let arguments = arguments.map_or(Value::Null, Value::Object);
        Some(tool.call_tool(*index, &arguments).await.into())
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

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, rmcp::ErrorData> {
        match self.call(&request.name, request.arguments).await {
            Some(result) => Ok(result.into()),
            // MCP's answer to an unknown tool is a protocol error, not a tool result.
            None => Err(rmcp::ErrorData::invalid_params(
                unknown_tool_message(&request.name),
                None,
            )),
        }
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.tools
            .iter()
            .find(|(tool, _, _)| tool.name == name)
            .map(|(tool, _, _)| tool.clone())
    }

    /// rmcp hands over a request of a method MCP defines here when its params did not read
    /// (see [`params`]): that is Invalid params, not Method not found. The answer is built only
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
