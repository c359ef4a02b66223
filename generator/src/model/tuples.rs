//! Arrays: `items` of one schema, and tuples (`prefixItems`, or drafts 04 to 2019-09's list
//! `items` with `additionalItems`) of a fixed length.

use super::resolve::{Resolver, fits_no_value};
use super::{FieldType, TypeKind};
use crate::definition::{AdditionalProperties, Items, Schema};

/// The schema of the elements past a tuple's positions.
enum Rest<'a> {
    /// None may follow (`additionalItems: false`, `items: false`).
    Nothing,
    /// Any value may (the keyword absent, or `true`).
    Anything,
    /// Of this schema, at this pointer.
    Schema(&'a Schema, String),
}

impl<'a> Resolver<'a> {
    /// The type of an array schema: `Vec<T>` of its `items`, or a tuple struct.
    pub(super) fn array_type(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &'a Schema,
        name: &str,
    ) -> FieldType {
        let (keyword, positions, rest) = match (&schema.prefix_items, &schema.items) {
            (Some(_), Some(Items::Positions(_))) => {
                self.report(
                    file,
                    &format!("{pointer}/prefixItems"),
                    "`prefixItems` and a list `items` cannot stand together",
                    Some(
                        "keep `prefixItems` (2020-12) and write the elements past them in `items`"
                            .into(),
                    ),
                );
                return FieldType::Any;
            }
            (Some(prefix), items) => {
                let rest = match items {
                    // `items: false`, as `{not: {}}`: nothing past the positions.
                    Some(Items::Every(every)) if fits_no_value(every) => Rest::Nothing,
                    Some(Items::Every(every)) => Rest::Schema(every, format!("{pointer}/items")),
                    _ => Rest::Anything,
                };
                ("prefixItems", prefix, rest)
            }
            (None, Some(Items::Positions(positions))) => {
                let rest = match &schema.additional_items {
                    Some(AdditionalProperties::Allowed(false)) => Rest::Nothing,
                    Some(AdditionalProperties::Schema(more)) => {
                        Rest::Schema(more, format!("{pointer}/additionalItems"))
                    }
                    Some(AdditionalProperties::Allowed(true)) | None => Rest::Anything,
                };
                ("items", positions, rest)
            }
            // `additionalItems` beside a schema `items`, or without `items`, constrains nothing.
            (None, Some(Items::Every(every))) => {
                let element = self.type_of(
                    file,
                    &format!("{pointer}/items"),
                    every,
                    &format!("{name}Item"),
                );
                return FieldType::Array(Box::new(element));
            }
            // No `items`: JSON Schema puts no constraint on the elements.
            (None, None) => return FieldType::Array(Box::new(FieldType::Any)),
        };
        let declared = positions.len() as u64;
        let min = schema.min_items.unwrap_or(0);
        let max = match (&rest, schema.max_items) {
            (Rest::Nothing, Some(max)) => Some(max.min(declared)),
            (Rest::Nothing, None) => Some(declared),
            (_, max) => max,
        };
        // A Rust tuple has one length; a tuple whose elements may be missing or may go on
        // would need the optional positions and the rest kept apart from it.
        let Some(length) = max.filter(|max| *max == min) else {
            self.report(
                file,
                &format!("{pointer}/{keyword}"),
                "a tuple must have one length: `minItems` and `maxItems` equal (or `minItems` as many as the positions with no element allowed past them)",
                Some(format!(
                    "add `minItems: {declared}` and `maxItems: {declared}`, or write the array with one `items` schema"
                )),
            );
            return FieldType::Any;
        };
        let length = match usize::try_from(length) {
            Ok(0) | Err(_) => {
                self.report(
                    file,
                    &format!("{pointer}/{keyword}"),
                    "a tuple of no element is not supported",
                    Some("an array that is always empty holds no data: remove it".into()),
                );
                return FieldType::Any;
            }
            Ok(length) => length,
        };
        let id = self.new_type(
            file,
            pointer,
            schema,
            name,
            TypeKind::Tuple {
                elements: Vec::new(),
                boxed: Vec::new(),
            },
        );
        self.remember(file, pointer, FieldType::Named(id));
        let mut elements = Vec::with_capacity(length.min(positions.len() + 1));
        for index in 0..length {
            let element = match (positions.get(index), &rest) {
                (Some(position), _) => self.type_of(
                    file,
                    &format!("{pointer}/{keyword}/{index}"),
                    position,
                    &format!("{name}{index}"),
                ),
                (None, Rest::Schema(more, at)) => {
                    self.type_of(file, at, more, &format!("{name}Item"))
                }
                (None, _) => FieldType::Any,
            };
            elements.push(element);
        }
        let boxed = vec![false; elements.len()];
        self.model.types[id].kind = TypeKind::Tuple { elements, boxed };
        FieldType::Named(id)
    }
}
