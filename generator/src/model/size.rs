//! Structs that hold other structs by value grow with every copy: in a chain where each type holds
//! the next twice (`a` and `b` both `$ref` the next), the outermost holds 2^n of the innermost, 24
//! MB at 20 levels, which overflows the stack when a value is deserialized. A field whose type
//! would hold more than [`MAX_INLINE_FIELDS`] fields by value is boxed, as a cycle is, so every
//! struct stays small whatever the schema's shape.

use super::cycles::by_value_target as by_value;
use super::{FieldType, Model, TypeId, TypeKind};

/// The most fields, nested ones counted, a struct held by value may carry (about 24 to 32 bytes
/// each): 1,024 keeps a value within tens of kilobytes of stack.
pub const MAX_INLINE_FIELDS: usize = 1024;

/// Boxes the fields and tuple elements whose type would carry more than [`MAX_INLINE_FIELDS`].
/// Runs after cycles are boxed, so the types held by value form no cycle.
pub fn box_large(model: &mut Model) {
    let mut weight: Vec<Option<usize>> = vec![None; model.types.len()];
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
}

/// Weighs `id` from the weights of what it holds, boxing each field or element that is too heavy.
fn weigh(model: &mut Model, id: TypeId, weight: &[Option<usize>]) -> usize {
    let heavy = |ty: &FieldType| by_value(ty).map_or(0, |target| weight[target].unwrap_or(0));
    match &mut model.types[id].kind {
        TypeKind::Struct { fields } => {
            let mut total = fields.len().max(1);
            for field in fields.iter_mut().filter(|field| !field.boxed) {
                let carried = heavy(&field.ty);
                if carried > MAX_INLINE_FIELDS {
                    field.boxed = true;
                } else {
                    total += carried;
                }
            }
            total
        }
        TypeKind::Tuple { elements, boxed } => {
            let mut total = elements.len().max(1);
            for (element, boxed) in elements.iter().zip(boxed.iter_mut()) {
                let carried = if *boxed { 0 } else { heavy(element) };
                if carried > MAX_INLINE_FIELDS {
                    *boxed = true;
                } else {
                    total += carried;
                }
            }
            total
        }
        // A union is as large as its largest branch; its branches cannot be boxed one by one,
        // but each branch's own heavy fields are.
        TypeKind::Union { variants, .. } => {
            1 + variants.iter().map(|v| heavy(&v.ty)).max().unwrap_or(0)
        }
        TypeKind::Enum { .. } | TypeKind::Literals { .. } => 1,
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
        TypeKind::Union { variants, .. } => {
            variants.iter().filter_map(|v| by_value(&v.ty)).collect()
        }
        TypeKind::Enum { .. } | TypeKind::Literals { .. } => Vec::new(),
    }
}
