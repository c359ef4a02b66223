//! JSON string escaping exactly as `JSON.stringify` does it (wire format §3).
//!
//! Only `"`, `\` and U+0000..U+001F are escaped; everything else, including `/`, non-ASCII and
//! U+2028/U+2029, is copied raw. Every byte that needs escaping is ASCII, so scanning bytes is
//! enough and the unescaped runs in between are always whole UTF-8 sequences.

/// Lowercase hex, as JavaScript prints `\u001f`.
const HEX_DIGITS: &[u8; 16] = b"0123456789abcdef";

/// Per byte: `0` to copy it as is, otherwise the letter written after the backslash
/// (`u` meaning the six-character `\u00XX` form).
static ESCAPE: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut byte = 0;
    while byte < 0x20 {
        table[byte] = b'u';
        byte += 1;
    }
    table[0x08] = b'b';
    table[0x09] = b't';
    table[0x0a] = b'n';
    table[0x0c] = b'f';
    table[0x0d] = b'r';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table
};

/// Appends `s` as a quoted JSON string, escaped as `JSON.stringify` escapes it.
///
/// Runs of bytes that need no escaping are copied with a single `push_str`, so the common case
/// (no escapes at all) costs one table lookup per byte and one copy.
pub fn escape_str_into(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    let mut run_start = 0;
    for (index, &byte) in s.as_bytes().iter().enumerate() {
        let escape = ESCAPE[usize::from(byte)];
        if escape == 0 {
            continue;
        }
        // `index` is at an ASCII byte, hence a char boundary: the slice cannot panic.
        out.push_str(&s[run_start..index]);
        out.push('\\');
        out.push(char::from(escape));
        if escape == b'u' {
            out.push_str("00");
            out.push(char::from(HEX_DIGITS[usize::from(byte >> 4)]));
            out.push(char::from(HEX_DIGITS[usize::from(byte & 0x0f)]));
        }
        run_start = index + 1;
    }
    out.push_str(&s[run_start..]);
    out.push('"');
}
