//! Static text authored in a definition is written verbatim (wire format §4, §5 "same"), so it is
//! checked here, at generation time, for anything that would open or close a block of the wire
//! format or break out of the place it is written in.
//!
//! Tags are matched the way a lenient reader (a model, a regex with `/i`) would read them, not the
//! way an XML parser would: case-insensitively, with whitespace anywhere inside the tag
//! (`</domain_rules >`, `< /DOMAIN_RULES>`), through compatibility look-alikes (NFKC: fullwidth
//! `＜／ｄｏｍａｉｎ＿ｒｕｌｅｓ＞`, small forms `﹤`), other angle brackets (`‹ 〈 ⟨ ˂`), Cyrillic and Greek
//! letters that look Latin, `-` for `_`, and zero-width characters inside the name.

use unicode_normalization::UnicodeNormalization;

use super::CLOSING_TAGS;

/// Where a static text is written, which decides what of it would be read as structure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// A rule, suggestion, summary, list, markdown, code or diagram text: may span lines.
    Text,
    /// An attribute value (`title="..."`): one line, no `"`.
    Attribute,
    /// A markdown table header cell: one line, no `|`.
    Cell,
    /// A code block's language, written as the `type` attribute and after the fence.
    Token,
}

/// Why a static text is rejected: the message, the suggested fix, and the 0-based character
/// offset in the text where the problem starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: String,
    /// Where in the text (characters from its start).
    pub at: usize,
}

/// The names of the wire format's blocks, from their closing tags.
fn block_names() -> impl Iterator<Item = &'static str> {
    CLOSING_TAGS
        .iter()
        .map(|tag| tag.trim_start_matches("</").trim_end_matches('>'))
}

/// The first reason `text` cannot be written verbatim at `placement`, if any.
pub fn check(text: &str, placement: Placement) -> Option<Problem> {
    if placement == Placement::Token {
        return check_token(text);
    }
    let chars = normalized(text);
    line_problem(&chars, placement)
        .or_else(|| tag_problem(&chars))
        .or_else(|| placement_problem(&chars, placement))
}

/// A language name is an attribute value and the word after a fence: one plain token.
fn check_token(text: &str) -> Option<Problem> {
    let bad = text
        .chars()
        .position(|c| !(c.is_ascii_alphanumeric() || "+-_.#".contains(c)));
    bad.map(|at| Problem {
        message: format!(
            "the language `{}` has a character that is not allowed in it, at character {}",
            text.escape_debug(),
            at + 1
        ),
        help: "a language is written as the block's `type` attribute and after the fence: use ASCII letters, digits and `+ - _ . #`".into(),
        at,
    })
}

/// Each character of the text as a lenient reader sees it, with its character offset in the
/// original text. Zero-width characters are dropped; a character may expand to several (NFKC).
fn normalized(text: &str) -> Vec<(usize, char)> {
    let mut out = Vec::with_capacity(text.len());
    for (at, original) in text.chars().enumerate() {
        if is_invisible(original) {
            continue;
        }
        for c in std::iter::once(original).nfkc() {
            for lower in look_alike(c).to_lowercase() {
                out.push((at, lower));
            }
        }
    }
    out
}

/// Characters that render as nothing, which a reader skips inside a word.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{ad}' | '\u{180e}' | '\u{200b}'..='\u{200d}' | '\u{2060}' | '\u{feff}' | '\u{fe00}'..='\u{fe0f}'
    )
}

/// The ASCII character that `c` is read as in a tag, for look-alikes NFKC leaves alone.
///
/// Brackets are the runtime's ([`fusion_runtime::escape::tag_bracket`]), whose escapes
/// neutralise the same characters in data: one notion of a tag for static text and values.
fn look_alike(c: char) -> char {
    if let Some(bracket) = fusion_runtime::escape::tag_bracket(c) {
        return bracket;
    }
    match c {
        '∕' | '⁄' | '⧸' | '╱' => '/',
        '-' | '‐' | '‑' | '‒' | '–' | '—' | '‗' => '_',
        // Cyrillic and Greek letters drawn like the Latin letters of the block names.
        'а' | 'α' => 'a',
        'с' | 'ϲ' => 'c',
        'ԁ' => 'd',
        'е' | 'ε' => 'e',
        'һ' => 'h',
        'і' | 'ι' | 'ӏ' => 'i',
        'ј' => 'j',
        'о' | 'ο' => 'o',
        'р' | 'ρ' => 'p',
        'ѕ' => 's',
        'τ' => 't',
        'υ' => 'u',
        'ν' => 'v',
        'х' | 'χ' => 'x',
        'у' => 'y',
        other => other,
    }
}

/// Controls are never written raw; at a one-line placement neither are line breaks.
fn line_problem(chars: &[(usize, char)], placement: Placement) -> Option<Problem> {
    let one_line = placement != Placement::Text;
    let (at, c) = chars.iter().copied().find(|&(_, c)| {
        let is_break = matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}');
        (c.is_control() && c != '\t' && !is_break) || (one_line && is_break)
    })?;
    let place = match placement {
        Placement::Attribute => "an attribute value",
        Placement::Cell => "a table header",
        Placement::Text | Placement::Token => "static text",
    };
    Some(Problem {
        message: format!(
            "{place} contains the control character {:?} at character {}",
            c,
            at + 1
        ),
        help: if one_line {
            format!("{place} is written on one line: remove the line break or control character")
        } else {
            "remove the control character: static text is written verbatim".into()
        },
        at,
    })
}

/// A `<` that starts the tag of a block.
fn tag_problem(chars: &[(usize, char)]) -> Option<Problem> {
    for (index, &(at, c)) in chars.iter().enumerate() {
        if c != '<' {
            continue;
        }
        let mut next = index + 1;
        let skip_spaces = |mut i: usize| {
            while chars.get(i).is_some_and(|(_, c)| c.is_whitespace()) {
                i += 1;
            }
            i
        };
        next = skip_spaces(next);
        let closing = chars.get(next).is_some_and(|(_, c)| *c == '/');
        if closing {
            next = skip_spaces(next + 1);
        }
        let name: String = chars[next..]
            .iter()
            .map(|(_, c)| *c)
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let slash = if closing { "/" } else { "" };
        if let Some(block) = block_names().find(|block| *block == name) {
            let what = if closing { "closes" } else { "opens" };
            return Some(Problem {
                message: format!(
                    "the text {what} the block `<{slash}{block}>` at character {} (tags are read in any case, with spaces inside, and through look-alike characters)",
                    at + 1
                ),
                help: "remove the tag; text from data is escaped, static text must not open or close blocks".into(),
                at,
            });
        }
    }
    None
}

/// The first block tag in `text`, read as [`check`] reads tags.
pub fn block_tag(text: &str) -> Option<Problem> {
    tag_problem(&normalized(text))
}

/// Whether `literal` ends in the start of a tag that a value written right after it could
/// complete into a block tag: `<`, `</`, `</domain_` (spaces and look-alikes as in [`check`]).
/// A value cannot add `<` (it is escaped), but it can supply the rest of the name and the `>`.
pub fn ends_in_tag_start(literal: &str) -> bool {
    let chars = normalized(literal);
    let Some(open) = chars.iter().rposition(|(_, c)| *c == '<') else {
        return false;
    };
    let tail: String = chars[open + 1..].iter().map(|(_, c)| *c).collect();
    let tail = tail.trim_start();
    let tail = tail.strip_prefix('/').map_or(tail, str::trim_start);
    tail.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && block_names().any(|block| block.starts_with(tail))
}

/// What one-line placements forbid besides line breaks.
fn placement_problem(chars: &[(usize, char)], placement: Placement) -> Option<Problem> {
    let (forbidden, place, why) = match placement {
        Placement::Attribute => (
            '"',
            "an attribute value",
            "it would end the attribute and let the rest of the text add attributes",
        ),
        Placement::Cell => ('|', "a table header", "it would add a cell to the table"),
        Placement::Text | Placement::Token => return None,
    };
    let &(at, _) = chars.iter().find(|&&(_, c)| c == forbidden)?;
    Some(Problem {
        message: format!(
            "{place} contains `{forbidden}` at character {}: {why}",
            at + 1
        ),
        help: format!("remove the `{forbidden}` (look-alikes such as fullwidth ones count too)"),
        at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rejects(text: &str, placement: Placement) -> Problem {
        check(text, placement).unwrap_or_else(|| panic!("{text:?} is accepted"))
    }

    #[test]
    fn every_spelling_of_a_block_tag_is_found() {
        for text in [
            "a </domain_rules> b",
            "a </domain_rules > b",
            "a </DOMAIN_RULES> b",
            "a < / Domain_Rules\t> b",
            "a ＜／domain_rules＞ b",
            "a ＜／ｄｏｍａｉｎ＿ｒｕｌｅｓ＞ b",
            "a ﹤/domain_rules﹥ b",
            "a ‹/domain_rules› b",
            "a 〈/domain_rules〉 b",
            "a </domain-rules> b",
            "a </dоmain_rules> b",
            "a </domain\u{200b}_rules> b",
            "a <domain_rules> b",
            "a <ui_passthrough type=\"x\"> b",
            "a </action_suggestions",
        ] {
            let problem = rejects(text, Placement::Text);
            assert_eq!(problem.at, 2, "{text}: {problem:?}");
        }
    }

    #[test]
    fn the_runtime_escapes_every_bracket_static_text_reads_as_a_tag_bracket() {
        // Every character whose reading (NFKC, then look-alikes) holds `<` or `>` is one the
        // runtime's data escapes neutralise, and the other way round: data and static text
        // agree on what can make a tag.
        let disagreements: Vec<String> = (0..=0x10ffff)
            .filter_map(char::from_u32)
            .filter(|c| !matches!(c, '<' | '>'))
            .filter_map(|c| {
                let read: String = std::iter::once(c).nfkc().map(look_alike).collect();
                let expected = read.chars().find(|c| matches!(c, '<' | '>'));
                (fusion_runtime::escape::tag_bracket(c) != expected)
                    .then(|| format!("U+{:04X} {c} reads as {read:?}", u32::from(c)))
            })
            .collect();
        assert!(disagreements.is_empty(), "{disagreements:#?}");
    }

    #[test]
    fn a_lone_angle_bracket_is_fine_but_a_tag_start_before_a_value_is_found() {
        assert_eq!(check("a < b, x <= 3, <b>bold</b>", Placement::Text), None);
        assert!(ends_in_tag_start("a </"));
        assert!(ends_in_tag_start("amount < "));
        assert!(ends_in_tag_start("a ＜／ＤＯＭＡＩＮ_"));
        assert!(!ends_in_tag_start("a <bold"));
        assert!(!ends_in_tag_start("a <b> c"));
        assert!(!ends_in_tag_start("no bracket"));
    }

    #[test]
    fn attributes_cells_and_tokens_have_their_own_limits() {
        assert_eq!(rejects("a\" type=\"evil", Placement::Attribute).at, 1);
        assert_eq!(rejects("a＂ type=＂evil", Placement::Attribute).at, 1);
        assert_eq!(rejects("two\nlines", Placement::Attribute).at, 3);
        assert_eq!(
            check("A \"quoted\" rule\non two lines", Placement::Text),
            None
        );
        assert_eq!(rejects("a | b", Placement::Cell).at, 2);
        assert_eq!(rejects("a\nb", Placement::Cell).at, 1);
        assert_eq!(rejects("nul\0", Placement::Text).at, 3);
        assert_eq!(rejects("esc\u{1b}[2J", Placement::Text).at, 3);
        assert_eq!(check("c++", Placement::Token), None);
        assert_eq!(rejects("sql\" title=\"x", Placement::Token).at, 3);
    }
}
