//! What the command reads and writes on disk (issue 10, "Files"): symbolic links out of the input
//! folder are refused before anything behind them is read; a file in the output folder without
//! the `@generated` header is never overwritten or removed, and while one is in the way nothing
//! is written; files are replaced by a rename; `--check` never writes.

#![cfg(unix)]

use std::fs;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::SystemTime;

use tempfile::TempDir;

use crate::common;
use common::{assert_exit, stderr};

const BOOK: &str =
    "title: Book\ntype: object\nrequired: [id]\nproperties:\n  id: { type: string }\n";
const AUTHOR: &str =
    "title: Author\ntype: object\nrequired: [name]\nproperties:\n  name: { type: string }\n";
/// A definition with an error, so that a diagnostic would quote it if it were read.
const SECRET: &str = "title: Secret\ntype: object\nproperties:\n  password: { type: strnig }\n# TOP-SECRET-LINE hunter2\n";

/// `schemas/` with two definitions; output goes to `out/` beside it.
fn project() -> TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    write(dir.path(), "schemas/book.yaml", BOOK);
    write(dir.path(), "schemas/author.yaml", AUTHOR);
    dir
}

fn write(root: &Path, path: &str, text: &str) {
    let path = root.join(path);
    fs::create_dir_all(path.parent().expect("has a parent")).expect("mkdir");
    fs::write(path, text).expect("write");
}

/// Runs `fusion-gen schemas -o out [extra]` in `dir`.
fn run(dir: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fusion-gen"))
        .current_dir(dir)
        .args(["schemas", "-o", "out"])
        .args(extra)
        .output()
        .expect("fusion-gen runs")
}

/// Every entry of `dir` (hidden ones too) with its bytes and modification time, sorted.
fn state(dir: &Path) -> Vec<(String, Vec<u8>, SystemTime)> {
    let mut files: Vec<_> = fs::read_dir(dir)
        .expect("read dir")
        .map(|entry| {
            let path = entry.expect("entry").path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let time = fs::metadata(&path).unwrap().modified().unwrap();
            (name, fs::read(&path).expect("read"), time)
        })
        .collect();
    files.sort();
    files
}

fn names(dir: &Path) -> Vec<String> {
    state(dir).into_iter().map(|(name, _, _)| name).collect()
}

/// A folder beside the project holding the secret definition.
fn outside() -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    write(dir.path(), "secret.yaml", SECRET);
    let file = dir.path().join("secret.yaml");
    (dir, file)
}

#[test]
fn a_link_to_a_file_outside_the_input_is_refused_without_reading_it() {
    let dir = project();
    let (_elsewhere, secret) = outside();
    symlink(&secret, dir.path().join("schemas/secret.yaml")).unwrap();
    let output = run(dir.path(), &[]);
    assert_exit(&output, 4);
    let text = stderr(&output);
    assert!(
        text.contains(
            "schemas/secret.yaml: a symbolic link that leads outside the input folder schemas"
        ),
        "{text}"
    );
    assert!(
        !text.contains("TOP-SECRET") && !text.contains("strnig"),
        "{text}"
    );
    assert!(!dir.path().join("out").exists(), "nothing written");
}

#[test]
fn a_link_to_a_folder_outside_the_input_is_refused() {
    let dir = project();
    let (elsewhere, _) = outside();
    symlink(elsewhere.path(), dir.path().join("schemas/more")).unwrap();
    let output = run(dir.path(), &[]);
    assert_exit(&output, 4);
    let text = stderr(&output);
    assert!(
        text.contains("schemas/more: a symbolic link that leads outside the input folder"),
        "{text}"
    );
    assert!(!text.contains("TOP-SECRET"), "{text}");
}

#[test]
fn a_link_that_climbs_out_with_dot_dot_is_refused() {
    let dir = project();
    write(dir.path(), "private/secret.yaml", SECRET);
    symlink(
        "../private/secret.yaml",
        dir.path().join("schemas/secret.yaml"),
    )
    .unwrap();
    let output = run(dir.path(), &[]);
    assert_exit(&output, 4);
    assert!(
        !stderr(&output).contains("TOP-SECRET"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_dangling_link_is_an_error_naming_it() {
    let dir = project();
    symlink("nowhere.yaml", dir.path().join("schemas/gone.yaml")).unwrap();
    let output = run(dir.path(), &[]);
    assert_exit(&output, 4);
    assert!(
        stderr(&output).contains("schemas/gone.yaml: a symbolic link that leads nowhere"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn links_inside_the_input_are_followed_and_a_loop_ends() {
    let dir = project();
    fs::create_dir_all(dir.path().join("schemas/shared")).unwrap();
    fs::rename(
        dir.path().join("schemas/author.yaml"),
        dir.path().join("schemas/shared/author.yaml"),
    )
    .unwrap();
    // A link to a folder inside, one back up to the input folder itself, and a file link.
    symlink("shared", dir.path().join("schemas/linked")).unwrap();
    symlink("..", dir.path().join("schemas/shared/up")).unwrap();
    fs::rename(
        dir.path().join("schemas/book.yaml"),
        dir.path().join("schemas/book.yaml.txt"),
    )
    .unwrap();
    symlink("book.yaml.txt", dir.path().join("schemas/book.yaml")).unwrap();
    let output = run(dir.path(), &[]);
    // `shared/` is read once, through the first path in name order (`linked/`), and the link
    // to `..` is not followed at all: each definition is generated once.
    assert_exit(&output, 0);
    let out = dir.path().join("out");
    assert_eq!(names(&out), ["author.rs", "book.rs", "mod.rs"]);
    let author = fs::read_to_string(out.join("author.rs")).unwrap();
    assert!(author.contains("linked/author.yaml"), "{author}");
    assert!(out.join("book.rs").exists(), "{:?}", names(&out));
    assert!(out.join("author.rs").exists(), "{:?}", names(&out));
}

#[test]
fn a_hand_written_mod_rs_is_never_overwritten_and_nothing_is_written() {
    let dir = project();
    let out = dir.path().join("out");
    fs::create_dir_all(&out).unwrap();
    let hand_written = "//! Mine: fusion-gen must not overwrite this.\npub mod book;\n";
    fs::write(out.join("mod.rs"), hand_written).unwrap();
    let before = state(&out);
    let output = run(dir.path(), &[]);
    assert_exit(&output, 5);
    let text = stderr(&output);
    assert!(
        text.contains("out/mod.rs: not written by fusion-gen (no `// @generated by` header)"),
        "{text}"
    );
    assert!(text.contains("nothing was written"), "{text}");
    assert_eq!(
        state(&out),
        before,
        "book.rs and author.rs are not written either"
    );
}

#[test]
fn a_hand_written_book_rs_is_never_overwritten_even_when_other_files_are_stale() {
    let dir = project();
    assert_exit(&run(dir.path(), &[]), 0);
    let out = dir.path().join("out");
    fs::write(out.join("book.rs"), "// my own book\n").unwrap();
    // Make mod.rs and author.rs stale too: they must not be written either.
    write(
        dir.path(),
        "schemas/author.yaml",
        &AUTHOR.replace("properties:\n", "properties:\n  bio: { type: string }\n"),
    );
    let before = state(&out);
    for extra in [&[][..], &["--check"]] {
        let output = run(dir.path(), extra);
        assert_exit(&output, 5);
        assert!(
            stderr(&output).contains("out/book.rs: not written by fusion-gen"),
            "{}",
            stderr(&output)
        );
        assert_eq!(state(&out), before, "{extra:?}");
    }
}

#[test]
fn a_hand_written_file_no_definition_produces_is_never_removed() {
    let dir = project();
    assert_exit(&run(dir.path(), &[]), 0);
    let out = dir.path().join("out");
    fs::write(out.join("helpers.rs"), "// helpers by hand\n").unwrap();
    fs::write(
        out.join("extra.rs"),
        "// also by hand, named like a module\n",
    )
    .unwrap();
    fs::remove_file(dir.path().join("schemas/author.yaml")).unwrap();
    let output = run(dir.path(), &[]);
    assert_exit(&output, 0);
    assert_eq!(names(&out), ["book.rs", "extra.rs", "helpers.rs", "mod.rs"]);
}

#[test]
fn files_are_replaced_by_a_rename_and_no_temporary_file_stays() {
    let dir = project();
    assert_exit(&run(dir.path(), &[]), 0);
    let out = dir.path().join("out");
    // A hard link sees an in-place write, but keeps the old content when the name is renamed
    // over: proof that the new file was written elsewhere and swapped in whole.
    let old = fs::read(out.join("author.rs")).unwrap();
    fs::hard_link(out.join("author.rs"), dir.path().join("author.old")).unwrap();
    // A temporary file left by a stopped run does not get in the way.
    let pid_guess = format!(".author.rs.{}.fusion-gen-tmp", std::process::id());
    fs::write(out.join(&pid_guess), "half a mod").unwrap();
    write(
        dir.path(),
        "schemas/author.yaml",
        &AUTHOR.replace("properties:\n", "properties:\n  bio: { type: string }\n"),
    );
    let output = run(dir.path(), &[]);
    assert_exit(&output, 0);
    assert_eq!(fs::read(dir.path().join("author.old")).unwrap(), old);
    assert!(
        fs::read_to_string(out.join("author.rs"))
            .unwrap()
            .contains("pub bio:")
    );
    let names = names(&out);
    assert!(
        names
            .iter()
            .all(|name| !name.contains("fusion-gen-tmp") || *name == pid_guess),
        "{names:?}"
    );
}

#[test]
fn check_never_writes() {
    let dir = project();
    // No output folder: stale, and the folder is not created.
    assert_exit(&run(dir.path(), &["--check"]), 1);
    assert!(!dir.path().join("out").exists());
    assert_exit(&run(dir.path(), &[]), 0);
    let out = dir.path().join("out");
    // Stale, missing and extra files at once: reported, none touched.
    fs::remove_file(out.join("book.rs")).unwrap();
    fs::write(out.join("author.rs"), "// @generated by `someone`\nold\n").unwrap();
    fs::write(out.join("gone.rs"), "// @generated by `fusion-gen`\n").unwrap();
    let before = state(&out);
    std::thread::sleep(std::time::Duration::from_millis(20));
    let output = run(dir.path(), &["--check"]);
    assert_exit(&output, 1);
    let text = stderr(&output);
    for expected in [
        "missing: out/book.rs",
        "stale:   out/author.rs",
        "extra:   out/gone.rs",
    ] {
        assert!(text.contains(expected), "{expected}: {text}");
    }
    assert_eq!(state(&out), before);
}
