//! The numeric comparisons of a definition's conditions (`when: { amount_cents: { gt: 10000 } }`):
//! the one implementation, which generated code calls over its typed fields and the generator's
//! in-process renderer over sample values.

use crate::compute::Operand;

/// A numeric comparison of a field's value with a constant bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Compare {
    /// `gt`: greater than the bound.
    Gt,
    /// `gte`: greater than or equal to it.
    Gte,
    /// `lt`: less than it.
    Lt,
    /// `lte`: less than or equal to it.
    Lte,
}

impl Compare {
    fn holds<T: PartialOrd>(self, left: T, right: T) -> bool {
        match self {
            Compare::Gt => left > right,
            Compare::Gte => left >= right,
            Compare::Lt => left < right,
            Compare::Lte => left <= right,
        }
    }
}

/// Whether `value` compares with `bound` as `op` says.
///
/// An integer compares exactly with a whole bound, a bound outside the field's range included
/// (`gte: -1` on a `uint32` holds for every value, `lt: 1e30` on a `uint64` too: every whole
/// double up to 2^127 is an `i128`, and one past that is past every field); with a fractional
/// bound it compares as a double, as a number always does.
/// A string or an array compares with nothing.
#[inline]
pub fn compare<'a>(value: impl Into<Operand<'a>>, op: Compare, bound: f64) -> bool {
    match value.into() {
        Operand::Integer(left) if bound.fract() == 0.0 => op.holds(left, bound as i128),
        Operand::Integer(left) => op.holds(left as f64, bound),
        Operand::Float(left) => op.holds(left, bound),
        Operand::Text(_) | Operand::Array(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_compare_exactly_with_whole_bounds() {
        assert!(compare(5u32, Compare::Gte, -1.0));
        assert!(!compare(0u32, Compare::Lt, 0.0));
        // 2^53 + 1 is no double: a comparison in doubles would call it equal to 2^53.
        let big = (1i64 << 53) + 1;
        assert!(compare(big, Compare::Gt, 9_007_199_254_740_992.0));
        assert!(compare(u64::MAX, Compare::Lt, 1e30));
        assert!(!compare(u64::MAX, Compare::Gt, 1e30));
        assert!(compare(i64::MIN, Compare::Gt, -1e300));
    }

    #[test]
    fn fractional_bounds_and_numbers_compare_as_doubles() {
        assert!(compare(3i32, Compare::Gt, 2.5));
        assert!(!compare(2i32, Compare::Gt, 2.5));
        assert!(compare(2.5, Compare::Lte, 2.5));
        assert!(!compare(f64::NAN, Compare::Lt, 1.0));
        assert!(!compare(Operand::Text("9"), Compare::Gt, 1.0));
    }
}
