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
    /// Rules for the agent, computed from the item (for a collection: from its first element;
    /// rules without placeholders and conditions are always emitted).
    pub rules: Option<Vec<RuleDef>>,
    /// Rules computed from a whole collection, appended after the item rules. Placeholders:
    /// `{count}` (items kept), `{sum:field}`, `{min:field}`, `{max:field}` over a numeric field.
    pub collection_rules: Option<Vec<RuleDef>>,
    /// The most items of a collection the agent sees; the rest is cut and a summary UI block
    /// says how many were hidden.
    pub agent_limit: Option<AgentLimit>,
    /// How the data block is written (default `pretty`).
    pub data_format: Option<DataFormat>,
}

/// A rule: static text, or text with `{field}` placeholders and an optional condition.
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
#[serde(deny_unknown_fields)]
pub struct ConditionalRule {
    /// The rule's text; `{field}` is replaced by the value of a root field.
    pub text: String,
    /// When to emit it; always when absent.
    pub when: Option<When>,
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
