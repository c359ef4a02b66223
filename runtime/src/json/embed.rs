//! A whole block of text escaped into the inside of a JSON string, as a response that carries
//! the block writes it: the presenter's data block is itself JSON, so nearly every word of it
//! holds a quote or a line break to escape.
//!
//! [`super::escape_str_into`] is built for values (mostly clean: one test, one copy); on such
//! dense text it copies run by run, a call per run, about 15 instructions a byte. Here every
//! word of eight bytes is tested at once with exact masks and copied whole into a window on the
//! stack, each hit written over the copy, and the window appended once per 512 bytes of text:
//! the same bytes for a third of the instructions.

use std::cell::RefCell;

use super::escape::{ESCAPE, HEX_DIGITS};
use crate::swar;

/// The high bit set in exactly the bytes of `word` that JSON escapes.
#[cfg_attr(not(debug_assertions), inline(always))]
fn escapes(word: u64) -> u64 {
    swar::below_exact(word, 0x20) | swar::equal_exact(word, b'"') | swar::equal_exact(word, b'\\')
}

/// The room the escapes of one piece of text are written into before they are appended: each
/// write is at an offset masked below `WINDOW`, into an array `SLACK` bytes longer, so no write
/// needs a bounds check.
const WINDOW: usize = 4096;
const SLACK: usize = 64;
/// The text escaped per window: even all of it `\u00XX` (six bytes each) stays below `WINDOW`.
const PIECE: usize = 512;

/// Appends `text` escaped as JSON escapes a string's characters (`"`, `\` and U+0000..U+001F,
/// as `JSON.stringify` and serde_json do), without the quotes around it.
pub fn escape_inside_into(out: &mut Vec<u8>, text: &str) {
    // One window per thread, reused by every call: a fresh one would be zeroed first, 4 KiB
    // per block of every response.
    thread_local! {
        static SCRATCH: RefCell<[u8; WINDOW + SLACK]> = const { RefCell::new([0; WINDOW + SLACK]) };
    }
    SCRATCH.with(|window| match window.try_borrow_mut() {
        Ok(mut window) => escape_through(&mut window, out, text),
        // Only a panic mid-escape in a caller's `Drop` could re-enter: a window of its own.
        Err(_) => escape_through(&mut [0; WINDOW + SLACK], out, text),
    });
}

fn escape_through(window: &mut [u8; WINDOW + SLACK], out: &mut Vec<u8>, text: &str) {
    for piece in text.as_bytes().chunks(PIECE) {
        let written = escape_piece(window, piece);
        out.extend_from_slice(&window[..written]);
    }
}

/// Writes `piece` (at most [`PIECE`] bytes) escaped at the start of `window`; its length.
fn escape_piece(window: &mut [u8; WINDOW + SLACK], piece: &[u8]) -> usize {
    let mut at = 0;
    let mut words = piece.chunks_exact(8);
    for chunk in words.by_ref() {
        let chunk: [u8; 8] = chunk.try_into().unwrap_or_default();
        let word = u64::from_le_bytes(chunk);
        let mut hits = escapes(word);
        // The whole word first: when clean (most words of prose) that is all.
        let i = at & (WINDOW - 1);
        window[i..i + 8].copy_from_slice(&chunk);
        let mut from = 0;
        while hits != 0 {
            let hit = (hits.trailing_zeros() / 8) as usize;
            hits &= hits - 1;
            // The clean bytes since the last hit are in place; the escape is written over the
            // copy, then the rest of the word is copied again after it.
            at += hit - from;
            let i = at & (WINDOW - 1);
            at += write_escape(&mut window[i..i + 6], chunk[hit & 7]);
            from = hit + 1;
            let rest = word.checked_shr(8 * from as u32).unwrap_or(0);
            let i = at & (WINDOW - 1);
            window[i..i + 8].copy_from_slice(&rest.to_le_bytes());
        }
        at += 8 - from;
    }
    for &byte in words.remainder() {
        let i = at & (WINDOW - 1);
        if ESCAPE[usize::from(byte)] == 0 {
            window[i] = byte;
            at += 1;
        } else {
            at += write_escape(&mut window[i..i + 6], byte);
        }
    }
    at
}

/// Writes the escape of `byte` (one JSON escapes) at the start of `room`; its length.
#[cfg_attr(not(debug_assertions), inline(always))]
fn write_escape(room: &mut [u8], byte: u8) -> usize {
    let letter = ESCAPE[usize::from(byte)];
    room[0] = b'\\';
    room[1] = letter;
    if letter != b'u' {
        return 2;
    }
    room[2] = b'0';
    room[3] = b'0';
    room[4] = HEX_DIGITS[usize::from(byte >> 4)];
    room[5] = HEX_DIGITS[usize::from(byte & 0x0f)];
    6
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reference(text: &str) -> String {
        let quoted = serde_json::to_string(text).expect("a string serializes");
        quoted[1..quoted.len() - 1].to_owned()
    }

    fn escaped(text: &str) -> String {
        let mut out = b"prefix:".to_vec();
        escape_inside_into(&mut out, text);
        String::from_utf8(out).expect("UTF-8 in, UTF-8 out")
    }

    #[test]
    fn every_byte_in_every_position_is_escaped_as_serde_json_does() {
        let alphabet = [
            "a", "\n", "\"", "\\", "\u{1f}", "\u{0}", "\u{7f}", " ", "é", "😀", "\u{2028}",
        ];
        for len in 0..24 {
            for seed in 0..300u32 {
                let mut state = seed.wrapping_mul(2_654_435_761).wrapping_add(len as u32) | 1;
                let text: String = (0..len)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 17;
                        state ^= state << 5;
                        alphabet[state as usize % alphabet.len()]
                    })
                    .collect();
                assert_eq!(
                    escaped(&text),
                    format!("prefix:{}", reference(&text)),
                    "{text:?}"
                );
            }
        }
    }

    #[test]
    fn text_of_nothing_but_escapes_grows_its_room() {
        let controls: String = (0..5000).map(|i| char::from((i % 32) as u8)).collect();
        assert_eq!(
            escaped(&controls),
            format!("prefix:{}", reference(&controls))
        );
        let pretty =
            serde_json::to_string_pretty(&serde_json::json!({"a": [1, "x\"y"], "b": "\\"}))
                .expect("serializes");
        assert_eq!(escaped(&pretty), format!("prefix:{}", reference(&pretty)));
    }
}
