//! `Serialize` of a generated struct, through its [`Record`]: the same fields, absences and
//! censors as the data block, so that `serde_json::to_value(&item)` or a structured result can
//! never show what the presenter hides (a redacted field is its censor here too, wire format
//! §10).

use serde::ser::{Error as _, SerializeMap, SerializeStruct, Serializer};

use super::{Censor, Clip, FieldSink, FieldValue, Key, Record};

/// What a generated struct's `Serialize` calls: a struct of the fields on the wire (as serde's
/// derive writes one), or a map when the struct keeps undeclared keys.
///
/// # Errors
/// The serializer's.
pub fn serialize<R: Record + ?Sized, S: Serializer>(
    record: &R,
    name: &'static str,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut count = Count(0);
    record.visit(&mut count);
    if record.extra_len() == 0 {
        write(
            record,
            StructEntries(serializer.serialize_struct(name, count.0)?),
        )
    } else {
        write(record, MapEntries(serializer.serialize_map(Some(count.0))?))
    }
}

/// Hands `record`'s fields to `entries`. The first error stops the writing: a sink's calls
/// cannot return it, so it is kept and returned at the end.
fn write<R: Record + ?Sized, E: Entries>(record: &R, entries: E) -> Result<E::Ok, E::Error> {
    let mut sink = EntrySink {
        entries,
        error: None,
    };
    record.visit(&mut sink);
    match sink.error {
        Some(error) => Err(error),
        None => sink.entries.end(),
    }
}

/// Counts the fields on the wire: the length `serialize_struct` is told.
struct Count(usize);

impl FieldSink<'_> for Count {
    fn field<T: FieldValue + ?Sized>(&mut self, _key: &'static Key, _value: &T) {
        self.0 += 1;
    }

    fn censored(&mut self, _key: &'static Key, _censor: Censor, _has_value: bool) {
        self.0 += 1;
    }

    fn clipped(&mut self, _key: &'static Key, _text: Option<Clip<'_>>) {
        self.0 += 1;
    }

    fn entry<T: FieldValue + ?Sized>(&mut self, _key: &str, _value: &T) {
        self.0 += 1;
    }
}

/// The censor, or `null` (a redacted `null` stays `null`).
struct Censored(Option<&'static str>);

impl serde::Serialize for Censored {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Some(text) => serializer.serialize_str(text),
            None => serializer.serialize_none(),
        }
    }
}

/// A struct's or a map's serializer, as the sink writes into either.
trait Entries {
    type Ok;
    type Error: serde::ser::Error;

    /// A declared field.
    fn declared<T: serde::Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Self::Error>;

    /// An undeclared key the struct keeps.
    fn undeclared<T: serde::Serialize + ?Sized>(
        &mut self,
        key: &str,
        value: &T,
    ) -> Result<(), Self::Error>;

    fn end(self) -> Result<Self::Ok, Self::Error>;
}

/// The fields of a struct without undeclared keys.
struct StructEntries<S>(S);

impl<S: SerializeStruct> Entries for StructEntries<S> {
    type Ok = S::Ok;
    type Error = S::Error;

    fn declared<T: serde::Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), S::Error> {
        self.0.serialize_field(key, value)
    }

    fn undeclared<T: serde::Serialize + ?Sized>(
        &mut self,
        key: &str,
        _value: &T,
    ) -> Result<(), S::Error> {
        // `serialize` takes a map for a struct that has undeclared keys: one here is a broken
        // `Record`, reported rather than dropped.
        Err(S::Error::custom(format_args!(
            "undeclared key `{key}` in a struct serialized without them"
        )))
    }

    fn end(self) -> Result<S::Ok, S::Error> {
        self.0.end()
    }
}

/// The fields, then the undeclared keys, of a struct that keeps them.
struct MapEntries<S>(S);

impl<S: SerializeMap> Entries for MapEntries<S> {
    type Ok = S::Ok;
    type Error = S::Error;

    fn declared<T: serde::Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), S::Error> {
        self.0.serialize_entry(key, value)
    }

    fn undeclared<T: serde::Serialize + ?Sized>(
        &mut self,
        key: &str,
        value: &T,
    ) -> Result<(), S::Error> {
        self.0.serialize_entry(key, value)
    }

    fn end(self) -> Result<S::Ok, S::Error> {
        self.0.end()
    }
}

/// The sink `write` hands the fields to.
struct EntrySink<E: Entries> {
    entries: E,
    error: Option<E::Error>,
}

impl<E: Entries> FieldSink<'_> for EntrySink<E> {
    fn field<T: FieldValue + ?Sized>(&mut self, key: &'static Key, value: &T) {
        if self.error.is_none() {
            self.error = self.entries.declared(key.name(), value).err();
        }
    }

    fn censored(&mut self, key: &'static Key, censor: Censor, has_value: bool) {
        if self.error.is_none() {
            let value = Censored(has_value.then_some(censor.text));
            self.error = self.entries.declared(key.name(), &value).err();
        }
    }

    fn clipped(&mut self, key: &'static Key, text: Option<Clip<'_>>) {
        if self.error.is_none() {
            self.error = self.entries.declared(key.name(), &text).err();
        }
    }

    fn entry<T: FieldValue + ?Sized>(&mut self, key: &str, value: &T) {
        if self.error.is_none() {
            self.error = self.entries.undeclared(key, value).err();
        }
    }
}
