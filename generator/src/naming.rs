//! Phase 4, naming: Rust identifiers for every module, type, field and variant.
//!
//! Names come from `heck`; keywords get a trailing `_` (`type` → `type_`), names that cannot start
//! an identifier get a prefix (`2fa` → `field_2fa`), and the JSON key always stays on the wire
//! through `#[serde(rename)]` and the writer's key literals. Two things that convert to the same
//! name anywhere in the output are reported, never merged.

mod tools;

use std::collections::HashMap;

use heck::{ToSnakeCase, ToUpperCamelCase};

use crate::diagnostics::Diagnostic;
use crate::model::{Model, TypeKind};
pub use tools::{ToolNames, tool_names};

/// The Rust names of everything in a [`Model`], indexed like it.
#[derive(Debug, Clone, Default)]
pub struct Names {
    /// Module identifier per model module.
    pub modules: Vec<String>,
    /// Type identifier per model type.
    pub types: Vec<String>,
    /// Per model type: field identifiers (structs) or variant identifiers (enums), in order.
    pub members: Vec<Vec<String>>,
    /// Presenter type identifier per model module that has a presenter.
    pub presenters: Vec<Option<String>>,
    /// Hooks trait identifier per model module that has a presenter.
    pub hooks: Vec<Option<String>>,
    /// Tool item names per model module that declares a tool.
    pub tools: Vec<Option<ToolNames>>,
}

/// Words Rust reserves in edition 2024, including those reserved for the future (`gen`, `try`).
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub",
    "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "gen", "macro",
    "override", "priv", "try", "typeof", "unsized", "virtual", "yield",
];

/// Assigns every name and checks for collisions across the whole output.
pub fn assign(model: &Model) -> Result<Names, Vec<Diagnostic>> {
    let mut names = Names::default();
    let mut errors = Vec::new();

    names.modules = model
        .modules
        .iter()
        .map(|m| {
            let name = value_name(file_stem(&m.file), "definitions");
            // `billing.tool.yaml` beside `billing.yaml` must not collide with its presenter.
            if m.tool.is_some() {
                format!("{}_tool", name.trim_end_matches('_'))
            } else {
                name
            }
        })
        .collect();
    let mut module_owners: HashMap<&str, usize> = HashMap::new();
    for (index, name) in names.modules.iter().enumerate() {
        if let Some(&first) = module_owners.get(name.as_str()) {
            errors.push(Diagnostic::error(&model.modules[index].file, "", format!(
                "module name `{name}` is also the module of {}; each definition file becomes a module named after it",
                model.modules[first].file
            )).with_help("rename one of the files"));
        } else {
            module_owners.insert(name, index);
        }
    }

    names.types = model.types.iter().map(|t| type_name(&t.title)).collect();
    // Without the `_` a keyword type got (`Self_`), `Self_Presenter` would not be UpperCamelCase
    // and would warn, while `SelfPresenter` is no keyword.
    let suffixed = |suffix: &str| -> Vec<Option<String>> {
        model
            .modules
            .iter()
            .map(|m| {
                m.presenter
                    .as_ref()
                    .map(|p| format!("{}{suffix}", names.types[p.item].trim_end_matches('_')))
            })
            .collect()
    };
    names.presenters = suffixed("Presenter");
    names.hooks = suffixed("Hooks");
    names.tools = model
        .modules
        .iter()
        .map(|m| m.tool.as_ref().map(tool_names))
        .collect();
    let tool_pointer = "/x-fusion-tool/name".to_owned();
    let tool_pointer = &tool_pointer;
    let all_tool_items = model
        .modules
        .iter()
        .zip(&names.tools)
        .filter_map(|(m, t)| Some((m, t.as_ref()?)))
        .flat_map(|(m, t)| {
            let title = &m.tool.as_ref().map(|tool| &tool.name);
            [
                Some(&t.args),
                Some(&t.call),
                Some(&t.handler),
                t.select.as_ref(),
            ]
            .into_iter()
            .flatten()
            .map(move |name| {
                (
                    name.clone(),
                    &m.file,
                    tool_pointer,
                    title.unwrap_or(&m.file),
                )
            })
            .collect::<Vec<_>>()
        });
    let mut type_owners: HashMap<String, (String, String)> = HashMap::new();
    let all_types = model.types.iter().enumerate().map(|(id, t)| {
        (
            names.types[id].clone(),
            &model.modules[t.module].file,
            &t.pointer,
            &t.title,
        )
    });
    let root_pointer = String::new();
    let all_presenters = model
        .modules
        .iter()
        .zip(&names.presenters)
        .chain(model.modules.iter().zip(&names.hooks))
        .filter_map(|(m, p)| {
            Some((
                p.clone()?,
                &m.file,
                &root_pointer,
                &m.presenter.as_ref()?.title,
            ))
        });
    for (name, file, pointer, title) in all_types.chain(all_presenters).chain(all_tool_items) {
        match type_owners.get(&name) {
            Some((first_file, first_pointer)) => errors.push(
                Diagnostic::error(file, pointer, format!("`{title}` becomes the Rust type `{name}`, which {first_file} (at {first_pointer}) already defines"))
                    .with_help("give one of them a distinct `title`"),
            ),
            None => {
                type_owners.insert(name, (file.clone(), if pointer.is_empty() { "/".into() } else { pointer.clone() }));
            }
        }
    }

    for def in &model.types {
        let file = &model.modules[def.module].file;
        let (members, what): (Vec<(String, &str, String)>, &str) = match &def.kind {
            TypeKind::Struct { fields } => (
                fields
                    .iter()
                    .map(|f| {
                        (
                            value_name(&f.key, "field"),
                            f.key.as_str(),
                            f.pointer.clone(),
                        )
                    })
                    .collect(),
                "field",
            ),
            TypeKind::Enum { values } => (
                values
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        (
                            variant_name(v),
                            v.as_str(),
                            format!("{}/enum/{i}", def.pointer),
                        )
                    })
                    .collect(),
                "variant",
            ),
        };
        let mut seen: HashMap<&str, &str> = HashMap::new();
        for (name, original, pointer) in &members {
            if let Some(first) = seen.insert(name, original) {
                errors.push(
                    Diagnostic::error(file, pointer, format!("`{original}` and `{first}` both become the Rust {what} `{name}` in `{}`", def.title))
                        .with_help("rename one of them; the generator never merges two wire names into one Rust name"),
                );
            }
        }
        names
            .members
            .push(members.into_iter().map(|(name, _, _)| name).collect());
    }

    if errors.is_empty() {
        Ok(names)
    } else {
        Err(errors)
    }
}

/// A type name: PascalCase, never a keyword, never starting with a digit.
pub fn type_name(title: &str) -> String {
    let camel = title.to_upper_camel_case();
    let name = if camel.is_empty() {
        "Unnamed".to_owned()
    } else {
        camel
    };
    identifier_or(name, "T")
}

/// A field or module name: snake_case, keywords suffixed with `_`.
pub fn value_name(key: &str, prefix: &str) -> String {
    let snake = key.to_snake_case();
    let name = if snake.is_empty() {
        prefix.to_owned()
    } else {
        snake
    };
    identifier_or(name, &format!("{prefix}_"))
}

/// An enum variant: PascalCase of the value; `""` is `Empty`.
pub fn variant_name(value: &str) -> String {
    let camel = value.to_upper_camel_case();
    let name = if camel.is_empty() {
        "Empty".to_owned()
    } else {
        camel
    };
    identifier_or(name, "V")
}

fn identifier_or(name: String, prefix: &str) -> String {
    if KEYWORDS.contains(&name.as_str()) {
        return format!("{name}_");
    }
    if syn::parse_str::<syn::Ident>(&name).is_ok() {
        name
    } else {
        format!("{prefix}{name}")
    }
}

fn file_stem(path: &str) -> &str {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.split('.').next().unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_digits_and_odd_keys() {
        assert_eq!(value_name("type", "field"), "type_");
        assert_eq!(value_name("gen", "field"), "gen_");
        assert_eq!(value_name("self", "field"), "self_");
        assert_eq!(value_name("first-name", "field"), "first_name");
        assert_eq!(value_name("2fa", "field"), "field_2fa");
        assert_eq!(value_name("ünï", "field"), "ünï");
        assert_eq!(value_name("amountCents", "field"), "amount_cents");
        assert_eq!(value_name("€", "field"), "field");
        assert_eq!(type_name("invoice line"), "InvoiceLine");
        assert_eq!(type_name("Self"), "Self_");
        assert_eq!(type_name("3d point"), "T3dPoint");
        assert_eq!(variant_name("in-progress"), "InProgress");
        assert_eq!(variant_name("2x"), "V2x");
        assert_eq!(variant_name(""), "Empty");
    }
}
