//! Cycles between types. A struct that contains itself by value, directly or through other
//! structs, has no size: the field that closes the cycle is boxed. A cycle of fields that are all
//! required and non-null has no finite instance at all, so no data could ever fit: that is an error.

use super::{FieldType, Model, TypeId, TypeKind};
use crate::diagnostics::Diagnostic;

/// Marks the fields to box, and reports cycles that no finite value can satisfy.
pub fn mark_boxes(model: &mut Model, errors: &mut Vec<Diagnostic>) {
    for struct_id in 0..model.types.len() {
        let TypeKind::Struct { fields } = &model.types[struct_id].kind else {
            continue;
        };
        let mut to_box = Vec::new();
        for (index, field) in fields.iter().enumerate() {
            let closes_cycle = by_value_target(&field.ty).is_some_and(|target| {
                reaches(
                    model,
                    target,
                    struct_id,
                    &mut vec![false; model.types.len()],
                    false,
                )
            });
            if closes_cycle {
                to_box.push(index);
            }
        }
        if let TypeKind::Struct { fields } = &mut model.types[struct_id].kind {
            for index in to_box {
                fields[index].boxed = true;
            }
        }
    }
    for tuple_id in 0..model.types.len() {
        let TypeKind::Tuple { elements, .. } = &model.types[tuple_id].kind else {
            continue;
        };
        let closing: Vec<bool> = elements
            .iter()
            .map(|element| {
                by_value_target(element).is_some_and(|target| {
                    reaches(
                        model,
                        target,
                        tuple_id,
                        &mut vec![false; model.types.len()],
                        false,
                    )
                })
            })
            .collect();
        if let TypeKind::Tuple { boxed, .. } = &mut model.types[tuple_id].kind {
            *boxed = closing;
        }
    }
    report_impossible_cycles(model, errors);
}

/// The struct a field holds inline (not behind a `Vec`), if any.
pub(super) fn by_value_target(ty: &FieldType) -> Option<TypeId> {
    match ty {
        FieldType::Named(id) => Some(*id),
        FieldType::Nullable(inner) => by_value_target(inner),
        _ => None,
    }
}

/// Whether `from` reaches `to` through by-value fields (only required, non-null ones when `strict`).
fn reaches(model: &Model, from: TypeId, to: TypeId, seen: &mut Vec<bool>, strict: bool) -> bool {
    if from == to {
        return true;
    }
    if std::mem::replace(&mut seen[from], true) {
        return false;
    }
    let fields = match &model.types[from].kind {
        TypeKind::Struct { fields } => fields,
        // A union holds its branch inline: a struct that reaches it reaches every branch.
        TypeKind::Union { variants, .. } => {
            return !strict
                && variants.iter().any(|v| {
                    by_value_target(&v.ty)
                        .is_some_and(|next| reaches(model, next, to, seen, strict))
                });
        }
        // A tuple holds its elements inline, as a union its branch.
        TypeKind::Tuple { elements, .. } => {
            return !strict
                && elements.iter().any(|element| {
                    by_value_target(element)
                        .is_some_and(|next| reaches(model, next, to, seen, strict))
                });
        }
        TypeKind::Enum { .. } | TypeKind::Literals { .. } => return false,
    };
    fields.iter().any(|field| {
        let followed = if strict {
            strict_target(field)
        } else {
            by_value_target(&field.ty)
        };
        followed.is_some_and(|next| reaches(model, next, to, seen, strict))
    })
}

fn strict_target(field: &super::FieldDef) -> Option<TypeId> {
    match &field.ty {
        FieldType::Named(id) if field.required => Some(*id),
        _ => None,
    }
}

fn report_impossible_cycles(model: &Model, errors: &mut Vec<Diagnostic>) {
    for (struct_id, def) in model.types.iter().enumerate() {
        let TypeKind::Struct { fields } = &def.kind else {
            continue;
        };
        for field in fields {
            let Some(target) = strict_target(field) else {
                continue;
            };
            // Report each cycle once, at the field of its lowest-numbered struct.
            let lowest_on_cycle = (0..model.types.len()).find(|&id| {
                reaches(model, target, id, &mut vec![false; model.types.len()], true)
                    && reaches(
                        model,
                        id,
                        struct_id,
                        &mut vec![false; model.types.len()],
                        true,
                    )
            });
            if lowest_on_cycle == Some(struct_id)
                && reaches(
                    model,
                    target,
                    struct_id,
                    &mut vec![false; model.types.len()],
                    true,
                )
            {
                let file = &model.modules[def.module].file;
                let message = if target == struct_id {
                    format!(
                        "`{}` requires itself through `{}`: no finite value fits this schema",
                        def.title, field.key
                    )
                } else {
                    format!(
                        "`{}` requires `{}`, which requires `{}` again: no finite value fits this schema",
                        def.title, model.types[target].title, def.title
                    )
                };
                errors.push(
                    Diagnostic::error(file, &field.pointer, message).with_help(format!(
                        "make `{}` optional, nullable or an array to end the recursion",
                        field.key
                    )),
                );
            }
        }
    }
}
