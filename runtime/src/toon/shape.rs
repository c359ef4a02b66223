//! Table detection and table bodies: tabular arrays (§9.3) and keyed tables (§9.5), over views
//! of typed or JSON data, decided on the fields that are present at run time (an optional field
//! changes an item's key set, a nullable object column is a nested column only when no row has
//! `null`).
//!
//! Both forms share one notion, the *uniform group*: non-empty objects with the same key set
//! whose columns are each all primitive, or all non-empty objects that form a uniform group
//! themselves (§9.3, v4 nested columns). Keys are compared by name, not by type: two different
//! structs with the same keys make a keyed table (§9.5) as their JSON would. A group is computed
//! once per table; rows are then written by walking it, so a row costs no allocation.

use super::Delimiter;
use super::quote::write_key;
use super::view::{ToonArray, ToonObj, ToonValue};
use super::walk::write_view_primitive;

/// The shape shared by every object of a table: its columns in the first object's key order.
pub(crate) struct Group<'a> {
    columns: Vec<Column<'a>>,
    /// Every object lists its keys in column order, so a row is read by position rather than by
    /// key lookup (the common case: rows produced by the same code).
    in_order: bool,
}

struct Column<'a> {
    key: &'a str,
    nested: Option<Group<'a>>,
}

/// What a column accepts while the objects are scanned: primitives only, or non-empty objects
/// that are collected to be examined as a group of their own.
enum Slot<'a> {
    Leaf,
    Nested(Vec<ToonObj<'a>>),
}

impl<'a> Slot<'a> {
    fn admit(&mut self, value: ToonValue<'a>) -> bool {
        match (self, value) {
            (Slot::Leaf, value) => value.is_primitive(),
            (Slot::Nested(objects), ToonValue::Object(object)) if !object.is_empty() => {
                objects.push(object);
                true
            }
            (Slot::Nested(_), _) => false,
        }
    }
}

/// The table shape of an array whose elements are all non-empty objects of one uniform group.
pub(crate) fn array_table<'a>(items: &'a dyn ToonArray) -> Option<Group<'a>> {
    let objects = (0..items.toon_len())
        .map(|i| match items.toon_item(i) {
            ToonValue::Object(object) => Some(object),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    uniform_group(&objects)
}

/// The keyed-table shape of an object: at least two present fields whose values form a group.
pub(crate) fn keyed_table(object: ToonObj<'_>) -> Option<Group<'_>> {
    // Most objects have a primitive field: that rules the form out before anything is counted.
    let mut objects = Vec::new();
    for (_, value) in object.fields() {
        let ToonValue::Object(entry) = value else {
            return None;
        };
        objects.push(entry);
    }
    if objects.len() < 2 {
        return None;
    }
    uniform_group(&objects)
}

fn uniform_group<'a>(objects: &[ToonObj<'a>]) -> Option<Group<'a>> {
    let first = *objects.first()?;
    let first_fields: Vec<(&'a str, ToonValue<'a>)> = first.fields().collect();
    if first_fields.is_empty() {
        return None;
    }
    let mut slots: Vec<Slot<'a>> = first_fields
        .iter()
        .map(|(_, value)| match value {
            ToonValue::Object(_) => Slot::Nested(Vec::with_capacity(objects.len())),
            _ => Slot::Leaf,
        })
        .collect();
    let mut in_order = true;
    for object in objects {
        if object.len() != first_fields.len() {
            return None;
        }
        if object.keys().zip(&first_fields).all(|(a, (b, _))| a == *b) {
            for (slot, (_, value)) in slots.iter_mut().zip(object.fields()) {
                if !slot.admit(value) {
                    return None;
                }
            }
        } else {
            // Same length and every first key present means the same key set: neither a struct
            // nor a JSON object has duplicate keys.
            in_order = false;
            for (slot, (key, _)) in slots.iter_mut().zip(&first_fields) {
                if !slot.admit(object.get(key)?) {
                    return None;
                }
            }
        }
    }
    let columns = first_fields
        .iter()
        .zip(slots)
        .map(|(&(key, _), slot)| {
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
    /// Appends the field list `{f1<d>f2{s1<d>s2}}`, nested groups in place (§9.3).
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

    /// Appends the cells of one row: the leaf values in depth-first order, delimited.
    pub(crate) fn write_row(&self, out: &mut String, object: ToonObj<'_>, delimiter: Delimiter) {
        let mut first_cell = true;
        self.write_cells(out, object, delimiter, &mut first_cell);
    }

    fn write_cells(
        &self,
        out: &mut String,
        object: ToonObj<'_>,
        delimiter: Delimiter,
        first_cell: &mut bool,
    ) {
        let mut cell = |column: &Column<'_>, value: ToonValue<'_>| match (&column.nested, value) {
            (Some(nested), ToonValue::Object(sub)) => {
                nested.write_cells(out, sub, delimiter, first_cell)
            }
            _ => {
                if !*first_cell {
                    out.push(delimiter.as_char());
                }
                *first_cell = false;
                write_view_primitive(out, value, delimiter);
            }
        };
        if self.in_order {
            for (column, (_, value)) in self.columns.iter().zip(object.fields()) {
                cell(column, value);
            }
        } else {
            for column in &self.columns {
                // Detection proved every key present; `Null` is never reached.
                cell(column, object.get(column.key).unwrap_or(ToonValue::Null));
            }
        }
    }
}
