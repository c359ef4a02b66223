//! `allOf`: the object schemas a schema merges, flattened into one list of properties and one
//! list of `required` keys, so the rest of the model sees a plain object.

use serde_json::Value;

use super::refs::escape_pointer;
use super::resolve::{Resolver, schema_kind};
use crate::definition::{AdditionalProperties, JsonType, Schema};

/// How deep `allOf` branches may nest (through `$ref`s too) before the chain is reported; a
/// chain that deep is a cycle in practice (`A: allOf [B]`, `B: allOf [A]`).
const ALL_OF_DEPTH: usize = 64;

/// Keywords that describe a property without changing what it holds: two branches declaring the
/// same key may differ in these and still agree.
const ANNOTATIONS: &[&str] = &[
    "description",
    "title",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
    "$comment",
    "default",
];

/// One property of a merged object, where it is written.
pub(super) struct Member<'a> {
    /// The file that declares it.
    pub file: usize,
    /// Its pointer in that file.
    pub pointer: String,
    /// The wire key.
    pub key: &'a str,
    /// Its schema.
    pub schema: &'a Schema,
    /// It comes from a presenter's base (`extends`).
    pub inherited: bool,
}

/// A key listed in some `required`, where it is listed.
pub(super) struct RequiredKey<'a> {
    pub file: usize,
    pub pointer: String,
    pub key: &'a str,
}

/// The properties and `required` keys of an object schema with every `allOf` branch merged in.
#[derive(Default)]
pub(super) struct Members<'a> {
    /// Properties in wire order: each branch's (in branch order), then the schema's own.
    pub properties: Vec<Member<'a>>,
    /// Every `required` entry, as written.
    pub required: Vec<RequiredKey<'a>>,
    /// Merged branches with `additionalProperties: false`: each allows only its own
    /// `properties` (JSON Schema applies it to the branch alone), with where it is written.
    closed: Vec<(usize, String, Vec<&'a str>)>,
}

impl Members<'_> {
    /// Whether some `required` lists `key`.
    pub fn requires(&self, key: &str) -> bool {
        self.required.iter().any(|r| r.key == key)
    }
}

impl<'a> Resolver<'a> {
    /// The merged members of the object schema at `pointer` in `file`.
    pub(super) fn members(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &'a Schema,
    ) -> Members<'a> {
        let mut members = Members::default();
        self.collect_members(file, pointer, schema, &mut members, 0);
        self.close_members(&mut members);
        members
    }

    /// Applies the merged branches' `additionalProperties: false`: a key one of them does not
    /// declare can never be present (JSON Schema checks each branch alone), so it leaves the
    /// allow-list, with a warning; a required one makes the object one no value fits.
    fn close_members(&mut self, members: &mut Members<'a>) {
        let closed = std::mem::take(&mut members.closed);
        let mut kept = Vec::with_capacity(members.properties.len());
        for mut member in std::mem::take(&mut members.properties) {
            let Some((file, pointer, _)) = closed
                .iter()
                .find(|(_, _, keys)| !keys.contains(&member.key))
            else {
                kept.push(member);
                continue;
            };
            let (file, pointer) = (*file, pointer.clone());
            let required = members.requires(member.key);
            self.warn(
                member.file,
                &member.pointer,
                format!("property `{}` can never be present", member.key),
                Some(format!(
                    "the `allOf` branch at {}#{pointer} has `additionalProperties: false` and does not declare it (JSON Schema checks each branch alone){}; declare it in that branch too if it was meant",
                    self.definitions[file].0.path,
                    if required { ", and it is required: no value fits the object" } else { "" }
                )),
            );
            if required {
                member.schema = super::intersect::never();
                kept.push(member);
            }
        }
        members.properties = kept;
    }

    fn collect_members(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &'a Schema,
        members: &mut Members<'a>,
        depth: usize,
    ) {
        if depth > ALL_OF_DEPTH {
            self.report(
                file,
                pointer,
                format!("`allOf` nests more than {ALL_OF_DEPTH} levels deep (budget `allOf depth`)"),
                Some("an `allOf` chain this deep is a cycle: a branch must not include the schema that includes it".into()),
            );
            return;
        }
        // A presenter's base comes first (`extends`), as if it were its first `allOf` branch.
        if pointer.is_empty()
            && let Some(base) = self.bases.get(file).copied().flatten()
        {
            let definitions = self.definitions;
            let start = members.properties.len();
            self.collect_members(base, "", &definitions[base].1, members, depth + 1);
            for member in &mut members.properties[start..] {
                member.inherited = true;
            }
        }
        // A union's branch beside object keywords: the union's schema is its base.
        if let Some(base_pointer) = self.union_bases.get(&(file, pointer.to_owned())).cloned()
            && let Some(base) = super::refs::schema_at(&self.definitions[file].1, &base_pointer)
        {
            self.collect_members(file, &base_pointer, base, members, depth + 1);
        }
        for (i, branch) in schema.all_of.iter().flatten().enumerate() {
            let written_at = format!("{pointer}/allOf/{i}");
            let (branch_file, branch_pointer, branch) = match &branch.reference {
                Some(reference) => match self.target_of(file, &written_at, reference) {
                    Some(target) => target,
                    None => continue,
                },
                None => (file, written_at.clone(), branch),
            };
            let is_object = match schema_kind(branch) {
                Some(kind) => kind == JsonType::Object,
                None => {
                    branch.properties.is_some()
                        || branch.all_of.is_some()
                        || branch.required.is_some()
                        || asserts_only(branch)
                }
            };
            if !is_object {
                // Located where the branch is listed, which is what the author can change.
                self.report(
                    file,
                    &written_at,
                    "an `allOf` branch must be an object schema",
                    Some("`allOf` merges the properties of objects; for a choice between schemas use `oneOf` or `anyOf`".into()),
                );
                continue;
            }
            if matches!(
                branch.additional_properties,
                Some(AdditionalProperties::Allowed(false))
            ) {
                let own = branch
                    .properties
                    .iter()
                    .flatten()
                    .map(|(k, _)| k.as_str())
                    .collect();
                members
                    .closed
                    .push((branch_file, branch_pointer.clone(), own));
            }
            self.collect_members(branch_file, &branch_pointer, branch, members, depth + 1);
        }
        for (key, property) in schema.properties.iter().flatten() {
            let property_pointer = format!("{pointer}/properties/{}", escape_pointer(key));
            if let Some(earlier) = members.properties.iter().find(|m| m.key == key) {
                let inherited = earlier.inherited;
                let (earlier_file, earlier_pointer) = (earlier.file, earlier.pointer.clone());
                let differ = self.shape_at(earlier_file, &earlier_pointer)
                    != self.shape_at(file, &property_pointer);
                if differ && !inherited {
                    let earlier_schema = members
                        .properties
                        .iter()
                        .find(|m| m.key == key)
                        .map(|m| m.schema);
                    if let Some(earlier_schema) = earlier_schema
                        && let Some(merged) = self.merge_declarations(
                            (earlier_file, &earlier_pointer, earlier_schema),
                            (file, &property_pointer, property),
                            key,
                        )
                    {
                        if let Some(member) = members.properties.iter_mut().find(|m| m.key == key)
                            && let Some((merged_file, merged_pointer, merged_schema)) = merged
                        {
                            member.file = merged_file;
                            member.pointer = merged_pointer;
                            member.schema = merged_schema;
                        }
                        continue;
                    }
                }
                if differ {
                    let earlier_path = self.definitions[earlier_file].0.path.clone();
                    if inherited {
                        self.report(
                            file,
                            &property_pointer,
                            format!("property `{key}` is declared differently by the presenter this one extends"),
                            Some(format!(
                                "the base declares it at {earlier_path}#{earlier_pointer}; leave it to the base (it is inherited), or make the two agree"
                            )),
                        );
                        continue;
                    }
                    self.report(
                        file,
                        &property_pointer,
                        format!("`allOf` declares property `{key}` twice with different schemas"),
                        Some(format!(
                            "it is also declared at {earlier_path}#{earlier_pointer}; keep one declaration, or make them agree"
                        )),
                    );
                }
                continue;
            }
            members.properties.push(Member {
                file,
                pointer: property_pointer,
                key,
                schema: property,
                inherited: false,
            });
        }
        for (i, key) in schema.required.iter().flatten().enumerate() {
            members.required.push(RequiredKey {
                file,
                pointer: format!("{pointer}/required/{i}"),
                key,
            });
        }
    }

    /// The JSON at a location without its annotations: what two declarations must share to agree.
    fn shape_at(&self, file: usize, pointer: &str) -> Option<Value> {
        let mut value = self.definitions[file].0.value.pointer(pointer)?.clone();
        if let Some(object) = value.as_object_mut() {
            for keyword in ANNOTATIONS {
                object.remove(*keyword);
            }
        }
        Some(value)
    }
}

/// Whether a schema only asserts (`not`, bounds, annotations) and shapes nothing: as an
/// `allOf` branch it adds no property, and its assertion is documentation.
pub(super) fn asserts_only(schema: &Schema) -> bool {
    schema.kind.is_none()
        && schema.reference.is_none()
        && schema.properties.is_none()
        && schema.required.is_none()
        && schema.all_of.is_none()
        && schema.one_of.is_none()
        && schema.any_of.is_none()
        && schema.enum_values.is_none()
        && schema.const_value.is_none()
        && schema.items.is_none()
        && schema.prefix_items.is_none()
        && schema.additional_properties.is_none()
        && schema.pattern_properties.is_none()
}
