//! When strings and keys are quoted (§7.2, §7.3) and how quoted text is escaped (§7.1).

use super::Delimiter;

/// Bytes that force quoting wherever they appear: `:` `"` `\` `[` `]` `{` `}` and the C0 controls
/// (which covers HTAB, the tab delimiter). One table per delimiter folds the delimiter test into
/// the same lookup, so the scan is a single load per byte.
const fn special_bytes(delimiter: u8) -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = true;
        b += 1;
    }
    let structural = *b":\"\\[]{}";
    let mut i = 0;
    while i < structural.len() {
        table[structural[i] as usize] = true;
        i += 1;
    }
    table[delimiter as usize] = true;
    table
}

static SPECIAL_COMMA: [bool; 256] = special_bytes(b',');
static SPECIAL_TAB: [bool; 256] = special_bytes(b'\t');
static SPECIAL_PIPE: [bool; 256] = special_bytes(b'|');

fn special_table(delimiter: Delimiter) -> &'static [bool; 256] {
    match delimiter {
        Delimiter::Comma => &SPECIAL_COMMA,
        Delimiter::Tab => &SPECIAL_TAB,
        Delimiter::Pipe => &SPECIAL_PIPE,
    }
}

/// Whether the string value `s` must be quoted when written where `delimiter` is active (§7.2).
///
/// Quoted: empty; leading or trailing space/tab; `true` `false` `null`; numeric-like (`42`,
/// `-3.14`, `1e-6`, `05`, `+1`); containing `:` `"` `\` `[` `]` `{` `}`, a control character or
/// the delimiter; starting with `-` or `#`. Everything else — unicode, inner spaces, `1.`, `.5`,
/// `0x10`, `True`, the other delimiters — stays bare, as the reference encoder leaves it.
pub fn needs_quotes(s: &str, delimiter: Delimiter) -> bool {
    let bytes = s.as_bytes();
    let (Some(&first), Some(&last)) = (bytes.first(), bytes.last()) else {
        return true;
    };
    if matches!(first, b'-' | b'#' | b' ' | b'\t') || matches!(last, b' ' | b'\t') {
        return true;
    }
    let table = special_table(delimiter);
    if bytes.iter().any(|&b| table[b as usize]) {
        return true;
    }
    match first {
        b'0'..=b'9' | b'+' => is_numeric_like(bytes),
        b't' | b'f' | b'n' => matches!(s, "true" | "false" | "null"),
        _ => false,
    }
}

/// `/^[+-]?[0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?$/i` without a regex engine: a decoder would read
/// such text as a number (or, for `05` and `+1`, older decoders would), so it must be quoted.
fn is_numeric_like(bytes: &[u8]) -> bool {
    let mut i = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    let digits = |i: &mut usize| {
        let start = *i;
        while bytes.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i > start
    };
    if !digits(&mut i) {
        return false;
    }
    if bytes.get(i) == Some(&b'.') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == bytes.len()
}

/// Appends the string value `s`, bare when [`needs_quotes`] allows it, quoted and escaped
/// otherwise. `delimiter` is the delimiter active where the value stands.
pub fn write_string(out: &mut String, s: &str, delimiter: Delimiter) {
    if needs_quotes(s, delimiter) {
        write_quoted(out, s);
    } else {
        out.push_str(s);
    }
}

/// Whether `key` may be written without quotes: it matches `^[A-Za-z_][A-Za-z0-9_.]*$` (§7.3).
pub fn is_bare_key(key: &str) -> bool {
    let mut bytes = key.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.')
}

/// Appends an object key, entry key or tabular field name: bare when [`is_bare_key`], quoted
/// otherwise (keys never depend on the delimiter).
pub fn write_key(out: &mut String, key: &str) {
    if is_bare_key(key) {
        out.push_str(key);
    } else {
        write_quoted(out, key);
    }
}

/// Appends `s` in double quotes with the escapes of §7.1: `\\ \" \n \r \t`, other C0 controls as
/// `\u00xx` (lowercase hex); every other character, non-ASCII included, is written literally.
pub fn write_quoted(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    let bytes = s.as_bytes();
    let mut clean_from = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape = match b {
            b'\\' => "\\\\",
            b'"' => "\\\"",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x00..=0x1f => "",
            _ => continue,
        };
        // Escaped bytes are ASCII, so `i` is always a char boundary.
        out.push_str(&s[clean_from..i]);
        clean_from = i + 1;
        if escape.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("\\u00");
            out.push(HEX[usize::from(b >> 4)] as char);
            out.push(HEX[usize::from(b & 0xf)] as char);
        } else {
            out.push_str(escape);
        }
    }
    out.push_str(&s[clean_from..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_like_follows_the_spec_pattern() {
        for s in ["0", "42", "-3.14", "+1", "05", "1e-6", "1E+9", "2.5e10"] {
            assert!(is_numeric_like(s.as_bytes()), "{s}");
        }
        for s in [
            "1.", ".5", "0x10", "1e", "1e+", "--1", "1.2.3", "٣", "1_000",
        ] {
            assert!(!is_numeric_like(s.as_bytes()), "{s}");
        }
    }

    #[test]
    fn quoting_depends_only_on_the_active_delimiter() {
        assert!(needs_quotes("a,b", Delimiter::Comma));
        assert!(!needs_quotes("a,b", Delimiter::Pipe));
        assert!(needs_quotes("a|b", Delimiter::Pipe));
        assert!(!needs_quotes("a|b", Delimiter::Tab));
        assert!(needs_quotes("a\tb", Delimiter::Comma));
        for s in ["", " a", "a\t", "true", "null", "-", "-x", "#", "a:b", "x]"] {
            assert!(needs_quotes(s, Delimiter::Comma), "{s:?}");
        }
        for s in ["True", "café", "a b", "1.", "\u{a0}x\u{a0}", "x-", "x#"] {
            assert!(!needs_quotes(s, Delimiter::Comma), "{s:?}");
        }
    }

    #[test]
    fn escapes_only_what_the_spec_lists() {
        let mut out = String::new();
        write_quoted(&mut out, "a\"b\\c\nd\re\tf\u{4}g\u{1f}é🚀");
        assert_eq!(out, r#""a\"b\\c\nd\re\tf\u0004g\u001fé🚀""#);
    }

    #[test]
    fn keys_are_bare_only_for_identifier_like_text() {
        for k in ["a", "_x", "user.name", "A9_."] {
            assert!(is_bare_key(k), "{k}");
        }
        for k in ["", "9a", "a-b", "a b", ".a", "café"] {
            assert!(!is_bare_key(k), "{k}");
        }
    }
}
