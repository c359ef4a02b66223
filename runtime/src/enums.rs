//! What generated string enums share.

use std::fmt;

/// A string that is not one of an enum's values; returned by the `FromStr` of generated enums.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownVariant {
    type_name: &'static str,
    value: String,
    expected: &'static [&'static str],
}

impl UnknownVariant {
    /// The error for `value`, which is none of `expected`, the values of `type_name`.
    pub fn new(type_name: &'static str, value: &str, expected: &'static [&'static str]) -> Self {
        UnknownVariant {
            type_name,
            value: value.to_owned(),
            expected,
        }
    }

    /// The rejected text.
    pub fn value(&self) -> &str {
        &self.value
    }

    /// The values the enum accepts, in schema order.
    pub fn expected(&self) -> &'static [&'static str] {
        self.expected
    }
}

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a value of {} (expected one of: {})",
            self.value,
            self.type_name,
            self.expected.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_value_the_type_and_the_choices() {
        let error = UnknownVariant::new("InvoiceStatus", "overdu", &["paid", "pending", "overdue"]);
        assert_eq!(
            error.to_string(),
            "`overdu` is not a value of InvoiceStatus (expected one of: paid, pending, overdue)"
        );
    }
}
