//! `$ref`s: following a reference to its file and pointer, and the path arithmetic behind it.

use super::FieldType;
use super::resolve::Resolver;
use crate::definition::{AdditionalProperties, Items, Schema, TypeKeyword};
use crate::diagnostics::did_you_mean;
use heck::ToUpperCamelCase;

/// The most `$ref`s followed one inside another while their types are made. Resolving recurses
/// once per `$ref` (kilobytes of stack each), so a chain of 30,000 would
/// overflow the stack; a chain this long nests past [`super::depth::MAX_TYPE_DEPTH`] (a boxed
/// ring too), so the bound refuses nothing that compiles.
pub(super) const MAX_REF_CHAIN: usize = 1024;

impl<'a> Resolver<'a> {
    /// Follows a `$ref`; the referenced location owns the type, so every reference shares it.
    pub(super) fn follow(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &Schema,
        reference: &str,
    ) -> FieldType {
        let siblings = [
            schema.kind.is_some() && !self.restates_type(file, schema, reference),
            schema.properties.is_some(),
            schema.items.is_some() || schema.prefix_items.is_some(),
            schema.enum_values.is_some(),
            schema.const_value.is_some(),
            schema.required.is_some(),
            schema.all_of.is_some(),
            schema.one_of.is_some(),
            schema.any_of.is_some(),
            schema.not.is_some(),
        ];
        if siblings.iter().any(|&present| present) {
            self.report(file, &format!("{pointer}/$ref"), "`$ref` cannot be combined with `type`, `properties`, `items`, `enum`, `required` or `allOf`", Some("move those keywords into the referenced schema, or list the `$ref` as a branch of `allOf`".into()));
        }
        self.type_at_ref(file, pointer, reference)
    }

    /// Whether the `type` beside a `$ref` is the one its target declares (`{type: string, $ref:
    /// Name}` where `Name` is `type: string`): redundant, so the drafts that ignore `$ref`'s
    /// siblings (04 to 07) and those that apply them (2019-09, 2020-12) read it alike.
    fn restates_type(&self, file: usize, schema: &Schema, reference: &str) -> bool {
        let Some(TypeKeyword::One(kind)) = &schema.kind else {
            return false;
        };
        // Looked up without reporting: an unresolved target is reported by `type_at_ref`.
        self.peek_ref(file, reference).is_some_and(|(_, target)| {
            matches!(&target.kind, Some(TypeKeyword::One(declared)) if declared == kind)
        })
    }

    /// The file and schema a `$ref` written in `file` names, looked up without reporting (an
    /// unresolved one is reported where its type is made).
    pub(super) fn peek_ref(&self, file: usize, reference: &str) -> Option<(usize, &'a Schema)> {
        let (path, fragment) = reference.split_once('#').unwrap_or((reference, ""));
        let target = if path.is_empty() {
            file
        } else {
            let joined = join_relative(&self.definitions[file].0.path, path);
            self.files.get(joined.as_str()).copied()?
        };
        Some((target, schema_at(&self.definitions[target].1, fragment)?))
    }

    /// The type a `$ref` at `pointer` names, named from its target.
    pub(super) fn type_at_ref(&mut self, file: usize, pointer: &str, reference: &str) -> FieldType {
        let Some((target_file, target_pointer, target)) = self.target_of(file, pointer, reference)
        else {
            return FieldType::String;
        };
        let name = target_pointer
            .rsplit('/')
            .next()
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .unwrap_or_else(|| {
                file_stem(&self.definitions[target_file].0.path).to_upper_camel_case()
            });
        if self.refs_open >= MAX_REF_CHAIN {
            // Reported once: the rest of the chain, resolved from its own `$defs` entries, would
            // repeat it every 1,024 types.
            if std::mem::replace(&mut self.refs_chain_reported, true) {
                return FieldType::Any;
            }
            self.report(
                file,
                &format!("{pointer}/$ref"),
                format!(
                    "this `$ref` is the {}th followed in one chain of types not made yet, past the \
                     limit of {MAX_REF_CHAIN}",
                    MAX_REF_CHAIN + 1
                ),
                Some(format!(
                    "such a chain nests more than {} types, which rustc cannot compile: flatten it, \
                     or declare a deep part as any JSON value (`{{}}`), which ends it",
                    super::depth::MAX_TYPE_DEPTH
                )),
            );
            return FieldType::Any;
        }
        self.refs_open += 1;
        let made = self.type_of(target_file, &target_pointer, target, &name);
        self.refs_open -= 1;
        made
    }

    /// The file, pointer and schema a `$ref` at `pointer` names; reports and returns `None`
    /// when it names nothing.
    pub(super) fn target_of(
        &mut self,
        file: usize,
        pointer: &str,
        reference: &str,
    ) -> Option<(usize, String, &'a Schema)> {
        let definitions = self.definitions;
        let from = &self.definitions[file].0.path;
        let (target_path, target_pointer) = match reference.split_once('#') {
            Some((path, fragment)) => (path, fragment),
            None => (reference, ""),
        };
        let target_file = if target_path.is_empty() {
            Some(file)
        } else {
            self.files
                .get(join_relative(from, target_path).as_str())
                .copied()
        };
        let target_path_joined = join_relative(from, target_path);
        if target_file.is_none() && self.broken.contains(&target_path_joined) {
            self.incomplete.insert(file);
            self.incomplete.extend(self.resolving);
            return None;
        }
        let Some(target_file) = target_file else {
            let mut candidates: Vec<String> =
                self.files.keys().map(|k| relative_to(from, k)).collect();
            candidates.sort();
            // A file of that name in another folder is the likeliest meaning, however far away.
            let wanted_name = target_path.rsplit('/').next().unwrap_or(target_path);
            let same_name = candidates
                .iter()
                .find(|c| c.rsplit('/').next() == Some(wanted_name));
            let help = same_name
                .map(String::as_str)
                .or_else(|| did_you_mean(target_path, candidates.iter().map(String::as_str)))
                .map(|s| format!("did you mean `{s}`?"));
            self.report(
                file,
                &format!("{pointer}/$ref"),
                format!("unresolved `$ref`: no definition file `{target_path}`"),
                help.or_else(|| {
                    Some("paths are relative to the file that holds the `$ref`".into())
                }),
            );
            return None;
        };
        let target_root = &definitions[target_file].1;
        if let Some(components) = &target_root.components {
            // An OpenAPI document is no schema itself: only its component schemas are.
            if !target_pointer.starts_with("/components/schemas/") {
                let names = components.schemas.iter().flat_map(|s| s.keys());
                let wanted = target_pointer.rsplit('/').next().unwrap_or("");
                let help = did_you_mean(wanted, names.map(String::as_str))
                    .map(|s| format!("did you mean `{target_path}#/components/schemas/{s}`?"))
                    .unwrap_or_else(|| {
                        format!("reference a schema of the OpenAPI document: `{target_path}#/components/schemas/Name`")
                    });
                self.report(
                    file,
                    &format!("{pointer}/$ref"),
                    format!("`{reference}` is not a schema: only the OpenAPI document's `components.schemas` can be referenced"),
                    Some(help),
                );
                return None;
            }
        }
        if target_root.components.is_some()
            && let Some(component) = super::resolve::component_of(target_pointer)
        {
            let key = (definitions[target_file].0.path.clone(), component);
            if let Some(found) = self.unreached.remove(&key) {
                self.errors.extend(found);
            }
        }
        let found = schema_at(target_root, target_pointer)
            .map(|target| (target_pointer.to_owned(), target))
            .or_else(|| self.by_last_segment(file, pointer, reference, target_root));
        let Some((target_pointer, target)) = found else {
            let wanted = target_pointer.rsplit('/').next().unwrap_or("");
            let help = match &target_root.components {
                Some(components) => components.schemas.as_ref().and_then(|schemas| {
                    did_you_mean(wanted, schemas.keys().map(String::as_str))
                        .map(|s| format!("did you mean `{target_path}#/components/schemas/{s}`?"))
                }),
                // The named schema of that name, wherever the reference looked for it
                // (`#/components/schemas/X` or `#/$definitions/X` for `#/definitions/X`).
                None => {
                    let named: Vec<(&str, &String)> =
                        target_root.named_defs().map(|(k, n, _)| (k, n)).collect();
                    did_you_mean(wanted, named.iter().map(|(_, n)| n.as_str())).and_then(|s| {
                        let (keyword, _) = named.iter().find(|(_, n)| n.as_str() == s)?;
                        Some(format!(
                            "did you mean `{target_path}#/{keyword}/{}`?",
                            escape_pointer(s)
                        ))
                    })
                }
            };
            self.report(
                file,
                &format!("{pointer}/$ref"),
                format!("unresolved `$ref`: `{reference}` points at nothing"),
                help.or_else(|| {
                    Some(
                        "a reference is `file.yaml`, `#/$defs/Name` or `file.yaml#/$defs/Name`"
                            .into(),
                    )
                }),
            );
            return None;
        };
        Some((target_file, target_pointer, target))
    }

    /// A named-schema `$ref` whose container is misspelt or belongs to another format
    /// (`#/$definitions/UInt`, `#/components/schemas/X` in a file of `definitions`), read as the
    /// one named schema of the target file with that exact name, with a warning: typify and
    /// other JSON Schema tools read such a reference by its last segment, so real schemas
    /// carry them. Only a two-step pointer into a container of names is read so, and only when
    /// the name is unique; anything else stays an unresolved `$ref`.
    fn by_last_segment(
        &mut self,
        file: usize,
        pointer: &str,
        reference: &str,
        target_root: &'a Schema,
    ) -> Option<(String, &'a Schema)> {
        let (path, fragment) = reference.split_once('#').unwrap_or((reference, ""));
        let tokens: Vec<&str> = fragment.split('/').skip(1).collect();
        let (container, wanted) = match tokens.as_slice() {
            [container, name] => (container.to_string(), *name),
            ["components", "schemas", name] => ("components/schemas".to_owned(), *name),
            _ => return None,
        };
        let looks_named = container.contains("def") || container == "components/schemas";
        if !looks_named || target_root.components.is_some() {
            return None;
        }
        let wanted = wanted.replace("~1", "/").replace("~0", "~");
        let mut matches = target_root
            .named_defs()
            .filter(|(_, name, _)| **name == wanted);
        let (keyword, name, schema) = matches.next()?;
        if matches.next().is_some() {
            return None;
        }
        let resolved = format!("/{keyword}/{}", escape_pointer(name));
        self.warn(
            file,
            &format!("{pointer}/$ref"),
            format!(
                "`{reference}` points at nothing; read as `{path}#{resolved}`, the only schema named `{wanted}`"
            ),
            Some(format!("write `{path}#{resolved}`")),
        );
        Some((resolved, schema))
    }
}

/// The sub-schema at a JSON pointer made of `$defs`, `definitions`, `properties`, `items`,
/// `prefixItems`, `additionalProperties`, `additionalItems`, branch and (in an OpenAPI
/// document) `components/schemas` steps: any schema of the file, whatever the pointer goes
/// through. A key that is no keyword (`#/$definitions/X`) holds no schema: it points at nothing.
pub(super) fn schema_at<'s>(root: &'s Schema, pointer: &str) -> Option<&'s Schema> {
    let mut tokens = pointer
        .split('/')
        .skip(1)
        .map(|t| t.replace("~1", "/").replace("~0", "~"));
    let mut schema = root;
    while let Some(token) = tokens.next() {
        schema = match token.as_str() {
            "$defs" => schema.defs.as_ref()?.get(&tokens.next()?)?,
            "definitions" => schema.definitions.as_ref()?.get(&tokens.next()?)?,
            // An OpenAPI document's schemas, at the pointer they have in the document.
            "components" if tokens.next()? == "schemas" => schema
                .components
                .as_ref()?
                .schemas
                .as_ref()?
                .get(&tokens.next()?)?,
            "properties" => schema.properties.as_ref()?.get(&tokens.next()?)?,
            "patternProperties" => schema.pattern_properties.as_ref()?.get(&tokens.next()?)?,
            "propertyNames" => schema.property_names.as_deref()?,
            "not" => schema.not.as_deref()?,
            "items" => match schema.items.as_ref()? {
                Items::Every(every) => every,
                Items::Positions(positions) => {
                    positions.get(tokens.next()?.parse::<usize>().ok()?)?
                }
            },
            "prefixItems" => schema
                .prefix_items
                .as_ref()?
                .get(tokens.next()?.parse::<usize>().ok()?)?,
            "allOf" => schema
                .all_of
                .as_ref()?
                .get(tokens.next()?.parse::<usize>().ok()?)?,
            "oneOf" => schema
                .one_of
                .as_ref()?
                .get(tokens.next()?.parse::<usize>().ok()?)?,
            "anyOf" => schema
                .any_of
                .as_ref()?
                .get(tokens.next()?.parse::<usize>().ok()?)?,
            "additionalProperties" => match schema.additional_properties.as_ref()? {
                AdditionalProperties::Schema(values) => values,
                AdditionalProperties::Allowed(_) => return None,
            },
            "additionalItems" => match schema.additional_items.as_ref()? {
                AdditionalProperties::Schema(more) => more,
                AdditionalProperties::Allowed(_) => return None,
            },
            _ => return None,
        };
    }
    Some(schema)
}

pub use crate::source::pointer_token as escape_pointer;

pub(super) fn file_stem(path: &str) -> &str {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.split('.').next().unwrap_or(name)
}

/// `target` as seen from the folder of `from`, both relative to the input folder.
pub(crate) fn join_relative(from: &str, target: &str) -> String {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for part in target.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    parts.join("/")
}

/// The shortest `$ref` path from the folder of `from` to `to`, for suggestions.
pub(crate) fn relative_to(from: &str, to: &str) -> String {
    let from_dir: Vec<&str> = from
        .split('/')
        .collect::<Vec<_>>()
        .split_last()
        .map(|(_, d)| d.to_vec())
        .unwrap_or_default();
    let to_parts: Vec<&str> = to.split('/').collect();
    let common = from_dir
        .iter()
        .zip(&to_parts)
        .take_while(|(a, b)| a == b)
        .count();
    let mut path: Vec<&str> = std::iter::repeat_n("..", from_dir.len() - common).collect();
    path.extend(&to_parts[common..]);
    path.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths() {
        assert_eq!(
            join_relative("billing/invoice.yaml", "client.yaml"),
            "billing/client.yaml"
        );
        assert_eq!(
            join_relative("billing/invoice.yaml", "../common/money.yaml"),
            "common/money.yaml"
        );
        assert_eq!(
            relative_to("billing/invoice.yaml", "common/money.yaml"),
            "../common/money.yaml"
        );
        assert_eq!(
            relative_to("billing/invoice.yaml", "billing/client.yaml"),
            "client.yaml"
        );
    }
}
