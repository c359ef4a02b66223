//! Internally tagged unions: `oneOf` branches that are objects each fixing one key to a
//! distinct constant (`kind: user`, `kind: bot`). Deserializing reads that key and hands the
//! object straight to the branch it names, instead of buffering the whole value and trying the
//! branches in turn. The branch sees every key, the tag included (its struct holds the tag as a
//! field, written back in schema order), and its errors keep the deserializer's position.
//!
//! Only the keys before the tag are buffered (as [`JsonValue`]s); when the tag comes first, as
//! it does in almost every API, nothing is.

use std::fmt;
use std::marker::PhantomData;

use serde::de::value::{MapAccessDeserializer, StringDeserializer};
use serde::de::{self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, Visitor};

use crate::JsonValue;

/// A generated union whose branches a tag tells apart; implemented by generated code, used
/// through [`deserialize`].
pub trait TaggedUnion: Sized {
    /// The union's Rust name, for messages.
    const NAME: &'static str;
    /// The key whose value names the branch.
    const TAG: &'static str;
    /// The tag's value in each branch, in branch order.
    const TAGS: &'static [&'static str];

    /// Deserializes branch `branch` (an index into [`TAGS`](Self::TAGS)) from `object`, which
    /// replays the keys read before the tag, then the rest.
    fn deserialize_branch<'de, M: MapAccess<'de>>(
        branch: usize,
        object: TaggedObject<M>,
    ) -> Result<Self, M::Error>;
}

/// The `Deserialize` of a tagged union: dispatches on `U::TAG`. A missing tag, a tag that is
/// not a string and a value no branch has are errors that name the key and the values.
pub fn deserialize<'de, D: Deserializer<'de>, U: TaggedUnion>(
    deserializer: D,
) -> Result<U, D::Error> {
    deserializer.deserialize_map(TagVisitor::<U>(PhantomData))
}

/// Deserializes the branch type from a [`TaggedObject`]; what generated code calls per branch.
pub fn branch<'de, M: MapAccess<'de>, T: de::Deserialize<'de>>(
    object: TaggedObject<M>,
) -> Result<T, M::Error> {
    T::deserialize(MapAccessDeserializer::new(object))
}

struct TagVisitor<U>(PhantomData<U>);

impl<'de, U: TaggedUnion> Visitor<'de> for TagVisitor<U> {
    type Value = U;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "an object whose `{}` is ", U::TAG)?;
        write_choices(f, U::TAGS)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<U, A::Error> {
        let mut before = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            if key != U::TAG {
                before.push((key, map.next_value::<JsonValue>()?));
                continue;
            }
            let value: String = map.next_value()?;
            let Some(branch) = U::TAGS.iter().position(|tag| *tag == value) else {
                return Err(de::Error::custom(UnknownTag::<U>(&value, PhantomData)));
            };
            before.push((key, JsonValue::String(value)));
            return U::deserialize_branch(
                branch,
                TaggedObject {
                    replay: before.into_iter(),
                    pending: None,
                    rest: map,
                },
            );
        }
        Err(de::Error::custom(MissingTag::<U>(PhantomData)))
    }
}

/// An object being read by the branch its tag named: the keys read before and with the tag,
/// then the rest of the object.
pub struct TaggedObject<M> {
    replay: std::vec::IntoIter<(String, JsonValue)>,
    pending: Option<JsonValue>,
    rest: M,
}

impl<'de, M: MapAccess<'de>> MapAccess<'de> for TaggedObject<M> {
    type Error = M::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, M::Error> {
        match self.replay.next() {
            Some((key, value)) => {
                self.pending = Some(value);
                let key: StringDeserializer<M::Error> = key.into_deserializer();
                seed.deserialize(key).map(Some)
            }
            None => self.rest.next_key_seed(seed),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, M::Error> {
        match self.pending.take() {
            Some(value) => seed.deserialize(value).map_err(de::Error::custom),
            None => self.rest.next_value_seed(seed),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        self.rest.size_hint().map(|rest| rest + self.replay.len())
    }
}

/// A tag value no branch has; the value, which the data sent, is cut as every echo is.
struct UnknownTag<'a, U>(&'a str, PhantomData<U>);

impl<U: TaggedUnion> fmt::Display for UnknownTag<'_, U> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is {:?}, which no branch of {} has: expected ",
            U::TAG,
            crate::echo::cut(self.0),
            U::NAME
        )?;
        write_choices(f, U::TAGS)
    }
}

struct MissingTag<U>(PhantomData<U>);

impl<U: TaggedUnion> fmt::Display for MissingTag<U> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "missing field `{}`, which tells the branches of {} apart (",
            U::TAG,
            U::NAME
        )?;
        write_choices(f, U::TAGS)?;
        f.write_str(")")
    }
}

fn write_choices(f: &mut fmt::Formatter<'_>, tags: &[&str]) -> fmt::Result {
    for (i, tag) in tags.iter().enumerate() {
        let separator = match i {
            0 => "",
            _ if i + 1 == tags.len() => " or ",
            _ => ", ",
        };
        write!(f, "{separator}`{tag}`")?;
    }
    Ok(())
}
