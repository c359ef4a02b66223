//! Compiling a meta-schema: its resources found, its keywords checked and read into rules,
//! its references resolved.

use std::collections::HashMap;

use serde_json::{Map, Value};

use super::{
    ANNOTATIONS, Additional, Expected, IMPLEMENTED, JsonType, Members, Node, Rule, pattern,
    priority,
};

/// Checks that every keyword of every schema is one the checker reads, and finds each schema
/// with its own `$id` (a resource): its absolute URI and its pointer in the document.
pub(super) fn index_resources(
    schema: &Value,
    pointer: &str,
    resources: &mut HashMap<String, String>,
) -> Result<(), String> {
    let object = match schema {
        Value::Bool(_) => return Ok(()),
        Value::Object(object) => object,
        _ => {
            return Err(format!(
                "the schema at `{pointer}` is neither an object nor a boolean"
            ));
        }
    };
    if let Some(id) = object.get("$id") {
        let id = id
            .as_str()
            .filter(|id| id.contains("://") && !id.contains('#'))
            .ok_or_else(|| format!("`{pointer}/$id` is not an absolute URI without fragment"))?;
        resources.insert(id.to_owned(), pointer.to_owned());
    }
    for (keyword, value) in object {
        let here = format!("{pointer}/{}", crate::source::pointer_token(keyword));
        match keyword.as_str() {
            "properties" | "patternProperties" | "$defs" => {
                let entries = value
                    .as_object()
                    .ok_or_else(|| format!("`{here}` is not an object"))?;
                for (name, subschema) in entries {
                    index_resources(
                        subschema,
                        &format!("{here}/{}", crate::source::pointer_token(name)),
                        resources,
                    )?;
                }
            }
            "allOf" | "anyOf" | "oneOf" => {
                let alternatives = value
                    .as_array()
                    .filter(|list| !list.is_empty())
                    .ok_or_else(|| format!("`{here}` is not a non-empty array"))?;
                for (i, subschema) in alternatives.iter().enumerate() {
                    index_resources(subschema, &format!("{here}/{i}"), resources)?;
                }
            }
            "additionalProperties" | "items" => index_resources(value, &here, resources)?,
            known if IMPLEMENTED.contains(&known) || ANNOTATIONS.contains(&known) => {}
            unknown => {
                return Err(format!(
                    "keyword `{unknown}` (at `{here}`) is not one the meta-schema checker implements"
                ));
            }
        }
    }
    Ok(())
}

pub(super) struct Compiler<'s> {
    pub(super) document: &'s Value,
    /// Absolute URI of each resource → its pointer in `document`.
    pub(super) resources: HashMap<String, String>,
    pub(super) nodes: Vec<Node>,
    /// (resource URI, pointer in the resource) → node, so that recursive references end.
    pub(super) compiled: HashMap<(String, String), usize>,
}

impl Compiler<'_> {
    /// The node of the schema at `pointer` inside the resource `base`.
    pub(super) fn compile(&mut self, base: &str, pointer: &str) -> Result<usize, String> {
        let key = (base.to_owned(), pointer.to_owned());
        if let Some(&index) = self.compiled.get(&key) {
            return Ok(index);
        }
        let root = self.resources.get(base).map_or("", String::as_str);
        let document = self.document;
        let schema = document
            .pointer(&format!("{root}{pointer}"))
            .ok_or_else(|| format!("`{base}#{pointer}` points at nothing"))?;
        let index = self.nodes.len();
        self.nodes.push(Node::Any);
        self.compiled.insert(key, index);
        let node = match schema {
            Value::Bool(true) => Node::Any,
            Value::Bool(false) => Node::Nothing {
                location: pointer.to_owned(),
            },
            Value::Object(object) => self.rules(base, pointer, object)?,
            _ => return Err(format!("`{base}#{pointer}` is not a schema")),
        };
        self.nodes[index] = node;
        Ok(index)
    }

    fn rules(
        &mut self,
        base: &str,
        pointer: &str,
        object: &Map<String, Value>,
    ) -> Result<Node, String> {
        let at = |keyword: &str| format!("{base}#{pointer}/{keyword}");
        let mut rules = Vec::new();
        let mut members = None;
        for (keyword, value) in object {
            let rule =
                match keyword.as_str() {
                    "type" => Rule::Type(expected_types(value).ok_or_else(|| {
                        format!(
                            "`{}` names no JSON type, or one it does not know",
                            at("type")
                        )
                    })?),
                    "const" => Rule::Const(value.clone()),
                    "enum" => Rule::Enum(
                        value
                            .as_array()
                            .cloned()
                            .ok_or_else(|| format!("`{}` is not an array", at("enum")))?,
                    ),
                    "minimum" | "maximum" => {
                        let limit = value
                            .as_number()
                            .cloned()
                            .ok_or_else(|| format!("`{}` is not a number", at(keyword)))?;
                        if keyword == "minimum" {
                            Rule::Minimum(limit)
                        } else {
                            Rule::Maximum(limit)
                        }
                    }
                    "required" => Rule::Required(required_names(value).ok_or_else(|| {
                        format!("`{}` is not an array of strings", at("required"))
                    })?),
                    "properties" | "patternProperties" | "additionalProperties" => {
                        if members.is_none() {
                            members = Some(self.members(base, pointer, object)?);
                        }
                        continue;
                    }
                    "items" => Rule::Items(self.compile(base, &format!("{pointer}/items"))?),
                    "allOf" | "anyOf" | "oneOf" => {
                        let count = value.as_array().map_or(0, Vec::len);
                        let alternatives = (0..count)
                            .map(|i| self.compile(base, &format!("{pointer}/{keyword}/{i}")))
                            .collect::<Result<Vec<_>, _>>()?;
                        match keyword.as_str() {
                            "allOf" => Rule::AllOf(alternatives),
                            "anyOf" => Rule::AnyOf(alternatives),
                            _ => Rule::OneOf(alternatives),
                        }
                    }
                    "$ref" => {
                        let reference = value
                            .as_str()
                            .ok_or_else(|| format!("`{}` is not a string", at("$ref")))?;
                        let (target_base, target_pointer) = self.resolve(base, reference)?;
                        Rule::Ref(self.compile(&target_base, &target_pointer)?)
                    }
                    // `$defs` entries are compiled when a `$ref` reaches them; keywords the checker
                    // does not read were refused by `index_resources`.
                    _ => continue,
                };
            rules.push(rule);
        }
        if let Some(members) = members {
            if members.required_after.is_some() {
                rules.retain(|rule| !matches!(rule, Rule::Required(_)));
            }
            rules.push(Rule::Members(members));
        }
        if rules.is_empty() {
            return Ok(Node::Any);
        }
        rules.sort_by_key(priority);
        Ok(Node::Rules {
            location: pointer.to_owned(),
            rules,
        })
    }

    fn members(
        &mut self,
        base: &str,
        pointer: &str,
        object: &Map<String, Value>,
    ) -> Result<Members, String> {
        let mut properties = Vec::new();
        for name in object
            .get("properties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            let node = self.compile(
                base,
                &format!(
                    "{pointer}/properties/{}",
                    crate::source::pointer_token(name.0)
                ),
            )?;
            properties.push((name.0.clone(), node));
        }
        let mut patterns = Vec::new();
        let declared = object.get("patternProperties").and_then(Value::as_object);
        for (source, _) in declared.into_iter().flatten() {
            let regex = pattern::compile(source)?;
            let node = self.compile(
                base,
                &format!(
                    "{pointer}/patternProperties/{}",
                    crate::source::pointer_token(source)
                ),
            )?;
            patterns.push((regex, node));
        }
        let additional = match object.get("additionalProperties") {
            None | Some(Value::Bool(true)) => Additional::Allowed,
            Some(Value::Bool(false)) => Additional::Refused,
            Some(_) => {
                Additional::Schema(self.compile(base, &format!("{pointer}/additionalProperties"))?)
            }
        };
        let required_after = match (object.get("required").and_then(required_names), &additional) {
            (Some(names), Additional::Refused)
                if names.len() == 1 && object.contains_key("properties") && patterns.is_empty() =>
            {
                names.into_iter().next()
            }
            _ => None,
        };
        Ok(Members {
            properties,
            patterns,
            additional,
            required_after,
        })
    }

    /// The resource and pointer a `$ref` names: `#`, `#/pointer`, or the absolute `$id` of a
    /// resource of the meta-schema (with or without such a fragment).
    fn resolve(&self, base: &str, reference: &str) -> Result<(String, String), String> {
        let (uri, fragment) = reference.split_once('#').unwrap_or((reference, ""));
        let target = if uri.is_empty() { base } else { uri };
        // An empty target is the root of a meta-schema without `$id`.
        if !target.is_empty() && !self.resources.contains_key(target) {
            return Err(format!(
                "`$ref: {reference}` names no schema of the meta-schema"
            ));
        }
        if !(fragment.is_empty() || fragment.starts_with('/')) {
            return Err(format!(
                "`$ref: {reference}`: only JSON pointer fragments are read"
            ));
        }
        Ok((target.to_owned(), fragment.to_owned()))
    }
}

fn expected_types(value: &Value) -> Option<Expected> {
    match value {
        Value::String(name) => JsonType::from_name(name).map(Expected::Single),
        Value::Array(names) => {
            let mut types = names
                .iter()
                .map(|name| name.as_str().and_then(JsonType::from_name))
                .collect::<Option<Vec<_>>>()?;
            types.sort();
            types.dedup();
            Some(Expected::Multiple(types))
        }
        _ => None,
    }
}

fn required_names(value: &Value) -> Option<Vec<String>> {
    value
        .as_array()?
        .iter()
        .map(|name| name.as_str().map(str::to_owned))
        .collect()
}
