//! `fusion-gen tokens`: reads the definitions and the sample files, has the engine render and
//! measure each presenter's responses (`fusion_gen::Model::measure`), and prints the table or the JSON.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use clap::Args;
use fusion_gen::{
    DEFAULT_MAX_FILE_BYTES, DataLayout, Diagnostic, PresenterReport, Tokenizer,
    read_definitions_with, resolve_model,
};
use serde::Serialize;

use super::table;
use crate::{EXIT_DEFINITIONS, EXIT_IO};

/// Exit code when a `--sample` names no presenter (clap uses 2 for its own usage errors too).
const EXIT_USAGE: u8 = 2;
/// Exit code when a sample file is not JSON or does not fit its presenter's schema.
const EXIT_SAMPLE: u8 = 6;

/// Samples at least this large get a progress bar (on a terminal): below it the run is quick.
const PROGRESS_FROM_BYTES: usize = 1 << 20;

/// The arguments of `fusion-gen tokens`.
#[derive(Debug, Args)]
#[command(
    after_help = "A sample is a JSON file: an array is presented as a collection (agent limit, collection blocks), an object as one item.\n\nExit codes:\n  0  success\n  2  invalid command line, or a --sample names no presenter\n  3  the definitions have errors\n  4  a file or folder could not be read\n  6  a sample is not JSON, or does not fit its presenter's schema"
)]
pub struct TokensArgs {
    /// Folder of definitions (*.yaml, *.yml, *.json), read recursively.
    pub definitions: PathBuf,

    /// A presenter and its sample data, as PRESENTER=FILE.json (the presenter's title, its file
    /// without extension, or that file's name); repeat for several presenters.
    #[arg(long = "sample", value_name = "PRESENTER=FILE", required = true, value_parser = parse_sample)]
    pub samples: Vec<(String, PathBuf)>,

    /// How many fields the typical `_select` keeps: those with the most non-null values in the
    /// sample.
    #[arg(long, value_name = "K", default_value_t = 3, value_parser = clap::value_parser!(u16).range(1..))]
    pub select_fields: u16,

    /// Print JSON (one object, the shape the README documents) instead of tables.
    #[arg(long)]
    pub json: bool,
}

fn parse_sample(text: &str) -> Result<(String, PathBuf), String> {
    match text.split_once('=') {
        Some((name, path)) if !name.is_empty() && !path.is_empty() => {
            Ok((name.to_owned(), PathBuf::from(path)))
        }
        _ => Err(format!(
            "`{text}` is not PRESENTER=FILE (for example invoice=rows.json)"
        )),
    }
}

/// The `--json` output.
#[derive(Serialize)]
struct Output {
    /// The tokenizers measured, in the order of every `tokens` object.
    tokenizers: Vec<&'static str>,
    presenters: Vec<Measured>,
}

/// One presenter's report and the sample it was measured on.
#[derive(Serialize)]
pub struct Measured {
    /// The sample file, as given.
    pub sample: String,
    /// The measures.
    #[serde(flatten)]
    pub report: PresenterReport,
}

/// Runs the subcommand; returns the exit code.
pub fn run(args: &TokensArgs) -> u8 {
    let (sources, _) = match read_definitions_with(&args.definitions, DEFAULT_MAX_FILE_BYTES) {
        Ok(found) => found,
        Err(error) => {
            eprintln!("error: cannot read the definitions: {error}");
            return EXIT_IO;
        }
    };
    let model = match resolve_model(&sources) {
        Ok(model) => model,
        Err(diagnostics) => {
            let source_of = |path: &str| {
                sources
                    .iter()
                    .find(|s| s.path == path)
                    .map(|s| s.text.as_str())
            };
            eprint!("{}", diagnostics.render(source_of));
            return EXIT_DEFINITIONS;
        }
    };
    // Every sample is read and checked before anything is measured: a bad one fails fast.
    let mut samples: Vec<(usize, &Path, _, usize)> = Vec::new();
    for (name, path) in &args.samples {
        let module = match model.find_presenter(name) {
            Ok(module) => module,
            Err(message) => {
                eprintln!("error: --sample {name}={}: {message}", path.display());
                return EXIT_USAGE;
            }
        };
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("error: cannot read the sample {}: {error}", path.display());
                return EXIT_IO;
            }
        };
        let value: serde_json::Value = match serde_json::from_str(&text) {
            Ok(value) => value,
            Err(error) => {
                eprintln!(
                    "error: {}:{}:{}: the sample is not JSON: {}",
                    path.display(),
                    error.line(),
                    error.column(),
                    without_position(&error)
                );
                return EXIT_SAMPLE;
            }
        };
        match model.check_sample(module, &value) {
            Ok(sample) => samples.push((module, path, sample, text.len())),
            Err(error) => {
                let title = model.presenter_title(module).unwrap_or("");
                eprintln!(
                    "error: {}: the sample does not fit the {title} presenter ({}), {error}",
                    path.display(),
                    model.file(module)
                );
                return EXIT_SAMPLE;
            }
        }
    }
    let (Ok(o200k), Ok(cl100k)) = (tiktoken_rs::o200k_base(), tiktoken_rs::cl100k_base()) else {
        // Both ship inside tiktoken-rs: only a broken build lacks them.
        eprintln!("error: the tokenizers o200k_base and cl100k_base could not be loaded");
        return EXIT_IO;
    };
    let count_o200k = |text: &str| o200k.encode_ordinary(text).len();
    let count_cl100k = |text: &str| cl100k.encode_ordinary(text).len();
    let tokenizers = [
        Tokenizer {
            name: "o200k_base",
            count: &count_o200k,
        },
        Tokenizer {
            name: "cl100k_base",
            count: &count_cl100k,
        },
    ];
    let large = samples.iter().map(|s| s.3).sum::<usize>() >= PROGRESS_FROM_BYTES;
    let progress = progress_bar(large, samples.len());
    let k = usize::from(args.select_fields);
    let mut measured = Vec::new();
    for (module, path, sample, _) in &samples {
        if let Some(bar) = &progress {
            bar.set_message(model.file(*module).to_owned());
        }
        let mut step = || {
            if let Some(bar) = &progress {
                bar.inc(1);
            }
        };
        measured.push(Measured {
            sample: path.display().to_string(),
            report: model.measure(*module, sample, k, &tokenizers, &mut step),
        });
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    if args.json {
        let output = Output {
            tokenizers: tokenizers.iter().map(|t| t.name).collect(),
            presenters: measured,
        };
        match serde_json::to_string_pretty(&output) {
            Ok(text) => println!("{text}"),
            Err(error) => {
                eprintln!("error: cannot write the JSON output: {error}");
                return EXIT_IO;
            }
        }
    } else {
        print!("{}", Diagnostic::for_terminal(&table::render(&measured)));
    }
    0
}

/// A progress bar on stderr over every rendering, only for large samples and only when stderr
/// is a terminal (a pipe or a CI log gets no control sequences).
fn progress_bar(large: bool, presenters: usize) -> Option<indicatif::ProgressBar> {
    if !large || !std::io::stderr().is_terminal() {
        return None;
    }
    let steps = (presenters * DataLayout::ALL.len() * 2) as u64;
    let bar = indicatif::ProgressBar::new(steps);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} renderings {msg}")
    {
        bar.set_style(style);
    }
    Some(bar)
}

/// serde_json's message without its " at line L column C" tail, which the prefix already gives.
fn without_position(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.rfind(" at line ") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}
