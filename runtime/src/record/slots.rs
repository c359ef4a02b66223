//! The slots a generated struct reads its fields into: one per field, typed by how the field is
//! present ([`Required`], [`Optional`], [`Kept`]), in a tuple the runtime reads and finishes.
//!
//! A struct's reader is then three lines whatever its fields: make the slots, read them, build
//! the struct from what they hold. The per-field `match` arms (which field a key is, which error
//! a missing one gives) are the tuple's, written once here for each arity, instead of in every
//! struct of every build: a struct of fifteen fields compiled four times faster so, in a third of
//! the memory. A struct wider than the widest tuple ([`WIDEST`]) reads field by field instead
//! (`__record!`'s `wide`).

use serde::de::DeserializeOwned;

use super::read::{Extra, FieldReader, ReadRecord};

/// The most fields a struct reads through a tuple of slots.
pub const WIDEST: usize = 32;

/// One field's slot.
pub trait Slot {
    /// What the map holds for the field.
    type Read: DeserializeOwned;

    /// The field's value once read.
    type Value;

    /// Where the value read goes.
    fn slot(&mut self) -> &mut Option<Self::Read>;

    /// Reads the field's value from `reader`; a second value is serde's `duplicate field`.
    #[inline]
    fn read<R: FieldReader>(&mut self, reader: &mut R, key: &'static str) -> Option<()> {
        reader.read(self.slot(), key)
    }

    /// The field's value, or the error its absence is.
    fn finish<R: FieldReader>(self, reader: &mut R, key: &'static str) -> Option<Self::Value>;
}

/// The slot of a field that must be present (`required`, and `required_nullable`, whose
/// `Option<T>` reads `null` as `None`).
#[derive(Debug)]
pub struct Required<V>(Option<V>);

/// The slot of an optional field: absent or `null` is `None`.
#[derive(Debug)]
pub struct Optional<V>(Option<Option<V>>);

/// The slot of an optional field kept as read: `Option<Option<T>>` (`None` when absent,
/// `Some(None)` when `null`), or `Option<T>` where `T` reads `null` itself.
#[derive(Debug)]
pub struct Kept<V>(Option<V>);

impl<V> Required<V> {
    /// An empty slot.
    pub const NEW: Self = Self(None);
}

impl<V> Optional<V> {
    /// An empty slot.
    pub const NEW: Self = Self(None);
}

impl<V> Kept<V> {
    /// An empty slot.
    pub const NEW: Self = Self(None);
}

impl<V: DeserializeOwned> Slot for Required<V> {
    type Read = V;
    type Value = V;

    #[inline]
    fn slot(&mut self) -> &mut Option<V> {
        &mut self.0
    }

    #[inline]
    fn finish<R: FieldReader>(self, reader: &mut R, key: &'static str) -> Option<V> {
        match self.0 {
            Some(value) => Some(value),
            None => reader.missing(key),
        }
    }
}

impl<V: DeserializeOwned> Slot for Optional<V> {
    type Read = Option<V>;
    type Value = Option<V>;

    #[inline]
    fn slot(&mut self) -> &mut Option<Option<V>> {
        &mut self.0
    }

    #[inline]
    fn finish<R: FieldReader>(self, _reader: &mut R, _key: &'static str) -> Option<Option<V>> {
        Some(self.0.flatten())
    }
}

impl<V: DeserializeOwned> Slot for Kept<V> {
    type Read = V;
    type Value = Option<V>;

    #[inline]
    fn slot(&mut self) -> &mut Option<V> {
        &mut self.0
    }

    #[inline]
    fn finish<R: FieldReader>(self, _reader: &mut R, _key: &'static str) -> Option<Option<V>> {
        Some(self.0)
    }
}

/// A struct's slots, one per field in schema order: a tuple of [`Slot`]s.
pub trait Slots {
    /// The fields' values, in the same order.
    type Values;

    /// Reads field number `field` ([`ReadRecord::FIELD_NAMES`] order) into its slot.
    fn read_field<R: FieldReader>(
        &mut self,
        field: u16,
        reader: &mut R,
        keys: &'static [&'static str],
    ) -> Option<()>;

    /// Every field's value, or the error of the first missing one, in schema order.
    fn finish<R: FieldReader>(
        self,
        reader: &mut R,
        keys: &'static [&'static str],
    ) -> Option<Self::Values>;
}

/// Reads every declared field of the map into `slots`, dropping undeclared keys.
#[inline]
pub fn read_slots<T: ReadRecord, R: FieldReader, S: Slots>(
    reader: &mut R,
    slots: &mut S,
) -> Option<()> {
    while let Some(field) = reader.next_field::<T>()? {
        slots.read_field(field, reader, T::FIELD_NAMES)?;
    }
    Some(())
}

/// [`read_slots`] for a struct that keeps undeclared keys: they go to `extra`.
#[inline]
pub fn read_slots_keeping<T: ReadRecord, R: FieldReader, S: Slots>(
    reader: &mut R,
    slots: &mut S,
    extra: &mut Extra,
) -> Option<()> {
    while let Some(field) = reader.next_field_keeping::<T>(extra)? {
        slots.read_field(field, reader, T::FIELD_NAMES)?;
    }
    Some(())
}

/// The values `slots` hold, or the first missing field's error.
#[inline]
pub fn finish_slots<T: ReadRecord, R: FieldReader, S: Slots>(
    reader: &mut R,
    slots: S,
) -> Option<S::Values> {
    slots.finish(reader, T::FIELD_NAMES)
}

/// A struct of no declared fields (a map of undeclared keys only).
impl Slots for () {
    type Values = ();

    #[inline]
    fn read_field<R: FieldReader>(
        &mut self,
        _field: u16,
        _reader: &mut R,
        _keys: &'static [&'static str],
    ) -> Option<()> {
        Some(())
    }

    #[inline]
    fn finish<R: FieldReader>(self, _reader: &mut R, _keys: &'static [&'static str]) -> Option<()> {
        Some(())
    }
}

/// `Slots` for every tuple from one slot to [`WIDEST`]: each arity's impl, then the next one's
/// with one more slot.
macro_rules! tuple_slots {
    ([$($done:tt $done_slot:ident)*] $index:tt $slot:ident $($rest:tt)*) => {
        impl<$($done_slot: Slot,)* $slot: Slot> Slots for ($($done_slot,)* $slot,) {
            type Values = ($($done_slot::Value,)* $slot::Value,);

            #[inline]
            fn read_field<R: FieldReader>(
                &mut self,
                field: u16,
                reader: &mut R,
                keys: &'static [&'static str],
            ) -> Option<()> {
                match field {
                    $($done => self.$done.read(reader, keys[$done]),)*
                    $index => self.$index.read(reader, keys[$index]),
                    _ => Some(()),
                }
            }

            #[inline]
            fn finish<R: FieldReader>(
                self,
                reader: &mut R,
                keys: &'static [&'static str],
            ) -> Option<Self::Values> {
                Some((
                    $(self.$done.finish(reader, keys[$done])?,)*
                    self.$index.finish(reader, keys[$index])?,
                ))
            }
        }
        tuple_slots!([$($done $done_slot)* $index $slot] $($rest)*);
    };
    ([$($done:tt $done_slot:ident)*]) => {};
}

tuple_slots!([]
    0 S0 1 S1 2 S2 3 S3 4 S4 5 S5 6 S6 7 S7 8 S8 9 S9 10 S10 11 S11 12 S12 13 S13 14 S14 15 S15
    16 S16 17 S17 18 S18 19 S19 20 S20 21 S21 22 S22 23 S23 24 S24 25 S25 26 S26 27 S27 28 S28
    29 S29 30 S30 31 S31
);
