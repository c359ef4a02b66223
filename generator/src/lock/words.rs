//! Rules, suggestions and conditions written back in words, placeholders by field key: the
//! model refers to fields by index, and a lockfile must read (and diff) as the author wrote it.

use crate::model::{
    CompareOp, Computed, ConditionModel, FieldType, Literal, Model, TextPart, Transform, TypeId,
    TypeKind,
};

/// A text with its placeholders in braces: `{id}`, `{count}`, `{sum amount_cents}`,
/// `{amount_cents | divide: 100 | round: 2}`.
pub fn text(model: &Model, item: TypeId, parts: &[TextPart]) -> String {
    parts
        .iter()
        .map(|part| match part {
            TextPart::Literal(text) => text.clone(),
            TextPart::Computed(computed) => {
                format!("{{{}}}", computed_words(model, item, computed))
            }
            source => format!("{{{}}}", source_words(model, item, source)),
        })
        .collect()
}

fn source_words(model: &Model, item: TypeId, part: &TextPart) -> String {
    let key = |index: &usize| key(model, item, *index);
    match part {
        TextPart::Literal(text) => text.clone(),
        TextPart::Field(i) => key(i),
        TextPart::Count => "count".into(),
        TextPart::Sum(i) => format!("sum {}", key(i)),
        TextPart::Column(i) => format!("column {}", key(i)),
        TextPart::Shown => "shown".into(),
        TextPart::Hidden => "hidden".into(),
        TextPart::Total => "total".into(),
        TextPart::Computed(computed) => computed_words(model, item, computed),
    }
}

fn computed_words(model: &Model, item: TypeId, computed: &Computed) -> String {
    let mut words = source_words(model, item, &computed.source);
    for step in &computed.steps {
        words.push_str(" | ");
        words.push_str(&match step {
            Transform::Divide(c) => format!("divide: {c}"),
            Transform::Multiply(c) => format!("multiply: {c}"),
            Transform::Round(n) => format!("round: {n}"),
            Transform::Percent(n) => format!("percent: {n}"),
            Transform::Date(pattern) => format!("date: {pattern}"),
            Transform::Length => "length".into(),
            Transform::Plural { one, other } => format!("plural: {one}, {other}"),
        });
    }
    words
}

/// A condition in words: `status = overdue`, `amount_cents >= 100`, `present(due)`,
/// `all(…)`, `any(…)`, `not(…)`.
pub fn condition(model: &Model, item: TypeId, when: &ConditionModel) -> String {
    let list = |conditions: &[ConditionModel]| {
        conditions
            .iter()
            .map(|c| condition(model, item, c))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match when {
        ConditionModel::All(all) => format!("all({})", list(all)),
        ConditionModel::Any(any) => format!("any({})", list(any)),
        ConditionModel::Not(inner) => format!("not({})", condition(model, item, inner)),
        ConditionModel::OneOf { field, values } => {
            let values: Vec<String> = values
                .iter()
                .map(|v| literal(model, item, *field, v))
                .collect();
            format!("{} in [{}]", key(model, item, *field), values.join(", "))
        }
        ConditionModel::Compare { field, op, value } => {
            let op = match op {
                CompareOp::Gt => ">",
                CompareOp::Gte => ">=",
                CompareOp::Lt => "<",
                CompareOp::Lte => "<=",
            };
            format!("{} {op} {value}", key(model, item, *field))
        }
        ConditionModel::Present { field, present } => {
            let word = if *present { "present" } else { "absent" };
            format!("{word}({})", key(model, item, *field))
        }
    }
}

/// A condition's value; an enum variant by its value.
fn literal(model: &Model, item: TypeId, field: usize, value: &Literal) -> String {
    match value {
        Literal::Bool(b) => b.to_string(),
        Literal::Integer(i) => i.to_string(),
        Literal::Number(n) => n.to_string(),
        Literal::Text(t) => serde_json::Value::String(t.clone()).to_string(),
        Literal::Variant(index) => {
            let values = model.types[item].fields().get(field).and_then(|f| {
                let FieldType::Named(id) = f.ty.non_null() else {
                    return None;
                };
                match &model.types[*id].kind {
                    TypeKind::Enum { values } => values.get(*index).cloned(),
                    _ => None,
                }
            });
            values.unwrap_or_else(|| format!("#{index}"))
        }
    }
}

/// The key of the item's field at `index` (`#index` where the item is not a struct).
fn key(model: &Model, item: TypeId, index: usize) -> String {
    model.types[item]
        .fields()
        .get(index)
        .map_or_else(|| format!("#{index}"), |f| f.key.clone())
}
