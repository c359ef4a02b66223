//! Properties of the run-time value escapes (deviation §4/§5) and the error escapes (§12).

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

/// Every `&` starts one of the entities the escapes write.
fn ampersands_start_entities(s: &str) -> bool {
    s.match_indices('&').all(|(at, _)| {
        ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
            .iter()
            .any(|entity| s[at..].starts_with(entity))
    })
}

/// Strings rich in the characters that matter, plus arbitrary Unicode.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[&<>\"' a-z&;]{0,40}",
        "(&amp;|&lt;|<|>|\"|&|é|📊|x){0,20}",
        any::<String>(),
    ]
}

proptest! {
    #[test]
    fn attr_value_is_safe_and_reversible(s in text()) {
        let escaped = escape::attr_value(&s);
        prop_assert!(!escaped.contains(['"', '<', '>']));
        prop_assert!(ampersands_start_entities(&escaped));
        prop_assert_eq!(unescape(&escaped), s.clone());
        let mut pushed = String::from("prefix");
        escape::push_attr_value(&mut pushed, &s);
        prop_assert_eq!(&pushed["prefix".len()..], &*escaped);
    }

    #[test]
    fn content_has_no_raw_less_than_and_is_reversible(s in text()) {
        let escaped = escape::content(&s);
        prop_assert!(!escaped.contains('<'));
        prop_assert!(ampersands_start_entities(&escaped));
        prop_assert_eq!(unescape(&escaped), s.clone());
        let mut pushed = String::new();
        escape::push_content(&mut pushed, &s);
        prop_assert_eq!(pushed.as_str(), &*escaped);
    }

    #[test]
    fn error_escapes_are_safe_and_reversible(s in text()) {
        let attr = escape::attr(&s);
        prop_assert!(!attr.contains(['"', '\'', '<', '>']));
        prop_assert!(ampersands_start_entities(&attr));
        prop_assert_eq!(unescape(&attr), s.clone());
        let xml = escape::xml(&s);
        prop_assert!(!xml.contains('<'));
        prop_assert_eq!(unescape(&xml), s.clone());
    }

    #[test]
    fn clean_text_is_borrowed(s in "[^&<>\"']{0,40}") {
        prop_assert!(matches!(escape::attr(&s), std::borrow::Cow::Borrowed(_)));
        prop_assert!(matches!(escape::content(&s), std::borrow::Cow::Borrowed(_)));
    }
}
