//! Bounded echoes (wire format §12, "Echoes"): what an error repeats of what the caller sent is
//! cut to a fixed size, so that a hostile call cannot make the reply as large as (or larger
//! than) itself.
//!
//! Every limit sits well above what ordinary calls (and the upstream parity cases) reach, so the
//! texts stay upstream's byte for byte until a call is unusually large.

use serde_json::{Map, Value};

use crate::json::escape_str_into;
use crate::number;

/// A name the caller sent (an action, an unknown key) is repeated up to this many characters
/// (Unicode scalar values), then [`CUT_MARKER`].
pub const ECHO_MAX_CHARS: usize = 100;

/// Appended where an echo was cut.
pub const CUT_MARKER: &str = "…";

/// An error text (a handler's error text in `INTERNAL_ERROR`; the message, recovery, actions and
/// details of a `tool_error`) is repeated up to this many bytes, then `…(truncated, N bytes)`
/// where N is the whole text's length in bytes ([`cut_text`]).
pub const TEXT_MAX_BYTES: usize = 4096;

/// A list of caller-sent names (unknown keys) shows this many entries, then `and K more`.
pub const MAX_LISTED: usize = 20;

/// A `<validation_error>` lists this many issues, then one `<more>and K more issues</more>`
/// line; in such a capped envelope each enum's options are listed once.
pub const MAX_ISSUES: usize = 20;

/// `name` as echoed: unchanged up to [`ECHO_MAX_CHARS`] characters, otherwise its first
/// [`ECHO_MAX_CHARS`] characters and [`CUT_MARKER`]. Cuts only at a character boundary.
pub fn cut(name: &str) -> std::borrow::Cow<'_, str> {
    match name.char_indices().nth(ECHO_MAX_CHARS) {
        None => std::borrow::Cow::Borrowed(name),
        Some((end, _)) => {
            let mut out = String::with_capacity(end + CUT_MARKER.len());
            out.push_str(&name[..end]);
            out.push_str(CUT_MARKER);
            std::borrow::Cow::Owned(out)
        }
    }
}

/// `text` as an error repeats it: unchanged up to [`TEXT_MAX_BYTES`] bytes, otherwise its
/// longest beginning of at most [`TEXT_MAX_BYTES`] bytes that ends on a character, then
/// `…(truncated, N bytes)` with N the length of the whole text.
pub fn cut_text(text: &str) -> std::borrow::Cow<'_, str> {
    if text.len() <= TEXT_MAX_BYTES {
        return std::borrow::Cow::Borrowed(text);
    }
    let end = (0..=TEXT_MAX_BYTES)
        .rev()
        .find(|&end| text.is_char_boundary(end))
        .unwrap_or(0);
    let mut out = String::with_capacity(end + 32);
    out.push_str(&text[..end]);
    out.push_str("…(truncated, ");
    out.push_str(itoa::Buffer::new().format(text.len()));
    out.push_str(" bytes)");
    std::borrow::Cow::Owned(out)
}

/// Appends the first [`MAX_LISTED`] items, each written by `write` and separated by
/// `separator`, then `separator` and `and K more` when there are more.
pub fn push_capped<S>(
    out: &mut String,
    items: &[S],
    separator: &str,
    mut write: impl FnMut(&mut String, &S),
) {
    for (index, item) in items.iter().take(MAX_LISTED).enumerate() {
        if index > 0 {
            out.push_str(separator);
        }
        write(out, item);
    }
    if items.len() > MAX_LISTED {
        out.push_str(separator);
        push_more(out, items.len() - MAX_LISTED);
    }
}

/// `and K more`.
pub fn push_more(out: &mut String, more: usize) {
    out.push_str("and ");
    out.push_str(itoa::Buffer::new().format(more));
    out.push_str(" more");
}

/// Appends the compact JSON of `value` (as `JSON.stringify` prints it, numbers the JavaScript
/// way) up to at least `min_units` UTF-16 code units, or all of it if shorter; the caller cuts
/// the result to exactly what it shows.
///
/// Iterative and bounded: the work is proportional to `min_units`, not to the value's size or
/// depth, so a huge or deeply nested value costs no more than a small one.
pub fn push_compact_prefix(out: &mut String, value: &Value, min_units: usize) {
    push_prefix(out, Some(value), Vec::new(), min_units);
}

/// [`push_compact_prefix`] for an object the caller holds as a map.
pub fn push_compact_object_prefix(out: &mut String, map: &Map<String, Value>, min_units: usize) {
    out.push('{');
    push_prefix(out, None, vec![Frame::Object(map.iter())], min_units);
}

/// A container being written: what is left of it.
enum Frame<'v> {
    Array(std::slice::Iter<'v, Value>),
    Object(serde_json::map::Iter<'v>),
}

/// Writes `next`, then resumes the open containers of `stack`, innermost last.
fn push_prefix<'v>(
    out: &mut String,
    mut next: Option<&'v Value>,
    mut stack: Vec<Frame<'v>>,
    min_units: usize,
) {
    // Each character is at most 4 bytes and at least one unit, so once `limit` bytes are
    // written at least `min_units` units are.
    let limit = out.len() + 4 * (min_units + 1);
    loop {
        if out.len() >= limit {
            return;
        }
        if let Some(value) = next.take() {
            match value {
                Value::Null => out.push_str("null"),
                Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
                Value::Number(n) => push_number(out, n),
                Value::String(s) => {
                    if push_string_prefix(out, s, limit - out.len()) {
                        return;
                    }
                }
                Value::Array(items) => {
                    out.push('[');
                    stack.push(Frame::Array(items.iter()));
                    continue;
                }
                Value::Object(map) => {
                    out.push('{');
                    stack.push(Frame::Object(map.iter()));
                    continue;
                }
            }
            // A scalar was written: the separator before the next sibling, if any, comes when
            // its frame is resumed below.
        }
        let Some(frame) = stack.last_mut() else {
            return;
        };
        let first = matches!(out.as_bytes().last(), Some(b'[' | b'{'));
        match frame {
            Frame::Array(items) => match items.next() {
                Some(item) => {
                    if !first {
                        out.push(',');
                    }
                    next = Some(item);
                }
                None => {
                    out.push(']');
                    stack.pop();
                }
            },
            Frame::Object(entries) => match entries.next() {
                Some((key, item)) => {
                    if !first {
                        out.push(',');
                    }
                    if push_string_prefix(out, key, limit.saturating_sub(out.len())) {
                        return;
                    }
                    out.push(':');
                    next = Some(item);
                }
                None => {
                    out.push('}');
                    stack.pop();
                }
            },
        }
    }
}

/// A number as `JSON.stringify` prints it: integers as they are, other numbers as JavaScript
/// prints the double.
fn push_number(out: &mut String, n: &serde_json::Number) {
    if let Some(i) = n.as_i64() {
        out.push_str(itoa::Buffer::new().format(i));
    } else if let Some(u) = n.as_u64() {
        out.push_str(itoa::Buffer::new().format(u));
    } else if let Some(f) = n.as_f64() {
        number::write_f64(out, f);
    }
}

/// `s` JSON-quoted, or only enough of its beginning to fill `room` bytes (escaping never makes
/// a prefix shorter, so the output is a prefix of the whole string's). True when cut.
fn push_string_prefix(out: &mut String, s: &str, room: usize) -> bool {
    match s.char_indices().nth(room) {
        None => {
            escape_str_into(out, s);
            false
        }
        Some((end, _)) => {
            escape_str_into(out, &s[..end]);
            // The closing quote belongs to the whole string, not to this prefix.
            out.pop();
            true
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn cuts_long_names_at_a_character() {
        assert_eq!(cut("short"), "short");
        let exact = "é".repeat(ECHO_MAX_CHARS);
        assert_eq!(cut(&exact), exact.as_str());
        let long = "é".repeat(ECHO_MAX_CHARS + 1);
        assert_eq!(cut(&long), format!("{exact}…"));
    }

    #[test]
    fn cuts_long_texts_at_a_character_with_their_size() {
        let fits = "x".repeat(TEXT_MAX_BYTES);
        assert_eq!(cut_text(&fits), fits.as_str());
        // One byte over the bound: the cut must not split the two-byte `é` that straddles it.
        let over = format!("{}é", "x".repeat(TEXT_MAX_BYTES - 1));
        assert_eq!(
            cut_text(&over),
            format!(
                "{}…(truncated, {} bytes)",
                "x".repeat(TEXT_MAX_BYTES - 1),
                TEXT_MAX_BYTES + 1
            )
        );
    }

    #[test]
    fn caps_lists() {
        let items: Vec<usize> = (0..25).collect();
        let mut out = String::new();
        push_capped(&mut out, &items, ", ", |out, i| {
            out.push_str(&i.to_string())
        });
        assert!(out.ends_with("18, 19, and 5 more"), "{out}");
        let mut out = String::new();
        push_capped(&mut out, &items[..2], ", ", |out, i| {
            out.push_str(&i.to_string())
        });
        assert_eq!(out, "0, 1");
    }

    #[test]
    fn compact_prefix_is_a_prefix_of_the_whole_json() {
        let values = [
            json!({"a": [1, 2.5, -0.0, 1e21, null, true], "b\"\n": {"c": "ünï\u{1}"}, "d": []}),
            json!([[[], {}], {"x": {"y": [false]}}]),
            json!({"k": "x".repeat(500), "long": vec![0; 300]}),
        ];
        for value in values {
            let whole = crate::json::to_compact(&value).unwrap();
            for units in [0, 1, 5, 50, 10_000] {
                let mut out = String::new();
                push_compact_prefix(&mut out, &value, units);
                assert!(whole.starts_with(&out), "{out} / {whole}");
                assert!(out.len() >= units.min(whole.len()), "{units}: {out}");
            }
            let mut out = String::new();
            push_compact_prefix(&mut out, &value, whole.len() * 4);
            assert_eq!(out, whole);
        }
    }
}
