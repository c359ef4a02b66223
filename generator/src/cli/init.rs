//! `fusion-gen init-openapi`: reads an OpenAPI description, has the engine plan the starter
//! definitions (`fusion_gen::init_openapi`), and writes them into the output folder, never over a file
//! that is there unless `--force` says so.

use std::path::{Path, PathBuf};

use clap::Args;
use fusion_gen::{
    DEFAULT_MAX_FILE_BYTES, Diagnostics, Limits, Selection, SourceFile, init_openapi,
};

use crate::{EXIT_DEFINITIONS, EXIT_IO};

/// Exit code when a file the starter would write exists (and `--force` is not given).
const EXIT_EXISTS: u8 = 5;

/// The arguments of `fusion-gen init-openapi`.
#[derive(Debug, Args)]
#[command(
    after_help = "Writes, into the output folder: a copy of the description, one tool file per tag (<tag>.tool.yaml) whose actions bind the tag's operations, and one presenter file per response component, which $refs the component in the description. Then generate from that folder as from any definitions (`fusion-gen <dir> -o <generated>`, or a build script).\n\nExit codes:\n  0  success\n  2  invalid command line\n  3  the description cannot be read as OpenAPI 3.0 or 3.1 (every problem is printed; nothing was written)\n  4  a file or folder could not be read or written\n  5  a file the starter would write exists; nothing was written (--force overwrites)"
)]
pub struct InitArgs {
    /// The OpenAPI 3.0 or 3.1 description (.yaml, .yml or .json).
    pub description: PathBuf,

    /// The folder to write the starter definitions to (created if missing).
    #[arg(short, long)]
    pub output: PathBuf,

    /// Overwrite files of the same names in the output folder.
    #[arg(long)]
    pub force: bool,

    /// Bind only this tag's operations (a tag is a tool); repeat for several.
    #[arg(long = "tag", value_name = "TAG")]
    pub tags: Vec<String>,

    /// Bind only this operation (an operationId, or `GET /pets/{id}`); repeat for several.
    #[arg(long = "operation", value_name = "OPERATION")]
    pub operations: Vec<String>,
}

/// Runs the subcommand; returns the exit code.
pub fn run(args: &InitArgs) -> u8 {
    let shown = args.description.display().to_string();
    let Some(file_name) = args
        .description
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .filter(|n| SourceFile::is_definition(n))
    else {
        eprintln!(
            "error: {shown}: an OpenAPI description is read from a .yaml, .yml or .json file"
        );
        return EXIT_IO;
    };
    let text = match read(&args.description) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("error: cannot read the description: {error}");
            return EXIT_IO;
        }
    };
    let source = SourceFile::new(shown.clone(), text);
    let selection = Selection {
        tags: args.tags.clone(),
        operations: args.operations.clone(),
    };
    let starter = match init_openapi(&source, &file_name, &Limits::default(), &selection) {
        Ok(starter) => starter,
        Err(diagnostics) => {
            eprint!("{}", diagnostics.render(|_| Some(source.text.as_str())));
            return EXIT_DEFINITIONS;
        }
    };
    if !starter.warnings.is_empty() {
        eprint!(
            "{}",
            Diagnostics(starter.warnings.clone()).render(|_| Some(source.text.as_str()))
        );
    }
    // The description may already be in the output folder: it is then not copied onto itself.
    let same_file = |target: &Path| {
        matches!(
            (std::fs::canonicalize(target), std::fs::canonicalize(&args.description)),
            (Ok(a), Ok(b)) if a == b
        )
    };
    let files: Vec<&(String, String)> = starter
        .files
        .iter()
        .filter(|(path, _)| !same_file(&args.output.join(path)))
        .collect();
    let existing: Vec<&str> = files
        .iter()
        .map(|(path, _)| path.as_str())
        .filter(|path| args.output.join(path).exists())
        .collect();
    if !existing.is_empty() && !args.force {
        eprintln!(
            "error: {} already holds {}: nothing was written\n  help: pass --force to overwrite them, or choose another folder",
            args.output.display(),
            existing
                .iter()
                .map(|p| format!("`{p}`"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        return EXIT_EXISTS;
    }
    if let Err(error) = std::fs::create_dir_all(&args.output) {
        eprintln!("error: cannot create {}: {error}", args.output.display());
        return EXIT_IO;
    }
    for (path, text) in files {
        let target = args.output.join(path);
        if let Err(error) = std::fs::write(&target, text) {
            eprintln!("error: cannot write {}: {error}", target.display());
            return EXIT_IO;
        }
    }
    let tools = starter
        .files
        .iter()
        .filter(|(p, _)| p.ends_with(".tool.yaml"))
        .count();
    eprintln!(
        "{}: {} files written ({tools} tools, {} presenters, the description); {} operations left out.\nNext: `fusion-gen {} -o <generated>`.",
        args.output.display(),
        starter.files.len(),
        starter.files.len() - tools - 1,
        starter.warnings.len(),
        args.output.display()
    );
    0
}

/// The description's text: a regular file of at most the generator's file size, in UTF-8.
fn read(path: &Path) -> Result<String, String> {
    let metadata = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !metadata.is_file() {
        return Err(format!("{}: not a regular file", path.display()));
    }
    if metadata.len() > DEFAULT_MAX_FILE_BYTES {
        return Err(format!(
            "{}: {} bytes, over the {} bytes a definition file may have",
            path.display(),
            metadata.len(),
            DEFAULT_MAX_FILE_BYTES
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{}: not UTF-8 (invalid byte at offset {})",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}
