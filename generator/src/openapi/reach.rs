//! Which action reaches a schema of a vendor's description (issue 37).
//!
//! A description of 13 MB is read for the few thousand schemas its bound operations reach. An
//! error deep in one of them ("`maxProperties` in a request body", "unsupported keyword `if`")
//! located at a line of the description alone leaves the user searching for what made the
//! generator read it, and an error in a presenter written for a response is located in a file
//! that exists only in memory (`api-responses/list_installations.json`). This module moves the
//! latter to the schema of the description it was written from, and names, for every error in
//! a description, the first action (in tool file and action order) whose operation reaches it.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde_json::Value;

use super::operations::{HttpBinding, ResponseOrigin};
use crate::diagnostics::Diagnostic;
use crate::load::Document;

/// One bound action: its tool file, action name and operation (`file#pointer`).
struct Bound<'a> {
    tool_file: &'a str,
    action: &'a str,
    document: &'a str,
    operation: &'a str,
}

/// Moves diagnostics located in presenters written for responses to the description they were
/// written from, and names in each diagnostic located in a description the action that
/// reaches it. `documents` are the definitions as loaded (tool files and descriptions, these
/// cut to their schemas), `operations` what [`super::take_operations`] moved out of each
/// description.
pub fn attribute<'d>(
    diagnostics: &mut [Diagnostic],
    bindings: &HashMap<(String, String), HttpBinding>,
    origins: &BTreeMap<String, ResponseOrigin>,
    operations: &HashMap<String, Value>,
    documents: impl Iterator<Item = &'d Document> + Clone,
) {
    let find = |path: &str| documents.clone().find(|d| d.path == path);
    for diagnostic in diagnostics.iter_mut() {
        let Some(origin) = origins.get(&diagnostic.file) else {
            continue;
        };
        let rest = if origin.component {
            diagnostic.pointer.strip_prefix("/allOf/0").unwrap_or("")
        } else {
            diagnostic.pointer.as_str()
        };
        diagnostic.pointer = format!("{}{rest}", origin.pointer);
        diagnostic.file.clone_from(&origin.document);
        diagnostic.location = find(&origin.document).map(|d| d.locate(&diagnostic.pointer));
    }
    let mut bound: Vec<Bound<'_>> = bindings
        .iter()
        .filter_map(|((tool_file, action), binding)| {
            let (document, operation) = binding.origin.split_once('#')?;
            Some(Bound {
                tool_file,
                action,
                document,
                operation,
            })
        })
        .collect();
    bound.sort_by(|a, b| (a.tool_file, a.action).cmp(&(b.tool_file, b.action)));
    // What each operation reaches, computed once and only when an error asks.
    let mut reached: Vec<Option<BTreeSet<String>>> = (0..bound.len()).map(|_| None).collect();
    for diagnostic in diagnostics.iter_mut() {
        if diagnostic.message.contains("(reached by the action `") {
            continue;
        }
        let Some(document) = find(&diagnostic.file) else {
            continue;
        };
        let target = component_of(&diagnostic.pointer);
        let reacher = bound.iter().enumerate().find(|(i, b)| {
            if b.document != diagnostic.file {
                return false;
            }
            if inside(b.operation, &diagnostic.pointer) {
                return true;
            }
            let Some(target) = &target else {
                return false;
            };
            let graph = Graph {
                schemas: &document.value,
                operations: operations.get(b.document),
            };
            reached[*i]
                .get_or_insert_with(|| reach(&graph, b.operation))
                .contains(target)
        });
        if let Some((_, b)) = reacher {
            let tool = find(b.tool_file)
                .and_then(|t| t.value.pointer("/x-fusion-tool/name"))
                .and_then(Value::as_str)
                .unwrap_or(b.tool_file);
            diagnostic.message = format!(
                "{} (reached by the action `{}` of the tool `{tool}`, {})",
                diagnostic.message, b.action, b.tool_file
            );
        }
    }
}

/// Whether `inner` is `outer` or under it.
fn inside(outer: &str, inner: &str) -> bool {
    inner == outer
        || inner
            .strip_prefix(outer)
            .is_some_and(|r| r.starts_with('/'))
}

/// `/components/<kind>/<name>` of a pointer under it.
fn component_of(pointer: &str) -> Option<String> {
    let mut segments = pointer.strip_prefix("/components/")?.splitn(3, '/');
    let kind = segments.next()?;
    let name = segments.next()?;
    Some(format!("/components/{kind}/{name}"))
}

/// A description: its schemas as normalised, and its operations' side as it was written.
struct Graph<'v> {
    schemas: &'v Value,
    operations: Option<&'v Value>,
}

impl Graph<'_> {
    fn pointer(&self, pointer: &str) -> Option<&Value> {
        self.operations
            .and_then(|o| o.pointer(pointer))
            .or_else(|| self.schemas.pointer(pointer))
    }
}

/// The components the operation at `operation` reaches through `$ref`s (its path item's shared
/// parameters included), transitively.
fn reach(root: &Graph<'_>, operation: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut pending: Vec<&Value> = root.pointer(operation).into_iter().collect();
    if let Some((path_item, _)) = operation.rsplit_once('/')
        && let Some(shared) = root.pointer(&format!("{path_item}/parameters"))
    {
        pending.push(shared);
    }
    while let Some(value) = pending.pop() {
        match value {
            Value::Object(map) => {
                if let Some(Value::String(reference)) = map.get("$ref")
                    && let Some(component) = reference.strip_prefix('#').and_then(component_of)
                    && seen.insert(component.clone())
                    && let Some(target) = root.pointer(&component)
                {
                    pending.push(target);
                }
                pending.extend(map.values());
            }
            Value::Array(items) => pending.extend(items),
            _ => {}
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_are_reached_through_refs_transitively() {
        let root = serde_json::json!({
            "paths": {"/a": {
                "parameters": [{"$ref": "#/components/parameters/p"}],
                "get": {"responses": {"200": {"$ref": "#/components/responses/r"}}}
            }},
            "components": {
                "parameters": {"p": {"name": "p"}},
                "responses": {"r": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/a~1b"}}}}},
                "schemas": {
                    "a/b": {"properties": {"c": {"$ref": "#/components/schemas/c"}}},
                    "c": {"items": {"$ref": "#/components/schemas/a~1b"}},
                    "unreached": {}
                }
            }
        });
        let graph = Graph {
            schemas: &root,
            operations: None,
        };
        let reached: Vec<String> = reach(&graph, "/paths/~1a/get").into_iter().collect();
        assert_eq!(
            reached,
            [
                "/components/parameters/p",
                "/components/responses/r",
                "/components/schemas/a~1b",
                "/components/schemas/c",
            ]
        );
        assert_eq!(
            component_of("/components/schemas/c/properties/x").as_deref(),
            Some("/components/schemas/c")
        );
        assert_eq!(component_of("/paths/~1a"), None);
        assert!(inside("/paths/~1a/get", "/paths/~1a/get/parameters/0"));
        assert!(!inside("/paths/~1a/get", "/paths/~1a/getter"));
    }
}
