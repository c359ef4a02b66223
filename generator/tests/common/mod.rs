//! Helpers the command's tests share.

use std::process::Output;

/// The command's standard error, as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Asserts the command's exit code, showing its standard error when it differs.
pub fn assert_exit(output: &Output, expected: i32) {
    assert_eq!(
        output.status.code(),
        Some(expected),
        "stderr:\n{}",
        stderr(output)
    );
}
