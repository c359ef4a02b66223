//! What generated tools call: the `action` discriminator, `_select`, and turning a handler's
//! result into the response (wire format §9, §12, §14).

use serde_json::{Map, Value};

use crate::args::{ArgPath, enum_value, wrong_type};
use crate::builder::ResponseBuilder;
use crate::declared::{Declared, Hooks, present_filtered_collection};
use crate::echo;
use crate::error::{missing_discriminator, unknown_action};
use crate::handler_error::{HandlerError, handler_failure};
use crate::presenter::Presenter;
use crate::response::{ToolResponse, ViewData};
use crate::select::Selection;
use crate::validation::{FieldIssue, Hint, validation_error};

/// What an action handler hands back: typed data for the action's presenter, or a finished
/// response (a `tool_error`, a plain text) that passes through untouched (§14).
#[derive(Debug, Clone, PartialEq)]
pub enum Reply<T> {
    /// Data the action's presenter turns into the response, `_select` applied.
    Data(T),
    /// A response sent as is.
    Response(ToolResponse),
    /// Data that is one page of a longer list, with how to get the next page: presented as
    /// [`Reply::Data`], plus the next-page suggestion (issue 27, [`crate::paging`]).
    More(T, crate::paging::More),
    /// Data the handler keeps and shares (a cached page, a catalog loaded once): presented as
    /// [`Reply::Data`], without the handler cloning its rows for the call.
    Shared(std::sync::Arc<T>),
}

impl<T> From<T> for Reply<T> {
    fn from(data: T) -> Self {
        Reply::Data(data)
    }
}

impl<T> Reply<T> {
    /// The data the presenter turns into the response, owned or shared, with what a page says
    /// about the next one; or the response that passes through.
    fn into_data(self) -> Result<(Held<T>, Option<crate::paging::More>), ToolResponse> {
        match self {
            Reply::Data(data) => Ok((Held::Owned(data), None)),
            Reply::Shared(data) => Ok((Held::Shared(data), None)),
            Reply::More(data, more) => Ok((Held::Owned(data), Some(more))),
            Reply::Response(response) => Err(response),
        }
    }
}

/// A reply's data, presented alike whoever owns it.
enum Held<T> {
    Owned(T),
    Shared(std::sync::Arc<T>),
}

impl<T> std::ops::Deref for Held<T> {
    type Target = T;

    fn deref(&self) -> &T {
        match self {
            Held::Owned(data) => data,
            Held::Shared(data) => data,
        }
    }
}

/// One action of a tool as its tool file declares it: its name and MCP hints. Generated code
/// hands it to the middleware that runs after validation ([`crate::trace::Steps::admit`]), which
/// can then tell a destructive action of a grouped tool (whose [`ToolInfo`] is destructive when
/// any action is) from its read-only ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionInfo {
    /// The action's name (`remind`); under flat exposition, the action of the MCP tool called.
    pub name: &'static str,
    /// Declared read-only.
    pub read_only: bool,
    /// Declared destructive.
    pub destructive: bool,
    /// Declared idempotent.
    pub idempotent: bool,
}

/// A tool as MCP's `tools/list` shows it, all known at build time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ToolInfo {
    /// The tool's name.
    pub name: &'static str,
    /// A human-readable title (`title` and the annotations' `title`), when declared.
    pub title: Option<&'static str>,
    /// The description (the §11 TOON form when the definition asks for it).
    pub description: &'static str,
    /// The input schema as JSON text.
    pub input_schema: &'static str,
    /// The output schema as JSON text: only for a `structured: true` tool, whose every success
    /// carries `structuredContent` conforming to it (wire format §13).
    pub output_schema: Option<&'static str>,
    /// Every action is read-only.
    pub read_only: bool,
    /// Some action is destructive.
    pub destructive: bool,
    /// Every action is idempotent.
    pub idempotent: bool,
    /// The tool reaches outside systems (`openWorldHint`); `None` leaves the hint out, which MCP
    /// reads as `true`.
    pub open_world: Option<bool>,
}

impl ToolInfo {
    /// The input schema as a JSON object (empty if the constant were not an object, which the
    /// generator never writes).
    pub fn input_schema_object(&self) -> Map<String, Value> {
        schema_object(self.input_schema)
    }

    /// The output schema as a JSON object, when the tool has one.
    pub fn output_schema_object(&self) -> Option<Map<String, Value>> {
        self.output_schema.map(schema_object)
    }

    /// The tool for rmcp's `tools/list` (feature `rmcp`): title, input and output schemas, and the
    /// annotations the flags give.
    #[cfg(feature = "rmcp")]
    pub fn to_rmcp(&self) -> rmcp::model::Tool {
        use std::sync::Arc;
        let annotations = rmcp::model::ToolAnnotations::from_raw(
            self.title.map(str::to_owned),
            Some(self.read_only),
            // MCP reads `destructiveHint` and `idempotentHint` only when `readOnlyHint` is false.
            (!self.read_only).then_some(self.destructive),
            (!self.read_only).then_some(self.idempotent),
            self.open_world,
        );
        let mut tool = rmcp::model::Tool::new(
            self.name,
            self.description,
            Arc::new(self.input_schema_object()),
        )
        .with_annotations(annotations);
        if let Some(title) = self.title {
            tool = tool.with_title(title);
        }
        if let Some(schema) = self.output_schema_object() {
            tool = tool.with_raw_output_schema(Arc::new(schema));
        }
        tool
    }
}

fn schema_object(text: &str) -> Map<String, Value> {
    match serde_json::from_str(text) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    }
}

/// Reads the `action` discriminator. Arguments that are not an object, and an `action` that is
/// absent or not a string, are `MISSING_DISCRIMINATOR` (its recovery asks for "the `action` field
/// as a string"); a name not in `actions` is `UNKNOWN_ACTION`.
pub fn discriminator<'v>(
    arguments: &'v Value,
    actions: &[&str],
) -> Result<(&'v str, &'v Map<String, Value>), ToolResponse> {
    let Value::Object(map) = arguments else {
        return Err(missing_discriminator(actions));
    };
    match map.get("action") {
        Some(Value::String(action)) if actions.contains(&action.as_str()) => Ok((action, map)),
        Some(Value::String(action)) => Err(unknown_action(action, actions)),
        _ => Err(missing_discriminator(actions)),
    }
}

/// Arguments nested deeper than this many levels of objects and arrays (the arguments object
/// is level 1) are rejected before any field is read, as rmcp's JSON parser stops at 128 levels;
/// wire format §12, Depth.
pub const MAX_ARGUMENT_DEPTH: usize = 128;

/// What generated tools call first: [`discriminator`], then the depth check. Arguments deeper
/// than [`MAX_ARGUMENT_DEPTH`] get a `<validation_error>` naming the top-level field that holds
/// the deepest part, so that nothing after this (parsing, error reporting) meets more depth than
/// the limit, whoever built the value.
pub fn arguments<'v>(
    arguments: &'v Value,
    tool: &str,
    actions: &[&str],
) -> Result<(&'v str, &'v Map<String, Value>), ToolResponse> {
    let (action, map) = discriminator(arguments, actions)?;
    if let Some(key) = too_deep(map) {
        let issue = FieldIssue::new(
            echo::cut(key),
            format!("Too deep: more than {MAX_ARGUMENT_DEPTH} levels of nested objects and arrays"),
        )
        .hint(Hint::Other("Send flatter arguments.".to_owned()));
        return Err(validation_error(&format!("{tool}/{action}"), &[issue]));
    }
    Ok((action, map))
}

/// What generated flat tools call first (flat exposition: one MCP tool per action, no `action`
/// argument). Absent arguments (`Value::Null`) read as `{}`, as upstream spreads them into an
/// object; another value that is not an object is a `<validation_error>` at the root. An
/// `action` key is ignored, as upstream overwrites it with the tool's own action. Then the depth
/// check of [`arguments`].
pub fn flat_arguments<'v>(
    arguments: &'v Value,
    tool: &str,
    action: &str,
) -> Result<&'v Map<String, Value>, ToolResponse> {
    static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
    let map = match arguments {
        Value::Object(map) => map,
        Value::Null => EMPTY.get_or_init(Map::new),
        other => {
            let mut issues = Vec::new();
            wrong_type::<()>(other, "object", &ArgPath::Root, &mut issues);
            return Err(validation_error(&format!("{tool}/{action}"), &issues));
        }
    };
    if let Some(key) = too_deep(map) {
        let issue = FieldIssue::new(
            echo::cut(key),
            format!("Too deep: more than {MAX_ARGUMENT_DEPTH} levels of nested objects and arrays"),
        )
        .hint(Hint::Other("Send flatter arguments.".to_owned()));
        return Err(validation_error(&format!("{tool}/{action}"), &[issue]));
    }
    Ok(map)
}

/// The first key of the arguments whose value takes the nesting past [`MAX_ARGUMENT_DEPTH`].
/// Walks with a stack of its own, never recursing, and stops at the first value past the limit.
fn too_deep(map: &Map<String, Value>) -> Option<&str> {
    // (value, its level): the arguments object is level 1, so its values are level 2.
    let mut pending: Vec<(&Value, usize)> = Vec::new();
    for (key, value) in map {
        pending.clear();
        pending.push((value, 2));
        while let Some((value, level)) = pending.pop() {
            let children: &mut dyn Iterator<Item = &Value> = match value {
                Value::Array(items) => &mut items.iter(),
                Value::Object(fields) => &mut fields.values(),
                _ => continue,
            };
            if level > MAX_ARGUMENT_DEPTH {
                return Some(key);
            }
            pending.extend(children.map(|child| (child, level + 1)));
        }
    }
    None
}

/// Reads `_select`: absent or `[]` selects everything; a non-array or an entry outside `all` is
/// an issue, worded as zod words it for the advertised `_select` schema (upstream itself never
/// validates `_select`: the §9 deviation). Entries are kept in the agent's order.
pub fn select<T: Copy>(
    map: &Map<String, Value>,
    all: &[T],
    as_str: fn(T) -> &'static str,
    issues: &mut Vec<FieldIssue>,
) -> Option<Vec<T>> {
    let path = ArgPath::Root;
    let path = path.key("_select");
    let Some(value) = map.get("_select") else {
        return Some(Vec::new());
    };
    let Value::Array(entries) = value else {
        return wrong_type(value, "array", &path, issues);
    };
    let mut out = Vec::with_capacity(entries.len());
    let mut ok = true;
    for (index, entry) in entries.iter().enumerate() {
        match enum_value(entry, all, as_str, &path.index(index), issues) {
            Some(key) => out.push(key),
            None => ok = false,
        }
    }
    ok.then_some(out)
}

/// The response of an action that returns one presenter item.
pub fn present_item<P: Presenter, E: Into<HandlerError>>(
    result: Result<Reply<P::Item>, E>,
    presenter: &P,
    selection: &Selection,
    tool: &str,
    action: &str,
) -> ToolResponse {
    match result.map(Reply::into_data) {
        Ok(Ok((item, None))) => presenter.present_selected(&item, selection),
        Ok(Ok((item, Some(more)))) => {
            let mut data = String::new();
            presenter.write_data(&item, selection, &mut data);
            let mut builder = ResponseBuilder::new(data);
            more.suggest(&mut builder, tool, action, None, None);
            builder.presenter_view(ViewData::DataBlock).build()
        }
        Ok(Err(response)) => response,
        Err(error) => handler_failure(error, tool, action),
    }
}

/// The response of an action that returns a collection of presenter items.
pub fn present_collection<P: Presenter, E: Into<HandlerError>>(
    result: Result<Reply<Vec<P::Item>>, E>,
    presenter: &P,
    selection: &Selection,
    tool: &str,
    action: &str,
) -> ToolResponse {
    match result.map(Reply::into_data) {
        Ok(Ok((items, None))) => presenter.present_collection_selected(&items, selection),
        Ok(Ok((items, Some(more)))) => {
            let mut data = String::new();
            presenter.write_collection_data(&items, selection, &mut data);
            let mut builder = ResponseBuilder::new(data);
            more.suggest(&mut builder, tool, action, Some(items.len()), None);
            builder.presenter_view(ViewData::DataBlock).build()
        }
        Ok(Err(response)) => response,
        Err(error) => handler_failure(error, tool, action),
    }
}

/// [`present_item`] for a `structured: true` tool: a success also carries its wire data (after
/// `_select` and redaction) as `structuredContent` (wire format §13). A [`Reply::Response`] and an
/// error pass through as they are.
pub fn present_item_structured<P: Presenter, E: Into<HandlerError>>(
    result: Result<Reply<P::Item>, E>,
    presenter: &P,
    selection: &Selection,
    tool: &str,
    action: &str,
) -> ToolResponse {
    let passes_through = matches!(result, Ok(Reply::Response(_)));
    let response = present_item(result, presenter, selection, tool, action);
    if passes_through {
        return response;
    }
    response.with_structured_data(false)
}

/// [`present_collection`] for a `structured: true` tool: `structuredContent` is
/// `{"items": [...]}`, the items the data block holds (cut to the agent limit), because MCP
/// wants an object there.
pub fn present_collection_structured<P: Presenter, E: Into<HandlerError>>(
    result: Result<Reply<Vec<P::Item>>, E>,
    presenter: &P,
    selection: &Selection,
    tool: &str,
    action: &str,
) -> ToolResponse {
    let passes_through = matches!(result, Ok(Reply::Response(_)));
    let response = present_collection(result, presenter, selection, tool, action);
    if passes_through {
        return response;
    }
    response.with_structured_data(true)
}

/// [`present_item`] for a generated presenter, with `hooks` called with the item after its
/// declared blocks: what a generated tool calls, so that the hooks a tool binding holds see
/// every item while `_select` still cuts the data block (wire format §9). With hooks that add
/// nothing, the bytes are [`present_item`]'s.
pub fn present_item_with<D: Declared, E: Into<HandlerError>, C: ?Sized, H: Hooks<D, C> + ?Sized>(
    result: Result<Reply<D::Item>, E>,
    presenter: &D,
    selection: &Selection,
    tool: &str,
    action: &str,
    hooks: &H,
    context: &C,
) -> ToolResponse {
    match result.map(Reply::into_data) {
        Ok(Ok((item, more))) => presenter.present_hooked(&item, selection, |builder| {
            hooks.item(&item, context, builder);
            if let Some(more) = more {
                more.suggest(builder, tool, action, None, None);
            }
        }),
        Ok(Err(response)) => response,
        Err(error) => handler_failure(error, tool, action),
    }
}

/// [`present_collection`] for a generated presenter, with `hooks` called with the items the
/// agent limit keeps after the declared blocks (see [`present_item_with`]); a truncation block
/// names the action's filter parameters, `filters` (wire format §7).
#[expect(
    clippy::too_many_arguments,
    reason = "called by generated code only, which has each argument at hand: a struct would be built at every call just to be taken apart"
)]
pub fn present_collection_with<
    D: Declared,
    E: Into<HandlerError>,
    C: ?Sized,
    H: Hooks<D, C> + ?Sized,
>(
    result: Result<Reply<Vec<D::Item>>, E>,
    presenter: &D,
    selection: &Selection,
    filters: &'static [&'static str],
    tool: &str,
    action: &str,
    hooks: &H,
    context: &C,
) -> ToolResponse {
    match result.map(Reply::into_data) {
        Ok(Ok((items, more))) => {
            present_filtered_collection(presenter, &items, selection, filters, |kept, builder| {
                hooks.collection(kept, context, builder);
                if let Some(more) = more {
                    more.suggest(builder, tool, action, Some(items.len()), D::LIMIT);
                }
            })
        }
        Ok(Err(response)) => response,
        Err(error) => handler_failure(error, tool, action),
    }
}

/// [`present_item_with`] for a `structured: true` tool, as [`present_item_structured`].
pub fn present_item_structured_with<
    D: Declared,
    E: Into<HandlerError>,
    C: ?Sized,
    H: Hooks<D, C> + ?Sized,
>(
    result: Result<Reply<D::Item>, E>,
    presenter: &D,
    selection: &Selection,
    tool: &str,
    action: &str,
    hooks: &H,
    context: &C,
) -> ToolResponse {
    let passes_through = matches!(result, Ok(Reply::Response(_)));
    let response = present_item_with(result, presenter, selection, tool, action, hooks, context);
    if passes_through {
        return response;
    }
    response.with_structured_data(false)
}

/// [`present_collection_with`] for a `structured: true` tool, as
/// [`present_collection_structured`].
#[expect(
    clippy::too_many_arguments,
    reason = "called by generated code only, which has each argument at hand: a struct would be built at every call just to be taken apart"
)]
pub fn present_collection_structured_with<
    D: Declared,
    E: Into<HandlerError>,
    C: ?Sized,
    H: Hooks<D, C> + ?Sized,
>(
    result: Result<Reply<Vec<D::Item>>, E>,
    presenter: &D,
    selection: &Selection,
    filters: &'static [&'static str],
    tool: &str,
    action: &str,
    hooks: &H,
    context: &C,
) -> ToolResponse {
    let passes_through = matches!(result, Ok(Reply::Response(_)));
    let response = present_collection_with(
        result, presenter, selection, filters, tool, action, hooks, context,
    );
    if passes_through {
        return response;
    }
    response.with_structured_data(true)
}

/// The response of an action without a return presenter.
pub fn respond<E: Into<HandlerError>>(
    result: Result<ToolResponse, E>,
    tool: &str,
    action: &str,
) -> ToolResponse {
    result.unwrap_or_else(|error| handler_failure(error, tool, action))
}
