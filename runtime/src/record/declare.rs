//! [`__record!`](crate::__record): a generated struct's fields, one line each, from which the
//! runtime's macros write its `Record`, `Serialize`, `Deserialize` and writer impls.

/// Declares a generated struct's fields: `index member: "key" => kind`, one line each, in schema
/// order. The struct's code is this table; every impl it needs is written from it here, `Debug`
/// included (the struct derives only `Clone` and `PartialEq`).
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
/// A string field cut where the agent reads it adds its limit in characters: `clip 500`
/// ([`Clip`](crate::record::Clip)).
/// `tabular` first when every value of the struct is a TOON table row, then `wide` when it has
/// more than [`record::WIDEST`](crate::record::WIDEST) fields (it reads them in a loop of its
/// own, not through the runtime's tuple of slots); `.. extra` last when the
/// struct keeps undeclared keys in its field `extra`, followed by `[pattern, …]` (the
/// `patternProperties` a key must match to be kept) when not every key is kept.
#[macro_export]
#[doc(hidden)]
macro_rules! __record {
    (tabular wide $name:ident $fields:tt $(.. $extra:ident $($patterns:tt)?)?) => {
        $crate::__record!(
            @struct [const TABLE_ROW: bool = true;] wide $name $fields $(.. $extra $($patterns)?)?
        );
        $crate::__record_impls!(tabular $name);
    };
    (tabular $name:ident $fields:tt $(.. $extra:ident $($patterns:tt)?)?) => {
        $crate::__record!(
            @struct [const TABLE_ROW: bool = true;] slots $name $fields $(.. $extra $($patterns)?)?
        );
        $crate::__record_impls!(tabular $name);
    };
    (wide $name:ident $fields:tt $(.. $extra:ident $($patterns:tt)?)?) => {
        $crate::__record!(@struct [] wide $name $fields $(.. $extra $($patterns)?)?);
        $crate::__record_impls!($name);
    };
    ($name:ident $fields:tt $(.. $extra:ident $($patterns:tt)?)?) => {
        $crate::__record!(@struct [] slots $name $fields $(.. $extra $($patterns)?)?);
        $crate::__record_impls!($name);
    };
    (@struct [$($row:tt)*] $form:ident $name:ident $fields:tt) => {
        $crate::__record!(@record $name $fields $($row)*);
        $crate::__record!(@debug $name $fields);
        $crate::__record!(@read $form $name $fields);
    };
    (@struct [$($row:tt)*] $form:ident $name:ident $fields:tt .. $extra:ident $($patterns:tt)?) => {
        $crate::__record!(@read $form $name $fields .. $extra $($patterns)?);
        $crate::__record!(@debug $name $fields $extra);
        $crate::__record!(@record $name $fields
            $($row)*
            #[inline]
            fn extra_len(&self) -> usize {
                self.$extra.len()
            }
            #[inline]
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
            $(redact $text:literal $censor:literal)? $(clip $max:literal)?),* $(,)?
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
                        @visit self sink $index $member $kind $(redact $text $censor)? $(clip $max)?
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
    (@debug $name:ident {
        $($index:tt $member:ident : $key:literal $(as $json:literal)? => $kind:ident
            $(redact $text:literal $censor:literal)? $(clip $max:literal)?),* $(,)?
    } $($extra:ident)?) => {
        impl ::core::fmt::Debug for $name {
            #[inline]
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                $crate::record::debug(
                    self,
                    ::core::stringify!($name),
                    &[$(::core::stringify!($member)),*],
                    $crate::__record!(@debug_extra self $($extra)?),
                    f,
                )
            }
        }
    };
    (@debug_extra $this:ident) => {
        ::core::option::Option::None
    };
    (@debug_extra $this:ident $extra:ident) => {
        ::core::option::Option::Some((::core::stringify!($extra), &$this.$extra))
    };
    (@read $form:ident $name:ident $fields:tt) => {
        $crate::__record!(@reader $form $name $fields reader [] [read_slots next_field] [] []);
    };
    (@read $form:ident $name:ident $fields:tt .. $extra:ident) => {
        $crate::__record!(@keeping $form $name $fields $extra [] (&[]));
    };
    (@read $form:ident $name:ident $fields:tt .. $extra:ident [$($pattern:expr),+ $(,)?]) => {
        $crate::__record!(@keeping $form $name $fields $extra [
            static PATTERNS: [$crate::__private::pattern::Pattern;
                [$($crate::__record!(@unit $pattern)),+].len()] = [$($pattern),+];
        ] (&PATTERNS));
    };
    (@keeping $form:ident $name:ident $fields:tt $extra:ident [$($statics:item)*] ($patterns:expr)) => {
        $crate::__record!(@reader $form $name $fields reader
            [$($statics)* let mut extra = $crate::record::Extra::new($patterns);]
            [read_slots_keeping next_field_keeping] [&mut extra]
            [$extra: reader.kept(extra)?,]);
    };
    (@unit $pattern:expr) => {
        ()
    };
    // `reader` comes from the arm above, with the statements that use it: a local named inside
    // one arm is not the same local as one named inside another.
    (@reader $form:ident $name:ident $fields:tt $reader:ident [$($setup:tt)*]
        [$read_all:ident $next:ident] [$($arg:expr),*] [$($extra_field:tt)*]) => {
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
            fn read_fields<R_: $crate::record::FieldReader>(
                $reader: &mut R_,
            ) -> ::core::option::Option<Self> {
                $($setup)*
                $crate::__record!(@read_fields $form $fields $reader
                    [$read_all $next] [$($arg),*] [$($extra_field)*])
            }
        }
    };
    // A struct of at most `record::WIDEST` fields: a tuple of slots the runtime reads.
    (@read_fields slots {
        $($index:tt $member:ident : $key:literal $(as $json:literal)? => $kind:ident
            $(redact $text:literal $censor:literal)? $(clip $max:literal)?),* $(,)?
    } $reader:ident [$read_all:ident $next:ident] [$($arg:expr),*] [$($extra_field:tt)*]) => {{
        let mut slots = ($($crate::__record!(@slot $kind),)*);
        $crate::record::$read_all::<Self, _, _>($reader, &mut slots $(, $arg)*)?;
        let values = $crate::record::finish_slots::<Self, _, _>($reader, slots)?;
        // The kept keys last: serde's `flatten` reported a missing field before them.
        ::core::option::Option::Some(Self {
            $($member: values.$index,)*
            $($extra_field)*
        })
    }};
    // A wider struct: its own loop, one arm per field.
    (@read_fields wide {
        $($index:tt $member:ident : $key:literal $(as $json:literal)? => $kind:ident
            $(redact $text:literal $censor:literal)? $(clip $max:literal)?),* $(,)?
    } $reader:ident [$read_all:ident $next:ident] [$($arg:expr),*] [$($extra_field:tt)*]) => {{
        // One slot per field, numbered as the fields are: locals named after the fields would
        // be the user's names (clippy's `disallowed_names` on `foo`).
        let mut slots = ($($crate::__record!(@none $index),)*);
        // One `?` for the loop, not one per field: each is a `match` the compiler checks, in
        // every struct of every build.
        while let ::core::option::Option::Some(field) = $reader.$next::<Self>($($arg),*)? {
            match field {
                $($index => $reader.read(&mut slots.$index, $key),)*
                _ => ::core::option::Option::Some(()),
            }?;
        }
        ::core::option::Option::Some(Self {
            $($member: $crate::__record!(@finish $reader slots.$index, $key, $kind),)*
            $($extra_field)*
        })
    }};
    (@slot required) => {
        $crate::record::Required::NEW
    };
    (@slot required_nullable) => {
        $crate::record::Required::NEW
    };
    (@slot optional) => {
        $crate::record::Optional::NEW
    };
    (@slot $kept:ident) => {
        $crate::record::Kept::NEW
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
    (@visit $this:ident $sink:ident $index:literal $member:ident required clip $max:literal) => {
        $sink.clipped(
            &Self::KEYS[$index],
            ::core::option::Option::Some($crate::record::Clip::new(&$this.$member, $max)),
        )
    };
    (@visit $this:ident $sink:ident $index:literal $member:ident required_nullable
        clip $max:literal) => {
        $sink.clipped(
            &Self::KEYS[$index],
            $this.$member.as_deref().map(|text| $crate::record::Clip::new(text, $max)),
        )
    };
    (@visit $this:ident $sink:ident $index:literal $member:ident optional clip $max:literal) => {
        $sink.clipped_if(
            &Self::KEYS[$index],
            $this.$member.as_deref().map(|text| {
                ::core::option::Option::Some($crate::record::Clip::new(text, $max))
            }),
        )
    };
    (@visit $this:ident $sink:ident $index:literal $member:ident optional_nullable
        clip $max:literal) => {
        $sink.clipped_if(
            &Self::KEYS[$index],
            $this.$member.as_ref().map(|value| {
                value.as_deref().map(|text| $crate::record::Clip::new(text, $max))
            }),
        )
    };
    (@finish $reader:ident $slot:expr, $key:literal, required) => {
        match $slot {
            ::core::option::Option::Some(value) => value,
            ::core::option::Option::None => return $reader.missing($key),
        }
    };
    (@finish $reader:ident $slot:expr, $key:literal, required_nullable) => {
        $crate::__record!(@finish $reader $slot, $key, required)
    };
    (@finish $reader:ident $slot:expr, $key:literal, optional) => {
        $crate::record::optional($slot)
    };
    (@finish $reader:ident $slot:expr, $key:literal, $kept:ident) => {
        $slot
    };
}
