//! Numbers as JavaScript prints them.
//!
//! Both the JSON writer and the TOON encoder print numbers through this module, so that the data
//! block and the TOON text agree with each other and with `JSON.stringify` / `String(n)` upstream.
//! The layout is ECMAScript's `Number::toString` (ECMA-262 §6.1.6.1.20): shortest round-trip digits,
//! plain decimal for `1e-6 <= |n| < 1e21`, exponent form with an explicit sign outside that range.

/// Appends `v` as JavaScript's `String(v)` would print it, with JSON's rule for non-finite values.
///
/// `-0` prints `0`; NaN and ±Infinity print `null` (what `JSON.stringify` and TOON both require).
pub fn write_f64(out: &mut String, v: f64) {
    if !v.is_finite() {
        out.push_str("null");
        return;
    }
    if v == 0.0 {
        out.push('0');
        return;
    }
    // Integral values below 2^53 are exact in an i64 and print as plain digits; this is the common
    // case (amounts, counts) and skips the shortest-digits search entirely. The round trip through
    // `i64` (exact in this range) tests integrality in two conversions, where `fract` is a call
    // to `trunc`.
    if v.abs() < 9_007_199_254_740_992.0 {
        let integer = v as i64;
        if integer as f64 == v {
            write_i64(out, integer);
            return;
        }
    }
    if write_short_decimal(out, v) {
        return;
    }
    write_shortest(out, v);
}

/// Exact powers of ten: every `10^k` with `k <= 22` is a double (5^22 < 2^53).
const POW10: [f64; 17] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
];

/// Bound on `|v| · 10^k` for the fast path: 2^50.
const SCALED_LIMIT: f64 = 1_125_899_906_842_624.0;

/// The fast path for a non-integral `v` that is a decimal with few digits (tax rates, prices):
/// finds the fewest fractional digits `k` such that the decimal `m · 10^-k` reads back as `v`,
/// and writes it. Returns `false`, having written nothing, when it cannot prove that decimal is
/// JavaScript's output; the caller then takes the general path.
///
/// Why the text is exactly what ECMA-262 (and ryu) prints. Let `I` be the set of reals that
/// round to `v` (round to nearest, ties to even), so `I` is an interval of width at most
/// `ulp(v)` around `v`, and let `t = v · 10^k` (real), with `10^k` exact.
///
/// 1. Round trip: `m` is an integer of at most 2^50 and `10^k` is exact, so both are doubles and
///    IEEE division gives the double nearest to the real `m / 10^k` with the same rounding a
///    correct parser (JavaScript's, Rust's) applies to the text. `m / 10^k == v` therefore means
///    the decimal `m · 10^-k` lies in `I`.
/// 2. No miss: while the computed `|t|` is below 2^50 (so the real one is below 2^50 · (1 +
///    2^-52)), `10^k · ulp(v) <= |t| · 2^-52` is about 1/4 at most. If some `m'` with
///    `m' · 10^-k` in `I` exists, `|m' - t|` is about 1/8 at most; the computed product is
///    within `|t| · 2^-53`, about 1/8, of `t`; so it is about 1/4 from `m'`, far below the 1/2
///    at which rounding could pick another integer, and rounds to `m'`. So when the
///    test fails for every smaller `k`, no decimal with fewer fractional digits is in `I`, and
///    the same width bound leaves at most one integer in `10^k · I`: the candidate is unique,
///    so no tie between two shortest candidates can arise.
/// 3. Shortest: a decimal with `k` fractional digits (the last one not 0, which minimality
///    ensures: `m` ending in 0 would have passed at `k - 1`; `k = 0` is impossible since an
///    integer below 2^53 is a double other than the non-integral `v`) has
///    `floor(log10 |d|) + 1 + k` significant digits. Over `I` the first term is constant unless
///    `I` contains a power of ten `10^j`: not with `j >= 0` (that integer is a double other
///    than `v`), and with `j < 0` that power is the only decimal of `I` with at most `-j`
///    fractional digits, one significant digit, found as `m = ±1`. So fewest fractional digits
///    is fewest significant digits: the digits ECMA-262 asks for, and ryu's.
/// 4. Layout: `|d| < 2^50 < 1e21`, and `|m| >= 10^(k-6)` is checked, so `|d| >= 1e-6`: the
///    plain decimal form of `Number::toString`, `0.` and leading zeros below 1.
fn write_short_decimal(out: &mut String, v: f64) -> bool {
    for k in 1..POW10.len() {
        let scaled = v * POW10[k];
        // Infinite for huge `v`, which then stops here too.
        if scaled.abs() >= SCALED_LIMIT {
            return false;
        }
        let m = round_scaled(scaled);
        // `|m| <= 2^50`: exact as a double.
        if m as f64 / POW10[k] != v {
            continue;
        }
        let magnitude = m.unsigned_abs();
        if k > 6 && (magnitude as f64) < POW10[k - 6] {
            // Below 1e-6: exponent form, left to the general path.
            return false;
        }
        if v < 0.0 {
            out.push('-');
        }
        let mut digits_buffer = itoa::Buffer::new();
        let digits = digits_buffer.format(magnitude);
        match digits.len().checked_sub(k) {
            Some(int_len) if int_len > 0 => {
                let (int_digits, frac_digits) = digits.split_at(int_len);
                out.push_str(int_digits);
                out.push('.');
                out.push_str(frac_digits);
            }
            _ => {
                // At most five zeros: `|d| >= 1e-6`.
                const ZEROS: &str = "0.0000000000000000";
                out.push_str(&ZEROS[..2 + k - digits.len()]);
                out.push_str(digits);
            }
        }
        return true;
    }
    false
}

/// `scaled.round()` (half away from zero) for `|scaled| < 2^50`, as an integer, without the
/// call to `round` that `f64::round` is on a target without SSE4.1: the truncating conversion
/// is exact in this range, and so is the fraction it leaves (`scaled` and its integer part are
/// within a factor of two of each other, or the part is 0), so the result is exactly
/// `f64::round`'s.
#[cfg_attr(not(debug_assertions), inline(always))]
fn round_scaled(scaled: f64) -> i64 {
    let integer = scaled as i64;
    let fraction = scaled - integer as f64;
    if fraction >= 0.5 {
        integer + 1
    } else if fraction <= -0.5 {
        integer - 1
    } else {
        integer
    }
}

/// The general path: ryu's shortest digits in ECMA-262's layout.
fn write_shortest(out: &mut String, v: f64) {
    let mut ryu_buffer = ryu::Buffer::new();
    let shortest = ryu_buffer.format_finite(v);
    // Without an exponent, ryu's text is already JavaScript's: the same shortest digits in plain
    // decimal (ryu only switches to exponent form closer to 1 than JavaScript does). Integral
    // values reach here only past 2^53, where ryu writes a `.0` that JavaScript does not.
    if !shortest.contains('e') {
        out.push_str(shortest.strip_suffix(".0").unwrap_or(shortest));
        return;
    }
    let mut digit_buffer = [0u8; 32];
    let (negative, digit_count, point) = decompose(shortest, &mut digit_buffer);
    if negative {
        out.push('-');
    }
    layout(out, &digit_buffer[..digit_count], point);
}

/// Appends an `f32` by widening it: JavaScript numbers are doubles, so `0.1f32` prints as the
/// double it widens to, exactly as a value that crossed a JavaScript runtime would.
pub fn write_f32(out: &mut String, v: f32) {
    write_f64(out, f64::from(v));
}

/// Appends a signed integer in plain decimal.
pub fn write_i64(out: &mut String, v: i64) {
    out.push_str(itoa::Buffer::new().format(v));
}

/// Appends a wide signed integer in plain decimal: the `{sum:field}` of an integer field is
/// summed in `i128`, which no slice of `i64` values can overflow (it would take 2^64 rows), so a
/// sum over user data is exact and never panics.
pub fn write_i128(out: &mut String, v: i128) {
    out.push_str(itoa::Buffer::new().format(v));
}

/// Appends an unsigned integer in plain decimal.
pub fn write_u64(out: &mut String, v: u64) {
    out.push_str(itoa::Buffer::new().format(v));
}

/// Splits ryu's output into (sign, count of significant digits written to `digits` without leading
/// or trailing zeros, decimal point position `n` such that the value is `0.DIGITS × 10^n`).
///
/// A stack buffer keeps float formatting allocation-free: ryu prints at most 17 significant digits.
pub(crate) fn decompose(text: &str, digits: &mut [u8; 32]) -> (bool, usize, i32) {
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<i32>().unwrap_or(0)),
        None => (unsigned, 0),
    };
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all_digits = int_part.bytes().chain(frac_part.bytes());
    let leading_zeros = all_digits.clone().take_while(|&b| b == b'0').count();
    let mut count = 0;
    for (slot, digit) in digits.iter_mut().zip(all_digits.skip(leading_zeros)) {
        *slot = digit;
        count += 1;
    }
    while count > 0 && digits[count - 1] == b'0' {
        count -= 1;
    }
    let point = int_part.len() as i32 - leading_zeros as i32 + exponent;
    (negative, count, point)
}

/// ECMAScript `Number::toString` for digits `d1..dk` and point position `n`.
fn layout(out: &mut String, digits: &[u8], point: i32) {
    let k = digits.len() as i32;
    let push_digits = |out: &mut String, d: &[u8]| {
        // The digits come from ryu's ASCII output.
        out.extend(d.iter().map(|&b| char::from(b)));
    };
    if k <= point && point <= 21 {
        push_digits(out, digits);
        out.extend(std::iter::repeat_n('0', (point - k) as usize));
    } else if 0 < point && point <= 21 {
        let (int_digits, frac_digits) = digits.split_at(point as usize);
        push_digits(out, int_digits);
        out.push('.');
        push_digits(out, frac_digits);
    } else if -6 < point && point <= 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-point) as usize));
        push_digits(out, digits);
    } else {
        let exponent = point - 1;
        push_digits(out, &digits[..1]);
        if k > 1 {
            out.push('.');
            push_digits(out, &digits[1..]);
        }
        out.push('e');
        out.push(if exponent >= 0 { '+' } else { '-' });
        write_i64(out, i64::from(exponent.abs()));
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn js(v: f64) -> String {
        let mut out = String::new();
        write_f64(&mut out, v);
        out
    }

    /// Each right-hand side is what Node 20 prints for `String(v)` (and `JSON.stringify(v)`,
    /// except for the non-finite values, which JSON turns into `null`).
    #[test]
    fn matches_javascript_number_to_string() {
        let table: &[(f64, &str)] = &[
            (4500.0, "4500"),
            (0.0, "0"),
            (-0.0, "0"),
            (f64::NAN, "null"),
            (f64::INFINITY, "null"),
            (f64::NEG_INFINITY, "null"),
            (0.1 + 0.2, "0.30000000000000004"),
            (1e21, "1e+21"),
            (1e-7, "1e-7"),
            (-1e-7, "-1e-7"),
            (1e-6, "0.000001"),
            (1.5e300, "1.5e+300"),
            (1e20, "100000000000000000000"),
            (5e-324, "5e-324"),
            (2f64.powi(64), "18446744073709552000"),
            (2f64.powi(53), "9007199254740992"),
            (1.2345678901234568e20, "123456789012345680000"),
            (1.2345678901234568e21, "1.2345678901234568e+21"),
            (22.5, "22.5"),
            (0.19, "0.19"),
            (0.075, "0.075"),
            (-4500.0, "-4500"),
            (123.456, "123.456"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (2.5e-5, "0.000025"),
            (1.25e-7, "1.25e-7"),
            (-1.5, "-1.5"),
            // Exactly halfway between two shortest digit strings: ECMA-262 picks the even one.
            (1223507949980441.2, "1223507949980441.2"),
            (996885591436564.2, "996885591436564.2"),
        ];
        for &(value, expected) in table {
            assert_eq!(js(value), expected, "formatting {value:?}");
        }
    }

    /// The fast path's text for `v`, if it takes `v`.
    fn short(v: f64) -> Option<String> {
        let mut out = String::new();
        write_short_decimal(&mut out, v).then_some(out)
    }

    /// The general path's text for a non-integral `v`.
    fn general(v: f64) -> String {
        let mut out = String::new();
        write_shortest(&mut out, v);
        out
    }

    #[test]
    fn short_decimals_take_the_fast_path() {
        for (v, text) in [
            (0.19, "0.19"),
            (0.075, "0.075"),
            (-0.0825, "-0.0825"),
            (22.5, "22.5"),
            (1e-6, "0.000001"),
            (-2.5e-6, "-0.0000025"),
            (123_456_789.123, "123456789.123"),
            (0.1, "0.1"),
        ] {
            assert_eq!(short(v).as_deref(), Some(text), "{v:?}");
        }
        // Seventeen digits, exponent form, or too large to prove: the general path.
        for v in [
            0.1 + 0.2,
            1e-7,
            1.25e-7,
            1223507949980441.2,
            996885591436564.2,
        ] {
            assert_eq!(short(v), None, "{v:?}");
        }
    }

    /// The integer rounding agrees with `f64::round` where the fast path uses it, halves and
    /// the doubles beside them included.
    #[test]
    fn rounding_is_f64_round_below_two_to_the_fifty() {
        let limit = SCALED_LIMIT;
        let mut values = vec![
            0.0,
            0.5,
            1.5,
            2.5,
            0.49999999999999994,
            4503599627370495.5 / 4.0,
            limit.next_down(),
            (limit / 2.0).next_down(),
            (limit / 2.0) + 0.5,
            1e-300,
        ];
        for half in [0.5, 1.5, 2.5, 12345.5, 1125899906842.5] {
            values.extend([half, f64::next_down(half), f64::next_up(half)]);
        }
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..100_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Random bits below 2^50, with a random number of fractional bits.
            let scaled = (state >> 14) as f64 / f64::from(1u32 << (state % 20));
            values.push(scaled);
        }
        for v in values {
            for v in [v, -v] {
                assert_eq!(round_scaled(v) as f64, v.round(), "{v:?}");
            }
        }
    }

    /// Non-integral doubles (the fast path never sees integers or non-finite values).
    fn non_integral(v: f64) -> bool {
        v.is_finite() && v.fract() != 0.0
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]

        /// Any double: whenever the fast path answers, it answers what ryu's path prints.
        #[test]
        fn fast_path_agrees_with_ryu_on_any_double(
            v in proptest::num::f64::ANY.prop_filter("non-integral", |v| non_integral(*v))
        ) {
            if let Some(text) = short(v) {
                prop_assert_eq!(text, general(v), "{:?}", v);
            }
        }

        /// Decimals with few digits, `m / 10^k` (also their neighbours one ulp away, which
        /// need all 17 digits): the fast path answers for the decimals and agrees with ryu.
        #[test]
        fn fast_path_agrees_with_ryu_on_short_decimals(
            m in -10_000_000_000i64..10_000_000_000,
            k in 1usize..=12,
            neighbour in -1i8..=1,
        ) {
            let exact = m as f64 / POW10[k];
            let v = match neighbour {
                -1 => exact.next_down(),
                1 => exact.next_up(),
                _ => exact,
            };
            prop_assume!(non_integral(v));
            match short(v) {
                Some(text) => prop_assert_eq!(text, general(v), "{:?}", v),
                None => prop_assert!(
                    neighbour != 0 || v.abs() < 1e-6,
                    "the fast path refused {:?} = {} / 10^{}", v, m, k
                ),
            }
        }
    }

    #[test]
    fn integers_print_plainly() {
        let mut out = String::new();
        write_i64(&mut out, i64::MIN);
        out.push(' ');
        write_u64(&mut out, u64::MAX);
        assert_eq!(out, "-9223372036854775808 18446744073709551615");
    }
}
