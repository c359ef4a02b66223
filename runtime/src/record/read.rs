//! `Deserialize` of a generated struct: one visitor here, and in the struct's code one line per
//! field (the [`__record!`](crate::__record) table).
//!
//! serde's derive writes, per struct, a field enum with its own `Deserialize`, an identifier
//! visitor, a map visitor and a sequence visitor: about four hundred lines of expanded code for
//! ten fields, which the compiler type-checks and borrow-checks in every build of a crate with
//! hundreds of presenters. Here the identifier visitor and the map visitor are the runtime's,
//! written once; what is left per struct is a tuple of slots the runtime reads (`slots.rs`), or
//! for a struct wider than that tuple a loop that reads each value into its slot. The
//! behaviour is the derive's, call for call: the same `deserialize_struct`, the same errors
//! (`missing field`, `duplicate field`, `invalid type: …, expected struct T`), undeclared keys
//! skipped (the egress allow-list). One difference is deliberate: a struct reads from a map
//! only, not from a sequence of its values in field order (serde's derive accepts `[1, "a"]` for
//! a struct), since a presenter's data is keyed and a positional row would be read by position
//! into the wrong fields the day the schema's order changes.

use core::fmt;
use core::marker::PhantomData;

use indexmap::IndexMap;
use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, Unexpected,
    Visitor,
};
use serde_json::Value;

use super::Record;
use crate::pattern::{Pattern, matches_any};

/// A generated struct that reads itself from a map, field by field.
pub trait ReadRecord: Record + Sized {
    /// The struct's name, for `expected struct T`.
    const NAME: &'static str;

    /// The declared keys, in schema order, as `deserialize_struct` takes them.
    const FIELD_NAMES: &'static [&'static str];

    /// Reads the struct from `reader`: its fields into a tuple of slots
    /// ([`read_slots`](super::read_slots), [`finish_slots`](super::finish_slots)), or for a
    /// `wide` struct [`FieldReader::next_field`] for each key and [`FieldReader::read`] into the
    /// field's slot, then the slots into the struct. `None` when reading stopped on an error,
    /// which `reader` keeps.
    fn read_fields<R: FieldReader>(reader: &mut R) -> Option<Self>;
}

/// The map a generated struct reads its fields from, which keeps the first error itself.
///
/// A struct's reader is generic over this trait, which names no lifetime and no error type,
/// rather than over serde's `MapAccess<'de>`: every local of a function generic over `'de`
/// whose type mentions `A::Error` is a region the borrow checker must hold live over the whole
/// function, and a struct's reader has several per field, so its cost grew with the square of
/// its fields. Here every call answers `Option`, and `None` means "stop: the error is kept".
pub trait FieldReader {
    /// The next declared field of the map, as its index in [`ReadRecord::FIELD_NAMES`]
    /// (`Some(None)` at the end of the map). An undeclared key's value is read and dropped here,
    /// so the caller sees declared fields only.
    fn next_field<T: ReadRecord>(&mut self) -> Option<Option<u16>>;

    /// [`FieldReader::next_field`] of a struct that keeps undeclared keys: an undeclared key
    /// and its value go to `extra` (or are read and dropped when `extra` does not keep it).
    fn next_field_keeping<T: ReadRecord>(&mut self, extra: &mut Extra) -> Option<Option<u16>>;

    /// Reads the value of the field just named into `slot`; a second value for the same field
    /// is serde's `duplicate field` error.
    fn read<V: DeserializeOwned>(&mut self, slot: &mut Option<V>, key: &'static str) -> Option<()>;

    /// serde's `missing field` error, for a required field the map did not have.
    fn missing<V>(&mut self, key: &'static str) -> Option<V>;

    /// The kept undeclared keys, their values read as `V` ([`Extra::finish`]).
    fn kept<V: DeserializeOwned>(&mut self, extra: Extra) -> Option<IndexMap<String, V>>;
}

/// What a generated struct's `Deserialize` calls.
///
/// # Errors
/// The deserializer's, or the first error [`ReadRecord::read_fields`] met.
#[inline]
pub fn deserialize<'de, T: ReadRecord, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    deserializer.deserialize_struct(T::NAME, T::FIELD_NAMES, RecordVisitor::<T>(PhantomData))
}

/// The map visitor every generated struct shares.
struct RecordVisitor<T>(PhantomData<T>);

impl<'de, T: ReadRecord> Visitor<'de> for RecordVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "struct {}", T::NAME)
    }

    #[inline]
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        let mut reader = MapReader {
            map,
            error: None,
            marker: PhantomData,
        };
        T::read_fields(&mut reader).ok_or_else(|| {
            // Only a `MapReader` call answers `None`, and each keeps its error first.
            reader.error.take().unwrap_or_else(|| {
                de::Error::custom("the struct's reader stopped without an error")
            })
        })
    }
}

/// serde's map behind [`FieldReader`], with the first error it gave.
struct MapReader<'de, A: MapAccess<'de>> {
    map: A,
    error: Option<A::Error>,
    marker: PhantomData<&'de ()>,
}

impl<'de, A: MapAccess<'de>> MapReader<'de, A> {
    #[cold]
    fn stop<V>(&mut self, error: A::Error) -> Option<V> {
        self.error = Some(error);
        None
    }
}

impl<'de, A: MapAccess<'de>> FieldReader for MapReader<'de, A> {
    #[inline]
    fn next_field<T: ReadRecord>(&mut self) -> Option<Option<u16>> {
        loop {
            match self.map.next_key_seed(FieldIndex::<T>(PhantomData)) {
                Ok(None) => return Some(None),
                Ok(Some(Some(index))) => return Some(Some(index)),
                Ok(Some(None)) => {
                    if let Err(error) = self.map.next_value::<IgnoredAny>() {
                        return self.stop(error);
                    }
                }
                Err(error) => return self.stop(error),
            }
        }
    }

    #[inline]
    fn next_field_keeping<T: ReadRecord>(&mut self, extra: &mut Extra) -> Option<Option<u16>> {
        loop {
            match self.map.next_key_seed(KeyOrField::<T>(PhantomData)) {
                Ok(None) => return Some(None),
                Ok(Some(Ok(index))) => return Some(Some(index)),
                Ok(Some(Err(key))) => match self.map.next_value::<Value>() {
                    Ok(value) => {
                        if extra.keeps(&key) {
                            extra.entries.push((key, value));
                        }
                    }
                    Err(error) => return self.stop(error),
                },
                Err(error) => return self.stop(error),
            }
        }
    }

    #[inline]
    fn read<V: DeserializeOwned>(&mut self, slot: &mut Option<V>, key: &'static str) -> Option<()> {
        if slot.is_some() {
            return self.stop(de::Error::duplicate_field(key));
        }
        match self.map.next_value() {
            Ok(value) => {
                *slot = Some(value);
                Some(())
            }
            Err(error) => self.stop(error),
        }
    }

    #[cold]
    fn missing<V>(&mut self, key: &'static str) -> Option<V> {
        self.stop(de::Error::missing_field(key))
    }

    fn kept<V: DeserializeOwned>(&mut self, extra: Extra) -> Option<IndexMap<String, V>> {
        match extra.finish() {
            Ok(kept) => Some(kept),
            Err(error) => self.stop(error),
        }
    }
}

/// The undeclared keys a struct keeps (`additionalProperties`, or those matching
/// `patternProperties`), as [`FieldReader::next_field_keeping`] reads them: each value as JSON,
/// typed by [`Extra::finish`] only once the declared fields are read and checked. serde's
/// `flatten`, which read them before, reports a mistyped kept value after a missing or duplicate
/// field, and this keeps that order.
#[derive(Debug)]
pub struct Extra {
    patterns: &'static [Pattern],
    entries: Vec<(String, Value)>,
}

impl Extra {
    /// Keeps every undeclared key when `patterns` is empty, else those that match one.
    #[must_use]
    pub fn new(patterns: &'static [Pattern]) -> Self {
        Self {
            patterns,
            entries: Vec::new(),
        }
    }

    /// The kept keys with their values read as `V`, in the order the data had them; a key
    /// given twice keeps its first place and its last value, as a map insert does.
    ///
    /// # Errors
    /// The first value that does not read as `V`, with the message `V` gives.
    pub fn finish<V: DeserializeOwned, E: de::Error>(self) -> Result<IndexMap<String, V>, E> {
        let mut kept = IndexMap::with_capacity(self.entries.len());
        for (key, value) in self.entries {
            kept.insert(key, V::deserialize(value).map_err(E::custom)?);
        }
        Ok(kept)
    }

    fn keeps(&self, key: &str) -> bool {
        self.patterns.is_empty() || matches_any(self.patterns, key)
    }
}

/// An optional field's value: `None` when absent, and when `null` (its type reads `null` as
/// `None`).
#[inline]
pub fn optional<V>(slot: Option<Option<V>>) -> Option<V> {
    slot.flatten()
}

/// Reads a key as the index of the declared field it names, `None` for an undeclared key, as
/// serde's derived field identifier does (a string, bytes, or the field's number).
struct FieldIndex<T>(PhantomData<T>);

impl<'de, T: ReadRecord> DeserializeSeed<'de> for FieldIndex<T> {
    type Value = Option<u16>;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<u16>, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<T: ReadRecord> FieldIndex<T> {
    #[inline]
    fn position(bytes: &[u8]) -> Option<u16> {
        T::FIELD_NAMES
            .iter()
            .position(|name| name.as_bytes() == bytes)
            .map(|index| index as u16)
    }
}

impl<T: ReadRecord> Visitor<'_> for FieldIndex<T> {
    type Value = Option<u16>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("field identifier")
    }

    #[inline]
    fn visit_str<E: de::Error>(self, value: &str) -> Result<Option<u16>, E> {
        Ok(Self::position(value.as_bytes()))
    }

    fn visit_bytes<E: de::Error>(self, value: &[u8]) -> Result<Option<u16>, E> {
        Ok(Self::position(value))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Option<u16>, E> {
        Ok(usize::try_from(value)
            .ok()
            .filter(|&index| index < T::FIELD_NAMES.len())
            .map(|index| index as u16))
    }
}

/// Reads a key as the index of the declared field it names, or as the undeclared key itself.
/// A number is refused, not read as a field's position: serde's `flatten` kept it as an
/// undeclared key, which the map of string keys then refused.
struct KeyOrField<T>(PhantomData<T>);

impl<'de, T: ReadRecord> DeserializeSeed<'de> for KeyOrField<T> {
    type Value = Result<u16, String>;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<T: ReadRecord> Visitor<'_> for KeyOrField<T> {
    type Value = Result<u16, String>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string key")
    }

    #[inline]
    fn visit_str<E: de::Error>(self, value: &str) -> Result<Self::Value, E> {
        Ok(FieldIndex::<T>::position(value.as_bytes()).ok_or_else(|| value.to_owned()))
    }

    fn visit_string<E: de::Error>(self, value: String) -> Result<Self::Value, E> {
        Ok(FieldIndex::<T>::position(value.as_bytes()).ok_or(value))
    }

    fn visit_bytes<E: de::Error>(self, value: &[u8]) -> Result<Self::Value, E> {
        match FieldIndex::<T>::position(value) {
            Some(index) => Ok(Ok(index)),
            None => match core::str::from_utf8(value) {
                Ok(key) => Ok(Err(key.to_owned())),
                Err(_) => Err(E::invalid_value(Unexpected::Bytes(value), &self)),
            },
        }
    }
}
