//! JSON Schema bounds on tool arguments (wire format §12): `minimum`, `maximum`,
//! `exclusiveMinimum`, `exclusiveMaximum`, `minLength`, `maxLength`, `pattern`, `minItems`,
//! `maxItems`, `uniqueItems`, and a string's `format` (see [`crate::formats`]), checked on a
//! value its type accepted.
//!
//! Each failed bound is one issue, worded as zod 4 words the check upstream would declare
//! (`.min()`, `.gt()`, `.max()`, `.lt()`, `.regex()` on `z.number()`, `z.string()`, `z.array()`)
//! and hinted as upstream's `ValidationErrorFormatter` hints it:
//!
//! - `Too small: expected number to be >=1 You sent: 0. Must be >= 1.` (`>` for an exclusive bound)
//! - `Too big: expected string to have <=10 characters You sent: '…'. Maximum length: 10 characters.`
//! - `Too small: expected array to have >=1 items You sent: array(0). Minimum 1 item.`
//! - `Invalid string: must match pattern /^a+$/ You sent: 'b'. Value does not match the required pattern.`
//!
//! zod runs every check of a value in declaration order and reports each that fails, so the
//! issues of one value come in this order: minimum, exclusiveMinimum, maximum, exclusiveMaximum;
//! minLength, maxLength, pattern; minItems, maxItems, uniqueItems (which zod has not: ours).
//! Lengths are UTF-16 code units, JavaScript's `length`. Integer bounds compare exactly, with no
//! rounding through `f64`.

use std::cmp::Ordering;
use std::collections::HashMap;

use serde_json::Value;

use crate::formats::Format;
use crate::number;
use crate::pattern::Pattern;
use crate::validation::{FieldIssue, Hint};

/// A numeric bound as the schema wrote it: an integer (compared exactly) or any other number.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Limit {
    /// An integer bound.
    Int(i128),
    /// A bound with a fraction or an exponent.
    Float(f64),
}

impl Limit {
    fn write(self, out: &mut String) {
        match self {
            Limit::Int(i) => number::write_i128(out, i),
            Limit::Float(f) => number::write_f64(out, f),
        }
    }
}

/// The bounds of one argument field; [`Bounds::none`] checks nothing.
#[derive(Debug)]
pub struct Bounds {
    /// `minimum`.
    pub minimum: Option<Limit>,
    /// `exclusiveMinimum`.
    pub exclusive_minimum: Option<Limit>,
    /// `maximum`.
    pub maximum: Option<Limit>,
    /// `exclusiveMaximum`.
    pub exclusive_maximum: Option<Limit>,
    /// `minLength`, in UTF-16 code units.
    pub min_length: Option<u64>,
    /// `maxLength`, in UTF-16 code units.
    pub max_length: Option<u64>,
    /// A `format` zod checks (`date-time`, `email`, …).
    pub format: Option<Format>,
    /// `pattern`.
    pub pattern: Option<Pattern>,
    /// `minItems`.
    pub min_items: Option<u64>,
    /// `maxItems`.
    pub max_items: Option<u64>,
    /// `uniqueItems: true`.
    pub unique_items: bool,
}

impl Bounds {
    /// No bound (a function, not a constant: a [`Pattern`] caches its compiled form).
    pub const fn none() -> Bounds {
        Bounds {
            minimum: None,
            exclusive_minimum: None,
            maximum: None,
            exclusive_maximum: None,
            min_length: None,
            max_length: None,
            format: None,
            pattern: None,
            min_items: None,
            max_items: None,
            unique_items: false,
        }
    }

    /// Checks the numeric bounds on a number as JavaScript holds it: for a whole number outside
    /// the range its integer type takes, zod still runs `.min()`/`.max()` after the range issue
    /// (that issue does not abort), so the reader calls this with the double it was sent.
    pub fn check_number(&self, value: Num, sent: &Value, path: &str, issues: &mut Vec<FieldIssue>) {
        let checks = [
            (self.minimum, true, Ordering::Less, true),
            (self.exclusive_minimum, false, Ordering::Less, true),
            (self.maximum, true, Ordering::Greater, false),
            (self.exclusive_maximum, false, Ordering::Greater, false),
        ];
        for (limit, inclusive, wrong, small) in checks {
            let Some(limit) = limit else { continue };
            let order = value.compare(limit);
            if order == wrong || (!inclusive && order == Ordering::Equal) {
                issues.push(number_issue(limit, inclusive, small, sent, path));
            }
        }
    }

    /// Checks `minLength`/`maxLength` or `minItems`/`maxItems` (a field has one pair) on the
    /// length of `sent`, whatever it is that has a JavaScript `length`: zod's length checks run
    /// on any value with a `length` unless an issue aborted (a string field sent an array is
    /// measured as an array, `Too big: expected array to have <=1 items`).
    pub fn check_sized(&self, sent: &Value, path: &str, issues: &mut Vec<FieldIssue>) {
        let min = self.min_length.or(self.min_items);
        let max = self.max_length.or(self.max_items);
        if min.is_none() && max.is_none() {
            return;
        }
        let (origin, length) = match sent {
            Value::String(text) => ("string", text.chars().map(char::len_utf16).sum::<usize>()),
            Value::Array(items) => ("array", items.len()),
            _ => return,
        };
        let length = length as u64;
        if let Some(min) = min.filter(|min| length < *min) {
            issues.push(size_issue(origin, min, true, sent, path));
        }
        if let Some(max) = max.filter(|max| length > *max) {
            issues.push(size_issue(origin, max, false, sent, path));
        }
    }

    /// Checks the pattern of a string.
    pub fn check_pattern(
        &self,
        text: &str,
        sent: &Value,
        path: &str,
        issues: &mut Vec<FieldIssue>,
    ) {
        if let Some(pattern) = &self.pattern
            && !pattern.is_match(text)
        {
            issues.push(
                FieldIssue::new(
                    path,
                    format!("Invalid string: must match pattern {}", pattern.shown),
                )
                .sent(Some(sent))
                .hint(Hint::Other(
                    "Value does not match the required pattern.".into(),
                ))
                .continuing(),
            );
        }
    }

    /// Checks `uniqueItems` on an array, `sent` (its elements as sent).
    pub fn check_unique(&self, sent: &Value, path: &str, issues: &mut Vec<FieldIssue>) {
        let Value::Array(items) = sent else { return };
        if self.unique_items
            && let Some((first, again)) = first_duplicate(items)
        {
            issues.push(
                FieldIssue::new(
                    path,
                    format!("Invalid array: must contain unique items, items {first} and {again} are equal"),
                )
                .sent(Some(sent))
                .hint(Hint::Other("Remove the duplicate items.".into()))
                .continuing(),
            );
        }
    }
}

/// A number read from the arguments, for the comparison with a [`Limit`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Num {
    /// An integer, exact.
    Int(i128),
    /// A double.
    Float(f64),
}

impl Num {
    fn compare(self, limit: Limit) -> Ordering {
        match (self, limit) {
            (Num::Int(v), Limit::Int(l)) => v.cmp(&l),
            (Num::Float(v), Limit::Float(l)) => v.partial_cmp(&l).unwrap_or(Ordering::Equal),
            (Num::Int(v), Limit::Float(l)) => int_float(v, l),
            (Num::Float(v), Limit::Int(l)) => int_float(l, v).reverse(),
        }
    }
}

/// `int` against `float`, exactly: the float is never rounded to an integer or back.
fn int_float(int: i128, float: f64) -> Ordering {
    // Past ±2^127 every i128 is on one side; NaN cannot come from JSON.
    const EDGE: f64 = 170_141_183_460_469_231_731_687_303_715_884_105_728.0;
    if float >= EDGE {
        return Ordering::Less;
    }
    if float < -EDGE {
        return Ordering::Greater;
    }
    let floor = float.floor();
    // `floor` is whole and in range, so the cast is exact.
    match int.cmp(&(floor as i128)) {
        Ordering::Equal if floor < float => Ordering::Less,
        order => order,
    }
}

/// A type whose value has bounds to check once it is read (its reader accepted it).
pub trait Bounded {
    /// Pushes an issue for each bound `self` breaks; `sent` is the JSON it was read from.
    fn check_bounds(&self, sent: &Value, bounds: &Bounds, path: &str, issues: &mut Vec<FieldIssue>);
}

impl Bounded for String {
    fn check_bounds(
        &self,
        sent: &Value,
        bounds: &Bounds,
        path: &str,
        issues: &mut Vec<FieldIssue>,
    ) {
        // `z.fromJSONSchema` puts the format's check before the length and pattern checks.
        if let Some(format) = bounds.format {
            format.check(self, sent, path, issues);
        }
        bounds.check_sized(sent, path, issues);
        bounds.check_pattern(self, sent, path, issues);
    }
}

impl Bounded for f64 {
    fn check_bounds(
        &self,
        sent: &Value,
        bounds: &Bounds,
        path: &str,
        issues: &mut Vec<FieldIssue>,
    ) {
        bounds.check_number(Num::Float(*self), sent, path, issues);
    }
}

macro_rules! bounded_integers {
    ($($ty:ty),*) => {$(
        impl Bounded for $ty {
            fn check_bounds(&self, sent: &Value, bounds: &Bounds, path: &str, issues: &mut Vec<FieldIssue>) {
                bounds.check_number(Num::Int(i128::from(*self)), sent, path, issues);
            }
        }
    )*};
}

bounded_integers!(i8, i16, i32, i64, u8, u16, u32, u64);

impl<T> Bounded for Vec<T> {
    fn check_bounds(
        &self,
        sent: &Value,
        bounds: &Bounds,
        path: &str,
        issues: &mut Vec<FieldIssue>,
    ) {
        bounds.check_sized(sent, path, issues);
        bounds.check_unique(sent, path, issues);
    }
}

/// `null` passes: zod's `.nullable()` accepts it before any check.
impl<T: Bounded> Bounded for Option<T> {
    fn check_bounds(
        &self,
        sent: &Value,
        bounds: &Bounds,
        path: &str,
        issues: &mut Vec<FieldIssue>,
    ) {
        if let Some(value) = self {
            value.check_bounds(sent, bounds, path, issues);
        }
    }
}

impl<T: Bounded> Bounded for Box<T> {
    fn check_bounds(
        &self,
        sent: &Value,
        bounds: &Bounds,
        path: &str,
        issues: &mut Vec<FieldIssue>,
    ) {
        (**self).check_bounds(sent, bounds, path, issues);
    }
}

fn number_issue(
    limit: Limit,
    inclusive: bool,
    small: bool,
    sent: &Value,
    path: &str,
) -> FieldIssue {
    let (word, sign) = match (small, inclusive) {
        (true, true) => ("Too small", ">="),
        (true, false) => ("Too small", ">"),
        (false, true) => ("Too big", "<="),
        (false, false) => ("Too big", "<"),
    };
    let mut message = format!("{word}: expected number to be {sign}");
    limit.write(&mut message);
    let mut hint = format!("Must be {sign} ");
    limit.write(&mut hint);
    hint.push('.');
    FieldIssue::new(path, message)
        .sent(Some(sent))
        .hint(Hint::Other(hint))
        .continuing()
}

/// zod's `too_small`/`too_big` of a sized value (`string`: characters, `array`: items) and the
/// formatter's hint for it.
fn size_issue(origin: &str, limit: u64, small: bool, sent: &Value, path: &str) -> FieldIssue {
    let (word, sign) = if small {
        ("Too small", ">=")
    } else {
        ("Too big", "<=")
    };
    let unit = if origin == "string" {
        "characters"
    } else {
        "items"
    };
    let message = format!("{word}: expected {origin} to have {sign}{limit} {unit}");
    let plural = if limit == 1 { "" } else { "s" };
    let hint = match (origin, small) {
        ("string", true) => format!("Minimum length: {limit} character{plural}."),
        ("string", false) => format!("Maximum length: {limit} character{plural}."),
        (_, true) => format!("Minimum {limit} item{plural}."),
        (_, false) => format!("Maximum {limit} item{plural}."),
    };
    FieldIssue::new(path, message)
        .sent(Some(sent))
        .hint(Hint::Other(hint))
        .continuing()
}

/// The first pair of equal items (the earlier index, the later one), by JSON value: numbers by
/// value (`1` equals `1.0`), objects whatever their key order. One canonical rendering per item,
/// so a long array costs its size, not its square.
fn first_duplicate(items: &[Value]) -> Option<(usize, usize)> {
    let mut seen: HashMap<String, usize> = HashMap::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        let mut key = String::new();
        canonical(item, &mut key);
        if let Some(&first) = seen.get(&key) {
            return Some((first, index));
        }
        seen.insert(key, index);
    }
    None
}

fn canonical(value: &Value, out: &mut String) {
    match value {
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => number::write_i64(out, i),
            (_, Some(u), _) => number::write_u64(out, u),
            (_, _, Some(f)) => number::write_f64(out, f),
            _ => out.push_str(&n.to_string()),
        },
        Value::Array(items) => {
            out.push('[');
            for item in items {
                canonical(item, out);
                out.push(',');
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            out.push('{');
            for (key, item) in entries {
                crate::json::escape_str_into(out, key);
                out.push(':');
                canonical(item, out);
                out.push(',');
            }
            out.push('}');
        }
        other => out.push_str(&other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn issues_of(check: impl FnOnce(&mut Vec<FieldIssue>)) -> Vec<String> {
        let mut issues = Vec::new();
        check(&mut issues);
        issues.iter().map(FieldIssue::detail).collect()
    }

    #[test]
    fn integer_bounds_compare_exactly_at_the_edges() {
        let bounds = Bounds {
            maximum: Some(Limit::Int(i128::from(i64::MAX) - 1)),
            ..Bounds::none()
        };
        let sent = Value::Null;
        let over =
            issues_of(|i| bounds.check_number(Num::Int(i128::from(i64::MAX)), &sent, "n", i));
        assert_eq!(
            over,
            [
                "Too big: expected number to be <=9223372036854775806 You sent: null. Must be <= 9223372036854775806."
            ]
        );
        let at =
            issues_of(|i| bounds.check_number(Num::Int(i128::from(i64::MAX) - 1), &sent, "n", i));
        assert!(at.is_empty(), "{at:?}");
    }

    #[test]
    fn a_fractional_bound_compares_with_an_integer_exactly() {
        assert_eq!(Num::Int(1).compare(Limit::Float(0.5)), Ordering::Greater);
        assert_eq!(Num::Int(0).compare(Limit::Float(0.5)), Ordering::Less);
        assert_eq!(Num::Int(-1).compare(Limit::Float(-0.5)), Ordering::Less);
        assert_eq!(Num::Int(2).compare(Limit::Float(2.0)), Ordering::Equal);
        // 2^53 + 1 is not a double: rounding it would call it equal.
        let above = (1_i128 << 53) + 1;
        assert_eq!(
            Num::Int(above).compare(Limit::Float(9_007_199_254_740_992.0)),
            Ordering::Greater
        );
        assert_eq!(
            Num::Float(9_007_199_254_740_992.0).compare(Limit::Int(above)),
            Ordering::Less
        );
        assert_eq!(
            Num::Int(i128::MAX).compare(Limit::Float(1e300)),
            Ordering::Less
        );
    }

    #[test]
    fn duplicates_are_equal_json_values() {
        let items: Vec<Value> = serde_json::from_str(r#"[1, {"a":1,"b":2}, 1.0]"#).unwrap();
        assert_eq!(first_duplicate(&items), Some((0, 2)));
        let items: Vec<Value> = serde_json::from_str(r#"[{"a":1,"b":2}, {"b":2,"a":1}]"#).unwrap();
        assert_eq!(first_duplicate(&items), Some((0, 1)));
        let items: Vec<Value> = serde_json::from_str(r#"["1", 1, [1], {"1":1}]"#).unwrap();
        assert_eq!(first_duplicate(&items), None);
    }
}
