//! A tool's texts computed at build time: the merged input schema (with `_select`, wire format
//! §9), the output schema of each action (§13) and the TOON description (§11).
//!
//! Schemas are written from the model, not copied from the definitions, so that `$ref`s across
//! files are resolved and the published schema is self-contained: types used once are written in
//! place, shared and recursive ones once under `$defs` ([`SchemaWriter`]).

use serde_json::{Map, Value, json};

use super::schema_defs::SchemaWriter;
use crate::model::{ActionModel, FieldDef, Model, ToolModel, TypeId};

/// The description of `_select`, exactly as upstream writes it.
pub const SELECT_DESCRIPTION: &str = "⚡ Context optimization: select only the response fields you need. Omit to receive all fields.";

/// One declaration of a property by an action: the field, whether it requires it, the action.
type Declaration<'a> = (&'a FieldDef, bool, &'a str);

/// The tool's input schema: `action` first, then the union of the actions' properties (each
/// described with the actions that require or accept it), then `_select`; `required: [action]`.
/// `keys` are the `$defs` keys of the model's types ([`super::schema_defs::def_keys`]).
///
/// A property's description is its own (trailing period removed), then `. `, then `Required
/// for: a, b` and/or `For: c` (actions where it is optional), joined by `. `. When the actions
/// that describe it describe it differently, each description is kept, followed by the actions
/// it belongs to: `Patient id (get). Appointment id (cancel)`.
///
/// Actions may give one name different schemas (an API's `body`, `sort` or `page` differ from
/// one operation to the next); each action still reads and validates its own. The property then
/// advertises the sound widening, a value any of them accepts: `anyOf` the distinct schemas,
/// each described with the actions it is for (`For: list, search`).
pub fn input_schema(model: &Model, keys: &[String], tool: &ToolModel) -> Value {
    let names: Vec<&str> = tool.actions.iter().map(|a| a.name.as_str()).collect();
    let mut properties = Map::new();
    properties.insert(
        "action".into(),
        json!({"type": "string", "enum": names, "description": "Which operation to perform"}),
    );
    let mut merged: Vec<(&str, Vec<Declaration<'_>>)> = Vec::new();
    for action in &tool.actions {
        let Some(input) = action.input else { continue };
        for field in model.types[input].fields() {
            let declaration = (field, field.required, action.name.as_str());
            match merged.iter_mut().find(|(key, _)| *key == field.key) {
                Some((_, declarations)) => declarations.push(declaration),
                None => merged.push((&field.key, vec![declaration])),
            }
        }
    }
    let types = merged
        .iter()
        .flat_map(|(_, d)| d.iter().map(|(field, ..)| &field.ty));
    let mut writer = SchemaWriter::new(model, keys, types, &[]).with_bounds();
    for (key, declarations) in &merged {
        let mut variants: Vec<(Value, Vec<&str>)> = Vec::new();
        for (field, _, action) in declarations {
            let schema = writer.field(field);
            match variants.iter_mut().find(|(known, _)| *known == schema) {
                Some((_, actions)) => actions.push(action),
                None => variants.push((schema, vec![action])),
            }
        }
        let described_by: Vec<(Option<&str>, &str)> = declarations
            .iter()
            .map(|(field, _, action)| (field.description.as_deref(), *action))
            .collect();
        let mut parts = described(&described_by);
        let required_for: Vec<&str> = declarations.iter().filter(|d| d.1).map(|d| d.2).collect();
        let optional_for: Vec<&str> = declarations.iter().filter(|d| !d.1).map(|d| d.2).collect();
        if !required_for.is_empty() {
            parts.push(format!("Required for: {}", required_for.join(", ")));
        }
        if !optional_for.is_empty() {
            parts.push(format!("For: {}", optional_for.join(", ")));
        }
        let mut schema = match variants.len() {
            1 => variants.pop().map(|(schema, _)| schema).unwrap_or_default(),
            _ => {
                parts.push("Its schema depends on the action".to_owned());
                let branches: Vec<Value> = variants
                    .into_iter()
                    .map(|(mut schema, actions)| {
                        if let Some(object) = schema.as_object_mut() {
                            object.insert(
                                "description".into(),
                                Value::String(format!("For: {}", actions.join(", "))),
                            );
                        }
                        schema
                    })
                    .collect();
                json!({ "anyOf": branches })
            }
        };
        if let Some(object) = schema.as_object_mut() {
            object.insert("description".into(), Value::String(parts.join(". ")));
        }
        properties.insert((*key).to_owned(), schema);
    }
    if tool.select {
        properties.insert(
            "_select".into(),
            json!({
                "type": "array",
                "description": SELECT_DESCRIPTION,
                "items": {"type": "string", "enum": model.select_keys(tool)},
            }),
        );
    }
    let mut schema = json!({"type": "object", "properties": properties, "required": ["action"]});
    writer.finish(&mut schema);
    schema
}

/// The description parts of a property from each declaring action's `(description, action)`:
/// the one description when the actions that describe it agree (trailing periods aside; an
/// action without a description does not count), else each distinct description followed by
/// the actions it describes.
fn described(descriptions: &[(Option<&str>, &str)]) -> Vec<String> {
    let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
    for (description, action) in descriptions {
        let Some(description) = description.map(|d| d.trim_end_matches('.')) else {
            continue;
        };
        match groups.iter_mut().find(|(d, _)| *d == description) {
            Some((_, actions)) => actions.push(action),
            None => groups.push((description, vec![action])),
        }
    }
    match groups.as_slice() {
        [(description, _)] => vec![(*description).to_owned()],
        _ => groups
            .iter()
            .map(|(description, actions)| format!("{description} ({})", actions.join(", ")))
            .collect(),
    }
}

/// The schema of an action's `structuredContent`: one presenter item, or `{"items": [...]}` for
/// a collection (MCP wants an object at the root). With `_select` on, the agent may leave any
/// root field out, so the item's `required` goes (from the root only: a recursive item's copy
/// under `$defs` describes the nested values, which `_select` does not cut).
pub fn output_schema(
    model: &Model,
    keys: &[String],
    item: TypeId,
    collection: bool,
    select: bool,
) -> Value {
    let mut writer = SchemaWriter::new(model, keys, [], &[item]);
    let mut schema = match model.object_branches(item) {
        // A union of objects: each branch's own object schema, inline, so that `_select` can
        // drop the `required` of each without touching a shared definition.
        Some(branches) => {
            let branches: Vec<Value> = branches
                .iter()
                .map(|&branch| {
                    let mut body = writer.body(branch);
                    if let (true, Some(object)) = (select, body.as_object_mut()) {
                        object.remove("required");
                    }
                    body
                })
                .collect();
            json!({"type": "object", "anyOf": branches})
        }
        None => writer.body(item),
    };
    if let Some(object) = schema.as_object_mut() {
        if let Some(description) = &model.types[item].description {
            object.insert("description".into(), Value::String(description.clone()));
        }
        if select {
            object.remove("required");
        }
    }
    let mut document = if collection {
        json!({
            "type": "object",
            "properties": {"items": {"type": "array", "items": schema}},
            "required": ["items"],
        })
    } else {
        schema
    };
    writer.finish(&mut document);
    document
}

/// The tool's `outputSchema` from its actions' schemas: the one schema when they agree, else an
/// object that is any of them, their `$defs` moved to its root (a `$ref` resolves against the
/// document's root, not the branch it is in). `$defs` keys name model types, so two branches that
/// both define a key define the same type: the first definition is kept.
pub fn tool_output_schema(action_schemas: &[Value]) -> Option<Value> {
    let mut distinct: Vec<&Value> = Vec::new();
    for schema in action_schemas {
        if !distinct.contains(&schema) {
            distinct.push(schema);
        }
    }
    match distinct.as_slice() {
        [] => None,
        [one] => Some((*one).clone()),
        many => {
            let mut defs = Map::new();
            let branches: Vec<Value> = many
                .iter()
                .map(|&schema| {
                    let mut branch = schema.clone();
                    if let Some(Value::Object(own)) =
                        branch.as_object_mut().and_then(|o| o.remove("$defs"))
                    {
                        for (key, def) in own {
                            defs.entry(key).or_insert(def);
                        }
                    }
                    branch
                })
                .collect();
            let mut schema = json!({"type": "object", "anyOf": branches});
            if !defs.is_empty() {
                schema["$defs"] = Value::Object(defs);
            }
            Some(schema)
        }
    }
}

/// The §11 description: `{description or name}. Select operation via the `action` parameter.`,
/// and with two or more actions, a blank line and the TOON (pipe) rows `{action, desc, required}`
/// (`destructive: true` added on destructive actions only, which makes TOON use list form).
pub fn toon_description(model: &Model, tool: &ToolModel) -> String {
    let lead = lead(tool);
    let mut text = format!("{lead}. Select operation via the `action` parameter.");
    if tool.actions.len() < 2 {
        return text;
    }
    let rows: Vec<Value> = tool
        .actions
        .iter()
        .map(|action| toon_row(model, tool, action))
        .collect();
    text.push_str("\n\n");
    text.push_str(&fusion_runtime::toon::encode_value(
        &Value::Array(rows),
        &fusion_runtime::toon::ToonOptions::pipe(),
    ));
    text
}

/// One action's row of the §11 table: `action`, `desc`, `required` (comma-joined), and
/// `destructive: true` on destructive actions only.
fn toon_row(model: &Model, tool: &ToolModel, action: &ActionModel) -> Value {
    let required = required_keys(model, action);
    let mut row = Map::new();
    row.insert("action".into(), Value::String(action.name.clone()));
    let desc = action_description(tool, action).unwrap_or_default();
    row.insert("desc".into(), Value::String(desc.to_owned()));
    row.insert("required".into(), Value::String(required.join(",")));
    if action.destructive {
        row.insert("destructive".into(), Value::Bool(true));
    }
    Value::Object(row)
}

/// The description MCP clients see: the §11 TOON form when asked for, else the form upstream's
/// default generator writes (`core/schema/DescriptionGenerator.ts`, [`grouped_description`]).
pub fn description(model: &Model, tool: &ToolModel) -> String {
    if tool.toon_description {
        toon_description(model, tool)
    } else {
        grouped_description(model, tool)
    }
}

/// Upstream's default description of a tool with an `action` argument, byte for byte:
/// `{description or name}. Select operation via the `action` parameter. Actions: a, b`, then,
/// when the tool has two or more actions, a blank line, `Workflow:` and one line per action
/// that has something to add (a description, required fields or `destructive`):
/// `- 'a': {description}. Requires: x, y [DESTRUCTIVE]`. Without it the agent sees only the
/// bare `action` enum and cannot tell what an action does.
pub fn grouped_description(model: &Model, tool: &ToolModel) -> String {
    let lead = lead(tool);
    let names: Vec<&str> = tool.actions.iter().map(|a| a.name.as_str()).collect();
    let mut text = format!(
        "{lead}. Select operation via the `action` parameter. Actions: {}",
        names.join(", ")
    );
    // Upstream: a tool of one action has nothing to dispatch between, so no block.
    if tool.actions.len() < 2 {
        return text;
    }
    let lines: Vec<String> = tool
        .actions
        .iter()
        .filter_map(|action| workflow_line(model, tool, action))
        .collect();
    if !lines.is_empty() {
        text.push_str("\n\nWorkflow:");
        for line in lines {
            text.push('\n');
            text.push_str(&line);
        }
    }
    text
}

/// One action's line of the `Workflow:` block (upstream's `generateWorkflowLines`), or `None`
/// for an action with no description, no required field and not destructive.
fn workflow_line(model: &Model, tool: &ToolModel, action: &ActionModel) -> Option<String> {
    let required = required_keys(model, action);
    let description = action_description(tool, action);
    if description.is_none() && required.is_empty() && !action.destructive {
        return None;
    }
    let mut line = format!("- '{}': ", action.name);
    if let Some(description) = description {
        line.push_str(description);
    }
    if !required.is_empty() {
        line.push_str(if description.is_some() {
            ". Requires: "
        } else {
            "Requires: "
        });
        line.push_str(&required.join(", "));
    }
    if action.destructive {
        line.push_str(" [DESTRUCTIVE]");
    }
    Some(line)
}

/// What a grouped description opens with: the tool's description, or its name when it has none
/// or an empty one (upstream's `description || name`).
fn lead(tool: &ToolModel) -> &str {
    tool.description
        .as_deref()
        .filter(|d| !d.is_empty())
        .unwrap_or(&tool.name)
}

/// What upstream describes `action` with: its own description, else the tool's (upstream's
/// builder gives an action declared without one the tool's, `GroupedToolBuilder.action`), else
/// none. Upstream tests both for truth, so an empty one counts as none.
fn action_description<'t>(tool: &'t ToolModel, action: &'t ActionModel) -> Option<&'t str> {
    action
        .description
        .as_deref()
        .filter(|d| !d.is_empty())
        .or_else(|| tool.description.as_deref().filter(|d| !d.is_empty()))
}

/// The keys of `action`'s required input fields, in declaration order.
fn required_keys<'m>(model: &'m Model, action: &ActionModel) -> Vec<&'m str> {
    action
        .input
        .map(|input| model.types[input].fields())
        .unwrap_or_default()
        .iter()
        .filter(|f| f.required)
        .map(|f| f.key.as_str())
        .collect()
}

/// The sorted (byte order) root keys of one action's return type: a flat tool's `_select`
/// names only fields its own action returns. Empty without `returns`.
pub fn action_select_keys(model: &Model, action: &ActionModel) -> Vec<String> {
    let mut keys: Vec<String> = action
        .returns
        .and_then(|r| model.modules[r.module].presenter.as_ref())
        .map(|p| {
            model
                .root_keys(p.item)
                .into_iter()
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    keys.sort();
    keys.dedup();
    keys
}

/// The input schema of `action`'s own tool under flat exposition: the action's properties only
/// (each with its own description, as declared), then `_select` with the keys of the action's
/// presenter when the tool has `select` and the action returns one, then `required` when some
/// property is (upstream's flat tools leave `required` out when empty). No `action`.
pub fn flat_input_schema(
    model: &Model,
    keys: &[String],
    tool: &ToolModel,
    action: &ActionModel,
) -> Value {
    let fields: &[FieldDef] = action
        .input
        .map(|input| model.types[input].fields())
        .unwrap_or_default();
    let mut writer =
        SchemaWriter::new(model, keys, fields.iter().map(|f| &f.ty), &[]).with_bounds();
    let mut properties = Map::new();
    for field in fields {
        let mut schema = writer.field(field);
        if let (Some(description), Some(object)) = (&field.description, schema.as_object_mut()) {
            object.insert("description".into(), Value::String(description.clone()));
        }
        properties.insert(field.key.clone(), schema);
    }
    if tool.select && action.returns.is_some() {
        properties.insert(
            "_select".into(),
            json!({
                "type": "array",
                "description": SELECT_DESCRIPTION,
                "items": {"type": "string", "enum": action_select_keys(model, action)},
            }),
        );
    }
    let mut schema = json!({"type": "object", "properties": properties});
    let required: Vec<&str> = fields
        .iter()
        .filter(|f| f.required)
        .map(|f| f.key.as_str())
        .collect();
    if !required.is_empty() {
        schema["required"] = json!(required);
    }
    writer.finish(&mut schema);
    schema
}

/// The description of `action`'s own tool under flat exposition, as upstream's flat tools say
/// it: the action's description (or `{tool} → {action}`), then ` [DESTRUCTIVE]` and
/// ` [READ-ONLY]` as the action declares. With `toon-description`, a blank line and the
/// action's row of the §11 table follow (`action`, `desc`, `required`, and `destructive: true`
/// on a destructive action), so that the agent reads the same columns as in a grouped tool.
pub fn flat_description(model: &Model, tool: &ToolModel, action: &ActionModel) -> String {
    let mut text = match action_description(tool, action) {
        Some(description) => description.to_owned(),
        None => format!("{} → {}", tool.name, action.name),
    };
    if action.destructive {
        text.push_str(" [DESTRUCTIVE]");
    }
    if action.read_only {
        text.push_str(" [READ-ONLY]");
    }
    if tool.toon_description {
        text.push_str("\n\n");
        text.push_str(&fusion_runtime::toon::encode_value(
            &Value::Array(vec![toon_row(model, tool, action)]),
            &fusion_runtime::toon::ToonOptions::pipe(),
        ));
    }
    text
}
