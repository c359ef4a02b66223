//! The doc text of generated items, as `#[doc]` string literals: descriptions line by line,
//! the schema's notes, a field's wire facts, how a union reads its branches.

use super::code::{Literal, literal};
use crate::model::{FieldDef, FieldType};

/// The doc paragraph that says how a union's value is read and written.
pub(super) fn union_dispatch_doc(tag: Option<&crate::model::UnionTag>) -> Vec<Literal> {
    let lines = match tag {
        Some(tag) => vec![
            format!(
                " Deserializing reads the key `{}` and hands the object to the branch it",
                tag.key
            ),
            " names (the branch trying them in order would pick, with that branch's own errors);"
                .to_owned(),
            " the value is written exactly as that branch writes it, the tag in its place."
                .to_owned(),
        ],
        None => vec![
            " Deserializing tries the branches in schema order and takes the first that fits, as"
                .to_owned(),
            " zod's `z.union` does; the value is written exactly as that branch writes it."
                .to_owned(),
        ],
    };
    std::iter::once(String::new())
        .chain(lines)
        .map(|line| doc_literal(&line))
        .collect()
}

/// A `#[doc]` line as a Rust string literal. Control characters, which a wire key, an enum value
/// or a pointer may hold, are shown escaped (`\t`): raw, they are invisible in the docs, and a
/// tab trips clippy's `tabs_in_doc_comments`, failing a crate that denies warnings. So are the
/// direction controls (`\u{202e}`), which rustc denies in a comment and which would reorder the
/// line a reader sees.
pub(super) fn doc_literal(text: &str) -> Literal {
    literal(&crate::rust_text::for_line_comment(text))
}

/// Doc lines for a description: each line becomes one `#[doc]` (rendered as `///`). Tabs in a
/// description are layout, so they become spaces rather than `\t`; code blocks rustdoc would
/// run as doctests are marked `text` ([`super::doc_code`]), and a description's bare URLs and
/// stray brackets are made inert ([`super::doc_prose`]).
pub(super) fn doc_lines(description: Option<&str>, fallback: &str) -> Vec<Literal> {
    let text = description.unwrap_or(fallback);
    let lines: Vec<String> = text
        .lines()
        .map(|line| line.trim_end().replace('\t', "    "))
        .collect();
    // The fallback is the generator's own text, whose links are meant.
    let prose = if description.is_some() {
        super::doc_code::Prose::Quiet
    } else {
        super::doc_code::Prose::AsWritten
    };
    super::doc_code::inert_code_blocks(&lines, prose)
        .iter()
        .map(|line| doc_literal(&format!(" {line}")))
        .collect()
}

/// `#pointer` to put after a file name, or nothing for the document's root.
pub(super) fn pointer_suffix(pointer: &str) -> String {
    if pointer.is_empty() {
        String::new()
    } else {
        format!("#{pointer}")
    }
}

/// Doc lines followed, each after a blank line, by the schema's notes and the naming note,
/// when there are any.
pub(super) fn with_notes(
    mut doc: Vec<Literal>,
    notes: &[String],
    naming: Option<&str>,
) -> Vec<Literal> {
    if !notes.is_empty() {
        doc.push(literal(""));
        doc.push(doc_literal(&format!(" Schema: {}.", notes.join("; "))));
    }
    if let Some(naming) = naming {
        doc.push(literal(""));
        doc.push(doc_literal(&format!(" {naming}")));
    }
    doc
}

/// What the schema says of a field beyond its description: wire key, presence, format, default.
pub(super) fn field_facts(field: &FieldDef) -> String {
    let mut facts = vec![format!("Wire key `{}`", field.key)];
    let nullable = matches!(field.ty, FieldType::Nullable(_));
    facts.push(match (field.required, nullable) {
        (true, false) => "required".to_owned(),
        (true, true) => "required (a missing key is an error), `null` when `None`".to_owned(),
        (false, false) => "optional, left out of the data block when `None`".to_owned(),
        (false, true) => {
            "optional and nullable: left out of the data block when `None`, `null` when `Some(None)`"
                .to_owned()
        }
    });
    if let Some(format) = &field.format {
        facts.push(format!("format `{format}`"));
    }
    if let Some(default) = &field.default {
        facts.push(format!("default `{default}`"));
    }
    if let Some(max) = field.max_chars {
        facts.push(format!("the data block shows at most {max} characters"));
    }
    if let Some(censor) = &field.redact {
        facts.push(format!("redacted: the data block shows `{censor}`"));
    }
    facts.extend(field.notes.iter().cloned());
    format!("{}.", facts.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doc_lines_show_control_characters_escaped_and_tabs_of_descriptions_as_spaces() {
        assert_eq!(
            doc_literal(" Wire key `tab\tkey`.").to_string(),
            r#"" Wire key `tab\\tkey`.""#
        );
        assert_eq!(doc_literal(" `quo\"te`").to_string(), r#"" `quo\"te`""#);
        let lines: Vec<String> = doc_lines(Some("a\tb\nc"), "")
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(lines, [r#"" a    b""#, r#"" c""#]);
    }

    #[test]
    fn doc_lines_show_direction_controls_and_carriage_returns_escaped() {
        let lines: Vec<String> = doc_lines(Some("safe \u{202E}evil\u{2066}\rend\u{200F}"), "")
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(lines, [r#"" safe \\u{202e}evil\\u{2066}\\rend\\u{200f}""#]);
        assert_eq!(
            doc_literal(" Wire key `\u{2067}k`.").to_string(),
            r#"" Wire key `\\u{2067}k`.""#
        );
    }
}
