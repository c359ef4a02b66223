//! Type names, distinct across the output, and the names of each type's members.

use std::collections::HashMap;

use super::convert::{file_stem, literal_variant_name, type_name, value_name, variant_name};
use super::distinct::{Candidate, make_distinct, spelled};
use super::{FieldNames, TypeNames};
use crate::diagnostics::Diagnostic;
use crate::model::{LiteralValue, Model, TypeDef, TypeKind};

/// The Rust name of every type, distinct across the output (every type is re-exported from its
/// root): the `x-fusion-name`, else from the title; a converted name another type already has
/// is prefixed with the file's name (`nullable-simple-user.yaml`: `NullableSimpleUser`), then
/// numbered. Each record holds the name and the note its docs carry when it was renamed; the
/// members are named later ([`member_names`]), once the names of types are checked.
pub(super) fn type_names(model: &Model, errors: &mut Vec<Diagnostic>) -> Vec<TypeNames> {
    let mut names = Vec::with_capacity(model.types.len());
    let mut notes = Vec::with_capacity(model.types.len());
    let mut owners: HashMap<String, usize> = HashMap::new();
    // Names the author chose are claimed first: a derived name yields to them.
    for (id, def) in model.types.iter().enumerate() {
        if let Some(chosen) = &def.rust_name {
            if let Some(&first) = owners.get(chosen) {
                let first_file = &model.modules[model.types[first].module].file;
                errors.push(
                    Diagnostic::error(&model.modules[def.module].file, &format!("{}/x-fusion-name", def.pointer), format!("`x-fusion-name: {chosen}` is also the name of the type at {first_file}#{}", model.types[first].pointer))
                        .with_help("give each type its own `x-fusion-name`"),
                );
            }
            owners.entry(chosen.clone()).or_insert(id);
        }
    }
    // Then a file's root type whose name is the file's own (`simple-user.yaml`: `SimpleUser`)
    // keeps it against a copy elsewhere under the same title.
    let own_name = |def: &TypeDef, wanted: &str| {
        def.pointer.is_empty() && type_name(file_stem(&model.modules[def.module].file)) == wanted
    };
    for (id, def) in model.types.iter().enumerate() {
        let wanted = type_name(&def.title);
        if def.rust_name.is_none() && own_name(def, &wanted) {
            owners.entry(wanted).or_insert(id);
        }
    }
    for (id, def) in model.types.iter().enumerate() {
        if let Some(chosen) = &def.rust_name {
            names.push(chosen.clone());
            notes.push(None);
            continue;
        }
        let wanted = type_name(&def.title);
        let holder = match owners.get(&wanted) {
            Some(&holder) if holder != id => holder,
            _ => {
                owners.insert(wanted.clone(), id);
                names.push(wanted);
                notes.push(None);
                continue;
            }
        };
        let file = &model.modules[def.module].file;
        let prefix = type_name(file_stem(file));
        let prefix = prefix.trim_end_matches('_');
        // A root is named by its file (then by its path); a nested type by its file and its
        // own name.
        let path_name = type_name(file.split('.').next().unwrap_or(file));
        let from_file = if def.pointer.is_empty() {
            [type_name(file_stem(file)), path_name]
                .into_iter()
                .find(|n| *n != wanted && !owners.contains_key(n))
        } else if wanted.starts_with(prefix) {
            None
        } else {
            Some(format!("{prefix}{}", wanted.trim_end_matches('_')))
        };
        let name = from_file
            .filter(|n| !owners.contains_key(n))
            .unwrap_or_else(|| {
                (2..)
                    .map(|n| format!("{}{n}", wanted.trim_end_matches('_')))
                    .find(|n| !owners.contains_key(n))
                    .unwrap_or_default()
            });
        let holder_def = &model.types[holder];
        let holder_at = format!(
            "{}{}",
            model.modules[holder_def.module].file,
            if holder_def.pointer.is_empty() {
                String::new()
            } else {
                format!("#{}", holder_def.pointer)
            }
        );
        notes.push(Some(format!(
            "Named `{name}`, not `{wanted}`: the type at {holder_at} is `{wanted}`."
        )));
        owners.insert(name.clone(), id);
        names.push(name);
    }
    names
        .into_iter()
        .zip(notes)
        .map(|(name, note)| TypeNames {
            name,
            note,
            ..TypeNames::default()
        })
        .collect()
}

/// The names of one type's members, which [`TypeNames`] holds.
pub(super) struct MemberNames {
    pub(super) fields: Vec<FieldNames>,
    pub(super) variants: Vec<String>,
    pub(super) extra: Option<String>,
}

/// The names of the fields or variants of `def`, pairwise distinct; two that the author fixed to
/// one name are reported.
pub(super) fn member_names(
    model: &Model,
    def: &TypeDef,
    errors: &mut Vec<Diagnostic>,
) -> MemberNames {
    let file = &model.modules[def.module].file;
    // The values of an enum of values as text, which its variants' candidates borrow.
    let literal_texts: Vec<String> = match &def.kind {
        TypeKind::Literals { values, .. } => values
            .iter()
            .map(|v| match v {
                LiteralValue::Str(s) => s.clone(),
                other => other.to_json().to_string(),
            })
            .collect(),
        _ => Vec::new(),
    };
    let (mut candidates, pointers, what): (Vec<Candidate<'_>>, Vec<String>, &str) = match &def.kind
    {
        TypeKind::Struct { fields } => (
            fields
                .iter()
                .map(|f| Candidate {
                    original: &f.key,
                    name: f
                        .rust_name
                        .clone()
                        .unwrap_or_else(|| value_name(&f.key, "field")),
                    fixed: f.rust_name.is_some(),
                })
                .collect(),
            fields
                .iter()
                .map(|f| format!("{}/x-fusion-name", f.pointer))
                .collect(),
            "field",
        ),
        TypeKind::Enum { values } => (
            values
                .iter()
                .map(|v| Candidate {
                    original: v,
                    name: variant_name(v),
                    fixed: false,
                })
                .collect(),
            Vec::new(),
            "variant",
        ),
        TypeKind::Literals { values, .. } => (
            values
                .iter()
                .zip(&literal_texts)
                .map(|(v, text)| Candidate {
                    original: text,
                    name: literal_variant_name(v),
                    fixed: false,
                })
                .collect(),
            Vec::new(),
            "variant",
        ),
        // Positional: `.0`, `.1`, … need no names.
        TypeKind::Tuple { .. } => (Vec::new(), Vec::new(), "variant"),
        TypeKind::Union { variants, .. } => (
            variants
                .iter()
                .map(|v| Candidate {
                    original: &v.title,
                    name: type_name(&v.title),
                    fixed: false,
                })
                .collect(),
            Vec::new(),
            "variant",
        ),
    };
    // The map of undeclared keys is one more field, named so that no declared key's field
    // can take its name.
    let has_extra = what == "field" && def.extra.is_some();
    if has_extra {
        candidates.push(Candidate {
            original: "additional properties",
            name: "additional_properties".to_owned(),
            fixed: false,
        });
    }
    let (mut members, clashes) = make_distinct(&candidates, |original| match what {
        "field" => value_name(&spelled(original), "field"),
        _ => variant_name(&spelled(original)),
    });
    for clash in clashes {
        let name = &members[clash.index];
        errors.push(
            Diagnostic::error(
                file,
                &pointers[clash.index],
                format!(
                    "`x-fusion-name: {name}` is also the name of field `{}` in `{}`",
                    clash.first, def.title
                ),
            )
            .with_help("give each field its own `x-fusion-name`"),
        );
    }
    let extra = if has_extra { members.pop() } else { None };
    let (fields, variants) = if what == "field" {
        let fields = members
            .into_iter()
            .enumerate()
            .map(|(position, name)| FieldNames {
                name,
                // Numbered by position, they cannot collide with each other, and the `__fusion_`
                // prefix keeps them apart from every associated item a type has.
                redactor: format!("__fusion_redact_{position}"),
                // The other locals of the reader are `map`, `path`, `issues` and `extra`.
                local: format!("field_{position}"),
            })
            .collect();
        (fields, Vec::new())
    } else {
        (Vec::new(), members)
    };
    MemberNames {
        fields,
        variants,
        extra,
    }
}
