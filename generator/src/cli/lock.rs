//! `fusion-gen lock`: writes the capability lockfile of a folder of definitions, or with
//! `--check` compares the committed one with the current surface and classifies every change.

use std::path::PathBuf;

use clap::Args;
use fusion_gen::{Diagnostics, fs, lock_surface};

use crate::{EXIT_DEFINITIONS, EXIT_IO};

/// `--check`: some change is breaking.
const EXIT_BREAKING: u8 = 1;
/// `--check`: the surface drifted, but nothing is breaking (compatible or behavioural changes
/// only, or a lockfile not in canonical form). 2 is clap's, 3 to 5 are taken by the other modes.
const EXIT_DRIFT: u8 = 6;

/// The arguments of `fusion-gen lock`.
#[derive(Debug, Args)]
#[command(
    after_help = "The lockfile is canonical JSON (keys sorted, two-space indentation): per served tool its description, annotations, input and output schemas, and per action its parameters, HTTP operation and presenter contract (fields the agent reads, rules, UI kinds, suggestions, agent limit, _select keys), with a sha256 digest per tool and one for the file. Check it in; review its diffs.\n\nExit codes:\n  0  success (with --check: the lockfile matches the surface)\n  1  --check: some change is breaking (each change is printed, classified)\n  2  invalid command line\n  3  the definitions have errors; every one is printed and nothing was written\n  4  a file could not be read or written, or the lockfile is not a lockfile\n  6  --check: the surface drifted, but only compatibly or in behaviour (text the agent reads)"
)]
pub struct LockArgs {
    /// Folder of definitions (*.yaml, *.yml, *.json), read recursively.
    pub input: PathBuf,

    /// The lockfile to write (or, with --check, to compare with).
    #[arg(short, long)]
    pub output: PathBuf,

    /// Write nothing; compare the lockfile with the surface and print each change.
    #[arg(long)]
    pub check: bool,
}

/// Runs the subcommand; returns the exit code.
pub fn run(args: &LockArgs) -> u8 {
    let (sources, _) = match fs::read_definitions(&args.input) {
        Ok(found) => found,
        Err(error) => {
            eprintln!("error: cannot read the definitions: {error}");
            return EXIT_IO;
        }
    };
    let surface = match lock_surface(&sources, &fusion_gen::load::Limits::default()) {
        Ok(surface) => surface,
        Err(diagnostics) => {
            let source_of = |path: &str| {
                sources
                    .iter()
                    .find(|s| s.path == path)
                    .map(|s| s.text.as_str())
            };
            eprint!("{}", Diagnostics::render(&diagnostics, source_of));
            return EXIT_DEFINITIONS;
        }
    };
    let shown = args.output.display();
    let command = format!("fusion-gen lock {} -o {shown}", args.input.display());
    let text = surface.render();
    let committed = std::fs::read_to_string(&args.output);
    if !args.check {
        if committed.as_deref().ok() == Some(text.as_str()) {
            eprintln!("{shown} is up to date ({} tools).", surface.tools.len());
            return 0;
        }
        if let Err(error) = std::fs::write(&args.output, &text) {
            eprintln!("error: cannot write {shown}: {error}");
            return EXIT_IO;
        }
        eprintln!("{shown}: written ({} tools).", surface.tools.len());
        return 0;
    }
    let committed = match committed {
        Ok(text) => text,
        Err(error) => {
            eprintln!("error: cannot read {shown}: {error}; run `{command}` to write it");
            return EXIT_IO;
        }
    };
    let report = match surface.check(&committed) {
        Ok(report) => report,
        Err(error) => {
            eprintln!("error: {shown}: {error}");
            return EXIT_IO;
        }
    };
    if report.matches() {
        eprintln!(
            "{shown} matches the surface ({} tools).",
            surface.tools.len()
        );
        return 0;
    }
    eprint!("{report}");
    use fusion_gen::lock::Class;
    eprintln!(
        "\n{shown} does not match the surface: {} breaking, {} compatible, {} behavioural. Review, then run `{command}` to accept.",
        report.count(Class::Breaking),
        report.count(Class::Compatible),
        report.count(Class::Behavioural),
    );
    if report.breaking() {
        EXIT_BREAKING
    } else {
        EXIT_DRIFT
    }
}
