//! Deserializing nullable fields so that `null` and absence stay apart, as the schema says.
//!
//! A derived `Deserialize` treats a missing `Option` field as `None`, and an `Option<Option<T>>`
//! field's `null` as `None` too: both lose what the data said. A derived struct pointing
//! `deserialize_with` at these functions reads them as the schema says, which is what the
//! tests of `__record!`'s own reader compare it with:
//!
//! - a required nullable field (`Option<T>`) must be present: missing is an error (a field with
//!   `deserialize_with` and no `default` is required by serde), `null` is `None`;
//! - an optional nullable field (`Option<Option<T>>`, with `default`) is `None` when absent,
//!   `Some(None)` when `null` and `Some(Some(value))` otherwise, and is written back the same way:
//!   absent stays absent, `null` stays `null` (MCP Fusion keeps an explicit `null` too).

use serde::{Deserialize, Deserializer};

/// A required nullable field: `null` is `None`; the key must be there.
pub fn required<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer)
}

/// An optional nullable field that is present: `Some(None)` for `null`, `Some(Some(value))`
/// otherwise. Absence never reaches here: `#[serde(default)]` makes it `None`.
pub fn present<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

/// An optional field that is present, read by its own type even when it is `null`: for a type
/// that holds `null` as a value (any JSON value) or refuses it (a type no value fits, the schema
/// `false`), where `Option`'s reading of `null` as absence would drop the value or let the key
/// through.
pub fn value<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Row {
        #[serde(deserialize_with = "super::required")]
        must: Option<u8>,
        #[serde(default, deserialize_with = "super::present")]
        may: Option<Option<u8>>,
    }

    #[test]
    fn null_and_absence_stay_apart() {
        let read = |json: &str| serde_json::from_str::<Row>(json);
        assert_eq!(
            read(r#"{"must":null}"#).unwrap(),
            Row {
                must: None,
                may: None
            }
        );
        assert_eq!(
            read(r#"{"must":1,"may":null}"#).unwrap(),
            Row {
                must: Some(1),
                may: Some(None)
            }
        );
        assert_eq!(
            read(r#"{"must":1,"may":2}"#).unwrap(),
            Row {
                must: Some(1),
                may: Some(Some(2))
            }
        );
        assert_eq!(
            read(r#"{"may":2}"#).unwrap_err().to_string(),
            "missing field `must` at line 1 column 9"
        );
    }
}
