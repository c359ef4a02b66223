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
    lockfile: Option<(PathBuf, LockDrift)>,
}

/// What [`Builder::lockfile`] does when the surface drifts from the committed lockfile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LockDrift {
    /// Fail the build with the classified changes ([`BuildError::LockDrift`]).
    #[default]
    Fail,
    /// Build, and print each change as a `cargo:warning=` line.
    Warn,
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
            lockfile: None,
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
    /// 512, `DEPTH_BUDGET`; at most 8192, `MAX_DEPTH_BUDGET`).
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

    /// Checks the tool surface against a committed capability lockfile (written by
    /// `fusion-gen lock <input> -o <path>`; relative to the crate's manifest folder), so that a
    /// changed definition or API description cannot ship unseen: on drift the build fails with
    /// every change classified, nothing generated. [`Builder::lockfile_drift`] makes it a warning.
    #[must_use]
    pub fn lockfile(mut self, path: impl AsRef<Path>) -> Self {
        let on_drift = self.lockfile.as_ref().map(|(_, d)| *d).unwrap_or_default();
        self.lockfile = Some((path.as_ref().to_path_buf(), on_drift));
        self
    }

    /// What a drift from [`Builder::lockfile`] does: fail the build (the default) or warn.
    #[must_use]
    pub fn lockfile_drift(mut self, on_drift: LockDrift) -> Self {
        if let Some((_, drift)) = &mut self.lockfile {
            *drift = on_drift;
        }
        self
    }

    /// Generates the file and returns its path. Nothing is written when a definition has errors.
    ///
    /// # Errors
    /// When the definitions have errors (every one is in the error, rendered with snippets, after
    /// the run's warnings), or
    /// when files cannot be read or written.
    pub fn compile(self) -> Result<PathBuf, BuildError> {
        let out_dir = match self.out_dir.clone() {
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
            let files = sources.iter().map(|source| self.input.join(&source.path));
            for path in folders.iter().cloned().chain(files) {
                rerun_if_changed(&path, &self.input);
            }
        }
        let options = Options {
            command: format!(
                "fusion_gen::Builder (build script, input {})",
                self.input.display()
            ),
            runtime_path: self.runtime_path.clone(),
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
        if let Some((path, on_drift)) = &self.lockfile {
            self.check_lockfile(&sources, path, *on_drift)?;
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

impl Builder {
    /// Compares the surface with the lockfile at `path`; a drift is an error or warnings.
    fn check_lockfile(
        &self,
        sources: &[SourceFile],
        path: &Path,
        on_drift: LockDrift,
    ) -> Result<(), BuildError> {
        if self.emit_rerun_if_changed {
            rerun_if_changed(path, &self.input);
        }
        let accept = format!(
            "fusion-gen lock {} -o {}",
            self.input.display(),
            path.display()
        );
        // The definitions already generated without error, so the surface resolves too.
        let surface = crate::lock_surface(sources, &self.limits).map_err(|diagnostics| {
            BuildError::Definitions {
                diagnostics,
                sources: sources.to_vec(),
            }
        })?;
        let drift = match std::fs::read_to_string(path) {
            Err(error) => format!(
                "cannot read the lockfile {}: {error}; run `{accept}` to write it",
                path.display()
            ),
            Ok(text) => match surface.check(&text) {
                Err(error) => format!("{}: {error}", path.display()),
                Ok(report) if report.matches() => return Ok(()),
                Ok(report) => format!(
                    "the tool surface drifted from {}:\n{report}review, then run `{accept}` to accept",
                    path.display()
                ),
            },
        };
        match on_drift {
            LockDrift::Fail => Err(BuildError::LockDrift(drift)),
            LockDrift::Warn => {
                for line in drift.lines() {
                    println!("cargo:warning=fusion-gen: {line}");
                }
                Ok(())
            }
        }
    }
}

/// Prints `cargo:rerun-if-changed` for `path` ([`rerun_line`]).
fn rerun_if_changed(path: &Path, fallback: &Path) {
    if let Some(line) = rerun_line(path, fallback) {
        println!("{line}");
    }
}

/// The `cargo:rerun-if-changed` line for `path`. Cargo reads a build script's output a line at
/// a time, so a file name holding a line break would end the directive and start another of
/// the name's choosing (`cargo:rustc-link-arg=…`): such a path is watched through `fallback`,
/// the input folder, instead (and not at all if that too holds one).
fn rerun_line(path: &Path, fallback: &Path) -> Option<String> {
    let breaks = |path: &Path| path.to_string_lossy().contains(['\n', '\r']);
    let watched = if breaks(path) { fallback } else { path };
    (!breaks(watched)).then(|| format!("cargo:rerun-if-changed={}", watched.display()))
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
    /// The tool surface drifted from the committed lockfile ([`Builder::lockfile`]): every
    /// change, classified.
    LockDrift(String),
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
            BuildError::Io(message) | BuildError::LockDrift(message) => {
                write!(f, "fusion-gen: {message}")
            }
        }
    }
}

impl fmt::Debug for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for BuildError {}

#[cfg(test)]
mod tests {
    use super::rerun_line;
    use std::path::Path;

    #[test]
    fn a_file_name_with_a_line_break_cannot_add_a_cargo_directive() {
        let input = Path::new("schemas");
        assert_eq!(
            rerun_line(Path::new("schemas/pet.yaml"), input).as_deref(),
            Some("cargo:rerun-if-changed=schemas/pet.yaml")
        );
        assert_eq!(
            rerun_line(
                Path::new("schemas/a\ncargo:rustc-link-arg=-evil.yaml"),
                input
            )
            .as_deref(),
            Some("cargo:rerun-if-changed=schemas")
        );
        assert_eq!(rerun_line(Path::new("x\ry"), Path::new("in\nput")), None);
    }
}
