//! [`__record!`](crate::__record): a generated struct's fields, one line each, from which the
//! runtime's macros write its `Record`, `Serialize`, `Deserialize` and writer impls.

/// Declares a generated struct's fields: `index member: "key" => kind`, one line each, in schema
/// order. The struct's code is this table; every impl it needs is written from it here.
///
/// Kinds, by what the field's Rust type and the schema say:
/// - `required`: `T`, must be present;
/// - `required_nullable`: `Option<T>`, must be present, `null` is `None`;
/// - `optional`: `Option<T>`, absent or `null` is `None`;
/// - `optional_value`: `Option<T>` where `T` reads `null` itself (any JSON value): `null` is
///   `Some(null)`;
/// - `optional_nullable`: `Option<Option<T>>`, `None` when absent, `Some(None)` when `null`.
///
/// A key whose JSON text is not its text in quotes adds it: `"tab\tkey" as "\"tab\\tkey\""`.
/// A redacted field adds its censor, as text and as JSON: `redact "[REDACTED]" "\"[REDACTED]\""`.
/// `tabular` first when every value of the struct is a TOON table row; `.. extra` last when the
/// struct keeps undeclared keys in its field `extra`, followed by `[pattern, …]` (the
/// `patternProperties` a key must match to be kept) when not every key is kept.
#[macro_export]
#[doc(hidden)]
macro_rules! __record {
    (tabular $name:ident $fields:tt $(.. $extra:ident $($patterns:tt)?)?) => {
        $crate::__record!(
            @struct [const TABLE_ROW: bool = true;] $name $fields $(.. $extra $($patterns)?)?
        );
        $crate::__record_impls!($name);
    };
    ($name:ident $fields:tt $(.. $extra:ident $($patterns:tt)?)?) => {
        $crate::__record!(@struct [] $name $fields $(.. $extra $($patterns)?)?);
        $crate::__record_impls!($name);
    };
    (@struct [$($row:tt)*] $name:ident $fields:tt) => {
        $crate::__record!(@record $name $fields $($row)*);
        $crate::__record!(@read $name $fields);
    };
    (@struct [$($row:tt)*] $name:ident $fields:tt .. $extra:ident $($patterns:tt)?) => {
        $crate::__record!(@read $name $fields .. $extra $($patterns)?);
        $crate::__record!(@record $name $fields
            $($row)*
            fn extra_len(&self) -> usize {
                self.$extra.len()
            }
            fn visit_extra<'a, S_: $crate::record::FieldSink<'a>>(
                &'a self,
                index: usize,
                sink: &mut S_,
            ) {
                $crate::record::visit_entry(&self.$extra, index, sink);
            }
        );
    };
    (@record $name:ident {
        $($index:literal $member:ident : $key:literal $(as $json:literal)? => $kind:ident
            $(redact $text:literal $censor:literal)?),* $(,)?
    } $($extra_fns:item)*) => {
        impl $crate::record::Record for $name {
            const KEYS: &'static [$crate::record::Key] =
                &[$($crate::__record!(@key $key $(as $json)?)),*];
            // Inlined into each writer's loop in an optimised build, so that a field's code is
            // straight-line there (a TOON row costs a third more without it); a debug build
            // keeps one copy, which the compiler builds several times faster.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn visit_field<'a, S_: $crate::record::FieldSink<'a>>(
                &'a self,
                field: u16,
                sink: &mut S_,
            ) {
                match field {
                    $($index => $crate::__record!(
                        @visit self sink $index $member $kind $(redact $text $censor)?
                    ),)*
                    _ => {}
                }
            }
            $($extra_fns)*
        }

        impl $name {
            /// The wire keys of the fields, in schema order; `_select` names index into it.
            pub const FIELDS: &'static [&'static str] = &[$($key),*];
        }

        impl $crate::__private::serde::Serialize for $name {
            fn serialize<S_>(&self, serializer: S_) -> ::core::result::Result<S_::Ok, S_::Error>
            where
                S_: $crate::__private::serde::Serializer,
            {
                $crate::record::serialize(self, ::core::stringify!($name), serializer)
            }
        }
    };
    (@read $name:ident $fields:tt) => {
        $crate::__record!(@reader $name $fields map []
            [$crate::record::next_field::<Self, A_>(&mut map)?] []);
    };
    (@read $name:ident $fields:tt .. $extra:ident) => {
        $crate::__record!(@keeping $name $fields $extra [] (&[]));
    };
    (@read $name:ident $fields:tt .. $extra:ident [$($pattern:expr),+ $(,)?]) => {
        $crate::__record!(@keeping $name $fields $extra [
            static PATTERNS: [$crate::__private::pattern::Pattern;
                [$($crate::__record!(@unit $pattern)),+].len()] = [$($pattern),+];
        ] (&PATTERNS));
    };
    (@keeping $name:ident $fields:tt $extra:ident [$($statics:item)*] ($patterns:expr)) => {
        $crate::__record!(@reader $name $fields map
            [$($statics)* let mut extra = $crate::record::Extra::new($patterns);]
            [$crate::record::next_field_keeping::<Self, A_>(&mut map, &mut extra)?]
            [$extra: extra.finish()?,]);
    };
    (@unit $pattern:expr) => {
        ()
    };
    // `map` comes from the arm above, with the statements that use it: a local named inside one
    // arm is not the same local as one named inside another.
    (@reader $name:ident {
        $($index:tt $member:ident : $key:literal $(as $json:literal)? => $kind:ident
            $(redact $text:literal $censor:literal)?),* $(,)?
    } $map:ident [$($setup:tt)*] [$next:expr] [$($extra_field:tt)*]) => {
        impl<'de> $crate::__private::serde::Deserialize<'de> for $name {
            fn deserialize<D_>(deserializer: D_) -> ::core::result::Result<Self, D_::Error>
            where
                D_: $crate::__private::serde::Deserializer<'de>,
            {
                $crate::record::deserialize(deserializer)
            }
        }

        impl $crate::record::ReadRecord for $name {
            const NAME: &'static str = ::core::stringify!($name);
            const FIELD_NAMES: &'static [&'static str] = Self::FIELDS;
            fn read_map<'de, A_>(mut $map: A_) -> ::core::result::Result<Self, A_::Error>
            where
                A_: $crate::__private::serde::de::MapAccess<'de>,
            {
                $($setup)*
                // One slot per field, numbered as the fields are: locals named after the
                // fields would be the user's names (clippy's `disallowed_names` on `foo`).
                let mut slots = ($($crate::__record!(@none $index),)*);
                // One `?` for the loop, not one per field: each is a `match` and a conversion
                // the compiler checks, in every struct of every build.
                while let ::core::option::Option::Some(field) = $next {
                    match field {
                        $($index => $crate::record::read_value(&mut $map, &mut slots.$index, $key),)*
                        _ => ::core::result::Result::Ok(()),
                    }?;
                }
                // The kept keys last: serde's `flatten` reported a missing field before them.
                ::core::result::Result::Ok(Self {
                    $($member: $crate::__record!(@finish slots.$index, $key, $kind),)*
                    $($extra_field)*
                })
            }
        }
    };
    (@none $index:tt) => {
        ::core::option::Option::None
    };
    (@key $key:literal) => {
        $crate::record::Key::new($key, ::core::concat!("\"", $key, "\": "))
    };
    (@key $key:literal as $json:literal) => {
        $crate::record::Key::new($key, ::core::concat!($json, ": "))
    };
    (@visit $this:ident $sink:ident $index:literal $member:ident required) => {
        $sink.field(&Self::KEYS[$index], &$this.$member)
    };
    (@visit $this:ident $sink:ident $index:literal $member:ident required_nullable) => {
        $sink.field(&Self::KEYS[$index], &$this.$member)
    };
    (@visit $this:ident $sink:ident $index:literal $member:ident $optional:ident) => {
        $sink.optional(&Self::KEYS[$index], &$this.$member)
    };
    (@visit $this:ident $sink:ident $index:literal $member:ident required
        redact $text:literal $censor:literal) => {
        $sink.censored(&Self::KEYS[$index], $crate::record::Censor::new($text, $censor), true)
    };
    (@visit $this:ident $sink:ident $index:literal $member:ident required_nullable
        redact $text:literal $censor:literal) => {
        $sink.censored(
            &Self::KEYS[$index],
            $crate::record::Censor::new($text, $censor),
            $this.$member.is_some(),
        )
    };
    (@visit $this:ident $sink:ident $index:literal $member:ident optional_nullable
        redact $text:literal $censor:literal) => {
        $sink.censored_if(
            &Self::KEYS[$index],
            $crate::record::Censor::new($text, $censor),
            $this.$member.as_ref().map(::core::option::Option::is_some),
        )
    };
    (@visit $this:ident $sink:ident $index:literal $member:ident $optional:ident
        redact $text:literal $censor:literal) => {
        $sink.censored_if(
            &Self::KEYS[$index],
            $crate::record::Censor::new($text, $censor),
            $this.$member.as_ref().map(|_| true),
        )
    };
    (@finish $slot:expr, $key:literal, required) => {
        match $slot {
            ::core::option::Option::Some(value) => value,
            ::core::option::Option::None => return $crate::record::missing($key),
        }
    };
    (@finish $slot:expr, $key:literal, required_nullable) => {
        $crate::__record!(@finish $slot, $key, required)
    };
    (@finish $slot:expr, $key:literal, optional) => {
        $crate::record::optional($slot)
    };
    (@finish $slot:expr, $key:literal, $kept:ident) => {
        $slot
    };
}
