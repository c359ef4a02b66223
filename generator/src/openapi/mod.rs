//! The OpenAPI layer: everything the generator knows of OpenAPI lives in this folder, and
//! reaches the rest of the engine only as what any definition is (documents, and the HTTP
//! bindings the model's actions carry), so that another source of operations (GraphQL, gRPC)
//! has a place beside it.
//!
//! - this module: an OpenAPI document in the input folder, read as a library of schemas;
//! - [`operations`]: tool actions bound to a document's operations, expanded into their
//!   inputs, response presenters and HTTP bindings before the definitions are checked;
//! - [`reach`]: which action reaches a schema, so that every diagnostic in a vendor's
//!   description names the tool and action it comes from;
//! - [`starter`]: `fusion-gen init-openapi`, starter definitions written from a description.
//!
//! OpenAPI documents in the input folder: not presenter definitions, but libraries of schemas
//! that definitions `$ref` (`api.json#/components/schemas/Issue`).
//!
//! A document with a top-level `openapi` key is recognised here, right after loading. Only its
//! `components.schemas` are kept, each read as a definition schema once OpenAPI's own keywords
//! are dealt with: `discriminator`, `xml`, `externalDocs` and `x-…` extensions are annotations
//! and dropped, `example` becomes `examples`, OpenAPI 3.0's boolean `exclusiveMinimum` /
//! `exclusiveMaximum` become 2020-12's numbers, and 3.0's `nullable` is kept for the model. Every
//! kept value stays at the pointer it has in the file, so diagnostics point into the document as
//! written. Which components become types is the model's business: only those reached by a `$ref`.

pub mod operations;
pub mod reach;
pub mod starter;

use serde_json::{Map, Value};

use crate::diagnostics::Diagnostic;
use crate::load::Document;

/// The OpenAPI versions read, whose schema objects differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    /// 3.0.x: an extended subset of JSON Schema draft 5 (`nullable`, boolean exclusive bounds).
    V3_0,
    /// 3.1.x: JSON Schema 2020-12 with OpenAPI's vocabulary.
    V3_1,
}

/// Whether `document` is an OpenAPI document: `None` when it is not (a definition), else its
/// version, or a located error when it is one this generator cannot read.
pub fn recognise(document: &Document) -> Option<Result<Version, Diagnostic>> {
    let root = document.value.as_object()?;
    if root.contains_key("swagger") && !root.contains_key("openapi") {
        return Some(Err(Diagnostic::error(
            &document.path,
            "/swagger",
            "Swagger 2.0 documents are not read",
        )
        .with_help(
            "convert it to OpenAPI 3.0 or 3.1 (its `definitions` become `components.schemas`)",
        )
        .at_location(document.locate("/swagger"))));
    }
    let version = root.get("openapi")?;
    let text = version.as_str().unwrap_or_default();
    let parsed = if text.starts_with("3.0.") || text == "3.0" {
        Ok(Version::V3_0)
    } else if text.starts_with("3.1.") || text == "3.1" {
        Ok(Version::V3_1)
    } else {
        let shown = match version {
            Value::String(s) => format!("`{s}`"),
            other => format!("`{other}`"),
        };
        Err(Diagnostic::error(
            &document.path,
            "/openapi",
            format!("unsupported OpenAPI version {shown}"),
        )
        .with_help("fusion-gen reads OpenAPI 3.0.x and 3.1.x documents (`openapi: 3.1.0`)")
        .at_location(document.locate("/openapi")))
    };
    Some(parsed)
}

/// How many `$ref`s into non-component schemas one inlined schema may go through.
const INLINE_DEPTH: usize = 16;

/// OpenAPI lets a schema `$ref` any schema of the document, not only `components.schemas`:
/// PagerDuty's refer to a parameter's (`#/components/parameters/state/schema`) and to a
/// response's (`#/components/responses/Data/content/application~1json/schema`). The model
/// reads component schemas alone, so each such `$ref` (a local one whose target is the value
/// of a `schema` key, or inside one) is replaced by what it refers to, its own keys kept
/// beside. A chain deeper than [`INLINE_DEPTH`] is left for the model to report.
pub fn inline_schema_refs(document: &mut Document) {
    let mut sites = Vec::new();
    foreign_refs(&document.value, &mut String::new(), &mut sites);
    if sites.is_empty() {
        return;
    }
    let replacements: Vec<(String, Value)> = sites
        .into_iter()
        .filter_map(|site| {
            let mut value = document.value.pointer(&site)?.clone();
            inline_in(&mut value, &document.value, &mut Vec::new());
            Some((site, value))
        })
        .collect();
    for (site, value) in replacements {
        if let Some(slot) = document.value.pointer_mut(&site) {
            *slot = value;
        }
    }
}

/// The target of `reference` when it is a schema outside `components.schemas`.
fn foreign_target(reference: &str) -> Option<&str> {
    let target = reference.strip_prefix('#')?;
    let in_schema = target.split('/').any(|token| token == "schema");
    (in_schema && !target.starts_with("/components/schemas/")).then_some(target)
}

/// The pointers of the objects under `value` that hold a `$ref` [`foreign_target`] accepts.
fn foreign_refs(value: &Value, at: &mut String, sites: &mut Vec<String>) {
    match value {
        Value::Object(object) => {
            if let Some(Value::String(reference)) = object.get("$ref")
                && foreign_target(reference).is_some()
            {
                sites.push(at.clone());
            }
            for (key, child) in object {
                let length = at.len();
                at.push('/');
                at.push_str(&crate::source::pointer_token(key));
                foreign_refs(child, at, sites);
                at.truncate(length);
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                let length = at.len();
                at.push_str(&format!("/{i}"));
                foreign_refs(child, at, sites);
                at.truncate(length);
            }
        }
        _ => {}
    }
}

/// `value` with every `$ref` [`foreign_target`] accepts replaced by its target, in depth;
/// `open` holds the targets being inlined, so that a cycle keeps its `$ref` (for the model to
/// report) instead of growing without end.
fn inline_in(value: &mut Value, root: &Value, open: &mut Vec<String>) {
    match value {
        Value::Object(object) => {
            for child in object.values_mut() {
                inline_in(child, root, open);
            }
            let target = match object.get("$ref") {
                Some(Value::String(reference)) => foreign_target(reference).map(str::to_owned),
                _ => None,
            };
            let Some(target) = target.filter(|t| !open.contains(t) && open.len() < INLINE_DEPTH)
            else {
                return;
            };
            let Some(Value::Object(found)) = root.pointer(&target) else {
                return;
            };
            let mut found = Value::Object(found.clone());
            open.push(target);
            inline_in(&mut found, root, open);
            open.pop();
            if let Value::Object(found) = found {
                object.remove("$ref");
                for (key, child) in found {
                    object.entry(key).or_insert(child);
                }
            }
        }
        Value::Array(items) => items
            .iter_mut()
            .for_each(|item| inline_in(item, root, open)),
        _ => {}
    }
}

/// The document as the model reads it: `{"components": {"schemas": {...}}}`, each schema with
/// OpenAPI's keywords dealt with (see the module's documentation). `components` is always there,
/// so the model knows the file for an OpenAPI document even when it declares no schema.
pub fn normalise(mut document: Document, version: Version) -> Document {
    let mut components = Map::new();
    // Anything else under `components` (responses, parameters, examples, ...) is not a schema:
    // a `$ref` into it is told so by the model.
    if let Some(Value::Object(schemas)) = document.value.pointer("/components/schemas") {
        let schemas = schemas
            .iter()
            .map(|(name, schema)| (name.clone(), schema_object(schema, version)))
            .collect();
        components.insert("schemas".into(), Value::Object(schemas));
    }
    let mut root = Map::new();
    root.insert("components".into(), Value::Object(components));
    document.value = Value::Object(root);
    document
}

/// The operations' side of a description, moved out before [`normalise`] drops it: its
/// `paths` and the components that are not schemas (parameters, request bodies, responses),
/// at the pointers they have in the file. [`reach`] follows them from an operation to the
/// schemas a diagnostic is about.
pub fn take_operations(document: &mut Document) -> Value {
    let mut rest = Map::new();
    let Value::Object(root) = &mut document.value else {
        return Value::Object(rest);
    };
    if let Some(paths) = root.remove("paths") {
        rest.insert("paths".into(), paths);
    }
    if let Some(Value::Object(components)) = root.get_mut("components") {
        let kept: Map<String, Value> = ["parameters", "requestBodies", "responses", "headers"]
            .iter()
            .filter_map(|kind| Some(((*kind).to_owned(), components.remove(*kind)?)))
            .collect();
        rest.insert("components".into(), Value::Object(kept));
    }
    Value::Object(rest)
}

/// Keywords whose value is one schema.
const ONE_SCHEMA: &[&str] = &[
    "items",
    "additionalProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
];

/// Keywords whose value is a list of schemas.
const SCHEMA_LISTS: &[&str] = &["allOf", "oneOf", "anyOf", "prefixItems"];

/// Keywords whose value maps names to schemas.
pub(crate) const SCHEMA_MAPS: &[&str] = &[
    "properties",
    "$defs",
    "definitions",
    "patternProperties",
    "dependentSchemas",
];

/// The keywords a 3.0 Reference Object ignores that a schema beside a `$ref` may not have.
const SHAPING_BESIDE_REF: &[&str] = &[
    "type",
    "properties",
    "items",
    "prefixItems",
    "enum",
    "const",
    "required",
    "allOf",
    "oneOf",
    "anyOf",
    "not",
];

/// OpenAPI's annotations on a schema object, which say nothing of the value's shape.
const ANNOTATIONS: &[&str] = &["discriminator", "xml", "externalDocs"];

/// One schema object with OpenAPI's keywords dealt with; its sub-schemas likewise.
pub(crate) fn schema_object(schema: &Value, version: Version) -> Value {
    let Value::Object(object) = schema else {
        return schema.clone();
    };
    let mut out = Map::new();
    // In 3.0 a Reference Object's other keys "SHALL be ignored" (Asana writes `type: object`
    // beside a `$ref` to a union): those that would shape the value are dropped, annotations
    // and `nullable` kept.
    let ignored_beside_ref = version == Version::V3_0 && object.contains_key("$ref");
    for (key, value) in object {
        let key = key.as_str();
        let kept = match key {
            _ if ignored_beside_ref && SHAPING_BESIDE_REF.contains(&key) => None,
            _ if ANNOTATIONS.contains(&key) => None,
            // Vendor extensions are annotations; fusion-gen's own (`x-fusion-name`, ...) stay.
            _ if key.starts_with("x-") && !key.starts_with("x-fusion") => None,
            "example" if object.contains_key("examples") => None,
            "example" => {
                out.insert("examples".into(), Value::Array(vec![value.clone()]));
                None
            }
            "exclusiveMinimum" | "exclusiveMaximum" if version == Version::V3_0 => {
                exclusive_bound(object, key)
            }
            // A 3.0 `minimum` that an exclusive flag turned into `exclusiveMinimum`.
            "minimum" | "maximum"
                if version == Version::V3_0
                    && object.get(&exclusive_of(key)) == Some(&Value::Bool(true)) =>
            {
                None
            }
            _ if ONE_SCHEMA.contains(&key) && value.is_object() => {
                Some(schema_object(value, version))
            }
            _ if SCHEMA_LISTS.contains(&key) => Some(match value {
                Value::Array(items) => Value::Array(
                    items
                        .iter()
                        .map(|item| schema_object(item, version))
                        .collect(),
                ),
                other => other.clone(),
            }),
            _ if SCHEMA_MAPS.contains(&key) => Some(match value {
                Value::Object(entries) => Value::Object(
                    entries
                        .iter()
                        .map(|(name, item)| (name.clone(), schema_object(item, version)))
                        .collect(),
                ),
                other => other.clone(),
            }),
            _ => Some(value.clone()),
        };
        if let Some(value) = kept {
            out.insert(key.to_owned(), value);
        }
    }
    Value::Object(out)
}

/// The exclusive keyword that goes with `minimum` or `maximum`.
fn exclusive_of(bound: &str) -> String {
    match bound {
        "minimum" => "exclusiveMinimum".into(),
        _ => "exclusiveMaximum".into(),
    }
}

/// OpenAPI 3.0's `exclusiveMinimum: true` beside `minimum: m` is 2020-12's
/// `exclusiveMinimum: m`; `false` says nothing. Any other value is left for the meta-schema
/// to report where it is written.
fn exclusive_bound(object: &Map<String, Value>, key: &str) -> Option<Value> {
    let bound = if key == "exclusiveMinimum" {
        "minimum"
    } else {
        "maximum"
    };
    match object.get(key) {
        Some(Value::Bool(true)) => match object.get(bound) {
            Some(value) => Some(value.clone()),
            // `true` with no bound to make exclusive: reported as the meta-schema sees it.
            None => object.get(key).cloned(),
        },
        Some(Value::Bool(false)) => None,
        other => other.cloned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::load;
    use crate::source::SourceFile;
    use serde_json::json;

    fn document(text: &str) -> Document {
        load(&SourceFile::new("api.yaml", text)).expect("parses")
    }

    #[test]
    fn only_documents_with_an_openapi_key_are_openapi() {
        assert!(recognise(&document("title: A\ntype: object\n")).is_none());
        assert_eq!(
            recognise(&document("openapi: 3.0.3\n")).map(Result::ok),
            Some(Some(Version::V3_0))
        );
        assert_eq!(
            recognise(&document("openapi: 3.1.0\n")).map(Result::ok),
            Some(Some(Version::V3_1))
        );
        let error = recognise(&document("info: {}\nopenapi: 2.0.0\n"))
            .and_then(Result::err)
            .expect("an error");
        assert_eq!(error.pointer, "/openapi");
        assert_eq!(error.location.map(|l| (l.line, l.column)), Some((2, 10)));
        let swagger = recognise(&document("swagger: '2.0'\n"))
            .and_then(Result::err)
            .expect("an error");
        assert_eq!(swagger.pointer, "/swagger");
    }

    #[test]
    fn openapi_keywords_are_dealt_with_in_place() {
        let text = "openapi: 3.0.3\npaths: {}\ncomponents:\n  responses: { NotFound: {} }\n  schemas:\n    Issue:\n      type: object\n      x-internal: true\n      discriminator: { propertyName: kind }\n      externalDocs: { url: 'https://example.com' }\n      example: { id: 1 }\n      properties:\n        xml: { type: integer, xml: { name: n }, minimum: 0, exclusiveMinimum: true }\n        example: { type: string, nullable: true, example: x }\n        count: { type: integer, maximum: 9, exclusiveMaximum: false }\n";
        let normalised = normalise(document(text), Version::V3_0);
        assert_eq!(
            normalised.value,
            json!({"components": {"schemas": {"Issue": {
                "type": "object",
                "examples": [{"id": 1}],
                "properties": {
                    "xml": {"type": "integer", "exclusiveMinimum": 0},
                    "example": {"type": "string", "nullable": true, "examples": ["x"]},
                    "count": {"type": "integer", "maximum": 9}
                }
            }}}})
        );
        // Locations still come from the file as written.
        assert_eq!(
            normalised
                .locate("/components/schemas/Issue/properties/count")
                .line,
            15
        );
    }

    /// A schema `$ref` into a parameter is inlined, its own keys kept; one into a component
    /// schema or to a parameter itself is not; a cycle keeps its `$ref` and ends.
    #[test]
    fn refs_into_non_component_schemas_are_inlined() {
        let text = "openapi: 3.0.3\ncomponents:\n  parameters:\n    p: { name: p, in: query, schema: { type: string, description: from p } }\n    loop: { name: l, in: query, schema: { type: object, properties: { next: { $ref: '#/components/parameters/loop/schema' } } } }\n  schemas:\n    A:\n      type: object\n      properties:\n        p: { $ref: '#/components/parameters/p/schema', description: own }\n        b: { $ref: '#/components/schemas/B' }\n        l: { $ref: '#/components/parameters/loop/schema' }\n    B: { $ref: '#/components/parameters/p' }\n";
        let mut inlined = document(text);
        inline_schema_refs(&mut inlined);
        let a = &inlined.value["components"]["schemas"]["A"]["properties"];
        assert_eq!(a["p"], json!({"type": "string", "description": "own"}));
        assert_eq!(a["b"], json!({"$ref": "#/components/schemas/B"}));
        assert_eq!(
            a["l"]["properties"]["next"],
            json!({"$ref": "#/components/parameters/loop/schema"})
        );
        assert_eq!(
            inlined.value["components"]["schemas"]["B"],
            json!({"$ref": "#/components/parameters/p"})
        );
    }

    /// 3.0 ignores a Reference Object's other keys; 3.1 reads them.
    #[test]
    fn keys_beside_a_ref_are_ignored_in_3_0_only() {
        let text = "openapi: 3.0.3\ncomponents:\n  schemas:\n    A: { type: object, description: d, nullable: true, required: [x], $ref: '#/components/schemas/B' }\n    B: { type: object }\n";
        let normalised = normalise(document(text), Version::V3_0);
        assert_eq!(
            normalised.value["components"]["schemas"]["A"],
            json!({"description": "d", "nullable": true, "$ref": "#/components/schemas/B"})
        );
        let normalised = normalise(document(text), Version::V3_1);
        assert_eq!(
            normalised.value["components"]["schemas"]["A"]["type"],
            json!("object")
        );
    }

    #[test]
    fn bounds_of_3_1_are_numbers_already() {
        let text = "openapi: 3.1.0\ncomponents:\n  schemas:\n    N: { type: number, minimum: 1, exclusiveMinimum: 0 }\n";
        let normalised = normalise(document(text), Version::V3_1);
        assert_eq!(
            normalised.value["components"]["schemas"]["N"],
            json!({"type": "number", "minimum": 1, "exclusiveMinimum": 0})
        );
    }
}
