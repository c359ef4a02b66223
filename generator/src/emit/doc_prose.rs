//! Prose lines of descriptions made quiet for rustdoc. A description is text from a definition
//! or a vendor's API description, written for a reader, not for rustdoc: a bare URL makes
//! `cargo doc -D warnings` fail on `rustdoc::bare_urls`, and `[name]` is read as an intra-doc
//! link to an item of the user's crate, failing on `rustdoc::broken_intra_doc_links` when there
//! is none. So a bare URL becomes an autolink (`<https://…>`) and square brackets that are not a
//! Markdown link (`[text](target)`) are escaped (`\[name\]`), as is a `<` that does not open an
//! autolink (`<b>` in prose is text, not a tag rustdoc should see open:
//! `rustdoc::invalid_html_tags`); all read the same on the page. Inline code and link targets
//! are left as they are.

/// `line` (prose, outside any code block) with its bare URLs and stray brackets made inert.
pub(super) fn inert_prose(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 8);
    let mut rest = line;
    while !rest.is_empty() {
        // An inline code span: a run of backticks up to the next run of the same length.
        if rest.starts_with('`') {
            let run = rest.len() - rest.trim_start_matches('`').len();
            let after = &rest[run..];
            if let Some(close) = closing_run(after, run) {
                let end = run + close + run;
                out.push_str(&rest[..end]);
                rest = &rest[end..];
            } else {
                out.push_str(&rest[..run]);
                rest = after;
            }
            continue;
        }
        if let Some(after) = rest.strip_prefix('\\') {
            // An escape is kept with the character it escapes.
            let next = after.chars().next().map_or(0, char::len_utf8);
            out.push_str(&rest[..1 + next]);
            rest = &after[next..];
            continue;
        }
        if rest.starts_with('[') {
            if let Some(link) = markdown_link(rest) {
                out.push_str(&rest[..link]);
                rest = &rest[link..];
            } else {
                out.push_str("\\[");
                rest = &rest[1..];
            }
            continue;
        }
        if rest.starts_with(']') {
            out.push_str("\\]");
            rest = &rest[1..];
            continue;
        }
        if rest.starts_with('<') {
            // An autolink already is kept whole; any other `<` is text, not a tag to open.
            if (rest.starts_with("<https://") || rest.starts_with("<http://"))
                && let Some(end) = rest.find('>')
            {
                out.push_str(&rest[..=end]);
                rest = &rest[end + 1..];
            } else {
                out.push_str("\\<");
                rest = &rest[1..];
            }
            continue;
        }
        if rest.starts_with("https://") || rest.starts_with("http://") {
            let url = bare_url(rest);
            out.push('<');
            out.push_str(&rest[..url]);
            out.push('>');
            rest = &rest[url..];
            continue;
        }
        let next = rest.chars().next().map_or(1, char::len_utf8);
        out.push_str(&rest[..next]);
        rest = &rest[next..];
    }
    out
}

/// Where the run of exactly `run` backticks closing a code span starts in `text`.
fn closing_run(text: &str, run: usize) -> Option<usize> {
    let mut at = 0;
    while let Some(found) = text[at..].find('`') {
        let start = at + found;
        let length = text[start..].len() - text[start..].trim_start_matches('`').len();
        if length == run {
            return Some(start);
        }
        at = start + length;
    }
    None
}

/// The length of the Markdown link `text` starts with (`[text](target)`), if it is one: the
/// brackets balanced, then a parenthesised target with no space before it.
fn markdown_link(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut close = None;
    let mut escaped = false;
    for (index, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(index);
                    break;
                }
            }
            _ => {}
        }
    }
    let target = &text[close? + 1..];
    if !target.starts_with('(') {
        return None;
    }
    let mut depth = 0usize;
    for (index, c) in target.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(close? + 1 + index + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// The length of the URL `text` starts with: up to a space or a character that ends one in
/// prose, then without the punctuation that ends the sentence around it.
fn bare_url(text: &str) -> usize {
    let end = text
        .find(|c: char| c.is_whitespace() || matches!(c, '<' | '>' | '"' | '`' | '[' | ']'))
        .unwrap_or(text.len());
    let trimmed = text[..end].trim_end_matches(['.', ',', ';', ':', '!', '?', '\'', ')']);
    // A closing parenthesis the URL opened stays (`…/Rust_(language)`).
    let opened = trimmed.matches('(').count();
    let closed = trimmed.matches(')').count();
    let mut url = trimmed.len();
    let tail = &text[url..end];
    for (count, c) in tail.chars().enumerate() {
        if c == ')' && closed + count < opened {
            url += 1;
        } else {
            break;
        }
    }
    url
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_urls_become_autolinks_without_the_sentence_around_them() {
        assert_eq!(
            inert_prose("See https://docs.github.com/rest."),
            "See <https://docs.github.com/rest>."
        );
        assert_eq!(
            inert_prose("(http://a.example/x_(y)), then"),
            "(<http://a.example/x_(y)>), then"
        );
        assert_eq!(
            inert_prose("<https://kept.example>"),
            "<https://kept.example>"
        );
    }

    #[test]
    fn brackets_that_are_not_links_are_escaped_and_links_kept() {
        assert_eq!(
            inert_prose("One of [open, closed] or [the docs](https://x.example/a_(b))."),
            "One of \\[open, closed\\] or [the docs](https://x.example/a_(b))."
        );
        assert_eq!(
            inert_prose("[ref][other] and \\[kept\\]"),
            "\\[ref\\]\\[other\\] and \\[kept\\]"
        );
        assert_eq!(inert_prose("a ] b ["), "a \\] b \\[");
        assert_eq!(
            inert_prose("<b> & <br/> stay text"),
            "\\<b> & \\<br/> stay text"
        );
    }

    #[test]
    fn inline_code_is_left_as_it_is() {
        assert_eq!(
            inert_prose("Use `[x] https://y` or ``a ` [b]``, then [c]"),
            "Use `[x] https://y` or ``a ` [b]``, then \\[c\\]"
        );
        assert_eq!(inert_prose("an ` unclosed [d]"), "an ` unclosed \\[d\\]");
    }
}
