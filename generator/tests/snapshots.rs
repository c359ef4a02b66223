//! Snapshot tests of the generator: every folder of `tests/corpus/` is one feature (enums,
//! nesting, refs, cycles, keywords, odd names, nullable), generated as one file with
//! `Layout::SingleFile` and compared byte for byte with `tests/snapshots/<feature>.rs`.
//!
//! The snapshots are also compiled: `tests/src/snapshots.rs` includes each one as a module of the
//! `fusion-tests` library under `deny(warnings, missing_docs, clippy::all)`, and the other tests
//! use the generated types. A snapshot that is stale fails here; one that does not compile or
//! warns fails the build.
//!
//! To accept the generator's current output (after reviewing the diff):
//!
//! ```text
//! FUSION_UPDATE_SNAPSHOTS=1 cargo test -p fusion-gen --test integration snapshots
//! ```
//!
//! This rewrites every snapshot that differs (and writes missing ones) instead of failing. A new
//! corpus folder also needs its module in `tests/src/snapshots.rs`. This test belongs to the
//! generator crate, so `FUSION_UPDATE_SNAPSHOTS=1 cargo test -p fusion-gen --test integration snapshots`
//! works even when a change makes the checked-in snapshots fail to compile.

use std::path::{Path, PathBuf};

use fusion_gen::{DEFAULT_MAX_FILE_BYTES, Layout, Options, generate, read_definitions_with};

/// The environment variable that turns the comparison into a rewrite.
const UPDATE_VAR: &str = "FUSION_UPDATE_SNAPSHOTS";

/// The corpus folders; each must have a snapshot and a module in `tests/src/snapshots.rs`.
const FEATURES: &[&str] = &[
    "enums",
    "nesting",
    "refs",
    "cycles",
    "keywords",
    "odd_names",
    "nullable",
    "behaviours",
    "tools",
    "redaction",
    "clipping",
    "bench",
    "composition",
    "names",
    "unions",
    "params",
    "wire",
    "computed",
    "bounds",
    "tool_unions",
    "openapi",
    "union_presenters",
    "flat",
    "bound",
    "descriptions",
];

/// The workspace's `tests/` folder. This test lives in the generator crate, not beside the
/// compiled snapshots, so that updating works even when a snapshot no longer compiles.
fn tests_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("tests")
}

/// The single-file output for one corpus folder, as the snapshot must hold it.
fn generate_feature(feature: &str) -> String {
    let folder = tests_dir().join("corpus").join(feature);
    let (sources, _) = read_definitions_with(&folder, DEFAULT_MAX_FILE_BYTES)
        .unwrap_or_else(|e| panic!("tests/corpus/{feature} is readable: {e}"));
    assert!(
        !sources.is_empty(),
        "tests/corpus/{feature} has definitions"
    );
    let file_name = format!("{feature}.rs");
    let options = Options {
        command: format!("fusion-gen tests/corpus/{feature} (snapshot)"),
        layout: Layout::SingleFile {
            file_name: file_name.clone(),
        },
        ..Options::default()
    };
    let files = generate(&sources, &options)
        .unwrap_or_else(|d| panic!("tests/corpus/{feature} generates:\n{d:#?}"));
    assert_eq!(files.len(), 1, "the single-file layout writes one file");
    assert_eq!(files[0].path, file_name);
    files
        .into_iter()
        .next()
        .map(|f| f.contents)
        .unwrap_or_default()
}

fn updating() -> bool {
    std::env::var_os(UPDATE_VAR).is_some_and(|v| v == "1")
}

/// Compares (or, when updating, rewrites) one snapshot; returns a failure message if stale.
fn check(feature: &str, snapshot: &Path) -> Option<String> {
    let generated = generate_feature(feature);
    let current = std::fs::read_to_string(snapshot).ok();
    if current.as_deref() == Some(generated.as_str()) {
        return None;
    }
    if updating() {
        std::fs::create_dir_all(snapshot.parent().expect("snapshots sit in a folder"))
            .expect("tests/snapshots/ can be created");
        std::fs::write(snapshot, &generated).expect("the snapshot can be written");
        return None;
    }
    let Some(current) = current else {
        return Some(format!("tests/snapshots/{feature}.rs is missing"));
    };
    let first_difference = current
        .lines()
        .zip(generated.lines())
        .position(|(a, b)| a != b)
        .unwrap_or(current.lines().count().min(generated.lines().count()));
    Some(format!(
        "tests/snapshots/{feature}.rs is stale from line {}:\n  snapshot:  {:?}\n  generated: {:?}",
        first_difference + 1,
        current
            .lines()
            .nth(first_difference)
            .unwrap_or("<end of file>"),
        generated
            .lines()
            .nth(first_difference)
            .unwrap_or("<end of file>"),
    ))
}

#[test]
fn every_corpus_folder_matches_its_snapshot() {
    let stale: Vec<String> = FEATURES
        .iter()
        .filter_map(|feature| {
            check(
                feature,
                &tests_dir().join("snapshots").join(format!("{feature}.rs")),
            )
        })
        .collect();
    assert!(
        stale.is_empty(),
        "{}\n\nreview the change, then run `{UPDATE_VAR}=1 cargo test -p fusion-gen --test integration snapshots`",
        stale.join("\n")
    );
}

#[test]
fn every_corpus_folder_is_listed() {
    let mut found: Vec<String> = std::fs::read_dir(tests_dir().join("corpus"))
        .expect("tests/corpus/ is readable")
        .map(|entry| entry.expect("a corpus entry").file_name())
        .map(|name| name.to_string_lossy().into_owned())
        .collect();
    found.sort();
    let mut listed: Vec<String> = FEATURES.iter().map(|f| (*f).to_owned()).collect();
    listed.sort();
    assert_eq!(
        found, listed,
        "tests/corpus/ and FEATURES (and tests/src/snapshots.rs) list the same features"
    );
}

#[test]
fn every_snapshot_is_compiled() {
    let library = std::fs::read_to_string(tests_dir().join("src").join("snapshots.rs"))
        .expect("tests/src/snapshots.rs is readable");
    for feature in FEATURES {
        let include = format!("#[path = \"../snapshots/{feature}.rs\"]\npub mod {feature};");
        assert!(
            library.contains(&include),
            "tests/src/snapshots.rs includes tests/snapshots/{feature}.rs as `pub mod {feature}`"
        );
    }
}

/// Every impl a module holds is of its own types: no `impl … for super::…` and no argument
/// reader of another module's type. What lets a vendor's tool modules be compiled as crates of
/// their own over a crate of the presenters' modules (scripts/vendor-api.sh) under the orphan
/// rule.
#[test]
fn every_module_implements_only_its_own_types() {
    let mut foreign = Vec::new();
    for feature in FEATURES {
        let path = tests_dir().join("snapshots").join(format!("{feature}.rs"));
        let text = std::fs::read_to_string(&path).expect("the snapshot is readable");
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for needle in [
            " for super::",
            "__argument!(struct super::",
            "__argument!(deserialize struct super::",
            "__argument!(enum super::",
        ] {
            let count = flat.matches(needle).count();
            if count > 0 {
                foreign.push(format!("{feature}.rs: {count} × `{needle}`"));
            }
        }
        // The corpus has types read from arguments in the module that defines them.
        if *feature == "bound" {
            assert!(flat.contains("__argument!(deserialize struct IssuesListInput)"));
        }
    }
    assert!(foreign.is_empty(), "{}", foreign.join("\n"));
}
