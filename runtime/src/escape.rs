//! Escapes for text placed inside the wire format's XML-like blocks.
//!
//! Two families, for two different contracts:
//!
//! - [`xml`] and [`attr`] are the escapes of the error envelopes (wire format §12). They are
//!   "same" behaviour: upstream applies them, so their exact character sets are part of the bytes.
//! - [`content`] and [`attr_value`] are the deviation of §4/§5: values interpolated from data at
//!   run time into UI blocks, rules and suggestions. Upstream escapes nothing there; escaping `<`
//!   (and `"` in attributes) is what keeps a value from closing the block it sits in.
//!
//! Each escape comes as `push_*` (appends to a caller's buffer: generated code builds a block in
//! one `String` and pays nothing when there is nothing to escape) and as a function returning
//! `Cow<str>` (borrows the input when it is already clean).

use std::borrow::Cow;

/// Appends `s` to `out`, replacing each character of `set` by its entity.
///
/// Copies clean runs as whole slices: escaping is rare, so the common path is one lookup per byte
/// and one `push_str`. Tables rather than a scan of `set` per byte: tables and rules interpolate
/// a value per row, so this is on the hot path of collection UI blocks.
fn push_escaped(out: &mut String, s: &str, set: &[bool; 256]) {
    let mut clean_from = 0;
    for (index, byte) in s.bytes().enumerate() {
        // Every escaped character is ASCII, so a byte match never splits a UTF-8 sequence.
        if !set[usize::from(byte)] {
            continue;
        }
        out.push_str(&s[clean_from..index]);
        out.push_str(entity(byte));
        clean_from = index + 1;
    }
    out.push_str(&s[clean_from..]);
}

/// The membership table of a set of ASCII characters.
const fn table(set: &[u8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut i = 0;
    while i < set.len() {
        table[set[i] as usize] = true;
        i += 1;
    }
    table
}

/// The entity for one escaped ASCII character.
fn entity(byte: u8) -> &'static str {
    match byte {
        b'&' => "&amp;",
        b'<' => "&lt;",
        b'>' => "&gt;",
        b'"' => "&quot;",
        b'\'' => "&apos;",
        // Only called with characters from the sets below.
        _ => unreachable!("no entity for byte {byte}"),
    }
}

fn escaped<'a>(s: &'a str, set: &[bool; 256]) -> Cow<'a, str> {
    if !s.bytes().any(|byte| set[usize::from(byte)]) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    push_escaped(&mut out, s, set);
    Cow::Owned(out)
}

const CONTENT: &[bool; 256] = &table(b"&<");
const ATTR_VALUE: &[bool; 256] = &table(b"&<>\"");
const ATTR: &[bool; 256] = &table(b"&<>\"'");

/// Appends a run-time value for UI content, rule or suggestion text (§4/§5 deviation): `&` and `<`.
pub fn push_content(out: &mut String, s: &str) {
    push_escaped(out, s, CONTENT);
}

/// A run-time value escaped for UI content, rule or suggestion text: `&` and `<`.
pub fn content(s: &str) -> Cow<'_, str> {
    escaped(s, CONTENT)
}

/// Appends a run-time value for a UI attribute such as `title` (§4 deviation): `&` `<` `>` `"`.
pub fn push_attr_value(out: &mut String, s: &str) {
    push_escaped(out, s, ATTR_VALUE);
}

/// A run-time value escaped for a UI attribute: `&` `<` `>` `"`.
pub fn attr_value(s: &str) -> Cow<'_, str> {
    escaped(s, ATTR_VALUE)
}

/// Appends error text escaped as upstream's `xml(s)` does (§12): `&` and `<` only.
pub fn push_xml(out: &mut String, s: &str) {
    push_escaped(out, s, CONTENT);
}

/// Error text escaped as upstream's `xml(s)` (§12): `&` and `<` only; `>` and quotes stay raw,
/// which the goldens show (`<message>Not &lt;found> &amp; "x"</message>`).
pub fn xml(s: &str) -> Cow<'_, str> {
    escaped(s, CONTENT)
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
        assert!(matches!(content("plain ✓ text"), Cow::Borrowed(_)));
        assert!(matches!(attr_value("a > b"), Cow::Owned(_)));
        assert!(matches!(xml("a > b"), Cow::Borrowed(_)));
    }

    #[test]
    fn each_family_escapes_its_own_set() {
        let raw = r#"A "q" & <b> 'x'"#;
        assert_eq!(content(raw), r#"A "q" &amp; &lt;b> 'x'"#);
        assert_eq!(xml(raw), r#"A "q" &amp; &lt;b> 'x'"#);
        assert_eq!(attr_value(raw), "A &quot;q&quot; &amp; &lt;b&gt; 'x'");
        assert_eq!(attr(raw), "A &quot;q&quot; &amp; &lt;b&gt; &apos;x&apos;");
    }

    #[test]
    fn push_appends_after_existing_text() {
        let mut out = String::from("title=");
        push_attr_value(&mut out, "é<");
        assert_eq!(out, "title=é&lt;");
    }
}
