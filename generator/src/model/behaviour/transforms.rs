//! Computed placeholders: `{source | transform: argument | ...}`. Each transform is checked for
//! its name, its argument and the type of the value it gets, which flows from the source through
//! every step (docs/definitions.md, "Computed values"). The first problem of a placeholder is
//! reported, at the text's pointer, quoting the placeholder.

use fusion_runtime::vocabulary::compute::{MAX_PLACES, check_date_pattern};

use super::resolver::Scope;
use super::{BehaviourResolver, Computed, TextPart, Transform};
use crate::diagnostics::did_you_mean;
use crate::model::{FieldType, TypeKind};

/// The transforms, as a definition spells them.
const TRANSFORMS: [&str; 7] = [
    "divide", "multiply", "round", "percent", "date", "length", "plural",
];

/// The type of a value between two transforms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::model) enum Flow {
    Integer,
    Number,
    /// A string without a date format, an enum value, or what `percent` and `date` write.
    Text,
    /// A string of `format: date` (`time: false`) or `format: date-time`.
    Date {
        time: bool,
    },
    Boolean,
    Array,
    /// An object, a union or any JSON value (what it is, for messages): nothing to compute with.
    Other(&'static str),
}

impl Flow {
    fn describe(self) -> &'static str {
        match self {
            Flow::Integer => "an integer",
            Flow::Number => "a number",
            Flow::Text => "text",
            Flow::Date { time: false } => "a date",
            Flow::Date { time: true } => "a date-time",
            Flow::Boolean => "a boolean",
            Flow::Array => "an array",
            Flow::Other(what) => what,
        }
    }

    fn is_numeric(self) -> bool {
        matches!(self, Flow::Integer | Flow::Number)
    }
}

/// What went wrong in one placeholder: the message and the help.
type Problem = (String, Option<String>);

impl BehaviourResolver<'_> {
    /// The type a field's value has in a computation.
    pub(in crate::model) fn flow_of(&self, field: usize) -> Flow {
        let def = &self.fields()[field];
        match def.ty.non_null() {
            FieldType::Integer(_) => Flow::Integer,
            FieldType::Number => Flow::Number,
            FieldType::Boolean => Flow::Boolean,
            FieldType::String => match def.format.as_deref() {
                Some("date") => Flow::Date { time: false },
                Some("date-time") => Flow::Date { time: true },
                _ => Flow::Text,
            },
            FieldType::Named(id) => match self.types[*id].kind {
                TypeKind::Enum { .. } => Flow::Text,
                TypeKind::Struct { .. } => Flow::Other("an object"),
                TypeKind::Union { .. } => Flow::Other("a union"),
                TypeKind::Literals { .. } => Flow::Other("an enum of values other than strings"),
                TypeKind::Tuple { .. } => Flow::Other("a tuple"),
            },
            FieldType::Array(_) => Flow::Array,
            FieldType::Nullable(_) | FieldType::Any => Flow::Other("any JSON value"),
        }
    }

    /// A placeholder with transforms, `inner` being the text between its braces.
    pub(in crate::model) fn computed(
        &mut self,
        inner: &str,
        pointer: &str,
        scope: Scope,
    ) -> Option<TextPart> {
        let mut segments = inner.split('|');
        let name = segments.next().unwrap_or_default().trim();
        let (source, flow) = self.value_source(name, pointer, scope)?;
        self.chain(source, flow, name, segments, inner, pointer)
    }

    /// The transforms after a resolved source, checked step by step.
    pub(in crate::model) fn chain<'t>(
        &mut self,
        source: TextPart,
        flow: Flow,
        name: &str,
        segments: impl Iterator<Item = &'t str>,
        inner: &str,
        pointer: &str,
    ) -> Option<TextPart> {
        match check_chain(flow, name, segments) {
            Ok(steps) => Some(TextPart::Computed(Box::new(Computed { source, steps }))),
            Err((message, help)) => {
                self.report(pointer, format!("{message}, in `{{{inner}}}`"), help);
                None
            }
        }
    }

    /// The value a placeholder names (a field, a count, a sum), and its type.
    pub(super) fn value_source(
        &mut self,
        name: &str,
        pointer: &str,
        scope: Scope,
    ) -> Option<(TextPart, Flow)> {
        match (scope, name) {
            (Scope::Collection, "count") => return Some((TextPart::Count, Flow::Integer)),
            (Scope::Summary, "shown") => return Some((TextPart::Shown, Flow::Integer)),
            (Scope::Summary, "hidden") => return Some((TextPart::Hidden, Flow::Integer)),
            (Scope::Summary, "total") => return Some((TextPart::Total, Flow::Integer)),
            (Scope::Summary, _) => {
                self.report(
                    pointer,
                    format!("unknown placeholder `{{{name}}}` in the agent-limit summary"),
                    Some("use {shown}, {hidden} or {total}".into()),
                );
                return None;
            }
            _ => {}
        }
        if let Some(field_name) = name
            .strip_prefix("sum:")
            .filter(|_| scope == Scope::Collection)
        {
            let field = self.field(field_name, pointer)?;
            let flow = self.flow_of(field);
            if !flow.is_numeric() {
                self.report(pointer, format!("`{{sum:{field_name}}}` needs a numeric field, and `{field_name}` is not one"), None);
                return None;
            }
            return Some((TextPart::Sum(field), flow));
        }
        let field = self.field(name, pointer)?;
        Some((TextPart::Field(field), self.flow_of(field)))
    }
}

/// Checks each transform against the type it gets; `name` is the source as written.
fn check_chain<'t>(
    mut flow: Flow,
    name: &str,
    segments: impl Iterator<Item = &'t str>,
) -> Result<Vec<Transform>, Problem> {
    let mut steps = Vec::new();
    // What the value is called in messages: the source, then the last transform.
    let mut subject = format!("`{name}`");
    for segment in segments {
        let segment = segment.trim();
        let (transform, argument) = match segment.split_once(':') {
            Some((transform, argument)) => (transform.trim(), Some(argument.trim())),
            None => (segment, None),
        };
        if transform.is_empty() {
            return Err((
                "a `|` with no transform after it".into(),
                Some(format!("transforms: {}", TRANSFORMS.join(", "))),
            ));
        }
        let (step, next) = check_step(transform, argument, flow, &subject)?;
        steps.push(step);
        flow = next;
        subject = format!("`{segment}`");
    }
    match flow {
        Flow::Integer | Flow::Number | Flow::Text => Ok(steps),
        Flow::Array => Err((
            format!("cannot interpolate {subject}: it is an array, not a single value"),
            Some("end with `| length` to write its number of elements".into()),
        )),
        other => Err((
            format!("cannot interpolate {subject}: it is {}", other.describe()),
            None,
        )),
    }
}

/// One transform: its argument checked, and the type it yields.
fn check_step(
    transform: &str,
    argument: Option<&str>,
    flow: Flow,
    subject: &str,
) -> Result<(Transform, Flow), Problem> {
    let needs = |what: &str| -> Problem {
        (
            format!(
                "`{transform}` needs {what}, but {subject} is {}",
                flow.describe()
            ),
            None,
        )
    };
    match transform {
        "divide" | "multiply" => {
            if !flow.is_numeric() {
                return Err(needs("a number"));
            }
            let constant = number_argument(transform, argument)?;
            if transform == "divide" {
                if constant == 0.0 {
                    return Err((
                        "`divide: 0` divides by zero".into(),
                        Some("divide by a number other than 0".into()),
                    ));
                }
                Ok((Transform::Divide(constant), Flow::Number))
            } else {
                Ok((Transform::Multiply(constant), Flow::Number))
            }
        }
        "round" | "percent" => {
            if !flow.is_numeric() {
                return Err(needs("a number"));
            }
            let places = places_argument(transform, argument)?;
            if transform == "round" {
                // An integer has no decimal places to round away.
                Ok((Transform::Round(places), flow))
            } else {
                Ok((Transform::Percent(places), Flow::Text))
            }
        }
        "date" => {
            let Flow::Date { time } = flow else {
                return Err((
                    format!(
                        "`date` needs a string with `format: date` or `format: date-time`, but {subject} is {}",
                        flow.describe()
                    ),
                    Some("declare the field's `format`, or write the value as it is".into()),
                ));
            };
            let Some(pattern) = argument.filter(|p| !p.is_empty()) else {
                return Err((
                    "`date` needs a pattern".into(),
                    Some("write `date: YYYY-MM-DD`, `date: D MMM YYYY`, …".into()),
                ));
            };
            check_date_pattern(pattern, time).map_err(|error| {
                (
                    format!(
                        "bad pattern `{pattern}` at character {}: {}",
                        error.at + 1,
                        error.message
                    ),
                    None,
                )
            })?;
            Ok((Transform::Date(pattern.to_owned()), Flow::Text))
        }
        "length" => {
            if flow != Flow::Array {
                return Err(needs("an array"));
            }
            if argument.is_some() {
                return Err((
                    "`length` takes no argument".into(),
                    Some("write `length`".into()),
                ));
            }
            Ok((Transform::Length, Flow::Integer))
        }
        "plural" => {
            if flow != Flow::Integer {
                return Err(needs("an integer"));
            }
            let (one, other) = plural_argument(argument)?;
            Ok((Transform::Plural { one, other }, Flow::Text))
        }
        unknown => Err((
            format!("unknown transform `{unknown}`"),
            Some(match did_you_mean(unknown, TRANSFORMS) {
                Some(known) => format!("did you mean `{known}`?"),
                None => format!("transforms: {}", TRANSFORMS.join(", ")),
            }),
        )),
    }
}

/// The two words of `plural: one, other`: each made of letters, digits, spaces, `-`, `'`,
/// `’` and `.` only, so that it is written as it is in a line, a cell, an attribute or JSON.
fn plural_argument(argument: Option<&str>) -> Result<(String, String), Problem> {
    let help =
        Some("write the singular and the plural, `plural: appointment, appointments`".into());
    let words: Vec<&str> = argument
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .collect();
    let [one, other] = words.as_slice() else {
        return Err((
            "`plural` needs two words, the singular and the plural".into(),
            help,
        ));
    };
    for word in [one, other] {
        if word.is_empty() {
            return Err((
                "`plural` needs two words, the singular and the plural".into(),
                help,
            ));
        }
        if let Some(bad) = word
            .chars()
            .find(|c| !(c.is_alphanumeric() || matches!(c, ' ' | '-' | '\'' | '’' | '.')))
        {
            return Err((
                format!("`plural`: `{word}` holds `{bad}`"),
                Some(
                    "a word of `plural` holds letters, digits, spaces, `-`, `'` and `.` only"
                        .into(),
                ),
            ));
        }
    }
    Ok(((*one).to_owned(), (*other).to_owned()))
}

/// The constant of `divide` and `multiply`: a finite decimal number (`100`, `-2.5`, `1e3`).
fn number_argument(transform: &str, argument: Option<&str>) -> Result<f64, Problem> {
    let help = Some(format!("write a number, such as `{transform}: 100`"));
    let Some(text) = argument.filter(|a| !a.is_empty()) else {
        return Err((format!("`{transform}` needs a number"), help));
    };
    // JSON's number syntax: Rust's parser alone would also take `inf`, `NaN` and `+1`.
    let json_like = is_json_number(text);
    match text.parse::<f64>() {
        Ok(value) if json_like && value.is_finite() => Ok(value),
        Ok(_) if json_like => Err((
            format!("`{transform}: {text}` is too large for a number"),
            help,
        )),
        _ => Err((
            format!("`{transform}: {text}`: `{text}` is not a number"),
            help,
        )),
    }
}

/// The places of `round` and `percent`: a whole number from 0 to 15, 0 when left out.
fn places_argument(transform: &str, argument: Option<&str>) -> Result<u32, Problem> {
    let Some(text) = argument else {
        return Ok(0);
    };
    match text.parse::<u32>() {
        Ok(places) if places <= MAX_PLACES && text.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(places)
        }
        _ => Err((
            format!("`{transform}: {text}`: the places are a whole number from 0 to {MAX_PLACES}"),
            Some(format!("write `{transform}: 2` for two decimal places")),
        )),
    }
}

/// Whether `text` is a number in JSON's syntax: `-`, digits without a leading zero, an optional
/// fraction and exponent.
fn is_json_number(text: &str) -> bool {
    let b = text.as_bytes();
    let mut at = usize::from(b.first() == Some(&b'-'));
    let digits = |at: &mut usize| {
        let start = *at;
        while b.get(*at).is_some_and(u8::is_ascii_digit) {
            *at += 1;
        }
        *at - start
    };
    let start = at;
    let whole = digits(&mut at);
    if whole == 0 || (whole > 1 && b[start] == b'0') {
        return false;
    }
    if b.get(at) == Some(&b'.') {
        at += 1;
        if digits(&mut at) == 0 {
            return false;
        }
    }
    if matches!(b.get(at), Some(b'e' | b'E')) {
        at += 1;
        if matches!(b.get(at), Some(b'+' | b'-')) {
            at += 1;
        }
        if digits(&mut at) == 0 {
            return false;
        }
    }
    at == b.len()
}
