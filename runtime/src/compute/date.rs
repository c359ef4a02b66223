//! The `date` transform: an RFC 3339 date or date-time string rewritten by a small pattern.
//!
//! Patterns are runs of tokens and separators: `YYYY` (year, four digits), `MM` (month `01`–`12`),
//! `M` (`1`–`12`), `MMM` (`Jan`), `MMMM` (`January`), `DD` (day `01`–`31`), `D` (`1`–`31`), `HH`
//! (hour `00`–`23`), `mm` (minute), `ss` (second), and the separators `-`, `/`, `.`, `,`, `:` and
//! space. Anything else is rejected when the definition is generated ([`check_date_pattern`]).

/// Why a pattern is not one of the documented ones: the message and the 0-based character
/// offset in the pattern where the problem starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatePatternError {
    /// What is wrong.
    pub message: String,
    /// Where in the pattern (characters from its start).
    pub at: usize,
}

/// One element of a pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    Year,
    Month,
    MonthShort,
    MonthLong,
    MonthPadded,
    Day,
    DayPadded,
    Hour,
    Minute,
    Second,
    Separator(char),
}

impl Token {
    fn is_time(self) -> bool {
        matches!(self, Token::Hour | Token::Minute | Token::Second)
    }
}

const TOKENS: &str =
    "YYYY, MM, M, MMM, MMMM, DD, D, HH, mm, ss and the separators - / . , : and space";

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The pattern's tokens with the character offset of each, in order; an error ends them.
/// Nothing is allocated: the generated code formats every row's date with it.
fn tokens(pattern: &str) -> impl Iterator<Item = Result<(usize, Token), DatePatternError>> + '_ {
    let mut rest = pattern;
    let mut at = 0;
    std::iter::from_fn(move || {
        let c = rest.chars().next()?;
        let run = rest.chars().take_while(|&d| d == c).count();
        let (token, length) = match (c, run) {
            ('-' | '/' | '.' | ',' | ':' | ' ', _) => (Token::Separator(c), 1),
            ('Y', 4) => (Token::Year, 4),
            ('M', 1) => (Token::Month, 1),
            ('M', 2) => (Token::MonthPadded, 2),
            ('M', 3) => (Token::MonthShort, 3),
            ('M', 4) => (Token::MonthLong, 4),
            ('D', 1) => (Token::Day, 1),
            ('D', 2) => (Token::DayPadded, 2),
            ('H', 2) => (Token::Hour, 2),
            ('m', 2) => (Token::Minute, 2),
            ('s', 2) => (Token::Second, 2),
            _ => {
                let spelled: String = rest.chars().take(run).collect();
                let error = DatePatternError {
                    message: format!(
                        "`{}` is not a date pattern token; use {TOKENS}",
                        spelled.escape_debug()
                    ),
                    at,
                };
                rest = "";
                return Some(Err(error));
            }
        };
        let start = at;
        // Every token is ASCII: its length in characters is its length in bytes.
        rest = &rest[length..];
        at += length;
        Some(Ok((start, token)))
    })
}

/// Checks a pattern at generation time; `has_time` says whether the value is a date-time (so
/// `HH`, `mm` and `ss` have something to show).
pub fn check_date_pattern(pattern: &str, has_time: bool) -> Result<(), DatePatternError> {
    if pattern.is_empty() {
        return Err(DatePatternError {
            message: format!("the date pattern is empty; use {TOKENS}"),
            at: 0,
        });
    }
    for token in tokens(pattern) {
        let (at, token) = token?;
        if !has_time && token.is_time() {
            return Err(DatePatternError {
                message: "a `date` value has no time: `HH`, `mm` and `ss` need `format: date-time`"
                    .into(),
                at,
            });
        }
    }
    Ok(())
}

/// A parsed date and, for a date-time, the time as written.
struct Moment {
    year: u32,
    month: u32,
    day: u32,
    time: Option<(u32, u32, u32)>,
}

/// `count` ASCII digits of `bytes` at `at` as a number.
fn digits(bytes: &[u8], at: usize, count: usize) -> Option<u32> {
    let slice = bytes.get(at..at + count)?;
    slice.iter().try_fold(0u32, |n, &b| {
        b.is_ascii_digit().then(|| n * 10 + u32::from(b - b'0'))
    })
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Reads an RFC 3339 `full-date` (`2026-12-03`) or `date-time` (`2026-12-03T14:05:09Z`, with
/// `t`, `z`, fractional seconds and `±HH:MM` offsets), checking every range (leap years, the
/// leap second `60`); anything else is `None`.
fn parse(value: &str) -> Option<Moment> {
    let b = value.as_bytes();
    let year = digits(b, 0, 4)?;
    let month = digits(b, 5, 2)?;
    let day = digits(b, 8, 2)?;
    if b.get(4) != Some(&b'-') || b.get(7) != Some(&b'-') {
        return None;
    }
    if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
        return None;
    }
    if b.len() == 10 {
        return Some(Moment {
            year,
            month,
            day,
            time: None,
        });
    }
    if !matches!(b.get(10), Some(b'T' | b't'))
        || b.get(13) != Some(&b':')
        || b.get(16) != Some(&b':')
    {
        return None;
    }
    let (hour, minute, second) = (digits(b, 11, 2)?, digits(b, 14, 2)?, digits(b, 17, 2)?);
    if hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    let mut at = 19;
    if b.get(at) == Some(&b'.') {
        let fraction = b[at + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if fraction == 0 {
            return None;
        }
        at += 1 + fraction;
    }
    let offset_ok = match b.get(at) {
        Some(b'Z' | b'z') => b.len() == at + 1,
        Some(b'+' | b'-') => {
            b.len() == at + 6
                && b[at + 3] == b':'
                && digits(b, at + 1, 2).is_some_and(|h| h <= 23)
                && digits(b, at + 4, 2).is_some_and(|m| m <= 59)
        }
        _ => false,
    };
    offset_ok.then_some(Moment {
        year,
        month,
        day,
        time: Some((hour, minute, second)),
    })
}

/// Appends `n` with at least `width` digits (zeros in front); `n` is below 10000.
fn push_padded(out: &mut String, n: u32, width: usize) {
    let mut buffer = itoa::Buffer::new();
    let digits = buffer.format(n);
    out.extend(std::iter::repeat_n('0', width.saturating_sub(digits.len())));
    out.push_str(digits);
}

/// Appends `value` rewritten by `pattern` and returns `true`; returns `false`, having written
/// nothing, when the value is not an RFC 3339 date or date-time, when the pattern shows a time
/// the value does not have, or when the pattern is not valid ([`check_date_pattern`]).
///
/// The time is the one written in the value: its offset is not applied (`23:30-05:00` shows
/// `23:30`), so a date never moves to another day.
pub fn write_date(out: &mut String, value: &str, pattern: &str) -> bool {
    let Some(moment) = parse(value) else {
        return false;
    };
    // A first pass over the pattern, so that nothing is written unless all of it can be.
    let mut shows_time = false;
    for token in tokens(pattern) {
        match token {
            Ok((_, token)) => shows_time |= token.is_time(),
            Err(_) => return false,
        }
    }
    let time = match (moment.time, shows_time) {
        (Some(time), _) => time,
        (None, false) => (0, 0, 0),
        (None, true) => return false,
    };
    let month = MONTHS[(moment.month - 1) as usize];
    for (_, token) in tokens(pattern).flatten() {
        match token {
            Token::Year => push_padded(out, moment.year, 4),
            Token::Month => push_padded(out, moment.month, 1),
            Token::MonthPadded => push_padded(out, moment.month, 2),
            Token::MonthShort => out.push_str(&month[..3]),
            Token::MonthLong => out.push_str(month),
            Token::Day => push_padded(out, moment.day, 1),
            Token::DayPadded => push_padded(out, moment.day, 2),
            Token::Hour => push_padded(out, time.0, 2),
            Token::Minute => push_padded(out, time.1, 2),
            Token::Second => push_padded(out, time.2, 2),
            Token::Separator(c) => out.push(c),
        }
    }
    !pattern.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn format(value: &str, pattern: &str) -> Option<String> {
        let mut out = String::new();
        let written = write_date(&mut out, value, pattern);
        assert_eq!(written, !out.is_empty(), "nothing is written on failure");
        written.then_some(out)
    }

    #[test]
    fn every_token_writes_its_part() {
        let at = "2026-03-07T09:05:01.250+05:30";
        assert_eq!(
            format(at, "YYYY-MM-DD HH:mm:ss").as_deref(),
            Some("2026-03-07 09:05:01")
        );
        assert_eq!(format(at, "D MMMM YYYY").as_deref(), Some("7 March 2026"));
        assert_eq!(format(at, "MMM D, YYYY").as_deref(), Some("Mar 7, 2026"));
        assert_eq!(format(at, "M/D/YYYY").as_deref(), Some("3/7/2026"));
        assert_eq!(format(at, "DD.MM.YYYY").as_deref(), Some("07.03.2026"));
        assert_eq!(
            format("2026-12-31", "DD/MM/YYYY").as_deref(),
            Some("31/12/2026")
        );
        assert_eq!(format("0042-01-01", "YYYY").as_deref(), Some("0042"));
        assert_eq!(
            format("2026-12-31t23:59:60z", "HH:mm:ss").as_deref(),
            Some("23:59:60")
        );
    }

    #[test]
    fn what_does_not_parse_writes_nothing() {
        for value in [
            "",
            "2026-02-29",
            "2024-02-30",
            "2026-13-01",
            "2026-00-10",
            "2026-04-31",
            "2026-1-01",
            "2026/01/01",
            "2026-01-01T24:00:00Z",
            "2026-01-01T10:60:00Z",
            "2026-01-01T10:00:00",
            "2026-01-01T10:00:00.Z",
            "2026-01-01T10:00:00+5:30",
            "2026-01-01T10:00:00+24:00",
            "2026-01-01 10:00:00Z",
            "2026-01-01Z",
            "２０２６-01-01",
            "yesterday",
        ] {
            assert_eq!(format(value, "YYYY-MM-DD"), None, "{value:?}");
        }
        assert_eq!(format("2024-02-29", "D MMM").as_deref(), Some("29 Feb"));
        assert_eq!(format("2000-02-29", "D MMM").as_deref(), Some("29 Feb"));
        assert_eq!(format("1900-02-29", "D MMM"), None);
        // A time the value does not have.
        assert_eq!(format("2026-01-01", "HH:mm"), None);
    }

    #[test]
    fn patterns_are_checked() {
        assert_eq!(check_date_pattern("D MMMM YYYY", false), Ok(()));
        assert_eq!(check_date_pattern("YYYY-MM-DD HH:mm", true), Ok(()));
        let error = check_date_pattern("YYYY-QQ", false).unwrap_err();
        assert_eq!(error.at, 5);
        assert!(
            error
                .message
                .starts_with("`QQ` is not a date pattern token"),
            "{}",
            error.message
        );
        assert_eq!(check_date_pattern("YY", false).unwrap_err().at, 0);
        assert_eq!(check_date_pattern("", false).unwrap_err().at, 0);
        let error = check_date_pattern("DD.MM HH:mm", false).unwrap_err();
        assert_eq!(error.at, 6);
        assert!(error.message.contains("date-time"), "{}", error.message);
        assert!(!write_date(&mut String::new(), "2026-01-01", "YYYY-QQ"));
    }
}
