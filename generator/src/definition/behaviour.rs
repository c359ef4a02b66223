//! The `x-fusion` object of a presenter definition: how the presenter tells the agent to read
//! its data (rules), how much of a collection it lets through (agent limit), and how it writes
//! the data block.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::Deserialize;

/// Presenter behaviour, declared beside the schema and compiled into plain Rust.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Behaviour {
    /// Another presenter file (relative to this one) whose presenter this one extends, as
    /// upstream's `extendPresenter`: its properties come first (merged as by `allOf`), its rules
    /// and directives before this presenter's, its embeds beside this presenter's; for
    /// `auto-rules`, `collection-rules`, `ui`, `collection-ui`, `agent-limit`, `data-format`,
    /// `suggestions` and `collection-suggestions` this presenter's own declaration wins and the
    /// base's applies where this one declares none.
    pub extends: Option<String>,
    /// Rules for the agent, computed from the item (for a collection: from its first element,
    /// or from every kept element for a rule that says `per-item: true`; rules without
    /// placeholders and conditions are always emitted).
    pub rules: Option<Vec<RuleDef>>,
    /// Adds, before `rules`, the rule `key: description` for each root property with a
    /// `description`, in schema order, as upstream's `definePresenter` does with `autoRules`
    /// (there on by default; here off unless asked for). Unset, a presenter that `extends`
    /// another takes the base's setting.
    pub auto_rules: Option<bool>,
    /// Instructions for the agent in the response's `<llm_directives>` block, for items and
    /// collections alike: what a handler adds with `.llmHint()` upstream, declared. Static text,
    /// written verbatim (no placeholders).
    pub directives: Option<Vec<String>>,
    /// Rules computed from a whole collection, appended after the item rules. Placeholders:
    /// `{count}` (items kept) and `{sum:field}` over a numeric field.
    pub collection_rules: Option<Vec<RuleDef>>,
    /// The most items of a collection the agent sees; the rest is cut and a summary UI block
    /// says how many were hidden.
    pub agent_limit: Option<AgentLimit>,
    /// How the data block is written (default `pretty`).
    pub data_format: Option<DataFormat>,
    /// UI blocks computed from the item (ignored for collections, wire format §6).
    pub ui: Option<Vec<UiDef>>,
    /// UI blocks computed from a whole collection.
    pub collection_ui: Option<Vec<UiDef>>,
    /// Fields whose value is presented by the presenter of its type (§8): the child's rules, UI
    /// blocks and suggestions join the response; its data stays in this data block.
    pub embed: Option<Vec<String>>,
    /// Suggested next actions computed from the item (for a collection: from its first element,
    /// unless `collection-suggestions` are declared).
    pub suggestions: Option<Vec<SuggestionDef>>,
    /// Suggested next actions for a collection; they replace the item suggestions, and an empty
    /// collection gets none.
    pub collection_suggestions: Option<Vec<SuggestionDef>>,
}

/// A suggested next action: `- tool.action: reason` in `<action_suggestions>`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SuggestionDef {
    /// The action, as `tool.action`; it must be declared by a tool definition.
    pub action: String,
    /// Why; may hold placeholders (escaped like rule text).
    pub reason: String,
    /// When to suggest it; always when absent.
    pub when: Option<When>,
    /// In `suggestions` (not `collection-suggestions`): for a collection, test `when` on every
    /// kept item instead of the first one, and suggest once, each placeholder listing the
    /// values of the items that matched (`Renew {id}` → `Renew L-2, L-4`). A single item is
    /// the one item matched.
    pub per_item: Option<bool>,
}

/// A rule: static text, or text with `{field}` placeholders and an optional condition.
///
/// A placeholder may put its value through transforms, `{amount_cents | divide: 100 | round: 2}`:
/// `divide: c`, `multiply: c`, `round: n`, `percent: n`, `date: pattern` and `length`, checked
/// for type when generating (docs/definitions.md, "Computed values").
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum RuleDef {
    /// Text emitted as is, except for `{placeholders}`.
    Text(String),
    /// Text with a condition.
    Conditional(ConditionalRule),
}

/// A rule emitted only when its condition holds.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ConditionalRule {
    /// The rule's text; `{field}` is replaced by the value of a root field.
    pub text: String,
    /// When to emit it; always when absent.
    pub when: Option<When>,
    /// In `rules` (not `collection-rules`): for a collection, test `when` on every kept item
    /// instead of the first one, and write one rule, each placeholder listing the values of the
    /// items that matched, in order (`Overdue: {id}.` → `Overdue: L-2, L-4.`). A single item is
    /// the one item matched.
    pub per_item: Option<bool>,
}

/// A condition over root fields: every entry must hold. `all`, `any` and `not` combine
/// conditions; any other key names a field.
pub type When = IndexMap<String, Condition>;

/// What a field must be, or a combination of conditions.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Condition {
    /// Equal to this value (string, enum value, number or boolean).
    Equals(Scalar),
    /// Equal to one of these values.
    OneOf(Vec<Scalar>),
    /// Numeric comparisons and presence.
    Compare(Comparison),
    /// For `all` / `any`: the list of conditions.
    Group(Vec<When>),
    /// For `not`: the negated condition.
    Nested(Box<When>),
}

/// A literal in a condition.
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Scalar {
    /// `true` or `false`.
    Bool(bool),
    /// A number.
    Number(f64),
    /// A string or an enum value.
    Text(String),
}

/// Comparisons of a numeric field, and presence of an optional one; all given must hold.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Comparison {
    /// Greater than.
    pub gt: Option<f64>,
    /// Greater than or equal.
    pub gte: Option<f64>,
    /// Less than.
    pub lt: Option<f64>,
    /// Less than or equal.
    pub lte: Option<f64>,
    /// The field is present and not null (`true`) or absent or null (`false`).
    pub present: Option<bool>,
}

/// The agent limit: a number, or a number and a custom summary.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum AgentLimit {
    /// Keep at most this many items, with the default truncation summary.
    Max(u32),
    /// Keep at most `max` items and say so with `summary`.
    Custom(CustomLimit),
}

/// An agent limit with its own summary text.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CustomLimit {
    /// The most items kept.
    pub max: u32,
    /// The summary block's text; placeholders `{shown}`, `{hidden}` and `{total}`.
    pub summary: String,
}

/// The data block's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum DataFormat {
    /// `JSON.stringify(value, null, 2)` (the wire format's default).
    #[default]
    Pretty,
    /// `JSON.stringify(value)`.
    Compact,
    /// TOON with the pipe delimiter and indent 2, as `toon_success` writes it (wire format §11),
    /// by the generated per-type encoders.
    Toon,
}

/// A UI block (wire format §4): exactly one of the kinds, plus optional attributes.
///
/// For an item, placeholders name its fields; in `collection-ui`, `table` columns and the `list`
/// template apply to every item, other templates take `{count}` and `{sum:field}`, and `echarts`
/// also takes `"{column:field}"` (the field's values over the items, as a JSON array). Every
/// placeholder, `column:` included, may add transforms (`"{column:amount_cents | divide: 100}"`).
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UiDef {
    /// A markdown table with one column per field.
    pub table: Option<TableDef>,
    /// A markdown list: the template is one `- ` line (per item in a collection).
    pub list: Option<String>,
    /// Markdown text.
    pub markdown: Option<String>,
    /// A summary line (`📊 **Summary**: ...`).
    pub summary: Option<String>,
    /// A fenced JSON block of the item or collection (`true`) or of one field (its name).
    pub json: Option<JsonUiDef>,
    /// A fenced code block.
    pub code: Option<CodeDef>,
    /// An ECharts configuration (any JSON) whose strings may be placeholders.
    pub echarts: Option<serde_json::Value>,
    /// A mermaid diagram template.
    pub mermaid: Option<String>,
    /// The item fields whose values keep their line breaks in this block's `markdown`, `code`
    /// or `mermaid` text. Every other value there is written on one line (line breaks escaped
    /// as `\n`): it cannot add a line of its own (a heading, a list item, a table row) to the
    /// text around it. No value, on one line or several, can open or close a code fence.
    pub multiline: Option<Vec<String>>,
    /// The block's title; may hold placeholders (their values are escaped for an attribute).
    pub title: Option<String>,
    /// The block's width.
    pub width: Option<WidthDef>,
    /// The block's priority (an attribute for the client, not a sort key).
    pub priority: Option<i64>,
    /// Show the block only when this condition holds: the conditions of a rule's `when`. In
    /// `collection-ui` it tests the first kept item, so an empty collection shows no such block.
    pub when: Option<When>,
    /// `collection-ui` only: what an empty collection shows in this block's place. Nothing when
    /// absent or `false` (no empty table, list or chart); `true` writes the block as for any
    /// collection; a text is written as a markdown block with the block's title, width and
    /// priority (`empty: No appointments.`), with the placeholders of collection texts.
    pub empty: Option<EmptyDef>,
}

/// What an empty collection shows in a collection UI block's place.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum EmptyDef {
    /// `false`: nothing (the default); `true`: the block as for any collection.
    Show(bool),
    /// This text, as a markdown block.
    Text(String),
}

/// Table columns.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableDef {
    /// The fields, one per column, in order.
    pub columns: Vec<String>,
    /// Column headers; the field names when absent.
    pub headers: Option<Vec<String>>,
}

/// What a `json` block shows.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum JsonUiDef {
    /// `true`: the whole item, or the whole collection.
    Whole(bool),
    /// One field of the item.
    Field(String),
}

/// A code block.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CodeDef {
    /// The language, also the block's type.
    pub lang: String,
    /// The code template.
    pub code: String,
}

/// A UI block's width.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum WidthDef {
    /// `full`
    Full,
    /// `half`
    Half,
    /// `third`
    Third,
}
