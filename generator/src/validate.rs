//! Phase 2, validate: every document is checked against the meta-schema before anything reads it,
//! then turned into the typed definition. Errors name the file, the pointer, line and column.

use jsonschema::Validator;
use jsonschema::error::{TypeKind, ValidationErrorKind};
use serde_json::Value;

use crate::definition::{self, SCHEMA_KEYWORDS, Schema};
use crate::diagnostics::{Diagnostic, did_you_mean};
use crate::load::Document;

/// The `$id` of the meta-schema of one OpenAPI component schema (see [`MetaSchema::openapi`]).
const OPENAPI_SCHEMA_ID: &str = "https://fusion-gen.dev/schemas/openapi-component.schema.json";

/// The meta-schema, compiled once per run.
pub struct MetaSchema {
    validator: Validator,
    schema: Value,
}

impl MetaSchema {
    /// Compiles the meta-schema generated from the definition types.
    pub fn new() -> Result<Self, Diagnostic> {
        Self::compile(definition::meta_schema(), "meta-schema")
    }

    fn compile(schema: Value, what: &str) -> Result<Self, Diagnostic> {
        jsonschema::draft202012::new(&schema)
            .map(|validator| MetaSchema { validator, schema })
            .map_err(|err| {
                Diagnostic::error(
                    "",
                    "",
                    format!("internal error: the {what} does not compile: {err}"),
                )
            })
    }

    /// The meta-schema of an OpenAPI document once [`crate::openapi::normalise`] has kept only
    /// its `components.schemas`: each of them a definition schema, OpenAPI 3.0's `nullable`
    /// allowed too. Errors keep the document's own pointers (`/components/schemas/X/...`).
    pub fn openapi() -> Result<Self, Diagnostic> {
        let mut component = definition::meta_schema();
        if let Some(object) = component.as_object_mut() {
            // Its own `$id`, so that the `#` its recursive references name is this schema.
            object.insert("$id".into(), Value::String(OPENAPI_SCHEMA_ID.into()));
            object.remove("$schema");
            if let Some(Value::Object(properties)) = object.get_mut("properties") {
                properties.insert(
                    "nullable".into(),
                    serde_json::json!({
                        "description": "OpenAPI 3.0: the value may also be null.",
                        "type": "boolean"
                    }),
                );
            }
        }
        let schema = serde_json::json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "additionalProperties": false,
            "properties": {
                "components": {
                    "type": "object",
                    "additionalProperties": false,
                    "properties": {
                        "schemas": {
                            "type": "object",
                            "additionalProperties": { "$ref": OPENAPI_SCHEMA_ID }
                        }
                    }
                }
            },
            "$defs": { "component": component }
        });
        Self::compile(schema, "OpenAPI meta-schema")
    }

    /// Checks one document; returns its typed definition or every problem found in it.
    pub fn check(&self, document: &Document) -> Result<Schema, Vec<Diagnostic>> {
        let mut problems: Vec<Diagnostic> = Vec::new();
        // `true` and `false` where a schema belongs, read as `{}` and `{not: {}}`.
        let value = definition::with_boolean_schemas_as_objects(&document.value);
        for error in self.validator.iter_errors(&value) {
            report(&self.schema, document, &error, &mut problems);
        }
        definition::visit_schemas(&value, &mut |schema, pointer, merged| {
            if let Some(not) = schema.get("not")
                && merged
                && is_no_value(not)
            {
                problems.push(unsupported_not(document, pointer));
            }
        });
        if !problems.is_empty() {
            problems.sort_by_key(|d| d.location);
            problems.dedup();
            return Err(problems);
        }
        serde_json::from_value(definition::without_vendor_extensions(&value)).map_err(|err| {
            vec![Diagnostic::error(&document.path, "", format!("internal error: a document that passed the meta-schema does not fit the definition types: {err}"))]
        })
    }
}

/// Drops the keywords JSON Schema itself would ignore, each with a warning: a key of a schema
/// object that is no keyword fusion-gen or JSON Schema knows (`"bar": "string"`, `token` beside
/// `properties`), which JSON Schema reads as an annotation and which changes nothing of what a
/// schema lets out. A key that looks like a misspelt keyword (`descripton`) or names a keyword
/// fusion-gen knows and does not support (`if`, `dependentSchemas`) stays, for the meta-schema to
/// report as an error; so do vendor extensions (`x-…`), dropped later without a word.
pub fn ignore_unknown_keywords(document: &mut Document) {
    // `prefixItems` is 2020-12's: a file that declares an older draft means an annotation by
    // it (its tuples are a list `items`), which reading it as a tuple would contradict.
    let older_draft = document
        .value
        .get("$schema")
        .and_then(Value::as_str)
        .is_some_and(|dialect| {
            ["draft-04", "draft-06", "draft-07", "2019-09"]
                .iter()
                .any(|d| dialect.contains(d))
        });
    let mut unknown: Vec<String> = Vec::new();
    definition::visit_schemas(&document.value, &mut |schema, pointer, _| {
        let Value::Object(object) = schema else {
            return;
        };
        for key in object.keys() {
            let known = (SCHEMA_KEYWORDS.contains(&key.as_str())
                && !(older_draft && key == "prefixItems"))
                || key.starts_with("x-")
                || key == "components"
                || known_unsupported(key).is_some()
                || (key != "prefixItems"
                    && did_you_mean(key, SCHEMA_KEYWORDS.iter().copied()).is_some());
            if !known {
                unknown.push(format!(
                    "{pointer}/{}",
                    key.replace('~', "~0").replace('/', "~1")
                ));
            }
        }
    });
    for pointer in unknown.iter().rev() {
        let key = pointer.rsplit('/').next().unwrap_or_default();
        let key = key.replace("~1", "/").replace("~0", "~");
        let help = if key == "prefixItems" {
            "`prefixItems` is draft 2020-12's and this file declares an older draft, whose tuples are a list `items`: write `items: [...]`, or declare `$schema: https://json-schema.org/draft/2020-12/schema`"
        } else {
            "JSON Schema reads a keyword it does not know as an annotation, which changes nothing of what the schema lets out; remove it, or prefix it with `x-` to mark it as a vendor extension"
        };
        document.warnings.push(
            Diagnostic::warning(
                &document.path,
                pointer,
                format!("unknown keyword `{key}` ignored"),
            )
            .with_help(help)
            .at_location(document.locate_key(pointer)),
        );
        remove_at(&mut document.value, pointer);
    }
    document.warnings.sort_by_key(|d| d.location);
}

/// The document with the values at `cut` removed, and its typed definition, when that is
/// enough to pass the meta-schema: what can still be checked of a file that has errors. The
/// document's locations are kept, so later diagnostics point into the file as written.
pub fn without(
    meta_schema: &MetaSchema,
    document: &Document,
    cut: &[String],
) -> Option<(Document, Schema)> {
    if cut.iter().any(String::is_empty) {
        return None;
    }
    let mut rest = document.clone();
    // Deepest first, and array elements from the last, so earlier removals move nothing.
    let mut cut: Vec<&String> = cut.iter().collect();
    cut.sort_by(|a, b| b.cmp(a));
    for pointer in cut {
        remove_at(&mut rest.value, pointer);
    }
    meta_schema.check(&rest).ok().map(|schema| (rest, schema))
}

/// Removes the value at a JSON pointer, if there is one.
fn remove_at(value: &mut Value, pointer: &str) {
    let Some((parent, last)) = pointer.rsplit_once('/') else {
        return;
    };
    let last = last.replace("~1", "/").replace("~0", "~");
    match value.pointer_mut(parent) {
        Some(Value::Object(map)) => {
            map.shift_remove(&last);
        }
        Some(Value::Array(items)) => {
            if let Ok(index) = last.parse::<usize>()
                && index < items.len()
            {
                items.remove(index);
            }
        }
        _ => {}
    }
}

/// Turns one meta-schema error into diagnostics. An `anyOf` (every `Option` and untagged type of
/// the definition format is one) only says "none of the alternatives fit"; the alternative that
/// got furthest into the value says what is actually wrong, so report its errors instead.
fn report(
    meta_schema: &Value,
    document: &Document,
    error: &jsonschema::ValidationError<'_>,
    problems: &mut Vec<Diagnostic>,
) {
    let pointer = error.instance_path().as_str().to_owned();
    match error.kind() {
        ValidationErrorKind::AdditionalProperties { unexpected } => {
            for key in unexpected {
                let allowed = allowed_keys(meta_schema, error.schema_path().as_str());
                problems.push(unsupported_keyword(document, &pointer, key, allowed));
            }
        }
        ValidationErrorKind::AnyOf { context } | ValidationErrorKind::OneOfNotValid { context }
            if !is_tool_returns(&pointer) && closest_alternative(context, &pointer).is_some() =>
        {
            for inner in closest_alternative(context, &pointer).unwrap_or_default() {
                report(meta_schema, document, inner, problems);
            }
        }
        _ if is_type_keyword(&pointer) && error.instance().is_string() => {
            problems.push(unknown_type(document, &pointer, error.instance()));
        }
        ValidationErrorKind::Type { kind } if !is_type_keyword(&pointer) => problems.push(
            Diagnostic::error(
                &document.path,
                &pointer,
                wrong_type(&pointer, kind, error.instance()),
            )
            .at_location(document.locate(&pointer)),
        ),
        _ => problems.push(
            Diagnostic::error(
                &document.path,
                &pointer,
                describe(&pointer, &error.to_string()),
            )
            .at_location(document.locate(&pointer)),
        ),
    }
}

/// Whether a `not`'s schema is one the model reads: `{}` (`not: true`, the schema `false`: no
/// value) or `{not: {}}` (`not: false`: any value), annotations aside.
fn is_no_value(not: &Value) -> bool {
    let Value::Object(object) = not else {
        return false;
    };
    object.iter().all(|(key, value)| {
        ANNOTATION_KEYWORDS.contains(&key.as_str())
            || definition::is_vendor_extension(key)
            || (key == "not"
                && value.as_object().is_some_and(|inner| {
                    inner
                        .keys()
                        .all(|k| ANNOTATION_KEYWORDS.contains(&k.as_str()))
                }))
    })
}

/// Keywords that say nothing of a value's shape.
const ANNOTATION_KEYWORDS: &[&str] = &[
    "title",
    "description",
    "$comment",
    "examples",
    "default",
    "deprecated",
    "readOnly",
    "writeOnly",
];

/// `not: {}` (no value) in an `allOf` branch, which the merge cannot read: a merged branch of
/// no value would make the whole `allOf` fit none.
fn unsupported_not(document: &Document, schema: &str) -> Diagnostic {
    let pointer = format!("{schema}/not");
    let help = "an `allOf` branch that no value fits makes the whole `allOf` fit none: write the whole schema as `false`";
    Diagnostic::error(&document.path, &pointer, "unsupported keyword `not`")
        .with_help(help)
        .at_location(document.locate_key(&pointer))
}

/// The alternative whose errors reach deepest below `pointer`, if any reaches below it at all
/// (an alternative that fails right at `pointer`, such as "not null", explains nothing).
fn closest_alternative<'a, 'e>(
    alternatives: &'a [Vec<jsonschema::ValidationError<'e>>],
    pointer: &str,
) -> Option<&'a [jsonschema::ValidationError<'e>]> {
    let depth = |errors: &[jsonschema::ValidationError<'_>]| {
        errors
            .iter()
            .map(|e| e.instance_path().as_str().len())
            .max()
            .unwrap_or(0)
    };
    let reaches_below = |errors: &[jsonschema::ValidationError<'_>]| {
        errors
            .iter()
            .any(|e| e.instance_path().as_str().len() > pointer.len())
            || errors
                .iter()
                .any(|e| matches!(e.kind(), ValidationErrorKind::AdditionalProperties { .. }))
    };
    alternatives
        .iter()
        .filter(|errors| !errors.is_empty() && reaches_below(errors))
        .max_by_key(|errors| (depth(errors), usize::MAX - errors.len()))
        .map(Vec::as_slice)
}

fn unsupported_keyword(
    document: &Document,
    parent: &str,
    key: &str,
    allowed: Option<Vec<String>>,
) -> Diagnostic {
    let pointer = format!("{parent}/{}", key.replace('~', "~0").replace('/', "~1"));
    let location = document.locate_key(&pointer);
    // Inside `x-fusion` the allowed keys are those of the declaration at hand (a UI block, a
    // rule...), read from the meta-schema; elsewhere they are the supported JSON Schema keywords.
    let (message, allowed, preamble) = match allowed {
        Some(keys) => (format!("unknown key `{key}`"), keys, "keys allowed here"),
        None => (
            format!("unsupported keyword `{key}`"),
            SCHEMA_KEYWORDS.iter().map(|k| (*k).to_owned()).collect(),
            "fusion-gen understands a subset of JSON Schema, and ignoring a keyword would silently change what the schema lets out; supported keywords",
        ),
    };
    let diagnostic = Diagnostic::error(&document.path, &pointer, message).at_location(location);
    if let Some(instead) = known_unsupported(key).filter(|_| preamble != "keys allowed here") {
        return diagnostic.with_help(instead);
    }
    match did_you_mean(key, allowed.iter().map(String::as_str)) {
        Some(suggestion) => diagnostic.with_help(format!("did you mean `{suggestion}`?")),
        None => diagnostic.with_help(format!("{preamble}: {}", allowed.join(", "))),
    }
}

/// What to write instead of a JSON Schema keyword the generator knows and does not support.
fn known_unsupported(keyword: &str) -> Option<String> {
    let instead = match keyword {
        "if" | "then" | "else" => {
            "conditional schemas are not supported: declare the properties every branch may have, optional"
        }
        "dependentRequired" | "dependentSchemas" | "dependencies" => {
            "dependencies between keys are not supported: make the keys optional and check them in the handler"
        }
        "unevaluatedProperties" | "unevaluatedItems" => {
            "write `additionalProperties` (objects) or `items` (arrays) instead"
        }
        "contains" | "minContains" | "maxContains" => {
            "what an array contains somewhere is not supported: use `items` with one schema for every element"
        }
        "nullable" => {
            "OpenAPI 3.0's `nullable` is read inside OpenAPI documents only; a definition writes `type: [T, \"null\"]`"
        }
        "example" => {
            "write `examples: [value]`: `example` is OpenAPI's, read inside OpenAPI documents only"
        }
        "discriminator" | "xml" | "externalDocs" => {
            "an OpenAPI keyword, read inside OpenAPI documents only: `$ref` the schema from the OpenAPI document (`api.json#/components/schemas/Name`)"
        }
        "$anchor" | "$dynamicRef" | "$dynamicAnchor" | "$recursiveRef" => {
            "reference with `$ref` to a file or `#/$defs/Name`"
        }
        _ => return None,
    };
    Some(instead.to_owned())
}

/// The properties a meta-schema object allows, when it is not the JSON Schema object itself.
fn allowed_keys(meta_schema: &Value, schema_path: &str) -> Option<Vec<String>> {
    let object_path = schema_path.strip_suffix("/additionalProperties")?;
    if object_path.is_empty() {
        return None;
    }
    let properties = meta_schema
        .pointer(object_path)?
        .get("properties")?
        .as_object()?;
    Some(properties.keys().cloned().collect())
}

/// The JSON types `type` accepts, for suggestions.
const TYPE_NAMES: &[&str] = &[
    "object", "string", "integer", "number", "boolean", "array", "null",
];

fn unknown_type(document: &Document, pointer: &str, found: &Value) -> Diagnostic {
    let name = found.as_str().unwrap_or_default();
    let diagnostic = Diagnostic::error(&document.path, pointer, format!("unknown type `{name}`"))
        .at_location(document.locate(pointer));
    match did_you_mean(name, TYPE_NAMES.iter().copied()) {
        Some(suggestion) => diagnostic.with_help(format!("did you mean `{suggestion}`?")),
        None => diagnostic.with_help(
            "use object, string, integer, number, boolean, array, or a pair such as [string, \"null\"]",
        ),
    }
}

/// Whether `pointer` is a `type` keyword or an entry of a list of types.
fn is_type_keyword(pointer: &str) -> bool {
    let last = pointer.rsplit('/').next().unwrap_or("");
    last == "type" || pointer.rsplit('/').nth(1) == Some("type")
}

/// A value of the wrong JSON type, said without the meta-schema's `null` (which only means the
/// keyword may be left out): "`required` must be an array, not a string".
fn wrong_type(pointer: &str, expected: &TypeKind, found: &Value) -> String {
    let expected: Vec<String> = match expected {
        TypeKind::Single(one) => vec![one.to_string()],
        TypeKind::Multiple(set) => set
            .iter()
            .map(|t| t.to_string())
            .filter(|t| t != "null")
            .collect(),
    };
    let found = match found {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "a mapping",
    };
    let expected = expected
        .iter()
        .map(|t| match t.as_str() {
            "object" => "a mapping".to_owned(),
            "array" | "integer" => format!("an {t}"),
            other => format!("a {other}"),
        })
        .collect::<Vec<_>>()
        .join(" or ");
    match pointer.rsplit('/').next() {
        Some(key) if !key.is_empty() && key.parse::<usize>().is_err() => {
            let key = key.replace("~1", "/").replace("~0", "~");
            format!("`{key}` must be {expected}, not {found}")
        }
        _ => format!("expected {expected} here, not {found}"),
    }
}

/// An action's `returns`, whose two shapes one sentence explains better than either's errors.
fn is_tool_returns(pointer: &str) -> bool {
    pointer.starts_with("/x-fusion-tool/actions/") && pointer.ends_with("/returns")
}

/// jsonschema's messages speak of the meta-schema's shapes; say what a definition author needs.
fn describe(pointer: &str, raw: &str) -> String {
    if is_tool_returns(pointer) {
        return "`returns` must be a presenter file (`invoice.yaml`) or a collection of one (`{type: array, items: {$ref: invoice.yaml}}`)".to_owned();
    }
    if is_type_keyword(pointer) {
        return format!(
            "invalid `type`: expected one of object, string, integer, number, boolean, array, or a pair such as [string, \"null\"] ({raw})"
        );
    }
    raw.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::load;
    use crate::source::SourceFile;

    fn check(text: &str) -> Result<Schema, Vec<Diagnostic>> {
        let document = load(&SourceFile::new("t.yaml", text)).unwrap();
        MetaSchema::new().unwrap().check(&document)
    }

    #[test]
    fn accepts_the_supported_subset() {
        let schema = check("title: T\ntype: object\nrequired: [a]\nproperties:\n  a: { type: [string, 'null'] }\n  b: { type: array, items: { $ref: '#/$defs/X' } }\n$defs:\n  X: { type: string, enum: [x, y] }\n").unwrap();
        assert_eq!(schema.properties.unwrap().len(), 2);
    }

    #[test]
    fn unsupported_keywords_are_named_with_their_location_and_a_suggestion() {
        let errors = check("type: object\nproperties:\n  n:\n    type: integer\n    if: { type: string }\n  s: { type: string, descripton: x }\n").unwrap_err();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert_eq!(errors[0].pointer, "/properties/n/if");
        assert_eq!(errors[0].message, "unsupported keyword `if`");
        assert_eq!(
            (
                errors[0].location.unwrap().line,
                errors[0].location.unwrap().column
            ),
            (5, 5)
        );
        assert_eq!(
            errors[0].help.as_deref(),
            Some(
                "conditional schemas are not supported: declare the properties every branch may have, optional"
            )
        );
        assert_eq!(errors[1].pointer, "/properties/s/descripton");
        assert_eq!(
            errors[1].help.as_deref(),
            Some("did you mean `description`?")
        );
    }

    #[test]
    fn wrong_types_are_reported_at_their_value() {
        let errors =
            check("type: object\nrequired: id\nproperties:\n  a: { type: strng }\n").unwrap_err();
        let pointers: Vec<&str> = errors.iter().map(|e| e.pointer.as_str()).collect();
        assert!(pointers.contains(&"/required"), "{pointers:?}");
        assert!(pointers.contains(&"/properties/a/type"), "{pointers:?}");
    }
}
