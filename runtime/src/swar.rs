//! Word-at-a-time byte tests: eight bytes per step instead of a branch per byte, for the scan
//! that finds the first byte a JSON string must escape. Clean text, the common case, then costs
//! a few operations per word.

/// `0x01` in every byte of a word.
pub(crate) const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
/// `0x80` in every byte of a word.
pub(crate) const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);

/// The high bit set in each byte of `word` that is below `n` (`n <= 0x80`), exact up to the
/// first such byte: a borrow can flag bytes after a true hit, never before it.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn below(word: u64, n: u8) -> u64 {
    word.wrapping_sub(ONES * u64::from(n)) & !word & HIGHS
}

/// The high bit set in each byte of `word` equal to `byte`, exact up to the first such byte.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn equal(word: u64, byte: u8) -> u64 {
    below(word ^ (ONES * u64::from(byte)), 1)
}

/// `0x7f` in every byte of a word.
const LOWS: u64 = u64::from_ne_bytes([0x7f; 8]);

/// [`below`] with no borrow between bytes: the high bit set in exactly the bytes of `word`
/// below `n` (`1 <= n <= 0x80`). A byte's low seven bits plus `0x80 - n` stay within the byte,
/// so each byte's answer is its own; a few more operations buy every hit of a word at once.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn below_exact(word: u64, n: u8) -> u64 {
    !(((word & LOWS) + ONES * u64::from(0x80 - n)) | word) & HIGHS
}

/// [`equal`] with no borrow between bytes: the high bit set in exactly the bytes equal to `byte`.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn equal_exact(word: u64, byte: u8) -> u64 {
    below_exact(word ^ (ONES * u64::from(byte)), 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_tests_flag_exactly_the_matching_bytes() {
        for position in 0..8 {
            for byte in 0..=255u8 {
                for other in [0u8, 1, 0x1f, 0x20, b'"', b'\\', 0x7f, 0x80, 0xff] {
                    let mut bytes = [other; 8];
                    bytes[position] = byte;
                    let word = u64::from_le_bytes(bytes);
                    let expect = |hit: &dyn Fn(u8) -> bool| {
                        bytes.iter().enumerate().fold(0u64, |mask, (i, &b)| {
                            if hit(b) { mask | 0x80 << (8 * i) } else { mask }
                        })
                    };
                    for n in [1u8, 0x20, 0x80] {
                        assert_eq!(below_exact(word, n), expect(&|b| b < n), "{bytes:?} < {n}");
                    }
                    assert_eq!(equal_exact(word, b'"'), expect(&|b| b == b'"'), "{bytes:?}");
                }
            }
        }
    }
}
