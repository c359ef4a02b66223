//! Diagnostics: every problem names the file, the JSON pointer, the line and column, and where it
//! can, the fix. The engine collects them all; front ends render them with source snippets.

use std::fmt;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};

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
    /// A value quoted in the message (between backticks) longer than [`QUOTE_LIMIT`] characters
    /// is cut there, with an ellipsis: the snippet shows where it is.
    pub fn error(file: &str, pointer: &str, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            file: file.to_owned(),
            pointer: pointer.to_owned(),
            location: None,
            message: cut_quotes(message.into()),
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
        self.help = Some(cut_quotes(help.into()));
        self
    }

    /// Renders the diagnostic with a snippet of `source` (the file's text), without colours, so
    /// that the same text reads well in a terminal, in a build script's output and in tests.
    ///
    /// When a line of the snippet is long (minified JSON, a deep flow collection on one line),
    /// miette would print it whole, and panics past column 65,535; such a line is shown cut to
    /// a window around the error instead.
    pub fn render(&self, source: Option<&str>) -> String {
        let normalised = source.map(with_yaml_line_breaks);
        let source = normalised.as_deref();
        let long = match (source, self.location) {
            (Some(text), Some(at)) => has_long_line_near(text, at.line),
            _ => false,
        };
        let report = Report {
            diagnostic: self,
            source: source
                .filter(|_| !long)
                .map(|text| NamedSource::new(&self.file, text.to_owned())),
        };
        let mut out = String::new();
        let handler =
            GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
        if handler.render_report(&mut out, &report).is_err() {
            out = self.to_string();
        }
        if let (true, Some(text), Some(at)) = (long, source, self.location) {
            out.push_str(&cut_snippet(&self.file, text, at));
        }
        out
    }
}

/// The most characters of a value a message quotes (between backticks); the rest is cut to `…`.
/// A 70,000-character `type` would otherwise be quoted whole, in the message and its help.
pub const QUOTE_LIMIT: usize = 80;

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

/// The longest line, in characters, that a snippet shows whole.
const SNIPPET_LINE_LIMIT: usize = 160;

/// Characters shown before the error's column when a long line is cut.
const CUT_BEFORE: usize = 40;

/// Characters shown from the error's column on when a long line is cut.
const CUT_AFTER: usize = 80;

/// Whether the error's line or a neighbour (the lines miette shows) is too long to show whole.
fn has_long_line_near(text: &str, line: u32) -> bool {
    let first = line.saturating_sub(2) as usize;
    text.split('\n')
        .skip(first)
        .take(3)
        .any(|l| l.chars().nth(SNIPPET_LINE_LIMIT).is_some())
}

/// The error's line cut to a window around its column, with a caret under the column:
///
/// ```text
///    ╭─[file:1:70001]
///  1 │ …"type": "strnig", "x"…
///    ·           ▲ here
///    ╰────
/// ```
fn cut_snippet(file: &str, text: &str, at: Location) -> String {
    let line = text
        .split('\n')
        .nth(at.line.saturating_sub(1) as usize)
        .unwrap_or_default();
    let column = at.column.saturating_sub(1) as usize;
    let start = column.saturating_sub(CUT_BEFORE);
    let mut window: String = line
        .chars()
        .skip(start)
        .take(column - start + CUT_AFTER)
        // One column per character, so the caret lines up; controls would move the cursor.
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let mut caret = column - start;
    if start > 0 {
        window.insert(0, '…');
        caret += 1;
    }
    if line.chars().nth(column + CUT_AFTER).is_some() {
        window.push('…');
    }
    let number = at.line.to_string();
    let pad = " ".repeat(number.len());
    format!(
        "{pad}  ╭─[{file}:{}:{}]\n {number} │ {window}\n {pad} · {}▲ here\n {pad} ╰────\n",
        at.line,
        at.column,
        " ".repeat(caret)
    )
}

impl fmt::Display for Diagnostic {
    /// One line, `file:line:column: message (at pointer)`, for logs and `Debug`-free error chains;
    /// a warning starts with `warning: `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_warning() {
            f.write_str("warning: ")?;
        }
        write!(f, "{}", self.file)?;
        if let Some(at) = self.location {
            write!(f, ":{}:{}", at.line, at.column)?;
        }
        write!(f, ": {}", self.message)?;
        if !self.pointer.is_empty() {
            write!(f, " (at {})", self.pointer)?;
        }
        if let Some(help) = &self.help {
            write!(f, "; {help}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

/// Everything that went wrong in one run of the engine, in file order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// Renders every diagnostic with its snippet; `source_of` returns a file's text by path.
    pub fn render<'a>(&self, source_of: impl Fn(&str) -> Option<&'a str>) -> String {
        let mut out = String::new();
        for diagnostic in &self.0 {
            out.push_str(&diagnostic.render(source_of(&diagnostic.file)));
            out.push('\n');
        }
        let count = self.0.iter().filter(|d| !d.is_warning()).count();
        let warnings = self.0.len() - count;
        if count > 0 {
            out.push_str(&format!(
                "{count} error{} in the definitions; nothing was written.\n",
                if count == 1 { "" } else { "s" }
            ));
        } else if warnings > 0 {
            out.push_str(&format!(
                "{warnings} warning{} in the definitions.\n",
                if warnings == 1 { "" } else { "s" }
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

struct Report<'a> {
    diagnostic: &'a Diagnostic,
    source: Option<NamedSource<String>>,
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.diagnostic, f)
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagnostic.message)?;
        if !self.diagnostic.pointer.is_empty() {
            write!(f, " (at {})", self.diagnostic.pointer)?;
        }
        let snippet_shown = self.source.as_ref().is_some_and(|source| {
            self.diagnostic
                .location
                .and_then(|at| byte_offset(source.inner(), at))
                .is_some()
        });
        if !snippet_shown && !self.diagnostic.file.is_empty() {
            write!(f, " in {}", self.diagnostic.file)?;
            if let Some(at) = self.diagnostic.location {
                write!(f, ":{}:{}", at.line, at.column)?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for Report<'_> {}

impl miette::Diagnostic for Report<'_> {
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diagnostic.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.diagnostic
            .help
            .as_ref()
            .map(|help| Box::new(help) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source
            .as_ref()
            .map(|source| source as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let source = self.source.as_ref()?;
        let at = self.diagnostic.location?;
        let offset = byte_offset(source.inner(), at)?;
        let len = token_len(&source.inner()[offset..]);
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some("here".into()),
            SourceSpan::new(offset.into(), len),
        ))))
    }
}

/// The text with each lone `\r` turned into `\n`: YAML (and the loader's locations) break lines
/// there too, while miette and the snippet code break lines at `\n` only. One byte for one, so
/// byte offsets are unchanged.
fn with_yaml_line_breaks(text: &str) -> std::borrow::Cow<'_, str> {
    let bytes = text.as_bytes();
    let lone_cr = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    if !(0..bytes.len()).any(lone_cr) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek() != Some(&'\n') {
            out.push('\n');
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

fn byte_offset(text: &str, at: Location) -> Option<usize> {
    let line_start = if at.line <= 1 {
        0
    } else {
        text.match_indices('\n')
            .nth(at.line as usize - 2)
            .map(|(i, _)| i + 1)?
    };
    let line = &text[line_start..];
    let column = line
        .char_indices()
        .nth(at.column.saturating_sub(1) as usize)
        .map_or(line.len(), |(i, _)| i);
    Some(line_start + column)
}

/// The length of the word under the caret: a key, a scalar, or one character.
fn token_len(rest: &str) -> usize {
    let end = rest.find([':', ',', '\n', '}', ']']).unwrap_or(rest.len());
    rest[..end].trim_end().len().max(1).min(rest.len())
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
        let snippet = text.lines().find(|l| l.starts_with(" 2 │ ")).expect(&text);
        let window = snippet.trim_start_matches(" 2 │ ");
        assert!(
            window.starts_with('…') && window.ends_with('…'),
            "{snippet}"
        );
        let caret = text.lines().find(|l| l.contains("▲ here")).expect(&text);
        let caret_at = caret.chars().position(|c| c == '▲').unwrap();
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
