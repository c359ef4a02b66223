//! When strings and keys are quoted (§7.2, §7.3) and how quoted text is escaped (§7.1).

use super::Delimiter;

/// Bytes that force quoting wherever they appear: `:` `"` `\` `[` `]` `{` `}` and the C0 controls
/// (which covers HTAB, the tab delimiter). One table per delimiter folds the delimiter test into
/// the same lookup. Entries are 0 or 1 rather than `bool` so that the scan can OR them together
/// without a branch per byte.
const fn special_bytes(delimiter: u8) -> [u8; 256] {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = 1;
        b += 1;
    }
    let structural = *b":\"\\[]{}";
    let mut i = 0;
    while i < structural.len() {
        table[structural[i] as usize] = 1;
        i += 1;
    }
    table[delimiter as usize] = 1;
    table
}

static SPECIAL_COMMA: [u8; 256] = special_bytes(b',');
static SPECIAL_TAB: [u8; 256] = special_bytes(b'\t');
static SPECIAL_PIPE: [u8; 256] = special_bytes(b'|');

fn special_table(delimiter: Delimiter) -> &'static [u8; 256] {
    match delimiter {
        Delimiter::Comma => &SPECIAL_COMMA,
        Delimiter::Tab => &SPECIAL_TAB,
        Delimiter::Pipe => &SPECIAL_PIPE,
    }
}

/// What the first byte of a value says about quoting, before the rest is looked at.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Leading {
    /// Nothing: only the byte scan decides.
    Plain,
    /// `-` `#` space, tab: quoted whatever follows.
    Quote,
    /// A digit or `+`: quoted if the whole value is numeric-like.
    Number,
    /// `t` `f` `n`: quoted if the value is `true`, `false` or `null`.
    Keyword,
}

const fn leading_classes() -> [Leading; 256] {
    let mut table = [Leading::Plain; 256];
    table[b'-' as usize] = Leading::Quote;
    table[b'#' as usize] = Leading::Quote;
    table[b' ' as usize] = Leading::Quote;
    table[b'\t' as usize] = Leading::Quote;
    table[b'+' as usize] = Leading::Number;
    let mut digit = b'0';
    while digit <= b'9' {
        table[digit as usize] = Leading::Number;
        digit += 1;
    }
    table[b't' as usize] = Leading::Keyword;
    table[b'f' as usize] = Leading::Keyword;
    table[b'n' as usize] = Leading::Keyword;
    table
}

static LEADING: [Leading; 256] = leading_classes();

/// Whether any byte of `bytes` is marked in `table`. Eight bytes at a time with the marks ORed
/// together: one branch per chunk instead of one per byte, and a loop the compiler unrolls.
fn contains_special(bytes: &[u8], table: &[u8; 256]) -> bool {
    let mark = |acc: u8, &b: &u8| acc | table[usize::from(b)];
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        if chunk.iter().fold(0, mark) != 0 {
            return true;
        }
    }
    chunks.remainder().iter().fold(0, mark) != 0
}

/// Whether the string value `s` must be quoted when written where `delimiter` is active (§7.2).
///
/// Quoted: empty; leading or trailing space/tab; `true` `false` `null`; numeric-like (`42`,
/// `-3.14`, `1e-6`, `05`, `+1`); containing `:` `"` `\` `[` `]` `{` `}`, a control character or
/// the delimiter; starting with `-` or `#`. Everything else — unicode, inner spaces, `1.`, `.5`,
/// `0x10`, `True`, the other delimiters — stays bare, as the reference encoder leaves it.
///
/// One table lookup classifies the first byte, so the numeric-like and keyword tests run only
/// for values that can start that way; a trailing tab is a control, found by the scan.
pub fn needs_quotes(s: &str, delimiter: Delimiter) -> bool {
    quoted(s, delimiter)
}

/// [`needs_quotes`], inlined into [`write_string`], which every string cell calls: one call
/// per cell instead of two.
#[cfg_attr(not(debug_assertions), inline(always))]
fn quoted(s: &str, delimiter: Delimiter) -> bool {
    let bytes = s.as_bytes();
    let (Some(&first), Some(&last)) = (bytes.first(), bytes.last()) else {
        return true;
    };
    let leading = LEADING[usize::from(first)];
    if leading == Leading::Quote || last == b' ' {
        return true;
    }
    if contains_special(bytes, special_table(delimiter)) {
        return true;
    }
    match leading {
        Leading::Number => is_numeric_like(bytes),
        Leading::Keyword => matches!(bytes, b"true" | b"false" | b"null"),
        Leading::Plain | Leading::Quote => false,
    }
}

/// `/^[+-]?[0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?$/i` without a regex engine: a decoder would read
/// such text as a number (or, for `05` and `+1`, older decoders would), so it must be quoted.
///
/// A `const fn` (loops, no closures) so that [`needs_quotes_const`] shares it.
#[inline]
const fn is_numeric_like(bytes: &[u8]) -> bool {
    let mut i = if !bytes.is_empty() && matches!(bytes[0], b'+' | b'-') {
        1
    } else {
        0
    };
    let start = i;
    i = skip_digits(bytes, start);
    if i == start {
        return false;
    }
    if i < bytes.len() && bytes[i] == b'.' {
        let start = i + 1;
        i = skip_digits(bytes, start);
        if i == start {
            return false;
        }
    }
    if i < bytes.len() && matches!(bytes[i], b'e' | b'E') {
        i += 1;
        if i < bytes.len() && matches!(bytes[i], b'+' | b'-') {
            i += 1;
        }
        let start = i;
        i = skip_digits(bytes, start);
        if i == start {
            return false;
        }
    }
    i == bytes.len()
}

/// The index of the first byte at or after `from` that is not an ASCII digit.
const fn skip_digits(bytes: &[u8], mut from: usize) -> usize {
    while from < bytes.len() && bytes[from].is_ascii_digit() {
        from += 1;
    }
    from
}

/// [`needs_quotes`] for text known when compiling, such as the wire names of generated enums,
/// evaluated by the compiler so that writing such a value tests nothing at run time. The same
/// rules, byte by byte (the tests check that both agree).
pub(crate) const fn needs_quotes_const(s: &str, delimiter: Delimiter) -> bool {
    let bytes = s.as_bytes();
    let Some((&first, _)) = bytes.split_first() else {
        return true;
    };
    if matches!(first, b'-' | b'#' | b' ' | b'\t') || bytes[bytes.len() - 1] == b' ' {
        return true;
    }
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x20
            || matches!(b, b':' | b'"' | b'\\' | b'[' | b']' | b'{' | b'}')
            || b == delimiter.as_byte()
        {
            return true;
        }
        i += 1;
    }
    match first {
        b'+' | b'0'..=b'9' => is_numeric_like(bytes),
        b't' | b'f' | b'n' => matches!(bytes, b"true" | b"false" | b"null"),
        _ => false,
    }
}

/// Appends the string value `s`, bare when [`needs_quotes`] allows it, quoted and escaped
/// otherwise. `delimiter` is the delimiter active where the value stands.
pub fn write_string(out: &mut String, s: &str, delimiter: Delimiter) {
    if quoted(s, delimiter) {
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

/// Bytes `write_quoted` escapes: `\`, `"` and the C0 controls.
const fn escaped_bytes() -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = true;
        b += 1;
    }
    table[b'\\' as usize] = true;
    table[b'"' as usize] = true;
    table
}

static ESCAPED: [bool; 256] = escaped_bytes();

/// Appends `s` in double quotes with the escapes of §7.1: `\\ \" \n \r \t`, other C0 controls as
/// `\u00xx` (lowercase hex); every other character, non-ASCII included, is written literally.
///
/// Most quoted values (a delimiter, a colon, a leading `-`, the empty string) need no escape:
/// TOON escapes the bytes JSON does (`"`, `\` and the C0 controls), so JSON's word-at-a-time
/// test tells, and such a value is one copy between its quotes. Otherwise the runs between
/// escapes are found with one table lookup per byte and copied whole.
pub fn write_quoted(out: &mut String, s: &str) {
    if crate::json::is_clean(s.as_bytes()) {
        out.push('"');
        out.push_str(s);
        out.push('"');
    } else {
        write_escaped(out, s);
    }
}

/// [`write_quoted`] for a value with a byte to escape.
#[cold]
fn write_escaped(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    let mut rest = s;
    while let Some(i) = rest.bytes().position(|b| ESCAPED[usize::from(b)]) {
        // Escaped bytes are ASCII, so `i` and `i + 1` are char boundaries.
        out.push_str(&rest[..i]);
        let b = rest.as_bytes()[i];
        match b {
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\\""),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 0xf)]));
            }
        }
        rest = &rest[i + 1..];
    }
    out.push_str(rest);
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

    /// The compile-time test agrees with the run-time one: on the strings above, on every
    /// one- and two-byte string of the bytes that matter, and on a pseudo-random sample of
    /// longer ones.
    #[test]
    fn the_compile_time_test_agrees_with_the_run_time_one() {
        let alphabet: &[u8] = b"-#+ \t:\"\\[]{},|.eE0179tfnrulax\n\x7f";
        let mut samples: Vec<String> = [
            "",
            " a",
            "a ",
            "a\t",
            "true",
            "false",
            "null",
            "nul",
            "truex",
            "-",
            "-x",
            "#",
            "a:b",
            "x]",
            "True",
            "café",
            "a b",
            "1.",
            ".5",
            "0x10",
            "1e",
            "1e+",
            "1e+5",
            "--1",
            "1.2.3",
            "05",
            "+1",
            "-3.14",
            "2.5E10",
            "paid",
            "team plan",
            "é\"q\n",
            "a,b",
            "a|b",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        for &a in alphabet {
            samples.push(char::from(a).to_string());
            for &b in alphabet {
                samples.push(String::from_utf8(vec![a, b]).expect("ASCII"));
            }
        }
        let mut state = 0x9e37_79b9_u32;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let len = 3 + state as usize % 10;
            let text = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 17;
                    state ^= state << 5;
                    // Digits more often, so that numeric-like text is common.
                    let digits = b"0123456789";
                    if state.is_multiple_of(3) {
                        digits[(state >> 8) as usize % digits.len()]
                    } else {
                        alphabet[(state >> 8) as usize % alphabet.len()]
                    }
                })
                .collect();
            samples.push(String::from_utf8(text).expect("ASCII"));
        }
        for s in &samples {
            for delimiter in [Delimiter::Comma, Delimiter::Tab, Delimiter::Pipe] {
                assert_eq!(
                    needs_quotes_const(s, delimiter),
                    needs_quotes(s, delimiter),
                    "{s:?} with {delimiter:?}"
                );
            }
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
