//! Rust names of a tool's generated items. The tool's name gives the prefix (`billing` →
//! `BillingArgs`, `BillingCall`, `BillingHandler`, `BillingSelect`, `BillingTool`); actions give enum variants
//! and handler methods, whose collisions the model already reported.

use super::{type_name, value_name, variant_name};
use crate::model::ToolModel;

/// The names of one tool's items.
#[derive(Debug, Clone, Default)]
pub struct ToolNames {
    /// The typed arguments enum, one variant per action.
    pub args: String,
    /// The parsed call: arguments and `_select`.
    pub call: String,
    /// The handler trait, one method per action.
    pub handler: String,
    /// The struct binding a handler to the tool, a `fusion_runtime::ServedTool`.
    pub served: String,
    /// The `_select` key enum, when `select` is on.
    pub select: Option<String>,
    /// Per action: the enum variant.
    pub variants: Vec<String>,
    /// Per action: the handler method.
    pub methods: Vec<String>,
}

/// Names the items of `tool`.
pub fn tool_names(tool: &ToolModel) -> ToolNames {
    let prefix = type_name(&tool.name);
    let prefix = prefix.trim_end_matches('_');
    ToolNames {
        args: format!("{prefix}Args"),
        call: format!("{prefix}Call"),
        handler: format!("{prefix}Handler"),
        served: format!("{prefix}Tool"),
        select: tool.select.then(|| format!("{prefix}Select")),
        variants: tool.actions.iter().map(|a| variant_name(&a.name)).collect(),
        methods: tool
            .actions
            .iter()
            .map(|a| value_name(&a.name, "action"))
            .collect(),
    }
}
