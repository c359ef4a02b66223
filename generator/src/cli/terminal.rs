//! Text from definitions as the command prints it to a terminal, outside diagnostics (which the
//! engine escapes itself): a presenter's title or a field's key holding an escape sequence would
//! recolour or clear the screen, a direction control would reorder the line.

use std::borrow::Cow;

/// `text` with control characters (line breaks kept) and direction controls written as their
/// Rust escapes (`\u{1b}`, `\u{202e}`).
pub fn shown(text: &str) -> Cow<'_, str> {
    let escaped = |c: char| {
        (c.is_control() && c != '\n')
            || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
    };
    if !text.contains(escaped) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| {
                if escaped(c) {
                    c.escape_default().collect()
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::shown;

    #[test]
    fn escape_sequences_and_direction_controls_are_shown_escaped() {
        assert_eq!(
            shown("a\u{1b}[2Jb\u{202e}c\nd"),
            "a\\u{1b}[2Jb\\u{202e}c\nd"
        );
        assert!(matches!(shown("plain é"), Cow::Borrowed(_)));
    }
}
