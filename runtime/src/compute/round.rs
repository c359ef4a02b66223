//! Rounding to decimal places, on the digits a reader sees.

use crate::number::decompose;

/// `v` rounded to `places` decimal places, half away from zero, on its shortest decimal digits
/// (the digits the runtime prints, wire format §3), not on its binary value.
///
/// So `2.675` rounds to `2.68` and `1.005` to `1.01`, as written, where `(v * 100).round() / 100`
/// gives `2.67` and `1` (the doubles nearest `2.675` and `1.005` lie just below them). The
/// rounded decimal is read back as the nearest double; with at most 15 significant digits it
/// prints as that decimal again. Non-finite values come back unchanged, and a negative value that
/// rounds to zero is `-0`, which prints `0`.
pub fn round(v: f64, places: u32) -> f64 {
    if !v.is_finite() || v == 0.0 {
        return v;
    }
    let mut text = ryu::Buffer::new();
    let mut digits = [0u8; 32];
    let (negative, count, point) = decompose(text.format_finite(v), &mut digits);
    // The value is 0.d1d2…dk × 10^point; `keep` digits lie before the last place kept.
    let keep = i64::from(point) + i64::from(places);
    if keep >= count as i64 {
        return v;
    }
    let sign = if negative { "-" } else { "" };
    if keep < 0 {
        // Even the first digit is past the place after the last one kept: below half of it.
        return if negative { -0.0 } else { 0.0 };
    }
    let keep = keep as usize;
    let mut kept: Vec<u8> = digits[..keep].to_vec();
    let mut point = point;
    if digits[keep] >= b'5' {
        // Carry from the last kept digit; `999` becomes `1000`, one more digit before the point.
        let mut at = kept.len();
        loop {
            if at == 0 {
                kept.insert(0, b'1');
                point += 1;
                break;
            }
            at -= 1;
            if kept[at] == b'9' {
                kept[at] = b'0';
            } else {
                kept[at] += 1;
                break;
            }
        }
    }
    if kept.iter().all(|&d| d == b'0') {
        return if negative { -0.0 } else { 0.0 };
    }
    let mantissa: String = kept.iter().map(|&d| char::from(d)).collect();
    // `0.DIGITS e POINT` is the rounded decimal exactly; Rust's parser rounds it correctly.
    format!("{sign}0.{mantissa}e{point}").parse().unwrap_or(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::write_f64;

    fn rounded(v: f64, places: u32) -> String {
        let mut out = String::new();
        write_f64(&mut out, round(v, places));
        out
    }

    #[test]
    fn halves_round_away_from_zero_on_the_written_digits() {
        for (v, places, text) in [
            (2.675, 2, "2.68"),
            (1.005, 2, "1.01"),
            (0.125, 2, "0.13"),
            (-0.125, 2, "-0.13"),
            (2.5, 0, "3"),
            (-2.5, 0, "-3"),
            (0.5, 0, "1"),
            (0.49999, 0, "0"),
            (1.4999999999999998, 0, "1"),
            (9.995, 2, "10"),
            (-9.995, 2, "-10"),
            (99.5, 0, "100"),
            (0.0005, 3, "0.001"),
            (0.0004, 3, "0"),
            (-0.004, 2, "0"),
            (1e-7, 2, "0"),
            (5e-7, 6, "0.000001"),
            (0.30000000000000004, 15, "0.3"),
            (45.0, 2, "45"),
            (123456789012.34568, 2, "123456789012.35"),
            (1e21, 2, "1e+21"),
            (1.5e300, 0, "1.5e+300"),
        ] {
            assert_eq!(rounded(v, places), text, "round({v:?}, {places})");
        }
    }

    #[test]
    fn non_finite_and_zero_pass_through() {
        assert!(round(f64::NAN, 2).is_nan());
        assert_eq!(round(f64::INFINITY, 2), f64::INFINITY);
        assert_eq!(round(0.0, 2), 0.0);
        assert_eq!(rounded(-0.0, 2), "0");
    }
}
