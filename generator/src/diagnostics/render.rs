//! Diagnostics drawn for people: the message, the file, line and column, a snippet of the line
//! with a caret under the column, and the fix. miette draws them with the `fancy` feature (the
//! command line's); build scripts get the same content as plain text, without its dependencies.

use super::{Diagnostic, Location, one_line_for_terminal};

#[cfg(feature = "fancy")]
mod fancy;

/// See [`Diagnostic::render`].
pub(super) fn render(diagnostic: &Diagnostic, source: Option<&str>) -> String {
    let normalised = source.map(with_yaml_line_breaks);
    let source = normalised.as_deref();
    let long = match (source, diagnostic.location) {
        (Some(text), Some(at)) => has_long_line_near(text, at.line),
        _ => false,
    };
    drawn(diagnostic, source, long)
}

/// miette's drawing. It would print a long line whole, and panics past column 65,535: such a
/// line is shown cut to a window around the error instead.
#[cfg(feature = "fancy")]
fn drawn(diagnostic: &Diagnostic, source: Option<&str>, long: bool) -> String {
    let shown = source.map(printable_source);
    let mut out = fancy::render(diagnostic, shown.as_deref().filter(|_| !long));
    if let (true, Some(text), Some(at)) = (long, source, diagnostic.location) {
        let (window, caret) = window(text, at);
        let number = at.line.to_string();
        let pad = " ".repeat(number.len());
        out.push_str(&format!(
            "{pad}  ╭─[{}:{}:{}]\n {number} │ {window}\n {pad} · {}▲ here\n {pad} ╰────\n",
            one_line_for_terminal(&diagnostic.file),
            at.line,
            at.column,
            " ".repeat(caret)
        ));
    }
    out
}

/// Plain text, in the shape of rustc's diagnostics, for build scripts:
///
/// ```text
/// error: unknown field `amount_cent` in `required` (at /required/1)
///  --> billing/invoice.yaml:2:15
///   |
/// 2 | required: [id, amount_cent]
///   |                ^^^^^^^^^^^ here
///   = help: did you mean `amount_cents`?
/// ```
#[cfg(not(feature = "fancy"))]
fn drawn(diagnostic: &Diagnostic, source: Option<&str>, long: bool) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let severity = if diagnostic.is_warning() {
        "warning"
    } else {
        "error"
    };
    let _ = write!(out, "{severity}: {}", diagnostic.message);
    if !diagnostic.pointer.is_empty() {
        let _ = write!(out, " (at {})", one_line_for_terminal(&diagnostic.pointer));
    }
    out.push('\n');
    let number = diagnostic
        .location
        .map_or(String::new(), |at| at.line.to_string());
    let pad = " ".repeat(number.len());
    if !diagnostic.file.is_empty() {
        let _ = write!(out, "{pad}--> {}", one_line_for_terminal(&diagnostic.file));
        if let Some(at) = diagnostic.location {
            let _ = write!(out, ":{}:{}", at.line, at.column);
        }
        out.push('\n');
    }
    let snippet = source.zip(diagnostic.location).and_then(|(text, at)| {
        if long {
            let (shown, caret) = window(text, at);
            return Some((shown, caret, 1));
        }
        let offset = byte_offset(text, at)?;
        let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
        let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
        let width = text[offset..]
            .get(..token_len(&text[offset..]))
            .map_or(1, |token| token.chars().count().max(1));
        let caret = text[start..offset].chars().count();
        Some((printable(&text[start..end]), caret, width))
    });
    if let Some((shown, caret, width)) = snippet {
        let _ = writeln!(out, "{pad} |");
        let _ = writeln!(out, "{number} | {}", shown.trim_end());
        let marks = "^".repeat(width);
        let _ = writeln!(out, "{pad} | {}{marks} here", " ".repeat(caret));
    }
    if let Some(help) = &diagnostic.help {
        let _ = writeln!(out, "{pad} = help: {help}");
    }
    out
}

/// One column per character, so the caret lines up: controls (tabs too) shown as spaces, since
/// they would move the cursor or recolour the screen, and direction controls as `�`, since they
/// would reorder the line.
fn printable(line: &str) -> String {
    line.chars().map(|c| shown_as(c, false)).collect()
}

/// What the snippet shows for `c` of a source's text; `keep_layout` keeps line breaks and tabs
/// (a whole file handed to miette, which lays them out itself).
fn shown_as(c: char, keep_layout: bool) -> char {
    if keep_layout && matches!(c, '\n' | '\r' | '\t') {
        c
    } else if c.is_control() {
        ' '
    } else if crate::rust_text::is_direction_control(c) {
        '\u{FFFD}'
    } else {
        c
    }
}

/// A source's text as miette may print it: [`shown_as`] each character, one for one, so lines
/// and columns are unchanged.
#[cfg(feature = "fancy")]
fn printable_source(text: &str) -> std::borrow::Cow<'_, str> {
    if text.chars().all(|c| shown_as(c, true) == c) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(text.chars().map(|c| shown_as(c, true)).collect())
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

/// The error's line cut to a window around its column (`…` where it is cut), and the column of
/// the caret in it.
fn window(text: &str, at: Location) -> (String, usize) {
    let line = text
        .split('\n')
        .nth(at.line.saturating_sub(1) as usize)
        .unwrap_or_default();
    let column = at.column.saturating_sub(1) as usize;
    let start = column.saturating_sub(CUT_BEFORE);
    let cut: String = line
        .chars()
        .skip(start)
        .take(column - start + CUT_AFTER)
        .collect();
    let mut window = printable(&cut);
    let mut caret = column - start;
    if start > 0 {
        window.insert(0, '…');
        caret += 1;
    }
    if line.chars().nth(column + CUT_AFTER).is_some() {
        window.push('…');
    }
    (window, caret)
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
