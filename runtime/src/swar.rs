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
