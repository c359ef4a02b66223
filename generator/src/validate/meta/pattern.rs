//! `patternProperties` patterns, compiled with the `regex` crate. It has no look-around, which
//! the meta-schema's vendor-extension pattern (`^x-(?!fusion)`) uses; a negative lookahead of a
//! literal that ends the pattern is rewritten into the alternation it stands for.

use regex::Regex;

/// Compiles an ECMA-262 pattern of the meta-schema, or says why it cannot.
pub(super) fn compile(pattern: &str) -> Result<Regex, String> {
    let rewritten = without_trailing_lookahead(pattern);
    Regex::new(rewritten.as_deref().unwrap_or(pattern))
        .map_err(|err| format!("pattern `{pattern}` does not compile: {err}"))
}

/// `prefix(?!word)` as `prefix(?:$|[^w]|w(?:$|[^o]|o(...)))`: after the prefix, the text ends or
/// departs from `word` before its end. Only the existence of a match matters to
/// `patternProperties`, so matching the departing character too changes nothing. `None` when
/// the pattern has no such ending (or the word is not plain letters, digits, `_` and `-`).
fn without_trailing_lookahead(pattern: &str) -> Option<String> {
    let body = pattern.strip_suffix(')')?;
    let (prefix, word) = body.rsplit_once("(?!")?;
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    if word.is_empty() || !word.chars().all(plain) {
        return None;
    }
    let characters: Vec<String> = word
        .chars()
        .map(|c| {
            if c == '-' {
                "\\-".to_owned()
            } else {
                c.to_string()
            }
        })
        .collect();
    let mut rest = String::new();
    for c in characters.iter().rev() {
        rest = if rest.is_empty() {
            format!("(?:$|[^{c}])")
        } else {
            format!("(?:$|[^{c}]|{c}{rest})")
        };
    }
    Some(format!("{prefix}{rest}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trailing_negative_lookahead_refuses_exactly_the_word() {
        let regex = compile("^x-(?!fusion)").unwrap();
        for accepted in ["x-", "x-rust-type", "x-f", "x-fusio", "x-fusiox", "x-go"] {
            assert!(regex.is_match(accepted), "{accepted}");
        }
        for refused in ["x-fusion", "x-fusion-name", "x-fusionx", "y-x-", "type"] {
            assert!(!regex.is_match(refused), "{refused}");
        }
    }

    #[test]
    fn other_look_around_is_refused() {
        assert!(compile("^(?=x)").is_err());
        assert!(compile("^x-(?!a.b)").is_err());
        assert!(compile("^a(?!b)c").is_err());
        assert!(compile("^[a-z]+$").unwrap().is_match("abc"));
    }
}
