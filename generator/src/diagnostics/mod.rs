//! Diagnostics: every problem names the file, the JSON pointer, the line and column, and where it
//! can, the fix. The engine collects them all; front ends render them with source snippets.

use std::fmt;

mod render;

/// A 1-based line and column in a definition file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Location {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
}

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Severity {
    /// Nothing is generated until it is fixed.
    #[default]
    Error,
    /// The definitions generate, read in the one way the note explains; worth a look (a
    /// `$ref` read by its last segment, a keyword JSON Schema ignores, a repeated key).
    Warning,
}

/// One problem found in the definitions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// An error, or a warning that does not stop generation.
    pub severity: Severity,
    /// The definition file, relative to the input folder (empty for problems of the whole output).
    pub file: String,
    /// RFC 6901 pointer to the offending value inside the file.
    pub pointer: String,
    /// Where the offending value is written, when known.
    pub location: Option<Location>,
    /// What is wrong, in one sentence.
    pub message: String,
    /// How to fix it, when the generator can tell.
    pub help: Option<String>,
}

impl Diagnostic {
    /// A problem at `pointer` in `file`; the location is filled in by [`Diagnostic::at_location`].
    /// A value quoted in the message (between backticks) longer than `QUOTE_LIMIT` (80) characters
    /// is cut there, with an ellipsis: the snippet shows where it is.
    pub fn error(file: &str, pointer: &str, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            file: file.to_owned(),
            pointer: pointer.to_owned(),
            location: None,
            message: made_for_terminal(cut_quotes(message.into())),
            help: None,
        }
    }

    /// A warning at `pointer` in `file`: generation goes on, reading the definitions in the one
    /// way the message states.
    pub fn warning(file: &str, pointer: &str, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(file, pointer, message)
        }
    }

    /// Whether generation goes on despite it.
    pub fn is_warning(&self) -> bool {
        self.severity == Severity::Warning
    }

    /// Sets where the problem is written.
    #[must_use]
    pub fn at_location(mut self, location: Location) -> Self {
        self.location = Some(location);
        self
    }

    /// Adds the suggested fix.
    #[must_use]
    /// Values quoted in it are cut as in [`Diagnostic::error`].
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(made_for_terminal(cut_quotes(help.into())));
        self
    }

    /// `text` as a terminal may show it: control characters other than line breaks, and
    /// direction controls, written as their Rust escapes (`\u{1b}`, `\t`, `\u{202e}`).
    /// Diagnostics quote keys, values and paths of definitions and vendors' descriptions, which
    /// could otherwise move the cursor, recolour or clear the screen, or reorder the line they
    /// are on: messages and help are made so when a diagnostic is made. The command shows its
    /// other output from definitions (the `tokens` tables) the same way.
    ///
    /// ```
    /// use fusion_gen::Diagnostic;
    ///
    /// assert_eq!(Diagnostic::for_terminal("a\u{1b}[2J\u{202e}b\nc"), "a\\u{1b}[2J\\u{202e}b\nc");
    /// ```
    pub fn for_terminal(text: &str) -> std::borrow::Cow<'_, str> {
        crate::rust_text::escaped(text, |c| {
            (c.is_control() && c != '\n') || crate::rust_text::is_direction_control(c)
        })
    }

    /// Renders the diagnostic with a snippet of `source` (the file's text), without colours, so
    /// that the same text reads well in a terminal, in a build script's output and in tests:
    /// drawn by miette with the `fancy` feature (the command line's), as plain text otherwise.
    /// Long lines (minified JSON) are cut to a window around the error either way.
    pub fn render(&self, source: Option<&str>) -> String {
        render::render(self, source)
    }
}

/// The most characters of a value a message quotes (between backticks); the rest is cut to `…`.
/// A 70,000-character `type` would otherwise be quoted whole, in the message and its help.
pub const QUOTE_LIMIT: usize = 80;

/// A file name or JSON pointer as a terminal may show it: as [`Diagnostic::for_terminal`], line
/// breaks escaped too, since each is one line's part. Made so only when shown, as callers match
/// on the raw ones.
pub(crate) fn one_line_for_terminal(text: &str) -> std::borrow::Cow<'_, str> {
    crate::rust_text::for_line_comment(text)
}

/// [`Diagnostic::for_terminal`] of an owned text.
fn made_for_terminal(text: String) -> String {
    match Diagnostic::for_terminal(&text) {
        std::borrow::Cow::Borrowed(_) => text,
        std::borrow::Cow::Owned(shown) => shown,
    }
}

/// `text` with every backtick-quoted part longer than [`QUOTE_LIMIT`] characters cut.
fn cut_quotes(text: String) -> String {
    let long = text
        .split('`')
        .skip(1)
        .step_by(2)
        .any(|quoted| quoted.chars().nth(QUOTE_LIMIT).is_some());
    if !long {
        return text;
    }
    let parts: Vec<&str> = text.split('`').collect();
    let last = parts.len() - 1;
    let mut out = String::with_capacity(text.len().min(1024));
    for (index, part) in parts.into_iter().enumerate() {
        // Odd parts are quoted, when a backtick closes them.
        if index % 2 == 1 && index < last && part.chars().nth(QUOTE_LIMIT).is_some() {
            out.extend(part.chars().take(QUOTE_LIMIT));
            out.push('…');
        } else {
            out.push_str(part);
        }
        if index < last {
            out.push('`');
        }
    }
    out
}

impl fmt::Display for Diagnostic {
    /// One line, `file:line:column: message (at pointer)`, for logs and `Debug`-free error chains;
    /// a warning starts with `warning: `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_warning() {
            f.write_str("warning: ")?;
        }
        write!(f, "{}", one_line_for_terminal(&self.file))?;
        if let Some(at) = self.location {
            write!(f, ":{}:{}", at.line, at.column)?;
        }
        write!(f, ": {}", self.message)?;
        if !self.pointer.is_empty() {
            write!(f, " (at {})", one_line_for_terminal(&self.pointer))?;
        }
        if let Some(help) = &self.help {
            write!(f, "; {help}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

/// Everything that went wrong in one run of the engine: a failed run's warnings (from
/// [`crate::generate_with_warnings`]) in file order, then its errors in file order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// The errors alone.
    #[must_use]
    pub fn without_warnings(mut self) -> Self {
        self.0.retain(|d| !d.is_warning());
        self
    }

    /// How many errors there are (the rest are warnings).
    pub fn error_count(&self) -> usize {
        self.0.iter().filter(|d| !d.is_warning()).count()
    }

    /// Renders every diagnostic with its snippet; `source_of` returns a file's text by path.
    pub fn render<'a>(&self, source_of: impl Fn(&str) -> Option<&'a str>) -> String {
        let mut out = String::new();
        for diagnostic in &self.0 {
            out.push_str(&diagnostic.render(source_of(&diagnostic.file)));
            out.push('\n');
        }
        let count = self.error_count();
        let warnings = self.0.len() - count;
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        if count > 0 && warnings > 0 {
            out.push_str(&format!(
                "{count} error{} and {warnings} warning{} in the definitions; nothing was written.\n",
                plural(count),
                plural(warnings)
            ));
        } else if count > 0 {
            out.push_str(&format!(
                "{count} error{} in the definitions; nothing was written.\n",
                plural(count)
            ));
        } else if warnings > 0 {
            out.push_str(&format!(
                "{warnings} warning{} in the definitions.\n",
                plural(warnings)
            ));
        }
        out
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for diagnostic in &self.0 {
            writeln!(f, "{diagnostic}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

/// The suggestion for a misspelt name: the closest candidate, when one is close enough to be a
/// plausible typo (Jaro-Winkler, as cargo and rustc use for "did you mean").
pub fn did_you_mean<'a>(
    wrong: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|candidate| (strsim::jaro_winkler(wrong, candidate), candidate))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, candidate)| candidate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_quoted_values_are_cut_and_short_ones_kept() {
        let long = "s".repeat(70_000);
        let d = Diagnostic::error("a.json", "/type", format!("unknown type `{long}` here"))
            .with_help(format!("not `{long}`"));
        let cut = format!("`{}…` here", "s".repeat(QUOTE_LIMIT));
        assert!(d.message.ends_with(&cut), "{}", d.message);
        assert!(d.message.starts_with("unknown type `"), "{}", d.message);
        assert!(d.help.as_deref().is_some_and(|h| h.len() < 200));
        let short = Diagnostic::error("a.json", "", "unknown type `strnig` (a `b`)");
        assert_eq!(short.message, "unknown type `strnig` (a `b`)");
        // An unclosed backtick quotes nothing.
        let open = format!("a ` {long}");
        assert_eq!(Diagnostic::error("a", "", open.clone()).message, open);
    }

    #[test]
    fn suggests_close_names_only() {
        assert_eq!(
            did_you_mean("amount_cent", ["id", "amount_cents", "status"]),
            Some("amount_cents")
        );
        assert_eq!(did_you_mean("zzz", ["id", "amount_cents"]), None);
    }

    #[test]
    fn a_long_line_is_cut_around_the_error_whatever_the_column() {
        let mut line = "x".repeat(70_000);
        line.push_str("\"type\": \"strnig\"");
        line.push_str(&"y".repeat(70_000));
        let d =
            Diagnostic::error("min.json", "/type", "unknown type `strnig`").at_location(Location {
                line: 2,
                column: 70_009,
            });
        let text = d.render(Some(&format!("{{\n{line}\n}}")));
        assert!(text.len() < 1_000, "{} bytes", text.len());
        assert!(text.contains("min.json:2:70009"), "{text}");
        // miette's frame (`fancy`) or rustc's (plain): the same window either way.
        let gutter = [" 2 │ ", "2 | "];
        let snippet = text
            .lines()
            .find(|l| gutter.iter().any(|g| l.starts_with(g)))
            .expect(&text);
        let window = gutter
            .iter()
            .fold(snippet, |line, g| line.trim_start_matches(g));
        assert!(
            window.starts_with('…') && window.ends_with('…'),
            "{snippet}"
        );
        let caret = text.lines().find(|l| l.ends_with(" here")).expect(&text);
        let caret_at = caret.chars().position(|c| c == '▲' || c == '^').unwrap();
        let under: char = snippet.chars().nth(caret_at).unwrap();
        assert_eq!(
            under, '"',
            "the caret is under the error's column:\n{snippet}\n{caret}"
        );
        assert_eq!(
            snippet.chars().skip(caret_at).take(8).collect::<String>(),
            "\"strnig\""
        );
    }

    #[test]
    fn renders_file_location_pointer_snippet_and_help() {
        let d = Diagnostic::error(
            "billing/invoice.yaml",
            "/required/1",
            "unknown field `amount_cent` in `required`",
        )
        .at_location(Location {
            line: 2,
            column: 15,
        })
        .with_help("did you mean `amount_cents`?");
        let text = d.render(Some("title: Invoice\nrequired: [id, amount_cent]\n"));
        assert!(
            text.contains("unknown field `amount_cent` in `required` (at /required/1)"),
            "{text}"
        );
        assert!(text.contains("billing/invoice.yaml:2:15"), "{text}");
        assert!(text.contains("required: [id, amount_cent]"), "{text}");
        assert!(text.contains("did you mean `amount_cents`?"), "{text}");
    }

    /// What the command shows outside diagnostics (the `tokens` tables) goes through the same
    /// escape: line breaks kept, tabs and escape sequences shown, plain text not copied.
    #[test]
    fn text_for_a_terminal_keeps_its_lines_only() {
        assert_eq!(
            Diagnostic::for_terminal("a\u{1b}[2Jb\u{202e}c\nd\te"),
            "a\\u{1b}[2Jb\\u{202e}c\nd\\te"
        );
        assert!(matches!(
            Diagnostic::for_terminal("plain é"),
            std::borrow::Cow::Borrowed(_)
        ));
    }

    /// A hostile key, file name or source line (a vendor's description) reaches the terminal
    /// with no escape sequence and no direction control raw: `\u{1b}[2J` would clear the
    /// screen, `\u{202e}` reorder the line.
    #[test]
    fn renders_controls_and_direction_controls_escaped() {
        let hostile = "a\u{1b}[2Jb\u{202e}c\u{9b}d";
        let d = Diagnostic::error(
            &format!("vendor/{hostile}.yaml"),
            &format!("/properties/{hostile}"),
            format!("unknown field `{hostile}`"),
        )
        .at_location(Location { line: 2, column: 3 })
        .with_help(format!("did you mean `{hostile}x`?"));
        let source = format!("title: T\n  {hostile}: 1\n");
        for text in [d.render(Some(&source)), d.render(None), d.to_string()] {
            assert!(!text.contains(['\u{1b}', '\u{202e}', '\u{9b}']), "{text:?}");
            assert!(text.contains(r"a\u{1b}[2Jb\u{202e}c\u{9b}d"), "{text}");
        }
        // The mark still starts under the key: one column per character of the line.
        let text = d.render(Some(&source));
        let lines: Vec<&str> = text.lines().collect();
        let row = lines
            .iter()
            .position(|l| l.contains("[2Jb\u{fffd}c"))
            .expect(&text);
        let marks = lines[row + 1];
        let at = marks.chars().position(|c| "─^▲".contains(c)).expect(&text);
        let snippet = lines[row];
        assert_eq!(snippet.chars().nth(at), Some('a'), "{text}");
    }

    /// Without miette (a build script's `default-features = false`), the same content in
    /// rustc's shape, a caret under the whole token.
    #[cfg(not(feature = "fancy"))]
    #[test]
    fn renders_plain_text_in_rustc_shape() {
        let d = Diagnostic::error(
            "billing/invoice.yaml",
            "/required/1",
            "unknown field `amount_cent` in `required`",
        )
        .at_location(Location {
            line: 2,
            column: 16,
        })
        .with_help("did you mean `amount_cents`?");
        let text = d.render(Some("title: Invoice\nrequired: [id, amount_cent]\n"));
        assert_eq!(
            text,
            "error: unknown field `amount_cent` in `required` (at /required/1)\n \
             --> billing/invoice.yaml:2:16\n  \
             |\n\
             2 | required: [id, amount_cent]\n  \
             |                ^^^^^^^^^^^ here\n  \
             = help: did you mean `amount_cents`?\n"
        );
        let warning = Diagnostic::warning("a.yaml", "", "unknown keyword `bar` ignored");
        assert_eq!(
            warning.render(None),
            "warning: unknown keyword `bar` ignored\n--> a.yaml\n"
        );
    }

    #[test]
    fn renders_the_snippet_of_a_file_whose_lines_end_in_a_lone_carriage_return() {
        let d = Diagnostic::error("old-mac.yaml", "/type", "unknown type `strnig`")
            .at_location(Location { line: 3, column: 7 });
        let text = d.render(Some("title: A\rx: 1\rtype: strnig\r"));
        assert!(text.contains("old-mac.yaml:3:7"), "{text}");
        assert!(text.contains("type: strnig"), "{text}");
    }

    #[test]
    fn names_the_file_and_location_when_the_location_is_past_the_text() {
        let d = Diagnostic::error("short.yaml", "", "unexpected end")
            .at_location(Location { line: 9, column: 1 });
        let text = d.render(Some("a: 1\n"));
        assert!(text.contains("short.yaml:9:1"), "{text}");
    }
}
