//! Resolves a presenter's `x-fusion` declarations against its item struct: every field a rule or
//! condition names must exist and have a fitting type, every enum value must be a value of its
//! enum. What comes out refers to fields by index, so emission cannot name a missing field.
mod conditions;
mod resolver;
pub(in crate::model) mod static_text;
mod transforms;

pub use resolver::BehaviourResolver;
pub(in crate::model) use resolver::Scope;

use crate::definition::DataFormat;

use super::ui::UiModel;

/// A presenter's resolved behaviour.
#[derive(Debug, Clone, Default)]
pub struct BehaviourModel {
    /// Static directives (`<llm_directives>`), in declaration order.
    pub directives: Vec<String>,
    /// Item rules, in declaration order.
    pub rules: Vec<RuleModel>,
    /// Collection rules, in declaration order.
    pub collection_rules: Vec<RuleModel>,
    /// The agent limit.
    pub agent_limit: Option<LimitModel>,
    /// The data block's format.
    pub data_format: DataFormat,
    /// Item UI blocks.
    pub ui: Vec<UiModel>,
    /// Collection UI blocks.
    pub collection_ui: Vec<UiModel>,
    /// Embedded child presenters.
    pub embeds: Vec<EmbedModel>,
    /// Item suggestions.
    pub suggestions: Vec<SuggestionModel>,
    /// Collection suggestions; when declared they replace the item suggestions (§6).
    pub collection_suggestions: Option<Vec<SuggestionModel>>,
}

/// A suggested next action.
#[derive(Debug, Clone)]
pub struct SuggestionModel {
    /// The action as the client knows it (`billing.remind`).
    pub action: String,
    /// The reason, with placeholders.
    pub reason: Vec<TextPart>,
    /// The condition, if any.
    pub when: Option<ConditionModel>,
    /// `per-item: true`: a collection tests `when` on every kept item and suggests once,
    /// listing the matched items' values in each placeholder.
    pub per_item: bool,
}

impl SuggestionModel {
    /// A suggestion that needs no data.
    pub fn is_static(&self) -> bool {
        self.when.is_none()
            && self
                .reason
                .iter()
                .all(|p| matches!(p, TextPart::Literal(_)))
    }
}

/// A field presented by the presenter of its type (§8).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmbedModel {
    /// The field's index in the item struct.
    pub field: usize,
    /// The module whose presenter presents the value.
    pub presenter_module: usize,
    /// The field is an array: each element is presented.
    pub many: bool,
}

/// One rule.
#[derive(Debug, Clone)]
pub struct RuleModel {
    /// The text, split into literal runs and placeholders.
    pub parts: Vec<TextPart>,
    /// The condition, if any.
    pub when: Option<ConditionModel>,
    /// `per-item: true`: a collection tests `when` on every kept item and writes one rule,
    /// listing the matched items' values in each placeholder.
    pub per_item: bool,
}

impl RuleModel {
    /// A rule that needs no data: emitted for every response, even an empty collection.
    pub fn is_static(&self) -> bool {
        self.when.is_none() && self.parts.iter().all(|p| matches!(p, TextPart::Literal(_)))
    }

    /// The text of the literal parts, which is the whole rule when it [`is_static`](Self::is_static).
    pub fn literal_text(&self) -> String {
        self.parts
            .iter()
            .filter_map(|p| match p {
                TextPart::Literal(text) => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }
}

/// A piece of a rule or summary text.
#[derive(Debug, Clone, PartialEq)]
pub enum TextPart {
    /// Text written verbatim.
    Literal(String),
    /// The value of the item's field (index into the item struct's fields).
    Field(usize),
    /// The number of items kept (collection rules).
    Count,
    /// The sum of a numeric field over the kept items (collection rules).
    Sum(usize),
    /// A field's values over the kept items, as a JSON array (chart configurations).
    Column(usize),
    /// Items shown, hidden and in total (agent-limit summary).
    Shown,
    /// See [`TextPart::Shown`].
    Hidden,
    /// See [`TextPart::Shown`].
    Total,
    /// A value put through transforms (`{amount_cents | divide: 100 | round: 2}`).
    Computed(Box<Computed>),
}

/// A placeholder whose value goes through transforms before it is written, checked for type
/// at generation time (docs/definitions.md, "Computed values").
#[derive(Debug, Clone, PartialEq)]
pub struct Computed {
    /// Where the value comes from: a [`TextPart::Field`], [`TextPart::Sum`], [`TextPart::Count`],
    /// [`TextPart::Shown`], [`TextPart::Hidden`], [`TextPart::Total`], or (in a chart
    /// configuration) a [`TextPart::Column`], whose values each go through the transforms.
    pub source: TextPart,
    /// The transforms, applied in order; at least one.
    pub steps: Vec<Transform>,
}

/// One transform of a computed placeholder.
#[derive(Debug, Clone, PartialEq)]
pub enum Transform {
    /// `divide: c`: the number divided by a finite, non-zero constant; a number.
    Divide(f64),
    /// `multiply: c`: the number times a finite constant; a number.
    Multiply(f64),
    /// `round: n`: rounded to `n` decimal places (0 to 15), half away from zero on the written
    /// digits; an integer stays as it is.
    Round(u32),
    /// `percent: n`: the number times 100, rounded to `n` places, then `%`; text.
    Percent(u32),
    /// `date: pattern`: a `date` or `date-time` string rewritten by the pattern; text.
    Date(String),
    /// `length`: the number of elements of an array; an integer.
    Length,
    /// `plural: one, other`: of an integer, the word `one` when it is 1, else `other`; text.
    Plural {
        /// The singular.
        one: String,
        /// The plural.
        other: String,
    },
}

impl Transform {
    /// The transform as the runtime applies it, for generated code and the in-process renderer
    /// alike.
    pub fn at_run_time(&self) -> fusion_runtime::vocabulary::compute::Transform<'_> {
        use fusion_runtime::vocabulary::compute::Transform as Run;
        match self {
            Transform::Divide(c) => Run::Divide(*c),
            Transform::Multiply(c) => Run::Multiply(*c),
            Transform::Round(places) => Run::Round(*places),
            Transform::Percent(places) => Run::Percent(*places),
            Transform::Date(pattern) => Run::Date(pattern),
            Transform::Length => Run::Length,
            Transform::Plural { one, other } => Run::Plural { one, other },
        }
    }
}

/// A compiled condition over the item's fields.
#[derive(Debug, Clone, PartialEq)]
pub enum ConditionModel {
    /// Every condition holds.
    All(Vec<ConditionModel>),
    /// At least one holds.
    Any(Vec<ConditionModel>),
    /// It does not hold.
    Not(Box<ConditionModel>),
    /// The field equals one of the values (one value for plain equality).
    OneOf {
        /// Field index.
        field: usize,
        /// Accepted values.
        values: Vec<Literal>,
    },
    /// The numeric field compares to a number.
    Compare {
        /// Field index.
        field: usize,
        /// The comparison.
        op: CompareOp,
        /// The right-hand side.
        value: f64,
    },
    /// The field is (not) present and non-null.
    Present {
        /// Field index.
        field: usize,
        /// `true`: must be present.
        present: bool,
    },
}

/// A value in a condition, checked against the field's type.
#[derive(Debug, Clone, PartialEq)]
pub enum Literal {
    /// A boolean.
    Bool(bool),
    /// An integer, for integer fields.
    Integer(i64),
    /// A number, for number fields.
    Number(f64),
    /// A string.
    Text(String),
    /// The variant at this index of the field's enum.
    Variant(usize),
}

/// A numeric comparison: the runtime's, which decides what it means for integers and numbers.
pub use fusion_runtime::vocabulary::when::Compare as CompareOp;

/// The agent limit.
#[derive(Debug, Clone)]
pub struct LimitModel {
    /// Items kept at most.
    pub max: u32,
    /// A custom summary, or the default truncation text when `None`.
    pub summary: Option<Vec<TextPart>>,
}

/// Closing tags of every block of the wire format: static text containing one could end a
/// block early and forge the rest of the response.
pub const CLOSING_TAGS: &[&str] = &[
    "</ui_passthrough>",
    "</llm_directives>",
    "</domain_rules>",
    "</action_suggestions>",
    "</tool_error>",
    "</validation_error>",
];
