//! `x-fusion-max-chars`: a long string cut where the agent reads it (wire format §10), so that
//! one issue body or README does not fill an agent's context.
//!
//! The cut is at a character (a Unicode scalar value, never inside one) and says what it left
//! out: `first characters…(truncated, 18234 chars)`, the number being the whole text's length in
//! characters, as a handler's long texts say theirs in bytes (§12). Text at or under the limit is
//! written as it is.

use core::fmt;

use crate::json::{JsonWriter, WriteJson, escape_str_into};
use crate::toon::{Delimiter, ToonElement, ToonValue, write_string};

/// A string field's text and the most characters the data block shows of it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Clip<'a> {
    text: &'a str,
    max_chars: u32,
}

impl<'a> Clip<'a> {
    /// `text`, shown up to `max_chars` characters.
    #[inline]
    pub const fn new(text: &'a str, max_chars: u32) -> Self {
        Self { text, max_chars }
    }

    /// The beginning kept and the whole text's length in characters, when the text is longer
    /// than the limit; `None` when it is shown whole.
    pub fn cut(self) -> Option<(&'a str, usize)> {
        let max = self.max_chars as usize;
        // A character is at least one byte: text of at most `max` bytes fits without a count.
        if self.text.len() <= max {
            return None;
        }
        let (end, _) = self.text.char_indices().nth(max)?;
        Some((&self.text[..end], max + self.text[end..].chars().count()))
    }
}

/// The whole text, as `Debug` of the string prints it.
impl fmt::Debug for Clip<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.text, f)
    }
}

/// What follows the kept beginning of a cut text, before the count.
const CUT_OPEN: &str = "…(truncated, ";
/// What follows the count.
const CUT_CLOSE: &str = " chars)";

/// The text as the agent reads it: whole, or cut with its note.
impl fmt::Display for Clip<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.cut() {
            None => f.write_str(self.text),
            Some((kept, total)) => Noted { kept, total }.fmt(f),
        }
    }
}

/// A cut text as [`Clip::cut`] found it: its kept beginning and its note. The writers that
/// need the cut text as one string print this, so the whole text is counted once.
struct Noted<'a> {
    kept: &'a str,
    total: usize,
}

impl fmt::Display for Noted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{CUT_OPEN}{}{CUT_CLOSE}", self.kept, self.total)
    }
}

impl WriteJson for Clip<'_> {
    fn write_json(&self, writer: &mut JsonWriter<'_>) {
        let out = writer.output();
        match self.cut() {
            None => escape_str_into(out, self.text),
            Some((kept, total)) => {
                escape_str_into(out, kept);
                // The note needs no escaping: it goes inside the kept text's closing quote.
                out.pop();
                out.push_str(CUT_OPEN);
                crate::number::write_u64(out, total as u64);
                out.push_str(CUT_CLOSE);
                out.push('"');
            }
        }
    }
}

impl ToonElement for Clip<'_> {
    fn toon_value(&self) -> ToonValue<'_> {
        ToonValue::Clipped(*self)
    }

    fn write_toon_cell(&self, delimiter: Delimiter, out: &mut String) {
        self.write_toon(delimiter, out);
    }
}

impl Clip<'_> {
    /// Appends the text as a TOON string value, quoted when the text with its note needs it.
    pub(crate) fn write_toon(self, delimiter: Delimiter, out: &mut String) {
        match self.cut() {
            None => write_string(out, self.text, delimiter),
            // Whether the whole needs quotes depends on its note too (the comma): only a cut
            // text, the rare case, is put together first.
            Some((kept, total)) => {
                write_string(out, &Noted { kept, total }.to_string(), delimiter);
            }
        }
    }
}

impl serde::Serialize for Clip<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.cut() {
            None => serializer.serialize_str(self.text),
            Some((kept, total)) => serializer.collect_str(&Noted { kept, total }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::JsonStyle;

    fn json(clip: Clip<'_>) -> String {
        let mut out = String::new();
        clip.write_json(&mut JsonWriter::new(&mut out, JsonStyle::Compact));
        out
    }

    fn toon(clip: Clip<'_>, delimiter: Delimiter) -> String {
        let mut out = String::new();
        clip.write_toon(delimiter, &mut out);
        out
    }

    #[test]
    fn text_within_the_limit_is_written_whole() {
        for text in ["", "abc", "héllo"] {
            let clip = Clip::new(text, 5);
            assert_eq!(clip.cut(), None);
            assert_eq!(clip.to_string(), text);
        }
        assert_eq!(json(Clip::new("a\"b", 3)), "\"a\\\"b\"");
        assert_eq!(toon(Clip::new("plain", 5), Delimiter::Comma), "plain");
    }

    /// Characters, not bytes: five `é` (ten bytes) fit a limit of five; the cut never splits
    /// one, and the count is the whole text's characters.
    #[test]
    fn the_limit_and_the_count_are_in_characters() {
        assert_eq!(Clip::new("ééééé", 5).cut(), None);
        assert_eq!(Clip::new("éééééé", 5).cut(), Some(("ééééé", 6)));
        assert_eq!(Clip::new("a😀b😀c", 2).cut(), Some(("a😀", 5)));
        assert_eq!(
            Clip::new("a😀b😀c", 2).to_string(),
            "a😀…(truncated, 5 chars)"
        );
    }

    #[test]
    fn a_cut_text_is_escaped_then_noted_in_json() {
        assert_eq!(
            json(Clip::new("line\none\ttwo", 6)),
            "\"line\\no…(truncated, 12 chars)\""
        );
        let value: String = serde_json::from_str(&json(Clip::new("\"quoted\" text", 4))).unwrap();
        assert_eq!(value, "\"quo…(truncated, 13 chars)");
    }

    /// The note holds a comma: in a comma-delimited table the cut value is quoted, with a pipe
    /// it is not.
    #[test]
    fn a_cut_text_is_quoted_in_toon_when_its_note_needs_it() {
        let clip = Clip::new("abcdef", 3);
        assert_eq!(toon(clip, Delimiter::Comma), "\"abc…(truncated, 6 chars)\"");
        assert_eq!(toon(clip, Delimiter::Pipe), "abc…(truncated, 6 chars)");
    }

    #[test]
    fn serialize_writes_what_the_data_block_shows() {
        assert_eq!(
            serde_json::to_string(&Clip::new("abcdef", 3)).unwrap(),
            "\"abc…(truncated, 6 chars)\""
        );
        assert_eq!(
            serde_json::to_string(&Clip::new("abc", 3)).unwrap(),
            "\"abc\""
        );
    }
}
