//! Rust names of a tool's generated items. The tool's name gives the prefix (`billing` →
//! `BillingArgs`, `BillingCall`, `BillingHandler`, `BillingSelect`, `BillingTool`, and for a tool
//! bound to OpenAPI operations `BillingApi` and `BillingHttp`); each action gives an enum variant,
//! a handler method and the constants and functions named after that method.

use std::collections::HashMap;

use super::convert::{type_name, value_name, variant_name};
use super::distinct::{Candidate, make_distinct, spelled};
use crate::diagnostics::Diagnostic;
use crate::model::{Model, ToolModel, escape_pointer};

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
    pub select: Option<SelectNames>,
    /// The trait calling the API and the handler serving it, when an action is bound to an
    /// OpenAPI operation.
    pub http: Option<HttpNames>,
    /// Per action, in the tool's order.
    pub actions: Vec<ActionNames>,
}

/// The `_select` key enum of a tool.
#[derive(Debug, Clone, Default)]
pub struct SelectNames {
    /// The enum.
    pub name: String,
    /// Per key ([`Model::select_keys`], in that order): the key and its variant.
    pub variants: Vec<(String, String)>,
}

/// The items of a tool whose actions call an API.
#[derive(Debug, Clone, Default)]
pub struct HttpNames {
    /// The trait whose methods call the API (`BillingApi`).
    pub api: String,
    /// The handler serving an implementation of it (`BillingHttp`).
    pub handler: String,
}

/// The names made from one action. The constants share one prefix, the method's name in upper
/// case, distinct across the tool's actions.
#[derive(Debug, Clone, Default)]
pub struct ActionNames {
    /// The variant of the arguments enum.
    pub variant: String,
    /// The handler method.
    pub method: String,
    /// The function turning `_select` into the presenter's selection (`get_selection`).
    pub selection: String,
    /// The constant holding the output schema (`GET_OUTPUT_SCHEMA`).
    pub output_schema: String,
    /// The constant of the bound OpenAPI operation (`GET_OPERATION`).
    pub operation: String,
    /// The constant naming the filter parameters of a collection's truncation note
    /// (`LIST_FILTERS`).
    pub filters: String,
    /// The constants of the action's own tool under flat exposition.
    pub flat: FlatNames,
}

/// The constants of an action's own MCP tool under flat exposition.
#[derive(Debug, Clone, Default)]
pub struct FlatNames {
    /// `{PREFIX}_NAME`.
    pub name: String,
    /// `{PREFIX}_DESCRIPTION`.
    pub description: String,
    /// `{PREFIX}_INPUT_SCHEMA`.
    pub input_schema: String,
    /// `{PREFIX}_TOOL`.
    pub tool: String,
    /// `{PREFIX}_SELECT`, the action's `_select` keys.
    pub select: String,
}

/// The items a tool's module defines under names of their own, in the value namespace: two
/// action constants or functions equal to one of them would not compile.
const FIXED_VALUES: &[&str] = &[
    "NAME",
    "DESCRIPTION",
    "INPUT_SCHEMA",
    "ACTIONS",
    "ACTION_INFOS",
    "OUTPUT_SCHEMA",
    "TOOL",
    "TOOLS",
    "call",
    "call_with_hooks",
    "call_flat",
    "call_flat_with_hooks",
];

/// Names the items of `tool`, declared in `file`. Two actions whose variants collide are
/// reported (the variant is the stricter of variant and method: `a-b` and `a_b` share both);
/// constant prefixes that collide only in upper case (`straße`, `strasse`) are numbered.
pub fn tool_names(
    model: &Model,
    tool: &ToolModel,
    file: &str,
    errors: &mut Vec<Diagnostic>,
) -> ToolNames {
    let prefix = type_name(&tool.name);
    let prefix = prefix.trim_end_matches('_');
    let mut variants: HashMap<String, &str> = HashMap::new();
    let reported = errors.len();
    for action in &tool.actions {
        let variant = variant_name(&action.name);
        if let Some(first) = variants.insert(variant.clone(), &action.name) {
            errors.push(
                Diagnostic::error(
                    file,
                    &format!("/x-fusion-tool/actions/{}", escape_pointer(&action.name)),
                    format!(
                        "actions `{first}` and `{}` both become the Rust variant `{variant}` (method `{}`)",
                        action.name,
                        value_name(&action.name, "action")
                    ),
                )
                .with_help(
                    "rename one of them; the generator never merges two actions into one Rust name",
                ),
            );
        }
    }
    let methods: Vec<String> = tool
        .actions
        .iter()
        .map(|a| value_name(&a.name, "action"))
        .collect();
    let constant = |method: &str| method.trim_end_matches('_').to_uppercase();
    let candidates: Vec<Candidate<'_>> = tool
        .actions
        .iter()
        .zip(&methods)
        .map(|(action, method)| Candidate {
            original: &action.name,
            name: constant(method),
            fixed: false,
        })
        .collect();
    let (prefixes, _) = make_distinct(&candidates, |name| {
        constant(&value_name(&spelled(name), "action"))
    });
    let actions: Vec<ActionNames> = tool
        .actions
        .iter()
        .zip(methods)
        .zip(&prefixes)
        .map(|((action, method), upper)| ActionNames {
            variant: variant_name(&action.name),
            selection: format!("{method}_selection"),
            method,
            output_schema: format!("{upper}_OUTPUT_SCHEMA"),
            operation: format!("{upper}_OPERATION"),
            filters: format!("{upper}_FILTERS"),
            flat: FlatNames {
                name: format!("{upper}_NAME"),
                description: format!("{upper}_DESCRIPTION"),
                input_schema: format!("{upper}_INPUT_SCHEMA"),
                tool: format!("{upper}_TOOL"),
                select: format!("{upper}_SELECT"),
            },
        })
        .collect();
    // Two actions of one method share every name made from it: reported once, above.
    if errors.len() == reported {
        check_values(tool, &actions, file, errors);
    }
    let select = tool.select.then(|| {
        let keys = model.select_keys(tool);
        let candidates: Vec<Candidate<'_>> = keys
            .iter()
            .map(|key| Candidate {
                original: key,
                name: variant_name(key),
                fixed: false,
            })
            .collect();
        let (names, _) = make_distinct(&candidates, |key| variant_name(&spelled(key)));
        SelectNames {
            name: format!("{prefix}Select"),
            variants: keys.into_iter().zip(names).collect(),
        }
    });
    ToolNames {
        args: format!("{prefix}Args"),
        call: format!("{prefix}Call"),
        handler: format!("{prefix}Handler"),
        served: format!("{prefix}Tool"),
        select,
        http: tool
            .actions
            .iter()
            .any(|a| a.http.is_some())
            .then(|| HttpNames {
                api: format!("{prefix}Api"),
                handler: format!("{prefix}Http"),
            }),
        actions,
    }
}

/// Reports a constant or function of an action that another item of the tool's module has.
/// The prefixes are distinct and the suffixes end no other suffix, so this guards the fixed
/// names and any suffix added later.
fn check_values(
    tool: &ToolModel,
    actions: &[ActionNames],
    file: &str,
    errors: &mut Vec<Diagnostic>,
) {
    // `None`: the tool's own item.
    let mut owners: HashMap<&str, Option<&str>> = FIXED_VALUES.iter().map(|n| (*n, None)).collect();
    for (action, names) in tool.actions.iter().zip(actions) {
        let flat = &names.flat;
        for name in [
            &names.selection,
            &names.output_schema,
            &names.operation,
            &names.filters,
            &flat.name,
            &flat.description,
            &flat.input_schema,
            &flat.tool,
            &flat.select,
        ] {
            if let Some(first) = owners.insert(name, Some(&action.name)) {
                errors.push(
                    Diagnostic::error(
                        file,
                        &format!("/x-fusion-tool/actions/{}", escape_pointer(&action.name)),
                        format!(
                            "action `{}` needs the Rust item `{name}`, which {} already defines",
                            action.name,
                            match first {
                                Some(first) => format!("action `{first}`"),
                                None => "the tool".to_owned(),
                            }
                        ),
                    )
                    .with_help("rename the action"),
                );
            }
        }
    }
}
