//! Properties of the run-time value escapes (deviation §4/§5) and the error escapes (§12): what
//! each context must never contain raw, and that the escaped text decodes back to the value.

use fusion_runtime::__private::echo::ECHO_MAX_CHARS;
use fusion_runtime::escape;
use proptest::prelude::*;

/// Reverses every escape this crate writes; a test-side decoder, independent of the encoder.
fn unescape(s: &str) -> String {
    const ENTITIES: [(&str, char); 5] = [
        ("&amp;", '&'),
        ("&lt;", '<'),
        ("&gt;", '>'),
        ("&quot;", '"'),
        ("&apos;", '\''),
    ];
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        // A look-alike tag bracket, as a numeric reference.
        if let Some(hex) = tail.strip_prefix("&#x") {
            let end = hex.find(';').expect("a closed &#x");
            let code = u32::from_str_radix(&hex[..end], 16).expect("hex");
            out.push(char::from_u32(code).expect("a char"));
            rest = &hex[end + 1..];
            continue;
        }
        let (entity, ch) = ENTITIES
            .iter()
            .find(|(entity, _)| tail.starts_with(entity))
            .unwrap_or_else(|| panic!("raw & in escaped text: {s:?}"));
        out.push(*ch);
        rest = &tail[entity.len()..];
    }
    out.push_str(rest);
    out
}

/// Reverses the backslash escapes of the data escapes: `\n`, `\r`, `\u{hex}`, and in cells
/// `\|` and `\\`. A backslash before anything else is a backslash from data (lines keep them).
fn unescape_backslashes(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 1..];
        let (ch, used) = match tail.chars().next() {
            Some('n') => ('\n', 1),
            Some('r') => ('\r', 1),
            Some('|') => ('|', 1),
            Some('`') => ('`', 1),
            Some('\\') => ('\\', 1),
            Some('u') if tail.starts_with("u{") => {
                let end = tail.find('}').expect("a closed \\u{");
                let code = u32::from_str_radix(&tail[2..end], 16).expect("hex");
                (char::from_u32(code).expect("a char"), end + 1)
            }
            _ => ('\\', 0),
        };
        out.push(ch);
        rest = &tail[used..];
    }
    out.push_str(rest);
    out
}

/// Whether `c` is a control the data escapes neutralise (tab is kept everywhere).
fn is_control(c: char) -> bool {
    (c.is_control() && c != '\t') || matches!(c, '\u{2028}' | '\u{2029}')
}

/// Every `&` starts one of the entities the escapes write.
fn ampersands_start_entities(s: &str) -> bool {
    s.match_indices('&').all(|(at, _)| {
        ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#x"]
            .iter()
            .any(|entity| s[at..].starts_with(entity))
    })
}

/// Whether `c` is `<` or a look-alike of it in a tag.
fn opens_a_tag(c: char) -> bool {
    c == '<' || escape::tag_bracket(c) == Some('<')
}

/// Whether `c` is `>` or a look-alike of it in a tag.
fn closes_a_tag(c: char) -> bool {
    c == '>' || escape::tag_bracket(c) == Some('>')
}

/// Strings rich in the characters that matter, plus arbitrary Unicode.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[&<>\"' a-z&;]{0,40}",
        "(&amp;|&lt;|<|>|\"|&|é|📊|x|＜|﹥|‹|〈|⟩|˂|𝈶|`|```){0,20}",
        "[a|\\\\\n\r\t\0\u{1b}\u{7f}\u{85}\u{9b}\u{a0}\u{2028}\u{2029}–<&＜＞‹›`]{0,40}",
        any::<String>(),
    ]
}

proptest! {
    #[test]
    fn attr_value_is_safe_and_reversible(s in text()) {
        let escaped = escape::attr_value(&s);
        prop_assert!(!escaped.contains(['"', '<', '>']));
        prop_assert!(!escaped.contains(opens_a_tag) && !escaped.contains(closes_a_tag));
        prop_assert!(ampersands_start_entities(&escaped));
        if !s.contains('\\') {
            prop_assert_eq!(unescape_backslashes(&unescape(&escaped)), s.clone());
        }
        let mut pushed = String::from("prefix");
        escape::push_attr_value(&mut pushed, &s);
        prop_assert_eq!(&pushed["prefix".len()..], &*escaped);
    }

    #[test]
    fn content_has_no_raw_less_than_and_is_reversible(s in text()) {
        let escaped = escape::content(&s);
        prop_assert!(!escaped.contains(opens_a_tag));
        prop_assert!(!escaped.contains("```"), "{:?}", escaped);
        prop_assert!(ampersands_start_entities(&escaped));
        if !s.contains('\\') {
            prop_assert_eq!(unescape_backslashes(&unescape(&escaped)), s.clone());
        }
        let mut pushed = String::new();
        escape::push_content(&mut pushed, &s);
        prop_assert_eq!(pushed.as_str(), &*escaped);
    }

    #[test]
    fn a_line_has_no_line_break_or_control_and_is_reversible_without_backslashes(s in text()) {
        let escaped = escape::line(&s);
        prop_assert!(!escaped.contains(opens_a_tag));
        prop_assert!(!escaped.chars().any(is_control), "{:?}", escaped);
        prop_assert!(ampersands_start_entities(&escaped));
        if !s.contains('\\') {
            prop_assert_eq!(unescape_backslashes(&unescape(&escaped)), s.clone());
        }
        let mut pushed = String::new();
        escape::push_line(&mut pushed, &s);
        prop_assert_eq!(pushed.as_str(), &*escaped);
    }

    #[test]
    fn a_ui_line_has_no_line_break_control_or_fence_and_is_reversible(s in text()) {
        let escaped = escape::ui_line(&s);
        prop_assert!(!escaped.contains(opens_a_tag));
        prop_assert!(!escaped.chars().any(is_control), "{:?}", escaped);
        prop_assert!(!escaped.contains("```"), "{:?}", escaped);
        if !s.contains('\\') {
            prop_assert_eq!(unescape_backslashes(&unescape(&escaped)), s.clone());
        }
        let mut pushed = String::new();
        escape::push_ui_line(&mut pushed, &s);
        prop_assert_eq!(pushed.as_str(), &*escaped);
    }

    #[test]
    fn an_echo_stays_on_its_line_in_text_and_attributes(s in text()) {
        let mut text = String::new();
        escape::push_echo(&mut text, &s);
        prop_assert_eq!(&text, &*escape::line(&s));
        let mut attr = String::new();
        escape::push_echo_attr(&mut attr, &s);
        prop_assert!(!attr.chars().any(is_control), "{:?}", attr);
        prop_assert!(!attr.contains(['"', '\'']) && !attr.contains(opens_a_tag) && !attr.contains(closes_a_tag));
        let echoed = escape::echo(&s);
        prop_assert!(!echoed.chars().any(is_control), "{:?}", echoed);
        // At most the cut's characters, each escaped to at most `\u{2029}`, then `…`.
        prop_assert!(echoed.chars().count() <= 8 * ECHO_MAX_CHARS + 1, "{:?}", echoed);
    }

    #[test]
    fn a_cell_has_no_border_line_break_or_control_and_is_reversible(s in text()) {
        let escaped = escape::cell(&s);
        prop_assert!(!escaped.chars().any(is_control), "{:?}", escaped);
        // Every `|` follows an odd run of backslashes: markdown reads it as text.
        for (at, _) in escaped.match_indices('|') {
            let run = escaped[..at].chars().rev().take_while(|c| *c == '\\').count();
            prop_assert!(run % 2 == 1, "{:?}", escaped);
        }
        prop_assert_eq!(unescape_backslashes(&unescape(&escaped)), s.clone());
        let mut pushed = String::new();
        escape::push_cell(&mut pushed, &s);
        prop_assert_eq!(pushed.as_str(), &*escaped);
    }

    #[test]
    fn content_and_attributes_carry_no_raw_control(s in text()) {
        let content = escape::content(&s);
        prop_assert!(!content.chars().any(|c| is_control(c) && c != '\n' && c != '\r'));
        let attr = escape::attr_value(&s);
        prop_assert!(!attr.chars().any(is_control), "{:?}", attr);
    }

    #[test]
    fn error_escapes_are_safe_and_reversible(s in text()) {
        let attr = escape::attr(&s);
        prop_assert!(!attr.contains(['"', '\'', '<', '>']));
        prop_assert!(!attr.contains(opens_a_tag) && !attr.contains(closes_a_tag));
        prop_assert!(ampersands_start_entities(&attr));
        prop_assert_eq!(unescape(&attr), s.clone());
        let xml = escape::xml(&s);
        prop_assert!(!xml.contains(opens_a_tag));
        prop_assert_eq!(unescape(&xml), s.clone());
    }

    // Escapes, not the characters: U+2329 and U+232A normalise to U+3008 and U+3009 in
    // editors that apply NFC, which silently dropped them from the class once.
    #[test]
    fn clean_text_is_borrowed(s in "[^&<>\"'`\\p{Cc}\u{2028}\u{2029}\u{ff1c}\u{ff1e}\u{fe64}\u{fe65}\u{2039}\u{203a}\u{2329}\u{232a}\u{3008}\u{3009}\u{fe3f}\u{fe40}\u{27e8}\u{27e9}\u{29fc}\u{29fd}\u{276c}\u{276d}\u{276e}\u{276f}\u{2770}\u{2771}\u{2c2}\u{2c3}\u{1438}\u{1433}\u{16b2}\u{16f3f}\u{1d236}\u{1d237}]{0,40}") {
        prop_assert!(matches!(escape::attr(&s), std::borrow::Cow::Borrowed(_)));
        prop_assert!(matches!(escape::content(&s), std::borrow::Cow::Borrowed(_)));
        prop_assert!(matches!(escape::line(&s), std::borrow::Cow::Borrowed(_)));
        prop_assert!(matches!(escape::ui_line(&s), std::borrow::Cow::Borrowed(_)));
        prop_assert!(matches!(escape::echo(&s), std::borrow::Cow::Borrowed(_)));
    }
}
