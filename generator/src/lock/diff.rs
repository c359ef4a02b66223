//! The changes between a committed lockfile and the current surface, each classified and named
//! by tool and action, in a stable order (tools and actions by name, then as found).

use std::fmt;

use serde_json::{Map, Value};

use super::Lockfile;
use super::schema::{self, show};

/// How a change affects the agents and clients that use the committed surface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// A call or a read that worked may now fail or mean something else: a tool, action,
    /// parameter or field removed, a parameter required or narrowed, an annotation more
    /// dangerous.
    Breaking,
    /// Only more is accepted or offered: tools, actions, optional parameters, fields added.
    Compatible,
    /// What the agent is told changed (descriptions, rules, suggestions, UI, limits); calls
    /// work as before.
    Behavioural,
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Class::Breaking => "breaking",
            Class::Compatible => "compatible",
            Class::Behavioural => "behavioural",
        })
    }
}

/// One change of the surface.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// Its class.
    pub class: Class,
    /// The served tool's name.
    pub tool: String,
    /// The action, when the change is inside one.
    pub action: Option<String>,
    /// What changed, old → new.
    pub message: String,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Names and texts come from definitions and the committed file: shown so that a
        // terminal is neither recoloured nor made to reorder the line.
        let shown = crate::diagnostics::one_line_for_terminal;
        let class = format!("{}:", self.class);
        write!(f, "{class:<12} tool `{}`", shown(&self.tool))?;
        if let Some(action) = &self.action {
            write!(f, ", action `{}`", shown(action))?;
        }
        write!(f, ": {}", shown(&self.message))
    }
}

/// Every change found, and whether the committed text differs from the canonical one though
/// the surface does not.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// The changes, tools in name order.
    pub changes: Vec<Change>,
    /// The committed file describes the same surface in other bytes (edited by hand).
    pub not_canonical: bool,
}

impl Report {
    /// The committed lockfile is exactly the current surface.
    pub fn matches(&self) -> bool {
        self.changes.is_empty() && !self.not_canonical
    }

    /// Some change is breaking.
    pub fn breaking(&self) -> bool {
        self.changes.iter().any(|c| c.class == Class::Breaking)
    }

    /// How many changes of `class`.
    pub fn count(&self, class: Class) -> usize {
        self.changes.iter().filter(|c| c.class == class).count()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for change in &self.changes {
            writeln!(f, "{change}")?;
        }
        if self.not_canonical {
            writeln!(
                f,
                "the lockfile describes the current surface but is not as `fusion-gen lock` writes it (edited by hand?)"
            )?;
        }
        Ok(())
    }
}

/// The changes from `old` (committed) to `new` (current).
pub fn diff(old: &Lockfile, new: &Lockfile) -> Report {
    let mut changes = Vec::new();
    let mut names: Vec<&String> = old.tools.keys().chain(new.tools.keys()).collect();
    names.sort();
    names.dedup();
    for name in names {
        let mut found = Found {
            tool: name,
            action: None,
            changes: &mut changes,
        };
        match (old.tools.get(name), new.tools.get(name)) {
            (Some(_), None) => found.push(Class::Breaking, "tool removed".into()),
            (None, Some(_)) => found.push(Class::Compatible, "tool added".into()),
            (Some(was), Some(now)) => tool(&mut found, was, now),
            (None, None) => {}
        }
    }
    Report {
        changes,
        not_canonical: false,
    }
}

/// Collects changes for one tool (and action).
pub(super) struct Found<'a> {
    tool: &'a str,
    action: Option<String>,
    changes: &'a mut Vec<Change>,
}

impl Found<'_> {
    pub(super) fn push(&mut self, class: Class, message: String) {
        self.changes.push(Change {
            class,
            tool: self.tool.to_owned(),
            action: self.action.clone(),
            message,
        });
    }
}

fn tool(found: &mut Found<'_>, was: &Value, now: &Value) {
    let before = found.changes.len();
    if was["description"] != now["description"] {
        found.push(
            Class::Behavioural,
            format!(
                "description {} → {}",
                show(&was["description"]),
                show(&now["description"])
            ),
        );
    }
    annotations(found, &was["annotations"], &now["annotations"]);
    let empty = Map::new();
    let actions = |v: &'_ Value| v["actions"].as_object().cloned().unwrap_or(empty.clone());
    let (old_actions, new_actions) = (actions(was), actions(now));
    for (name, old_action) in &old_actions {
        found.action = Some(name.clone());
        match new_actions.get(name) {
            None => found.push(Class::Breaking, "action removed".into()),
            Some(new_action) => action(found, old_action, new_action),
        }
    }
    for name in new_actions.keys().filter(|k| !old_actions.contains_key(*k)) {
        found.action = Some(name.clone());
        found.push(Class::Compatible, "action added".into());
    }
    found.action = None;
    // Whatever the comparisons above do not explain (an output schema's wording, say) still
    // shows: a surface that changed never checks clean.
    if found.changes.len() == before && was != now {
        found.push(
            Class::Behavioural,
            "published schema changed (output schema or documentation)".into(),
        );
    }
}

/// The MCP annotations: a change that lets the tool do more harm is breaking (clients that
/// auto-approve read-only or idempotent tools would now run it unasked), the reverse compatible.
fn annotations(found: &mut Found<'_>, was: &Value, now: &Value) {
    // (key, the value that is the dangerous one)
    for (key, dangerous) in [
        ("read-only", false),
        ("destructive", true),
        ("idempotent", false),
        ("open-world", true),
    ] {
        let (a, b) = (&was[key], &now[key]);
        if a == b {
            continue;
        }
        let class = if b.as_bool() == Some(dangerous) {
            Class::Breaking
        } else {
            Class::Compatible
        };
        found.push(
            class,
            format!("annotation `{key}` {} → {}", show(a), show(b)),
        );
    }
}

fn action(found: &mut Found<'_>, was: &Value, now: &Value) {
    if was["description"] != now["description"] {
        found.push(
            Class::Behavioural,
            format!(
                "description {} → {}",
                show(&was["description"]),
                show(&now["description"])
            ),
        );
    }
    annotations(found, was, now);
    if was["http"] != now["http"] {
        let http = |v: &Value| match (v["method"].as_str(), v["path"].as_str()) {
            (Some(m), Some(p)) => format!("{m} {p}"),
            _ => "none".into(),
        };
        found.push(
            Class::Breaking,
            format!(
                "HTTP operation {} → {}",
                http(&was["http"]),
                http(&now["http"])
            ),
        );
    }
    let mut params = Vec::new();
    schema::object("", &was["input"], &now["input"], &mut params);
    let defs = |v: &'_ Value| v["input"]["$defs"].as_object().cloned().unwrap_or_default();
    let (old_defs, new_defs) = (defs(was), defs(now));
    for (key, schema) in &old_defs {
        if let Some(new) = new_defs.get(key) {
            schema::compare(&format!("$defs/{key}"), schema, new, &mut params);
        }
    }
    for (class, message) in params {
        found.push(class, message);
    }
    super::contract::presenter(found, &was["presenter"], &now["presenter"]);
}
