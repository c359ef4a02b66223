//! The engine's input: file texts handed over by a front end. The engine never touches the disk.

/// One definition file as a front end read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// Path relative to the input folder, with `/` separators on every platform, so that the
    /// output (and its hash) does not depend on where or on which OS the generator runs.
    pub path: String,
    /// The file's UTF-8 text.
    pub text: String,
}

impl SourceFile {
    /// A source file from a relative path and its text.
    pub fn new(path: impl Into<String>, text: impl Into<String>) -> Self {
        SourceFile {
            path: path.into(),
            text: text.into(),
        }
    }

    /// Whether a file name is a definition the generator reads (`.yaml`, `.yml`, `.json`), except
    /// the meta-schema itself, which sits beside the definitions for editors.
    pub fn is_definition(file_name: &str) -> bool {
        let lower = file_name.to_ascii_lowercase();
        (lower.ends_with(".yaml") || lower.ends_with(".yml") || lower.ends_with(".json"))
            && lower != crate::META_SCHEMA_FILE_NAME
    }
}

/// `token` escaped as one reference token of a JSON pointer (RFC 6901: `~` as `~0`, `/` as
/// `~1`): the one escape behind every pointer the generator writes, in diagnostics and `$ref`s.
pub fn pointer_token(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

#[cfg(test)]
mod tests {
    #[test]
    fn pointer_tokens_escape_tilde_before_slash() {
        // `~1` from data must not read back as `/`: `~` is escaped first.
        assert_eq!(super::pointer_token("a/b~1c"), "a~1b~01c");
        assert_eq!(super::pointer_token("plain"), "plain");
    }
}
