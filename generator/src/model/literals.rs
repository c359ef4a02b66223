//! Enums of exact JSON values that are not strings alone: `enum: [2, 3, 5, 7]`,
//! `enum: [1, "one"]`, `const: true`, and the schemas no value but `null` (or none at all) fits.

use serde_json::Value;

use super::resolve::Resolver;
use super::{FieldType, LiteralValue, TypeKind};
use crate::definition::{JsonType, Schema, TypeKeyword};

impl<'a> Resolver<'a> {
    /// The type of a schema whose `enum` or `const` holds a value other than a string (or only
    /// `null`, or none: `enum: []`), or of `type: "null"` alone: an enum of those exact values,
    /// nullable when `null` is one of them. `None` when the schema is not one of these.
    pub(super) fn literal_type(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &Schema,
        name: &str,
    ) -> Option<FieldType> {
        if structured_enum(schema) {
            // `type: object, enum: [{}]`: an assertion on a value the other keywords type.
            return None;
        }
        // A `type` without `string` makes string values misfits, which this reports.
        let not_strings =
            listed_types(schema).is_some_and(|types| !types.contains(&JsonType::String));
        let listed: Vec<(String, &Value)> = match (&schema.enum_values, &schema.const_value) {
            (Some(values), None) => {
                let odd = values.iter().any(|v| !v.is_string() && !v.is_null());
                let only_null = !values.is_empty() && values.iter().all(Value::is_null);
                // `enum: []` is a schema no value fits, as `false`.
                if !odd && !only_null && !not_strings && !values.is_empty() {
                    return None;
                }
                values
                    .iter()
                    .enumerate()
                    .map(|(i, v)| (format!("{pointer}/enum/{i}"), v))
                    .collect()
            }
            (None, Some(value)) if !value.is_string() || not_strings => {
                vec![(format!("{pointer}/const"), value)]
            }
            (Some(_), Some(value)) if !value.is_string() || not_strings => {
                self.report(
                    file,
                    &format!("{pointer}/const"),
                    "`const` and `enum` cannot stand together",
                    Some("`const: x` is `enum: [x]`: keep one of them".into()),
                );
                return Some(FieldType::Any);
            }
            (None, None) if only_null_type(schema) => Vec::new(),
            _ => return None,
        };
        let types = listed_types(schema);
        let mut values: Vec<LiteralValue> = Vec::new();
        // `type: "null"` alone lists no value and allows `null`.
        let mut nullable = schema.enum_values.is_none() && schema.const_value.is_none();
        for (at, value) in listed {
            if value.is_object() || value.is_array() {
                let what = if value.is_object() {
                    "a mapping"
                } else {
                    "an array"
                };
                let message = if at.ends_with("/const") {
                    format!(
                        "a `const` that is a mapping or an array is not supported: this one is {what}"
                    )
                } else {
                    format!(
                        "`enum` values that are mappings or arrays are not supported: this one is {what}"
                    )
                };
                self.report(
                    file,
                    &at,
                    message,
                    Some("list strings, numbers, booleans or `null`".into()),
                );
                continue;
            }
            if let Some(types) = &types
                && !fits(value, types)
            {
                let names: Vec<&str> = types.iter().map(|t| t.as_str()).collect();
                self.report(
                    file,
                    &at,
                    format!(
                        "the value `{value}` is not of the schema's `type` ({}): no value could match it",
                        names.join(", ")
                    ),
                    Some("add its type to `type`, or remove the value".into()),
                );
                continue;
            }
            let known = match value {
                Value::Null => {
                    nullable = true;
                    continue;
                }
                Value::Bool(b) => LiteralValue::Bool(*b),
                Value::Number(n) => LiteralValue::Number(n.clone()),
                Value::String(s) => LiteralValue::Str(s.clone()),
                // Reported above.
                Value::Array(_) | Value::Object(_) => continue,
            };
            if values.iter().any(|v| same_literal(&v.to_json(), value)) {
                self.report(file, &at, format!("duplicate enum value `{value}`"), None);
            } else {
                values.push(known);
            }
        }
        let id = self.new_type(
            file,
            pointer,
            schema,
            name,
            TypeKind::Literals { values, nullable },
        );
        let ty = FieldType::Named(id);
        Some(if nullable {
            FieldType::Nullable(Box::new(ty))
        } else {
            ty
        })
    }
}

/// `type: "null"` with nothing that would shape another value beside it.
fn only_null_type(schema: &Schema) -> bool {
    matches!(schema.kind, Some(TypeKeyword::One(JsonType::Null)))
        && schema.properties.is_none()
        && schema.items.is_none()
        && schema.prefix_items.is_none()
        && schema.all_of.is_none()
        && schema.additional_properties.is_none()
}

/// The types `type` lists, if it is there.
fn listed_types(schema: &Schema) -> Option<Vec<JsonType>> {
    match &schema.kind {
        Some(TypeKeyword::One(kind)) => Some(vec![*kind]),
        Some(TypeKeyword::Several(kinds)) => Some(kinds.clone()),
        None => None,
    }
}

/// Whether `value` is of one of `types`; an integral number is an `integer`, as JSON Schema
/// counts `1.0`.
fn fits(value: &Value, types: &[JsonType]) -> bool {
    let kind = match value {
        Value::Null => JsonType::Null,
        Value::Bool(_) => JsonType::Boolean,
        Value::String(_) => JsonType::String,
        Value::Number(n) => {
            if types.contains(&JsonType::Number) {
                return true;
            }
            return types.contains(&JsonType::Integer) && integral(n).is_some();
        }
        Value::Array(_) => JsonType::Array,
        Value::Object(_) => JsonType::Object,
    };
    types.contains(&kind)
}

/// The number as an integer, when it is one (`3`, `3.0`).
fn integral(n: &serde_json::Number) -> Option<i128> {
    if let Some(i) = n.as_i64() {
        return Some(i.into());
    }
    if let Some(u) = n.as_u64() {
        return Some(u.into());
    }
    let f = n.as_f64()?;
    // Past 2^127 no `i128` holds it; such a float is compared as a float.
    (f.fract() == 0.0 && f.abs() < 1.7e38).then_some(f as i128)
}

/// Equality as JSON Schema's `enum` reads it: numbers by value (`1` is `1.0`).
pub fn same_literal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (integral(x), integral(y)) {
            (Some(i), Some(j)) => i == j,
            (None, None) => x.as_f64() == y.as_f64(),
            _ => false,
        },
        _ => a == b,
    }
}

/// Whether the schema's `enum` lists only objects or arrays (and `null`) beside a `type` of
/// `object` or `array`: the values are an assertion the generated type cannot state (documented
/// on presenter data, refused in tool arguments), and the value is what the other keywords say
/// (`{type: object, enum: [{}]}` is an object of no declared key, written `{}`).
pub fn structured_enum(schema: &Schema) -> bool {
    let structured_type = listed_types(schema).is_some_and(|types| {
        types
            .iter()
            .all(|t| matches!(t, JsonType::Object | JsonType::Array | JsonType::Null))
    });
    structured_type
        && schema.enum_values.as_ref().is_some_and(|values| {
            values.iter().any(|v| v.is_object() || v.is_array())
                && values
                    .iter()
                    .all(|v| v.is_object() || v.is_array() || v.is_null())
        })
}
