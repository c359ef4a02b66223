//! What the command does with files that are not regular files, and with runs that overlap or
//! were killed (issue 26): a FIFO or a link to a device in the input folder is an error naming
//! it, in the output folder a file that is never fusion-gen's, and neither is ever read (which
//! would wait forever or never end); two runs into one folder take turns; temporary files that
//! a killed run left are removed by the next run, and only they.

#![cfg(unix)]

use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

use crate::common;
use common::{assert_exit, stderr};

const BOOK: &str =
    "title: Book\ntype: object\nrequired: [id]\nproperties:\n  id: { type: string }\n";
const AUTHOR: &str =
    "title: Author\ntype: object\nrequired: [name]\nproperties:\n  name: { type: string }\n";

fn project() -> TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::create_dir_all(dir.path().join("schemas")).expect("mkdir");
    fs::write(dir.path().join("schemas/book.yaml"), BOOK).expect("write");
    fs::write(dir.path().join("schemas/author.yaml"), AUTHOR).expect("write");
    dir
}

/// Starts `fusion-gen <input> -o out` in `dir`.
fn start(dir: &Path, input: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_fusion-gen"))
        .current_dir(dir)
        .args([input, "-o", "out"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fusion-gen starts")
}

/// Waits for `child` at most 60 seconds: a run that hangs (reading a FIFO) fails the test
/// instead of hanging it.
fn finish(mut child: Child) -> Output {
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().expect("waits").is_none() {
        if Instant::now() > deadline {
            child.kill().expect("kills");
            panic!("fusion-gen did not finish: it waits on something it should not read");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

fn run(dir: &Path) -> Output {
    finish(start(dir, "schemas"))
}

/// Makes a FIFO at `path`; `false` when this system has no `mkfifo` command.
fn mkfifo(path: &Path) -> bool {
    match Command::new("mkfifo").arg(path).status() {
        Ok(status) => {
            assert!(status.success(), "mkfifo {}", path.display());
            true
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("skipped: no mkfifo command");
            false
        }
        Err(error) => panic!("mkfifo: {error}"),
    }
}

#[test]
fn a_fifo_named_like_a_definition_is_an_error_naming_it_not_a_hang() {
    let dir = project();
    if !mkfifo(&dir.path().join("schemas/pipe.yaml")) {
        return;
    }
    let output = run(dir.path());
    assert_exit(&output, 4);
    let err = stderr(&output);
    assert!(err.contains("pipe.yaml"), "{err}");
    assert!(err.contains("a FIFO (named pipe)"), "{err}");
    assert!(err.contains("only regular files are read"), "{err}");
    assert!(!dir.path().join("out").exists(), "nothing is written");
}

#[test]
fn a_link_to_dev_zero_in_the_input_is_refused_without_reading_it() {
    let dir = project();
    symlink("/dev/zero", dir.path().join("schemas/zero.yaml")).expect("symlink");
    let output = run(dir.path());
    assert_exit(&output, 4);
    let err = stderr(&output);
    assert!(err.contains("zero.yaml"), "{err}");
}

#[test]
fn fifos_and_device_links_in_the_output_folder_are_never_read_nor_replaced() {
    let dir = project();
    let out = dir.path().join("out");
    fs::create_dir_all(&out).expect("mkdir");
    // Where a module goes: someone else's, so nothing is written (exit 5), and no hang.
    symlink("/dev/zero", out.join("book.rs")).expect("symlink");
    let output = run(dir.path());
    assert_exit(&output, 5);
    assert!(stderr(&output).contains("book.rs: not written by fusion-gen"));
    fs::remove_file(out.join("book.rs")).expect("rm");
    if !mkfifo(&out.join("mod.rs")) {
        return;
    }
    assert_exit(&run(dir.path()), 5);
    fs::remove_file(out.join("mod.rs")).expect("rm");
    // Where no module goes: not fusion-gen's either, so left alone.
    assert!(mkfifo(&out.join("extra.rs")));
    assert_exit(&run(dir.path()), 0);
    let kind = fs::symlink_metadata(out.join("extra.rs")).expect("still there");
    assert!(!kind.is_file());
    assert!(out.join("book.rs").is_file() && out.join("mod.rs").is_file());
}

/// An output folder that is a symbolic link leading nowhere (or one on the way to it) is an
/// error that names the link and where it leads, not the system's bare "File exists"; once the
/// folder it leads to exists, the output goes there.
#[test]
fn a_dangling_link_as_the_output_folder_is_named_with_what_to_do() {
    let dir = project();
    symlink("generated/here", dir.path().join("out")).expect("symlink");
    let output = run(dir.path());
    assert_exit(&output, 4);
    assert_eq!(
        stderr(&output),
        "error: cannot lock the output folder: out: the output folder is a symbolic link that \
         leads nowhere (to generated/here); create the folder it leads to, or remove the link \
         (fusion-gen then creates a folder in its place)\n"
    );
    fs::create_dir_all(dir.path().join("generated/here")).expect("mkdir");
    assert_exit(&run(dir.path()), 0);
    assert!(dir.path().join("generated/here/mod.rs").is_file());

    // A link on the way to the output folder.
    symlink("nothing", dir.path().join("deep")).expect("symlink");
    let output = finish(
        Command::new(env!("CARGO_BIN_EXE_fusion-gen"))
            .current_dir(dir.path())
            .args(["schemas", "-o", "deep/out"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("fusion-gen starts"),
    );
    assert_exit(&output, 4);
    assert_eq!(
        stderr(&output),
        "error: cannot lock the output folder: deep: on the way to the output folder deep/out is \
         a symbolic link that leads nowhere (to nothing); create the folder it leads to, or \
         remove the link (fusion-gen then creates a folder in its place)\n"
    );
}

#[test]
fn temporary_files_a_killed_run_left_are_removed_and_nothing_else() {
    let dir = project();
    assert_exit(&run(dir.path()), 0);
    let out = dir.path().join("out");
    let stale = [".book.rs.4242.fusion-gen-tmp", ".mod.rs.1.fusion-gen-tmp"];
    // Not of fusion-gen's pattern: a user's files, kept.
    let kept = [
        ".notes.fusion-gen-tmp",
        ".book.rs.abc.fusion-gen-tmp",
        ".book.rs.4242.fusion-gen-tmp.bak",
        "book.rs.4242.fusion-gen-tmp",
        "notes.txt",
    ];
    for name in stale.iter().chain(&kept) {
        fs::write(out.join(name), "half a module").expect("write");
    }
    assert_exit(&run(dir.path()), 0);
    for name in stale {
        assert!(!out.join(name).exists(), "{name} is removed");
    }
    for name in kept {
        assert!(out.join(name).exists(), "{name} is kept");
    }
}

#[test]
fn a_run_waits_while_another_holds_the_output_folder() {
    let dir = project();
    let out = dir.path().join("out");
    let lock = fusion_gen::lock_output(&out, |_| panic!("nobody else holds it")).expect("lock");
    let child = start(dir.path(), "schemas");
    std::thread::sleep(Duration::from_millis(1_500));
    assert!(
        !out.join("mod.rs").exists(),
        "nothing is written while the folder is held"
    );
    drop(lock);
    let output = finish(child);
    assert_exit(&output, 0);
    assert!(stderr(&output).contains("waiting for another fusion-gen run writing out"));
    assert!(out.join("mod.rs").exists());
}

/// The `.rs` files of `out`, and the modules its `mod.rs` declares.
fn modules(out: &Path) -> (Vec<String>, Vec<String>) {
    let mut files: Vec<String> = fs::read_dir(out)
        .expect("read dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".rs") && name != "mod.rs")
        .map(|name| name.trim_end_matches(".rs").to_owned())
        .collect();
    files.sort();
    let mod_rs = fs::read_to_string(out.join("mod.rs")).expect("mod.rs");
    let mut declared: Vec<String> = mod_rs
        .lines()
        .filter_map(|line| line.strip_prefix("pub mod "))
        .map(|rest| rest.trim_end_matches(';').to_owned())
        .collect();
    declared.sort();
    (files, declared)
}

#[test]
fn two_runs_into_one_folder_at_once_leave_the_output_of_one_of_them() {
    let dir = project();
    // A second input with other definitions: a mix of the two would show.
    fs::create_dir_all(dir.path().join("other")).expect("mkdir");
    for i in 0..20 {
        let text = BOOK.replace("Book", &format!("Other{i}"));
        fs::write(dir.path().join(format!("other/other{i}.yaml")), text).expect("write");
    }
    for round in 0..4 {
        let first = start(dir.path(), "schemas");
        let second = start(dir.path(), "other");
        let (first, second) = (finish(first), finish(second));
        assert_exit(&first, 0);
        assert_exit(&second, 0);
        let (files, declared) = modules(&dir.path().join("out"));
        assert_eq!(
            files, declared,
            "round {round}: every module file is declared, no other"
        );
        let one = vec!["author".to_owned(), "book".to_owned()];
        assert!(
            files == one || files.len() == 20,
            "round {round}: {files:?}"
        );
    }
}

#[test]
fn a_module_named_outside_ascii_states_its_file() {
    let dir = project();
    fs::write(
        dir.path().join("schemas/日本.yaml"),
        BOOK.replace("Book", "Place"),
    )
    .expect("write");
    let output = run(dir.path());
    assert_exit(&output, 0);
    let root = fs::read_to_string(dir.path().join("out/mod.rs")).expect("mod.rs");
    // rustc looks a module's file up by its name only when the name is ASCII (E0754).
    assert!(
        root.contains("#[path = \"日本.rs\"]\npub mod 日本;"),
        "{root}"
    );
    assert!(root.contains("\npub mod book;"), "{root}");
    assert!(!root.contains("#[path = \"book.rs\"]"), "{root}");
    assert!(dir.path().join("out/日本.rs").is_file());
}
