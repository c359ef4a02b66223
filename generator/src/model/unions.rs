//! Unions: `oneOf` / `anyOf` and lists of primitive types become one type whose value is one
//! of the branches. Branches are tried in schema order (zod's `z.union` does the same), so
//! `oneOf` and `anyOf` read alike; a `{type: "null"}` branch makes the union's uses nullable,
//! and a union left with one branch is that branch.

use heck::ToUpperCamelCase;

use super::refs::file_stem;
use super::resolve::{Resolver, schema_kind};
use super::{FieldType, IntKind, Model, TypeId, TypeKind, UnionTag, VariantDef};
use crate::definition::{JsonType, Schema, TypeKeyword};

impl<'a> Resolver<'a> {
    /// The type of a schema with `oneOf` or `anyOf` at `pointer`; `nullable` when its `type`
    /// lists `"null"`.
    pub(super) fn union_type(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &'a Schema,
        name: &str,
        nullable: bool,
    ) -> FieldType {
        let (keyword, branches) = match (&schema.one_of, &schema.any_of) {
            (Some(one), None) => ("oneOf", one),
            (None, Some(any)) => ("anyOf", any),
            (Some(_), Some(any)) => {
                self.report(
                    file,
                    &format!("{pointer}/anyOf"),
                    "`oneOf` and `anyOf` cannot stand together",
                    Some("keep one list of branches: both are read as \"the first branch that fits\"".into()),
                );
                ("anyOf", any)
            }
            (None, None) => return FieldType::String,
        };
        // Object keywords beside the branches apply to every branch (JSON Schema reads the
        // schema as "this object, and one of these"): each branch becomes the object merged
        // with them.
        let distributed =
            schema.properties.is_some() || schema.all_of.is_some() || schema.required.is_some();
        // `type: object` beside branches that state no type: each branch is an object.
        let object_base = schema_kind(schema) == Some(JsonType::Object);
        let null = nullable || branches.iter().any(is_null_schema);
        let kept: Vec<(usize, &'a Schema)> = branches
            .iter()
            .enumerate()
            .filter(|(_, b)| !is_null_schema(b))
            .collect();
        let ty = match kept.as_slice() {
            [] => {
                self.report(
                    file,
                    &format!("{pointer}/{keyword}"),
                    "a union needs a branch that is not `null`",
                    Some("`type: \"null\"` alone describes no data".into()),
                );
                return FieldType::String;
            }
            // `anyOf: [X, {type: null}]`, OpenAPI 3.1's nullable X: X itself.
            [(i, only)] if !distributed => {
                let at = format!("{pointer}/{keyword}/{i}");
                self.type_of(file, &at, only, name)
            }
            _ => {
                let id = self.union_before_branches(file, pointer, schema, name);
                let mut variants = Vec::new();
                for (i, branch) in kept {
                    let at = format!("{pointer}/{keyword}/{i}");
                    let untyped = schema_kind(branch).is_none()
                        && branch.reference.is_none()
                        && !is_union_schema(branch);
                    let merged = distributed || (object_base && untyped);
                    // A branch merged into an object is one, whatever keywords it states. The
                    // branch's title and its type's are titles; naming makes the Rust names.
                    let title = match &branch.title {
                        None if merged && untyped => "Object".to_owned(),
                        _ => self.branch_title(file, branch),
                    };
                    let ty = if merged {
                        self.distributed_branch(
                            file,
                            pointer,
                            &at,
                            branch,
                            &format!("{name}{title}"),
                        )
                    } else {
                        self.type_of(file, &at, branch, &format!("{name}{title}"))
                    };
                    variants.push(VariantDef {
                        title,
                        ty,
                        boxed: false,
                    });
                }
                self.model.types[id].kind = TypeKind::Union {
                    variants,
                    tag: None,
                };
                FieldType::Named(id)
            }
        };
        if null {
            FieldType::Nullable(Box::new(ty))
        } else {
            ty
        }
    }

    /// One branch of a union whose schema also has object keywords: the struct of the branch
    /// merged with them (the schema's own properties and `allOf` first, as a base). Only an
    /// object branch written in place can take them: a `$ref` names a type shared elsewhere.
    fn distributed_branch(
        &mut self,
        file: usize,
        pointer: &str,
        at: &str,
        branch: &'a Schema,
        name: &str,
    ) -> FieldType {
        let object = matches!(schema_kind(branch), None | Some(JsonType::Object));
        if branch.reference.is_some()
            || !object
            || branch.one_of.is_some()
            || branch.any_of.is_some()
        {
            self.report(
                file,
                at,
                "a branch beside `properties`, `required` or `allOf` must be an object schema written in place",
                Some("the keywords beside the branches merge into each branch: write this branch as `allOf: [{$ref: …}]`, or move the shared keywords into the branches".into()),
            );
            return FieldType::String;
        }
        self.union_bases
            .insert((file, at.to_owned()), pointer.to_owned());
        FieldType::Named(self.object_type(file, at, branch, name, true))
    }

    /// `type: [string, integer]` (with or without `"null"`): a union of those primitives.
    pub(super) fn type_list_union(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &'a Schema,
        name: &str,
    ) -> Option<FieldType> {
        let Some(TypeKeyword::Several(types)) = &schema.kind else {
            return None;
        };
        let listed: Vec<JsonType> = types
            .iter()
            .copied()
            .filter(|t| *t != JsonType::Null)
            .collect();
        if listed.len() < 2 {
            return None;
        }
        if schema.enum_values.is_some() && listed.contains(&JsonType::String) {
            self.report(
                file,
                &format!("{pointer}/type"),
                "a string `enum` beside a list of types is not supported",
                Some("write the enum as a branch of `oneOf` beside the other types".into()),
            );
            return Some(FieldType::String);
        }
        let id = self.union_before_branches(file, pointer, schema, name);
        let mut variants = Vec::new();
        for kind in &listed {
            // Each type's keywords apply to the values of that type, as JSON Schema reads a
            // list of types: `properties` to the object branch, `items` to the array branch.
            let ty = match kind {
                JsonType::String => FieldType::String,
                JsonType::Integer => {
                    FieldType::Integer(IntKind::of_format(schema.format.as_deref()))
                }
                JsonType::Number => FieldType::Number,
                JsonType::Boolean => FieldType::Boolean,
                JsonType::Object => FieldType::Named(self.object_type(
                    file,
                    pointer,
                    schema,
                    &format!("{name}Object"),
                    false,
                )),
                JsonType::Array => self.array_type(file, pointer, schema, name),
                JsonType::Null => continue,
            };
            variants.push(VariantDef {
                title: kind.as_str().to_upper_camel_case(),
                ty,
                boxed: false,
            });
        }
        integers_before_numbers(&mut variants);
        self.model.types[id].kind = TypeKind::Union {
            variants,
            tag: None,
        };
        let ty = FieldType::Named(id);
        Some(if types.contains(&JsonType::Null) {
            FieldType::Nullable(Box::new(ty))
        } else {
            ty
        })
    }

    /// The name a branch's variant is derived from: its `title`, its `$ref` target, or its type.
    /// A union type with no branches yet, remembered at `pointer`: made before its branches,
    /// since an object branch may refer back to the whole.
    fn union_before_branches(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &'a Schema,
        name: &str,
    ) -> TypeId {
        let id = self.new_type(
            file,
            pointer,
            schema,
            name,
            TypeKind::Union {
                variants: Vec::new(),
                tag: None,
            },
        );
        self.remember(file, pointer, FieldType::Named(id));
        id
    }

    fn branch_title(&self, file: usize, branch: &Schema) -> String {
        if let Some(title) = &branch.title {
            return title.clone();
        }
        if let Some(reference) = &branch.reference {
            let (path, fragment) = reference.split_once('#').unwrap_or((reference, ""));
            return match fragment.rsplit('/').next().filter(|s| !s.is_empty()) {
                Some(last) => last.to_owned(),
                None if path.is_empty() => file_stem(&self.definitions[file].0.path).to_owned(),
                None => file_stem(path).to_owned(),
            };
        }
        let word = match schema_kind(branch) {
            Some(JsonType::String)
                if branch.enum_values.is_some() || branch.const_value.is_some() =>
            {
                "Enum"
            }
            Some(kind) => kind.as_str(),
            None if branch.one_of.is_some() || branch.any_of.is_some() => "Union",
            None => "Value",
        };
        word.to_upper_camel_case()
    }
}

/// Moves integer branches before the first number branch. Every JSON integer is also a number,
/// so a number branch tried first would take them all, and as an `f64` an integer past 2^53
/// loses digits (`61153314774826061` would come back `61153314774826060`); tried first, the
/// integer branch keeps every digit and writes the same bytes for the values both read.
fn integers_before_numbers(variants: &mut Vec<VariantDef>) {
    let Some(first_number) = variants
        .iter()
        .position(|v| matches!(v.ty, FieldType::Number))
    else {
        return;
    };
    let (integers, rest): (Vec<_>, Vec<_>) = variants
        .drain(first_number..)
        .partition(|v| matches!(v.ty, FieldType::Integer(_)));
    variants.extend(integers);
    variants.extend(rest);
}

/// `{type: "null"}`, `{enum: [null]}` or `{const: null}` (annotations aside): the `null` branch
/// of a nullable union.
fn is_null_schema(schema: &Schema) -> bool {
    let null_type = matches!(schema.kind, Some(TypeKeyword::One(JsonType::Null)));
    let untyped = schema.kind.is_none() || null_type;
    let null_enum = schema
        .enum_values
        .as_ref()
        .is_some_and(|values| !values.is_empty() && values.iter().all(serde_json::Value::is_null));
    let null_const = schema.const_value == Some(serde_json::Value::Null);
    let only_null = match (&schema.enum_values, &schema.const_value) {
        (None, None) => null_type,
        (Some(_), None) => untyped && null_enum,
        (None, Some(_)) => untyped && null_const,
        (Some(_), Some(_)) => false,
    };
    only_null && schema.properties.is_none() && schema.reference.is_none()
}

/// Marks every union whose branches are objects that each fix one key to a distinct constant
/// (`kind: {const: user}`, `kind: {const: bot}`) as tagged by that key. The first such key of
/// the first branch wins; a union with a branch that is not an object, or whose constants
/// repeat, stays untried-in-order. Runs once every type is resolved: a branch may be a `$ref`
/// to a struct resolved after the union.
pub(super) fn find_tags(model: &mut Model) {
    for id in 0..model.types.len() {
        let TypeKind::Union { variants, .. } = &model.types[id].kind else {
            continue;
        };
        let tag = union_tag(model, variants);
        if let TypeKind::Union { tag: slot, .. } = &mut model.types[id].kind {
            *slot = tag;
        }
    }
}

fn union_tag(model: &Model, variants: &[VariantDef]) -> Option<UnionTag> {
    let structs = model.struct_branches(variants)?;
    let TypeKind::Struct { fields } = &model.types[*structs.first()?].kind else {
        return None;
    };
    fields.iter().find_map(|candidate| {
        let values: Vec<String> = structs
            .iter()
            .map(|struct_id| constant_of(model, *struct_id, &candidate.key))
            .collect::<Option<_>>()?;
        let distinct: std::collections::HashSet<&String> = values.iter().collect();
        (distinct.len() == values.len()).then(|| UnionTag {
            key: candidate.key.clone(),
            values,
        })
    })
}

/// The one value a struct's required `key` can hold, when it is a single-value string enum.
fn constant_of(model: &Model, struct_id: TypeId, key: &str) -> Option<String> {
    let TypeKind::Struct { fields } = &model.types[struct_id].kind else {
        return None;
    };
    let field = fields.iter().find(|f| f.key == key && f.required)?;
    let FieldType::Named(enum_id) = &field.ty else {
        return None;
    };
    match &model.types[*enum_id].kind {
        TypeKind::Enum { values } if values.len() == 1 => values.first().cloned(),
        _ => None,
    }
}

fn is_union_schema(schema: &Schema) -> bool {
    schema.one_of.is_some() || schema.any_of.is_some()
}
