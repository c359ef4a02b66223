//! The type namespaces the output's items share, checked once every name is made: the root's
//! (every module, and every type, presenter and tool item re-exported from it) and a tool
//! module's own (its API trait and handler, which are not re-exported).

use std::collections::HashMap;

use super::{ModuleNames, TypeNames};
use crate::diagnostics::Diagnostic;
use crate::model::Model;

/// Where a name was first claimed: file and pointer (`/` for a file's root).
type Owner = (String, String);

/// Reports every item re-exported from the root whose name an earlier one has, and every module
/// named like such an item; then every tool module item that an item of that module has.
pub(super) fn check(
    model: &Model,
    types: &[TypeNames],
    modules: &[ModuleNames],
    errors: &mut Vec<Diagnostic>,
) {
    let tool_pointer = "/x-fusion-tool/name".to_owned();
    let root_pointer = String::new();
    let all_types = model.types.iter().zip(types).map(|(t, names)| {
        (
            &names.name,
            &model.modules[t.module].file,
            &t.pointer,
            &t.title,
        )
    });
    let all_presenters = model.modules.iter().zip(modules).filter_map(|(m, names)| {
        Some((
            &names.presenter.as_ref()?.name,
            &m.file,
            &root_pointer,
            &m.presenter.as_ref()?.title,
        ))
    });
    let all_tool_items = model.modules.iter().zip(modules).flat_map(|(m, names)| {
        let (Some(tool), Some(names)) = (&m.tool, &names.tool) else {
            return Vec::new();
        };
        [
            Some(&names.args),
            Some(&names.call),
            Some(&names.handler),
            names.select.as_ref().map(|s| &s.name),
            Some(&names.served),
        ]
        .into_iter()
        .flatten()
        .map(|name| (name, &m.file, &tool_pointer, &tool.name))
        .collect()
    });
    let mut owners: HashMap<&str, Owner> = HashMap::new();
    for (name, file, pointer, title) in all_types.chain(all_presenters).chain(all_tool_items) {
        match owners.get(name.as_str()) {
            Some((first_file, first_pointer)) => errors.push(
                Diagnostic::error(file, pointer, format!("`{title}` becomes the Rust type `{name}`, which {first_file} (at {first_pointer}) already defines"))
                    .with_help("give one of them a distinct `title`"),
            ),
            None => {
                owners.insert(name, (file.clone(), if pointer.is_empty() { "/".into() } else { pointer.clone() }));
            }
        }
    }
    // A module is declared in the root beside the re-exports: only a name without case
    // (`日本`) can be both a module's and a type's.
    for (module, names) in model.modules.iter().zip(modules) {
        if let Some((first_file, first_pointer)) = owners.get(names.name.as_str()) {
            errors.push(
                Diagnostic::error(&module.file, "", format!("module name `{}` is also the Rust type that {first_file} (at {first_pointer}) defines; each definition file becomes a module named after it", names.name))
                    .with_help("rename the file, or give the type a distinct `title`"),
            );
        }
    }
    for (index, (module, names)) in model.modules.iter().zip(modules).enumerate() {
        let (Some(tool), Some(http)) = (
            &module.tool,
            names.tool.as_ref().and_then(|t| t.http.as_ref()),
        ) else {
            continue;
        };
        for name in [&http.api, &http.handler] {
            let taken = owners
                .get(name.as_str())
                .filter(|_| in_module(model, types, modules, index, name));
            if let Some((first_file, first_pointer)) = taken {
                errors.push(
                    Diagnostic::error(&module.file, &tool_pointer, format!("`{}` becomes the Rust item `{name}` calling its API, which {first_file} (at {first_pointer}) already defines in the same module", tool.name))
                        .with_help("give the type a distinct `title`, or rename the tool"),
                );
            }
        }
    }
}

/// Whether module `index` defines the type, presenter or tool item `name`.
fn in_module(
    model: &Model,
    types: &[TypeNames],
    modules: &[ModuleNames],
    index: usize,
    name: &str,
) -> bool {
    let module = &modules[index];
    model.modules[index]
        .types
        .iter()
        .any(|&id| types[id].name == name)
        || module.presenter.as_ref().is_some_and(|p| p.name == name)
        || module.tool.as_ref().is_some_and(|t| {
            [&t.args, &t.call, &t.handler, &t.served]
                .iter()
                .any(|n| *n == name)
                || t.select.as_ref().is_some_and(|s| s.name == name)
        })
}
