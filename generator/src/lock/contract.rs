//! A presenter's contract compared: the fields the agent reads (breaking when one goes or its
//! value is hidden), `_select` keys, and the behaviour the agent is told (behavioural).

use serde_json::{Map, Value};

use super::diff::{Class, Found};
use super::schema::show;

/// The changes between an action's old and new presenter contract.
pub(super) fn presenter(found: &mut Found<'_>, was: &Value, now: &Value) {
    if was == now {
        return;
    }
    match (was.is_null(), now.is_null()) {
        (false, true) => {
            return found.push(Class::Breaking, "no longer returns a presenter".into());
        }
        (true, false) => {
            return found.push(
                Class::Compatible,
                format!("now returns presenter {}", show(&now["name"])),
            );
        }
        _ => {}
    }
    if was["collection"] != now["collection"] {
        found.push(
            Class::Breaking,
            format!(
                "returns {} instead of {}",
                shape(&now["collection"]),
                shape(&was["collection"])
            ),
        );
    }
    fields(found, &was["fields"], &now["fields"]);
    select(found, &was["select"], &now["select"]);
    for (key, what) in [
        ("directives", "directive"),
        ("rules", "rule"),
        ("collection-rules", "collection rule"),
        ("suggestions", "suggestion"),
        ("collection-suggestions", "collection suggestion"),
    ] {
        list(found, what, &was[key], &now[key]);
    }
    for (key, what) in [
        ("ui", "UI blocks"),
        ("collection-ui", "collection UI blocks"),
        ("agent-limit", "agent limit"),
        ("name", "presenter"),
    ] {
        if was[key] != now[key] {
            found.push(
                Class::Behavioural,
                format!("{what} {} → {}", show(&was[key]), show(&now[key])),
            );
        }
    }
}

fn shape(collection: &Value) -> &'static str {
    if collection.as_bool() == Some(true) {
        "a collection"
    } else {
        "one item"
    }
}

/// Fields removed, retyped, newly redacted or cut shorter are breaking: an agent (or a prompt)
/// that read the value no longer gets it (all of it).
fn fields(found: &mut Found<'_>, was: &Value, now: &Value) {
    let empty = Map::new();
    let (old, new) = (
        was.as_object().unwrap_or(&empty),
        now.as_object().unwrap_or(&empty),
    );
    for (key, field) in old {
        let Some(now) = new.get(key) else {
            found.push(
                Class::Breaking,
                format!("field `{key}` removed from what the agent reads"),
            );
            continue;
        };
        if field["type"] != now["type"] {
            found.push(
                Class::Breaking,
                format!(
                    "field `{key}`: type {} → {}",
                    show(&field["type"]),
                    show(&now["type"])
                ),
            );
        }
        match (field["redacted"].is_null(), now["redacted"].is_null()) {
            (true, false) => found.push(
                Class::Breaking,
                format!("field `{key}` now redacted: the agent no longer reads its value"),
            ),
            (false, true) => found.push(
                Class::Behavioural,
                format!("field `{key}` no longer redacted: the agent now reads its value"),
            ),
            _ => {}
        }
        let (was_cut, now_cut) = (field["max_chars"].as_u64(), now["max_chars"].as_u64());
        match (was_cut, now_cut) {
            (was, Some(limit)) if was.is_none_or(|was| limit < was) => found.push(
                Class::Breaking,
                format!("field `{key}` now cut at {limit} characters: the agent reads less of it"),
            ),
            (Some(_), _) if was_cut != now_cut => found.push(
                Class::Behavioural,
                format!("field `{key}` cut later or not at all: the agent reads more of it"),
            ),
            _ => {}
        }
        if field["required"] == Value::Bool(true) && now["required"] == Value::Bool(false) {
            found.push(Class::Breaking, format!("field `{key}` may now be absent"));
        }
    }
    for key in new.keys().filter(|k| !old.contains_key(*k)) {
        found.push(Class::Compatible, format!("field `{key}` added"));
    }
}

/// `_select` keys: one removed refuses a selection that worked.
fn select(found: &mut Found<'_>, was: &Value, now: &Value) {
    let keys = |v: &Value| -> Vec<String> {
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|k| k.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    let (old, new) = (keys(was), keys(now));
    for key in old.iter().filter(|k| !new.contains(k)) {
        found.push(Class::Breaking, format!("`_select` key `{key}` removed"));
    }
    for key in new.iter().filter(|k| !old.contains(k)) {
        found.push(Class::Compatible, format!("`_select` key `{key}` added"));
    }
}

/// Rules, directives and suggestions, compared by position: text the agent reads.
fn list(found: &mut Found<'_>, what: &str, was: &Value, now: &Value) {
    let empty = Vec::new();
    let (old, new) = (
        was.as_array().unwrap_or(&empty),
        now.as_array().unwrap_or(&empty),
    );
    for index in 0..old.len().max(new.len()) {
        let message = match (old.get(index), new.get(index)) {
            (Some(a), Some(b)) if a != b => {
                format!("{what} {} changed: {} → {}", index + 1, said(a), said(b))
            }
            (Some(a), None) => format!("{what} {} removed: {}", index + 1, said(a)),
            (None, Some(b)) => format!("{what} {} added: {}", index + 1, said(b)),
            _ => continue,
        };
        found.push(Class::Behavioural, message);
    }
}

/// What a rule or suggestion says: its text (and action, condition), compactly.
fn said(item: &Value) -> String {
    match item {
        Value::Object(o) => {
            let mut parts = Vec::new();
            if let Some(action) = o.get("action").and_then(Value::as_str) {
                parts.push(format!("{action}:"));
            }
            for key in ["text", "reason"] {
                if let Some(text) = o.get(key).filter(|v| !v.is_null()) {
                    parts.push(text.to_string());
                }
            }
            if let Some(when) = o.get("when").filter(|v| !v.is_null()) {
                parts.push(format!("when {}", when.as_str().unwrap_or_default()));
            }
            parts.join(" ")
        }
        other => other.to_string(),
    }
}
