//! How deep generated types nest. rustc walks a chain of types that contain one another once per
//! level when it computes a struct's layout (through `Option`) and its drop-check rules (through
//! `Vec` too), and gives up past its default recursion limit of 128 queries with no location
//! (`queries overflow the depth limit!`, E0320). Drop check goes through `Box` as well, until it
//! meets a type again: a boxed cycle fails at the length a chain does. Generated code is a
//! module, which cannot raise that limit for its crate, so a chain that would not compile is
//! refused here, at its outermost type. Measured with rustc 1.95 (debug and clippy, the chain
//! returned by a tool or not): 63 structs held by value compile and 64 do not; through arrays 61
//! compile and 65 do not; a boxed ring 61 and 65. [`MAX_TYPE_DEPTH`] keeps a margin.

use super::{FieldType, Model, TypeId, TypeKind};
use crate::diagnostics::Diagnostic;

/// The most generated types one chain may nest, the outermost counted.
pub const MAX_TYPE_DEPTH: usize = 48;

/// Reports each outermost type whose chain of contained types is deeper than [`MAX_TYPE_DEPTH`].
pub fn check(model: &Model, errors: &mut Vec<Diagnostic>) {
    let depths = depths(model);
    // A chain is reported once, at its outermost type: not at a type a too-deep type holds.
    let mut held_by_deep = vec![false; model.types.len()];
    for (id, &depth) in depths.iter().enumerate() {
        if depth > MAX_TYPE_DEPTH {
            for child in children(model, id) {
                held_by_deep[child] = true;
            }
        }
    }
    let mut outermost: Vec<TypeId> = (0..depths.len())
        .filter(|&id| depths[id] > MAX_TYPE_DEPTH && !held_by_deep[id])
        .collect();
    // Types that hold one another through arrays all hold a deep one: then the deepest is named.
    if outermost.is_empty() {
        outermost.extend(
            (0..depths.len())
                .filter(|&id| depths[id] > MAX_TYPE_DEPTH)
                .max_by_key(|&id| depths[id]),
        );
    }
    for id in outermost {
        let def = &model.types[id];
        errors.push(
            Diagnostic::error(
                &model.modules[def.module].file,
                &def.pointer,
                format!(
                    "`{}` nests {} generated types in one another, past the limit of \
                     {MAX_TYPE_DEPTH}: rustc could not compile it (its default recursion limit \
                     overflows on the layout and drop check of such a chain)",
                    def.title, depths[id]
                ),
            )
            .with_help(
                "flatten the chain (move nested objects up into fewer levels), or declare a deep \
                 part as any JSON value (`{}`), which ends it",
            ),
        );
    }
}

/// Per type, the most types a chain starting at it nests (itself counted), as rustc's drop check
/// walks them: through boxes and arrays, a cycle ending where a type comes back. Iterative, so a
/// chain of any length costs heap, not stack.
fn depths(model: &Model) -> Vec<usize> {
    const NEW: usize = 0;
    const OPEN: usize = usize::MAX;
    let mut depth = vec![NEW; model.types.len()];
    for start in 0..model.types.len() {
        if depth[start] != NEW {
            continue;
        }
        depth[start] = OPEN;
        let mut stack = vec![(start, children(model, start).collect::<Vec<_>>(), 1usize)];
        while let Some((id, pending, best)) = stack.last_mut() {
            match pending.pop() {
                Some(child) if depth[child] == NEW => {
                    depth[child] = OPEN;
                    let grandchildren = children(model, child).collect();
                    stack.push((child, grandchildren, 1));
                }
                // A type still open is on the path: a cycle, where rustc stops.
                Some(child) if depth[child] == OPEN => {}
                Some(child) => *best = (*best).max(depth[child] + 1),
                None => {
                    let (id, finished) = (*id, *best);
                    depth[id] = finished;
                    stack.pop();
                    if let Some((_, _, parent_best)) = stack.last_mut() {
                        *parent_best = (*parent_best).max(finished + 1);
                    }
                }
            }
        }
    }
    depth
}

/// The generated types `id` holds through fields, branches, elements and extra keys.
fn children(model: &Model, id: TypeId) -> impl Iterator<Item = TypeId> + '_ {
    let def = &model.types[id];
    let held: Vec<&FieldType> = match &def.kind {
        TypeKind::Struct { fields } => fields.iter().map(|field| &field.ty).collect(),
        TypeKind::Union { variants, .. } => variants.iter().map(|v| &v.ty).collect(),
        TypeKind::Tuple { elements, .. } => elements.iter().collect(),
        TypeKind::Enum { .. } | TypeKind::Literals { .. } => Vec::new(),
    };
    held.into_iter().chain(def.extra.as_ref()).filter_map(named)
}

fn named(ty: &FieldType) -> Option<TypeId> {
    match ty {
        FieldType::Named(id) => Some(*id),
        FieldType::Array(inner) | FieldType::Nullable(inner) => named(inner),
        _ => None,
    }
}
