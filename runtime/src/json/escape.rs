//! JSON string escaping exactly as `JSON.stringify` does it (wire format §3).
//!
//! Only `"`, `\` and U+0000..U+001F are escaped; everything else, including `/`, non-ASCII and
//! U+2028/U+2029, is copied raw. Every byte that needs escaping is ASCII, so scanning bytes is
//! enough and the unescaped runs in between are always whole UTF-8 sequences.

use crate::swar;

/// Lowercase hex, as JavaScript prints `\u001f`.
pub(super) const HEX_DIGITS: &[u8; 16] = b"0123456789abcdef";

/// Per byte: `0` to copy it as is, otherwise the letter written after the backslash
/// (`u` meaning the six-character `\u00XX` form).
pub(super) static ESCAPE: [u8; 256] = {
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

/// The high bit set in the lowest byte of `word` (in memory order) that JSON must escape, and
/// possibly in bytes after it; zero when no byte needs escaping.
#[cfg_attr(not(debug_assertions), inline(always))]
fn escape_mask(word: u64) -> u64 {
    swar::below(word, 0x20) | swar::equal(word, b'"') | swar::equal(word, b'\\')
}

/// The index of the first byte at or after `from` that JSON must escape.
///
/// Eight bytes are tested at once; clean text (the common case) costs a few operations per word,
/// not a branch per byte. A last partial word is read as the string's last eight bytes, and a
/// string shorter than a word byte by byte.
#[inline]
fn next_escape(bytes: &[u8], mut from: usize) -> Option<usize> {
    while let Some(chunk) = bytes.get(from..from + 8) {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let mask = escape_mask(word);
        if mask != 0 {
            return Some(from + (mask.trailing_zeros() / 8) as usize);
        }
        from += 8;
    }
    if from >= bytes.len() {
        return None;
    }
    if bytes.len() >= 8 {
        // The last eight bytes, overlapping bytes already found clean: only the new ones can
        // be flagged first, and no short copy is needed.
        let start = bytes.len() - 8;
        let word = u64::from_le_bytes(bytes[start..].try_into().unwrap_or([0; 8]));
        // Bytes before `from` were handled already; a borrow out of one of them may flag a byte
        // after it falsely, which the caller's table lookup skips.
        let mask = escape_mask(word) & (u64::MAX << ((from.max(start) - start) * 8));
        return (mask != 0).then(|| start + (mask.trailing_zeros() / 8) as usize);
    }
    bytes[from..]
        .iter()
        .position(|&byte| ESCAPE[usize::from(byte)] != 0)
        .map(|offset| from + offset)
}

/// Appends `s` as a quoted JSON string, escaped as `JSON.stringify` escapes it.
///
/// The text is scanned a word at a time; a string with nothing to escape (the common case) is
/// then one copy between its quotes, and one with escapes is copied run by run.
#[inline]
pub fn escape_str_into(out: &mut String, s: &str) {
    if is_clean(s.as_bytes()) {
        out.push('"');
        out.push_str(s);
        out.push('"');
    } else {
        escape_from(out, s);
    }
}

/// Whether no byte of `bytes` needs escaping. A string of 8 to 16 bytes (ids, dates, short
/// names: most values) is tested as two overlapping words with no loop; the word test is exact
/// as a yes-or-no answer, the imprecision of [`escape_mask`] being only in where past the
/// first hit it flags.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn is_clean(bytes: &[u8]) -> bool {
    let len = bytes.len();
    if (8..=16).contains(&len) {
        let first = u64::from_le_bytes(bytes[..8].try_into().unwrap_or([0; 8]));
        let last = u64::from_le_bytes(bytes[len - 8..].try_into().unwrap_or([0; 8]));
        escape_mask(first) | escape_mask(last) == 0
    } else {
        next_escape(bytes, 0).is_none()
    }
}

/// [`escape_str_into`] for a string with a byte to escape.
#[cold]
fn escape_from(out: &mut String, s: &str) {
    let bytes = s.as_bytes();
    out.reserve(s.len() + 2);
    out.push('"');
    let mut run_start = 0;
    let mut found = next_escape(bytes, 0);
    while let Some(index) = found {
        let escape = ESCAPE[usize::from(bytes[index])];
        found = next_escape(bytes, index + 1);
        if escape == 0 {
            // The last, overlapping word can flag a clean byte through a borrow out of a byte
            // handled before it: the table has the last word.
            continue;
        }
        // `index` is at an ASCII byte, hence a char boundary: the slice cannot panic.
        out.push_str(&s[run_start..index]);
        out.push('\\');
        out.push(char::from(escape));
        if escape == b'u' {
            let byte = bytes[index];
            out.push_str("00");
            out.push(char::from(HEX_DIGITS[usize::from(byte >> 4)]));
            out.push(char::from(HEX_DIGITS[usize::from(byte & 0x0f)]));
        }
        run_start = index + 1;
    }
    out.push_str(&s[run_start..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word test agrees with the table on every byte value, in every position of a word,
    /// beside every other byte value that could disturb it through a borrow.
    #[test]
    fn the_word_test_finds_exactly_the_bytes_the_table_escapes() {
        for position in 0..8 {
            for byte in 0..=255u8 {
                for neighbour in [0u8, 0x1f, 0x20, b'"', b'\\', 0x7f, 0x80, 0xff] {
                    let mut word = [b'a'; 8];
                    word[position] = byte;
                    if position > 0 {
                        word[position - 1] = b'a';
                    }
                    if position < 7 {
                        word[position + 1] = neighbour;
                    }
                    let expected = (0..8).find(|&i| ESCAPE[usize::from(word[i])] != 0);
                    assert_eq!(
                        next_escape(&word, 0),
                        expected,
                        "{word:?} (byte {byte:#x} at {position})"
                    );
                }
            }
        }
    }

    /// Every string of up to 20 bytes over an alphabet of clean and escaped bytes is escaped as
    /// the byte-at-a-time reference escapes it.
    #[test]
    fn escaping_agrees_with_the_byte_table_on_every_position() {
        let alphabet = [b'a', b'\n', b'"', b'\\', 0x1f, 0x7f, b' '];
        for len in 0..20 {
            for seed in 0..200u32 {
                let mut state = seed.wrapping_mul(2_654_435_761).wrapping_add(len as u32);
                let text: Vec<u8> = (0..len)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 17;
                        state ^= state << 5;
                        alphabet[state as usize % alphabet.len()]
                    })
                    .collect();
                let text = String::from_utf8(text).expect("ASCII");
                let mut expected = String::from("\"");
                for byte in text.bytes() {
                    match ESCAPE[usize::from(byte)] {
                        0 => expected.push(char::from(byte)),
                        b'u' => expected.push_str(&format!("\\u{byte:04x}")),
                        letter => {
                            expected.push('\\');
                            expected.push(char::from(letter));
                        }
                    }
                }
                expected.push('"');
                let mut out = String::new();
                escape_str_into(&mut out, &text);
                assert_eq!(out, expected, "{text:?}");
            }
        }
    }

    #[test]
    fn short_tails_and_long_runs_are_scanned() {
        for len in 0..40 {
            for at in 0..len {
                let mut text = vec![b'x'; len];
                text[at] = b'\n';
                assert_eq!(next_escape(&text, 0), Some(at), "len {len}, at {at}");
            }
            assert_eq!(next_escape(&vec![b'x'; len], 0), None);
        }
    }
}
