//! A computed placeholder's transforms applied to its value: the one implementation, which
//! generated code calls with the transforms as a constant and the generator's in-process renderer
//! calls with the same transforms from its model.

use crate::escape::Context;
use crate::json::JsonWriter;
use crate::number;

use super::{round, write_date, write_number, write_percent};

/// One transform of a computed placeholder, as the generator checked it against the value's
/// type (docs/definitions.md, "Computed values").
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Transform<'a> {
    /// `divide: c`: the value as a double, divided by `c`.
    Divide(f64),
    /// `multiply: c`: the value as a double, times `c`.
    Multiply(f64),
    /// `round: places`: a double rounded half away from zero; an integer is left as it is.
    Round(u32),
    /// `length`: an array's length.
    Length,
    /// `percent: places`: the value written as a percentage (ends the chain).
    Percent(u32),
    /// `date: pattern`: a date string written with the pattern (ends the chain).
    Date(&'a str),
    /// `plural: [one, other]`: the first word when the integer is 1, else the second (ends the
    /// chain). The generator checked both words for where they land.
    Plural {
        /// The word for exactly one.
        one: &'a str,
        /// The word for any other count.
        other: &'a str,
    },
}

/// The value a placeholder's transforms start from (and the value between transforms).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Operand<'a> {
    /// An integer field, a sum of one, or a count: exact in `i128`.
    Integer(i128),
    /// A number field or a sum of one.
    Float(f64),
    /// A string field (a date for `date`), escaped for where it lands when written as it is.
    Text(&'a str),
    /// An array field, by its length (all that `length` reads of it).
    Array(usize),
}

impl Operand<'_> {
    /// A count of items (`{count}`, `{total}`, `{hidden}`).
    pub fn count(n: usize) -> Self {
        Operand::Integer(n as i128)
    }
}

macro_rules! integer_operands {
    ($($int:ty),*) => {$(
        impl From<$int> for Operand<'_> {
            fn from(value: $int) -> Self {
                Operand::Integer(i128::from(value))
            }
        }
    )*};
}

integer_operands!(i8, i16, i32, i64, i128, u8, u16, u32, u64);

impl From<f64> for Operand<'_> {
    fn from(value: f64) -> Self {
        Operand::Float(value)
    }
}

impl Operand<'_> {
    /// The value as a double, for arithmetic (the generator lets only numbers reach it).
    fn float(self) -> f64 {
        match self {
            Operand::Integer(i) => i as f64,
            Operand::Float(x) => x,
            Operand::Text(_) | Operand::Array(_) => f64::NAN,
        }
    }
}

/// What the transforms leave to write, and the value they started from, which is written instead
/// when the result cannot be (a number that overflowed, a date that does not parse).
struct Outcome<'a> {
    result: Output<'a>,
    /// The value before the first numeric transform.
    fallback: Operand<'a>,
}

enum Output<'a> {
    Integer(i128),
    Number(f64),
    Percent(f64, u32),
    Date(&'a str, &'a str),
    Word(&'a str),
    /// Nothing numeric to write: the fallback is written.
    Fallback,
}

fn apply<'a>(source: Operand<'a>, steps: &[Transform<'a>]) -> Outcome<'a> {
    let mut value = source;
    let mut fallback = source;
    for step in steps {
        if !matches!(value, Operand::Float(_)) {
            fallback = value;
        }
        value = match (*step, value) {
            (Transform::Divide(c), _) => Operand::Float(value.float() / c),
            (Transform::Multiply(c), _) => Operand::Float(value.float() * c),
            (Transform::Round(places), Operand::Float(x)) => Operand::Float(round(x, places)),
            (Transform::Length, Operand::Array(n)) => Operand::Integer(n as i128),
            (Transform::Round(_) | Transform::Length, other) => other,
            (Transform::Percent(places), _) => {
                let result = Output::Percent(value.float(), places);
                return Outcome { result, fallback };
            }
            (Transform::Date(pattern), Operand::Text(text)) => {
                let result = Output::Date(text, pattern);
                return Outcome { result, fallback };
            }
            (Transform::Plural { one, other }, Operand::Integer(n)) => {
                let result = Output::Word(if n == 1 { one } else { other });
                return Outcome { result, fallback };
            }
            // The generator applies these to strings and integers only; anything else is
            // written as it is.
            (Transform::Date(_) | Transform::Plural { .. }, _) => break,
        };
    }
    let result = match value {
        Operand::Integer(i) => Output::Integer(i),
        Operand::Float(x) => Output::Number(x),
        Operand::Text(_) | Operand::Array(_) => Output::Fallback,
    };
    Outcome { result, fallback }
}

/// Appends a computed placeholder: `source` through `steps`, or, when the result cannot be
/// written, the value the numeric transforms started from (a string escaped for `context`).
pub fn push(out: &mut String, source: Operand<'_>, steps: &[Transform<'_>], context: Context) {
    let Outcome { result, fallback } = apply(source, steps);
    let written = match result {
        Output::Integer(i) => {
            number::write_i128(out, i);
            true
        }
        Output::Number(x) => write_number(out, x),
        Output::Percent(x, places) => write_percent(out, x, places),
        Output::Date(text, pattern) => write_date(out, text, pattern),
        Output::Word(word) => {
            out.push_str(word);
            true
        }
        Output::Fallback => false,
    };
    if !written {
        match fallback {
            Operand::Integer(i) => number::write_i128(out, i),
            Operand::Float(x) => number::write_f64(out, x),
            Operand::Text(text) => context.push(out, text),
            Operand::Array(n) => number::write_u64(out, n as u64),
        }
    }
}

/// Writes a computed placeholder as a JSON value: `null` for an absent `source`, a number, or a
/// string (a percentage, a date, a word); when the result cannot be written, the value the
/// numeric transforms started from.
pub fn write_json(
    writer: &mut JsonWriter<'_>,
    source: Option<Operand<'_>>,
    steps: &[Transform<'_>],
) {
    let Some(source) = source else {
        writer.null();
        return;
    };
    let Outcome { result, fallback } = apply(source, steps);
    let mut text = String::new();
    match result {
        Output::Integer(i) => return writer.i128(i),
        Output::Number(x) if x.is_finite() => return writer.f64(x),
        Output::Percent(x, places) if write_percent(&mut text, x, places) => {
            return writer.str(&text);
        }
        Output::Date(value, pattern) if write_date(&mut text, value, pattern) => {
            return writer.str(&text);
        }
        Output::Word(word) => return writer.str(word),
        Output::Number(_) | Output::Percent(..) | Output::Date(..) | Output::Fallback => {}
    }
    match fallback {
        Operand::Integer(i) => writer.i128(i),
        Operand::Float(x) => writer.f64(x),
        Operand::Text(text) => writer.str(text),
        Operand::Array(n) => writer.u64(n as u64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::JsonStyle;

    fn text(source: Operand<'_>, steps: &[Transform<'_>]) -> String {
        let mut out = String::new();
        push(&mut out, source, steps, Context::Line);
        out
    }

    fn json(source: Option<Operand<'_>>, steps: &[Transform<'_>]) -> String {
        let mut out = String::new();
        write_json(
            &mut JsonWriter::new(&mut out, JsonStyle::Compact),
            source,
            steps,
        );
        out
    }

    #[test]
    fn arithmetic_runs_in_doubles_and_rounds_half_away_from_zero() {
        let cents = [Transform::Divide(100.0), Transform::Round(2)];
        assert_eq!(text(Operand::Integer(123_456), &cents), "1234.56");
        assert_eq!(text(Operand::Integer(-5), &cents), "-0.05");
        assert_eq!(text(Operand::Float(0.125), &[Transform::Round(2)]), "0.13");
        // An integer is left as it is by `round`, and written exactly, past 2^53.
        assert_eq!(
            text(
                Operand::Integer(i128::from(u64::MAX)),
                &[Transform::Round(1)]
            ),
            "18446744073709551615"
        );
        assert_eq!(json(Some(Operand::Integer(250)), &cents), "2.5");
    }

    #[test]
    fn an_unwritable_result_falls_back_to_the_value_before_the_arithmetic() {
        let overflow = [Transform::Multiply(1e308), Transform::Multiply(10.0)];
        assert_eq!(text(Operand::Integer(7), &overflow), "7");
        assert_eq!(json(Some(Operand::Integer(7)), &overflow), "7");
        assert_eq!(text(Operand::Float(2.5), &overflow), "2.5");
        let date = [Transform::Date("MMM D, YYYY")];
        assert_eq!(text(Operand::Text("2024-03-05"), &date), "Mar 5, 2024");
        // Not a date: the text itself, escaped for its line.
        assert_eq!(text(Operand::Text("soon\n<b>"), &date), "soon\\n&lt;b>");
        assert_eq!(json(Some(Operand::Text("soon")), &date), "\"soon\"");
        assert_eq!(
            json(Some(Operand::Text("2024-03-05")), &date),
            "\"Mar 5, 2024\""
        );
    }

    #[test]
    fn percentages_lengths_and_plurals_end_the_chain() {
        let percent = [Transform::Divide(4.0), Transform::Percent(1)];
        assert_eq!(text(Operand::Integer(1), &percent), "25%");
        assert_eq!(json(Some(Operand::Integer(1)), &percent), "\"25%\"");
        assert_eq!(text(Operand::Array(3), &[Transform::Length]), "3");
        let plural = [
            Transform::Length,
            Transform::Plural {
                one: "item",
                other: "items",
            },
        ];
        assert_eq!(text(Operand::Array(1), &plural), "item");
        assert_eq!(text(Operand::Array(0), &plural), "items");
        assert_eq!(json(Some(Operand::Array(2)), &plural), "\"items\"");
        assert_eq!(json(None, &plural), "null");
    }
}
