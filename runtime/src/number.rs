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
    // case (amounts, counts) and skips the shortest-digits search entirely.
    if v.fract() == 0.0 && v.abs() < 9_007_199_254_740_992.0 {
        write_i64(out, v as i64);
        return;
    }
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

/// Appends an unsigned integer in plain decimal.
pub fn write_u64(out: &mut String, v: u64) {
    out.push_str(itoa::Buffer::new().format(v));
}

/// Splits ryu's output into (sign, count of significant digits written to `digits` without leading
/// or trailing zeros, decimal point position `n` such that the value is `0.DIGITS × 10^n`).
///
/// A stack buffer keeps float formatting allocation-free: ryu prints at most 17 significant digits.
fn decompose(text: &str, digits: &mut [u8; 32]) -> (bool, usize, i32) {
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

    #[test]
    fn integers_print_plainly() {
        let mut out = String::new();
        write_i64(&mut out, i64::MIN);
        out.push(' ');
        write_u64(&mut out, u64::MAX);
        assert_eq!(out, "-9223372036854775808 18446744073709551615");
    }
}
