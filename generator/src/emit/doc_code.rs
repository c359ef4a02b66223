//! Code blocks in descriptions, made inert. A description is prose from a definition or an API
//! description, and rustdoc reads doc comments as Markdown in which every code block whose
//! language is not stated, or is `rust`, is a doctest: `cargo test` on a user's crate would
//! compile a JSON example or a shell command from a vendor's description as Rust and fail. So a
//! fenced block that rustdoc would run gets the language `text`, and an indented block (which
//! rustdoc runs too) becomes a fenced `text` block; the text shown stays the same.

/// The description's lines with every block rustdoc would run as a doctest marked `text`, and
/// the prose outside code blocks quiet for rustdoc's link lints ([`super::doc_prose`]).
pub(super) fn inert_code_blocks(lines: &[String], prose: Prose) -> Vec<String> {
    let mut out = Vec::with_capacity(lines.len());
    let mut fence: Option<Fence> = None;
    // The column a list item's content starts at, while the text is inside a list: an indented
    // code block there starts four columns past it, not four past the margin.
    let mut list_content: Option<usize> = None;
    let mut previous_blank = true;
    let mut index = 0;
    while index < lines.len() {
        let line = &lines[index];
        let indent = indentation(line);
        if let Some(open) = &fence {
            if open.is_closed_by(line) {
                fence = None;
            }
            out.push(line.clone());
            previous_blank = false;
            index += 1;
            continue;
        }
        if line.trim().is_empty() {
            out.push(line.clone());
            previous_blank = true;
            index += 1;
            continue;
        }
        let code_column = list_content.unwrap_or(0) + 4;
        if previous_blank && indent >= code_column {
            index = fence_indented_block(lines, index, code_column, &mut out);
            previous_blank = false;
            continue;
        }
        if let Some(open) = Fence::opened_by(line) {
            out.push(open.line_running_nothing(line));
            fence = Some(open);
        } else {
            out.push(match prose {
                Prose::Quiet => super::doc_prose::inert_prose(line),
                Prose::AsWritten => line.clone(),
            });
        }
        list_content = match list_item_content(line) {
            Some(column) => Some(column),
            None if indent == 0 && previous_blank => None,
            None => list_content,
        };
        previous_blank = false;
        index += 1;
    }
    out
}

/// What becomes of the prose outside code blocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Prose {
    /// A description's: bare URLs and stray brackets made inert for rustdoc.
    Quiet,
    /// The generator's own text, whose intra-doc links are meant: kept.
    AsWritten,
}

/// Writes the indented code block starting at `start` as a fenced `text` block and returns the
/// index of the first line after it. Blank lines inside the block belong to it; blank lines
/// after its last line stay outside the fence.
fn fence_indented_block(
    lines: &[String],
    start: usize,
    code_column: usize,
    out: &mut Vec<String>,
) -> usize {
    let margin = " ".repeat(code_column - 4);
    let mut end = start;
    let mut last_code = start;
    while end < lines.len() {
        let line = &lines[end];
        if line.trim().is_empty() {
            end += 1;
            continue;
        }
        if indentation(line) < code_column {
            break;
        }
        last_code = end;
        end += 1;
    }
    // A line of the block that starts with backticks must not close the fence: the fence is
    // one backtick longer than the longest such run (Markdown closes a fence with as many).
    let longest_run = lines[start..=last_code]
        .iter()
        .map(|line| line.trim_start().chars().take_while(|&c| c == '`').count())
        .max()
        .unwrap_or(0);
    let fence = "`".repeat(longest_run.max(2) + 1);
    out.push(format!("{margin}{fence}text"));
    for line in &lines[start..=last_code] {
        out.push(
            line.get(code_column..)
                .map_or_else(String::new, |code| format!("{margin}{code}")),
        );
    }
    out.push(format!("{margin}{fence}"));
    last_code + 1
}

/// Leading spaces of a line (tabs are already spaces in doc lines).
fn indentation(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// The column a list item's content starts at, when `line` opens a list item (`- `, `* `,
/// `+ `, `1. `, `1) `).
fn list_item_content(line: &str) -> Option<usize> {
    let indent = indentation(line);
    let rest = &line[indent..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let marker = match rest.as_bytes().first()? {
        b'-' | b'*' | b'+' => 1,
        _ if (1..=9).contains(&digits)
            && matches!(rest.as_bytes().get(digits), Some(b'.' | b')')) =>
        {
            digits + 1
        }
        _ => return None,
    };
    let after = &rest[marker..];
    let gap = after.len() - after.trim_start_matches(' ').len();
    (gap >= 1 || after.is_empty()).then(|| indent + marker + gap.clamp(1, 4))
}

/// An open fenced code block: its character and length, which its closing line repeats.
struct Fence {
    character: char,
    length: usize,
}

impl Fence {
    fn opened_by(line: &str) -> Option<Fence> {
        let indent = indentation(line);
        if indent > 3 {
            return None;
        }
        let rest = &line[indent..];
        let character = rest.chars().next().filter(|c| matches!(c, '`' | '~'))?;
        let length = rest.chars().take_while(|&c| c == character).count();
        let info = &rest[length..];
        // A backtick fence's info string cannot hold a backtick: that line is inline code.
        (length >= 3 && !(character == '`' && info.contains('`')))
            .then_some(Fence { character, length })
    }

    fn is_closed_by(&self, line: &str) -> bool {
        let indent = indentation(line);
        let rest = line[indent..].trim_end();
        indent <= 3
            && rest.chars().take_while(|&c| c == self.character).count() >= self.length
            && rest.chars().all(|c| c == self.character)
    }

    /// The opening line, its language replaced by `text` when rustdoc would run the block.
    fn line_running_nothing(&self, line: &str) -> String {
        let indent = indentation(line);
        let info = line[indent + self.length..].trim();
        if rustdoc_runs(info) {
            let fence: String = std::iter::repeat_n(self.character, self.length).collect();
            format!("{}{fence}text", &line[..indent])
        } else {
            line.to_owned()
        }
    }
}

/// Whether rustdoc tests a code block with this info string: when it names no language, or only
/// `rust` and rustdoc's own attributes.
fn rustdoc_runs(info: &str) -> bool {
    const RUSTDOC_WORDS: &[&str] = &[
        "rust",
        "ignore",
        "should_panic",
        "no_run",
        "compile_fail",
        "test_harness",
        "standalone_crate",
        "allow_fail",
    ];
    info.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .all(|word| {
            let word = word.trim_start_matches('{').trim_end_matches('}');
            RUSTDOC_WORDS.contains(&word)
                || word.starts_with("edition")
                || word.starts_with('.')
                || word.starts_with("class=")
                || word.starts_with("ignore-")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inert(text: &str) -> String {
        let lines: Vec<String> = text.lines().map(str::to_owned).collect();
        inert_code_blocks(&lines, Prose::Quiet).join("\n")
    }

    #[test]
    fn fences_rustdoc_would_run_say_text_and_others_keep_their_language() {
        assert_eq!(inert("Run:\n```\nls -l\n```"), "Run:\n```text\nls -l\n```");
        assert_eq!(inert("```rust,no_run\nx\n```"), "```text\nx\n```");
        assert_eq!(inert("~~~~\nx\n~~~~"), "~~~~text\nx\n~~~~");
        assert_eq!(inert("```json\n{}\n```"), "```json\n{}\n```");
        assert_eq!(
            inert("```sh\n```\n```\ny\n```"),
            "```sh\n```\n```text\ny\n```"
        );
    }

    #[test]
    fn a_fence_closes_only_with_its_own_character_and_length() {
        assert_eq!(
            inert("````\n```\n````\n```\nz\n```"),
            "````text\n```\n````\n```text\nz\n```"
        );
    }

    #[test]
    fn indented_blocks_become_text_fences_and_list_continuations_stay() {
        assert_eq!(
            inert("Example:\n\n    curl -X POST\n\n      -d x\n\nAfter."),
            "Example:\n\n```text\ncurl -X POST\n\n  -d x\n```\n\nAfter."
        );
        // A paragraph line indented without a blank line before it is a lazy continuation.
        assert_eq!(inert("Text\n    more"), "Text\n    more");
        assert_eq!(inert("- item\n\n    continued"), "- item\n\n    continued");
        assert_eq!(
            inert("- item\n\n      code"),
            "- item\n\n  ```text\n  code\n  ```"
        );
    }

    #[test]
    fn an_indented_block_holding_a_fence_line_is_fenced_longer() {
        assert_eq!(
            inert("Shown:\n\n    ```\n    fn main() {}\n    ````\n\nAfter."),
            "Shown:\n\n`````text\n```\nfn main() {}\n````\n`````\n\nAfter."
        );
    }

    #[test]
    fn inline_code_with_three_backticks_is_not_a_fence() {
        assert_eq!(inert("```a``` b\nc"), "```a``` b\nc");
    }
}
