//! Parameter schemas compared keyword by keyword: what an agent that called the old tool may
//! now send and be refused (breaking: a parameter removed or made required, a type changed, enum
//! values removed, a bound tightened) against what only accepts more (compatible), and text an
//! agent reads but no validator checks (behavioural).

use serde_json::{Map, Value};

use super::diff::Class;

/// Lower bounds: a larger value, or one that was not there, refuses calls that passed.
const LOWER: &[&str] = &["minimum", "exclusiveMinimum", "minLength", "minItems"];
/// Upper bounds: a smaller value, or one that was not there, refuses calls that passed.
const UPPER: &[&str] = &["maximum", "exclusiveMaximum", "maxLength", "maxItems"];
/// Assertions whose any change, or addition, may refuse a call that passed.
const OPAQUE: &[&str] = &["pattern", "format", "const", "$ref"];
/// Keywords the comparison explains; a difference anywhere else is reported as a schema change.
const EXPLAINED: &[&str] = &[
    "type",
    "enum",
    "description",
    "default",
    "properties",
    "required",
    "items",
    "uniqueItems",
    "additionalProperties",
];

/// The changes between two object schemas' properties, each named `{prefix}{key}`.
pub fn object(prefix: &str, old: &Value, new: &Value, out: &mut Vec<(Class, String)>) {
    let empty = Map::new();
    let props = |v: &'_ Value| v.get("properties").and_then(Value::as_object).cloned();
    let (old_props, new_props) = (
        props(old).unwrap_or_else(|| empty.clone()),
        props(new).unwrap_or_else(|| empty.clone()),
    );
    let required = |v: &Value, key: &str| {
        v.get("required")
            .and_then(Value::as_array)
            .is_some_and(|r| r.iter().any(|k| k == key))
    };
    for (key, schema) in &old_props {
        let name = format!("{prefix}{key}");
        match new_props.get(key) {
            None => out.push((Class::Breaking, format!("parameter `{name}` removed"))),
            Some(now) => {
                match (required(old, key), required(new, key)) {
                    (false, true) => {
                        out.push((Class::Breaking, format!("parameter `{name}` made required")));
                    }
                    (true, false) => out.push((
                        Class::Compatible,
                        format!("parameter `{name}` no longer required"),
                    )),
                    _ => {}
                }
                compare(&name, schema, now, out);
            }
        }
    }
    for key in new_props.keys().filter(|k| !old_props.contains_key(*k)) {
        let name = format!("{prefix}{key}");
        if required(new, key) {
            out.push((
                Class::Breaking,
                format!("required parameter `{name}` added"),
            ));
        } else {
            out.push((
                Class::Compatible,
                format!("optional parameter `{name}` added"),
            ));
        }
    }
}

/// The changes between two schemas of the parameter (or nested value) `name`.
pub fn compare(name: &str, old: &Value, new: &Value, out: &mut Vec<(Class, String)>) {
    if old == new {
        return;
    }
    let get = |v: &'_ Value, k: &str| v.get(k).cloned().unwrap_or(Value::Null);
    let (old_types, new_types) = (types(old), types(new));
    if old_types != new_types {
        // No `type` accepts any value: dropping it widens, adding it narrows.
        let widened = new_types.is_empty()
            || (!old_types.is_empty() && old_types.iter().all(|t| new_types.contains(t)));
        let class = if widened {
            Class::Compatible
        } else {
            Class::Breaking
        };
        out.push((
            class,
            format!(
                "parameter `{name}`: type {} → {}",
                or_any(&old_types),
                or_any(&new_types)
            ),
        ));
    }
    enums(name, old, new, out);
    for keyword in LOWER.iter().chain(UPPER) {
        let (was, now) = (get(old, keyword), get(new, keyword));
        if was == now {
            continue;
        }
        let (a, b) = (was.as_f64(), now.as_f64());
        let tighter = match (a, b) {
            (_, None) => false,
            (None, Some(_)) => true,
            (Some(a), Some(b)) if LOWER.contains(keyword) => b > a,
            (Some(a), Some(b)) => b < a,
        };
        let (class, verb) = if tighter {
            (Class::Breaking, "tightened")
        } else {
            (Class::Compatible, "loosened")
        };
        out.push((
            class,
            format!(
                "parameter `{name}`: `{keyword}` {verb}: {} → {}",
                show(&was),
                show(&now)
            ),
        ));
    }
    for keyword in OPAQUE {
        let (was, now) = (get(old, keyword), get(new, keyword));
        if was != now {
            let class = if now.is_null() {
                Class::Compatible
            } else {
                Class::Breaking
            };
            out.push((
                class,
                format!(
                    "parameter `{name}`: `{keyword}` {} → {}",
                    show(&was),
                    show(&now)
                ),
            ));
        }
    }
    if get(old, "uniqueItems") != get(new, "uniqueItems") {
        let class = if get(new, "uniqueItems") == Value::Bool(true) {
            Class::Breaking
        } else {
            Class::Compatible
        };
        out.push((class, format!("parameter `{name}`: `uniqueItems` changed")));
    }
    for keyword in ["description", "default"] {
        let (was, now) = (get(old, keyword), get(new, keyword));
        if was != now {
            out.push((
                Class::Behavioural,
                format!(
                    "parameter `{name}`: {keyword} {} → {}",
                    show(&was),
                    show(&now)
                ),
            ));
        }
    }
    if old.get("properties").is_some() || new.get("properties").is_some() {
        object(&format!("{name}."), old, new, out);
    }
    if get(old, "items") != get(new, "items") {
        compare(
            &format!("{name}[]"),
            &get(old, "items"),
            &get(new, "items"),
            out,
        );
    }
    if get(old, "additionalProperties") != get(new, "additionalProperties") {
        out.push((
            Class::Breaking,
            format!("parameter `{name}`: `additionalProperties` changed"),
        ));
    }
    // Anything else (`anyOf`, `oneOf`, …) is not judged: reported as breaking, so that what the
    // comparison does not understand is never let through as harmless.
    let rest = |v: &Value| -> Map<String, Value> {
        v.as_object()
            .map(|o| {
                o.iter()
                    .filter(|(k, _)| {
                        !EXPLAINED.contains(&k.as_str())
                            && !LOWER.contains(&k.as_str())
                            && !UPPER.contains(&k.as_str())
                            && !OPAQUE.contains(&k.as_str())
                    })
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect()
            })
            .unwrap_or_default()
    };
    if rest(old) != rest(new) {
        out.push((
            Class::Breaking,
            format!("parameter `{name}`: schema changed"),
        ));
    }
}

/// Enum values removed (breaking) or added (compatible).
fn enums(name: &str, old: &Value, new: &Value, out: &mut Vec<(Class, String)>) {
    let values = |v: &Value| v.get("enum").and_then(Value::as_array).cloned();
    let (Some(was), Some(now)) = (values(old), values(new)) else {
        if values(old).is_some() != values(new).is_some() {
            let class = if values(new).is_some() {
                Class::Breaking
            } else {
                Class::Compatible
            };
            out.push((
                class,
                format!(
                    "parameter `{name}`: `enum` {}",
                    if values(new).is_some() {
                        "added"
                    } else {
                        "removed"
                    }
                ),
            ));
        }
        return;
    };
    let list = |vs: Vec<&Value>| vs.iter().map(|v| show(v)).collect::<Vec<_>>().join(", ");
    let removed: Vec<&Value> = was.iter().filter(|v| !now.contains(v)).collect();
    let added: Vec<&Value> = now.iter().filter(|v| !was.contains(v)).collect();
    if !removed.is_empty() {
        out.push((
            Class::Breaking,
            format!("parameter `{name}`: enum values removed: {}", list(removed)),
        ));
    }
    if !added.is_empty() {
        out.push((
            Class::Compatible,
            format!("parameter `{name}`: enum values added: {}", list(added)),
        ));
    }
}

/// The schema's `type` as a sorted list (a string or an array of them; none when absent).
fn types(schema: &Value) -> Vec<String> {
    let mut types: Vec<String> = match schema.get("type") {
        Some(Value::String(t)) => vec![t.clone()],
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(|t| t.as_str().map(str::to_owned))
            .collect(),
        _ => Vec::new(),
    };
    types.sort();
    types
}

/// Types joined by `|`, `any` when none.
fn or_any(types: &[String]) -> String {
    if types.is_empty() {
        "any".into()
    } else {
        types.join("|")
    }
}

/// A value as JSON text, `none` when absent.
pub fn show(value: &Value) -> String {
    if value.is_null() {
        "none".into()
    } else {
        value.to_string()
    }
}
