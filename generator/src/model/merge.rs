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
    pub closed: Vec<(usize, String, Vec<&'a str>)>,
    /// The properties a closed branch leaves out, each with the warning that says so: a
    /// diagnostic that names one names this cause instead of its consequence.
    pub excluded: Vec<(&'a str, super::KeyCause)>,
    /// Every schema merged (file, pointer), the object's own first.
    pub merged: Vec<(usize, String)>,
    /// A branch could not be merged (an error says why): keys it would declare are missing.
    pub incomplete: bool,
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
        let mut excluded = Vec::new();
        let mut kept = Vec::with_capacity(members.properties.len());
        for mut member in std::mem::take(&mut members.properties) {
            let Some((file, pointer, _)) = closed
                .iter()
                .find(|(_, _, keys)| !keys.contains(&member.key))
            else {
                kept.push(member);
                continue;
            };
            let cause = self.closed_cause(*file, pointer);
            let required = members.requires(member.key);
            let key = member.key;
            let warning = self.warn(
                member.file,
                &member.pointer,
                format!("property `{key}` can never be present"),
                Some(format!(
                    "{cause}{}; declare it in that branch too if it was meant",
                    if required {
                        ", and it is required: no value fits the object"
                    } else {
                        ""
                    }
                )),
            );
            let seen = match warning.location {
                Some(at) => format!("{}:{}:{}", warning.file, at.line, at.column),
                None => format!("{}#{}", warning.file, warning.pointer),
            };
            let declared_by = member
                .pointer
                .rsplit_once("/properties/")
                .map_or("", |(schema, _)| schema);
            excluded.push((
                key,
                super::KeyCause {
                    message: format!("`{key}` can never be present: {cause} (see the warning at {seen})"),
                    help: format!(
                        "name a key the object can hold; to use `{key}`, merge the schema that declares it ({}) instead of {}",
                        place(&self.definitions[member.file].0.path, declared_by),
                        place(&self.definitions[*file].0.path, pointer),
                    ),
                },
            ));
            if required {
                member.schema = super::intersect::never();
                kept.push(member);
            }
        }
        members.closed = closed;
        members.excluded = excluded;
        members.properties = kept;
    }

    /// Why the closed `allOf` branch at `pointer` in `file` refuses the keys it does not
    /// declare, in words a diagnostic can quote.
    pub(super) fn closed_cause(&self, file: usize, pointer: &str) -> String {
        let at = place(&self.definitions[file].0.path, pointer);
        let branch = super::refs::schema_at(&self.definitions[file].1, pointer);
        let admits_none = branch.is_some_and(|b| {
            b.all_of.is_some() && b.properties.as_ref().is_none_or(|p| p.is_empty())
        });
        if admits_none {
            // The shape vendor descriptions use to mean "exactly the merged properties", which
            // JSON Schema reads otherwise.
            format!(
                "`additionalProperties: false` beside `allOf` at {at} admits no property: JSON Schema counts that schema's own `properties` (none), not its branches'"
            )
        } else {
            format!(
                "the `allOf` branch at {at} has `additionalProperties: false` and does not declare it (JSON Schema checks each branch alone)"
            )
        }
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
            members.incomplete = true;
            return;
        }
        members.merged.push((file, pointer.to_owned()));
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
            let (mut branch_file, mut branch_pointer, mut branch) = match &branch.reference {
                Some(reference) => match self.target_of(file, &written_at, reference) {
                    Some(target) => target,
                    None => {
                        members.incomplete = true;
                        continue;
                    }
                },
                None => (file, written_at.clone(), branch),
            };
            // A target that is itself a `$ref` (Asana's `UserBase: {$ref: UserCompact}`) is
            // another name of its target: followed, a few steps at most (a cycle is reported
            // where it is resolved as a type).
            let mut steps = 0;
            let mut unresolved = false;
            while let Some(reference) = &branch.reference
                && steps < ALL_OF_DEPTH
            {
                steps += 1;
                match self.target_of(branch_file, &branch_pointer, reference) {
                    Some(target) => (branch_file, branch_pointer, branch) = target,
                    None => {
                        unresolved = true;
                        break;
                    }
                }
            }
            if unresolved {
                members.incomplete = true;
                continue;
            }
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
                members.incomplete = true;
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
                let (earlier_shape, later_shape) = (
                    self.shape_at(earlier_file, &earlier_pointer),
                    self.shape_at(file, &property_pointer),
                );
                let differ = earlier_shape != later_shape;
                // The same schema once nullable and once not (GitHub's installation `account`
                // merges a user's nullable `name` with an enterprise's required one): a value
                // both accept is the non-null one, so that declaration is the intersection.
                if differ
                    && !inherited
                    && let (Some(earlier_shape), Some(later_shape)) = (&earlier_shape, &later_shape)
                    && let (earlier_core, earlier_null) = without_null(earlier_shape)
                    && let (later_core, later_null) = without_null(later_shape)
                    && earlier_core == later_core
                {
                    if earlier_null
                        && !later_null
                        && let Some(member) = members.properties.iter_mut().find(|m| m.key == key)
                    {
                        member.file = file;
                        member.pointer = property_pointer;
                        member.schema = property;
                    }
                    continue;
                }
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

/// A schema's place as a diagnostic names it: `file#pointer`, or the file for its root.
fn place(file: &str, pointer: &str) -> String {
    if pointer.is_empty() {
        file.to_owned()
    } else {
        format!("{file}#{pointer}")
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

/// A schema's shape with `null` taken out of it (OpenAPI 3.0's `nullable: true`, a `"null"` in a
/// `type` list), and whether it was there.
fn without_null(shape: &Value) -> (Value, bool) {
    let mut core = shape.clone();
    let mut nullable = false;
    if let Some(object) = core.as_object_mut() {
        if object.remove("nullable") == Some(Value::Bool(true)) {
            nullable = true;
        }
        if let Some(Value::Array(types)) = object.get_mut("type") {
            let before = types.len();
            types.retain(|t| t != "null");
            nullable |= types.len() != before;
            if let [only] = types.as_slice() {
                let only = only.clone();
                object.insert("type".into(), only);
            }
        }
    }
    (core, nullable)
}
