//! Computed placeholders (`{amount_cents | divide: 100 | round: 2}`) on checked sample values,
//! step for step as the code `emit::computed` generates computes them, through the runtime's
//! `compute` writers: the same arithmetic, the same fallback to the value the numeric transforms
//! started from when the result cannot be written.

use fusion_runtime::__private::compute::{round, write_date, write_number, write_percent};
use fusion_runtime::__private::number;
use fusion_runtime::json::JsonWriter;
use serde_json::{Map, Value};

use crate::model::{Computed, FieldType, TextPart, Transform};

use super::blocks::{Escape, Presenting, Scope, push_escaped};

/// A value between transforms.
#[derive(Debug, Clone)]
enum Step {
    Integer(i128),
    Float(f64),
    Text(String),
    /// An array, by its length (all `length` reads of it).
    Array(usize),
}

/// What the transforms leave to write.
enum Output {
    Integer(i128),
    Number(f64),
    Percent(f64, u32),
    Date(String, String),
    Plural(i128, String, String),
}

impl Step {
    /// The value as an `f64`, as the generated `as f64` / `f64::from` casts give it.
    fn float(&self) -> f64 {
        match self {
            Step::Integer(i) => *i as f64,
            Step::Float(x) => *x,
            // The model types every step: only numbers reach arithmetic.
            Step::Text(_) | Step::Array(_) => 0.0,
        }
    }
}

impl Presenting<'_> {
    /// The source of a computed placeholder, `None` when the field is absent or `null`.
    fn source(
        &self,
        source: &TextPart,
        scope: Scope<'_>,
        item: Option<&Map<String, Value>>,
    ) -> Option<Step> {
        let kept = scope.kept.len() as i128;
        Some(match source {
            TextPart::Field(field) | TextPart::Column(field) => {
                let value = self.value(*field, item?)?;
                match (self.fields[*field].ty.non_null(), value) {
                    (FieldType::Integer(_), Value::Number(n)) => Step::Integer(
                        n.as_i64()
                            .map(i128::from)
                            .or_else(|| n.as_u64().map(i128::from))?,
                    ),
                    (FieldType::Number, Value::Number(n)) => Step::Float(n.as_f64()?),
                    (FieldType::Array(_), Value::Array(items)) => Step::Array(items.len()),
                    (_, Value::String(s)) => Step::Text(s.clone()),
                    _ => return None,
                }
            }
            TextPart::Sum(field) => match self.fields[*field].ty.non_null() {
                FieldType::Integer(_) => Step::Integer(self.integer_sum(*field, scope.kept)),
                _ => Step::Float(self.float_sum(*field, scope.kept)),
            },
            TextPart::Hidden => Step::Integer(scope.total as i128 - kept),
            TextPart::Total => Step::Integer(scope.total as i128),
            // `Count` and `Shown`; the model gives no other source.
            _ => Step::Integer(kept),
        })
    }

    /// The value the output falls back to, and the output.
    fn plan(&self, computed: &Computed, source: Step) -> (Step, Output) {
        let mut value = source;
        let mut raw = value.clone();
        let mut output = None;
        for step in &computed.steps {
            if !matches!(value, Step::Float(_)) {
                raw = value.clone();
            }
            value = match step {
                Transform::Divide(c) => Step::Float(value.float() / c),
                Transform::Multiply(c) => Step::Float(value.float() * c),
                Transform::Round(places) => match value {
                    Step::Float(x) => Step::Float(round(x, *places)),
                    other => other,
                },
                Transform::Length => match value {
                    Step::Array(n) => Step::Integer(n as i128),
                    other => other,
                },
                Transform::Percent(places) => {
                    output = Some(Output::Percent(value.float(), *places));
                    break;
                }
                Transform::Date(pattern) => {
                    let Step::Text(text) = &value else { break };
                    output = Some(Output::Date(text.clone(), pattern.clone()));
                    break;
                }
                Transform::Plural { one, other } => {
                    let Step::Integer(n) = value else { break };
                    output = Some(Output::Plural(n, one.clone(), other.clone()));
                    break;
                }
            };
        }
        let output = output.unwrap_or(match value {
            Step::Integer(i) => Output::Integer(i),
            other => Output::Number(other.float()),
        });
        (raw, output)
    }

    /// Appends a computed placeholder (nothing when its field is absent or `null`).
    pub(super) fn push_computed(
        &self,
        computed: &Computed,
        scope: Scope<'_>,
        escape: Escape,
        out: &mut String,
    ) {
        let Some(source) = self.source(&computed.source, scope, scope.item) else {
            return;
        };
        let (raw, output) = self.plan(computed, source);
        let written = match output {
            Output::Integer(i) => {
                number::write_i128(out, i);
                true
            }
            Output::Number(x) => write_number(out, x),
            Output::Percent(x, places) => write_percent(out, x, places),
            Output::Date(text, pattern) => write_date(out, &text, &pattern),
            Output::Plural(n, one, other) => {
                out.push_str(if n == 1 { &one } else { &other });
                true
            }
        };
        if !written {
            match raw {
                Step::Integer(i) => number::write_i128(out, i),
                Step::Float(x) => number::write_f64(out, x),
                Step::Text(text) => push_escaped(escape, out, &text),
                Step::Array(n) => number::write_u64(out, n as u64),
            }
        }
    }

    /// Writes a computed placeholder as a JSON value (`null` when its field is absent or
    /// `null`); a column's values each go through the transforms, into an array.
    pub(super) fn json_computed(
        &self,
        computed: &Computed,
        scope: Scope<'_>,
        writer: &mut JsonWriter<'_>,
    ) {
        if let TextPart::Column(_) = computed.source {
            let mut column = writer.array();
            for item in scope.kept {
                self.json_one(computed, scope, Some(item), column.next_element());
            }
            column.end();
        } else {
            self.json_one(computed, scope, scope.item, writer);
        }
    }

    fn json_one(
        &self,
        computed: &Computed,
        scope: Scope<'_>,
        item: Option<&Map<String, Value>>,
        writer: &mut JsonWriter<'_>,
    ) {
        let Some(source) = self.source(&computed.source, scope, item) else {
            writer.null();
            return;
        };
        let (raw, output) = self.plan(computed, source);
        let mut text = String::new();
        match output {
            Output::Integer(i) => return writer.i128(i),
            Output::Number(x) if x.is_finite() => return writer.f64(x),
            Output::Number(_) => {}
            Output::Percent(x, places) => {
                if write_percent(&mut text, x, places) {
                    return writer.str(&text);
                }
            }
            Output::Date(value, pattern) => {
                if write_date(&mut text, &value, &pattern) {
                    return writer.str(&text);
                }
            }
            Output::Plural(n, one, other) => return writer.str(if n == 1 { &one } else { &other }),
        }
        match raw {
            Step::Integer(i) => writer.i128(i),
            Step::Float(x) => writer.f64(x),
            Step::Text(text) => writer.str(&text),
            Step::Array(n) => writer.u64(n as u64),
        }
    }
}
