//! The build-script front end: generate into `OUT_DIR` and `include!` the result.
//!
//! ```no_run
//! // build.rs
//! fn main() -> Result<(), fusion_gen::BuildError> {
//!     fusion_gen::Builder::new().input("schemas").compile()?;
//!     Ok(())
//! }
//! ```
//! and in the crate, inside a module: `fusion_runtime::include_generated!();` (the same as
//! `include!(concat!(env!("OUT_DIR"), "/fusion_generated.rs"));`). The crate
//! `examples/build-script` is a complete, tested example.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::emit::Layout;
use crate::source::SourceFile;
use crate::{Diagnostics, Options, fs, generate_with_warnings};

/// The default name of the generated file in `OUT_DIR`.
pub const DEFAULT_FILE_NAME: &str = "fusion_generated.rs";

/// Configures generation from a build script.
#[derive(Debug, Clone)]
pub struct Builder {
    input: PathBuf,
    out_dir: Option<PathBuf>,
    file_name: String,
    runtime_path: String,
    emit_rerun_if_changed: bool,
    emit_warnings: bool,
    limits: crate::load::Limits,
    max_file_bytes: u64,
}

impl Default for Builder {
    fn default() -> Self {
        Builder {
            input: PathBuf::from("schemas"),
            out_dir: None,
            file_name: DEFAULT_FILE_NAME.into(),
            runtime_path: Options::default().runtime_path,
            emit_rerun_if_changed: true,
            emit_warnings: true,
            limits: crate::load::Limits::default(),
            max_file_bytes: fs::DEFAULT_MAX_FILE_BYTES,
        }
    }
}

impl Builder {
    /// A builder reading `schemas/` and writing `$OUT_DIR/fusion_generated.rs`.
    pub fn new() -> Self {
        Self::default()
    }

    /// The folder of definitions, relative to the crate's manifest folder.
    #[must_use]
    pub fn input(mut self, folder: impl AsRef<Path>) -> Self {
        self.input = folder.as_ref().to_path_buf();
        self
    }

    /// Where to write instead of `OUT_DIR`.
    #[must_use]
    pub fn out_dir(mut self, folder: impl AsRef<Path>) -> Self {
        self.out_dir = Some(folder.as_ref().to_path_buf());
        self
    }

    /// The generated file's name (default `fusion_generated.rs`).
    #[must_use]
    pub fn file_name(mut self, name: impl Into<String>) -> Self {
        self.file_name = name.into();
        self
    }

    /// The runtime crate's path in generated code, for crates that re-export `fusion_runtime`.
    #[must_use]
    pub fn runtime_path(mut self, path: impl Into<String>) -> Self {
        self.runtime_path = path.into();
        self
    }

    /// Whether to print `cargo:rerun-if-changed` lines (on by default; off outside build scripts).
    #[must_use]
    pub fn emit_rerun_if_changed(mut self, emit: bool) -> Self {
        self.emit_rerun_if_changed = emit;
        self
    }

    /// Whether to print the definitions' warnings as `cargo:warning=` lines, which cargo shows
    /// for the crate, and to show them above the errors of a failed run in [`BuildError`] (on
    /// by default; off where the warnings are expected and checked elsewhere).
    #[must_use]
    pub fn emit_warnings(mut self, emit: bool) -> Self {
        self.emit_warnings = emit;
        self
    }

    /// How deeply mappings and sequences may nest in a definition (default
    /// [`crate::load::DEPTH_BUDGET`], 512; at most [`crate::load::MAX_DEPTH_BUDGET`]).
    #[must_use]
    pub fn max_depth(mut self, levels: usize) -> Self {
        self.limits.max_depth = levels;
        self
    }

    /// How many nodes a YAML definition may expand to, aliases counted each time (default: 2 a
    /// byte of the file, at least 250,000; see [`crate::load::Limits::max_nodes`]).
    #[must_use]
    pub fn max_nodes(mut self, nodes: usize) -> Self {
        self.limits.max_nodes = Some(nodes);
        self
    }

    /// The largest definition file read, in bytes (default [`fs::DEFAULT_MAX_FILE_BYTES`],
    /// 64 MiB).
    #[must_use]
    pub fn max_file_size(mut self, bytes: u64) -> Self {
        self.max_file_bytes = bytes;
        self
    }

    /// Generates the file and returns its path. Nothing is written when a definition has errors.
    ///
    /// # Errors
    /// When the definitions have errors (every one is in the error, rendered with snippets, after
    /// the run's warnings), or
    /// when files cannot be read or written.
    pub fn compile(self) -> Result<PathBuf, BuildError> {
        let out_dir = match self.out_dir {
            Some(dir) => dir,
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or_else(|| {
                    BuildError::Io(
                        "OUT_DIR is not set: call `compile` from a build script, or set `out_dir`"
                            .into(),
                    )
                })?,
        };
        let (sources, folders) = fs::read_definitions_with(&self.input, self.max_file_bytes)
            .map_err(|e| BuildError::Io(format!("cannot read the definitions: {e}")))?;
        if self.emit_rerun_if_changed {
            for folder in &folders {
                println!("cargo:rerun-if-changed={}", folder.display());
            }
            for source in &sources {
                println!(
                    "cargo:rerun-if-changed={}",
                    self.input.join(&source.path).display()
                );
            }
        }
        let options = Options {
            command: format!(
                "fusion_gen::Builder (build script, input {})",
                self.input.display()
            ),
            runtime_path: self.runtime_path,
            layout: Layout::SingleFile {
                file_name: self.file_name.clone(),
            },
            limits: self.limits,
        };
        // The error holds the run's warnings too (one may explain an error), unless they are
        // not wanted.
        let emit_warnings = self.emit_warnings;
        let generated = generate_with_warnings(&sources, &options).map_err(|diagnostics| {
            BuildError::Definitions {
                diagnostics: if emit_warnings {
                    diagnostics
                } else {
                    diagnostics.without_warnings()
                },
                sources: sources.clone(),
            }
        })?;
        // Cargo shows a build script's `cargo:warning=` lines, one line each.
        for warning in generated.warnings.iter().filter(|_| self.emit_warnings) {
            println!("cargo:warning={}", warning.to_string().replace('\n', " "));
        }
        let files = generated.files;
        // Held until the file is written: another build writing to the same folder waits.
        let _lock = fs::lock_output(&out_dir, |lock| {
            eprintln!(
                "fusion-gen: waiting for another run writing here ({})",
                lock.display()
            );
        })
        .map_err(|e| BuildError::Io(e.to_string()))?;
        let changes = fs::diff(&out_dir, &files).map_err(|e| BuildError::Io(e.to_string()))?;
        // Only the file this builder owns: other generated files in OUT_DIR may belong to another
        // builder of the same build script.
        let changes = fs::Changes {
            removed: Vec::new(),
            ..changes
        };
        fs::apply(&out_dir, &files, &changes).map_err(|e| BuildError::Io(e.to_string()))?;
        Ok(out_dir.join(self.file_name))
    }
}

/// Why a build-script generation failed.
///
/// `Debug` prints the same readable text as `Display`, because a build script returning
/// `Result` from `main` prints its error with `Debug`.
pub enum BuildError {
    /// The definitions have errors.
    Definitions {
        /// Every error found, after the run's warnings (unless `emit_warnings(false)`).
        diagnostics: Diagnostics,
        /// The definitions, for snippets.
        sources: Vec<SourceFile>,
    },
    /// A file could not be read or written.
    Io(String),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Definitions {
                diagnostics,
                sources,
            } => {
                let text = diagnostics.render(|path| {
                    sources
                        .iter()
                        .find(|s| s.path == path)
                        .map(|s| s.text.as_str())
                });
                write!(
                    f,
                    "fusion-gen: the presenter definitions have errors\n\n{text}"
                )
            }
            BuildError::Io(message) => write!(f, "fusion-gen: {message}"),
        }
    }
}

impl fmt::Debug for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for BuildError {}
