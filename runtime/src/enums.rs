//! What generated string enums share: the [`WireEnum`] table and, once for every enum, the
//! behaviour derived from it (`FromStr`, `Display`, the JSON and TOON writers, serde).
//!
//! A generated enum is a fieldless Rust enum with a one-line derive, followed by one
//! `wire_enum!` line that gives each variant its wire name. The table is
//! indexed by the variant's position (`self as usize`), so nothing is matched variant by variant
//! in the generated code.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, Unexpected, VariantAccess, Visitor,
};
use serde::ser::Serializer;

use crate::json::JsonWriter;
use crate::toon::{Delimiter, needs_quotes_const, write_quoted};

/// A string enum of generated code: a fieldless enum whose variants are, in declaration (schema)
/// order, the values of [`NAMES`](Self::NAMES).
///
/// Implemented by `wire_enum!`; generic code can list, print or parse any
/// generated enum through it.
pub trait WireEnum: Copy + 'static {
    /// The Rust type's name, as parse errors and serde name it.
    const NAME: &'static str;
    /// The wire names, the variants' in declaration order.
    const NAMES: &'static [&'static str];
    /// Every variant, in declaration order: `VARIANTS[i]` is written `NAMES[i]`.
    const VARIANTS: &'static [Self];

    /// The variant's position in [`VARIANTS`](Self::VARIANTS) and [`NAMES`](Self::NAMES).
    fn index(self) -> usize;

    /// The value as written on the wire.
    fn wire_name(self) -> &'static str {
        Self::NAMES[self.index()]
    }
}

/// Implements a generated string enum's behaviour from its table of wire names: the inherent
/// `ALL` and `as_str`, [`WireEnum`], `FromStr` (erring with [`UnknownVariant`]), `Display`,
/// serde's `Serialize`/`Deserialize` (as serde's derive with `#[serde(rename = "...")]` on each
/// variant would: same calls, same error messages) and, unless `read_only` leads, the JSON and
/// TOON writers (an enum read only from tool arguments is never written into a response).
///
/// `wire_enum!(Tier { Free("free"), Pro("pro") });` after `enum Tier { Free, Pro }`: every
/// variant once, in declaration order, none with fields or an explicit discriminant.
///
/// Every method is `#[inline]`, as `__record!`'s are: a debug build compiles a method that is
/// not inline in the crate that defines it, with everything it calls, whether a tool ever writes
/// the type or not.
#[doc(hidden)]
#[macro_export]
macro_rules! wire_enum {
    (read_only $ty:ident { $($variant:ident($wire:literal)),* $(,)? }) => {
        impl $ty {
            /// Every value, in schema order.
            pub const ALL: [Self; [$($wire),*].len()] = [$(Self::$variant),*];

            /// The value as written on the wire.
            pub const fn as_str(self) -> &'static str {
                <Self as $crate::WireEnum>::NAMES[self as usize]
            }
        }

        impl $crate::WireEnum for $ty {
            const NAME: &'static str = ::core::stringify!($ty);
            const NAMES: &'static [&'static str] = &[$($wire),*];
            const VARIANTS: &'static [Self] = &Self::ALL;

            #[inline]
            fn index(self) -> usize {
                self as usize
            }
        }

        impl ::core::str::FromStr for $ty {
            type Err = $crate::UnknownVariant;

            #[inline]
            fn from_str(value: &str) -> ::core::result::Result<Self, $crate::UnknownVariant> {
                $crate::__private::enums::parse(value)
            }
        }

        impl ::core::fmt::Display for $ty {
            #[inline]
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl $crate::__private::serde::Serialize for $ty {
            fn serialize<S_>(&self, serializer: S_) -> ::core::result::Result<S_::Ok, S_::Error>
            where
                S_: $crate::__private::serde::Serializer,
            {
                $crate::__private::enums::serialize(*self, serializer)
            }
        }

        impl<'de> $crate::__private::serde::Deserialize<'de> for $ty {
            fn deserialize<D_>(deserializer: D_) -> ::core::result::Result<Self, D_::Error>
            where
                D_: $crate::__private::serde::Deserializer<'de>,
            {
                $crate::__private::enums::deserialize(deserializer)
            }
        }
    };
    ($ty:ident { $($variant:ident($wire:literal)),* $(,)? }) => {
        $crate::wire_enum!(read_only $ty { $($variant($wire)),* });

        impl $ty {
            /// How each value is written, in declaration order, worked out by the compiler.
            const __WIRE_TEXTS: &'static [$crate::__private::enums::WireText] = &[$(
                $crate::__private::enums::WireText::new($wire, ::core::concat!("\"", $wire, "\""))
            ),*];
        }

        // In optimised builds one arm per variant, whose text the compiler knows: a value is a
        // copy of constant text. A debug build (of the crate holding the enum) indexes the table
        // instead: the arms are not even type-checked there.
        impl $crate::json::WriteJson for $ty {
            #[inline]
            fn write_json(&self, writer: &mut $crate::json::JsonWriter<'_>) {
                #[cfg(not(debug_assertions))]
                match *self {
                    $(
                        Self::$variant => {
                            Self::__WIRE_TEXTS[Self::$variant as usize].write_json(writer);
                        }
                    )*
                }
                #[cfg(debug_assertions)]
                Self::__WIRE_TEXTS[*self as usize].write_json(writer);
            }
        }

        impl $crate::toon::ToonElement for $ty {
            #[inline]
            fn toon_value(&self) -> $crate::toon::ToonValue<'_> {
                $crate::toon::ToonValue::Str(self.as_str())
            }
            #[inline]
            fn write_toon_cell(
                &self,
                delimiter: $crate::toon::Delimiter,
                out: &mut ::std::string::String,
            ) {
                #[cfg(not(debug_assertions))]
                match *self {
                    $(
                        Self::$variant => {
                            Self::__WIRE_TEXTS[Self::$variant as usize]
                                .write_toon(delimiter, out);
                        }
                    )*
                }
                #[cfg(debug_assertions)]
                Self::__WIRE_TEXTS[*self as usize].write_toon(delimiter, out);
            }
        }
    };
}

/// A wire name and how the writers write it, worked out at compile time: `wire_enum!` builds
/// a constant table of them, one per variant, so writing an enum value copies constant text and
/// tests nothing at run time (a run-time scan of a name that is a literal would find the same
/// answer for every value).
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct WireText {
    /// The name as it is.
    name: &'static str,
    /// The name between double quotes, unescaped: its JSON text, and its quoted TOON text,
    /// when [`WireText::plain`].
    quoted: &'static str,
    /// Nothing in the name needs an escape, in JSON or in quoted TOON (both escape exactly `"`,
    /// `\` and the C0 controls).
    plain: bool,
    /// Whether TOON writes the name bare, under the comma, tab and pipe delimiters.
    bare: [bool; 3],
}

impl WireText {
    /// The text of `name`; `quoted` is `name` between double quotes (what `concat!` makes).
    pub const fn new(name: &'static str, quoted: &'static str) -> Self {
        let bytes = name.as_bytes();
        let mut plain = true;
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] < 0x20 || bytes[i] == b'"' || bytes[i] == b'\\' {
                plain = false;
            }
            i += 1;
        }
        assert!(
            quoted.len() == name.len() + 2,
            "`quoted` is the name between quotes"
        );
        Self {
            name,
            quoted,
            plain,
            bare: [
                !needs_quotes_const(name, Delimiter::Comma),
                !needs_quotes_const(name, Delimiter::Tab),
                !needs_quotes_const(name, Delimiter::Pipe),
            ],
        }
    }

    /// Writes the name as a JSON string.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn write_json(&self, writer: &mut JsonWriter<'_>) {
        if self.plain {
            writer.raw_value(self.quoted);
        } else {
            writer.str(self.name);
        }
    }

    /// Writes the name as a TOON value (a table cell, or a value after its key) where
    /// `delimiter` is active: bare, or quoted as [`write_string`](crate::toon::write_string) would.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn write_toon(&self, delimiter: Delimiter, out: &mut String) {
        let bare = match delimiter {
            Delimiter::Comma => self.bare[0],
            Delimiter::Tab => self.bare[1],
            Delimiter::Pipe => self.bare[2],
        };
        if bare {
            out.push_str(self.name);
        } else if self.plain {
            out.push_str(self.quoted);
        } else {
            write_quoted(out, self.name);
        }
    }
}

/// `FromStr` of a [`WireEnum`]: the variant written `value`.
///
/// # Errors
/// [`UnknownVariant`] when `value` is none of the wire names.
pub fn parse<T: WireEnum>(value: &str) -> Result<T, UnknownVariant> {
    match T::NAMES.iter().position(|name| *name == value) {
        Some(index) => Ok(T::VARIANTS[index]),
        None => Err(UnknownVariant::new(T::NAME, value, T::NAMES)),
    }
}

/// `Serialize` of a [`WireEnum`]: a unit variant, as serde's derive writes it.
///
/// # Errors
/// The serializer's.
pub fn serialize<T: WireEnum, S: Serializer>(value: T, serializer: S) -> Result<S::Ok, S::Error> {
    let index = value.index();
    // No enum has 2^32 values: the index fits.
    let position = u32::try_from(index).unwrap_or(u32::MAX);
    serializer.serialize_unit_variant(T::NAME, position, T::NAMES[index])
}

/// `Deserialize` of a [`WireEnum`], call for call serde's derive for an enum of unit variants,
/// so that every deserializer accepts the same input and reports the same errors
/// (``unknown variant `x`, expected one of `a`, `b` ``).
///
/// # Errors
/// The deserializer's, for input that is not one of the wire names (or variant indices).
pub fn deserialize<'de, T: WireEnum, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
    deserializer.deserialize_enum(T::NAME, T::NAMES, EnumVisitor(PhantomData))
}

/// The derive's enum visitor: the variant's identifier, then its (absent) unit content.
struct EnumVisitor<T>(PhantomData<T>);

impl<'de, T: WireEnum> Visitor<'de> for EnumVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "enum {}", T::NAME)
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<T, A::Error> {
        let (index, variant) = data.variant_seed(VariantIndex::<T>(PhantomData))?;
        variant.unit_variant()?;
        Ok(T::VARIANTS[index])
    }
}

/// The derive's variant identifier: a wire name, its bytes, or the variant's index.
struct VariantIndex<T>(PhantomData<T>);

impl<'de, T: WireEnum> DeserializeSeed<'de> for VariantIndex<T> {
    type Value = usize;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<usize, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<'de, T: WireEnum> Visitor<'de> for VariantIndex<T> {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("variant identifier")
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<usize, E> {
        match usize::try_from(value) {
            Ok(index) if index < T::NAMES.len() => Ok(index),
            _ => Err(E::invalid_value(
                Unexpected::Unsigned(value),
                &IndexBound(T::NAMES.len()),
            )),
        }
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<usize, E> {
        T::NAMES
            .iter()
            .position(|name| *name == value)
            .ok_or_else(|| E::unknown_variant(value, T::NAMES))
    }

    fn visit_bytes<E: de::Error>(self, value: &[u8]) -> Result<usize, E> {
        T::NAMES
            .iter()
            .position(|name| name.as_bytes() == value)
            .ok_or_else(|| E::unknown_variant(&String::from_utf8_lossy(value), T::NAMES))
    }
}

/// What an out-of-range variant index was expected to be, in the derive's words.
struct IndexBound(usize);

impl de::Expected for IndexBound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "variant index 0 <= i < {}", self.0)
    }
}

/// A string that is not one of an enum's values; returned by the `FromStr` of generated enums.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownVariant {
    type_name: &'static str,
    value: String,
    expected: &'static [&'static str],
}

impl UnknownVariant {
    /// The error for `value`, which is none of `expected`, the values of `type_name`.
    pub fn new(type_name: &'static str, value: &str, expected: &'static [&'static str]) -> Self {
        UnknownVariant {
            type_name,
            value: value.to_owned(),
            expected,
        }
    }

    /// The rejected text.
    pub fn value(&self) -> &str {
        &self.value
    }

    /// The values the enum accepts, in schema order.
    pub fn expected(&self) -> &'static [&'static str] {
        self.expected
    }
}

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a value of {} (expected one of: {})",
            self.value,
            self.type_name,
            self.expected.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{JsonStyle, to_json};
    use serde::Deserialize;

    /// A generated enum, as the generator writes one.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
    enum Tier {
        Free,
        Pro,
        Team,
        Odd,
    }

    crate::wire_enum!(Tier { Free("free"), Pro("pro"), Team("team plan"), Odd("é\"q\n") });

    /// What the generator wrote before `wire_enum!`: serde's derive with a rename per variant
    /// (named `Tier` too, since the derive's messages name the Rust type).
    mod derived {
        use serde::{Deserialize, Serialize};

        #[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
        pub enum Tier {
            #[serde(rename = "free")]
            Free,
            #[serde(rename = "pro")]
            Pro,
            #[serde(rename = "team plan")]
            Team,
            #[serde(rename = "é\"q\n")]
            Odd,
        }
    }
    use derived::Tier as Derived;

    /// An enum read only from tool arguments.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
    enum Key {
        Id,
        Name,
    }

    crate::wire_enum!(read_only Key { Id("id"), Name("name") });

    /// Tells whether `T` has the response writers: the inherent method, bounded on them, is
    /// chosen when they are implemented, the trait's fallback otherwise.
    struct Probe<T>(PhantomData<T>);

    trait NoWriters {
        fn writes(&self) -> bool {
            false
        }
    }

    impl<T> NoWriters for Probe<T> {}

    impl<T: crate::json::WriteJson + crate::toon::ToonElement> Probe<T> {
        fn writes(&self) -> bool {
            true
        }
    }

    #[test]
    fn read_only_enums_read_but_have_no_writers() {
        assert!(Probe::<Tier>(PhantomData).writes());
        assert!(!Probe::<Key>(PhantomData).writes());
        assert_eq!(Key::ALL.map(Key::as_str), ["id", "name"]);
        assert_eq!("name".parse::<Key>(), Ok(Key::Name));
        assert_eq!(serde_json::from_str::<Key>(r#""id""#).unwrap(), Key::Id);
        assert_eq!(
            serde_json::from_str::<Key>(r#""ids""#)
                .unwrap_err()
                .to_string(),
            "unknown variant `ids`, expected `id` or `name` at line 1 column 5"
        );
        assert_eq!(serde_json::to_string(&Key::Name).unwrap(), r#""name""#);
    }

    #[test]
    fn the_table_follows_declaration_order() {
        assert_eq!(Tier::ALL, [Tier::Free, Tier::Pro, Tier::Team, Tier::Odd]);
        assert_eq!(
            Tier::ALL.map(Tier::as_str),
            ["free", "pro", "team plan", "é\"q\n"]
        );
        assert_eq!(Tier::NAME, "Tier");
        assert_eq!(Tier::Odd.index(), 3);
        assert_eq!(Tier::Pro.wire_name(), "pro");
        assert_eq!(Tier::Team.to_string(), "team plan");
        const { assert!(matches!(Tier::Pro.as_str().as_bytes(), b"pro")) };
    }

    #[test]
    fn from_str_takes_exactly_the_wire_names() {
        for tier in Tier::ALL {
            assert_eq!(tier.as_str().parse::<Tier>(), Ok(tier));
        }
        let error = "Free".parse::<Tier>().unwrap_err();
        assert_eq!(error, UnknownVariant::new("Tier", "Free", Tier::NAMES));
        assert_eq!(
            error.to_string(),
            "`Free` is not a value of Tier (expected one of: free, pro, team plan, é\"q\n)"
        );
    }

    #[test]
    fn writers_escape_the_wire_name() {
        assert_eq!(to_json(&Tier::Odd, JsonStyle::Compact), "\"é\\\"q\\n\"");
        assert_eq!(to_json(&Tier::Team, JsonStyle::Compact), "\"team plan\"");
        assert!(matches!(
            crate::toon::ToonElement::toon_value(&Tier::Pro),
            crate::toon::ToonValue::Str("pro")
        ));
    }

    /// Wire names that TOON quotes under some delimiters or all, or that need escapes.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
    enum Mark {
        Plain,
        Spaced,
        Dash,
        Comma,
        Pipe,
        Tab,
        Number,
        Keyword,
        Colon,
        Escaped,
        Empty,
    }

    crate::wire_enum!(Mark {
        Plain("ok"),
        Spaced("two words"),
        Dash("-x"),
        Comma("a,b"),
        Pipe("a|b"),
        Tab("a\tb"),
        Number("05"),
        Keyword("null"),
        Colon("a:b"),
        Escaped("é\"q\n"),
        Empty(""),
    });

    /// The constant text of each variant is what the run-time writers make of its name.
    #[test]
    fn constant_texts_are_what_the_writers_make_of_the_name() {
        use crate::toon::{Delimiter, ToonElement, write_string};
        for mark in Mark::ALL {
            for delimiter in [Delimiter::Comma, Delimiter::Tab, Delimiter::Pipe] {
                let mut expected = String::new();
                write_string(&mut expected, mark.as_str(), delimiter);
                let mut cell = String::new();
                mark.write_toon_cell(delimiter, &mut cell);
                assert_eq!(cell, expected, "{mark:?} with {delimiter:?}");
            }
            for style in [JsonStyle::Compact, JsonStyle::Pretty] {
                let mut expected = String::new();
                crate::json::escape_str_into(&mut expected, mark.as_str());
                assert_eq!(to_json(&mark, style), expected, "{mark:?}");
            }
        }
        let mut pipe = String::new();
        Mark::Pipe.write_toon_cell(Delimiter::Pipe, &mut pipe);
        Mark::Comma.write_toon_cell(Delimiter::Pipe, &mut pipe);
        Mark::Escaped.write_toon_cell(Delimiter::Pipe, &mut pipe);
        assert_eq!(pipe, "\"a|b\"a,b\"é\\\"q\\n\"");
    }

    #[test]
    fn serde_matches_the_derive_it_replaces() {
        for (tier, derived) in
            Tier::ALL
                .into_iter()
                .zip([Derived::Free, Derived::Pro, Derived::Team, Derived::Odd])
        {
            assert_eq!(
                serde_json::to_string(&tier).unwrap(),
                serde_json::to_string(&derived).unwrap()
            );
            assert_eq!(
                serde_json::to_value(tier).unwrap(),
                serde_json::to_value(derived).unwrap()
            );
        }
        // Accepted and rejected alike, with the same messages and positions: strings, the
        // externally tagged `{"name": null}` form, indices, wrong types.
        for input in [
            r#""free""#,
            r#""team plan""#,
            r#""é\"q\n""#,
            r#""Free""#,
            r#""""#,
            r#"{"pro":null}"#,
            r#"{"pro":1}"#,
            r#"{"nope":null}"#,
            "1",
            "4",
            "18446744073709551615",
            "-1",
            "null",
            "true",
            "[]",
            "{}",
            r#"  "pro"  x"#,
        ] {
            let ours = serde_json::from_str::<Tier>(input).map_err(|e| e.to_string());
            let theirs = serde_json::from_str::<Derived>(input).map_err(|e| e.to_string());
            assert_eq!(
                ours.map(Tier::index),
                theirs.map(|d| d as usize),
                "input {input}"
            );
            let value: Result<serde_json::Value, _> = serde_json::from_str(input);
            if let Ok(value) = value {
                let ours = Tier::deserialize(&value).map_err(|e| e.to_string());
                let theirs = Derived::deserialize(&value).map_err(|e| e.to_string());
                assert_eq!(
                    ours.map(Tier::index),
                    theirs.map(|d| d as usize),
                    "value {input}"
                );
            }
        }
        // Bytes (as non-JSON formats hand them over), through serde's own value deserializer.
        use serde::de::IntoDeserializer;
        use serde::de::value::{BytesDeserializer, Error};
        for bytes in [&b"pro"[..], b"pr\xffo"] {
            let ours = Tier::deserialize(BytesDeserializer::<Error>::new(bytes));
            let theirs = Derived::deserialize(BytesDeserializer::<Error>::new(bytes));
            assert_eq!(
                ours.map(Tier::index).map_err(|e| e.to_string()),
                theirs.map(|d| d as usize).map_err(|e| e.to_string())
            );
        }
        let ours = Tier::deserialize(IntoDeserializer::<Error>::into_deserializer(9_u64));
        let theirs = Derived::deserialize(IntoDeserializer::<Error>::into_deserializer(9_u64));
        assert_eq!(
            ours.map(Tier::index).map_err(|e| e.to_string()),
            theirs.map(|d| d as usize).map_err(|e| e.to_string())
        );
    }

    #[test]
    fn names_the_value_the_type_and_the_choices() {
        let error = UnknownVariant::new("InvoiceStatus", "overdu", &["paid", "pending", "overdue"]);
        assert_eq!(
            error.to_string(),
            "`overdu` is not a value of InvoiceStatus (expected one of: paid, pending, overdue)"
        );
    }
}
