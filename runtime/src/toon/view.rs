//! A borrowed view of data as TOON sees it: what generated types expose so that the walker
//! (`walk.rs`) can write any shape straight from the struct, with no `serde_json::Value`, and
//! what a `serde_json::Value` exposes so that the generic encoder is the same walker.
//!
//! Generated code implements [`ToonObject`] (field `i` → key and value, `None` when the key is
//! absent) and [`ToonElement`] (the value of a struct or enum wherever it stands); the runtime
//! implements [`ToonElement`] for the Rust types fields can have (`String`, `i64`, `f64`, `bool`,
//! `Option`, `Box`, `Vec`). The view mirrors the generated `Serialize` exactly: optional fields
//! that are `None` are absent, required nullable ones are `Null`, redacted ones are the censor.
//!
//! A JSON object is not a [`ToonObject`]: its keys are not `'static` and `serde_json::Map` has no
//! indexed access, so [`ToonObj`] holds either kind and iterates a map directly.

use std::ops::Range;
use std::slice;

use serde_json::{Map, Number, Value};

use super::Delimiter;
use crate::record::Clip;
use crate::select::Selection;

/// One value: a primitive, an object (with the root `_select` when it is a root item), or an
/// array. `Copy`, so the walker passes values around freely.
#[derive(Clone, Copy)]
pub enum ToonValue<'a> {
    /// `null`: a `None` that the schema writes (required nullable), or a non-finite float.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// An integer above `i64::MAX`: only JSON numbers have them, and a float would round them.
    UInt(u64),
    /// A float, printed as JavaScript prints it (non-finite ones as `null`).
    Float(f64),
    /// A string (an enum's wire value, a censor).
    Str(&'a str),
    /// A string field cut to its `x-fusion-max-chars`: written as its [`Clip`] shows it.
    Clipped(Clip<'a>),
    /// An object.
    Object(ToonObj<'a>),
    /// An array.
    Array(&'a dyn ToonArray),
}

impl<'a> ToonValue<'a> {
    /// The value of a struct nested in data: every field, no selection.
    pub fn object(object: &'a dyn ToonObject) -> Self {
        ToonValue::Object(ToonObj {
            source: Source::Typed {
                object,
                selection: None,
            },
        })
    }

    /// Whether the value has a one-line form (§2): not an array, not an object. A non-finite
    /// float is `null`, a primitive as well.
    pub(crate) fn is_primitive(self) -> bool {
        !matches!(self, ToonValue::Object(_) | ToonValue::Array(_))
    }
}

/// An object, possibly cut to a `_select` (root items only, wire format §9).
#[derive(Clone, Copy)]
pub struct ToonObj<'a> {
    source: Source<'a>,
}

/// Where an object's fields come from.
#[derive(Clone, Copy)]
enum Source<'a> {
    /// A generated struct, every field or those of a selection.
    Typed {
        object: &'a dyn ToonObject,
        selection: Option<&'a Selection>,
    },
    /// A JSON object, in its insertion order (the workspace enables `preserve_order`).
    Json(&'a Map<String, Value>),
}

impl<'a> ToonObj<'a> {
    /// `object` cut to `selection`: the selected fields in the selection's order.
    pub fn selected(object: &'a dyn ToonObject, selection: &'a Selection) -> Self {
        let selection = (!selection.is_all()).then_some(selection);
        ToonObj {
            source: Source::Typed { object, selection },
        }
    }

    /// A JSON object, every entry in order.
    pub(crate) fn json(map: &'a Map<String, Value>) -> Self {
        ToonObj {
            source: Source::Json(map),
        }
    }

    /// The present fields, in wire order: schema order, the selection's, or the map's.
    #[inline]
    pub(crate) fn fields(self) -> Fields<'a> {
        match self.source {
            // Two sources of indices: `Selection` already dropped duplicates, and an
            // out-of-range index finds no field, as with the serde path.
            Source::Typed { object, selection } => {
                let (all, picked) = match selection {
                    None => (0..object.toon_field_count(), [].iter()),
                    Some(selection) => (0..0, selection.fields().iter()),
                };
                Fields::Typed {
                    object,
                    all,
                    picked,
                }
            }
            Source::Json(map) => Fields::Json(map.iter()),
        }
    }

    /// The keys of the present fields, in wire order: for a map, without reading the values
    /// (group detection compares every row's keys before it looks at any value).
    #[inline]
    pub(crate) fn keys(self) -> Keys<'a> {
        match self.source {
            Source::Typed { .. } => Keys::Typed(self.fields()),
            Source::Json(map) => Keys::Json(map.keys()),
        }
    }

    /// The number of present fields.
    pub(crate) fn len(self) -> usize {
        match self.source {
            Source::Typed { .. } => self.fields().count(),
            Source::Json(map) => map.len(),
        }
    }

    /// Whether no field is present (`{}`).
    pub(crate) fn is_empty(self) -> bool {
        match self.source {
            Source::Typed { .. } => self.fields().next().is_none(),
            Source::Json(map) => map.is_empty(),
        }
    }

    /// The value of `key`, when present.
    pub(crate) fn get(self, key: &str) -> Option<ToonValue<'a>> {
        match self.source {
            // A struct has few fields: a scan beats building an index.
            Source::Typed { .. } => self.fields().find(|(k, _)| *k == key).map(|(_, v)| v),
            // A map has its own index; a scan would make out-of-order rows quadratic.
            Source::Json(map) => map.get(key).map(Value::toon_value),
        }
    }
}

/// The iterator of [`ToonObj::fields`]: a named type rather than `impl Iterator` because it has
/// two sources.
pub(crate) enum Fields<'a> {
    Typed {
        object: &'a dyn ToonObject,
        all: Range<usize>,
        picked: slice::Iter<'a, u16>,
    },
    Json(serde_json::map::Iter<'a>),
}

/// The iterator of [`ToonObj::keys`].
pub(crate) enum Keys<'a> {
    Typed(Fields<'a>),
    Json(serde_json::map::Keys<'a>),
}

impl<'a> Iterator for Keys<'a> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Keys::Typed(fields) => fields.next().map(|(key, _)| key),
            Keys::Json(keys) => keys.next().map(String::as_str),
        }
    }
}

impl<'a> Iterator for Fields<'a> {
    type Item = (&'a str, ToonValue<'a>);

    // Inlined so that a caller that only reads keys (group detection) skips the conversion of
    // the values, and the variant test folds into the caller's loop.
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Fields::Typed {
                object,
                all,
                picked,
            } => {
                // Copied out so that the field borrows the object for `'a`, not `self`.
                let object: &'a dyn ToonObject = *object;
                loop {
                    let field = match all.next() {
                        Some(index) => object.toon_field(index),
                        None => object.toon_selected_field(*picked.next()?),
                    };
                    if field.is_some() {
                        return field;
                    }
                }
            }
            Fields::Json(entries) => entries
                .next()
                .map(|(key, value)| (key.as_str(), value.toon_value())),
        }
    }
}

/// A struct as TOON sees it: numbered fields in schema order. Generated for every struct.
pub trait ToonObject {
    /// How many fields the schema declares (present or not).
    fn toon_field_count(&self) -> usize;

    /// The wire key and value of field `index` (schema order), or `None` when the key is absent
    /// from the wire (an optional field that is `None`) or `index` is out of range.
    /// Keys are `'static` for declared fields; the undeclared keys of a map-like struct
    /// (`additionalProperties`) borrow from it.
    fn toon_field(&self, index: usize) -> Option<(&str, ToonValue<'_>)>;

    /// The field a [`crate::Selection`] index names, `None` as for [`ToonObject::toon_field`].
    /// For a struct the index is its field's; a union of objects numbers the keys of all its
    /// branches (its `_select` keys) and maps them to the branch it holds.
    fn toon_selected_field(&self, index: u16) -> Option<(&str, ToonValue<'_>)> {
        self.toon_field(usize::from(index))
    }
}

/// An array as TOON sees it.
pub trait ToonArray {
    /// The number of elements.
    fn toon_len(&self) -> usize;

    /// Element `index` (in range).
    fn toon_item(&self, index: usize) -> ToonValue<'_>;
}

/// Anything a field or an array element can hold.
pub trait ToonElement {
    /// This value's view.
    fn toon_value(&self) -> ToonValue<'_>;

    /// Appends this value as a cell of a table row (§9.3): a primitive's one-line form; a
    /// struct of a table's nested column overrides it with its own cells.
    #[inline]
    fn write_toon_cell(&self, delimiter: Delimiter, out: &mut String) {
        super::walk::write_view_primitive(out, self.toon_value(), delimiter);
    }

    /// Appends what follows this value's key in a table's field list: nothing for a
    /// primitive; a struct of a nested column overrides it with its own field list.
    #[inline]
    fn write_toon_subheader(&self, _delimiter: Delimiter, _out: &mut String) {}
}

// On `Vec`, not `[T]`: a `&dyn ToonArray` needs a sized implementor.
impl<T: ToonElement> ToonArray for Vec<T> {
    fn toon_len(&self) -> usize {
        self.len()
    }

    fn toon_item(&self, index: usize) -> ToonValue<'_> {
        self[index].toon_value()
    }
}

impl<T: ToonElement> ToonElement for Vec<T> {
    fn toon_value(&self) -> ToonValue<'_> {
        ToonValue::Array(self)
    }
}

impl<T: ToonElement> ToonElement for Option<T> {
    /// `None` is `null`: an absent optional field never reaches here (its `toon_field` is `None`).
    fn toon_value(&self) -> ToonValue<'_> {
        match self {
            Some(value) => value.toon_value(),
            None => ToonValue::Null,
        }
    }

    #[inline]
    fn write_toon_cell(&self, delimiter: Delimiter, out: &mut String) {
        match self {
            Some(value) => value.write_toon_cell(delimiter, out),
            None => out.push_str("null"),
        }
    }
}

impl<T: ToonElement + ?Sized> ToonElement for Box<T> {
    fn toon_value(&self) -> ToonValue<'_> {
        (**self).toon_value()
    }

    #[inline]
    fn write_toon_cell(&self, delimiter: Delimiter, out: &mut String) {
        (**self).write_toon_cell(delimiter, out);
    }
}

impl ToonElement for String {
    fn toon_value(&self) -> ToonValue<'_> {
        ToonValue::Str(self)
    }

    #[inline]
    fn write_toon_cell(&self, delimiter: Delimiter, out: &mut String) {
        super::write_string(out, self, delimiter);
    }
}

impl ToonElement for str {
    fn toon_value(&self) -> ToonValue<'_> {
        ToonValue::Str(self)
    }

    #[inline]
    fn write_toon_cell(&self, delimiter: Delimiter, out: &mut String) {
        super::write_string(out, self, delimiter);
    }
}

impl ToonElement for i64 {
    fn toon_value(&self) -> ToonValue<'_> {
        ToonValue::Int(*self)
    }

    #[inline]
    fn write_toon_cell(&self, _delimiter: Delimiter, out: &mut String) {
        crate::number::write_i64(out, *self);
    }
}

/// The integers an `int8` … `uint64` format gives a field: widened without loss.
macro_rules! narrow_integers {
    ($($ty:ty),*) => {$(
        impl ToonElement for $ty {
            fn toon_value(&self) -> ToonValue<'_> {
                ToonValue::Int(i64::from(*self))
            }
        }
    )*};
}

narrow_integers!(i8, i16, i32, u8, u16, u32);

impl ToonElement for u64 {
    fn toon_value(&self) -> ToonValue<'_> {
        match i64::try_from(*self) {
            Ok(i) => ToonValue::Int(i),
            Err(_) => ToonValue::UInt(*self),
        }
    }
}

impl ToonElement for f64 {
    fn toon_value(&self) -> ToonValue<'_> {
        ToonValue::Float(*self)
    }

    #[inline]
    fn write_toon_cell(&self, _delimiter: Delimiter, out: &mut String) {
        crate::number::write_f64(out, *self);
    }
}

impl ToonElement for bool {
    fn toon_value(&self) -> ToonValue<'_> {
        ToonValue::Bool(*self)
    }

    #[inline]
    fn write_toon_cell(&self, _delimiter: Delimiter, out: &mut String) {
        crate::json::push_bool(out, *self);
    }
}

/// A JSON number as JavaScript prints it (§2): integers exactly, other numbers as floats.
#[inline]
pub(crate) fn number_value(n: &Number) -> ToonValue<'static> {
    if let Some(i) = n.as_i64() {
        ToonValue::Int(i)
    } else if let Some(u) = n.as_u64() {
        ToonValue::UInt(u)
    } else {
        ToonValue::Float(n.as_f64().unwrap_or(f64::NAN))
    }
}

/// The generic encoder's input: `encode_value` is the walker over this view, so JSON and typed
/// data share one implementation of the layout rules.
impl ToonElement for Value {
    #[inline]
    fn toon_value(&self) -> ToonValue<'_> {
        match self {
            Value::Null => ToonValue::Null,
            Value::Bool(b) => ToonValue::Bool(*b),
            Value::Number(n) => number_value(n),
            Value::String(s) => ToonValue::Str(s),
            // `Vec<Value>` is a `ToonArray` through the `Vec<T: ToonElement>` impl.
            Value::Array(items) => ToonValue::Array(items),
            Value::Object(map) => ToonValue::Object(ToonObj::json(map)),
        }
    }
}

/// The root array of a collection: every element is an item cut to the same selection.
pub(crate) struct RootItems<'a, T> {
    pub(crate) items: &'a [T],
    pub(crate) selection: &'a Selection,
}

impl<T: ToonObject> ToonArray for RootItems<'_, T> {
    fn toon_len(&self) -> usize {
        self.items.len()
    }

    fn toon_item(&self, index: usize) -> ToonValue<'_> {
        ToonValue::Object(ToonObj::selected(&self.items[index], self.selection))
    }
}
