//! The surface of the resolved model: what an MCP client and its agent can see and call, as
//! JSON, one entry per served tool. Built from the same model and schema writers the emitter
//! uses, so the lockfile states exactly what the generated server advertises.

use serde_json::{Map, Value, json};

use crate::emit::schema_defs::def_keys;
use crate::emit::tool_schema::{
    action_select_keys, description, flat_description, flat_input_schema, input_schema,
    output_schema, tool_output_schema,
};
use crate::model::{
    ActionModel, BehaviourModel, FieldType, Model, RuleModel, SuggestionModel, TextPart, ToolModel,
    TypeId, UiKind, UiModel,
};
use crate::naming::Names;

use super::words::{condition, text};

/// Every served tool's entry, keyed by the name MCP clients call (a flat tool's actions each
/// under `{tool}_{action}`).
pub fn extract(model: &Model, names: &Names) -> Map<String, Value> {
    let keys = def_keys(model, names);
    let mut tools = Map::new();
    for tool in model.modules.iter().filter_map(|m| m.tool.as_ref()) {
        if tool.flat {
            for action in &tool.actions {
                let entry = json!({
                    "tool": tool.name,
                    "description": flat_description(model, tool, action),
                    "annotations": annotations(tool, std::slice::from_ref(action)),
                    "input-schema": flat_input_schema(model, &keys, tool, action),
                    "output-schema": outputs(model, &keys, tool, std::slice::from_ref(action)),
                    "actions": {action.name.clone(): action_entry(model, &keys, tool, action)},
                });
                tools.insert(tool.flat_name(action), entry);
            }
        } else {
            let actions: Map<String, Value> = tool
                .actions
                .iter()
                .map(|a| (a.name.clone(), action_entry(model, &keys, tool, a)))
                .collect();
            let entry = json!({
                "tool": tool.name,
                "description": description(model, tool),
                "annotations": annotations(tool, &tool.actions),
                "input-schema": input_schema(model, &keys, tool),
                "output-schema": outputs(model, &keys, tool, &tool.actions),
                "actions": actions,
            });
            tools.insert(tool.name.clone(), entry);
        }
    }
    tools
}

/// The MCP annotations of a served tool, as the emitter derives them from its actions: read-only
/// and idempotent when every action is, destructive when any is.
fn annotations(tool: &ToolModel, actions: &[ActionModel]) -> Value {
    json!({
        "read-only": actions.iter().all(|a| a.read_only),
        "destructive": actions.iter().any(|a| a.destructive),
        "idempotent": actions.iter().all(|a| a.idempotent),
        "open-world": tool.open_world,
    })
}

/// The served tool's `outputSchema`, when its successes are structured.
fn outputs(model: &Model, keys: &[String], tool: &ToolModel, actions: &[ActionModel]) -> Value {
    if !tool.structured {
        return Value::Null;
    }
    let schemas: Vec<Value> = actions
        .iter()
        .filter_map(|a| a.returns.as_ref())
        .filter_map(|r| {
            let item = model.modules[r.module].presenter.as_ref()?.item;
            Some(output_schema(model, keys, item, r.collection, tool.select))
        })
        .collect();
    tool_output_schema(&schemas).unwrap_or(Value::Null)
}

/// One action: its own parameters (the flat form of its input, which is what the diff compares
/// parameter by parameter), annotations, HTTP binding and presenter contract.
fn action_entry(model: &Model, keys: &[String], tool: &ToolModel, action: &ActionModel) -> Value {
    let mut input = flat_input_schema(model, keys, tool, action);
    // `_select` is recorded as the contract's `select` keys, with its own classification.
    if let Some(properties) = input["properties"].as_object_mut() {
        properties.remove("_select");
    }
    let presenter = action.returns.as_ref().and_then(|returns| {
        let presenter = model.modules[returns.module].presenter.as_ref()?;
        let mut contract = contract(model, presenter.item, &presenter.behaviour);
        contract.insert("name".into(), json!(presenter.title));
        contract.insert("collection".into(), json!(returns.collection));
        let select = tool.select.then(|| action_select_keys(model, action));
        contract.insert("select".into(), json!(select));
        Some(Value::Object(contract))
    });
    json!({
        "description": action.description,
        "read-only": action.read_only,
        "destructive": action.destructive,
        "idempotent": action.idempotent,
        "input": input,
        "http": action.http.as_ref().map(|h| json!({"method": h.method, "path": h.path})),
        "presenter": presenter,
    })
}

/// What the presenter lets reach the agent: its root fields (a redacted field is listed with
/// its censor, since the agent reads the censor and never the value; a cut one with its limit),
/// and its behaviour.
fn contract(model: &Model, item: TypeId, behaviour: &BehaviourModel) -> Map<String, Value> {
    let structs = model.object_branches(item).unwrap_or_else(|| vec![item]);
    let mut fields = Map::new();
    for field in structs.iter().flat_map(|&id| model.types[id].fields()) {
        fields.entry(field.key.clone()).or_insert_with(|| {
            let mut entry = json!({
                "type": type_label(model, &field.ty),
                "required": field.required,
                "redacted": field.redact,
            });
            // Only when set, so that a lock written before the keyword reads the same.
            if let Some(max) = field.max_chars {
                entry["max_chars"] = max.into();
            }
            entry
        });
    }
    let text = |parts: &[TextPart]| text(model, item, parts);
    let rules = |rules: &[RuleModel]| -> Vec<Value> {
        rules
            .iter()
            .map(|r| json!({"text": text(&r.parts), "when": r.when.as_ref().map(|w| condition(model, item, w))}))
            .collect()
    };
    let suggestions = |list: &[SuggestionModel]| -> Vec<Value> {
        list.iter()
            .map(|s| json!({"action": s.action, "reason": text(&s.reason), "when": s.when.as_ref().map(|w| condition(model, item, w))}))
            .collect()
    };
    let ui = |blocks: &[UiModel]| -> Vec<Value> {
        blocks.iter().map(|b| json!(ui_kind(&b.kind))).collect()
    };
    let mut out = Map::new();
    out.insert("fields".into(), Value::Object(fields));
    out.insert("directives".into(), json!(behaviour.directives));
    out.insert("rules".into(), json!(rules(&behaviour.rules)));
    out.insert(
        "collection-rules".into(),
        json!(rules(&behaviour.collection_rules)),
    );
    out.insert("ui".into(), json!(ui(&behaviour.ui)));
    out.insert("collection-ui".into(), json!(ui(&behaviour.collection_ui)));
    out.insert(
        "suggestions".into(),
        json!(suggestions(&behaviour.suggestions)),
    );
    out.insert(
        "collection-suggestions".into(),
        json!(behaviour.collection_suggestions.as_deref().map(suggestions)),
    );
    out.insert(
        "agent-limit".into(),
        json!(behaviour.agent_limit.as_ref().map(|l| l.max)),
    );
    out
}

/// A UI block's kind, as `x-fusion` names it.
fn ui_kind(kind: &UiKind) -> &'static str {
    match kind {
        UiKind::Table { .. } => "table",
        UiKind::List(_) => "list",
        UiKind::Markdown(_) => "markdown",
        UiKind::Summary(_) => "summary",
        UiKind::Json(_) => "json",
        UiKind::Code { .. } => "code",
        UiKind::Mermaid(_) => "mermaid",
        UiKind::Echarts(_) => "echarts",
    }
}

/// A field's type in words: `string`, `integer`, `Client`, `array<string>`, `string|null`.
fn type_label(model: &Model, ty: &FieldType) -> String {
    match ty {
        FieldType::String => "string".into(),
        FieldType::Integer(_) => "integer".into(),
        FieldType::Number => "number".into(),
        FieldType::Boolean => "boolean".into(),
        FieldType::Named(id) => model.types[*id].title.clone(),
        FieldType::Array(element) => format!("array<{}>", type_label(model, element)),
        FieldType::Nullable(inner) => format!("{}|null", type_label(model, inner)),
        FieldType::Any => "any".into(),
    }
}
