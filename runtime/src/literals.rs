//! What generated enums of exact values share (`enum: [2, 3, 5, 7]`, `enum: [1, "one"]`,
//! `const: true`): reading exactly those JSON values, and writing them back.

use std::fmt;

use serde::de::{self, Deserializer, Unexpected, Visitor};
use serde::ser::Serializer;

/// One allowed value of such an enum, as the schema writes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Literal {
    /// `true` or `false`.
    Bool(bool),
    /// An integer (an `i64` or a `u64` of the schema, both held exactly).
    Int(i128),
    /// A number with a fraction or an exponent past the integers.
    Float(f64),
    /// A string.
    Str(&'static str),
}

impl Literal {
    /// Whether the JSON integer `n` is this value (`1` is `1.0`, as JSON Schema compares).
    fn is_integer(self, n: i128) -> bool {
        match self {
            Literal::Int(i) => i == n,
            // Exact: `f` holds an integer and that integer is `n`.
            Literal::Float(f) => f.fract() == 0.0 && f.abs() < 1.7e38 && f as i128 == n,
            _ => false,
        }
    }

    /// Whether the JSON number `x`, read as a float, is this value.
    fn is_float(self, x: f64) -> bool {
        match self {
            Literal::Float(f) => f == x,
            Literal::Int(i) => x.fract() == 0.0 && x.abs() < 1.7e38 && x as i128 == i,
            _ => false,
        }
    }

    /// Writes the value through `serializer` (the JSON writer has the text itself).
    pub fn serialize<S: Serializer>(self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Literal::Bool(b) => serializer.serialize_bool(b),
            Literal::Int(i) => match (i64::try_from(i), u64::try_from(i)) {
                (Ok(i), _) => serializer.serialize_i64(i),
                (_, Ok(u)) => serializer.serialize_u64(u),
                _ => serializer.serialize_i128(i),
            },
            Literal::Float(f) => serializer.serialize_f64(f),
            Literal::Str(s) => serializer.serialize_str(s),
        }
    }
}

/// Reads one of `literals` and returns its index; any other value is an error that says what
/// was found and lists `expected` (`one of 2, 3, 5, 7`), at the value's place in the input.
pub fn deserialize<'de, D: Deserializer<'de>>(
    deserializer: D,
    expected: &'static str,
    literals: &'static [Literal],
) -> Result<usize, D::Error> {
    deserializer.deserialize_any(LiteralVisitor { expected, literals })
}

struct LiteralVisitor {
    expected: &'static str,
    literals: &'static [Literal],
}

impl LiteralVisitor {
    fn find<E: de::Error>(
        &self,
        found: Unexpected<'_>,
        is: impl Fn(Literal) -> bool,
    ) -> Result<usize, E> {
        self.literals
            .iter()
            .position(|literal| is(*literal))
            .ok_or_else(|| E::invalid_value(found, self))
    }
}

impl<'de> Visitor<'de> for LiteralVisitor {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expected)
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<usize, E> {
        self.find(Unexpected::Bool(v), |l| l == Literal::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<usize, E> {
        self.find(Unexpected::Signed(v), |l| l.is_integer(v.into()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<usize, E> {
        self.find(Unexpected::Unsigned(v), |l| l.is_integer(v.into()))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<usize, E> {
        self.find(Unexpected::Other("an integer"), |l| l.is_integer(v))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<usize, E> {
        let Ok(v) = i128::try_from(v) else {
            return Err(E::invalid_value(Unexpected::Other("an integer"), &self));
        };
        self.find(Unexpected::Other("an integer"), |l| l.is_integer(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<usize, E> {
        self.find(Unexpected::Float(v), |l| l.is_float(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<usize, E> {
        self.find(
            Unexpected::Str(v),
            |l| matches!(l, Literal::Str(s) if s == v),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static PRIMES: [Literal; 4] = [
        Literal::Int(2),
        Literal::Int(3),
        Literal::Float(5.5),
        Literal::Str("seven"),
    ];

    fn read(json: &str) -> Result<usize, String> {
        let mut de = serde_json::Deserializer::from_str(json);
        deserialize(&mut de, "one of 2, 3, 5.5, \"seven\"", &PRIMES).map_err(|e| e.to_string())
    }

    #[test]
    fn reads_exactly_the_listed_values_numbers_by_value() {
        assert_eq!(read("2"), Ok(0));
        assert_eq!(read("3.0"), Ok(1));
        assert_eq!(read("5.5"), Ok(2));
        assert_eq!(read("\"seven\""), Ok(3));
    }

    #[test]
    fn refuses_every_other_value_with_its_place() {
        assert_eq!(
            read("4"),
            Err("invalid value: integer `4`, expected one of 2, 3, 5.5, \"seven\" at line 1 column 1".to_owned())
        );
        assert!(read("\"2\"").is_err());
        assert!(read("true").is_err());
        assert!(read("null").unwrap_err().starts_with("invalid type: null"));
        assert!(
            read("[2]")
                .unwrap_err()
                .starts_with("invalid type: sequence")
        );
        assert!(read("2.5").is_err());
    }

    #[test]
    fn no_literals_reads_no_value() {
        let mut de = serde_json::Deserializer::from_str("1");
        assert!(deserialize(&mut de, "no value", &[]).is_err());
    }

    #[test]
    fn writes_back_what_the_schema_wrote() {
        let text = |l: Literal| {
            l.serialize(serde_json::value::Serializer)
                .unwrap()
                .to_string()
        };
        assert_eq!(text(Literal::Int(-1)), "-1");
        assert_eq!(text(Literal::Int(u64::MAX.into())), u64::MAX.to_string());
        assert_eq!(text(Literal::Float(1.5)), "1.5");
        assert_eq!(text(Literal::Bool(true)), "true");
        assert_eq!(text(Literal::Str("one")), "\"one\"");
    }
}
