//! Escapes for text placed inside the wire format's XML-like blocks.
//!
//! Two families, for two different contracts:
//!
//! - [`xml`] and [`attr`] are the escapes of the error envelopes (wire format §12). They are
//!   "same" behaviour: upstream applies them, so their exact character sets are part of the bytes.
//! - [`line()`], [`cell`], [`content`] and [`attr_value`] are the deviation of §4/§5: values
//!   interpolated from data at run time into rules, suggestions, summaries, table cells, UI
//!   content and titles. Upstream escapes nothing there. Each context escapes what would let a
//!   value change the structure around it:
//!
//!   | context | escaped |
//!   |---|---|
//!   | [`line()`]: rule, suggestion, summary and list lines | `&` `<`, line breaks and controls |
//!   | [`cell`]: markdown table cells | as [`line()`], plus `\|` and `\` |
//!   | [`content`]: markdown, code and diagram text | `&` `<`, controls other than line breaks |
//!   | [`attr_value`]: UI attributes (`title`) | `&` `<` `>` `"`, line breaks and controls |
//!
//!   "Controls" are the C0 controls but tab (U+0000..U+001F), DEL, the C1 controls
//!   (U+0080..U+009F, NEL and CSI among them) and the Unicode line and paragraph separators
//!   (U+2028, U+2029). Line feed and carriage return become the two characters `\n` and `\r`; the
//!   others become `\u{hex}` (`\u{1b}` for ESC, `\u{0}` for NUL). A backslash from data stays a
//!   single backslash in a line (a literal `\n` in data then reads like an escaped line feed, which
//!   forges nothing); in a cell it is doubled, since markdown would read `\|` as a pipe inside the
//!   cell and `\\|` as a backslash then a cell border.
//!
//! Each escape comes as `push_*` (appends to a caller's buffer: generated code builds a block in
//! one `String` and pays nothing when there is nothing to escape) and as a function returning
//! `Cow<str>` (borrows the input when it is already clean).

use std::borrow::Cow;

/// What a byte means to one escape: left alone, replaced, or the first byte of a character that
/// may be a non-ASCII control (only then is the character decoded).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Clean,
    Escape,
    MaybeControl,
}

/// The classes of all 256 byte values for one escape.
struct Set([Class; 256]);

impl Set {
    /// `chars` (ASCII) are escaped; with `controls`, so are the controls, except line feed and
    /// carriage return unless `breaks`.
    const fn new(chars: &[u8], controls: bool, breaks: bool) -> Self {
        let mut table = [Class::Clean; 256];
        let mut i = 0;
        while i < chars.len() {
            table[chars[i] as usize] = Class::Escape;
            i += 1;
        }
        if controls {
            let mut byte = 0;
            while byte < 0x20 {
                let is_break = byte == b'\n' as usize || byte == b'\r' as usize;
                if byte != b'\t' as usize && (breaks || !is_break) {
                    table[byte] = Class::Escape;
                }
                byte += 1;
            }
            table[0x7f] = Class::Escape;
            // Lead bytes of U+0080..U+009F (0xC2 0x80..0x9F) and of U+2028/U+2029 (0xE2 0x80 0xA8/A9).
            table[0xc2] = Class::MaybeControl;
            table[0xe2] = Class::MaybeControl;
        }
        Self(table)
    }
}

/// Whether a non-ASCII character is one of the controls every data escape neutralises.
fn is_wide_control(c: char) -> bool {
    matches!(c, '\u{80}'..='\u{9f}' | '\u{2028}' | '\u{2029}')
}

/// Appends `s` to `out`, replacing each character the set escapes.
///
/// Copies clean runs as whole slices: escaping is rare, so the common path is one lookup per byte
/// and one `push_str`. Tables rather than a scan of the set per byte: tables and rules interpolate
/// a value per row, so this is on the hot path of collection UI blocks.
#[inline]
fn push_escaped(out: &mut String, s: &str, set: &Set) {
    // Most values have nothing to escape: one tight scan, inlined where the set is a constant,
    // then one copy; the rest out of line.
    match s
        .bytes()
        .position(|byte| set.0[usize::from(byte)] != Class::Clean)
    {
        None => out.push_str(s),
        Some(first) => push_escaped_from(out, s, set, first),
    }
}

/// [`push_escaped`] for a value with something to escape at `first` or after it.
#[cold]
fn push_escaped_from(out: &mut String, s: &str, set: &Set, first: usize) {
    let mut clean_from = 0;
    for (index, byte) in s.bytes().enumerate().skip(first) {
        let c = match set.0[usize::from(byte)] {
            Class::Clean => continue,
            // Escaped ASCII never splits a UTF-8 sequence: ASCII bytes are never inside one.
            Class::Escape => char::from(byte),
            // 0xC2 and 0xE2 are only ever lead bytes, so `index` is a character boundary.
            Class::MaybeControl => match s[index..].chars().next() {
                Some(c) if is_wide_control(c) => c,
                _ => continue,
            },
        };
        out.push_str(&s[clean_from..index]);
        push_replacement(out, c);
        clean_from = index + c.len_utf8();
    }
    out.push_str(&s[clean_from..]);
}

/// The replacement of one escaped character: an entity for markup, a backslash escape otherwise.
fn push_replacement(out: &mut String, c: char) {
    match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '"' => out.push_str("&quot;"),
        '\'' => out.push_str("&apos;"),
        '|' => out.push_str("\\|"),
        '\\' => out.push_str("\\\\"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        control => {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("\\u{");
            let code = u32::from(control);
            let digits = (32 - code.leading_zeros()).div_ceil(4).max(1);
            for shift in (0..digits).rev() {
                out.push(char::from(HEX[((code >> (shift * 4)) & 0xf) as usize]));
            }
            out.push('}');
        }
    }
}

fn escaped<'a>(s: &'a str, set: &Set) -> Cow<'a, str> {
    // A first pass that allocates nothing: most values have nothing to escape.
    let needs = s
        .bytes()
        .enumerate()
        .any(|(index, byte)| match set.0[usize::from(byte)] {
            Class::Clean => false,
            Class::Escape => true,
            Class::MaybeControl => s[index..].chars().next().is_some_and(is_wide_control),
        });
    if !needs {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    push_escaped(&mut out, s, set);
    Cow::Owned(out)
}

const LINE: &Set = &Set::new(b"&<", true, true);
const CELL: &Set = &Set::new(b"&<|\\", true, true);
const CONTENT: &Set = &Set::new(b"&<", true, false);
const ATTR_VALUE: &Set = &Set::new(b"&<>\"", true, true);
const XML: &Set = &Set::new(b"&<", false, false);
const ATTR: &Set = &Set::new(b"&<>\"'", false, false);

/// Appends a run-time value for a rule, suggestion, summary or list line (§5 deviation): `&`,
/// `<`, line breaks and controls, so the value stays on its line.
#[inline]
pub fn push_line(out: &mut String, s: &str) {
    push_escaped(out, s, LINE);
}

/// A run-time value escaped for a rule, suggestion, summary or list line.
pub fn line(s: &str) -> Cow<'_, str> {
    escaped(s, LINE)
}

/// Appends a run-time value for a markdown table cell (§4 deviation): as [`push_line`], plus `|`
/// and `\`, so the value stays in its cell.
#[inline]
pub fn push_cell(out: &mut String, s: &str) {
    push_escaped(out, s, CELL);
}

/// A run-time value escaped for a markdown table cell.
pub fn cell(s: &str) -> Cow<'_, str> {
    escaped(s, CELL)
}

/// Appends a run-time value for multi-line UI content such as markdown or code (§4 deviation):
/// `&`, `<` and controls; line breaks are kept.
#[inline]
pub fn push_content(out: &mut String, s: &str) {
    push_escaped(out, s, CONTENT);
}

/// A run-time value escaped for multi-line UI content: `&`, `<` and controls but line breaks.
pub fn content(s: &str) -> Cow<'_, str> {
    escaped(s, CONTENT)
}

/// Appends a run-time value for a UI attribute such as `title` (§4 deviation): `&` `<` `>` `"`,
/// line breaks and controls.
#[inline]
pub fn push_attr_value(out: &mut String, s: &str) {
    push_escaped(out, s, ATTR_VALUE);
}

/// A run-time value escaped for a UI attribute: `&` `<` `>` `"`, line breaks and controls.
pub fn attr_value(s: &str) -> Cow<'_, str> {
    escaped(s, ATTR_VALUE)
}

/// JSON text (§3) made safe inside a block: every `<`, DEL and wide control (U+0080..U+009F,
/// U+2028, U+2029) becomes its `\uXXXX` escape.
///
/// JSON has these characters only inside strings (its whitespace is space, tab and line breaks),
/// where the escape is the same character, so the text still parses to the same value; a string
/// `</ui_passthrough>` then cannot close the UI block a `json` or `echarts` block sits in. The
/// writer of §3 already escapes the C0 controls.
pub fn json_text(json: &str) -> Cow<'_, str> {
    let unsafe_char = |c: char| c == '<' || c == '\u{7f}' || is_wide_control(c);
    if !json.contains(unsafe_char) {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if unsafe_char(c) {
            out.push_str(&format!("\\u{:04x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Appends error text escaped as upstream's `xml(s)` does (§12): `&` and `<` only.
pub fn push_xml(out: &mut String, s: &str) {
    push_escaped(out, s, XML);
}

/// Error text escaped as upstream's `xml(s)` (§12): `&` and `<` only; `>` and quotes stay raw,
/// which the goldens show (`<message>Not &lt;found> &amp; "x"</message>`).
pub fn xml(s: &str) -> Cow<'_, str> {
    escaped(s, XML)
}

/// Appends an error attribute value escaped as upstream's `attr(s)` (§12): all five of
/// `&` `<` `>` `"` `'`.
pub fn push_attr(out: &mut String, s: &str) {
    push_escaped(out, s, ATTR);
}

/// An error attribute value escaped as upstream's `attr(s)` (§12): all five of `&` `<` `>` `"` `'`.
pub fn attr(s: &str) -> Cow<'_, str> {
    escaped(s, ATTR)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_input_is_borrowed() {
        assert!(matches!(content("plain ✓ text\nnext"), Cow::Borrowed(_)));
        assert!(matches!(line("plain ✓ text – é"), Cow::Borrowed(_)));
        assert!(matches!(attr_value("a > b"), Cow::Owned(_)));
        assert!(matches!(xml("a > b"), Cow::Borrowed(_)));
    }

    #[test]
    fn each_family_escapes_its_own_set() {
        let raw = r#"A "q" & <b> 'x'"#;
        assert_eq!(content(raw), r#"A "q" &amp; &lt;b> 'x'"#);
        assert_eq!(line(raw), r#"A "q" &amp; &lt;b> 'x'"#);
        assert_eq!(xml(raw), r#"A "q" &amp; &lt;b> 'x'"#);
        assert_eq!(attr_value(raw), "A &quot;q&quot; &amp; &lt;b&gt; 'x'");
        assert_eq!(attr(raw), "A &quot;q&quot; &amp; &lt;b&gt; &apos;x&apos;");
    }

    #[test]
    fn line_breaks_and_controls_are_neutralised_per_context() {
        let raw = "a\nb\r\nc\td\0e\u{1b}[31mf\u{7f}\u{85}\u{9b}\u{2028}g|h\\i";
        assert_eq!(
            line(raw),
            "a\\nb\\r\\nc\td\\u{0}e\\u{1b}[31mf\\u{7f}\\u{85}\\u{9b}\\u{2028}g|h\\i"
        );
        assert_eq!(
            cell(raw),
            "a\\nb\\r\\nc\td\\u{0}e\\u{1b}[31mf\\u{7f}\\u{85}\\u{9b}\\u{2028}g\\|h\\\\i"
        );
        assert_eq!(
            content(raw),
            "a\nb\r\nc\td\\u{0}e\\u{1b}[31mf\\u{7f}\\u{85}\\u{9b}\\u{2028}g|h\\i"
        );
        assert_eq!(
            attr_value(raw),
            "a\\nb\\r\\nc\td\\u{0}e\\u{1b}[31mf\\u{7f}\\u{85}\\u{9b}\\u{2028}g|h\\i"
        );
        // The error escapes are upstream's and keep controls raw (§12 "same").
        assert_eq!(xml("a\nb\0"), "a\nb\0");
    }

    #[test]
    fn non_control_characters_behind_the_probed_lead_bytes_are_kept() {
        // U+00A0..U+00FF share the lead byte 0xC2/0xC3; U+2013 and U+20AC share 0xE2.
        let raw = "\u{a0}é – € ⁉";
        assert!(matches!(line(raw), Cow::Borrowed(_)));
        let mut out = String::from("x");
        push_cell(&mut out, "–\u{2029}–");
        assert_eq!(out, "x–\\u{2029}–");
    }

    #[test]
    fn json_text_keeps_the_value_and_drops_raw_less_than() {
        let json = "{\"<k>\": \"</ui_passthrough> \\\\u003c \u{7f}\u{85}\u{2028}\"}";
        let safe = json_text(json);
        assert_eq!(
            safe,
            r#"{"\u003ck>": "\u003c/ui_passthrough> \\u003c \u007f\u0085\u2028"}"#
        );
        let parsed: serde_json::Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(
            parsed,
            serde_json::from_str::<serde_json::Value>(json).unwrap()
        );
        assert!(matches!(json_text("{}"), Cow::Borrowed(_)));
    }

    #[test]
    fn push_appends_after_existing_text() {
        let mut out = String::from("title=");
        push_attr_value(&mut out, "é<");
        assert_eq!(out, "title=é&lt;");
    }
}
