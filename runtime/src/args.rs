//! Tool arguments (wire format §12): typed parsing of a call's JSON arguments, field by field,
//! with every problem collected as a [`FieldIssue`] for one `<validation_error>`.
//!
//! Generated code implements [`FromArgument`] for the input structs and enums of a tool and calls
//! the helpers here; nothing goes through serde's error strings.
//!
//! The wording is upstream's: MCP Fusion validates with a strict zod 4 object per action and
//! formats zod's issues with `core/execution/ValidationErrorFormatter.ts`, so each message here is
//! zod 4's English one (no final period) and each hint the formatter's (checked byte for byte
//! against `tests/fixtures/upstream/parity.json`):
//!
//! - wrong type, or a missing required field (`received undefined`):
//!   `Invalid input: expected T, received U You sent: X. Expected type: T.`
//! - an integer field given a fraction: `Invalid input: expected int, received number You sent: 1.5. Expected type: int.`;
//!   past JavaScript's safe integers: `Too big: expected int to be <=9007199254740991 You sent: 1e+300. Must be <= 9007199254740991.`
//! - a value outside an enum (also a non-string or a missing one):
//!   `Invalid option: expected one of "a"|"b" You sent: 'x'. Valid options: 'a', 'b'.`
//! - unknown fields: one issue at the object's path (`(root)` at the top), after the object's
//!   fields, `Unrecognized keys: "x", "y" You sent: (missing). Remove or correct unrecognized fields: 'x', 'y'. Check for typos.`

use std::fmt;

pub use serde_json::{Map, Value};

use crate::bounds::{Bounded, Bounds, Num};
use crate::echo;
use crate::validation::{FieldIssue, Hint};

/// Where a value sits in the arguments, written dotted (`items.0.note`); `(root)` for the
/// arguments object itself. Built on the stack while parsing and printed only for an issue.
#[derive(Debug, Clone, Copy)]
pub enum ArgPath<'a> {
    /// The arguments object.
    Root,
    /// A field of an object.
    Key(&'a ArgPath<'a>, &'a str),
    /// An element of an array.
    Index(&'a ArgPath<'a>, usize),
}

impl<'a> ArgPath<'a> {
    /// The path of field `key` below this one.
    pub fn key(&'a self, key: &'a str) -> ArgPath<'a> {
        ArgPath::Key(self, key)
    }

    /// The path of element `index` below this one.
    pub fn index(&'a self, index: usize) -> ArgPath<'a> {
        ArgPath::Index(self, index)
    }
}

/// A key is cut as every echo is ([`echo::cut`]): a map's keys are the caller's, as long as it
/// likes.
impl fmt::Display for ArgPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgPath::Root => f.write_str("(root)"),
            ArgPath::Key(ArgPath::Root, key) => f.write_str(&echo::cut(key)),
            ArgPath::Index(ArgPath::Root, index) => write!(f, "{index}"),
            ArgPath::Key(parent, key) => write!(f, "{parent}.{}", echo::cut(key)),
            ArgPath::Index(parent, index) => write!(f, "{parent}.{index}"),
        }
    }
}

/// A value that can be read from a tool's JSON arguments, reporting problems as field issues.
pub trait FromArgument: Sized {
    /// The JSON Schema type name, for `Expected type: T.`
    const EXPECTED: &'static str;

    /// Reads `value`; on a problem, pushes one or more issues and returns `None`.
    fn from_argument(
        value: &Value,
        path: &ArgPath<'_>,
        issues: &mut Vec<FieldIssue>,
    ) -> Option<Self>;

    /// Reports a required field that is absent; zod sees `undefined`, so by default this is the
    /// wrong-type issue with `received undefined`.
    fn missing(path: &ArgPath<'_>, issues: &mut Vec<FieldIssue>) {
        issues.push(type_issue(path, Self::EXPECTED, "undefined", None));
    }
}

/// zod's `invalid_type` issue as upstream formats it; `sent` is `None` for an absent value.
fn type_issue(
    path: &ArgPath<'_>,
    expected: &str,
    received: &str,
    sent: Option<&Value>,
) -> FieldIssue {
    FieldIssue::new(
        path.to_string(),
        format!("Invalid input: expected {expected}, received {received}"),
    )
    .sent(sent)
    .hint(Hint::ExpectedType(expected.to_owned()))
}

/// zod's name of a value's type, for `received U`.
pub fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Records a value of the wrong type and returns `None`, for `?`-style use in parsers.
pub fn wrong_type<T>(
    value: &Value,
    expected: &str,
    path: &ArgPath<'_>,
    issues: &mut Vec<FieldIssue>,
) -> Option<T> {
    issues.push(type_issue(path, expected, type_name(value), Some(value)));
    None
}

impl FromArgument for String {
    const EXPECTED: &'static str = "string";
    fn from_argument(
        value: &Value,
        path: &ArgPath<'_>,
        issues: &mut Vec<FieldIssue>,
    ) -> Option<Self> {
        match value {
            Value::String(text) => Some(text.clone()),
            _ => wrong_type(value, Self::EXPECTED, path, issues),
        }
    }
}

impl FromArgument for bool {
    const EXPECTED: &'static str = "boolean";
    fn from_argument(
        value: &Value,
        path: &ArgPath<'_>,
        issues: &mut Vec<FieldIssue>,
    ) -> Option<Self> {
        match value {
            Value::Bool(flag) => Some(*flag),
            _ => wrong_type(value, Self::EXPECTED, path, issues),
        }
    }
}

impl FromArgument for f64 {
    const EXPECTED: &'static str = "number";
    fn from_argument(
        value: &Value,
        path: &ArgPath<'_>,
        issues: &mut Vec<FieldIssue>,
    ) -> Option<Self> {
        match value.as_f64() {
            Some(number) => Some(number),
            None => wrong_type(value, Self::EXPECTED, path, issues),
        }
    }
}

/// zod's message for a fraction sent to `.int()`, the one issue that aborts later checks.
const INT_FRACTION: &str = "Invalid input: expected int, received number";

/// The largest integer zod's `.int()` accepts (`Number.MAX_SAFE_INTEGER`); upstream's `integer`
/// is `z.number().int()`.
const MAX_SAFE_INTEGER: i64 = 9_007_199_254_740_991;

impl FromArgument for i64 {
    // zod checks `number` first, so a wrong type names `number`, not `integer`.
    const EXPECTED: &'static str = "number";
    fn from_argument(
        value: &Value,
        path: &ArgPath<'_>,
        issues: &mut Vec<FieldIssue>,
    ) -> Option<Self> {
        let Value::Number(number) = value else {
            return wrong_type(value, Self::EXPECTED, path, issues);
        };
        // JavaScript clients cannot tell `5` from `5.0`, so a whole float is an integer; and
        // JavaScript reads every number as a double, so the bounds are checked on one.
        let float = number.as_f64().unwrap_or(f64::NAN);
        if let Some(integer) = number.as_i64().filter(|i| i.abs() <= MAX_SAFE_INTEGER) {
            return Some(integer);
        }
        if float.fract() != 0.0 || !float.is_finite() {
            let issue = type_issue(path, "int", "number", Some(value));
            debug_assert_eq!(issue.message, INT_FRACTION);
            issues.push(issue);
        } else if float > MAX_SAFE_INTEGER as f64 {
            issues.push(
                FieldIssue::new(
                    path.to_string(),
                    format!("Too big: expected int to be <={MAX_SAFE_INTEGER}"),
                )
                .sent(Some(value))
                .hint(Hint::Other(format!("Must be <= {MAX_SAFE_INTEGER}."))),
            );
        } else if float < -(MAX_SAFE_INTEGER as f64) {
            issues.push(
                FieldIssue::new(
                    path.to_string(),
                    format!("Too small: expected int to be >=-{MAX_SAFE_INTEGER}"),
                )
                .sent(Some(value))
                .hint(Hint::Other(format!("Must be >= -{MAX_SAFE_INTEGER}."))),
            );
        } else {
            return Some(float as i64);
        }
        None
    }
}

/// A nullable value: `null` is `None`.
impl<T: FromArgument> FromArgument for Option<T> {
    const EXPECTED: &'static str = T::EXPECTED;
    fn from_argument(
        value: &Value,
        path: &ArgPath<'_>,
        issues: &mut Vec<FieldIssue>,
    ) -> Option<Self> {
        match value {
            Value::Null => Some(None),
            _ => T::from_argument(value, path, issues).map(Some),
        }
    }

    fn missing(path: &ArgPath<'_>, issues: &mut Vec<FieldIssue>) {
        T::missing(path, issues);
    }
}

impl<T: FromArgument> FromArgument for Box<T> {
    const EXPECTED: &'static str = T::EXPECTED;
    fn from_argument(
        value: &Value,
        path: &ArgPath<'_>,
        issues: &mut Vec<FieldIssue>,
    ) -> Option<Self> {
        T::from_argument(value, path, issues).map(Box::new)
    }

    fn missing(path: &ArgPath<'_>, issues: &mut Vec<FieldIssue>) {
        T::missing(path, issues);
    }
}

/// Every element is read, so that one call reports every bad element at once.
impl<T: FromArgument> FromArgument for Vec<T> {
    const EXPECTED: &'static str = "array";
    fn from_argument(
        value: &Value,
        path: &ArgPath<'_>,
        issues: &mut Vec<FieldIssue>,
    ) -> Option<Self> {
        let Value::Array(elements) = value else {
            return wrong_type(value, Self::EXPECTED, path, issues);
        };
        let mut out = Vec::with_capacity(elements.len());
        let mut ok = true;
        for (index, element) in elements.iter().enumerate() {
            match T::from_argument(element, &path.index(index), issues) {
                Some(parsed) if ok => out.push(parsed),
                Some(_) => {}
                None => ok = false,
            }
        }
        ok.then_some(out)
    }
}

/// The object at `path`, or a wrong-type issue.
pub fn object<'v>(
    value: &'v Value,
    path: &ArgPath<'_>,
    issues: &mut Vec<FieldIssue>,
) -> Option<&'v Map<String, Value>> {
    match value {
        Value::Object(map) => Some(map),
        _ => wrong_type(value, "object", path, issues),
    }
}

/// One issue listing every key of `map` that is not in `known` (in the order sent). Call it after
/// the object's fields are read: zod reports unrecognized keys last.
///
/// The keys are the caller's: each is cut to [`echo::ECHO_MAX_CHARS`] characters and the list
/// to [`echo::MAX_LISTED`] names (wire format §12, Echoes).
pub fn reject_unknown(
    map: &Map<String, Value>,
    known: &[&str],
    path: &ArgPath<'_>,
    issues: &mut Vec<FieldIssue>,
) {
    let unknown: Vec<String> = map
        .keys()
        .filter(|key| !known.contains(&key.as_str()))
        .map(|key| echo::cut(key).into_owned())
        .collect();
    if unknown.is_empty() {
        return;
    }
    let mut message = String::from(if unknown.len() == 1 {
        "Unrecognized key: "
    } else {
        "Unrecognized keys: "
    });
    echo::push_capped(&mut message, &unknown, ", ", |out, key| {
        crate::json::escape_str_into(out, key);
    });
    // Upstream looks the value up by the issue's path and finds nothing at the root (an empty
    // path), so the arguments object itself reads `(missing)`; a nested object is itself.
    let issue = FieldIssue::new(path.to_string(), message);
    let issue = match path {
        ArgPath::Root => issue.sent(None),
        _ => issue.sent_object(map),
    };
    issues.push(issue.hint(Hint::UnrecognizedFields(unknown)));
}

/// Appends each string JSON-quoted, as zod's `joinValues` does, separated by `separator`.
fn push_joined_json<S: AsRef<str>>(out: &mut String, items: &[S], separator: &str) {
    for (index, item) in items.iter().enumerate() {
        if index > 0 {
            out.push_str(separator);
        }
        crate::json::escape_str_into(out, item.as_ref());
    }
}

/// A required field: the type's [`FromArgument::missing`] issue when absent.
pub fn required<T: FromArgument>(
    map: &Map<String, Value>,
    key: &str,
    path: &ArgPath<'_>,
    issues: &mut Vec<FieldIssue>,
) -> Option<T> {
    let path = path.key(key);
    match map.get(key) {
        Some(value) => T::from_argument(value, &path, issues),
        None => {
            T::missing(&path, issues);
            None
        }
    }
}

/// An optional field: `Some(None)` when absent, `None` when present and invalid.
pub fn optional<T: FromArgument>(
    map: &Map<String, Value>,
    key: &str,
    path: &ArgPath<'_>,
    issues: &mut Vec<FieldIssue>,
) -> Option<Option<T>> {
    match map.get(key) {
        Some(value) => T::from_argument(value, &path.key(key), issues).map(Some),
        None => Some(None),
    }
}

/// A required field with bounds (`minimum`, `maxLength`, `pattern`, …): read as
/// [`required`] reads it, then checked against `bounds`.
pub fn required_bounded<T: FromArgument + Bounded>(
    map: &Map<String, Value>,
    key: &str,
    bounds: &Bounds,
    path: &ArgPath<'_>,
    issues: &mut Vec<FieldIssue>,
) -> Option<T> {
    let path = path.key(key);
    match map.get(key) {
        Some(value) => read_bounded(value, bounds, &path, issues),
        None => {
            T::missing(&path, issues);
            None
        }
    }
}

/// `minProperties` and `maxProperties` of an object read as a struct: the keys it holds,
/// declared and undeclared together (at the root, `action` and `_select` are the tool's, not
/// the input's, and do not count). zod has no such check; the wording follows its size checks
/// (`Too big: expected object to have <=8 properties`).
pub fn check_property_count(
    map: &Map<String, Value>,
    min: Option<u64>,
    max: Option<u64>,
    path: &ArgPath<'_>,
    issues: &mut Vec<FieldIssue>,
) {
    let tool_keys = match path {
        ArgPath::Root => ["action", "_select"]
            .iter()
            .filter(|key| map.contains_key(**key))
            .count(),
        _ => 0,
    };
    let count = (map.len() - tool_keys) as u64;
    let (word, sign, limit, hint) = match (min, max) {
        (Some(min), _) if count < min => ("Too small", ">=", min, "Minimum"),
        (_, Some(max)) if count > max => ("Too big", "<=", max, "Maximum"),
        _ => return,
    };
    let plural = if limit == 1 { "y" } else { "ies" };
    issues.push(
        FieldIssue::new(
            path.to_string(),
            format!("{word}: expected object to have {sign}{limit} propert{plural}"),
        )
        .sent_object(map)
        .hint(Hint::Other(format!("{hint} {limit} propert{plural}.")))
        .continuing(),
    );
}

/// An optional field with bounds: [`optional`], then checked as [`required_bounded`] checks.
pub fn optional_bounded<T: FromArgument + Bounded>(
    map: &Map<String, Value>,
    key: &str,
    bounds: &Bounds,
    path: &ArgPath<'_>,
    issues: &mut Vec<FieldIssue>,
) -> Option<Option<T>> {
    match map.get(key) {
        Some(value) => read_bounded(value, bounds, &path.key(key), issues).map(Some),
        None => Some(None),
    }
}

/// Reads `value`, then checks its bounds; `None` if either found a problem.
fn read_bounded<T: FromArgument + Bounded>(
    value: &Value,
    bounds: &Bounds,
    path: &ArgPath<'_>,
    issues: &mut Vec<FieldIssue>,
) -> Option<T> {
    let before = issues.len();
    let read = T::from_argument(value, path, issues);
    match &read {
        Some(read) => read.check_bounds(value, bounds, &path.to_string(), issues),
        // zod goes on checking after most refusals. A fraction for an integer aborts (its issue
        // is `continue: false`, and zod skips every later check); otherwise, a whole number its
        // integer type refused (past its range: that issue does not abort) still meets
        // `.min()`/`.max()`, and a value with a `length` (a string or an array, whatever the
        // field's type) still meets the length checks, which zod runs on anything with a length.
        None if !issues[before..].iter().any(is_abort) => {
            let at = path.to_string();
            if let Value::Number(number) = value
                && let Some(float) = number
                    .as_f64()
                    .filter(|f| f.is_finite() && f.fract() == 0.0)
            {
                bounds.check_number(Num::Float(float), value, &at, issues);
            }
            bounds.check_sized(value, &at, issues);
        }
        None => {}
    }
    read.filter(|_| issues.len() == before)
}

/// Whether zod would stop checking after this issue: only `.int()` on a fraction says
/// `continue: false` among the issues the readers report.
fn is_abort(issue: &FieldIssue) -> bool {
    issue.message == INT_FRACTION
}

/// A string enum value: one of `all` by its wire name, or zod's `invalid_value` issue (for any
/// other value, a string or not).
pub fn enum_value<T: Copy>(
    value: &Value,
    all: &[T],
    as_str: fn(T) -> &'static str,
    path: &ArgPath<'_>,
    issues: &mut Vec<FieldIssue>,
) -> Option<T> {
    if let Value::String(text) = value
        && let Some(found) = all.iter().copied().find(|v| as_str(*v) == text)
    {
        return Some(found);
    }
    issues.push(enum_issue(Some(value), all, as_str, path));
    None
}

/// A required enum field that is absent: zod's `invalid_value` issue too, `You sent: (missing)`.
pub fn enum_missing<T: Copy>(
    all: &[T],
    as_str: fn(T) -> &'static str,
    path: &ArgPath<'_>,
    issues: &mut Vec<FieldIssue>,
) {
    issues.push(enum_issue(None, all, as_str, path));
}

fn enum_issue<T: Copy>(
    sent: Option<&Value>,
    all: &[T],
    as_str: fn(T) -> &'static str,
    path: &ArgPath<'_>,
) -> FieldIssue {
    let names: Vec<&str> = all.iter().map(|v| as_str(*v)).collect();
    // zod's en locale: one value is "expected X", several "expected one of X|Y".
    let mut message = String::from(if names.len() == 1 {
        "Invalid input: expected "
    } else {
        "Invalid option: expected one of "
    });
    push_joined_json(&mut message, &names, "|");
    let issue = FieldIssue::new(path.to_string(), message);
    let issue = if names.len() > 1 {
        issue.repeat_message("Invalid option: expected one of the options above")
    } else {
        issue
    };
    issue.sent(sent).hint(Hint::ValidOptions(
        names.iter().map(|name| (*name).to_owned()).collect(),
    ))
}

/// An object type read field by field: the top level of a tool's arguments (where `action` and
/// `_select` sit beside the fields) and, through [`FromArgument`], nested objects.
pub trait FromFields: Sized {
    /// The declared keys, in schema order.
    const KEYS: &'static [&'static str];

    /// Reads every declared field of `map` (unknown keys are the caller's business), reporting
    /// every problem before giving up.
    fn from_fields(
        map: &Map<String, Value>,
        path: &ArgPath<'_>,
        issues: &mut Vec<FieldIssue>,
    ) -> Option<Self>;
}

/// Reads an object argument as `T`'s fields (wire format §12): an object, its fields, then
/// (unless `T` keeps undeclared keys, `catchall`) one issue naming the keys it does not declare,
/// after the fields' own, as zod reports them. What a generated struct's `FromArgument` does.
pub fn object_argument<T: FromFields>(
    value: &Value,
    path: &ArgPath<'_>,
    issues: &mut Vec<FieldIssue>,
    catchall: bool,
) -> Option<T> {
    let map = object(value, path, issues)?;
    let parsed = T::from_fields(map, path, issues);
    if !catchall {
        reject_unknown(map, T::KEYS, path, issues);
    }
    parsed
}

/// `Deserialize` of a generated argument struct: the value read as [`FromArgument`] reads a
/// tool call's, so that `serde_json::from_value` and a call accept and refuse the same input
/// (unknown keys and bounds included) and a struct carries one reader, not a second one derived
/// by serde (at vendor scale, serde's reader of 1,600 input structs was the larger part of a
/// crate's compile time). Every issue is in the error, `path: message`, one per line.
///
/// # Errors
/// The deserializer's error, or a custom one listing every issue of the value.
pub fn deserialize_argument<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: FromArgument,
    D: serde::Deserializer<'de>,
{
    let value = <Value as serde::Deserialize>::deserialize(deserializer)?;
    let mut issues = Vec::new();
    match T::from_argument(&value, &ArgPath::Root, &mut issues) {
        Some(parsed) if issues.is_empty() => Ok(parsed),
        _ => {
            let listed: Vec<String> = issues
                .iter()
                .map(|issue| format!("{}: {}", issue.path, issue.message))
                .collect();
            Err(<D::Error as serde::de::Error>::custom(listed.join("\n")))
        }
    }
}

/// `FromArgument` of a generated struct through its `FromFields` (`catchall` when it keeps
/// undeclared keys), with `deserialize` its `Deserialize` too ([`deserialize_argument`]), or of
/// a generated string enum through its table: one line of generated code for what every
/// argument type has alike.
#[macro_export]
#[doc(hidden)]
macro_rules! __argument {
    (struct $ty:ty) => {
        $crate::__argument!(@object $ty, false);
    };
    (struct $ty:ty, catchall) => {
        $crate::__argument!(@object $ty, true);
    };
    (deserialize struct $ty:ty $(, $catchall:ident)?) => {
        $crate::__argument!(struct $ty $(, $catchall)?);
        impl<'de> $crate::__private::serde::Deserialize<'de> for $ty {
            fn deserialize<D_: $crate::__private::serde::Deserializer<'de>>(
                deserializer: D_,
            ) -> ::core::result::Result<Self, D_::Error> {
                $crate::__private::args::deserialize_argument(deserializer)
            }
        }
    };
    (@object $ty:ty, $catchall:literal) => {
        impl $crate::__private::args::FromArgument for $ty {
            const EXPECTED: &'static str = "object";
            fn from_argument(
                value: &$crate::__private::args::Value,
                path: &$crate::__private::args::ArgPath<'_>,
                issues: &mut ::std::vec::Vec<$crate::FieldIssue>,
            ) -> ::core::option::Option<Self> {
                $crate::__private::args::object_argument(value, path, issues, $catchall)
            }
        }
    };
    (enum $ty:ty) => {
        impl $crate::__private::args::FromArgument for $ty {
            const EXPECTED: &'static str = "string";
            fn from_argument(
                value: &$crate::__private::args::Value,
                path: &$crate::__private::args::ArgPath<'_>,
                issues: &mut ::std::vec::Vec<$crate::FieldIssue>,
            ) -> ::core::option::Option<Self> {
                $crate::__private::args::enum_value(value, &Self::ALL, Self::as_str, path, issues)
            }
            fn missing(
                path: &$crate::__private::args::ArgPath<'_>,
                issues: &mut ::std::vec::Vec<$crate::FieldIssue>,
            ) {
                $crate::__private::args::enum_missing(&Self::ALL, Self::as_str, path, issues);
            }
        }
    };
}
