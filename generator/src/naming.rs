//! Phase 4, naming: every Rust identifier the output declares, made here and only here, in one
//! [`Names`] that emit reads.
//!
//! Names come from `heck`; keywords get a trailing `_` (`type` → `type_`), names that cannot start
//! an identifier get a prefix (`2fa` → `field_2fa`). A name is for Rust only: emit writes the JSON
//! key as a literal beside it (a data struct's `__record!` line, a string enum's `wire_enum!`
//! entry, an argument reader's `KEYS`), and the runtime's writers and readers go by that literal:
//! no generated type derives serde, so no `#[serde(rename)]` carries a key. Every name is checked
//! against the others of its namespace: two things the author named alike are reported, never
//! merged; generated names that collide are made distinct where that is deterministic and
//! reported where only the author can choose.

mod convert;
mod distinct;
mod modules;
mod namespace;
mod presenters;
mod tools;
mod types;

use crate::diagnostics::Diagnostic;
use crate::model::{Model, TypeId};
pub use convert::{is_keyword, type_name, value_name};
pub use tools::ToolNames;

/// The Rust names of everything in a [`Model`]: one record per module and one per type, indexed
/// like the model.
#[derive(Debug, Clone, Default)]
pub struct Names {
    /// Per model module.
    pub modules: Vec<ModuleNames>,
    /// Per model type.
    pub types: Vec<TypeNames>,
}

impl Names {
    /// The names of model module `index`.
    pub fn module(&self, index: usize) -> &ModuleNames {
        &self.modules[index]
    }

    /// The names of model type `id`.
    pub fn ty(&self, id: TypeId) -> &TypeNames {
        &self.types[id]
    }
}

/// The names of one module: its own and those of the presenter and tool it declares.
#[derive(Debug, Clone, Default)]
pub struct ModuleNames {
    /// The module identifier.
    pub name: String,
    /// The presenter, when the module has one.
    pub presenter: Option<PresenterNames>,
    /// The tool's items, when the module's file declares a tool.
    pub tool: Option<ToolNames>,
}

/// The names of one type and its members.
#[derive(Debug, Clone, Default)]
pub struct TypeNames {
    /// The type identifier, distinct across the output.
    pub name: String,
    /// Why it is not named from its title, when another type took that name.
    pub note: Option<String>,
    /// A struct's fields, in order; empty for other types.
    pub fields: Vec<FieldNames>,
    /// The variants of an enum, enum of values or union, in order; empty for other types.
    pub variants: Vec<String>,
    /// The field holding a struct's undeclared keys (`additionalProperties`), if kept.
    pub extra: Option<String>,
}

/// The names made from one field of a struct.
#[derive(Debug, Clone, Default)]
pub struct FieldNames {
    /// The field identifier.
    pub name: String,
    /// The struct's associated function serializing the field's censor, written when the field
    /// is redacted.
    pub redactor: String,
    /// The local variable holding the field's value while a tool's arguments are read.
    pub local: String,
}

/// The names of a presenter.
#[derive(Debug, Clone, Default)]
pub struct PresenterNames {
    /// The presenter's unit struct.
    pub name: String,
    /// One associated constant per run of consecutive static item rules, in order.
    pub rules: Vec<String>,
    /// One associated constant per run of consecutive static collection rules, in order.
    pub collection_rules: Vec<String>,
}

/// Assigns every name and checks for collisions across the whole output.
pub fn assign(model: &Model) -> Result<Names, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let module_names = modules::module_names(model, &mut errors);
    let mut types = types::type_names(model, &mut errors);
    let mut tool_errors = Vec::new();
    let modules: Vec<ModuleNames> = model
        .modules
        .iter()
        .zip(module_names)
        .map(|(module, name)| ModuleNames {
            name,
            presenter: module
                .presenter
                .as_ref()
                .map(|p| presenters::presenter_names(p, &types[p.item].name)),
            tool: module
                .tool
                .as_ref()
                .map(|tool| tools::tool_names(model, tool, &module.file, &mut tool_errors)),
        })
        .collect();
    namespace::check(model, &types, &modules, &mut errors);
    for (def, names) in model.types.iter().zip(&mut types) {
        let members = types::member_names(model, def, &mut errors);
        names.fields = members.fields;
        names.variants = members.variants;
        names.extra = members.extra;
    }
    // After the checks that came first before the tools' own moved here from the model, so that
    // those keep their order.
    errors.append(&mut tool_errors);
    if errors.is_empty() {
        Ok(Names { modules, types })
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests;
