//! `fusion-gen lock`: writes the capability lockfile of a folder of definitions, or with
//! `--check` compares the committed one with the current surface and classifies every change;
//! `--sign` signs it (a detached `<lockfile>.sig`), `--verify` refuses it unless signed.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use clap::Args;
use fusion_gen::{
    ChangeClass, DEFAULT_MAX_FILE_BYTES, Diagnostics, InvalidSignature, Limits, PublicKey,
    SecretKey, lock_surface, read_definitions_with,
};
use zeroize::Zeroizing;

use crate::{EXIT_DEFINITIONS, EXIT_IO, LimitArgs};

/// `--check`: some change is breaking.
const EXIT_BREAKING: u8 = 1;
/// An invalid command line (clap's code, for the combinations clap cannot express).
const EXIT_USAGE: u8 = 2;
/// `--check`: the surface drifted, but nothing is breaking (compatible or behavioural changes
/// only, or a lockfile not in canonical form). 2 is clap's, 3 to 5 are taken by the other modes.
const EXIT_DRIFT: u8 = 6;
/// `--verify`: the signature is missing, malformed, or not the key's over the lockfile.
const EXIT_SIGNATURE: u8 = 7;

/// The arguments of `fusion-gen lock`.
#[derive(Debug, Args)]
#[command(
    after_help = "The lockfile is canonical JSON (keys sorted, two-space indentation): per served tool its description, annotations, input and output schemas, and per action its parameters, HTTP operation and presenter contract (fields the agent reads, rules, UI kinds, suggestions, agent limit, _select keys), with a sha256 digest per tool and one for the file. Check it in; review its diffs.\n\nSigning: --sign KEY writes <lockfile>.sig, the Ed25519 signature of the lockfile's bytes; --verify PUBLIC_KEY refuses a lockfile whose signature is missing or not that key's (with --check, before comparing; without an input folder, that check alone). A secret key file is 64 hex digits (the seed: `openssl rand -hex 32`), 32 raw bytes, or PKCS#8 PEM/DER (`openssl genpkey -algorithm ed25519`); a public key file is 64 hex digits (printed by --sign), 32 raw bytes, or PEM/DER (`openssl pkey -in KEY -pubout`).\n\nExit codes:\n  0  success (with --check: the lockfile matches the surface; with --verify: the signature verifies)\n  1  --check: some change is breaking (each change is printed, classified)\n  2  invalid command line\n  3  the definitions have errors; every one is printed and nothing was written\n  4  a file could not be read or written, the lockfile is not a lockfile, or a key file is not a key\n  6  --check: the surface drifted, but only compatibly or in behaviour (text the agent reads)\n  7  --verify: the signature is missing, malformed, or does not verify; nothing was compared"
)]
pub struct LockArgs {
    /// Folder of definitions (*.yaml, *.yml, *.json), read recursively. Without it, --verify
    /// checks the lockfile's signature alone.
    #[arg(required_unless_present = "verify")]
    pub input: Option<PathBuf>,

    /// The lockfile to write (or, with --check or --verify, to read).
    #[arg(short, long)]
    pub output: PathBuf,

    /// Write nothing; compare the lockfile with the surface and print each change.
    #[arg(long, requires = "input")]
    pub check: bool,

    /// Also sign the lockfile with this Ed25519 secret key file: writes <lockfile>.sig.
    #[arg(long, value_name = "KEY", conflicts_with_all = ["check", "verify"])]
    pub sign: Option<PathBuf>,

    /// Refuse the lockfile (exit 7) unless <lockfile>.sig is its signature by this Ed25519
    /// public key file. Writes nothing: give --check to compare too, or no input folder.
    #[arg(long, value_name = "PUBLIC_KEY")]
    pub verify: Option<PathBuf>,

    #[command(flatten)]
    pub limits: LimitArgs,
}

/// `<lockfile>.sig`, beside the lockfile.
fn signature_path(lockfile: &Path) -> PathBuf {
    let mut name = OsString::from(lockfile.as_os_str());
    name.push(".sig");
    PathBuf::from(name)
}

/// Reads a key file with `parse`; the bytes are wiped when done (they may be a secret).
fn read_key<K>(path: &Path, parse: impl FnOnce(&[u8]) -> Result<K, String>) -> Result<K, u8> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => Zeroizing::new(bytes),
        Err(error) => {
            eprintln!("error: cannot read the key {}: {error}", path.display());
            return Err(EXIT_IO);
        }
    };
    parse(&bytes).map_err(|error| {
        eprintln!("error: {}: {error}", path.display());
        EXIT_IO
    })
}

/// Checks `<lockfile>.sig` against the lockfile's bytes; prints why it is refused.
fn verify(key: &PublicKey, lockfile: &Path, bytes: &[u8]) -> Result<(), u8> {
    let shown = lockfile.display();
    let path = signature_path(lockfile);
    let sig = path.display();
    let text = match std::fs::read(&path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("error: {shown} is not signed: {sig} does not exist");
            return Err(EXIT_SIGNATURE);
        }
        Err(error) => {
            eprintln!("error: cannot read {sig}: {error}");
            return Err(EXIT_IO);
        }
    };
    let text = String::from_utf8_lossy(&text);
    match key.verify(bytes, &text) {
        Ok(()) => {
            eprintln!("{shown}: signature verified (public key {key}).");
            Ok(())
        }
        Err(InvalidSignature::Malformed) => {
            eprintln!("error: {sig} is not a signature (expected `ed25519:` and 128 hex digits)");
            Err(EXIT_SIGNATURE)
        }
        Err(InvalidSignature::Mismatch) => {
            eprintln!(
                "error: {sig} does not verify: {shown} changed since it was signed, or another key than {key} signed it"
            );
            Err(EXIT_SIGNATURE)
        }
    }
}

/// Runs the subcommand; returns the exit code.
pub fn run(args: &LockArgs) -> u8 {
    let shown = args.output.display();
    let verifying = match &args.verify {
        Some(path) => match read_key(path, PublicKey::parse) {
            Ok(key) => Some(key),
            Err(code) => return code,
        },
        None => None,
    };
    let Some(input) = &args.input else {
        // `--verify` alone (clap requires one or the other): the signature, nothing compared.
        let Some(key) = &verifying else {
            return EXIT_USAGE;
        };
        return match std::fs::read(&args.output) {
            Ok(bytes) => verify(key, &args.output, &bytes).map_or_else(|code| code, |()| 0),
            Err(error) => {
                eprintln!("error: cannot read {shown}: {error}");
                EXIT_IO
            }
        };
    };
    if verifying.is_some() && !args.check {
        eprintln!(
            "error: --verify writes nothing: add --check to compare the lockfile with {} too, or drop the folder to check the signature alone",
            input.display()
        );
        return EXIT_USAGE;
    }
    let signing = match &args.sign {
        Some(path) => match read_key(path, SecretKey::parse) {
            Ok(key) => Some(key),
            Err(code) => return code,
        },
        None => None,
    };
    let committed = std::fs::read_to_string(&args.output);
    if let (Some(key), true) = (&verifying, args.check) {
        // Before the comparison, which then reads these same bytes: an unsigned or tampered
        // file says nothing worth comparing.
        let bytes = match &committed {
            Ok(text) => text.as_bytes(),
            Err(error) => {
                eprintln!("error: cannot read {shown}: {error}");
                return EXIT_IO;
            }
        };
        if let Err(code) = verify(key, &args.output, bytes) {
            return code;
        }
    }
    let (sources, _) = match read_definitions_with(input, args.limits.max_file_size) {
        Ok(found) => found,
        Err(error) => {
            eprintln!("error: cannot read the definitions: {error}");
            return EXIT_IO;
        }
    };
    let surface = match lock_surface(&sources, &args.limits.limits()) {
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
    let command = accept_command(args, input);
    let text = surface.render();
    if !args.check {
        let signature = signature_path(&args.output);
        if committed.as_deref().ok() == Some(text.as_str()) {
            eprintln!("{shown} is up to date ({} tools).", surface.tools.len());
        } else {
            if let Err(error) = std::fs::write(&args.output, &text) {
                eprintln!("error: cannot write {shown}: {error}");
                return EXIT_IO;
            }
            eprintln!("{shown}: written ({} tools).", surface.tools.len());
            if signing.is_none() && signature.exists() {
                eprintln!(
                    "warning: {} signs the previous lockfile; sign again with --sign KEY",
                    signature.display()
                );
            }
        }
        let Some(key) = signing else {
            return 0;
        };
        let sig = key.sign(text.as_bytes());
        let unchanged = std::fs::read_to_string(&signature).ok().as_deref() == Some(sig.as_str());
        if !unchanged && let Err(error) = std::fs::write(&signature, &sig) {
            eprintln!("error: cannot write {}: {error}", signature.display());
            return EXIT_IO;
        }
        eprintln!(
            "{}: signed (public key {}).",
            signature.display(),
            key.public()
        );
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
    eprintln!(
        "\n{shown} does not match the surface: {} breaking, {} compatible, {} behavioural. Review, then run `{command}` to accept.",
        report.count(ChangeClass::Breaking),
        report.count(ChangeClass::Compatible),
        report.count(ChangeClass::Behavioural),
    );
    if report.breaking() {
        EXIT_BREAKING
    } else {
        EXIT_DRIFT
    }
}

/// The command that writes the lockfile again, as `--check` suggests it: the same limits, and
/// `--sign` when the lockfile was verified (an unsigned file would then be refused).
fn accept_command(args: &LockArgs, input: &Path) -> String {
    let mut command = format!(
        "fusion-gen lock {} -o {}",
        input.display(),
        args.output.display()
    );
    let limits = &args.limits;
    if limits.max_depth != Limits::default().max_depth {
        command += &format!(" --max-depth {}", limits.max_depth);
    }
    if let Some(nodes) = limits.max_nodes {
        command += &format!(" --max-nodes {nodes}");
    }
    if limits.max_file_size != DEFAULT_MAX_FILE_BYTES {
        command += &format!(" --max-file-size {}", limits.max_file_size);
    }
    if args.verify.is_some() {
        command += " --sign KEY";
    }
    command
}
