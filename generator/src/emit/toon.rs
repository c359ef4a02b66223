//! The TOON side of a struct: whether the schema makes every value of it a table row (wire
//! format §11, TOON §9.3). The table itself (field list and cells) is written by the runtime
//! from the struct's `Record`, so the generated code states only this one flag.

use crate::model::{FieldType, Model, TypeId, TypeKind};

/// Whether every value of struct `id` is a table row whatever the data.
pub fn is_tabular(model: &Model, id: TypeId) -> bool {
    tabular(model, id, &mut Vec::new())
}

/// Whether `id` qualifies: at least one field, each required, not boxed, and redacted (a
/// string cell), primitive (a nullable primitive too: `null` is a cell), or a non-nullable
/// nested struct that qualifies itself (a v4 nested column).
fn tabular(model: &Model, id: TypeId, visiting: &mut Vec<TypeId>) -> bool {
    let TypeKind::Struct { fields } = &model.types[id].kind else {
        return false;
    };
    if fields.is_empty() || visiting.contains(&id) || model.types[id].extra.is_some() {
        return false;
    }
    visiting.push(id);
    let qualifies = fields.iter().all(|field| {
        field.required
            && !field.boxed
            && (field.redact.is_some()
                || match &field.ty {
                    FieldType::Named(nested) if is_struct(model, *nested) => {
                        tabular(model, *nested, visiting)
                    }
                    ty => is_primitive(model, ty.non_null()),
                })
    });
    visiting.pop();
    qualifies
}

fn is_struct(model: &Model, id: TypeId) -> bool {
    matches!(model.types[id].kind, TypeKind::Struct { .. })
}

fn is_primitive(model: &Model, ty: &FieldType) -> bool {
    match ty {
        FieldType::String | FieldType::Integer(_) | FieldType::Number | FieldType::Boolean => true,
        FieldType::Named(id) => matches!(model.types[*id].kind, TypeKind::Enum { .. }),
        FieldType::Array(_) | FieldType::Nullable(_) | FieldType::Any => false,
    }
}
