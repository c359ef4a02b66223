//! The `fusion-gen` command: generate Rust presenters from a folder of definitions.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use fusion_gen::{
    DEFAULT_MAX_FILE_BYTES, Diagnostics, Layout, Limits, Options, diff_output, foreign_message,
    generate_with_warnings, lock_output, read_definitions_with, write_output,
};

/// The subcommands' front ends (file reading, tokenizers, tables); the engine does the rest.
mod cli {
    pub mod init;
    pub mod lock;
    pub mod table;
    pub mod tokens;
}

/// Exit code when `--check` finds the output stale.
const EXIT_STALE: u8 = 1;
/// Exit code when the definitions have errors.
pub(crate) const EXIT_DEFINITIONS: u8 = 3;
/// Exit code when files cannot be read or written.
pub(crate) const EXIT_IO: u8 = 4;
/// Exit code when a file fusion-gen would write exists without its header.
const EXIT_FOREIGN: u8 = 5;

/// Generate typed Rust presenters from presenter definitions (JSON Schema with x-fusion
/// extensions, in YAML or JSON).
#[derive(Debug, Parser)]
#[command(
    name = "fusion-gen",
    version,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = "Exit codes:\n  0  success (with --check: the output is up to date)\n  1  --check: the output is stale; nothing was written\n  2  invalid command line\n  3  the definitions have errors; every one is printed and nothing was written\n  4  a file or folder could not be read or written\n  5  a file in the output folder was not written by fusion-gen (no @generated header) and would be overwritten; nothing was written"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    /// Folder of definitions (*.yaml, *.yml, *.json), read recursively.
    #[arg(required_unless_present = "print_meta_schema")]
    input: Option<PathBuf>,

    /// Folder to write the generated modules to (mod.rs plus one file per definition).
    #[arg(short, long, required_unless_present = "print_meta_schema")]
    output: Option<PathBuf>,

    /// Print the meta-schema of definition files (schemas/presenter.schema.json) and exit.
    #[arg(long, conflicts_with_all = ["input", "output", "check"])]
    print_meta_schema: bool,

    /// Write nothing; exit 1 and show what differs when the output is not up to date.
    #[arg(long)]
    check: bool,

    /// Path of the runtime crate in generated code, for crates that re-export fusion_runtime.
    #[arg(long, default_value = "::fusion_runtime")]
    runtime_path: String,

    #[command(flatten)]
    limits: LimitArgs,
}

/// The size limits of reading definitions: the main command's and `lock`'s.
#[derive(Debug, Args)]
pub(crate) struct LimitArgs {
    /// How deeply mappings and sequences may nest in a definition (at most 8192).
    #[arg(long, value_name = "LEVELS", default_value_t = Limits::default().max_depth)]
    pub max_depth: usize,

    /// How many nodes a YAML definition may expand to, aliases counted each time [default: 2 a
    /// byte of the file, at least 250000].
    #[arg(long, value_name = "NODES")]
    pub max_nodes: Option<usize>,

    /// The largest definition file read, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_FILE_BYTES)]
    pub max_file_size: u64,
}

impl LimitArgs {
    /// The engine's limits (the file size is the reader's).
    pub(crate) fn limits(&self) -> Limits {
        Limits {
            max_depth: self.max_depth,
            max_nodes: self.max_nodes,
        }
    }
}

/// Subcommands; without one, fusion-gen generates (`fusion-gen <input> -o <output>`).
#[derive(Debug, Subcommand)]
enum Command {
    /// Measure presenters' responses on sample data, in bytes and tokens, in every data format.
    Tokens(cli::tokens::TokensArgs),
    /// Write starter definitions from an OpenAPI 3.0 or 3.1 description: one tool per tag, one
    /// presenter per response component; edit them and check them in.
    InitOpenapi(cli::init::InitArgs),
    /// Write the capability lockfile: the tool surface (names, descriptions, annotations,
    /// schemas, presenter contracts) pinned in canonical JSON; with --check, compare and
    /// classify every change as breaking, compatible or behavioural.
    Lock(cli::lock::LockArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match &cli.command {
        Some(Command::Tokens(args)) => return ExitCode::from(cli::tokens::run(args)),
        Some(Command::InitOpenapi(args)) => return ExitCode::from(cli::init::run(args)),
        Some(Command::Lock(args)) => return ExitCode::from(cli::lock::run(args)),
        None => {}
    }
    if cli.print_meta_schema {
        print!("{}", fusion_gen::meta_schema_text());
        return ExitCode::SUCCESS;
    }
    match (&cli.input, &cli.output) {
        (Some(input), Some(output)) => ExitCode::from(run(&cli, input, output)),
        // clap enforces both unless --print-meta-schema is given.
        _ => ExitCode::from(2),
    }
}

fn run(cli: &Cli, input: &Path, output_dir: &Path) -> u8 {
    let (sources, _) = match read_definitions_with(input, cli.limits.max_file_size) {
        Ok(found) => found,
        Err(error) => {
            eprintln!("error: cannot read the definitions: {error}");
            return EXIT_IO;
        }
    };
    let options = Options {
        command: command_line(input, output_dir, &cli.runtime_path),
        runtime_path: cli.runtime_path.clone(),
        layout: Layout::ModuleFiles,
        limits: cli.limits.limits(),
    };
    let source_of = |path: &str| {
        sources
            .iter()
            .find(|s| s.path == path)
            .map(|s| s.text.as_str())
    };
    let files = match generate_with_warnings(&sources, &options) {
        Ok(generated) => {
            if !generated.warnings.is_empty() {
                eprint!("{}", Diagnostics(generated.warnings).render(source_of));
            }
            generated.files
        }
        Err(diagnostics) => {
            eprint!("{}", diagnostics.render(source_of));
            return EXIT_DEFINITIONS;
        }
    };
    // Held until the output is written: another run into the same folder waits. `--check`
    // writes nothing, not even the lock file, so it takes none.
    let waiting = |lock: &Path| {
        eprintln!(
            "waiting for another fusion-gen run writing {} (it holds {})",
            output_dir.display(),
            lock.display()
        );
    };
    let _lock = match (!cli.check).then(|| lock_output(output_dir, waiting)) {
        Some(Err(error)) => {
            eprintln!("error: cannot lock the output folder: {error}");
            return EXIT_IO;
        }
        lock => lock,
    };
    let changes = match diff_output(output_dir, &files) {
        Ok(changes) => changes,
        Err(error) => {
            eprintln!("error: cannot read the output folder: {error}");
            return EXIT_IO;
        }
    };
    let output = output_dir.display();
    // Before anything is written, and with --check too: the run cannot succeed either way.
    if !changes.foreign.is_empty() {
        eprintln!("error: {}", foreign_message(output_dir, &changes.foreign));
        return EXIT_FOREIGN;
    }
    if cli.check {
        if changes.is_empty() {
            eprintln!("{output} is up to date ({} files).", files.len());
            return 0;
        }
        for path in &changes.added {
            eprintln!("missing: {output}/{path}");
        }
        for (path, diff) in &changes.changed {
            eprintln!("stale:   {output}/{path}\n{diff}");
        }
        for path in &changes.removed {
            eprintln!("extra:   {output}/{path} (no definition produces it any more)");
        }
        eprintln!(
            "\n{output} is stale. Run `{}` to update it.",
            options.command
        );
        return EXIT_STALE;
    }
    if let Err(error) = write_output(output_dir, &files, &changes) {
        eprintln!("error: cannot write the output: {error}");
        return EXIT_IO;
    }
    eprintln!(
        "{output}: {} written, {} unchanged, {} removed.",
        changes.added.len() + changes.changed.len(),
        changes.unchanged.len(),
        changes.removed.len()
    );
    0
}

/// The command as a user would type it to regenerate from the current folder: both paths
/// relative to it, however they were spelled (absolute, `./`, trailing slashes, `a/../b`), so
/// that `--check` run from CI agrees with the files a developer generated.
fn command_line(input: &Path, output: &Path, runtime_path: &str) -> String {
    let here = std::env::current_dir().unwrap_or_default();
    let mut command = format!(
        "fusion-gen {} -o {}",
        relative_to(&here, input),
        relative_to(&here, output)
    );
    if runtime_path != "::fusion_runtime" {
        command.push_str(&format!(" --runtime-path {runtime_path}"));
    }
    command
}

/// `path` relative to the folder `base`, worked out on the names alone (symlinks are not
/// followed: the command is for a person to read and retype), with `/` separators.
fn relative_to(base: &Path, path: &Path) -> String {
    let path = lexical(&base.join(path));
    let base = lexical(base);
    let shared = base.iter().zip(&path).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_owned(); base.len() - shared];
    parts.extend(path[shared..].iter().cloned());
    if parts.is_empty() {
        ".".to_owned()
    } else {
        parts.join("/")
    }
}

/// The components of an absolute path with `.` and `..` resolved.
fn lexical(path: &Path) -> Vec<String> {
    use std::path::Component;
    let mut parts: Vec<String> = Vec::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop();
            }
            Component::Normal(name) => parts.push(name.to_string_lossy().into_owned()),
            Component::RootDir => parts.clear(),
            Component::Prefix(prefix) => {
                parts.clear();
                parts.push(prefix.as_os_str().to_string_lossy().into_owned());
            }
        }
    }
    parts
}
