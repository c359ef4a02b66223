//! Text from definitions as generated Rust may hold it. Descriptions, titles, keys, paths and
//! file names reach doc comments, `//` comments and string literals, and rustc refuses some
//! characters there: a bare CR anywhere, and the bidirectional overrides and isolates
//! (`text_direction_codepoint_in_comment` / `_in_literal`, deny by default), which can make code
//! read differently than it compiles. Such a character is written as its Rust escape
//! (`\u{202e}`): in a literal the escape keeps the value, in a comment it shows the character
//! instead of letting it reorder the line.
//!
//! The emitter writes text safely where it writes it ([`crate::emit`]'s doc lines,
//! `proc_macro2`'s string literals); [`made_safe`] is the net under every writer, run on each
//! generated file before it is formatted, so a writer that splices text by hand cannot produce
//! a file rustc refuses.

use std::borrow::Cow;

use proc_macro2::{Group, Literal, TokenStream, TokenTree};

/// Whether `c` changes the direction text is shown in: the embeddings and overrides
/// (U+202A..U+202E) and isolates (U+2066..U+2069) rustc denies in comments and literals, and the
/// marks (U+200E, U+200F, U+061C) that as invisibly move what is around them.
pub(crate) fn is_direction_control(c: char) -> bool {
    matches!(
        c,
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}'
    )
}

/// `text` as a one-line comment shows it: control characters (line breaks and tabs too) and
/// direction controls written as their Rust escapes (`\n`, `\u{202e}`).
pub(crate) fn for_line_comment(text: &str) -> Cow<'_, str> {
    escaped(text, |c| c.is_control() || is_direction_control(c))
}

/// `text` as a doc attribute's value may hold it: as [`for_line_comment`], but line feeds are
/// kept (a multi-line value is printed as a block doc comment, which may span lines).
fn for_doc_value(text: &str) -> Cow<'_, str> {
    escaped(text, |c| {
        (c.is_control() && c != '\n') || is_direction_control(c)
    })
}

/// `text` with each character `shown_escaped` picks written as `char::escape_default` writes it.
pub(crate) fn escaped(text: &str, shown_escaped: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !text.chars().any(&shown_escaped) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if shown_escaped(c) {
            shown.extend(c.escape_default());
        } else {
            shown.push(c);
        }
    }
    Cow::Owned(shown)
}

/// `tokens` with every doc attribute's text shown as [`for_doc_value`] shows it, and every
/// string or character literal that holds a direction control or a CR raw rewritten with the
/// character escaped (the same value). Literals in macro calls and attributes are reached too:
/// the walk is over tokens, not syntax.
pub(crate) fn made_safe(tokens: TokenStream) -> TokenStream {
    tokens
        .into_iter()
        .map(|tree| match tree {
            TokenTree::Group(group) => {
                let stream = match doc_value(&group) {
                    Some(value) => doc_safe(group.stream(), &value),
                    None => made_safe(group.stream()),
                };
                let mut safe = Group::new(group.delimiter(), stream);
                safe.set_span(group.span());
                TokenTree::Group(safe)
            }
            TokenTree::Literal(literal) => TokenTree::Literal(literal_safe(literal)),
            other => other,
        })
        .collect()
}

/// The text of a `[doc = "…"]` attribute's brackets.
fn doc_value(group: &Group) -> Option<String> {
    if group.delimiter() != proc_macro2::Delimiter::Bracket {
        return None;
    }
    let trees: Vec<TokenTree> = group.stream().into_iter().collect();
    match trees.as_slice() {
        [
            TokenTree::Ident(doc),
            TokenTree::Punct(eq),
            TokenTree::Literal(value),
        ] if doc == "doc" && eq.as_char() == '=' => match syn::Lit::new(value.clone()) {
            syn::Lit::Str(text) => Some(text.value()),
            _ => None,
        },
        _ => None,
    }
}

/// The brackets of a doc attribute whose text is `value`, with that text made safe.
fn doc_safe(stream: TokenStream, value: &str) -> TokenStream {
    let Cow::Owned(shown) = for_doc_value(value) else {
        return stream;
    };
    stream
        .into_iter()
        .map(|tree| match tree {
            TokenTree::Literal(old) => {
                let mut new = Literal::string(&shown);
                new.set_span(old.span());
                TokenTree::Literal(new)
            }
            other => other,
        })
        .collect()
}

/// `literal`, or the same value written with its direction controls and CRs escaped when the
/// literal holds one raw (`proc_macro2::Literal::string` escapes them; text spliced into a
/// template by hand may not).
fn literal_safe(literal: Literal) -> Literal {
    let repr = literal.to_string();
    if !repr.chars().any(|c| c == '\r' || is_direction_control(c)) {
        return literal;
    }
    let mut safe = match syn::Lit::new(literal.clone()) {
        syn::Lit::Str(text) => Literal::string(&text.value()),
        syn::Lit::Char(c) => Literal::character(c.value()),
        _ => return literal,
    };
    safe.set_span(literal.span());
    safe
}

#[cfg(test)]
mod tests {
    use super::*;

    const BIDI: [char; 12] = [
        '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}',
        '\u{2068}', '\u{2069}', '\u{200E}', '\u{200F}', '\u{061C}',
    ];

    #[test]
    fn comments_show_direction_controls_and_line_breaks_escaped() {
        assert_eq!(for_line_comment("plain `x.yaml`"), "plain `x.yaml`");
        assert_eq!(
            for_line_comment("a\u{202E}b\u{2066}c\nd\re"),
            r"a\u{202e}b\u{2066}c\nd\re"
        );
        for c in BIDI {
            assert!(is_direction_control(c), "{c:?}");
            assert!(!for_line_comment(&c.to_string()).contains(c), "{c:?}");
        }
        assert_eq!(for_doc_value("a\nb\r\u{202E}"), "a\nb\\r\\u{202e}");
    }

    /// `proc_macro2::Literal::string`, which every literal the emitter makes goes through, escapes
    /// the characters rustc refuses raw: were that to change, generated code would stop compiling.
    #[test]
    fn proc_macro2_string_literals_escape_direction_controls_and_cr() {
        for c in BIDI.into_iter().chain(['\r']) {
            let text = format!("a{c}b");
            let literal = Literal::string(&text).to_string();
            assert!(!literal.contains(c), "{c:?} in {literal}");
            let syn::Lit::Str(read) = syn::Lit::new(Literal::string(&text)) else {
                panic!("a string literal");
            };
            assert_eq!(read.value(), text);
        }
    }

    fn safe(source: &str) -> String {
        made_safe(source.parse().expect("lexes")).to_string()
    }

    #[test]
    fn doc_comments_and_literals_written_by_hand_are_made_safe() {
        // `///` text is lexed into a doc attribute whose value holds the character raw.
        let out = safe("/// a \u{202E}b\nconst X: &str = \"x\u{2067}y\";");
        assert!(out.contains(r#"doc = " a \\u{202e}b""#), "{out}");
        assert!(out.contains(r#""x\u{2067}y""#), "{out}");
        assert!(!out.contains(BIDI), "{out}");
        // Inner docs, attributes' docs, literals in macro calls, char and raw literals.
        let out = safe(
            "#![doc = \"\u{2066}\"] m!(#[doc = \"\u{202A}\"] x, \"\u{200F}\"); const C: char = '\u{202E}'; const R: &str = r\"\u{061C}\";",
        );
        assert!(!out.contains(BIDI), "{out}");
        assert!(out.contains(r#"[doc = "\\u{2066}"]"#), "{out}");
        assert!(out.contains(r"'\u{202e}'"), "{out}");
    }

    #[test]
    fn safe_code_is_left_as_it_is() {
        let source = "/// é `a`\n#[doc = \"multi\nline\"]\nconst X: &str = \"a\\u{202e}\";";
        let tokens: TokenStream = source.parse().expect("lexes");
        assert_eq!(made_safe(tokens.clone()).to_string(), tokens.to_string());
    }
}
