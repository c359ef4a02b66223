#![doc = include_str!("../README.md")]
//!
//! # The engine
//!
//! fusion-gen: presenter definitions (JSON Schema with `x-fusion` extensions, YAML or JSON) in,
//! Rust modules out.
//!
//! The engine runs in phases, each a private module: `load` → `validate` → `model` → `naming`
//! → `emit` → `format`; `render` (feature `render`) writes responses from the model and sample
//! data, for `fusion-gen tokens`. It does no I/O: front ends hand it file texts and write what it
//! returns (the CLI in `main.rs`, the build-script API in [`Builder`]).
//!
//! What this crate exports is a facade over the phases (ARCHITECTURE.md, "The facade"): the
//! entry points of generation, [`Builder`], the lockfile, `init-openapi` and `tokens`, and the
//! few types they take and return. The phases' own types stay inside, so that they can change
//! without breaking a build script; `tests/public_surface.rs` keeps the facade small.

mod builder;
mod definition;
mod diagnostics;
mod emit;
mod format;
mod fs;
mod load;
mod lock;
mod model;
mod naming;
mod openapi;
#[cfg(feature = "render")]
mod render;
mod rust_text;
mod source;
mod validate;

// The OpenAPI layer's front door for the phases, under the name it had before it became a folder.
use openapi::operations;

pub use builder::{BuildError, Builder, DEFAULT_FILE_NAME, LockDrift};
pub use definition::meta_schema_text;
pub use diagnostics::{Diagnostic, Diagnostics, Location};
pub use emit::{Layout, OutputFile};
// The front ends' file handling: reading a folder of definitions, and writing generated files
// into a locked output folder only where they changed.
pub use fs::{
    DEFAULT_MAX_FILE_BYTES, apply as write_output, diff as diff_output, foreign_message,
    lock_output, read_definitions_with,
};
// `fuzz/fuzz_targets/load.rs` runs the loader alone on any text.
pub use load::Limits;
#[doc(hidden)]
pub use load::load;
// The capability lockfile's change classes, and its signatures (`lock --sign` / `--verify`).
pub use lock::Class as ChangeClass;
#[cfg(feature = "sign")]
pub use lock::sign::{Invalid as InvalidSignature, PublicKey, SecretKey};
pub use model::MAX_TYPE_DEPTH;
pub use openapi::starter::{Selection, init_openapi};
// `fusion-gen tokens`: what [`Model::measure`] takes and reports.
#[cfg(feature = "render")]
pub use render::DataLayout;
#[cfg(feature = "render")]
pub use render::report::{LayoutSize, PresenterReport, Size, Tokenizer};
pub use source::SourceFile;

/// The file name of the meta-schema inside the input folder; it is not itself a definition.
pub const META_SCHEMA_FILE_NAME: &str = "presenter.schema.json";

/// The `$id` of the meta-schema.
pub const META_SCHEMA_ID: &str = "https://fusion-gen.dev/schemas/presenter.schema.json";

/// How to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The command that regenerates the output, named in every `@generated` header.
    pub command: String,
    /// The path of the runtime crate in generated code; change it when you re-export
    /// `fusion_runtime` from another crate.
    pub runtime_path: String,
    /// Module files (CLI) or one file for `include!` (build scripts).
    pub layout: Layout,
    /// The budgets of one definition file (nesting depth, YAML nodes).
    pub limits: load::Limits,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            command: "fusion-gen".into(),
            runtime_path: "::fusion_runtime".into(),
            layout: Layout::ModuleFiles,
            limits: load::Limits::default(),
        }
    }
}

/// Runs the engine over every definition: the generated files, or every problem found.
///
/// Sources are processed in path order whatever order they come in, so the output depends only
/// on the inputs. Files are checked one by one first, so that one broken file does not hide the
/// problems of the others; later phases run only when every file is sound.
pub fn generate(sources: &[SourceFile], options: &Options) -> Result<Vec<OutputFile>, Diagnostics> {
    generate_with_warnings(sources, options)
        .map(|generated| generated.files)
        .map_err(Diagnostics::without_warnings)
}

/// What a successful run produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The generated files.
    pub files: Vec<OutputFile>,
    /// What the definitions say in a way the generator read in the one way each warning
    /// explains (a repeated `$comment`, a `$ref` found by its last segment, a keyword JSON
    /// Schema ignores): worth showing the author, never a reason to stop.
    pub warnings: Vec<Diagnostic>,
}

/// [`generate`], with the warnings of the run: what front ends that show them (the CLI,
/// [`Builder`]) call. A failed run's diagnostics hold its warnings too, before the errors: a
/// warning may be what explains an error (an error naming a key that a warning says can never
/// be present points at that warning).
pub fn generate_with_warnings(
    sources: &[SourceFile],
    options: &Options,
) -> Result<Generated, Diagnostics> {
    on_big_stack(&options.limits, || generate_here(sources, options))
}

/// Runs the phases up to the model over every definition: what the definitions describe, or
/// every problem found (the same diagnostics [`generate`] reports for them). Front ends that
/// render responses without generating code (`fusion-gen tokens`) start from it.
pub fn resolve_model(sources: &[SourceFile]) -> Result<Model, Diagnostics> {
    let limits = load::Limits::default();
    on_big_stack(&limits, || {
        resolve_here(sources, &limits).map(|(model, _)| model)
    })
    .map(Model)
    .map_err(Diagnostics::without_warnings)
}

/// What the definitions describe ([`resolve_model`]), kept opaque: the model's shape is the
/// engine's to change, so callers ask it questions instead of reading its fields. A module is
/// named by its index, which [`Model::find_presenter`] returns.
#[derive(Debug, Clone)]
pub struct Model(model::Model);

impl Model {
    /// The definition file of `module`, as its [`SourceFile`] path.
    pub fn file(&self, module: usize) -> &str {
        &self.0.modules[module].file
    }

    /// The Rust name of each type made from `file`, by the JSON pointer of its schema there: what
    /// a test that checks a description's examples against the generated types looks up.
    ///
    /// # Errors
    /// The naming conflicts [`generate`] would report.
    pub fn type_names(&self, file: &str) -> Result<Vec<(String, String)>, Diagnostics> {
        let names = naming::assign(&self.0).map_err(Diagnostics)?;
        Ok(self
            .0
            .types
            .iter()
            .zip(&names.types)
            .filter(|(ty, _)| self.0.modules[ty.module].file == file)
            .map(|(ty, names)| (ty.pointer.clone(), names.name.clone()))
            .collect())
    }
}

/// Responses written from the model and sample data, without generating code: what
/// `fusion-gen tokens` measures, and what tests compare with generated presenters.
#[cfg(feature = "render")]
impl Model {
    /// The module whose presenter `name` names: its title (any case), its file without
    /// extension, or that file's last segment when no other presenter file shares it.
    ///
    /// # Errors
    /// A message naming the closest presenter, or listing them all.
    pub fn find_presenter(&self, name: &str) -> Result<usize, String> {
        render::find_presenter(&self.0, name)
    }

    /// The title of `module`'s presenter, if it has one.
    pub fn presenter_title(&self, module: usize) -> Option<&str> {
        let presenter = self.0.modules[module].presenter.as_ref();
        presenter.map(|p| p.title.as_str())
    }

    /// The data layout `module`'s presenter declares (`data-format`), if it has a presenter.
    pub fn declared_layout(&self, module: usize) -> Option<DataLayout> {
        let presenter = self.0.modules[module].presenter.as_ref();
        presenter.map(|p| DataLayout::declared(p.behaviour.data_format))
    }

    /// `data` checked as the generated `Deserialize` of `module`'s presenter checks it.
    ///
    /// # Errors
    /// The first value it would refuse, with its JSON pointer.
    pub fn check_sample(
        &self,
        module: usize,
        data: &serde_json::Value,
    ) -> Result<render::Sample, render::SampleError> {
        render::check_sample(&self.0, module, data)
    }

    /// How many items `module`'s presenter shows of `total` (its agent limit).
    pub fn kept_count(&self, module: usize, total: usize) -> usize {
        render::kept_count(&self.0, module, total)
    }

    /// The `k` fields with the most non-null values in `sample`: the typical `_select`.
    pub fn most_used_fields(
        &self,
        module: usize,
        sample: &render::Sample,
        k: usize,
    ) -> Vec<String> {
        render::report::most_used_fields(&self.0, module, sample, k)
    }

    /// The response's text blocks for `sample`, as `module`'s presenter builds them with no
    /// hooks, its data block in `layout` and cut to `selection`'s root keys when given.
    pub fn render(
        &self,
        module: usize,
        sample: &render::Sample,
        layout: DataLayout,
        selection: Option<&[String]>,
    ) -> Vec<String> {
        render::render(&self.0, module, sample, layout, selection)
    }

    /// Renders `sample` in every layout, with and without the typical `_select` of `k` fields,
    /// and measures every block with every tokenizer; `step` is called after each rendering.
    pub fn measure(
        &self,
        module: usize,
        sample: &render::Sample,
        k: usize,
        tokenizers: &[Tokenizer<'_>],
        step: &mut dyn FnMut(),
    ) -> PresenterReport {
        render::report::measure(&self.0, module, sample, k, tokenizers, step)
    }
}

/// The tool surface the definitions describe, for the capability lockfile (`lock`): the same
/// model and schema writers [`generate`] uses, so the lockfile states what the generated server
/// advertises. Fails with the diagnostics [`generate`] would report.
pub fn lock_surface(
    sources: &[SourceFile],
    limits: &load::Limits,
) -> Result<lock::Lockfile, Diagnostics> {
    on_big_stack(limits, || {
        let (model, definitions) = resolve_here(sources, limits)?;
        let names =
            naming::assign(&model).map_err(|found| Diagnostics(locate(found, &definitions)))?;
        Ok(lock::Lockfile::from_model(&model, &names))
    })
    .map_err(Diagnostics::without_warnings)
}

/// Runs `phases` on a thread with a stack large enough for the deepest definitions.
fn on_big_stack<T: Send>(
    limits: &load::Limits,
    phases: impl FnOnce() -> Result<T, Diagnostics> + Send + Copy,
) -> Result<T, Diagnostics> {
    // The parser and the phases recurse once per nesting level, and an unoptimised build (a
    // build script's, a `cargo run`) spends tens of KiB of stack per level: a definition at the
    // depth budget needs more than the 2 MiB of a test or build thread. The stack is only
    // reserved, so a large one costs nothing until used; if no thread can be made, run here.
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("fusion-gen".into())
            .stack_size(stack_bytes(limits))
            .spawn_scoped(scope, phases)
            .map_or_else(
                |_| phases(),
                |thread| {
                    thread
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                },
            )
    })
}

/// The stack of the thread [`generate`] runs on: enough for [`load::DEPTH_BUDGET`] levels in an
/// unoptimised build (measured: about 40 KiB a level), with room to spare.
const GENERATE_STACK_BYTES: usize = 256 * 1024 * 1024;

/// The stack for a depth budget: [`GENERATE_STACK_BYTES`], or 128 KiB a level (three times the
/// measured cost) for a budget raised past the default.
fn stack_bytes(limits: &load::Limits) -> usize {
    GENERATE_STACK_BYTES.max(limits.depth() * 128 * 1024)
}

fn generate_here(sources: &[SourceFile], options: &Options) -> Result<Generated, Diagnostics> {
    let (model, definitions) = resolve_here(sources, &options.limits)?;
    let mut warnings: Vec<Diagnostic> = definitions
        .iter()
        .flat_map(|(document, _)| document.warnings.iter().cloned())
        .chain(model.warnings.iter().cloned())
        .collect();
    warnings.sort_by(|a, b| (&a.file, a.location).cmp(&(&b.file, b.location)));
    let located = |found: Vec<Diagnostic>| with_warnings(locate(found, &definitions), &warnings);
    let names = naming::assign(&model).map_err(located)?;
    let settings = emit::EmitSettings {
        command: &options.command,
        runtime_path: &options.runtime_path,
        layout: &options.layout,
    };
    // One source per module, in the model's order: the files as read, and the presenters
    // written for OpenAPI responses ([`operations`]).
    let _ = sources;
    let sources: Vec<SourceFile> = definitions
        .iter()
        .map(|(document, _)| SourceFile::new(document.path.clone(), document.text.clone()))
        .collect();
    let files = emit::emit(&model, &names, &sources, &settings).map_err(located)?;
    Ok(Generated { files, warnings })
}

/// The definitions loaded and checked, with the model they resolve to.
type Resolved = (model::Model, Vec<(load::Document, definition::Schema)>);

fn resolve_here(sources: &[SourceFile], limits: &load::Limits) -> Result<Resolved, Diagnostics> {
    let mut sources = sources.to_vec();
    sources.sort_by(|a, b| a.path.cmp(&b.path));
    let meta_schema = validate::MetaSchema::new().map_err(|d| Diagnostics(vec![d]))?;
    let openapi_schema = validate::MetaSchema::openapi().map_err(|d| Diagnostics(vec![d]))?;
    let mut errors = Vec::new();
    let mut definitions = Vec::new();
    // Files that cannot be read at all: `$ref`s into them are not reported again.
    let mut broken = Vec::new();
    // Per file that failed the meta-schema: the pointers cut out of it so that the rest could
    // still be checked; later errors at or around them repeat the first and are dropped.
    let mut pruned: Vec<(String, Vec<String>)> = Vec::new();
    // Meta-schema errors in OpenAPI components: reported only for the components definitions
    // reach, so that a large API's description need not be sound where nothing uses it.
    let mut in_components = Vec::new();
    // Every file loaded first: a tool file that binds OpenAPI operations is expanded against
    // the documents as written (their `paths`), before they are cut down to their schemas.
    let loaded: Vec<Result<(load::Document, Option<openapi::Version>), Diagnostic>> = sources
        .iter()
        .map(|source| {
            load::load_with(source, limits).and_then(|document| {
                match openapi::recognise(&document) {
                    None => Ok((document, None)),
                    Some(Ok(version)) => {
                        let mut document = document;
                        openapi::inline_schema_refs(&mut document);
                        Ok((document, Some(version)))
                    }
                    Some(Err(unreadable)) => Err(unreadable),
                }
            })
        })
        .collect();
    let (mut loaded, expanded) = expand_operations(loaded, limits);
    let mut warnings_of_operations = Vec::new();
    for diagnostic in expanded.diagnostics {
        if diagnostic.is_warning() {
            warnings_of_operations.push(diagnostic);
        } else {
            errors.push(diagnostic);
        }
    }
    loaded.extend(expanded.documents.into_iter().map(|d| Ok((d, None))));
    loaded.sort_by(|a, b| path_of(a).cmp(path_of(b)));
    // Per description, what normalising drops: the operations, for diagnostics to name.
    let mut operations_of: std::collections::HashMap<String, serde_json::Value> =
        std::collections::HashMap::new();
    for loaded in loaded {
        let source_path = path_of(&loaded).to_owned();
        // An OpenAPI document is a library of schemas for definitions to `$ref`, not a
        // definition: only its component schemas are read, against their own meta-schema.
        let loaded = loaded
            .map(|(document, version)| match version {
                None => (document, &meta_schema),
                Some(version) => {
                    let mut document = document;
                    let rest = openapi::take_operations(&mut document);
                    operations_of.insert(document.path.clone(), rest);
                    (openapi::normalise(document, version), &openapi_schema)
                }
            })
            .map(|(mut document, meta_schema)| {
                validate::ignore_unknown_keywords(&mut document);
                (document, meta_schema)
            });
        match loaded {
            Ok((document, meta_schema)) => match meta_schema.check(&document) {
                Ok(schema) => definitions.push((document, schema)),
                Err(found) => {
                    let cut: Vec<String> = found.iter().map(|d| d.pointer.clone()).collect();
                    match validate::without(meta_schema, &document, &cut) {
                        Some((rest, schema)) => {
                            pruned.push((document.path.clone(), cut));
                            if schema.components.is_some() {
                                in_components.extend(found.iter().cloned());
                            } else {
                                errors.extend(found.iter().cloned());
                            }
                            definitions.push((rest, schema));
                        }
                        None => {
                            broken.push(document.path.clone());
                            errors.extend(found.iter().cloned());
                        }
                    }
                }
            },
            Err(found) => {
                broken.push(source_path);
                errors.push(found);
            }
        }
    }
    if let Some((document, _)) = definitions.first_mut() {
        document.warnings.append(&mut warnings_of_operations);
    }
    let located = |found: Vec<Diagnostic>| locate(found, &definitions);
    // A vendor's description is read for what its bound actions reach: its diagnostics name
    // the action, and those of presenters written for responses move to the description.
    let attribute = |found: &mut Vec<Diagnostic>| {
        openapi::reach::attribute(
            found,
            &expanded.bindings,
            &expanded.origins,
            &operations_of,
            definitions.iter().map(|(document, _)| document),
        );
    };
    let mut warnings: Vec<Diagnostic> = definitions
        .iter()
        .flat_map(|(document, _)| document.warnings.iter().cloned())
        .collect();
    // Semantic checks run on every file that could be read, so one run reports everything.
    let resolved = model::resolve(
        &definitions,
        &broken,
        &in_components,
        &pruned,
        &expanded.bindings,
    );
    let model = match resolved {
        Ok(model) if errors.is_empty() => model,
        Ok(model) => {
            warnings.extend(model.warnings);
            attribute(&mut errors);
            attribute(&mut warnings);
            errors.sort_by(|a, b| a.file.cmp(&b.file));
            return Err(with_warnings(errors, &warnings));
        }
        Err(found) => {
            let (found_warnings, found): (Vec<_>, Vec<_>) =
                found.into_iter().partition(Diagnostic::is_warning);
            warnings.extend(found_warnings);
            errors.extend(
                located(found)
                    .into_iter()
                    .filter(|d| in_components.contains(d) || !repeats(d, &pruned)),
            );
            attribute(&mut errors);
            attribute(&mut warnings);
            // Files in path order, each file's errors in the order they were found.
            errors.sort_by(|a, b| a.file.cmp(&b.file));
            return Err(with_warnings(errors, &warnings));
        }
    };
    Ok((model, definitions))
}

/// A failed run's diagnostics: its warnings in file and location order (a warning may explain
/// an error), then its errors.
fn with_warnings(errors: Vec<Diagnostic>, warnings: &[Diagnostic]) -> Diagnostics {
    let mut all: Vec<Diagnostic> = warnings.to_vec();
    all.sort_by(|a, b| (&a.file, a.location).cmp(&(&b.file, b.location)));
    all.dedup();
    all.extend(errors);
    Diagnostics(all)
}

/// The path of a loaded file, or of the file that could not be loaded.
fn path_of(loaded: &Result<(load::Document, Option<openapi::Version>), Diagnostic>) -> &str {
    match loaded {
        Ok((document, _)) => &document.path,
        Err(problem) => &problem.file,
    }
}

/// Expands the tool files that bind OpenAPI operations ([`operations::expand`]).
#[allow(clippy::type_complexity)]
fn expand_operations(
    mut loaded: Vec<Result<(load::Document, Option<openapi::Version>), Diagnostic>>,
    limits: &load::Limits,
) -> (
    Vec<Result<(load::Document, Option<openapi::Version>), Diagnostic>>,
    operations::Expanded,
) {
    let (documents, mut tools): (Vec<_>, Vec<_>) = loaded
        .iter_mut()
        .filter_map(|l| l.as_mut().ok())
        .partition(|(_, version)| version.is_some());
    let documents: operations::Documents<'_> = documents
        .iter()
        .filter_map(|(d, v)| Some((d.path.as_str(), (d, (*v)?))))
        .collect();
    let mut tools: Vec<&mut load::Document> = tools.iter_mut().map(|(d, _)| d).collect();
    let expanded = operations::expand(&mut tools, &documents, limits);
    (loaded, expanded)
}

/// Whether `diagnostic` is about a place cut out of its file after a meta-schema error (or one
/// that holds it): the meta-schema error already says what is wrong there.
fn repeats(diagnostic: &Diagnostic, pruned: &[(String, Vec<String>)]) -> bool {
    let inside =
        |outer: &str, inner: &str| inner == outer || inner.starts_with(&format!("{outer}/"));
    pruned
        .iter()
        .filter(|(file, _)| *file == diagnostic.file)
        .flat_map(|(_, cut)| cut)
        .any(|cut| inside(cut, &diagnostic.pointer) || inside(&diagnostic.pointer, cut))
}

/// Fills in the line and column of diagnostics that only know their file and pointer.
fn locate(
    mut found: Vec<Diagnostic>,
    definitions: &[(load::Document, definition::Schema)],
) -> Vec<Diagnostic> {
    for diagnostic in found.iter_mut().filter(|d| d.location.is_none()) {
        let document = definitions
            .iter()
            .map(|(d, _)| d)
            .find(|d| d.path == diagnostic.file);
        diagnostic.location = document.map(|d| d.locate(&diagnostic.pointer));
    }
    found
}
