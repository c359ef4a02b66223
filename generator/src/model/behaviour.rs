//! Resolves a presenter's `x-fusion` declarations against its item struct: every field a rule or
//! condition names must exist and have a fitting type, every enum value must be a value of its
//! enum. What comes out refers to fields by index, so emission cannot name a missing field.

use crate::definition::{
    AgentLimit, Behaviour, Comparison, Condition, DataFormat, RuleDef, Scalar, When,
};
use crate::diagnostics::{Diagnostic, did_you_mean};

use super::ui::UiModel;
use super::{FieldDef, FieldType, TypeDef, TypeKind};

/// A presenter's resolved behaviour.
#[derive(Debug, Clone, Default)]
pub struct BehaviourModel {
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
}

impl RuleModel {
    /// A rule that needs no data: emitted for every response, even an empty collection.
    pub fn is_static(&self) -> bool {
        self.when.is_none() && self.parts.iter().all(|p| matches!(p, TextPart::Literal(_)))
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

/// A numeric comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompareOp {
    /// `>`
    Gt,
    /// `>=`
    Gte,
    /// `<`
    Lt,
    /// `<=`
    Lte,
}

impl CompareOp {
    /// The Rust operator.
    pub fn as_rust(self) -> &'static str {
        match self {
            CompareOp::Gt => ">",
            CompareOp::Gte => ">=",
            CompareOp::Lt => "<",
            CompareOp::Lte => "<=",
        }
    }
}

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

/// What placeholders a text may use.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Scope {
    Item,
    Collection,
    Summary,
}

/// Resolves `x-fusion` for a presenter whose item struct is `item`.
pub struct BehaviourResolver<'a> {
    /// The definition file, for diagnostics.
    pub file: &'a str,
    /// The item struct.
    pub item: &'a TypeDef,
    /// Every type, for enum values.
    pub types: &'a [TypeDef],
    /// Which module presents each presenter item type.
    pub presenter_of: std::collections::HashMap<usize, usize>,
    /// Problems found.
    pub errors: Vec<Diagnostic>,
}

impl BehaviourResolver<'_> {
    pub(super) fn fields(&self) -> &[FieldDef] {
        match &self.item.kind {
            TypeKind::Struct { fields } => fields,
            TypeKind::Enum { .. } => &[],
        }
    }

    pub(super) fn report(
        &mut self,
        pointer: &str,
        message: impl Into<String>,
        help: Option<String>,
    ) {
        let mut diagnostic = Diagnostic::error(self.file, pointer, message);
        diagnostic.help = help;
        self.errors.push(diagnostic);
    }

    /// Resolves the whole `x-fusion` object.
    pub fn resolve(&mut self, behaviour: &Behaviour) -> BehaviourModel {
        let rules = self.rules(behaviour.rules.as_deref(), "/x-fusion/rules", Scope::Item);
        let collection_rules = self.rules(
            behaviour.collection_rules.as_deref(),
            "/x-fusion/collection-rules",
            Scope::Collection,
        );
        let agent_limit = behaviour.agent_limit.as_ref().map(|limit| match limit {
            AgentLimit::Max(max) => {
                self.check_limit(*max, "/x-fusion/agent-limit");
                LimitModel {
                    max: *max,
                    summary: None,
                }
            }
            AgentLimit::Custom(custom) => {
                self.check_limit(custom.max, "/x-fusion/agent-limit/max");
                let summary = self.text(
                    &custom.summary,
                    "/x-fusion/agent-limit/summary",
                    Scope::Summary,
                );
                LimitModel {
                    max: custom.max,
                    summary: Some(summary),
                }
            }
        });
        let ui = self.ui_blocks(behaviour.ui.as_deref(), "/x-fusion/ui", false);
        let collection_ui = self.ui_blocks(
            behaviour.collection_ui.as_deref(),
            "/x-fusion/collection-ui",
            true,
        );
        let embeds = self.embeds(behaviour.embed.as_deref().unwrap_or_default());
        BehaviourModel {
            rules,
            collection_rules,
            agent_limit,
            data_format: behaviour.data_format.unwrap_or_default(),
            ui,
            collection_ui,
            embeds,
        }
    }

    /// Embedded fields: each must hold an object (or array of objects) of a presenter's item type.
    fn embeds(&mut self, names: &[String]) -> Vec<EmbedModel> {
        let mut embeds = Vec::new();
        for (index, name) in names.iter().enumerate() {
            let pointer = format!("/x-fusion/embed/{index}");
            let Some(field) = self.field(name, &pointer) else {
                continue;
            };
            let (target, many) = match self.fields()[field].ty.non_null() {
                FieldType::Named(id) => (Some(*id), false),
                FieldType::Array(element) => match element.non_null() {
                    FieldType::Named(id) => (Some(*id), true),
                    _ => (None, true),
                },
                _ => (None, false),
            };
            match target.and_then(|id| self.presenter_of.get(&id).copied()) {
                Some(presenter_module) => embeds.push(EmbedModel { field, presenter_module, many }),
                None => self.report(
                    &pointer,
                    format!("`{name}` is not presented by a presenter, so it cannot be embedded"),
                    Some("embed a field whose schema is a `$ref` to a presenter definition (a file with `type: object` at its root)".into()),
                ),
            }
        }
        embeds
    }

    fn check_limit(&mut self, max: u32, pointer: &str) {
        if max == 0 {
            self.report(
                pointer,
                "an agent limit of 0 would hide every item",
                Some("use a limit of at least 1".into()),
            );
        }
    }

    fn rules(&mut self, rules: Option<&[RuleDef]>, pointer: &str, scope: Scope) -> Vec<RuleModel> {
        let mut resolved = Vec::new();
        for (index, rule) in rules.unwrap_or_default().iter().enumerate() {
            let (text, when, text_pointer) = match rule {
                RuleDef::Text(text) => (text, None, format!("{pointer}/{index}")),
                RuleDef::Conditional(rule) => (
                    &rule.text,
                    rule.when.as_ref(),
                    format!("{pointer}/{index}/text"),
                ),
            };
            let parts = self.text(text, &text_pointer, scope);
            let when = when.map(|when| self.when(when, &format!("{pointer}/{index}/when")));
            resolved.push(RuleModel { parts, when });
        }
        resolved
    }

    /// Splits a text into literal runs and placeholders; `{{` and `}}` stand for braces.
    pub(super) fn text(&mut self, text: &str, pointer: &str, scope: Scope) -> Vec<TextPart> {
        if let Some(tag) = CLOSING_TAGS.iter().find(|tag| text.contains(*tag)) {
            self.report(
                pointer,
                format!(
                    "the text contains the closing tag `{tag}`, which would end its block early"
                ),
                Some(
                    "remove the tag; text from data is escaped, static text must not close blocks"
                        .into(),
                ),
            );
        }
        let mut parts = Vec::new();
        let mut literal = String::new();
        let mut rest = text;
        while let Some(open) = rest.find(['{', '}']) {
            literal.push_str(&rest[..open]);
            let brace = &rest[open..];
            if brace.starts_with("{{") || brace.starts_with("}}") {
                literal.push_str(&brace[..1]);
                rest = &brace[2..];
                continue;
            }
            let Some(close) = brace.find('}').filter(|_| brace.starts_with('{')) else {
                self.report(
                    pointer,
                    "unbalanced `{` or `}` in the text",
                    Some("write `{{` and `}}` for literal braces".into()),
                );
                return parts;
            };
            if !literal.is_empty() {
                parts.push(TextPart::Literal(std::mem::take(&mut literal)));
            }
            if let Some(part) = self.placeholder(&brace[1..close], pointer, scope) {
                parts.push(part);
            }
            rest = &brace[close + 1..];
        }
        literal.push_str(rest);
        if !literal.is_empty() {
            parts.push(TextPart::Literal(literal));
        }
        parts
    }

    fn placeholder(&mut self, name: &str, pointer: &str, scope: Scope) -> Option<TextPart> {
        match (scope, name) {
            (Scope::Collection, "count") => return Some(TextPart::Count),
            (Scope::Summary, "shown") => return Some(TextPart::Shown),
            (Scope::Summary, "hidden") => return Some(TextPart::Hidden),
            (Scope::Summary, "total") => return Some(TextPart::Total),
            (Scope::Summary, _) => {
                self.report(
                    pointer,
                    format!("unknown placeholder `{{{name}}}` in the agent-limit summary"),
                    Some("use {shown}, {hidden} or {total}".into()),
                );
                return None;
            }
            _ => {}
        }
        if let Some(field_name) = name
            .strip_prefix("sum:")
            .filter(|_| scope == Scope::Collection)
        {
            let field = self.field(field_name, pointer)?;
            return match self.fields()[field].ty.non_null() {
                FieldType::Integer | FieldType::Number => Some(TextPart::Sum(field)),
                _ => {
                    self.report(pointer, format!("`{{sum:{field_name}}}` needs a numeric field, and `{field_name}` is not one"), None);
                    None
                }
            };
        }
        let field = self.field(name, pointer)?;
        if self.scalar_kind(field).is_none() {
            let help = if scope == Scope::Collection {
                "in collection rules, use {count} or {sum:field}"
            } else {
                "interpolate a string, number, boolean or enum field"
            };
            self.report(
                pointer,
                format!("cannot interpolate `{name}`: it is not a single value"),
                Some(help.into()),
            );
            return None;
        }
        Some(TextPart::Field(field))
    }

    /// The index of a root field, or a diagnostic with the closest name.
    pub(super) fn field(&mut self, name: &str, pointer: &str) -> Option<usize> {
        let found = self.fields().iter().position(|f| f.key == name);
        if found.is_none() {
            let keys: Vec<String> = self.fields().iter().map(|f| f.key.clone()).collect();
            let help = did_you_mean(name, keys.iter().map(String::as_str))
                .map(|s| format!("did you mean `{s}`?"))
                .unwrap_or_else(|| format!("fields of `{}`: {}", self.item.title, keys.join(", ")));
            self.report(pointer, format!("unknown field `{name}`"), Some(help));
        }
        found
    }

    /// The field's scalar type, or `None` for arrays and objects.
    fn scalar_kind(&self, field: usize) -> Option<&FieldType> {
        match self.fields()[field].ty.non_null() {
            FieldType::Named(id) if !matches!(self.types[*id].kind, TypeKind::Enum { .. }) => None,
            FieldType::Array(_) => None,
            other => Some(other),
        }
    }

    fn when(&mut self, when: &When, pointer: &str) -> ConditionModel {
        let mut all = Vec::new();
        for (key, condition) in when {
            let here = format!("{pointer}/{}", key.replace('~', "~0").replace('/', "~1"));
            let compiled = match (key.as_str(), condition) {
                ("all" | "any", Condition::Group(items)) => {
                    let inner = items
                        .iter()
                        .enumerate()
                        .map(|(i, w)| self.when(w, &format!("{here}/{i}")))
                        .collect();
                    if key == "all" {
                        ConditionModel::All(inner)
                    } else {
                        ConditionModel::Any(inner)
                    }
                }
                ("not", Condition::Nested(inner)) => {
                    ConditionModel::Not(Box::new(self.when(inner, &here)))
                }
                ("all" | "any" | "not", _) => {
                    self.report(
                        &here,
                        format!(
                            "`{key}` takes {}",
                            if key == "not" {
                                "one condition"
                            } else {
                                "a list of conditions"
                            }
                        ),
                        None,
                    );
                    continue;
                }
                _ => match self.field(key, &here) {
                    Some(field) => match self.field_condition(field, condition, &here) {
                        Some(compiled) => compiled,
                        None => continue,
                    },
                    None => continue,
                },
            };
            all.push(compiled);
        }
        if all.len() == 1 {
            all.remove(0)
        } else {
            ConditionModel::All(all)
        }
    }

    fn field_condition(
        &mut self,
        field: usize,
        condition: &Condition,
        pointer: &str,
    ) -> Option<ConditionModel> {
        match condition {
            Condition::Equals(value) => Some(ConditionModel::OneOf {
                field,
                values: vec![self.literal(field, value, pointer)?],
            }),
            Condition::OneOf(values) => {
                let literals: Option<Vec<Literal>> = values
                    .iter()
                    .enumerate()
                    .map(|(i, v)| self.literal(field, v, &format!("{pointer}/{i}")))
                    .collect();
                Some(ConditionModel::OneOf {
                    field,
                    values: literals?,
                })
            }
            Condition::Compare(comparison) => self.comparison(field, comparison, pointer),
            Condition::Group(_) | Condition::Nested(_) => {
                // A misspelt comparison (`gtt`) parses as a nested condition: name the fix.
                let help = match condition {
                    Condition::Nested(inner) => inner.keys().find_map(|key| {
                        did_you_mean(key, ["gt", "gte", "lt", "lte", "present"])
                            .map(|s| format!("did you mean `{s}` instead of `{key}`?"))
                    }),
                    _ => None,
                };
                self.report(
                    pointer,
                    "a field's condition is a value, a list of values, or `{gt, gte, lt, lte, present}`",
                    help,
                );
                None
            }
        }
    }

    fn comparison(
        &mut self,
        field: usize,
        comparison: &Comparison,
        pointer: &str,
    ) -> Option<ConditionModel> {
        let def = &self.fields()[field];
        let (key, numeric, optional) = (
            def.key.clone(),
            matches!(def.ty.non_null(), FieldType::Integer | FieldType::Number),
            def.is_option(),
        );
        let mut all = Vec::new();
        let bounds = [
            (comparison.gt, CompareOp::Gt),
            (comparison.gte, CompareOp::Gte),
            (comparison.lt, CompareOp::Lt),
            (comparison.lte, CompareOp::Lte),
        ];
        for (value, op) in bounds.into_iter().filter_map(|(v, op)| v.map(|v| (v, op))) {
            if !numeric {
                self.report(
                    pointer,
                    format!("`{key}` is not numeric: `gt`, `gte`, `lt` and `lte` compare numbers"),
                    None,
                );
                return None;
            }
            all.push(ConditionModel::Compare { field, op, value });
        }
        if let Some(present) = comparison.present {
            if !optional {
                self.report(
                    &format!("{pointer}/present"),
                    format!("`{key}` is required and never null, so `present` is always true"),
                    Some("test presence only on optional or nullable fields".into()),
                );
                return None;
            }
            all.push(ConditionModel::Present { field, present });
        }
        match all.len() {
            0 => {
                self.report(
                    pointer,
                    "empty comparison",
                    Some("give at least one of gt, gte, lt, lte, present".into()),
                );
                None
            }
            1 => all.pop(),
            _ => Some(ConditionModel::All(all)),
        }
    }

    /// Checks a literal against the field's type and converts it.
    fn literal(&mut self, field: usize, value: &Scalar, pointer: &str) -> Option<Literal> {
        let def = &self.fields()[field];
        let key = def.key.clone();
        let converted = match (def.ty.non_null(), value) {
            (FieldType::Boolean, Scalar::Bool(b)) => Some(Literal::Bool(*b)),
            (FieldType::Integer, Scalar::Number(n)) if n.fract() == 0.0 && n.abs() < 9.0e15 => {
                Some(Literal::Integer(*n as i64))
            }
            (FieldType::Number, Scalar::Number(n)) => Some(Literal::Number(*n)),
            (FieldType::String, Scalar::Text(s)) => Some(Literal::Text(s.clone())),
            (FieldType::Named(id), Scalar::Text(s)) => match &self.types[*id].kind {
                TypeKind::Enum { values } => match values.iter().position(|v| v == s) {
                    Some(index) => Some(Literal::Variant(index)),
                    None => {
                        let help = did_you_mean(s, values.iter().map(String::as_str))
                            .map(|v| format!("did you mean `{v}`?"));
                        self.report(
                            pointer,
                            format!("`{s}` is not a value of `{key}` ({})", values.join(", ")),
                            help,
                        );
                        return None;
                    }
                },
                TypeKind::Struct { .. } => None,
            },
            _ => None,
        };
        if converted.is_none() {
            self.report(
                pointer,
                format!(
                    "`{}` cannot be compared with `{key}`, a field of type {}",
                    scalar_text(value),
                    type_text(def.ty.non_null(), self.types)
                ),
                None,
            );
        }
        converted
    }
}

fn scalar_text(value: &Scalar) -> String {
    match value {
        Scalar::Bool(b) => b.to_string(),
        Scalar::Number(n) => n.to_string(),
        Scalar::Text(s) => s.clone(),
    }
}

fn type_text(ty: &FieldType, types: &[TypeDef]) -> &'static str {
    match ty {
        FieldType::String => "string",
        FieldType::Integer => "integer",
        FieldType::Number => "number",
        FieldType::Boolean => "boolean",
        FieldType::Array(_) => "array",
        FieldType::Named(id) if matches!(types[*id].kind, TypeKind::Enum { .. }) => "enum",
        _ => "object",
    }
}
