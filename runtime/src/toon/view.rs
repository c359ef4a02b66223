//! A borrowed view of typed data as TOON sees it: what generated types expose so that the typed
//! walker (`walk.rs`) can write any shape straight from the struct, with no `serde_json::Value`.
//!
//! Generated code implements [`ToonObject`] (field `i` → key and value, `None` when the key is
//! absent) and [`ToonElement`] (the value of a struct or enum wherever it stands); the runtime
//! implements [`ToonElement`] for the Rust types fields can have (`String`, `i64`, `f64`, `bool`,
//! `Option`, `Box`, `Vec`). The view mirrors the generated `Serialize` exactly: optional fields
//! that are `None` are absent, required nullable ones are `Null`, redacted ones are the censor.

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
    /// A float, printed as JavaScript prints it (non-finite ones as `null`).
    Float(f64),
    /// A string (an enum's wire value, a censor).
    Str(&'a str),
    /// An object.
    Object(ToonObj<'a>),
    /// An array.
    Array(&'a dyn ToonArray),
}

impl<'a> ToonValue<'a> {
    /// The value of a struct nested in data: every field, no selection.
    pub fn object(object: &'a dyn ToonObject) -> Self {
        ToonValue::Object(ToonObj {
            object,
            selection: None,
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
    object: &'a dyn ToonObject,
    selection: Option<&'a Selection>,
}

impl<'a> ToonObj<'a> {
    /// `object` cut to `selection`: the selected fields in the selection's order.
    pub fn selected(object: &'a dyn ToonObject, selection: &'a Selection) -> Self {
        let selection = (!selection.is_all()).then_some(selection);
        ToonObj { object, selection }
    }

    /// The present fields, in wire order: schema order, or the selection's.
    pub(crate) fn fields(self) -> impl Iterator<Item = (&'a str, ToonValue<'a>)> {
        let object = self.object;
        let count = object.toon_field_count();
        // Two sources of indices, one iterator type: `Selection` already dropped duplicates,
        // and an out-of-range index finds no field, as with the serde path.
        let (all, picked) = match self.selection {
            None => (0..count, [].iter()),
            Some(selection) => (0..0, selection.fields().iter()),
        };
        all.chain(picked.map(|&i| usize::from(i)))
            .filter_map(move |i| object.toon_field(i))
    }

    /// The number of present fields.
    pub(crate) fn len(self) -> usize {
        self.fields().count()
    }

    /// Whether no field is present (`{}`).
    pub(crate) fn is_empty(self) -> bool {
        self.fields().next().is_none()
    }

    /// The value of `key`, when present.
    pub(crate) fn get(self, key: &str) -> Option<ToonValue<'a>> {
        self.fields().find(|(k, _)| *k == key).map(|(_, v)| v)
    }
}

/// A struct as TOON sees it: numbered fields in schema order. Generated for every struct.
pub trait ToonObject {
    /// How many fields the schema declares (present or not).
    fn toon_field_count(&self) -> usize;

    /// The wire key and value of field `index` (schema order), or `None` when the key is absent
    /// from the wire (an optional field that is `None`) or `index` is out of range.
    fn toon_field(&self, index: usize) -> Option<(&'static str, ToonValue<'_>)>;
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
}

impl<T: ToonElement + ?Sized> ToonElement for Box<T> {
    fn toon_value(&self) -> ToonValue<'_> {
        (**self).toon_value()
    }
}

impl ToonElement for String {
    fn toon_value(&self) -> ToonValue<'_> {
        ToonValue::Str(self)
    }
}

impl ToonElement for str {
    fn toon_value(&self) -> ToonValue<'_> {
        ToonValue::Str(self)
    }
}

impl ToonElement for i64 {
    fn toon_value(&self) -> ToonValue<'_> {
        ToonValue::Int(*self)
    }
}

impl ToonElement for f64 {
    fn toon_value(&self) -> ToonValue<'_> {
        ToonValue::Float(*self)
    }
}

impl ToonElement for bool {
    fn toon_value(&self) -> ToonValue<'_> {
        ToonValue::Bool(*self)
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
