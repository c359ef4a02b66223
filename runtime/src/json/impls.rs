//! [`WriteJson`] for the standard types a generated data type is built from, and for
//! `serde_json::Value`, which is walked directly (no serde round trip).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

use serde_json::{Map, Number, Value};

use super::writer::{JsonWriter, WriteJson};

impl WriteJson for str {
    #[inline]
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        w.str(self);
    }
}

impl WriteJson for String {
    #[inline]
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        w.str(self);
    }
}

impl WriteJson for Cow<'_, str> {
    #[inline]
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        w.str(self);
    }
}

impl WriteJson for char {
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        w.str(self.encode_utf8(&mut [0u8; 4]));
    }
}

impl WriteJson for bool {
    #[inline]
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        w.bool(*self);
    }
}

impl WriteJson for f64 {
    #[inline]
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        w.f64(*self);
    }
}

impl WriteJson for f32 {
    #[inline]
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        w.f32(*self);
    }
}

/// Integers print exactly, through the widest writer of their signedness.
macro_rules! integers {
    ($($method:ident: $($ty:ty),*;)*) => {
        $($(
            impl WriteJson for $ty {
                #[inline]
                fn write_json(&self, w: &mut JsonWriter<'_>) {
                    w.$method((*self).into());
                }
            }
        )*)*
    };
}

integers! {
    i64: i8, i16, i32, i64;
    u64: u8, u16, u32, u64;
    i128: i128;
    u128: u128;
}

// `usize`/`isize` have no `From` into the 64-bit types; they always fit on supported targets.
impl WriteJson for usize {
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        w.u128(*self as u128);
    }
}

impl WriteJson for isize {
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        w.i128(*self as i128);
    }
}

/// `None` is `null`, as `JSON.stringify` prints a null value. Generated code omits an absent
/// optional field instead of calling this.
impl<T: WriteJson> WriteJson for Option<T> {
    #[inline]
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        match self {
            Some(v) => v.write_json(w),
            None => w.null(),
        }
    }
}

impl<T: WriteJson> WriteJson for [T] {
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        let mut array = w.array();
        array.each(self, |item, w| item.write_json(w));
        array.end();
    }
}

impl<T: WriteJson, const N: usize> WriteJson for [T; N] {
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        self[..].write_json(w);
    }
}

impl<T: WriteJson> WriteJson for Vec<T> {
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        self[..].write_json(w);
    }
}

/// Smart pointers and references write what they point to.
macro_rules! pointers {
    ($($ty:ty),*) => {
        $(
            impl<T: WriteJson + ?Sized> WriteJson for $ty {
                #[inline]
                fn write_json(&self, w: &mut JsonWriter<'_>) {
                    (**self).write_json(w);
                }
            }
        )*
    };
}

pointers!(&T, &mut T, Box<T>, Rc<T>, Arc<T>);

/// Keys in the map's (sorted) order, escaped at run time.
impl<K: AsRef<str>, V: WriteJson> WriteJson for BTreeMap<K, V> {
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        let mut object = w.object();
        for (key, value) in self {
            object.str_key(key.as_ref()).value(value);
        }
        object.end();
    }
}

/// Keys in insertion order, escaped at run time: the undeclared keys of a struct with
/// `additionalProperties`.
impl<V: WriteJson> WriteJson for indexmap::IndexMap<String, V> {
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        let mut object = w.object();
        for (key, value) in self {
            object.str_key(key).value(value);
        }
        object.end();
    }
}

/// Keys in insertion order (the crate enables serde_json's `preserve_order`).
impl WriteJson for Map<String, Value> {
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        let mut object = w.object();
        for (key, value) in self {
            object.str_key(key).value(value);
        }
        object.end();
    }
}

/// The same choice of integer or float writer as `Number`'s `Serialize` impl makes, so the
/// output equals the Serialize path's.
impl WriteJson for Number {
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        if let Some(v) = self.as_u64() {
            w.u64(v);
        } else if let Some(v) = self.as_i64() {
            w.i64(v);
        } else if let Some(v) = self.as_f64() {
            w.f64(v);
        } else {
            // Unreachable without serde_json's `arbitrary_precision`; `null` keeps the output valid.
            w.null();
        }
    }
}

impl WriteJson for Value {
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        match self {
            Value::Null => w.null(),
            Value::Bool(b) => w.bool(*b),
            Value::Number(n) => n.write_json(w),
            Value::String(s) => w.str(s),
            Value::Array(items) => items[..].write_json(w),
            Value::Object(map) => map.write_json(w),
        }
    }
}
