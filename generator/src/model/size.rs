//! Structs that hold other structs by value grow with every copy: in a chain where each type holds
//! the next twice (`a` and `b` both `$ref` the next), the outermost holds 2^n of the innermost, 24
//! MB at 20 levels, which overflows the stack when a value is deserialized. A field whose type
//! would hold more than [`MAX_INLINE_FIELDS`] fields by value is boxed, as a cycle is, so every
//! struct stays small whatever the schema's shape.
//!
//! An enum is as large as its largest variant: a union whose one branch is a struct of dozens of
//! fields beside a branch of a string or an empty object makes every value of it that large, which
//! clippy's `large_enum_variant` refuses (a difference of more than 200 bytes). A branch whose
//! size, estimated from above, exceeds [`MAX_INLINE_BRANCH_BYTES`] is boxed, so the branches left
//! inline differ by at most that much whatever the schema holds.

use super::cycles::by_value_target as by_value;
use super::{FieldType, Model, TypeId, TypeKind};

/// The most fields, nested ones counted, a struct held by value may carry (about 24 to 32 bytes
/// each): 1,024 keeps a value within tens of kilobytes of stack.
pub const MAX_INLINE_FIELDS: usize = 1024;

/// The most bytes a union branch may take inline. Clippy's `large_enum_variant` fires when an
/// enum's largest variant exceeds the next by more than 200 bytes; branches kept within 192 (an
/// estimate from above, see [`Weight::bytes`]) never differ by more, and a boxed one takes 8.
pub const MAX_INLINE_BRANCH_BYTES: usize = 192;

/// What a type held by value costs: the fields it carries, nested ones counted, and its size in
/// bytes estimated from above.
#[derive(Debug, Clone, Copy, Default)]
struct Weight {
    fields: usize,
    /// At least the type's `size_of`: every member counted at its size rounded up to 8 bytes
    /// (the largest alignment generated types have), an `Option` or an enum's discriminant as
    /// 8 more, a map or any JSON value (`serde_json::Value` keeping key order) as 80.
    bytes: usize,
}

/// The bytes of a pointer (`Box`, the heap part of `String` and `Vec` aside).
const POINTER: usize = 8;
/// An upper bound of `String`'s and `Vec`'s size.
const VEC: usize = 24;
/// An upper bound of an order-keeping map's and of `serde_json::Value`'s size.
const MAP: usize = 80;

/// Boxes the fields and tuple elements whose type would carry more than [`MAX_INLINE_FIELDS`].
/// Runs after cycles are boxed, so the types held by value form no cycle.
pub fn box_large(model: &mut Model) {
    let mut weight: Vec<Option<Weight>> = vec![None; model.types.len()];
    let mut open = vec![false; model.types.len()];
    for start in 0..model.types.len() {
        // Post-order without recursion: a type is weighed once every type it holds is. A type
        // still open is a cycle through unions, which cannot be boxed: it weighs nothing there.
        let mut stack = vec![start];
        while let Some(&id) = stack.last() {
            if weight[id].is_some() {
                stack.pop();
                continue;
            }
            open[id] = true;
            let pending: Vec<TypeId> = held(model, id)
                .into_iter()
                .filter(|&child| weight[child].is_none() && !open[child])
                .collect();
            if pending.is_empty() {
                weight[id] = Some(weigh(model, id, &weight));
                stack.pop();
            } else {
                stack.extend(pending);
            }
        }
    }
    // A tool's arguments are an enum of one variant per action: a large input beside a small
    // one is boxed there too.
    for tool in model.modules.iter_mut().filter_map(|m| m.tool.as_mut()) {
        if tool.actions.len() < 2 {
            continue;
        }
        for action in &mut tool.actions {
            action.boxed_input = action.input.is_some_and(|input| {
                weight[input].is_some_and(|w| w.bytes > MAX_INLINE_BRANCH_BYTES)
            });
        }
    }
}

/// The bytes a value of `ty` takes inline, from the weights of the named types.
fn bytes_of(ty: &FieldType, weight: &[Option<Weight>]) -> usize {
    match ty {
        FieldType::String | FieldType::Array(_) => VEC,
        FieldType::Integer(_) | FieldType::Number | FieldType::Boolean => POINTER,
        FieldType::Any => MAP,
        FieldType::Nullable(inner) => POINTER + bytes_of(inner, weight),
        // A type still open (a cycle through unions) is reached again: it weighs nothing here,
        // as in the field count.
        FieldType::Named(id) => weight[*id].map_or(0, |w| w.bytes),
    }
}

/// The bytes a boxed value of `ty` takes inline: the pointer, in an `Option` when nullable.
fn boxed_bytes(ty: &FieldType) -> usize {
    match ty {
        FieldType::Nullable(_) => 2 * POINTER,
        _ => POINTER,
    }
}

/// Weighs `id` from the weights of what it holds, boxing each field, element or union branch
/// that is too heavy.
fn weigh(model: &mut Model, id: TypeId, weight: &[Option<Weight>]) -> Weight {
    let heavy =
        |ty: &FieldType| by_value(ty).map_or(0, |target| weight[target].map_or(0, |w| w.fields));
    let extra = if model.types[id].extra.is_some() {
        MAP
    } else {
        0
    };
    match &mut model.types[id].kind {
        TypeKind::Struct { fields } => {
            let mut total = Weight {
                fields: fields.len().max(1),
                bytes: extra,
            };
            for field in fields.iter_mut() {
                // An optional field is an `Option`, a nullable one too, both `Option<Option<_>>`.
                let option = if field.required { 0 } else { POINTER };
                let carried = if field.boxed { 0 } else { heavy(&field.ty) };
                if carried > MAX_INLINE_FIELDS {
                    field.boxed = true;
                }
                if field.boxed {
                    total.bytes += option + boxed_bytes(&field.ty);
                } else {
                    total.fields += carried;
                    total.bytes += option + bytes_of(&field.ty, weight);
                }
            }
            total
        }
        TypeKind::Tuple { elements, boxed } => {
            let mut total = Weight {
                fields: elements.len().max(1),
                bytes: 0,
            };
            for (element, boxed) in elements.iter().zip(boxed.iter_mut()) {
                let carried = if *boxed { 0 } else { heavy(element) };
                if carried > MAX_INLINE_FIELDS {
                    *boxed = true;
                }
                if *boxed {
                    total.bytes += boxed_bytes(element);
                } else {
                    total.fields += carried;
                    total.bytes += bytes_of(element, weight);
                }
            }
            total
        }
        // A union is as large as its largest branch, plus its discriminant; a branch too large
        // to sit beside the others is boxed.
        TypeKind::Union { variants, .. } => {
            let mut largest = Weight::default();
            for variant in variants.iter_mut() {
                let bytes = bytes_of(&variant.ty, weight);
                if bytes > MAX_INLINE_BRANCH_BYTES {
                    variant.boxed = true;
                }
                if !variant.boxed {
                    largest.fields = largest.fields.max(heavy(&variant.ty));
                    largest.bytes = largest.bytes.max(bytes);
                } else {
                    largest.bytes = largest.bytes.max(POINTER);
                }
            }
            Weight {
                fields: 1 + largest.fields,
                bytes: POINTER + largest.bytes,
            }
        }
        TypeKind::Enum { .. } | TypeKind::Literals { .. } => Weight {
            fields: 1,
            bytes: POINTER,
        },
    }
}

/// The types `id` holds by value and not boxed: what its size is made of.
fn held(model: &Model, id: TypeId) -> Vec<TypeId> {
    match &model.types[id].kind {
        TypeKind::Struct { fields } => fields
            .iter()
            .filter(|field| !field.boxed)
            .filter_map(|field| by_value(&field.ty))
            .collect(),
        TypeKind::Tuple { elements, boxed } => elements
            .iter()
            .zip(boxed)
            .filter(|(_, boxed)| !**boxed)
            .filter_map(|(element, _)| by_value(element))
            .collect(),
        TypeKind::Union { variants, .. } => variants
            .iter()
            .filter(|v| !v.boxed)
            .filter_map(|v| by_value(&v.ty))
            .collect(),
        TypeKind::Enum { .. } | TypeKind::Literals { .. } => Vec::new(),
    }
}
