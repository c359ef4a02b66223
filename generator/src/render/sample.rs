//! Sample data read as the generated types read it: every value checked against its schema type
//! as the generated `Deserialize` checks it, then laid out as the generated writers lay it out
//! (declared keys in schema order, undeclared ones dropped or kept after them), and finally the
//! wire data (§3, §9, §10): selected, then redacted.

use serde_json::{Map, Number, Value};

use crate::model::{FieldDef, FieldType, IntKind, LiteralValue, Model, TypeKind, VariantDef};

/// A sample value that the generated types would refuse, with where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SampleError {
    /// JSON pointer into the sample (`/3/amount_cents`); empty for the root.
    pub pointer: String,
    /// What is wrong, in words.
    pub message: String,
}

impl std::fmt::Display for SampleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = if self.pointer.is_empty() {
            "/"
        } else {
            &self.pointer
        };
        write!(f, "at {at}: {}", self.message)
    }
}

impl std::error::Error for SampleError {}

/// A short description of a JSON value for error messages.
fn found(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("the boolean {b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) if s.chars().count() > 40 => "a string".into(),
        Value::String(s) => format!("the string {s:?}"),
        Value::Array(_) => "an array".into(),
        Value::Object(_) => "an object".into(),
    }
}

/// Checks `value` against `ty` and returns it as the generated type holds and writes it: struct
/// keys in schema order, `number`s as `f64`, a `null` of an optional non-nullable field dropped
/// (serde reads it as absent).
pub fn check(
    model: &Model,
    ty: &FieldType,
    value: &Value,
    pointer: &str,
) -> Result<Value, SampleError> {
    let fail = |message: String| {
        Err(SampleError {
            pointer: pointer.to_owned(),
            message,
        })
    };
    match ty {
        FieldType::Any => Ok(value.clone()),
        FieldType::Nullable(inner) => match value {
            Value::Null => Ok(Value::Null),
            other => check(model, inner, other, pointer),
        },
        FieldType::String => match value {
            Value::String(_) => Ok(value.clone()),
            other => fail(format!("expected a string, found {}", found(other))),
        },
        FieldType::Boolean => match value {
            Value::Bool(_) => Ok(value.clone()),
            other => fail(format!("expected a boolean, found {}", found(other))),
        },
        FieldType::Number => match value.as_f64() {
            Some(n) => Ok(Number::from_f64(n).map_or(Value::Null, Value::Number)),
            None => fail(format!("expected a number, found {}", found(value))),
        },
        FieldType::Integer(kind) => check_integer(*kind, value).map_or_else(
            || {
                fail(format!(
                    "expected an integer ({}), found {}",
                    kind.rust(),
                    found(value)
                ))
            },
            Ok,
        ),
        FieldType::Array(element) => match value {
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(i, item)| check(model, element, item, &format!("{pointer}/{i}")))
                .collect::<Result<Vec<_>, _>>()
                .map(Value::Array),
            other => fail(format!("expected an array, found {}", found(other))),
        },
        FieldType::Named(id) => {
            let def = &model.types[*id];
            match &def.kind {
                TypeKind::Enum { values } => match value {
                    Value::String(s) if values.contains(s) => Ok(value.clone()),
                    other => fail(format!(
                        "expected one of {} ({}), found {}",
                        values
                            .iter()
                            .map(|v| format!("{v:?}"))
                            .collect::<Vec<_>>()
                            .join(", "),
                        def.title,
                        found(other)
                    )),
                },
                TypeKind::Literals { values, .. } => match values
                    .iter()
                    .map(LiteralValue::to_json)
                    .find(|v| crate::model::same_literal(v, value))
                {
                    // The schema's own spelling: `1.0` is read as `1` and written so.
                    Some(known) => Ok(known),
                    None => fail(format!(
                        "expected one of {} ({}), found {}",
                        values
                            .iter()
                            .map(|v| v.to_json().to_string())
                            .collect::<Vec<_>>()
                            .join(", "),
                        def.title,
                        found(value)
                    )),
                },
                TypeKind::Tuple { elements, .. } => match value {
                    Value::Array(items) if items.len() == elements.len() => items
                        .iter()
                        .zip(elements)
                        .enumerate()
                        .map(|(i, (item, element))| {
                            check(model, element, item, &format!("{pointer}/{i}"))
                        })
                        .collect::<Result<Vec<_>, _>>()
                        .map(Value::Array),
                    other => fail(format!(
                        "expected an array of {} elements ({}), found {}",
                        elements.len(),
                        def.title,
                        found(other)
                    )),
                },
                TypeKind::Union { variants, .. } => {
                    // The first branch that reads the value, as zod's union and serde's untagged
                    // enum try them.
                    for variant in variants {
                        if let Ok(read) = check(model, &variant.ty, value, pointer) {
                            return Ok(read);
                        }
                    }
                    fail(format!(
                        "matches no branch of {} ({})",
                        def.title,
                        variants
                            .iter()
                            .map(|v| v.title.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ))
                }
                TypeKind::Struct { fields } => match value {
                    Value::Object(object) => {
                        check_struct(model, fields, def.extra.as_ref(), object, pointer)
                    }
                    other => fail(format!(
                        "expected an object ({}), found {}",
                        def.title,
                        found(other)
                    )),
                },
            }
        }
    }
}

fn check_integer(kind: IntKind, value: &Value) -> Option<Value> {
    let Value::Number(n) = value else {
        return None;
    };
    let wide = n
        .as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from))?;
    let (min, max) = kind.range();
    (min..=max).contains(&wide).then(|| value.clone())
}

fn check_struct(
    model: &Model,
    fields: &[FieldDef],
    extra: Option<&FieldType>,
    object: &Map<String, Value>,
    pointer: &str,
) -> Result<Value, SampleError> {
    let mut out = Map::new();
    for field in fields {
        let here = format!("{pointer}/{}", crate::source::pointer_token(&field.key));
        match object.get(&field.key) {
            None if field.required => {
                return Err(SampleError {
                    pointer: pointer.to_owned(),
                    message: format!("missing the required field `{}`", field.key),
                });
            }
            None => {}
            // serde reads `null` as `None` for an optional field that is not nullable: absent.
            Some(Value::Null) if !field.required && !matches!(field.ty, FieldType::Nullable(_)) => {
            }
            Some(value) => {
                out.insert(field.key.clone(), check(model, &field.ty, value, &here)?);
            }
        }
    }
    if let Some(extra) = extra {
        for (key, value) in object {
            if !fields.iter().any(|f| &f.key == key) {
                let here = format!("{pointer}/{}", crate::source::pointer_token(key));
                out.insert(key.clone(), check(model, extra, value, &here)?);
            }
        }
    }
    Ok(Value::Object(out))
}

/// The branch of a union a checked value is read as: the first that fits, as the generated
/// `Deserialize` tries them (a tagged union picks the same one).
pub fn branch<'m>(
    model: &Model,
    variants: &'m [VariantDef],
    value: &Value,
) -> Option<&'m VariantDef> {
    variants
        .iter()
        .find(|variant| check(model, &variant.ty, value, "").is_ok())
}

/// The wire form of a checked value (§10): redacted fields of every struct inside it replaced by
/// their censor, a `null` left `null`, long text cut to its `x-fusion-max-chars`.
pub fn wire(model: &Model, ty: &FieldType, value: &Value) -> Value {
    match (ty, value) {
        (_, Value::Null) | (FieldType::Any, _) => value.clone(),
        (FieldType::Nullable(inner), _) => wire(model, inner, value),
        (FieldType::Array(element), Value::Array(items)) => Value::Array(
            items
                .iter()
                .map(|item| wire(model, element, item))
                .collect(),
        ),
        (FieldType::Named(id), _) => match &model.types[*id].kind {
            TypeKind::Struct { fields } => match value {
                Value::Object(object) => Value::Object(wire_fields(
                    model,
                    fields,
                    model.types[*id].extra.as_ref(),
                    object,
                    None,
                )),
                other => other.clone(),
            },
            TypeKind::Union { variants, .. } => branch(model, variants, value)
                .map_or_else(|| value.clone(), |v| wire(model, &v.ty, value)),
            TypeKind::Literals { values, .. } => values
                .iter()
                .map(LiteralValue::to_json)
                .find(|v| crate::model::same_literal(v, value))
                .unwrap_or_else(|| value.clone()),
            TypeKind::Tuple { elements, .. } => match value {
                Value::Array(items) => Value::Array(
                    items
                        .iter()
                        .zip(elements)
                        .map(|(item, element)| wire(model, element, item))
                        .collect(),
                ),
                other => other.clone(),
            },
            TypeKind::Enum { .. } => value.clone(),
        },
        _ => value.clone(),
    }
}

/// The wire fields of a checked struct value, only `selection`'s keys (in its order) when given.
pub fn wire_fields(
    model: &Model,
    fields: &[FieldDef],
    extra: Option<&FieldType>,
    object: &Map<String, Value>,
    selection: Option<&[String]>,
) -> Map<String, Value> {
    let one = |field: &FieldDef| {
        let value = object.get(&field.key)?;
        Some(match (&field.redact, field.max_chars, value) {
            (_, _, Value::Null) => Value::Null,
            (Some(censor), _, _) => Value::String(censor.clone()),
            // The runtime's own cut, so that the estimate is the bytes a server writes.
            (None, Some(max), Value::String(text)) => {
                Value::String(fusion_runtime::record::Clip::new(text, max).to_string())
            }
            (None, _, value) => wire(model, &field.ty, value),
        })
    };
    let mut out = Map::new();
    match selection {
        Some(keys) => {
            for key in keys {
                if let Some(field) = fields.iter().find(|f| &f.key == key)
                    && let Some(value) = one(field)
                {
                    out.insert(key.clone(), value);
                }
            }
        }
        None => {
            for field in fields {
                if let Some(value) = one(field) {
                    out.insert(field.key.clone(), value);
                }
            }
            // Undeclared keys that the struct keeps come after the declared ones (§3).
            if let Some(extra) = extra {
                for (key, value) in object {
                    if !fields.iter().any(|f| &f.key == key) {
                        out.insert(key.clone(), wire(model, extra, value));
                    }
                }
            }
        }
    }
    out
}
