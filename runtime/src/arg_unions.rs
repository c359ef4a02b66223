//! Unions and maps in tool arguments (wire format §12), as zod reads them:
//!
//! - a union tried in order is `z.union([...])`: the first branch that reads the value without an
//!   issue wins; when every branch fails, the one branch that failed only on refinements (a bound:
//!   [`FieldIssue::continues`]) reports its issues, and otherwise the union reports one
//!   `Invalid input` issue (the formatter's hint: `Value didn't match any of the expected
//!   formats.`);
//! - an internally tagged union is `z.discriminatedUnion(key, [...])`: a tag no branch has (or
//!   none) is `Invalid discriminator value. Expected 'a' | 'b'` at the tag's path, and otherwise
//!   the branch it names reports as itself;
//! - `additionalProperties: <schema>` is `.catchall(schema)`: the undeclared keys of the object
//!   are read with the schema after the declared ones, each issue at its key's path.
//!
//! Checked byte for byte against upstream in `tests/fixtures/upstream/unions.json`.

use indexmap::IndexMap;

use crate::args::{ArgPath, FromArgument, Map, Value};
use crate::validation::{FieldIssue, Hint};

/// How one branch of a union reads a value.
pub type Branch<'b, T> = &'b dyn Fn(&Value, &ArgPath<'_>, &mut Vec<FieldIssue>) -> Option<T>;

/// The formatter's hint for every `invalid_union` issue.
const UNION_HINT: &str = "Value didn't match any of the expected formats.";

/// Reads `value` with the first branch that takes it without an issue, as `z.union` does.
pub fn first_branch<T>(
    value: &Value,
    path: &ArgPath<'_>,
    issues: &mut Vec<FieldIssue>,
    branches: &[Branch<'_, T>],
) -> Option<T> {
    let mut failures: Vec<Vec<FieldIssue>> = Vec::with_capacity(branches.len());
    for branch in branches {
        let mut own = Vec::new();
        match branch(value, path, &mut own) {
            Some(read) if own.is_empty() => return Some(read),
            _ => failures.push(own),
        }
    }
    let mut refined = failures
        .into_iter()
        .filter(|own| own.iter().all(|issue| issue.continues));
    match (refined.next(), refined.next()) {
        (Some(only), None) => issues.extend(only),
        _ => issues.push(union_issue(Some(value), path)),
    }
    None
}

/// A required union field that is absent: every branch sees `undefined` and refuses it.
pub fn union_missing(path: &ArgPath<'_>, issues: &mut Vec<FieldIssue>) {
    issues.push(union_issue(None, path));
}

fn union_issue(sent: Option<&Value>, path: &ArgPath<'_>) -> FieldIssue {
    FieldIssue::new(path.to_string(), "Invalid input")
        .sent(sent)
        .hint(Hint::Other(UNION_HINT.to_owned()))
}

/// The branch `map`'s `tag` names, as an index into `tags`; or the discriminator issue at the
/// tag's path (its value as sent, `(missing)` when absent).
pub fn discriminator(
    map: &Map<String, Value>,
    tag: &str,
    tags: &[&str],
    path: &ArgPath<'_>,
    issues: &mut Vec<FieldIssue>,
) -> Option<usize> {
    let sent = map.get(tag);
    if let Some(Value::String(text)) = sent
        && let Some(branch) = tags.iter().position(|t| t == text)
    {
        return Some(branch);
    }
    // zod's en locale quotes each option in single quotes, unescaped.
    let mut message = String::from("Invalid discriminator value. Expected ");
    for (i, option) in tags.iter().enumerate() {
        if i > 0 {
            message.push_str(" | ");
        }
        message.push('\'');
        message.push_str(option);
        message.push('\'');
    }
    issues.push(
        FieldIssue::new(path.key(tag).to_string(), message)
            .sent(sent)
            .hint(Hint::Other(UNION_HINT.to_owned())),
    );
    None
}

/// The keys of `map` not in `declared`, each read as a `T` at its own path, in the order sent.
/// Every value is read, so that one call reports every bad one.
pub fn extra_keys<T: FromArgument>(
    map: &Map<String, Value>,
    declared: &[&str],
    path: &ArgPath<'_>,
    issues: &mut Vec<FieldIssue>,
) -> Option<IndexMap<String, T>> {
    let mut out = IndexMap::new();
    let mut ok = true;
    for (key, value) in map {
        if declared.contains(&key.as_str()) {
            continue;
        }
        match T::from_argument(value, &path.key(key), issues) {
            Some(read) if ok => {
                out.insert(key.clone(), read);
            }
            Some(_) => {}
            None => ok = false,
        }
    }
    ok.then_some(out)
}
