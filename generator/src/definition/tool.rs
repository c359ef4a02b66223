//! The tool file format: a root `x-fusion-tool` object declaring one MCP tool whose actions take
//! typed inputs and return presenters.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::Deserialize;

use super::Schema;

/// `x-fusion-tool`: one MCP tool with several actions, selected by the `action` argument.
///
/// A tool file holds only this key (besides `$schema`, `$id` and `$comment`).
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToolDefinition {
    /// The tool's name as MCP clients call it; unique across the definitions.
    pub name: String,
    /// A human-readable title for clients to show (MCP's `title`, also in the annotations).
    pub title: Option<String>,
    /// What the tool does; the first sentence of its description.
    pub description: Option<String>,
    /// Adds the optional `_select` argument to every action (wire format §9): the agent names
    /// the root fields of the returned data it wants.
    #[serde(default)]
    pub select: bool,
    /// Makes the description the compile-time TOON table of the actions (wire format §11).
    #[serde(rename = "toon-description", default)]
    pub toon_description: bool,
    /// Every success also carries its wire data (after `_select` and redaction) as MCP's
    /// `structuredContent`, and the tool advertises the `outputSchema` it conforms to (a
    /// collection as `{"items": [...]}`). Every action must then return a presenter.
    #[serde(default)]
    pub structured: bool,
    /// The tool reaches systems outside the server (MCP's `openWorldHint`); absent leaves the
    /// hint out, which clients read as `true`.
    #[serde(rename = "open-world", default)]
    pub open_world: Option<bool>,
    /// The egress guard (wire format §16): every response of the tool, argument errors
    /// included, is cut to this many bytes of UTF-8 text (at least 1024); an action may set its
    /// own.
    #[serde(rename = "max-payload-bytes", default)]
    #[schemars(range(min = 1024, max = 9_007_199_254_740_991u64))]
    pub max_payload_bytes: Option<u64>,
    /// How many calls of the tool may run at once and wait for a slot (issue 42); a call beyond
    /// both gets a `SERVER_BUSY` tool error at once. Actions with a `concurrency` of their own
    /// are counted apart. The server may override it (`FusionServer::with_concurrency`).
    #[serde(default)]
    pub concurrency: Option<ConcurrencyDefinition>,
    /// How MCP clients see the actions: `grouped` (the default) is one tool whose `action`
    /// argument selects the action; `flat` is one tool per action, named `tool_action`, with the
    /// action's own annotations, input schema and description (upstream's flat exposition).
    #[serde(default)]
    #[schemars(schema_with = "exposition_schema")]
    pub exposition: Exposition,
    /// An OpenAPI 3.0 or 3.1 document of the input folder (relative to the tool file) whose
    /// operations the actions call: an action's `operation` names one, and `operations` takes
    /// whole tags or globs of operation ids. Each bound action gets its arguments from the
    /// operation's parameters and JSON body, its presenter from the 2xx JSON response, and a
    /// generated handler that calls the API (docs/definitions.md, "Operations as actions").
    pub openapi: Option<String>,
    /// Operations of `openapi` taken as actions, each named by its `operationId` in snake
    /// case (`listPets` → `list_pets`), after the actions declared by hand.
    pub operations: Option<OperationSelection>,
    /// The actions, in the order the `action` enum lists them.
    #[serde(default)]
    pub actions: IndexMap<String, ActionDefinition>,
}

/// `exposition` as a plain `enum`, so that a wrong value is told the two it may be (a `oneOf`
/// of documented constants would only say that none matched).
fn exposition_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({"type": "string", "enum": ["grouped", "flat"]})
}

/// `concurrency`: MCP Fusion's `{ maxActive, maxQueue }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConcurrencyDefinition {
    /// Calls running at once.
    #[serde(rename = "max-active")]
    #[schemars(range(min = 1, max = 1_000_000))]
    pub max_active: u32,
    /// Calls waiting for a slot, first come first served; absent or 0 refuses every call beyond
    /// `max-active`.
    #[serde(rename = "max-queue", default)]
    #[schemars(range(max = 1_000_000))]
    pub max_queue: u32,
}

/// How a tool's actions are exposed to MCP clients.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Exposition {
    /// One MCP tool; the `action` argument selects the action.
    #[default]
    Grouped,
    /// One MCP tool per action, named `{tool}_{action}`, without the `action` argument.
    Flat,
}

/// A selection of the operations of a tool's `openapi` document. Choose few: an agent picks
/// the right action far less reliably among hundreds.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OperationSelection {
    /// Every operation that lists one of these tags.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Every operation whose `operationId` matches one of these globs (`*` any run of
    /// characters, `?` one character).
    #[serde(default)]
    pub ids: Vec<String>,
}

/// One action of a tool.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionDefinition {
    /// The operation of the tool's `openapi` document this action calls: its `operationId`, or
    /// its method and path (`GET /pets/{petId}`). Its parameters and JSON body are the
    /// arguments (no `input` then), its 2xx JSON response the presenter unless `returns` names
    /// one (a presenter that `extends` or `$ref`s the response component).
    pub operation: Option<String>,
    /// What the action does (the `desc` column of a TOON description).
    pub description: Option<String>,
    /// The arguments: an object schema, the same JSON Schema subset as presenters.
    // Plain `$ref`s, not `anyOf [T, null]`: errors inside are then located where they are.
    #[serde(default)]
    #[schemars(with = "Schema")]
    pub input: Option<Schema>,
    /// The presenter file of the returned data (one item), or
    /// `{type: array, items: {$ref: file}}` for a collection. Without it the handler returns a
    /// response of its own.
    #[serde(default)]
    #[schemars(with = "Returns")]
    pub returns: Option<Returns>,
    /// The action destroys data (`destructive: true` in a TOON description, MCP's destructive hint).
    #[serde(default)]
    pub destructive: bool,
    /// The action changes nothing (MCP's read-only hint when every action says so).
    #[serde(rename = "read-only", default)]
    pub read_only: bool,
    /// Calling the action twice has the effect of calling it once (MCP's idempotent hint).
    #[serde(default)]
    pub idempotent: bool,
    /// The egress guard for this action's responses (wire format §16), in bytes of UTF-8 text
    /// (at least 1024); replaces the tool's `max-payload-bytes`.
    #[serde(rename = "max-payload-bytes", default)]
    #[schemars(range(min = 1024, max = 9_007_199_254_740_991u64))]
    pub max_payload_bytes: Option<u64>,
    /// This action's own concurrency limit, counted apart from the tool's `concurrency`.
    #[serde(default)]
    pub concurrency: Option<ConcurrencyDefinition>,
    /// State sync (wire format §17): the cache domains a success of this action makes stale, as
    /// glob patterns of dot-separated segments (`billing.*`, `reports.**`); each success then
    /// starts with `<cache_invalidation cause="tool.action" domains="..." />`.
    #[serde(default)]
    pub invalidates: Option<Vec<String>>,
    /// For an action bound to an operation: how its list pages, when detecting it from the
    /// operation's parameters and response does not do (`false`: it does not page). The
    /// generated handler then asks for pages no larger than the agent limit, and the response
    /// suggests the next page.
    #[serde(default)]
    pub paging: Option<PagingDefinition>,
}

/// An action's `paging`: `false`, or how the operation's pages are addressed.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum PagingDefinition {
    /// `false`: the operation does not page, whatever its parameters look like.
    Off(bool),
    /// The paging, stated.
    Declared(PagingStyle),
}

/// The ways an operation's pages are addressed.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum PagingKind {
    /// A page number.
    Page,
    /// The first item's index.
    Offset,
    /// A token the API hands out for the next page.
    Cursor,
    /// Only the `Link` header says where the next page is.
    Link,
}

/// How an operation's pages are addressed.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PagingStyle {
    /// `page` (a page number), `offset` (the first item's index), `cursor` (a token the API
    /// hands out for the next page) or `link` (only the `Link: <...>; rel="next"` header says
    /// where the next page is).
    pub style: PagingKind,
    /// The query parameter that addresses the page (not for `link`).
    pub param: Option<String>,
    /// The query parameter of the page size: the handler sends the agent limit in it when the
    /// agent gives none.
    pub size: Option<String>,
    /// The first page's number, 0 or 1 (`page` only; by default the parameter's `minimum`).
    #[schemars(range(min = 0, max = 1))]
    pub first: Option<u64>,
    /// Where the API says more follows: `count` (a full page, for `page` and `offset`), `link`
    /// (a `Link` header), or the JSON pointer of the next cursor in the response body
    /// (`/meta/next_cursor`, for `cursor`).
    pub next: Option<String>,
}

/// What an action returns.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Returns {
    /// One item of the presenter in this file (a path relative to the tool file).
    Item(String),
    /// A collection of the presenter's items.
    Collection(CollectionReturns),
}

/// `{type: array, items: {$ref: presenter file}}`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CollectionReturns {
    /// Always `array`.
    #[serde(rename = "type")]
    pub kind: ArrayKeyword,
    /// The presenter of each element.
    pub items: PresenterRef,
}

/// The keyword `array`.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ArrayKeyword {
    /// `array`
    Array,
}

/// `{$ref: presenter file}`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PresenterRef {
    /// The presenter file, relative to the tool file.
    #[serde(rename = "$ref")]
    pub reference: String,
}
