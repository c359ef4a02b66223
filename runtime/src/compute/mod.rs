//! Computed values of placeholders (`{amount_cents | divide: 100 | round: 2}`): the run-time half
//! of the transforms a definition may apply to a value (docs/definitions.md, "Computed values").
//!
//! The generator checks every transform, its argument and the type it is applied to; the
//! transforms themselves run here, once for generated code and the generator's in-process
//! renderer alike ([`push`], [`write_json`] over a [`Transform`] chain), with decimal rounding,
//! percentages and dates. Nothing here panics on data: a result that is not a finite number, or a
//! date that does not parse, is reported so the value the transforms started from is written
//! instead. What these functions write needs no escaping anywhere (digits, `-`, `.`, `e`, `+`,
//! `%`, English month names and the separators `- / . , :` and space), but a fallback string,
//! escaped for its context.

mod chain;
mod date;
mod round;

pub use chain::{Operand, Transform, push, write_json};
pub use date::{DatePatternError, check_date_pattern, write_date};
pub use round::round;

use crate::number;

/// The most decimal places `round` and `percent` take: past 15 a double's digits are no longer
/// all significant, and the generator rejects more.
pub const MAX_PLACES: u32 = 15;

/// Appends `v` as the runtime writes numbers (JavaScript's `String(v)`, wire format §3) when it is
/// finite, and returns whether it did; a non-finite `v` (an overflow) writes nothing.
pub fn write_number(out: &mut String, v: f64) -> bool {
    if !v.is_finite() {
        return false;
    }
    number::write_f64(out, v);
    true
}

/// Appends `v` as a percentage: `v × 100` rounded to `places` decimal places (half away from zero,
/// as the `round` filter), then `%` (`0.075` with 1 place: `7.5%`). Returns `false`, having written
/// nothing, when the result is not a finite number.
pub fn write_percent(out: &mut String, v: f64, places: u32) -> bool {
    let percent = round(v * 100.0, places);
    if !write_number(out, percent) {
        return false;
    }
    out.push('%');
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn percent(v: f64, places: u32) -> Option<String> {
        let mut out = String::new();
        write_percent(&mut out, v, places).then_some(out)
    }

    #[test]
    fn percentages_round_what_the_multiplication_leaves() {
        // 0.07 × 100 is 7.000000000000001 in doubles; rounding to 0 places gives 7.
        assert_eq!(percent(0.07, 0).as_deref(), Some("7%"));
        assert_eq!(percent(0.075, 1).as_deref(), Some("7.5%"));
        assert_eq!(percent(0.075, 0).as_deref(), Some("8%"));
        assert_eq!(percent(0.12345, 2).as_deref(), Some("12.35%"));
        assert_eq!(percent(-0.5, 0).as_deref(), Some("-50%"));
        assert_eq!(percent(-0.000001, 2).as_deref(), Some("0%"));
        assert_eq!(percent(1e307, 0), None);
        assert_eq!(percent(f64::NAN, 0), None);
    }

    #[test]
    fn only_finite_numbers_are_written() {
        let mut out = String::new();
        assert!(write_number(&mut out, -12.5));
        assert!(!write_number(&mut out, f64::INFINITY));
        assert!(!write_number(&mut out, f64::NAN));
        assert_eq!(out, "-12.5");
    }
}
