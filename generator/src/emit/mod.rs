//! Phase 5, emit: askama templates (`templates/`) render the model into Rust text, which
//! [`crate::format`] parses and pretty-prints.

pub mod behaviour;
pub mod code;
mod computed;
mod condition;
mod doc_code;
mod doc_prose;
mod docs;
pub mod lints;
mod members;
mod record;
pub mod schema_defs;
pub(crate) mod sha256;
pub mod tool_args;
mod tool_http;
pub(crate) mod tool_schema;
pub mod tools;
pub mod toon;
mod ui;
mod uses;
pub mod view;

use std::collections::BTreeSet;

use crate::diagnostics::Diagnostic;
use crate::format::{format_rust, header};
use crate::model::{FieldType, Model, TypeKind};
use crate::naming::Names;
use crate::source::SourceFile;
use code::{InternalError, Literal, Runtime};
use view::{ModuleView, RootModule, RootView};

/// How the output is laid out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Layout {
    /// `mod.rs` plus one file per definition (the CLI's `generated/` folder).
    ModuleFiles,
    /// One file holding every module inline, for `include!` from a build script's `OUT_DIR`.
    SingleFile {
        /// The file name, e.g. `fusion_generated.rs`.
        file_name: String,
    },
}

/// One generated file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputFile {
    /// Path relative to the output folder, `/`-separated.
    pub path: String,
    /// The file's complete text.
    pub contents: String,
}

/// What the emitter needs besides the model.
pub struct EmitSettings<'a> {
    /// The command named in the `@generated` header.
    pub command: &'a str,
    /// The runtime crate's path in generated code.
    pub runtime_path: &'a str,
    /// File layout.
    pub layout: &'a Layout,
}

/// Renders every module and the root.
pub fn emit(
    model: &Model,
    names: &Names,
    sources: &[SourceFile],
    settings: &EmitSettings<'_>,
) -> Result<Vec<OutputFile>, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut files = Vec::new();
    let mut root_modules = Vec::new();
    let argument_types = tool_args::argument_types(model);
    let def_keys = schema_defs::def_keys(model, names);
    let data_types = model.data_types();
    let rt = Runtime::new(settings.runtime_path).ok_or_else(|| {
        vec![Diagnostic::error(
            "",
            "",
            format!(
                "the runtime path `{}` is not Rust (a path such as `::fusion_runtime`)",
                settings.runtime_path
            ),
        )]
    })?;
    for (index, owned) in argument_types.iter().enumerate() {
        let rendered =
            render_module(model, names, index, &rt, &data_types).and_then(|(head, module)| {
                // The tool's items follow the module's types, in the same module.
                let tool = tools::render(model, names, index, &rt, &def_keys)?;
                let mut text = match tool {
                    Some(tool) => format!("{module}\n{tool}"),
                    None => module,
                };
                let owned = (owned.as_slice(), data_types.as_slice());
                let arg_impls = tool_args::arg_impls(model, names, index, owned, &rt)?;
                if !arg_impls.is_empty() {
                    text.push('\n');
                    text.push_str(&code::render(&tool_args::ArgImplsTemplate {
                        rt: rt.clone(),
                        arg_impls,
                    })?);
                }
                Ok((head, text))
            });
        let (
            ModuleHead {
                name: module_name,
                mut exports,
            },
            rendered,
        ) = match rendered {
            Ok(rendered) => rendered,
            Err(error) => {
                let file = &model.modules[index].file;
                errors.push(Diagnostic::error(file, "", error.to_string()));
                continue;
            }
        };
        if let Some(tool_names) = &names.module(index).tool {
            exports.extend(
                [
                    &tool_names.args,
                    &tool_names.call,
                    &tool_names.handler,
                    &tool_names.served,
                ]
                .map(|name| code::ident(name)),
            );
            exports.extend(tool_names.select.as_ref().map(|s| code::ident(&s.name)));
            exports.sort();
        }
        let depends_on = dependencies(model, index);
        let module_sources: Vec<&SourceFile> = depends_on.iter().map(|&i| &sources[i]).collect();
        let path = format!("{module_name}.rs");
        let file = (!path.is_ascii()).then(|| code::literal(&path));
        match settings.layout {
            Layout::ModuleFiles => match format_rust(&path, &rendered) {
                Ok(body) => {
                    let head = header(
                        settings.command,
                        &[model.modules[index].file.as_str()],
                        &inputs_hash(&module_sources),
                    );
                    files.push(OutputFile {
                        path,
                        contents: format!("{head}{body}"),
                    });
                }
                Err(error) => errors.push(error),
            },
            Layout::SingleFile { .. } => {}
        }
        root_modules.push(RootModule {
            file,
            name: module_name,
            body: rendered,
            exports,
        });
    }
    let (root_path, inline) = match settings.layout {
        Layout::ModuleFiles => ("mod.rs".to_owned(), false),
        Layout::SingleFile { file_name } => (file_name.clone(), true),
    };
    let root = code::render(&RootView {
        rt: rt.clone(),
        contract: Literal::u32_unsuffixed(fusion_runtime::CONTRACT),
        generator: code::literal(concat!("fusion-gen ", env!("CARGO_PKG_VERSION"))),
        runtime_version: code::literal(fusion_runtime::VERSION),
        command: code::literal(settings.command),
        inline,
        allow_deprecated: model.has_deprecated(),
        allowed_lints: lints::attribute_list(),
        modules: root_modules,
    })
    .map_err(|err| vec![Diagnostic::error("", "", err.to_string())])?;
    match format_rust(&root_path, &root) {
        Ok(body) => {
            let all: Vec<&SourceFile> = sources.iter().collect();
            let all_paths: Vec<&str> = sources.iter().map(|s| s.path.as_str()).collect();
            let head = header(settings.command, &all_paths, &inputs_hash(&all));
            let lints = lints::header_comment();
            files.push(OutputFile {
                path: root_path,
                contents: format!("{head}{lints}{body}"),
            });
        }
        Err(error) => errors.push(error),
    }
    if errors.is_empty() {
        files.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(files)
    } else {
        Err(errors)
    }
}

/// The view of module `index` and its rendered text (without its tool, which comes after).
fn render_module(
    model: &Model,
    names: &Names,
    index: usize,
    rt: &Runtime,
    data_types: &[bool],
) -> Result<(ModuleHead, String), InternalError> {
    let data = view::module_view(model, names, index, rt, data_types)?;
    let head = ModuleHead {
        name: data.name.clone(),
        exports: data.exports.clone(),
    };
    let module = &model.modules[index];
    let text = code::render(&ModuleView {
        rt: rt.clone(),
        uses_runtime: !data.items.is_empty() || data.presenter.is_some() || module.tool.is_some(),
        module: data,
    })?;
    Ok((head, text))
}

/// What the root needs of a module: its name and the names it re-exports.
struct ModuleHead {
    name: code::Ident,
    exports: Vec<code::Ident>,
}

/// The modules whose definitions shape module `index`'s text: itself and every module whose
/// types it uses, transitively (a renamed type elsewhere changes this module's paths).
fn dependencies(model: &Model, index: usize) -> BTreeSet<usize> {
    let mut seen = BTreeSet::from([index]);
    let mut stack = vec![index];
    while let Some(module) = stack.pop() {
        // A tool's module names its presenters (paths, field indices, `_select` keys).
        let returns = model.modules[module].tool.iter().flat_map(|t| &t.actions);
        for owner in returns.filter_map(|a| a.returns).map(|r| r.module) {
            if seen.insert(owner) {
                stack.push(owner);
            }
        }
        for &id in &model.modules[module].types {
            let def = &model.types[id];
            let held: Vec<&FieldType> = match &def.kind {
                TypeKind::Struct { fields } => fields
                    .iter()
                    .map(|f| &f.ty)
                    .chain(def.extra.as_ref())
                    .collect(),
                TypeKind::Union { variants, .. } => variants.iter().map(|v| &v.ty).collect(),
                TypeKind::Tuple { elements, .. } => elements.iter().collect(),
                TypeKind::Enum { .. } | TypeKind::Literals { .. } => continue,
            };
            for owner in held.into_iter().filter_map(|ty| ty.named()) {
                let owner = model.types[owner].module;
                if seen.insert(owner) {
                    stack.push(owner);
                }
            }
        }
    }
    seen
}

/// SHA-256 over each input's path and text, length-prefixed so that no two input sets collide.
fn inputs_hash(sources: &[&SourceFile]) -> String {
    let mut hasher = sha256::Sha256::new();
    for source in sources {
        for part in [source.path.as_bytes(), source.text.as_bytes()] {
            hasher.update(&(part.len() as u64).to_le_bytes());
            hasher.update(part);
        }
    }
    hasher.finalize_hex()
}
