//! `pattern` in tool arguments: an ECMAScript regular expression (what JSON Schema and upstream's
//! `new RegExp(source)` mean) run in the `regex` crate's syntax, by its engine's DFA.
//!
//! The two dialects share most syntax but not all of its meaning, so a pattern is translated, not
//! copied: JavaScript's `\d`, `\w`, `\b` are ASCII where the crate's are Unicode, its `\s` is a
//! fixed list, and its `.` stops at four line terminators, not one; each is spelled out. Syntax
//! whose meaning differs and cannot be spelled out (`\p{…}` is the letter `p` in JavaScript
//! without the `u` flag, inline flags, backreferences, lookaround, `[^]`) is refused: the
//! generator translates and compiles every pattern, so such a pattern is a located generation
//! error, never a surprise at run time. One difference stays: JavaScript without the `u` flag
//! matches UTF-16 code units, so `.` is half of an astral character (`^.$` rejects `😀`, which
//! the crate accepts as one character).
//!
//! A pattern runs as a DFA, built once within [`COMPILED_SIZE_BUDGET`]: a check is then one pass
//! over the argument, a table lookup per byte, whatever the pattern. The `regex` crate's own
//! engines are linear too, but with a factor of the pattern's size: a bounded repetition
//! (`.{500,2000}Q`) or a pattern whose DFA is exponential (`a[ab]{20}Q`) sends its search to
//! the PikeVM, at 0.2 to 45 µs per byte of the argument. A pattern whose DFA would exceed the
//! budget is refused when generating ([`compile`]), so no argument can make a check slow.

use std::sync::OnceLock;

use regex_automata::dfa::{Automaton, StartKind, dense};
use regex_automata::nfa::thompson;

/// The most memory a tool argument's `pattern` may take compiled, in bytes (1 MiB), as its NFA
/// and as its DFA. Measured (release build, `benches/pattern.rs`): within it the slowest patterns
/// check a 1 MiB argument in 2 ms (`.{753}Q`, the largest such repetition that fits) and 6 ms
/// (`a[ab]{13}Q`, whose DFA is exponential in the pattern), and the largest takes about half a
/// second to build, once, on first use. Realistic patterns are far inside it and build in
/// milliseconds: `^[a-zA-Z0-9_.-]{1,100}$` 7 KB, `^\d{4}-\d{2}-\d{2}$` 544 bytes, an email
/// shape 15 KB, `^.{1,255}$` 330 KB. Over it: `.{1000}Q`, `.{100,400}Q`, `a.{12}Q`,
/// `a[ab]{14}Q`, which the `regex` crate checked at 0.2 to 45 µs per byte.
pub const COMPILED_SIZE_BUDGET: usize = 1 << 20;

/// What determinization may use besides the DFA itself: it bounds the work spent on a pattern
/// that turns out to be over budget.
const DETERMINIZE_BUDGET: usize = 4 * COMPILED_SIZE_BUDGET;

/// JavaScript's `\s` (ECMA-262 WhiteSpace and LineTerminator), as the inside of a class.
const JS_SPACE: &str = "\\t\\n\\x0B\\x0C\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}";
/// JavaScript's `\w`, as the inside of a class.
const JS_WORD: &str = "0-9A-Za-z_";

/// The `regex` crate pattern that means what the ECMAScript pattern `source` means (read without
/// flags, as `new RegExp(source)` reads it), or why there is none. The result still has to
/// compile: the crate refuses what it does not support (lookaround, backreferences).
pub fn translate(source: &str) -> Result<String, String> {
    let mut out = String::with_capacity(source.len() + 16);
    let mut chars = source.chars().peekable();
    let mut in_class = false;
    let mut previous_dash = false;
    while let Some(c) = chars.next() {
        let dash = c == '-' && in_class;
        match c {
            '\\' => {
                let Some(escaped) = chars.next() else {
                    return Err("the pattern ends with a lone `\\`".into());
                };
                escape(escaped, in_class, &mut chars, &mut out)?;
            }
            '[' if !in_class => {
                in_class = true;
                out.push('[');
                if chars.peek() == Some(&'^') {
                    chars.next();
                    out.push('^');
                }
                if chars.peek() == Some(&']') {
                    return Err(
                        "`[]` and `[^]` (nothing, and any character, in JavaScript) have no regex crate equivalent; write `(?:)` or `[\\s\\S]`".into(),
                    );
                }
            }
            // In a class, JavaScript takes `[`, `&` and `~` literally; the crate nests classes
            // and reads `&&` and `~~` as set operations.
            '[' | '&' | '~' if in_class => {
                out.push('\\');
                out.push(c);
            }
            '-' if in_class && previous_dash => {
                return Err("`--` in a character class is a set difference in the regex crate; escape one `-`".into());
            }
            ']' if in_class => {
                in_class = false;
                out.push(']');
            }
            // Outside a class a lone `]` is literal in JavaScript.
            ']' => out.push_str("\\]"),
            '.' if !in_class => out.push_str("[^\\n\\r\\x{2028}\\x{2029}]"),
            '(' if !in_class && chars.peek() == Some(&'?') => {
                chars.next();
                match chars.peek() {
                    Some(':' | '=' | '!' | '<') => out.push_str("(?"),
                    _ => {
                        return Err("only `(?:`, `(?=`, `(?!` and `(?<` groups are JavaScript; inline flags such as `(?i)` are not".into());
                    }
                }
            }
            _ => out.push(c),
        }
        previous_dash = dash;
    }
    if in_class {
        return Err("a character class `[` is not closed".into());
    }
    Ok(out)
}

/// The translation of `\escaped`.
fn escape(
    escaped: char,
    in_class: bool,
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    out: &mut String,
) -> Result<(), String> {
    match (escaped, in_class) {
        ('d', false) => out.push_str("[0-9]"),
        ('D', false) => out.push_str("[^0-9]"),
        ('w', false) => {
            out.push('[');
            out.push_str(JS_WORD);
            out.push(']');
        }
        ('W', false) => {
            out.push_str("[^");
            out.push_str(JS_WORD);
            out.push(']');
        }
        ('s', false) => {
            out.push('[');
            out.push_str(JS_SPACE);
            out.push(']');
        }
        ('S', false) => {
            out.push_str("[^");
            out.push_str(JS_SPACE);
            out.push(']');
        }
        ('b', false) => out.push_str("(?-u:\\b)"),
        ('B', false) => out.push_str("(?-u:\\B)"),
        ('d', true) => out.push_str("0-9"),
        ('w', true) => out.push_str(JS_WORD),
        ('s', true) => out.push_str(JS_SPACE),
        // In a class, JavaScript's `\b` is the backspace character.
        ('b', true) => out.push_str("\\x08"),
        // A negated class nested in the class: the crate reads `[a[^b]]` as their union, which
        // is what JavaScript's `[a\S]` means (`[\s\S]`, any character, included).
        ('D', true) => out.push_str("[^0-9]"),
        ('W', true) => {
            out.push_str("[^");
            out.push_str(JS_WORD);
            out.push(']');
        }
        ('S', true) => {
            out.push_str("[^");
            out.push_str(JS_SPACE);
            out.push(']');
        }
        ('B', true) => {
            return Err(
                "`\\B` inside a character class has no regex crate equivalent; write the class another way".into(),
            );
        }
        ('n' | 'r' | 't' | 'f' | 'v', _) => {
            out.push('\\');
            out.push(escaped);
        }
        ('x', _) => {
            let digits =
                hex_digits(chars, 2).ok_or("`\\x` must be followed by two hex digits (`\\x41`)")?;
            out.push_str("\\x");
            out.push_str(&digits);
        }
        ('u', _) => {
            let digits = hex_digits(chars, 4)
                .ok_or("`\\u` must be followed by four hex digits (`\\u00e9`)")?;
            out.push_str("\\x{");
            out.push_str(&digits);
            out.push('}');
        }
        ('0', _) if !chars.peek().is_some_and(char::is_ascii_digit) => out.push_str("\\x00"),
        ('0'..='9', _) => {
            return Err(format!(
                "`\\{escaped}` (a backreference or an octal escape) is not supported by the regex crate"
            ));
        }
        ('p' | 'P', _) => {
            return Err(format!(
                "`\\{escaped}` is the letter `{escaped}` in JavaScript without the `u` flag, but a Unicode property in the regex crate; write the characters out"
            ));
        }
        (letter, _) if letter.is_ascii_alphabetic() => {
            return Err(format!(
                "`\\{letter}` has no meaning JavaScript and the regex crate share"
            ));
        }
        // Punctuation and any other character: itself, in both dialects.
        (other, _) => out.push_str(&regex::escape(other.encode_utf8(&mut [0; 4]))),
    }
    Ok(())
}

fn hex_digits(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    count: usize,
) -> Option<String> {
    let mut digits = String::with_capacity(count);
    for _ in 0..count {
        let digit = chars.next_if(char::is_ascii_hexdigit)?;
        digits.push(digit);
    }
    Some(digits)
}

/// `source` as JavaScript's `RegExp.prototype.source` prints it (ECMA-262
/// EscapeRegExpPattern, as V8 does it): `/` outside a class escaped, line terminators written as
/// escapes, the empty pattern `(?:)`. zod's message shows `/source/`.
pub fn js_source(source: &str) -> String {
    if source.is_empty() {
        return "(?:)".to_owned();
    }
    let mut out = String::with_capacity(source.len() + 2);
    let mut in_class = false;
    let mut escaped = false;
    for c in source.chars() {
        match c {
            '\n' => out.push_str(if escaped { "n" } else { "\\n" }),
            '\r' => out.push_str(if escaped { "r" } else { "\\r" }),
            '\u{2028}' => out.push_str(if escaped { "u2028" } else { "\\u2028" }),
            '\u{2029}' => out.push_str(if escaped { "u2029" } else { "\\u2029" }),
            '/' if !escaped && !in_class => out.push_str("\\/"),
            _ => out.push(c),
        }
        if !escaped {
            match c {
                '[' => in_class = true,
                ']' => in_class = false,
                _ => {}
            }
        }
        escaped = !escaped && c == '\\';
    }
    out
}

/// Why a translated pattern cannot be compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompileError {
    /// Compiled, it would take more than [`COMPILED_SIZE_BUDGET`].
    OverBudget,
    /// It is not a pattern the `regex` crate's syntax reads, or it uses what a DFA cannot run
    /// (a Unicode `\b`, which [`translate`] never writes): the reason.
    Invalid(String),
}

/// A translated pattern ([`translate`]) as a DFA that finds a match anywhere in a text.
#[derive(Debug, Clone)]
pub struct Compiled(dense::DFA<Vec<u32>>);

impl Compiled {
    /// Whether `text` has a match (anywhere, as `RegExp.prototype.test`).
    pub fn is_match(&self, text: &str) -> bool {
        let input = regex_automata::Input::new(text).earliest(true);
        // The DFA has no quit bytes and is searched unanchored, as built: it cannot fail.
        matches!(self.0.try_search_fwd(&input), Ok(Some(_)))
    }

    /// The memory the DFA takes, in bytes.
    pub fn memory_usage(&self) -> usize {
        self.0.memory_usage()
    }
}

/// Compiles the translation `rust` of a pattern within [`COMPILED_SIZE_BUDGET`]. The generator
/// calls it on every pattern it emits, so a pattern the runtime could not build is a located
/// generation error.
///
/// # Errors
/// When the pattern is over the budget, or is not one the `regex` crate's syntax reads.
pub fn compile(rust: &str) -> Result<Compiled, CompileError> {
    let nfa = thompson::Compiler::new()
        .configure(
            thompson::Config::new()
                .nfa_size_limit(Some(COMPILED_SIZE_BUDGET))
                .which_captures(thompson::WhichCaptures::None),
        )
        .build(rust)
        .map_err(|error| match error.size_limit() {
            Some(_) => CompileError::OverBudget,
            None => CompileError::Invalid(error.to_string()),
        })?;
    dense::Builder::new()
        .configure(
            dense::Config::new()
                .start_kind(StartKind::Unanchored)
                .dfa_size_limit(Some(COMPILED_SIZE_BUDGET))
                .determinize_size_limit(Some(DETERMINIZE_BUDGET)),
        )
        .build_from_nfa(&nfa)
        .map(Compiled)
        .map_err(|error| {
            if error.is_size_limit_exceeded() {
                CompileError::OverBudget
            } else {
                CompileError::Invalid(error.to_string())
            }
        })
}

/// A tool argument's `pattern`, compiled once, on first use.
#[derive(Debug)]
pub struct Pattern {
    /// How zod prints it: `/source/`.
    pub shown: &'static str,
    /// The translation ([`translate`]) the generator checked.
    rust: &'static str,
    compiled: OnceLock<Option<Compiled>>,
}

impl Pattern {
    /// A pattern whose translation is `rust` (checked to compile by the generator) and whose zod
    /// rendering is `shown`.
    pub const fn new(shown: &'static str, rust: &'static str) -> Self {
        Self {
            shown,
            rust,
            compiled: OnceLock::new(),
        }
    }

    /// Whether `text` has a match (anywhere, as `RegExp.prototype.test`). A translation that no
    /// longer compiles (a different `regex-automata` version than the generator's, or one the
    /// generator did not check) matches nothing, so the argument is refused rather than let
    /// through unchecked.
    pub fn is_match(&self, text: &str) -> bool {
        self.compiled
            .get_or_init(|| compile(self.rust).ok())
            .as_ref()
            .is_some_and(|regex| regex.is_match(text))
    }
}

/// Whether `key` matches one of `patterns`: the rule by which `patternProperties` keeps an
/// undeclared key of data (`record::Extra`).
pub(crate) fn matches_any(patterns: &[Pattern], key: &str) -> bool {
    patterns.iter().any(|pattern| pattern.is_match(key))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(source: &str, text: &str) -> bool {
        let translated = translate(source).expect("translates");
        let by_dfa = compile(&translated).expect("compiles").is_match(text);
        let by_regex = regex::Regex::new(&translated)
            .expect("compiles")
            .is_match(text);
        assert_eq!(by_dfa, by_regex, "{source} on {text:?}");
        by_dfa
    }

    #[test]
    fn realistic_patterns_are_within_the_budget_and_hostile_ones_are_not() {
        for source in [
            r"^[a-zA-Z0-9_.-]{1,100}$",
            r"^[A-Za-z0-9_.-]{1,100}/[A-Za-z0-9_.-]{1,100}$",
            r"^\d{4}-\d{2}-\d{2}$",
            r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$",
            "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
            r"^[^@\s]+@[^@\s]+\.[^@\s]+$",
            r"^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,63}$",
            "^.{1,255}$",
            ".{1,255}",
            r"\bcat\b",
        ] {
            let compiled = compile(&translate(source).expect("translates"));
            assert!(compiled.is_ok(), "{source}: {compiled:?}");
        }
        for source in [".{500,2000}Q", ".{100,400}Q", "a.{12}Q", "a[ab]{14}Q"] {
            assert_eq!(
                compile(&translate(source).expect("translates")).map(|_| ()),
                Err(CompileError::OverBudget),
                "{source}"
            );
        }
        assert!(matches!(compile("(a"), Err(CompileError::Invalid(_))));
    }

    /// A check within the budget is one pass over the argument: a 1 MiB argument that makes the
    /// `regex` crate's search fall back to its PikeVM (about 0.2 s in a release build for this
    /// pattern) is checked by the DFA in milliseconds. Debug builds are slower, so the bound is
    /// loose: it catches a fall back to a per-byte cost proportional to the pattern.
    #[test]
    fn a_check_within_the_budget_is_linear_in_the_argument() {
        let pattern = Pattern::new("/a[ab]{13}Q/", "a[ab]{13}Q");
        let mut seed = 7_u32;
        let text: String = (0..1 << 20)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                if seed & 1 == 0 { 'a' } else { 'b' }
            })
            .collect();
        assert!(!pattern.is_match("warm up: builds the DFA"));
        let start = std::time::Instant::now();
        assert!(!pattern.is_match(&text));
        let elapsed = start.elapsed();
        assert!(
            elapsed < std::time::Duration::from_millis(500),
            "{elapsed:?} for 1 MiB"
        );
    }

    #[test]
    fn javascript_classes_keep_their_javascript_meaning() {
        assert!(matches(r"^\d+$", "123"));
        assert!(
            !matches(r"^\d+$", "١٢٣"),
            "Arabic-Indic digits are not \\d in JS"
        );
        assert!(!matches(r"^\w+$", "é"));
        assert!(matches(r"^\s$", "\u{FEFF}"));
        assert!(!matches(r"^\s$", "\u{85}"));
        assert!(!matches("^.$", "\u{2028}"));
        assert!(matches("^.$", "é"));
        assert!(matches(r"^[\d.]+$", "1.5"));
        assert!(matches(r"^[a&&b]+$", "&&"));
        assert!(matches(r"^a\/b$", "a/b"));
        assert!(matches(r"^\u00e9\x41$", "éA"));
        assert!(matches(r"\bcat\b", "a cat"));
        assert!(matches(r"^[\b]$", "\u{8}"));
        // Negated classes inside a class (Box's `[\s\S]*?`, the usual "any character").
        assert!(matches(r"^[\s\S]+$", "a \n\u{2028}é"));
        assert!(matches(r"^[\S]+$", "é"));
        assert!(!matches(r"^[\S]$", "\u{FEFF}"));
        assert!(matches(r"^[^\S]$", "\u{FEFF}"));
        assert!(!matches(r"^[^\S]$", "a"));
        assert!(matches(r"^[a\D]+$", "xa"));
        assert!(!matches(r"^[a\D]$", "1"));
        assert!(matches(r"^[\W]$", "é"));
        assert!(!matches(r"^[^\W]$", "é"));
        assert!(matches(r"^[^\W]$", "_"));
    }

    #[test]
    fn syntax_with_another_meaning_is_refused() {
        for source in [
            r"\p{L}", "(?i)a", r"(a)\1", "[^]", "[]", r"\A", r"[\B]", "[a--b]", "a\\", "[a",
            r"\x4", r"\u12",
        ] {
            assert!(translate(source).is_err(), "{source}");
        }
    }

    #[test]
    fn sources_print_as_javascript_prints_them() {
        assert_eq!(js_source(""), "(?:)");
        assert_eq!(js_source("a/b"), r"a\/b");
        assert_eq!(js_source(r"a\/b"), r"a\/b");
        assert_eq!(js_source("[/]"), "[/]");
        assert_eq!(js_source("a\nb"), r"a\nb");
        assert_eq!(js_source("^a+$"), "^a+$");
    }
}
