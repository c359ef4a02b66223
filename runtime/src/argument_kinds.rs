//! Tool arguments beyond the basic kinds: the sized integers (`format: int32`, `uint8`, …), read
//! as an `integer` is (zod's `z.number().int()`, whole floats accepted) then bounded by the
//! kind's range with the bound in the hint as zod's `.min()`/`.max()` word it (`expected number`:
//! a number check names its origin from the bound's JavaScript type, never `int`; checked
//! against upstream in `tests/fixtures/upstream/bounds.json`, `small_above_its_format_range`); and any JSON value
//! (`{}` in a schema, zod's `z.any()`), taken as sent.

use serde_json::Value;

use crate::args::{ArgPath, FromArgument};
use crate::validation::{FieldIssue, Hint};

macro_rules! sized_integers {
    ($($ty:ty),*) => {$(
        impl FromArgument for $ty {
            const EXPECTED: &'static str = <i64 as FromArgument>::EXPECTED;
            fn from_argument(
                value: &Value,
                path: &ArgPath<'_>,
                issues: &mut Vec<FieldIssue>,
            ) -> Option<Self> {
                let wide = <i64 as FromArgument>::from_argument(value, path, issues)?;
                match <$ty>::try_from(wide) {
                    Ok(fits) => Some(fits),
                    Err(_) => {
                        issues.push(out_of_range(
                            path,
                            value,
                            wide,
                            i128::from(<$ty>::MIN),
                            i128::from(<$ty>::MAX),
                        ));
                        None
                    }
                }
            }
        }
    )*};
}

sized_integers!(i8, i16, i32, u8, u16, u32);

/// `u64` past `i64::MAX` cannot come from a JavaScript client (it reads every number as a
/// double, and the integer parser stops at 2^53 − 1), so the `i64` reading bounds it already.
impl FromArgument for u64 {
    const EXPECTED: &'static str = <i64 as FromArgument>::EXPECTED;
    fn from_argument(
        value: &Value,
        path: &ArgPath<'_>,
        issues: &mut Vec<FieldIssue>,
    ) -> Option<Self> {
        let wide = <i64 as FromArgument>::from_argument(value, path, issues)?;
        match u64::try_from(wide) {
            Ok(fits) => Some(fits),
            Err(_) => {
                issues.push(out_of_range(path, value, wide, 0, i128::from(u64::MAX)));
                None
            }
        }
    }
}

/// `{}`: any JSON value is valid, as sent.
impl FromArgument for Value {
    const EXPECTED: &'static str = "unknown";
    fn from_argument(
        value: &Value,
        _path: &ArgPath<'_>,
        _issues: &mut Vec<FieldIssue>,
    ) -> Option<Self> {
        Some(value.clone())
    }
}

fn out_of_range(path: &ArgPath<'_>, sent: &Value, wide: i64, min: i128, max: i128) -> FieldIssue {
    let (message, hint) = if i128::from(wide) > max {
        (
            format!("Too big: expected number to be <={max}"),
            format!("Must be <= {max}."),
        )
    } else {
        (
            format!("Too small: expected number to be >={min}"),
            format!("Must be >= {min}."),
        )
    };
    // zod's `.min()`/`.max()`: a refinement it goes on after.
    FieldIssue::new(path.to_string(), message)
        .sent(Some(sent))
        .hint(Hint::Other(hint))
        .continuing()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read<T: FromArgument>(value: Value) -> (Option<T>, Vec<String>) {
        let mut issues = Vec::new();
        let read = T::from_argument(&value, &ArgPath::Root, &mut issues);
        (read, issues.iter().map(|i| i.message.clone()).collect())
    }

    #[test]
    fn sized_kinds_take_their_range_and_name_the_bound_past_it() {
        assert_eq!(read::<u8>(Value::from(255)), (Some(255), vec![]));
        assert_eq!(read::<i32>(Value::from(-5.0)), (Some(-5), vec![]));
        assert_eq!(
            read::<u8>(Value::from(256)),
            (
                None,
                vec!["Too big: expected number to be <=255".to_owned()]
            )
        );
        assert_eq!(
            read::<u32>(Value::from(-1)),
            (
                None,
                vec!["Too small: expected number to be >=0".to_owned()]
            )
        );
        assert_eq!(
            read::<i16>(Value::from(-40_000)),
            (
                None,
                vec!["Too small: expected number to be >=-32768".to_owned()]
            )
        );
        assert_eq!(read::<u64>(Value::from(7)), (Some(7), vec![]));
    }
}
