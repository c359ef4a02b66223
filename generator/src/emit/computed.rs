//! Rust code for computed placeholders (`{amount_cents | divide: 100 | round: 2}`): the source
//! value, each transform as an expression over it, and one write at the end. When the result
//! cannot be written (a number that overflowed, a date that does not parse), the value the
//! numeric transforms started from is written instead, escaped for where it lands
//! (docs/definitions.md, "Computed values").

use crate::model::{Computed, FieldType, IntKind, TextPart, Transform};

use super::behaviour::{Context, Escape, write_integer};
use super::code::{Number, Runtime, literal};

/// An integer's Rust type in a computation.
#[derive(Debug, Clone, Copy)]
enum Int {
    /// A field's own integer type, or `u64` for counts and lengths.
    Kind(IntKind),
    /// The sum of an integer field.
    I128,
}

/// A value between transforms, as a Rust expression.
#[derive(Debug, Clone)]
enum Value {
    Integer(String, Int),
    /// An `f64`; `compound` when the expression is a binary operation (parenthesised as an
    /// operand).
    Float {
        expression: String,
        compound: bool,
    },
    /// A string (`&String` or `&str`).
    Str(String),
    /// An array (`Vec` or a reference to one).
    Array(String),
}

/// What the transforms leave to write.
enum Output {
    Integer(String, Int),
    Number(String),
    Percent(String, u32),
    Date(String, String),
}

/// A computed placeholder ready to write.
struct Plan {
    /// The place of an optional field's value, bound to `value` when present.
    optional_place: Option<String>,
    output: Output,
    /// The value before the first numeric transform: written when the output cannot be.
    raw: Value,
}

impl Value {
    /// The value as an `f64` expression usable as an operand.
    fn float_operand(&self) -> String {
        match self {
            Value::Float {
                expression,
                compound: true,
            } => format!("({expression})"),
            // `as` binds tighter than arithmetic, but an operand keeps its cast in parentheses so
            // that any operator after it (`<` included) reads it whole.
            Value::Integer(e, Int::Kind(IntKind::I64 | IntKind::U64) | Int::I128) => {
                format!("({e} as f64)")
            }
            other => other.float(),
        }
    }

    /// The value as an `f64` expression usable as an argument (no parentheses around a cast:
    /// `unused_parens` would reject them there).
    fn float(&self) -> String {
        match self {
            Value::Integer(e, Int::Kind(IntKind::I64 | IntKind::U64) | Int::I128) => {
                format!("{e} as f64")
            }
            Value::Integer(e, Int::Kind(_)) => format!("f64::from({e})"),
            Value::Float { expression, .. } => expression.clone(),
            // The model types every step: only numbers reach arithmetic.
            Value::Str(_) | Value::Array(_) => Number::Float(0.0).to_string(),
        }
    }
}

impl Context<'_> {
    /// The source value of a computed placeholder (`Field` of the item, `Sum`, a count).
    fn source(&self, source: &TextPart) -> (Option<String>, Value) {
        let integer = |e: &str| Value::Integer(e.to_owned(), Int::Kind(IntKind::U64));
        match source {
            TextPart::Field(field) | TextPart::Column(field) => {
                let (def, name) = self.field(*field);
                let (place, copy, reference, owned) = if def.is_option() {
                    let place = self.option_place(def, &name);
                    (
                        Some(place),
                        "*value".to_owned(),
                        "value".to_owned(),
                        "value".to_owned(),
                    )
                } else {
                    (
                        None,
                        format!("item.{name}"),
                        format!("&item.{name}"),
                        format!("item.{name}"),
                    )
                };
                let value = match def.ty.non_null() {
                    FieldType::Integer(kind) => Value::Integer(copy, Int::Kind(*kind)),
                    FieldType::Number => Value::Float {
                        expression: copy,
                        compound: false,
                    },
                    FieldType::Array(_) => Value::Array(owned),
                    _ => Value::Str(reference),
                };
                (place, value)
            }
            TextPart::Sum(field) => {
                let (expression, integer) = self.sum_expression(*field);
                if integer {
                    (None, Value::Integer(expression, Int::I128))
                } else {
                    (
                        None,
                        Value::Float {
                            expression,
                            compound: false,
                        },
                    )
                }
            }
            TextPart::Hidden => (None, integer("(total - kept.len()) as u64")),
            TextPart::Total => (None, integer("total as u64")),
            // `Count` and `Shown`; the model gives no other source.
            _ => (None, integer("kept.len() as u64")),
        }
    }

    /// The source, then each transform, as expressions.
    fn plan(&self, computed: &Computed, source: &TextPart) -> Plan {
        let rt = self.rt;
        let (optional_place, mut value) = self.source(source);
        let mut raw = value.clone();
        let mut output = None;
        for step in &computed.steps {
            if !matches!(value, Value::Float { .. }) {
                raw = value.clone();
            }
            value = match step {
                Transform::Divide(c) | Transform::Multiply(c) => {
                    let op = if matches!(step, Transform::Divide(_)) {
                        "/"
                    } else {
                        "*"
                    };
                    Value::Float {
                        expression: format!("{} {op} {}", value.float_operand(), Number::Float(*c)),
                        compound: true,
                    }
                }
                Transform::Round(places) => match value {
                    Value::Float { .. } => Value::Float {
                        expression: format!("{rt}::compute::round({}, {places})", value.float()),
                        compound: false,
                    },
                    integer => integer,
                },
                Transform::Length => match &value {
                    Value::Array(e) => {
                        Value::Integer(format!("{e}.len() as u64"), Int::Kind(IntKind::U64))
                    }
                    other => other.clone(),
                },
                Transform::Percent(places) => {
                    output = Some(Output::Percent(value.float(), *places));
                    break;
                }
                Transform::Date(pattern) => {
                    let Value::Str(e) = &value else { break };
                    output = Some(Output::Date(e.clone(), pattern.clone()));
                    break;
                }
            };
        }
        let output = output.unwrap_or_else(|| match &value {
            Value::Integer(e, int) => Output::Integer(e.clone(), *int),
            other => Output::Number(other.float()),
        });
        Plan {
            optional_place,
            output,
            raw,
        }
    }

    /// Statements appending a computed placeholder to `target`, escaped (if it must fall back
    /// to a string) for `escape`; an absent optional value appends nothing.
    pub(super) fn push_computed_into(
        &self,
        computed: &Computed,
        target: &str,
        escape: Escape,
    ) -> String {
        let rt = self.rt;
        let plan = self.plan(computed, &computed.source);
        let raw = match &plan.raw {
            Value::Integer(e, int) => write_int(rt, &format!("&mut {target}"), e, *int),
            Value::Float { .. } => format!(
                "{rt}::number::write_f64(&mut {target}, {});",
                plan.raw.float()
            ),
            Value::Str(e) => format!("{rt}::escape::{}(&mut {target}, {e});", escape.push_fn()),
            Value::Array(e) => format!("{rt}::number::write_u64(&mut {target}, {e}.len() as u64);"),
        };
        // The write that may fail, as a condition that holds when it did; `raw` then runs.
        let failed = match &plan.output {
            Output::Integer(e, int) => {
                let write = write_int(rt, &format!("&mut {target}"), e, *int);
                return match plan.optional_place {
                    Some(place) => format!(
                        "if let ::core::option::Option::Some(value) = {place} {{ {write} }}"
                    ),
                    None => write,
                };
            }
            Output::Number(e) => format!("!{rt}::compute::write_number(&mut {target}, {e})"),
            Output::Percent(e, places) => {
                format!("!{rt}::compute::write_percent(&mut {target}, {e}, {places})")
            }
            Output::Date(e, pattern) => {
                format!(
                    "!{rt}::compute::write_date(&mut {target}, {e}, {})",
                    literal(pattern)
                )
            }
        };
        match plan.optional_place {
            // One `if let … &&` chain: clippy's `collapsible_if` rejects the nested form.
            Some(place) => format!(
                "if let ::core::option::Option::Some(value) = {place} && {failed} {{ {raw} }}"
            ),
            None => format!("if {failed} {{ {raw} }}"),
        }
    }

    /// Statements writing a computed placeholder as a JSON value through `writer` (an
    /// expression giving a `JsonWriter`); an absent optional value is `null`. A column's values
    /// each go through the transforms, into an array.
    pub(super) fn json_computed(&self, computed: &Computed, writer: &str) -> String {
        if let TextPart::Column(_) = computed.source {
            let element = self.json_value_of(computed, "column.next_element()");
            return format!(
                "{{\nlet mut writer = {writer};\nlet mut column = writer.array();\nfor item in kept {{ {element} }}\ncolumn.end();\n}}\n"
            );
        }
        format!("{}\n", self.json_value_of(computed, writer))
    }

    /// [`Self::json_computed`] for one value, `item` in scope for a field.
    fn json_value_of(&self, computed: &Computed, writer: &str) -> String {
        let rt = self.rt;
        let plan = self.plan(computed, &computed.source);
        let json_int = |e: &str, int: Int| match int {
            Int::Kind(IntKind::I64) => format!("{writer}.i64({e});"),
            Int::Kind(IntKind::U64) => format!("{writer}.u64({e});"),
            Int::Kind(_) => format!("{writer}.i64(i64::from({e}));"),
            Int::I128 => format!("{writer}.i128({e});"),
        };
        let raw = match &plan.raw {
            Value::Integer(e, int) => json_int(e, *int),
            Value::Float { .. } => format!("{writer}.f64({});", plan.raw.float()),
            Value::Str(e) => format!("{writer}.str({e});"),
            Value::Array(e) => format!("{writer}.u64({e}.len() as u64);"),
        };
        let text = |call: String| {
            format!(
                "let mut computed = ::std::string::String::new(); if {call} {{ {writer}.str(&computed); }} else {{ {raw} }}"
            )
        };
        let code = match &plan.output {
            Output::Integer(e, int) => json_int(e, *int),
            Output::Number(e) => format!(
                "let computed = {e}; if computed.is_finite() {{ {writer}.f64(computed); }} else {{ {raw} }}"
            ),
            Output::Percent(e, places) => text(format!(
                "{rt}::compute::write_percent(&mut computed, {e}, {places})"
            )),
            Output::Date(e, pattern) => text(format!(
                "{rt}::compute::write_date(&mut computed, {e}, {})",
                literal(pattern)
            )),
        };
        match plan.optional_place {
            Some(place) => format!(
                "if let ::core::option::Option::Some(value) = {place} {{ {code} }} else {{ {writer}.null(); }}"
            ),
            None => format!("{{ {code} }}"),
        }
    }
}

/// A statement writing an integer expression into `out`.
fn write_int(rt: &Runtime, out: &str, e: &str, int: Int) -> String {
    match int {
        Int::Kind(kind) => format!("{};", write_integer(rt, out, kind, e)),
        Int::I128 => format!("{rt}::number::write_i128({out}, {e});"),
    }
}
