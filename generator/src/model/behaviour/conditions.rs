//! `when` conditions, compiled against the item's field types.

use crate::definition::{Comparison, Condition, Scalar, When};
use crate::diagnostics::did_you_mean;

use super::resolver::BehaviourResolver;
use super::{CompareOp, ConditionModel, Literal};
use crate::model::{FieldType, TypeDef, TypeKind};

impl BehaviourResolver<'_> {
    pub(in crate::model) fn when(&mut self, when: &When, pointer: &str) -> ConditionModel {
        let mut all = Vec::new();
        for (key, condition) in when {
            let here = format!("{pointer}/{}", crate::source::pointer_token(key));
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
            matches!(def.ty.non_null(), FieldType::Integer(_) | FieldType::Number),
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
            (FieldType::Integer(kind), Scalar::Number(n))
                if n.fract() == 0.0
                    && n.abs() < 9.0e15
                    && (kind.range().0..=kind.range().1).contains(&(*n as i128)) =>
            {
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
                // Conditions compare with strings, numbers and booleans as their field's type
                // reads them; an enum of mixed values has no such reading yet.
                TypeKind::Struct { .. }
                | TypeKind::Union { .. }
                | TypeKind::Literals { .. }
                | TypeKind::Tuple { .. } => None,
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
        FieldType::Integer(_) => "integer",
        FieldType::Number => "number",
        FieldType::Boolean => "boolean",
        FieldType::Array(_) => "array",
        FieldType::Any => "any JSON value",
        FieldType::Named(id) if matches!(types[*id].kind, TypeKind::Enum { .. }) => "enum",
        FieldType::Named(id) if matches!(types[*id].kind, TypeKind::Literals { .. }) => {
            "enum of values other than strings"
        }
        _ => "object",
    }
}
