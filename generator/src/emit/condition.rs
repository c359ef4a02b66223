//! Rust code for a behaviour's conditions (`when`): boolean expressions over the typed item.

use crate::model::{CompareOp, ConditionModel, FieldType, IntKind, Literal, TypeId, TypeKind};

use super::behaviour::Context;
use super::code::{InternalError, ItemRef, Number, ident, literal};

impl Context<'_> {
    /// A condition as a Rust boolean expression over `item`.
    pub(super) fn condition(&self, condition: &ConditionModel) -> Result<String, InternalError> {
        let joined = |items: &[ConditionModel], op: &str| -> Result<String, InternalError> {
            let operands = items
                .iter()
                .map(|c| Ok(format!("({})", self.condition(c)?)))
                .collect::<Result<Vec<_>, InternalError>>()?;
            Ok(operands.join(op))
        };
        Ok(match condition {
            ConditionModel::All(items) if items.is_empty() => "true".into(),
            ConditionModel::Any(items) if items.is_empty() => "false".into(),
            ConditionModel::All(items) => joined(items, " && ")?,
            ConditionModel::Any(items) => joined(items, " || ")?,
            ConditionModel::Not(inner) => format!("!({})", self.condition(inner)?),
            ConditionModel::Present { field, present } => {
                let (def, name) = self.field(*field);
                if def.is_double_option() {
                    // Present means a value: an explicit `null` is not one.
                    format!(
                        "{}::core::matches!(item.{name}, ::core::option::Option::Some(::core::option::Option::Some(_)))",
                        if *present { "" } else { "!" }
                    )
                } else {
                    format!(
                        "item.{name}.{}()",
                        if *present { "is_some" } else { "is_none" }
                    )
                }
            }
            ConditionModel::Compare { field, op, value } => self.compare(*field, *op, *value),
            ConditionModel::OneOf { field, values } => self.one_of(*field, values)?,
        })
    }

    fn compare(&self, field: usize, op: CompareOp, value: f64) -> String {
        let (def, name) = self.field(field);
        let kind = match def.ty.non_null() {
            FieldType::Integer(kind) => Some(*kind),
            _ => None,
        };
        // The left operand over the field's value `subject`, and the bound.
        let (operand, rhs): (fn(&str) -> String, Number) = match (kind, value.fract() == 0.0) {
            (Some(IntKind::I64), true) => {
                (str::to_owned, Number::Int((value as i64).into(), "i64"))
            }
            // A bound may lie outside a narrower kind (`gte: -1` on a `uint32`): compare wide.
            (Some(_), true) => (
                |subject| format!("i128::from({subject})"),
                Number::Int((value as i64).into(), "i128"),
            ),
            (Some(_), false) => (
                |subject| format!("({subject} as f64)"),
                Number::Float(value),
            ),
            (None, _) => (str::to_owned, Number::Float(value)),
        };
        let op = op.as_rust();
        if def.is_option() {
            format!(
                "{}.is_some_and(|value| {} {op} {rhs})",
                self.option_copy(def, &name),
                operand("value")
            )
        } else {
            format!("{} {op} {rhs}", operand(&format!("item.{name}")))
        }
    }

    fn one_of(&self, field: usize, values: &[Literal]) -> Result<String, InternalError> {
        let (def, name) = self.field(field);
        let enum_id = self.enum_of(&def.ty);
        // The model checked that every integer literal fits the field's kind.
        let suffix = match def.ty.non_null() {
            FieldType::Integer(kind) => kind.rust(),
            _ => "i64",
        };
        let pattern_of = |value: &Literal| -> Result<String, InternalError> {
            Ok(match value {
                Literal::Bool(b) => b.to_string(),
                Literal::Integer(i) => Number::Int((*i).into(), suffix).to_string(),
                Literal::Number(n) => Number::Float(*n).to_string(),
                Literal::Text(s) => literal(s).to_string(),
                Literal::Variant(index) => {
                    let id = enum_id.ok_or_else(|| {
                        InternalError(format!(
                            "`one-of` names an enum variant of `{}`, which is no enum field",
                            def.key
                        ))
                    })?;
                    // The enum may live in another module: a field merged from another file's
                    // schema (`allOf`, `extends`) keeps its type where that schema is.
                    let owner = self.model.types[self.item].module;
                    let path = ItemRef::ty(self.model, self.names, owner, id);
                    format!("{path}::{}", ident(&self.names.members[id][*index]))
                }
            })
        };
        if let ([Literal::Bool(expected)], false) = (values, def.is_option()) {
            return Ok(format!("{}item.{name}", if *expected { "" } else { "!" }));
        }
        let patterns: Vec<String> = values.iter().map(pattern_of).collect::<Result<_, _>>()?;
        let numbers = values.iter().any(|v| matches!(v, Literal::Number(_)));
        let subject = match (def.ty.non_null(), def.is_option()) {
            (FieldType::String, false) => format!("item.{name}.as_str()"),
            (FieldType::String, true) if def.is_double_option() => {
                format!("item.{name}.as_ref().and_then(::core::option::Option::as_deref)")
            }
            (FieldType::String, true) => format!("item.{name}.as_deref()"),
            (_, true) => self.option_copy(def, &name),
            _ => format!("item.{name}"),
        };
        // Float literals cannot be patterns; compare them one by one.
        if numbers {
            let value = if def.is_option() {
                self.option_copy(def, &name)
            } else {
                format!("::core::option::Option::Some(item.{name})")
            };
            return Ok(patterns
                .iter()
                .map(|p| format!("{value} == ::core::option::Option::Some({p})"))
                .collect::<Vec<_>>()
                .join(" || "));
        }
        let pattern = patterns.join(" | ");
        Ok(if def.is_option() {
            format!("::core::matches!({subject}, ::core::option::Option::Some({pattern}))")
        } else {
            format!("::core::matches!({subject}, {pattern})")
        })
    }

    /// The enum behind a field, if it is one.
    fn enum_of(&self, ty: &FieldType) -> Option<TypeId> {
        match ty.non_null() {
            FieldType::Named(id) if matches!(self.model.types[*id].kind, TypeKind::Enum { .. }) => {
                Some(*id)
            }
            _ => None,
        }
    }
}
