//! Middleware after validation (issue 42): checks a server runs once a call's arguments are
//! valid, on the typed input the handler is about to get, to refuse the call (a tool error the
//! agent reads) or let it through.
//!
//! Where they run: the validation is inside generated code, so generated code runs them too,
//! through [`crate::trace::Steps::admit`] between the validation and the handler. The server
//! hands the checks of a call to that step through a task-local it sets around the tool's
//! future, after the call took its place through the concurrency gate. A task-local, as for
//! [`super::Progress`], because a parameter would change every generated function's signature
//! and [`crate::ServedTool`]; it is set only when a check is registered, and taken by the
//! first step that reads it, so a tool that calls another tool inside its handler does not
//! check the inner call again with the outer one's context.
//!
//! A tool that does not validate (a hand-written [`crate::ServedTool`] that leaves
//! [`crate::ServedTool::runs_validated_middleware`] false) gets its checks from the server
//! before it runs, on the arguments as sent: the checks are never skipped.

use std::any::Any;
use std::cell::Cell;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use rmcp::model::Extensions;
use serde_json::Value;

use crate::HandlerError;
use crate::response::ToolResponse;
use crate::tool::{ActionInfo, ToolInfo};

/// The future of one [`ValidatedMiddleware::check`]: `Ok` lets the call through, `Err` refuses it
/// with that error, which the agent reads as the call's answer.
pub type CheckFuture<'a> = Pin<Box<dyn Future<Output = Result<(), HandlerError>> + Send + 'a>>;

/// One call as a check after validation sees it: which tool and action, the validated input,
/// and the request's extensions. Not the raw arguments: what the client sent beyond the
/// declared input (`_select`, and keys validation refused) never reaches a check.
#[derive(Clone, Copy)]
pub struct ValidatedCall<'a> {
    /// The MCP tool called (a flat tool's action has its own), with its annotations.
    pub tool: &'static ToolInfo,
    /// The action called, with its own hints; `None` for a tool that does not validate its
    /// arguments (a hand-written [`crate::ServedTool`]), whose input is then the arguments as
    /// sent.
    pub action: Option<&'static ActionInfo>,
    /// The request's extensions, as [`super::Call::extensions`].
    pub extensions: &'a Extensions,
    /// The validated input: the generated `…Input` struct the handler gets, `()` for an action
    /// without input, the arguments' [`Value`] for a tool that does not validate.
    input: &'a (dyn Any + Send + Sync),
}

impl<'a> ValidatedCall<'a> {
    /// The validated input as the handler's type (`BillingRemindInput`), or `None` when the call
    /// is of another action or tool.
    pub fn input<T: Any>(&self) -> Option<&'a T> {
        self.input.downcast_ref()
    }

    /// Whether the action called is destructive: its own hint, or the tool's when there is no
    /// action (a grouped tool's annotation says whether *any* action is).
    pub fn destructive(&self) -> bool {
        self.action
            .map_or(self.tool.destructive, |action| action.destructive)
    }

    /// Whether the action called is read-only: its own hint, or the tool's when there is no
    /// action.
    pub fn read_only(&self) -> bool {
        self.action
            .map_or(self.tool.read_only, |action| action.read_only)
    }
}

impl fmt::Debug for ValidatedCall<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The input is left out: it may hold what a log must not (the check decides).
        f.debug_struct("ValidatedCall")
            .field("tool", &self.tool.name)
            .field("action", &self.action.map(|action| action.name))
            .finish_non_exhaustive()
    }
}

/// A check a server runs on every call (or one tool's) once its arguments are valid, before the
/// handler: it refuses the call with a [`HandlerError`] (the agent reads it as the call's
/// answer; the handler never runs) or lets it through. Added with
/// [`super::FusionServer::with_validated_middleware`] and
/// [`super::FusionServer::with_tool_validated_middleware`]; a [`super::Middleware`] is the
/// layer that runs before validation, around the whole call.
///
/// A check that refuses a destructive action to a caller that may only read, whichever tool
/// it is of, and audits each destructive call it lets through with the invoice it touches:
///
/// ```
/// use std::sync::{Arc, Mutex};
///
/// use fusion_runtime::rmcp::{CheckFuture, FusionServer, ValidatedCall, ValidatedMiddleware};
/// use fusion_runtime::trace::Steps;
/// use fusion_runtime::{
///     ActionInfo, HandlerError, ServedTool, ToolFuture, ToolInfo, ToolResponse,
/// };
/// use rmcp::model::{Extensions, JsonObject};
///
/// /// Who calls, as the transport established it.
/// #[derive(Clone, PartialEq)]
/// enum Caller {
///     ReadOnly,
///     Admin,
/// }
///
/// /// `void`'s input, as a generated tool would read it.
/// struct VoidInput {
///     id: String,
/// }
///
/// struct ReadOnlyCallers {
///     audit: Arc<Mutex<Vec<String>>>,
/// }
///
/// impl ValidatedMiddleware for ReadOnlyCallers {
///     fn check<'a>(&'a self, call: ValidatedCall<'a>) -> CheckFuture<'a> {
///         Box::pin(async move {
///             if !call.destructive() {
///                 return Ok(());
///             }
///             if call.extensions.get::<Caller>() != Some(&Caller::Admin) {
///                 let action = call.action.map_or("", |action| action.name);
///                 return Err(HandlerError::forbidden(format!(
///                     "{}/{action} is destructive: this caller may only read.",
///                     call.tool.name
///                 )));
///             }
///             if let Some(input) = call.input::<VoidInput>() {
///                 self.audit.lock().unwrap().push(format!("void {}", input.id));
///             }
///             Ok(())
///         })
///     }
/// }
///
/// static INVOICES: ToolInfo = ToolInfo {
///     name: "invoices",
///     title: None,
///     description: "Gets or voids invoices",
///     input_schema: r#"{"type":"object","properties":{"action":{"enum":["get","void"]}}}"#,
///     output_schema: None,
///     read_only: false,
///     destructive: true,
///     idempotent: false,
///     open_world: Some(false),
/// };
/// static GET: ActionInfo = ActionInfo {
///     name: "get",
///     read_only: true,
///     destructive: false,
///     idempotent: true,
/// };
/// static VOID: ActionInfo = ActionInfo {
///     name: "void",
///     read_only: false,
///     destructive: true,
///     idempotent: false,
/// };
///
/// /// A hand-written tool that validates as generated code does, and so runs the checks
/// /// itself, between validation and handler.
/// struct Invoices;
///
/// impl ServedTool for Invoices {
///     fn info(&self) -> &'static ToolInfo {
///         &INVOICES
///     }
///     fn call<'a>(&'a self, arguments: &'a serde_json::Value) -> ToolFuture<'a> {
///         Box::pin(async move {
///             let mut steps = Steps::start("invoices");
///             let id = arguments["id"].as_str().unwrap_or_default().to_owned();
///             if arguments["action"] == "void" {
///                 let input = VoidInput { id };
///                 steps.validated("void");
///                 if let Err(refused) = steps.admit(&VOID, &input).await {
///                     return refused;
///                 }
///                 return ToolResponse::text(format!("{} voided", input.id));
///             }
///             steps.validated("get");
///             if let Err(refused) = steps.admit(&GET, &()).await {
///                 return refused;
///             }
///             ToolResponse::text(format!("{id} is open"))
///         })
///     }
///     fn runs_validated_middleware(&self) -> bool {
///         true
///     }
/// }
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let audit = Arc::new(Mutex::new(Vec::new()));
/// let server = FusionServer::new("demo", "1.0.0")
///     .with_tool(Invoices)?
///     .with_validated_middleware(ReadOnlyCallers { audit: Arc::clone(&audit) });
///
/// let arguments = |action: &str| {
///     let mut map = JsonObject::new();
///     map.insert("action".into(), action.into());
///     map.insert("id".into(), "INV-1".into());
///     Some(map)
/// };
/// let text = |result: rmcp::model::CallToolResult| {
///     result.content[0].as_text().map(|t| t.text.clone()).unwrap_or_default()
/// };
/// let mut reader = Extensions::new();
/// reader.insert(Caller::ReadOnly);
/// let mut admin = Extensions::new();
/// admin.insert(Caller::Admin);
///
/// // The grouped tool is destructive, but `get` is not: a reader gets it.
/// let read = server.call_with("invoices", arguments("get"), &reader).await.unwrap();
/// assert_eq!(text(read), "INV-1 is open");
/// let refused = server.call_with("invoices", arguments("void"), &reader).await.unwrap();
/// assert_eq!(refused.is_error, Some(true));
/// assert!(text(refused).contains(r#"code="FORBIDDEN""#));
/// assert!(audit.lock().unwrap().is_empty());
/// let voided = server.call_with("invoices", arguments("void"), &admin).await.unwrap();
/// assert_eq!(text(voided), "INV-1 voided");
/// assert_eq!(*audit.lock().unwrap(), ["void INV-1"]);
/// # Ok(())
/// # }
/// ```
pub trait ValidatedMiddleware: Send + Sync + 'static {
    /// Lets `call` through (`Ok`) or refuses it (`Err`, the call's answer).
    fn check<'a>(&'a self, call: ValidatedCall<'a>) -> CheckFuture<'a>;
}

/// A list of checks, shared by the server and its clones.
pub(super) type Checks = Arc<Vec<Arc<dyn ValidatedMiddleware>>>;

/// The checks of one call, waiting for its arguments to be valid.
pub(crate) struct Pending {
    tool: &'static ToolInfo,
    /// The server's, then the tool's own, each in the order added.
    server: Checks,
    own: Checks,
    /// A copy: the task-local must own what it holds, and the caller's are borrowed.
    extensions: Extensions,
}

tokio::task_local! {
    /// The checks of the call this task is answering, until a validation step takes them.
    static PENDING: Cell<Option<Pending>>;
}

impl Pending {
    /// The checks of a call of `tool`, `None` when there are none.
    pub(super) fn new(
        tool: &'static ToolInfo,
        server: &Checks,
        own: &Checks,
        extensions: &Extensions,
    ) -> Option<Self> {
        if server.is_empty() && own.is_empty() {
            return None;
        }
        Some(Self {
            tool,
            server: Arc::clone(server),
            own: Arc::clone(own),
            extensions: extensions.clone(),
        })
    }

    /// Runs `work` (the tool's future) with these checks for its validation step to take.
    pub(super) async fn scope<T>(self, work: impl Future<Output = T>) -> T {
        PENDING.scope(Cell::new(Some(self)), work).await
    }

    /// The checks of the current call, taken: `None` when there are none, outside a server's
    /// call, or when a step of this call already took them.
    pub(crate) fn take() -> Option<Self> {
        PENDING.try_with(Cell::take).ok().flatten()
    }

    /// Runs every check in order on `input` until one refuses; the refusal is the call's answer,
    /// written as the handler's error would be.
    pub(crate) async fn check(
        &self,
        action: Option<&'static ActionInfo>,
        input: &(dyn Any + Send + Sync),
    ) -> Result<(), ToolResponse> {
        for layer in self.server.iter().chain(self.own.iter()) {
            let call = ValidatedCall {
                tool: self.tool,
                action,
                extensions: &self.extensions,
                input,
            };
            if let Err(refusal) = layer.check(call).await {
                let action = action.map_or("", |action| action.name);
                return Err(refusal.response(self.tool.name, action));
            }
        }
        Ok(())
    }

    /// The checks of a tool that does not validate, run before it on the arguments as sent.
    pub(super) async fn check_unvalidated(&self, arguments: &Value) -> Result<(), ToolResponse> {
        self.check(None, arguments).await
    }
}
