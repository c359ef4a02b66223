//! Tool arguments (wire format §12): typed parsing of a call's JSON arguments, field by field,
//! with every problem collected as a [`FieldIssue`] for one `<validation_error>`.
//!
//! Generated code implements [`FromArgument`] for the input structs and enums of a tool and calls
//! the helpers here; nothing goes through serde's error strings, so the agent reads the §12
//! wording (`You sent:` and a hint) whatever went wrong.
//!
//! The wording, decided here because upstream's comes from its own validator:
//!
//! - missing required field: `Required. You sent: (missing). Expected type: T.`
//! - wrong type: `Expected T, received U. You sent: X. Expected type: T.`
//! - invalid enum value: `Invalid enum value. You sent: 'x'. Valid options: 'a', 'b'.`
//! - unknown fields: one issue at the object's path (`(root)` at the top),
//!   `Unrecognized key(s) in object: 'x'. You sent: object. Remove or correct unrecognized fields: 'x'. Check for typos.`

use std::fmt;

pub use serde_json::{Map, Value};

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

impl fmt::Display for ArgPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgPath::Root => f.write_str("(root)"),
            ArgPath::Key(ArgPath::Root, key) => f.write_str(key),
            ArgPath::Index(ArgPath::Root, index) => write!(f, "{index}"),
            ArgPath::Key(parent, key) => write!(f, "{parent}.{key}"),
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
}

/// The JavaScript-style name of a value's type, for `received U`.
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
    issues.push(
        FieldIssue::new(
            path.to_string(),
            format!("Expected {expected}, received {}.", type_name(value)),
        )
        .sent(Some(value))
        .hint(Hint::ExpectedType(expected.to_owned())),
    );
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

impl FromArgument for i64 {
    const EXPECTED: &'static str = "integer";
    fn from_argument(
        value: &Value,
        path: &ArgPath<'_>,
        issues: &mut Vec<FieldIssue>,
    ) -> Option<Self> {
        // JavaScript clients cannot tell `5` from `5.0`; a whole float within range is an integer.
        const LIMIT: f64 = 9_223_372_036_854_775_808.0;
        match value {
            Value::Number(number) => match number.as_i64() {
                Some(integer) => Some(integer),
                None => match number.as_f64() {
                    Some(float) if float.fract() == 0.0 && float.abs() < LIMIT => {
                        Some(float as i64)
                    }
                    _ => {
                        issues.push(
                            FieldIssue::new(path.to_string(), "Expected integer, received float.")
                                .sent(Some(value))
                                .hint(Hint::ExpectedType(Self::EXPECTED.to_owned())),
                        );
                        None
                    }
                },
            },
            _ => wrong_type(value, Self::EXPECTED, path, issues),
        }
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

/// One issue listing every key of `map` that is not in `known` (in the order sent).
pub fn reject_unknown(
    map: &Map<String, Value>,
    known: &[&str],
    path: &ArgPath<'_>,
    issues: &mut Vec<FieldIssue>,
) {
    let unknown: Vec<String> = map
        .keys()
        .filter(|key| !known.contains(&key.as_str()))
        .cloned()
        .collect();
    if unknown.is_empty() {
        return;
    }
    let listed: Vec<String> = unknown.iter().map(|key| format!("'{key}'")).collect();
    let object = Value::Object(Map::new());
    issues.push(
        FieldIssue::new(
            path.to_string(),
            format!("Unrecognized key(s) in object: {}.", listed.join(", ")),
        )
        .sent(Some(&object))
        .hint(Hint::UnrecognizedFields(unknown)),
    );
}

/// A required field: a `Required.` issue when absent.
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
            issues.push(
                FieldIssue::new(path.to_string(), "Required.")
                    .sent(None)
                    .hint(Hint::ExpectedType(T::EXPECTED.to_owned())),
            );
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

/// A string enum value: one of `all` by its wire name, or an invalid-enum issue.
pub fn enum_value<T: Copy>(
    value: &Value,
    all: &[T],
    as_str: fn(T) -> &'static str,
    path: &ArgPath<'_>,
    issues: &mut Vec<FieldIssue>,
) -> Option<T> {
    let Value::String(text) = value else {
        return wrong_type(value, "string", path, issues);
    };
    if let Some(found) = all.iter().copied().find(|v| as_str(*v) == text) {
        return Some(found);
    }
    issues.push(
        FieldIssue::new(path.to_string(), "Invalid enum value.")
            .sent(Some(value))
            .hint(Hint::ValidOptions(
                all.iter().map(|v| as_str(*v).to_owned()).collect(),
            )),
    );
    None
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
