//! Phase 4, naming: Rust identifiers for every module, type, field and variant.
//!
//! Names come from `heck`; keywords get a trailing `_` (`type` → `type_`), names that cannot start
//! an identifier get a prefix (`2fa` → `field_2fa`), and the JSON key always stays on the wire
//! through `#[serde(rename)]` and the writer's key literals. Two things that convert to the same
//! name anywhere in the output are reported, never merged.

mod distinct;
mod tools;

use std::collections::HashMap;

use heck::{ToSnakeCase, ToUpperCamelCase};

use crate::diagnostics::Diagnostic;
use crate::model::{LiteralValue, Model, TypeKind};
pub use distinct::{Candidate, make_distinct, spelled};
pub use tools::{ToolNames, tool_names};

/// The Rust names of everything in a [`Model`], indexed like it.
#[derive(Debug, Clone, Default)]
pub struct Names {
    /// Module identifier per model module.
    pub modules: Vec<String>,
    /// Type identifier per model type.
    pub types: Vec<String>,
    /// Per model type: why it is not named from its title, when another type took that name.
    pub type_notes: Vec<Option<String>>,
    /// Per model type: field identifiers (structs) or variant identifiers (enums), in order.
    pub members: Vec<Vec<String>>,
    /// Per model type: the field holding its undeclared keys (`additionalProperties`), if kept.
    pub extras: Vec<Option<String>>,
    /// Presenter type identifier per model module that has a presenter.
    pub presenters: Vec<Option<String>>,
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

    names.modules = module_names(model, &mut errors);
    let (types, type_notes) = type_names(model, &mut errors);
    names.types = types;
    names.type_notes = type_notes;
    // Without the `_` a keyword type got (`Self_`), `Self_Presenter` would not be UpperCamelCase
    // and would warn, while `SelfPresenter` is no keyword.
    names.presenters = model
        .modules
        .iter()
        .map(|m| {
            m.presenter
                .as_ref()
                .map(|p| format!("{}Presenter", names.types[p.item].trim_end_matches('_')))
        })
        .collect();
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
        // The values of an enum of values as text, which its variants' candidates borrow.
        let literal_texts: Vec<String> = match &def.kind {
            TypeKind::Literals { values, .. } => values
                .iter()
                .map(|v| match v {
                    LiteralValue::Str(s) => s.clone(),
                    other => other.to_json().to_string(),
                })
                .collect(),
            _ => Vec::new(),
        };
        let (mut candidates, pointers, what): (Vec<Candidate<'_>>, Vec<String>, &str) =
            match &def.kind {
                TypeKind::Struct { fields } => (
                    fields
                        .iter()
                        .map(|f| Candidate {
                            original: &f.key,
                            name: f
                                .rust_name
                                .clone()
                                .unwrap_or_else(|| value_name(&f.key, "field")),
                            fixed: f.rust_name.is_some(),
                        })
                        .collect(),
                    fields
                        .iter()
                        .map(|f| format!("{}/x-fusion-name", f.pointer))
                        .collect(),
                    "field",
                ),
                TypeKind::Enum { values } => (
                    values
                        .iter()
                        .map(|v| Candidate {
                            original: v,
                            name: variant_name(v),
                            fixed: false,
                        })
                        .collect(),
                    Vec::new(),
                    "variant",
                ),
                TypeKind::Literals { values, .. } => (
                    values
                        .iter()
                        .zip(&literal_texts)
                        .map(|(v, text)| Candidate {
                            original: text,
                            name: literal_variant_name(v),
                            fixed: false,
                        })
                        .collect(),
                    Vec::new(),
                    "variant",
                ),
                // Positional: `.0`, `.1`, … need no names.
                TypeKind::Tuple { .. } => (Vec::new(), Vec::new(), "variant"),
                TypeKind::Union { variants, .. } => (
                    variants
                        .iter()
                        .map(|v| Candidate {
                            original: &v.title,
                            name: type_name(&v.title),
                            fixed: false,
                        })
                        .collect(),
                    Vec::new(),
                    "variant",
                ),
            };
        // The map of undeclared keys is one more field, named so that no declared key's field
        // can take its name.
        let has_extra = what == "field" && def.extra.is_some();
        if has_extra {
            candidates.push(Candidate {
                original: "additional properties",
                name: "additional_properties".to_owned(),
                fixed: false,
            });
        }
        let (mut members, clashes) = make_distinct(&candidates, |original| match what {
            "field" => value_name(&spelled(original), "field"),
            _ => variant_name(&spelled(original)),
        });
        for clash in clashes {
            let name = &members[clash.index];
            errors.push(
                Diagnostic::error(
                    file,
                    &pointers[clash.index],
                    format!(
                        "`x-fusion-name: {name}` is also the name of field `{}` in `{}`",
                        clash.first, def.title
                    ),
                )
                .with_help("give each field its own `x-fusion-name`"),
            );
        }
        names
            .extras
            .push(if has_extra { members.pop() } else { None });
        names.members.push(members);
    }

    if errors.is_empty() {
        Ok(names)
    } else {
        Err(errors)
    }
}

/// One module per file, named after it (`billing.tool.yaml` beside `billing.yaml` gets
/// `billing_tool`); files of one name in different folders are named by their whole path
/// (`billing/invoice.yaml`: `billing_invoice`), and a name still taken is reported.
fn module_names(model: &Model, errors: &mut Vec<Diagnostic>) -> Vec<String> {
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

/// The Rust name of every type, distinct across the output (every type is re-exported from its
/// root): the `x-fusion-name`, else from the title; a converted name another type already has
/// is prefixed with the file's name (`nullable-simple-user.yaml`: `NullableSimpleUser`), then
/// numbered. Returns the names and, per type, the note its docs carry when it was renamed.
fn type_names(model: &Model, errors: &mut Vec<Diagnostic>) -> (Vec<String>, Vec<Option<String>>) {
    let mut names = Vec::with_capacity(model.types.len());
    let mut notes = Vec::with_capacity(model.types.len());
    let mut owners: HashMap<String, usize> = HashMap::new();
    // Names the author chose are claimed first: a derived name yields to them.
    for (id, def) in model.types.iter().enumerate() {
        if let Some(chosen) = &def.rust_name {
            if let Some(&first) = owners.get(chosen) {
                let first_file = &model.modules[model.types[first].module].file;
                errors.push(
                    Diagnostic::error(&model.modules[def.module].file, &format!("{}/x-fusion-name", def.pointer), format!("`x-fusion-name: {chosen}` is also the name of the type at {first_file}#{}", model.types[first].pointer))
                        .with_help("give each type its own `x-fusion-name`"),
                );
            }
            owners.entry(chosen.clone()).or_insert(id);
        }
    }
    // Then a file's root type whose name is the file's own (`simple-user.yaml`: `SimpleUser`)
    // keeps it against a copy elsewhere under the same title.
    let own_name = |def: &crate::model::TypeDef, wanted: &str| {
        def.pointer.is_empty() && type_name(file_stem(&model.modules[def.module].file)) == wanted
    };
    for (id, def) in model.types.iter().enumerate() {
        let wanted = type_name(&def.title);
        if def.rust_name.is_none() && own_name(def, &wanted) {
            owners.entry(wanted).or_insert(id);
        }
    }
    for (id, def) in model.types.iter().enumerate() {
        if let Some(chosen) = &def.rust_name {
            names.push(chosen.clone());
            notes.push(None);
            continue;
        }
        let wanted = type_name(&def.title);
        let holder = match owners.get(&wanted) {
            Some(&holder) if holder != id => holder,
            _ => {
                owners.insert(wanted.clone(), id);
                names.push(wanted);
                notes.push(None);
                continue;
            }
        };
        let file = &model.modules[def.module].file;
        let prefix = type_name(file_stem(file));
        let prefix = prefix.trim_end_matches('_');
        // A root is named by its file (then by its path); a nested type by its file and its
        // own name.
        let path_name = type_name(file.split('.').next().unwrap_or(file));
        let from_file = if def.pointer.is_empty() {
            [type_name(file_stem(file)), path_name]
                .into_iter()
                .find(|n| *n != wanted && !owners.contains_key(n))
        } else if wanted.starts_with(prefix) {
            None
        } else {
            Some(format!("{prefix}{}", wanted.trim_end_matches('_')))
        };
        let name = from_file
            .filter(|n| !owners.contains_key(n))
            .unwrap_or_else(|| {
                (2..)
                    .map(|n| format!("{}{n}", wanted.trim_end_matches('_')))
                    .find(|n| !owners.contains_key(n))
                    .unwrap_or_default()
            });
        let holder_def = &model.types[holder];
        let holder_at = format!(
            "{}{}",
            model.modules[holder_def.module].file,
            if holder_def.pointer.is_empty() {
                String::new()
            } else {
                format!("#{}", holder_def.pointer)
            }
        );
        notes.push(Some(format!(
            "Named `{name}`, not `{wanted}`: the type at {holder_at} is `{wanted}`."
        )));
        owners.insert(name.clone(), id);
        names.push(name);
    }
    (names, notes)
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

/// The variant of one value of an enum of values: a string as a string enum names it, `true`
/// and `false` as `True` and `False`, a number by its digits (`2` → `V2`, `-1.5` → `Minus1_5`,
/// `1e-7` → `V1eMinus7`).
pub fn literal_variant_name(value: &LiteralValue) -> String {
    match value {
        LiteralValue::Str(s) => variant_name(s),
        LiteralValue::Bool(true) => "True".to_owned(),
        LiteralValue::Bool(false) => "False".to_owned(),
        LiteralValue::Number(n) => {
            let digits = n
                .to_string()
                .replace('-', "Minus")
                .replace('+', "")
                .replace('.', "_");
            if digits.starts_with("Minus") {
                digits
            } else {
                format!("V{digits}")
            }
        }
    }
}

/// Whether `name` is a word Rust reserves.
pub fn is_keyword(name: &str) -> bool {
    KEYWORDS.contains(&name)
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
