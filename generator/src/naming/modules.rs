//! Module names: one module per definition file, named after it.

use std::collections::HashMap;

use super::convert::{file_stem, value_name};
use crate::diagnostics::Diagnostic;
use crate::model::Model;

/// One module per file, named after it (`billing.tool.yaml` beside `billing.yaml` gets
/// `billing_tool`); files of one name in different folders are named by their whole path
/// (`billing/invoice.yaml`: `billing_invoice`), and a name still taken is reported.
pub(super) fn module_names(model: &Model, errors: &mut Vec<Diagnostic>) -> Vec<String> {
    let name_of = |path: &str, tool: bool| {
        let name = value_name(path, "definitions");
        if tool {
            format!("{}_tool", name.trim_end_matches('_'))
        } else {
            name
        }
    };
    let short: Vec<String> = model
        .modules
        .iter()
        .map(|m| name_of(file_stem(&m.file), m.tool.is_some()))
        .collect();
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for name in &short {
        *counts.entry(name.as_str()).or_default() += 1;
    }
    let names: Vec<String> = model
        .modules
        .iter()
        .zip(&short)
        .map(|(m, name)| {
            if counts[name.as_str()] == 1 {
                name.clone()
            } else {
                let path = m.file.split('.').next().unwrap_or(&m.file);
                name_of(path, m.tool.is_some())
            }
        })
        .collect();
    let mut owners: HashMap<&str, usize> = HashMap::new();
    for (index, name) in names.iter().enumerate() {
        if let Some(&first) = owners.get(name.as_str()) {
            errors.push(Diagnostic::error(&model.modules[index].file, "", format!(
                "module name `{name}` is also the module of {}; each definition file becomes a module named after it",
                model.modules[first].file
            )).with_help("rename one of the files"));
        } else {
            owners.insert(name, index);
        }
    }
    names
}
