//! Table detection and table bodies: tabular arrays (§9.3) and keyed tables (§9.5).
//!
//! Both forms share one notion, the *uniform group*: a set of non-empty objects with the same key
//! set whose columns are each uniform-primitive (every value a primitive) or nested-uniform (every
//! value a non-empty object, the sub-objects themselves a uniform group). A group is computed once
//! per table; rows are then written by walking it, so a row costs no allocation.

use serde_json::{Map, Value};

use super::Delimiter;
use super::encoder::write_primitive;
use super::quote::write_key;

/// The shape shared by every object of a table: its columns in the first object's key order.
#[derive(Debug)]
pub(crate) struct Group<'a> {
    columns: Vec<Column<'a>>,
    /// Every object lists its keys in the column order, so a row is read by position rather than
    /// by key lookup (the common case: rows produced by the same code).
    in_order: bool,
}

/// One column: a field name, and for a nested-uniform column the group of its sub-objects.
#[derive(Debug)]
struct Column<'a> {
    key: &'a str,
    nested: Option<Group<'a>>,
}

/// What a column accepts while the rows are scanned: primitives only, or non-empty objects that
/// are collected to be examined as a group of their own.
enum Slot<'a> {
    Leaf,
    Nested(Vec<&'a Map<String, Value>>),
}

impl<'a> Slot<'a> {
    fn admit(&mut self, value: &'a Value) -> bool {
        match (self, value) {
            (Slot::Leaf, Value::Array(_) | Value::Object(_)) => false,
            (Slot::Leaf, _) => true,
            (Slot::Nested(objects), Value::Object(object)) if !object.is_empty() => {
                objects.push(object);
                true
            }
            (Slot::Nested(_), _) => false,
        }
    }
}

/// The table shape of an array, when every element is a non-empty object and together they form
/// a uniform group (§9.3); `None` sends the array to list form.
pub(crate) fn array_table<'a>(items: &'a [Value]) -> Option<Group<'a>> {
    let objects = items
        .iter()
        .map(Value::as_object)
        .collect::<Option<Vec<_>>>()?;
    uniform_group(&objects)
}

/// The keyed-table shape of an object (§9.5): at least two entries whose values form a uniform
/// group. `None` keeps the object in nested form.
pub(crate) fn keyed_table<'a>(object: &'a Map<String, Value>) -> Option<Group<'a>> {
    if object.len() < 2 {
        return None;
    }
    let objects = object
        .values()
        .map(Value::as_object)
        .collect::<Option<Vec<_>>>()?;
    uniform_group(&objects)
}

fn uniform_group<'a>(objects: &[&'a Map<String, Value>]) -> Option<Group<'a>> {
    let first = *objects.first()?;
    if first.is_empty() {
        return None;
    }
    let mut slots: Vec<Slot<'a>> = first
        .values()
        .map(|value| match value {
            Value::Object(_) => Slot::Nested(Vec::with_capacity(objects.len())),
            _ => Slot::Leaf,
        })
        .collect();
    let mut in_order = true;
    for object in objects {
        if object.len() != first.len() {
            return None;
        }
        if object.keys().zip(first.keys()).all(|(a, b)| a == b) {
            for (slot, value) in slots.iter_mut().zip(object.values()) {
                if !slot.admit(value) {
                    return None;
                }
            }
        } else {
            // Same length and every key of the first object present means the same key set:
            // a JSON object has no duplicate keys.
            in_order = false;
            for (slot, key) in slots.iter_mut().zip(first.keys()) {
                if !slot.admit(object.get(key)?) {
                    return None;
                }
            }
        }
    }
    let columns = first
        .keys()
        .zip(slots)
        .map(|(key, slot)| {
            let nested = match slot {
                Slot::Leaf => None,
                Slot::Nested(sub_objects) => Some(uniform_group(&sub_objects)?),
            };
            Some(Column { key, nested })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Group { columns, in_order })
}

impl Group<'_> {
    /// Appends the field list `{f1<d>f2{s1<d>s2}}`, nested groups written in place (§9.3).
    pub(crate) fn write_fields(&self, out: &mut String, delimiter: Delimiter) {
        out.push('{');
        for (i, column) in self.columns.iter().enumerate() {
            if i > 0 {
                out.push(delimiter.as_char());
            }
            write_key(out, column.key);
            if let Some(nested) = &column.nested {
                nested.write_fields(out, delimiter);
            }
        }
        out.push('}');
    }

    /// Appends the cells of one row: the leaf values of `object` in depth-first field order,
    /// joined by the delimiter.
    pub(crate) fn write_row(
        &self,
        out: &mut String,
        object: &Map<String, Value>,
        delimiter: Delimiter,
    ) {
        let mut first_cell = true;
        self.write_cells(out, object, delimiter, &mut first_cell);
    }

    fn write_cells(
        &self,
        out: &mut String,
        object: &Map<String, Value>,
        delimiter: Delimiter,
        first_cell: &mut bool,
    ) {
        let mut cell = |column: &Column<'_>, value: &Value| match (&column.nested, value) {
            (Some(nested), Value::Object(sub)) => {
                nested.write_cells(out, sub, delimiter, first_cell)
            }
            _ => {
                if !*first_cell {
                    out.push(delimiter.as_char());
                }
                *first_cell = false;
                write_primitive(out, value, delimiter);
            }
        };
        if self.in_order {
            for (column, value) in self.columns.iter().zip(object.values()) {
                cell(column, value);
            }
        } else {
            for column in &self.columns {
                // Detection proved every key present; `Null` is never reached.
                cell(column, object.get(column.key).unwrap_or(&Value::Null));
            }
        }
    }
}
