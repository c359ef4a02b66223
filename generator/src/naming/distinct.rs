//! Distinct names for keys that convert to the same identifier.
//!
//! `+1` and `-1` both snake-case to `1`, `first-name` and `first_name` to `first_name`. Dropping or
//! merging one would lose a key on the wire, so every member of such a group is named from its
//! key *spelled out* (`plus_1`, `minus_1`; `first_dash_name`), and a name that still collides gets
//! the smallest free numeric suffix. The result depends only on the keys and their order.

use std::collections::HashSet;

/// One name to make distinct.
pub struct Candidate<'a> {
    /// The key or value as written.
    pub original: &'a str,
    /// The name the ordinary conversion gives it.
    pub name: String,
    /// Chosen by the author (`x-fusion-name`): never changed.
    pub fixed: bool,
}

/// A group of names two of which the author fixed to the same identifier.
pub struct FixedClash {
    /// Index of the second candidate with that name.
    pub index: usize,
    /// The original of the first.
    pub first: String,
}

/// Names for every candidate, pairwise distinct, and the clashes between fixed names (which
/// cannot be resolved: the author chose both).
/// Numbered names are `name_2` for snake_case ones and `Name2` for UpperCamelCase ones (a `_`
/// there would trip `non_camel_case_types`).
pub fn make_distinct(
    candidates: &[Candidate<'_>],
    spell: impl Fn(&str) -> String,
) -> (Vec<String>, Vec<FixedClash>) {
    let mut clashes = Vec::new();
    let mut counts = std::collections::HashMap::<&str, usize>::new();
    for candidate in candidates {
        *counts.entry(candidate.name.as_str()).or_default() += 1;
    }
    let mut names: Vec<String> = candidates
        .iter()
        .map(|c| {
            if c.fixed || counts[c.name.as_str()] == 1 {
                c.name.clone()
            } else {
                spell(c.original)
            }
        })
        .collect();
    let mut taken: HashSet<String> = HashSet::new();
    // Fixed names first: a converted name yields to one the author wrote.
    for (index, candidate) in candidates.iter().enumerate() {
        if candidate.fixed && !taken.insert(names[index].clone()) {
            let first = candidates
                .iter()
                .zip(&names)
                .find(|(c, n)| c.fixed && **n == names[index])
                .map(|(c, _)| c.original.to_owned())
                .unwrap_or_default();
            clashes.push(FixedClash { index, first });
        }
    }
    for (index, candidate) in candidates.iter().enumerate() {
        if candidate.fixed {
            continue;
        }
        if !taken.insert(names[index].clone()) {
            // `self_` (a keyword made an identifier) numbers as `self_2`, not `self__2`, which
            // `non_snake_case` rejects.
            let base = names[index].trim_end_matches('_').to_owned();
            let camel = base.starts_with(|c: char| c.is_uppercase());
            let numbered = |n: usize| {
                if camel {
                    format!("{base}{n}")
                } else {
                    format!("{base}_{n}")
                }
            };
            let mut n = 2;
            while taken.contains(&numbered(n)) {
                n += 1;
            }
            names[index] = numbered(n);
            taken.insert(names[index].clone());
        }
    }
    (names, clashes)
}

/// `key` with every character an identifier cannot hold spelled as a word (`+` → `plus`, a `-`
/// before a digit → `minus`, another `-` → `dash`), separated by spaces for the case conversion.
pub fn spelled(key: &str) -> String {
    let mut out = String::with_capacity(key.len() * 2);
    let mut chars = key.chars().peekable();
    while let Some(c) = chars.next() {
        let word = match c {
            c if c.is_alphanumeric() || c == '_' => {
                out.push(c);
                continue;
            }
            '-' if chars.peek().is_some_and(char::is_ascii_digit) => "minus",
            '-' => "dash",
            '+' => "plus",
            '.' => "dot",
            '@' => "at",
            '#' => "hash",
            '$' => "dollar",
            '%' => "percent",
            '&' => "and",
            '*' => "star",
            '/' => "slash",
            '\\' => "backslash",
            ':' => "colon",
            '!' => "bang",
            '?' => "question",
            '=' => "eq",
            '<' => "lt",
            '>' => "gt",
            '~' => "tilde",
            '^' => "caret",
            '|' => "pipe",
            ',' => "comma",
            ';' => "semicolon",
            '\'' => "quote",
            '"' => "dquote",
            '(' | ')' => "paren",
            '[' | ']' => "bracket",
            '{' | '}' => "brace",
            ' ' | '\t' => {
                out.push(' ');
                continue;
            }
            other => {
                out.push_str(&format!(" u{:x} ", other as u32));
                continue;
            }
        };
        out.push(' ');
        out.push_str(word);
        out.push(' ');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naming::value_name;

    fn converted(keys: &[&str]) -> Vec<String> {
        let candidates: Vec<Candidate<'_>> = keys
            .iter()
            .map(|k| Candidate {
                original: k,
                name: value_name(k, "field"),
                fixed: false,
            })
            .collect();
        make_distinct(&candidates, |k| value_name(&spelled(k), "field")).0
    }

    #[test]
    fn colliding_keys_are_spelled_out_and_others_keep_their_names() {
        assert_eq!(converted(&["+1", "-1", "id"]), ["plus_1", "minus_1", "id"]);
        assert_eq!(
            converted(&["first-name", "first_name"]),
            ["first_dash_name", "first_name"]
        );
        assert_eq!(converted(&["a b", "a_b", "aB"]), ["a_b", "a_b_2", "a_b_3"]);
    }

    #[test]
    fn a_fixed_name_wins_and_two_equal_fixed_names_clash() {
        let candidates = [
            Candidate {
                original: "x",
                name: "id".into(),
                fixed: false,
            },
            Candidate {
                original: "y",
                name: "id".into(),
                fixed: true,
            },
            Candidate {
                original: "z",
                name: "id".into(),
                fixed: true,
            },
        ];
        let (names, clashes) = make_distinct(&candidates, |k| k.to_owned());
        assert_eq!(names[1], "id");
        assert_eq!(names[0], "x");
        assert_eq!(clashes.len(), 1);
        assert_eq!((clashes[0].index, clashes[0].first.as_str()), (2, "y"));
    }
}
