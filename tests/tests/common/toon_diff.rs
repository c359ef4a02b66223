//! The differential property of the generated TOON encoders: for any items and any selection,
//! the typed encoder writes exactly what the generic encoder writes for the same data as a
//! `serde_json::Value` (`encode_value(&serde_json::to_value(..))`), cut to the selection by the
//! reference rule of wire format §9, for all three delimiters, as a slice and as one item.

use fusion_runtime::Selection;
use fusion_runtime::toon::{
    Delimiter, ToonOptions, WriteToon, encode_typed, encode_typed_slice, encode_value,
};
use proptest::prelude::*;
use serde_json::{Map, Value};

/// The three delimiters.
pub const DELIMITERS: [Delimiter; 3] = [Delimiter::Comma, Delimiter::Tab, Delimiter::Pipe];

/// §9 on a serde value, written independently of the runtime: the selected root keys, in the
/// selection's order; every key when the selection is empty.
pub fn select(value: Value, keys: &[&str], selection: &Selection) -> Value {
    let Value::Object(mut object) = value else {
        return value;
    };
    if selection.is_all() {
        return Value::Object(object);
    }
    let mut picked = Map::new();
    for &field in selection.fields() {
        if let Some(key) = keys.get(usize::from(field))
            && let Some(v) = object.remove(*key)
        {
            picked.insert((*key).to_owned(), v);
        }
    }
    Value::Object(picked)
}

/// Checks the typed encoders against the generic one on `items` and on its first element.
pub fn toon_agrees<T: WriteToon>(items: &[T], selection: &Selection) -> Result<(), TestCaseError> {
    let keys: Vec<&str> = (0..T::FIELD_COUNT).map(T::field_key).collect();
    let values: Vec<Value> = items
        .iter()
        .map(|item| serde_json::to_value(item).map(|v| select(v, &keys, selection)))
        .collect::<Result<_, _>>()
        .map_err(|e| TestCaseError::fail(format!("Serialize failed: {e}")))?;
    for delimiter in DELIMITERS {
        let options = ToonOptions::new().with_delimiter(delimiter);
        let generic = encode_value(&Value::Array(values.clone()), &options);
        let typed = encode_typed_slice(items, selection, &options);
        prop_assert_eq!(&typed, &generic, "slice, {:?}", delimiter);
        if let (Some(item), Some(value)) = (items.first(), values.first()) {
            let typed = encode_typed(item, selection, &options);
            prop_assert_eq!(
                typed,
                encode_value(value, &options),
                "item, {:?}",
                delimiter
            );
        }
    }
    Ok(())
}

/// Selections over `len` fields: empty (all), or up to `len + 1` indices (one may be out of
/// range, which every writer skips), duplicates included.
pub fn selection(len: usize) -> impl Strategy<Value = Selection> {
    prop_oneof![
        Just(Selection::all()),
        proptest::collection::vec(0..=len as u16, 1..=len + 1).prop_map(Selection::from_indices),
    ]
}
