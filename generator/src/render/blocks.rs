//! A presenter's declared blocks (wire format §4–§8; UI blocks in `ui.rs`) computed from checked sample values, through
//! the runtime's own `ResponseBuilder`, `UiBlock`, escaping and number writers: the same calls,
//! in the same order, as the code `emit::behaviour` and `emit::ui` generate.

use fusion_runtime::vocabulary::compute::Operand;
use fusion_runtime::vocabulary::listed::Listed;
use fusion_runtime::vocabulary::{number, when};
use fusion_runtime::{ResponseBuilder, UiBlock};
use serde_json::{Map, Value};

use super::sample::{self, wire_fields};
use crate::model::{
    BehaviourModel, ConditionModel, EmptyModel, FieldDef, FieldType, IntKind, Literal, Model,
    RuleModel, SuggestionModel, TextPart, TypeId, TypeKind,
};

pub(super) use fusion_runtime::escape::Context as Escape;

/// One presenter's view of the model: its behaviour and the fields of its item struct.
#[derive(Clone, Copy)]
pub struct Presenting<'m> {
    /// The whole model, for embedded presenters and nested types.
    pub model: &'m Model,
    /// The presenter's declared behaviour.
    pub behaviour: &'m BehaviourModel,
    /// The item struct's fields, which model indices point into (none for a union of objects,
    /// whose behaviour names no field).
    pub fields: &'m [FieldDef],
    /// The presenter's item type: a struct, or a union of objects.
    pub item: TypeId,
    /// The item struct's undeclared keys' type, when it keeps them.
    pub extra: Option<&'m FieldType>,
}

/// What a text placeholder can read: one item, or the kept items of a collection.
#[derive(Clone, Copy)]
pub(super) struct Scope<'a> {
    pub(super) item: Option<&'a Map<String, Value>>,
    pub(super) kept: &'a [&'a Map<String, Value>],
    pub(super) total: usize,
}

impl<'m> Presenting<'m> {
    /// The presenter of `module`, if the module has one.
    pub fn of(model: &'m Model, module: usize) -> Option<Self> {
        let presenter = model.modules.get(module)?.presenter.as_ref()?;
        Some(Presenting {
            model,
            behaviour: &presenter.behaviour,
            fields: model.types[presenter.item].fields(),
            item: presenter.item,
            extra: model.types[presenter.item].extra.as_ref(),
        })
    }

    /// An item's wire form as the generated writers write it (redacted), cut to `selection`'s
    /// keys in its order when given: a union item as the branch it holds, picked as the
    /// generated `Deserialize` picks it, with only the selected keys that branch has.
    pub fn wire_item(
        &self,
        item: &Map<String, Value>,
        selection: Option<&[String]>,
    ) -> Map<String, Value> {
        let branch = match &self.model.types[self.item].kind {
            TypeKind::Union { variants, .. } => {
                sample::branch(self.model, variants, &Value::Object(item.clone())).and_then(
                    |variant| match variant.ty {
                        FieldType::Named(id) => Some(&self.model.types[id]),
                        _ => None,
                    },
                )
            }
            _ => None,
        };
        let (fields, extra) = branch.map_or((self.fields, self.extra), |def| {
            (def.fields(), def.extra.as_ref())
        });
        wire_fields(self.model, fields, extra, item, selection)
    }

    /// The blocks of one item (the generated `item_blocks`).
    pub fn item_blocks(&self, item: &Map<String, Value>, builder: &mut ResponseBuilder) {
        let scope = Scope {
            item: Some(item),
            kept: &[],
            total: 0,
        };
        for ui in &self.behaviour.ui {
            if self.holds(ui.when.as_ref(), item) {
                builder.ui(self.ui_block(ui, scope, false));
            }
        }
        for embed in &self.behaviour.embeds {
            self.embed(embed.field, embed.presenter_module, item, false, builder);
        }
        for directive in &self.behaviour.directives {
            builder.directive_raw(directive.clone());
        }
        for rule in &self.behaviour.rules {
            if self.holds(rule.when.as_ref(), item) {
                builder.rule_raw(self.rule_text(rule, scope));
            }
        }
        for suggestion in &self.behaviour.suggestions {
            self.suggest(suggestion, scope, builder);
        }
    }

    /// The blocks of a collection (the generated `collection_blocks`): `kept` are the items the
    /// agent limit kept out of `total`.
    pub fn collection_blocks(
        &self,
        kept: &[&Map<String, Value>],
        total: usize,
        builder: &mut ResponseBuilder,
    ) {
        let scope = Scope {
            item: None,
            kept,
            total,
        };
        if let Some(limit) = &self.behaviour.agent_limit
            && kept.len() < total
        {
            // The generated code's calls: no filters are set here, as outside a tool call.
            match &limit.summary {
                Some(parts) => {
                    builder.ui_first(UiBlock::summary_raw(&self.text(parts, scope, Escape::Line)));
                }
                None => {
                    builder.truncation(kept.len(), total - kept.len());
                }
            }
        }
        for ui in &self.behaviour.collection_ui {
            if kept.is_empty() {
                match &ui.empty {
                    EmptyModel::Skip => continue,
                    EmptyModel::Text(text) => {
                        builder.ui(self.ui_block(&ui.empty_block(text), scope, true));
                        continue;
                    }
                    EmptyModel::Show => {}
                }
            }
            // A condition tests the first kept item; an empty collection has none.
            let shown = match (&ui.when, kept.first()) {
                (None, _) => true,
                (Some(condition), Some(first)) => self.condition(condition, first),
                (Some(_), None) => false,
            };
            if shown {
                builder.ui(self.ui_block(ui, scope, true));
            }
        }
        for (position, item) in kept.iter().enumerate() {
            for embed in &self.behaviour.embeds {
                self.embed(
                    embed.field,
                    embed.presenter_module,
                    item,
                    position > 0,
                    builder,
                );
            }
        }
        for directive in &self.behaviour.directives {
            builder.directive_raw(directive.clone());
        }
        let first = kept.first().copied();
        for rule in &self.behaviour.rules {
            if rule.per_item {
                let matched = self.matched(rule.when.as_ref(), kept);
                if !matched.is_empty() {
                    builder.rule_raw(self.listed(&rule.parts, &matched, Escape::Rule));
                }
            } else if rule.is_static() {
                builder.rule_raw(self.rule_text(rule, scope));
            } else if let Some(item) = first
                && self.holds(rule.when.as_ref(), item)
            {
                builder.rule_raw(self.rule_text(
                    rule,
                    Scope {
                        item: Some(item),
                        ..scope
                    },
                ));
            }
        }
        for rule in &self.behaviour.collection_rules {
            // A condition tests the first kept item; an empty collection has none.
            let holds = match (&rule.when, first) {
                (None, _) => true,
                (Some(condition), Some(item)) => self.condition(condition, item),
                (Some(_), None) => false,
            };
            if holds {
                builder.rule_raw(self.rule_text(rule, scope));
            }
        }
        let suggestions = match &self.behaviour.collection_suggestions {
            Some(list) => list,
            None => &self.behaviour.suggestions,
        };
        if let Some(item) = first {
            let scope = if self.behaviour.collection_suggestions.is_some() {
                scope
            } else {
                Scope {
                    item: Some(item),
                    ..scope
                }
            };
            for suggestion in suggestions {
                if suggestion.per_item {
                    let matched = self.matched(suggestion.when.as_ref(), kept);
                    if !matched.is_empty() {
                        builder.suggest_raw(
                            suggestion.action.clone(),
                            self.listed(&suggestion.reason, &matched, Escape::Line),
                        );
                    }
                } else {
                    self.suggest(suggestion, scope, builder);
                }
            }
        }
    }

    /// The kept items a `per-item` rule or suggestion's condition holds for.
    fn matched<'a>(
        &self,
        when: Option<&ConditionModel>,
        kept: &[&'a Map<String, Value>],
    ) -> Vec<&'a Map<String, Value>> {
        kept.iter()
            .copied()
            .filter(|item| self.holds(when, item))
            .collect()
    }

    /// A `per-item` text: each placeholder lists the values of the `matched` items, in order,
    /// `, ` between those that write something (the generated code's `Listed`).
    fn listed(
        &self,
        parts: &[TextPart],
        matched: &[&Map<String, Value>],
        escape: Escape,
    ) -> String {
        let mut out = String::new();
        for part in parts {
            if let TextPart::Literal(text) = part {
                out.push_str(text);
                continue;
            }
            let mut listed = Listed::default();
            for item in matched {
                let at = out.len();
                let scope = Scope {
                    item: Some(item),
                    kept: &[],
                    total: 0,
                };
                out.push_str(&self.text(std::slice::from_ref(part), scope, escape));
                listed.separate(&mut out, at);
            }
        }
        out
    }

    fn suggest(
        &self,
        suggestion: &SuggestionModel,
        scope: Scope<'_>,
        builder: &mut ResponseBuilder,
    ) {
        let holds = match (&suggestion.when, scope.item.or(scope.kept.first().copied())) {
            (None, _) => true,
            (Some(condition), Some(item)) => self.condition(condition, item),
            (Some(_), None) => false,
        };
        if holds {
            builder.suggest_raw(
                suggestion.action.clone(),
                self.text(&suggestion.reason, scope, Escape::Line),
            );
        }
    }

    fn rule_text(&self, rule: &RuleModel, scope: Scope<'_>) -> String {
        self.text(&rule.parts, scope, Escape::Rule)
    }

    fn holds(&self, when: Option<&ConditionModel>, item: &Map<String, Value>) -> bool {
        when.is_none_or(|condition| self.condition(condition, item))
    }

    /// Presents an embedded field's value(s) with the child presenter (§8).
    fn embed(
        &self,
        field: usize,
        module: usize,
        item: &Map<String, Value>,
        repeat: bool,
        builder: &mut ResponseBuilder,
    ) {
        let Some(child) = Presenting::of(self.model, module) else {
            return;
        };
        let present = |value: &Map<String, Value>, repeat: bool, builder: &mut ResponseBuilder| {
            let mut blocks = ResponseBuilder::new(String::new());
            child.item_blocks(value, &mut blocks);
            builder.embed(blocks.build(), repeat);
        };
        match self.value(field, item) {
            Some(Value::Object(value)) => present(value, repeat, builder),
            Some(Value::Array(values)) => {
                let objects = values.iter().filter_map(Value::as_object);
                for (index, value) in objects.enumerate() {
                    present(value, repeat || index > 0, builder);
                }
            }
            _ => {}
        }
    }

    /// A field's value in `item`: `None` when absent or `null`.
    pub(super) fn value<'v>(
        &self,
        field: usize,
        item: &'v Map<String, Value>,
    ) -> Option<&'v Value> {
        item.get(&self.fields[field].key).filter(|v| !v.is_null())
    }

    /// A text template written with values escaped for `escape`.
    pub(super) fn text(&self, parts: &[TextPart], scope: Scope<'_>, escape: Escape) -> String {
        let mut out = String::new();
        for part in parts {
            match part {
                TextPart::Literal(text) => out.push_str(text),
                TextPart::Count | TextPart::Shown => {
                    number::write_u64(&mut out, scope.kept.len() as u64)
                }
                TextPart::Hidden => {
                    number::write_u64(&mut out, (scope.total - scope.kept.len()) as u64)
                }
                TextPart::Total => number::write_u64(&mut out, scope.total as u64),
                TextPart::Sum(field) => self.write_sum(*field, scope.kept, &mut out),
                TextPart::Field(field) => {
                    if let Some(item) = scope.item {
                        self.push_field(*field, item, escape, &mut out);
                    }
                }
                TextPart::Computed(computed) => {
                    self.push_computed(computed, scope, escape, &mut out)
                }
                // Columns exist only in chart configurations (`json_value`).
                TextPart::Column(_) => {}
            }
        }
        out
    }

    /// The sum of a numeric field over `kept`: integers in `i128`, numbers in `f64`, absent and
    /// `null` values skipped, as the generated sum.
    pub(super) fn write_sum(&self, field: usize, kept: &[&Map<String, Value>], out: &mut String) {
        if matches!(self.fields[field].ty.non_null(), FieldType::Integer(_)) {
            number::write_i128(out, self.integer_sum(field, kept));
        } else {
            number::write_f64(out, self.float_sum(field, kept));
        }
    }

    /// The sum of an integer field over `kept`, exact.
    pub(super) fn integer_sum(&self, field: usize, kept: &[&Map<String, Value>]) -> i128 {
        kept.iter()
            .filter_map(|item| self.value(field, item))
            .filter_map(|v| {
                v.as_i64()
                    .map(i128::from)
                    .or_else(|| v.as_u64().map(i128::from))
            })
            .sum()
    }

    /// The sum of a number field over `kept`, in item order as the generated `sum::<f64>()`.
    pub(super) fn float_sum(&self, field: usize, kept: &[&Map<String, Value>]) -> f64 {
        kept.iter()
            .filter_map(|item| self.value(field, item))
            .filter_map(Value::as_f64)
            .sum()
    }

    /// Appends a scalar field's value (nothing when absent or `null`).
    pub(super) fn push_field(
        &self,
        field: usize,
        item: &Map<String, Value>,
        escape: Escape,
        out: &mut String,
    ) {
        let Some(value) = self.value(field, item) else {
            return;
        };
        match (self.fields[field].ty.non_null(), value) {
            (FieldType::Integer(kind), Value::Number(n)) => match (kind, n.as_i64()) {
                (IntKind::U64, _) | (_, None) => {
                    number::write_u64(out, n.as_u64().unwrap_or_default())
                }
                (_, Some(i)) => number::write_i64(out, i),
            },
            (FieldType::Number, Value::Number(n)) => {
                number::write_f64(out, n.as_f64().unwrap_or_default())
            }
            (FieldType::Boolean, Value::Bool(b)) => out.push_str(if *b { "true" } else { "false" }),
            // Strings and enum values are data: escaped for where they go.
            (_, Value::String(s)) => escape.push(out, s),
            _ => {}
        }
    }

    /// A compiled condition over a checked item.
    fn condition(&self, condition: &ConditionModel, item: &Map<String, Value>) -> bool {
        match condition {
            ConditionModel::All(all) => all.iter().all(|c| self.condition(c, item)),
            ConditionModel::Any(any) => any.iter().any(|c| self.condition(c, item)),
            ConditionModel::Not(inner) => !self.condition(inner, item),
            ConditionModel::Present { field, present } => {
                self.value(*field, item).is_some() == *present
            }
            ConditionModel::Compare { field, op, value } => {
                let Some(Value::Number(n)) = self.value(*field, item) else {
                    return false;
                };
                let left = if matches!(self.fields[*field].ty.non_null(), FieldType::Integer(_)) {
                    n.as_i64()
                        .map(i128::from)
                        .or_else(|| n.as_u64().map(i128::from))
                        .map(Operand::Integer)
                } else {
                    n.as_f64().map(Operand::Float)
                };
                left.is_some_and(|left| when::compare(left, *op, *value))
            }
            ConditionModel::OneOf { field, values } => {
                let Some(found) = self.value(*field, item) else {
                    return false;
                };
                values
                    .iter()
                    .any(|literal| self.equals(*field, literal, found))
            }
        }
    }

    fn equals(&self, field: usize, literal: &Literal, value: &Value) -> bool {
        match (literal, value) {
            (Literal::Bool(b), Value::Bool(v)) => b == v,
            (Literal::Integer(i), Value::Number(n)) => n.as_i64() == Some(*i),
            (Literal::Number(x), Value::Number(n)) => n.as_f64() == Some(*x),
            (Literal::Text(t), Value::String(s)) => t == s,
            (Literal::Variant(index), Value::String(s)) => match self.fields[field].ty.non_null() {
                FieldType::Named(id) => match &self.model.types[*id].kind {
                    TypeKind::Enum { values } => values.get(*index) == Some(s),
                    _ => false,
                },
                _ => false,
            },
            _ => false,
        }
    }
}
