//! Phase 2, validate: every document is checked against the meta-schema before anything reads it,
//! then turned into the typed definition. Errors name the file, the pointer, line and column.

mod meta;
mod report;

use serde_json::Value;

use crate::definition::{self, SCHEMA_KEYWORDS, Schema};
use crate::diagnostics::{Diagnostic, did_you_mean};
use crate::load::Document;
use meta::Checker;
use report::{known_unsupported, report};

/// The `$id` of the meta-schema of one OpenAPI component schema (see [`MetaSchema::openapi`]).
const OPENAPI_SCHEMA_ID: &str = "https://fusion-gen.dev/schemas/openapi-component.schema.json";

/// The meta-schema, compiled once per run.
pub struct MetaSchema {
    checker: Checker,
    schema: Value,
}

impl MetaSchema {
    /// Compiles the meta-schema generated from the definition types.
    pub fn new() -> Result<Self, Diagnostic> {
        Self::compile(definition::meta_schema(), "meta-schema")
    }

    fn compile(schema: Value, what: &str) -> Result<Self, Diagnostic> {
        Checker::new(&schema)
            .map(|checker| MetaSchema { checker, schema })
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
        for error in self.checker.errors(&value) {
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
                unknown.push(format!("{pointer}/{}", crate::source::pointer_token(key)));
            }
        }
    });
    // Read before any key is removed: a text cut by a comma spans several keys.
    let cut_texts: Vec<Option<(String, String)>> = unknown
        .iter()
        .map(|pointer| text_cut_by_comma(document, pointer))
        .collect();
    for (pointer, cut_text) in unknown.iter().zip(cut_texts).rev() {
        let key = pointer.rsplit('/').next().unwrap_or_default();
        let key = key.replace("~1", "/").replace("~0", "~");
        let (message, help) = if let Some((keyword, whole)) = cut_text {
            (
                format!(
                    "unknown keyword `{key}` ignored: in a flow mapping (`{{ … }}`) a comma ends an unquoted text, so `{keyword}` ends before it"
                ),
                format!(
                    "quote the text: `{keyword}: \"{}\"`",
                    whole.replace('\\', "\\\\").replace('"', "\\\"")
                ),
            )
        } else if key == "prefixItems" {
            (
                format!("unknown keyword `{key}` ignored"),
                "`prefixItems` is draft 2020-12's and this file declares an older draft, whose tuples are a list `items`: write `items: [...]`, or declare `$schema: https://json-schema.org/draft/2020-12/schema`".to_owned(),
            )
        } else {
            (
                format!("unknown keyword `{key}` ignored"),
                "JSON Schema reads a keyword it does not know as an annotation, which changes nothing of what the schema lets out; remove it, or prefix it with `x-` to mark it as a vendor extension".to_owned(),
            )
        };
        document.warnings.push(
            Diagnostic::warning(&document.path, pointer, message)
                .with_help(help)
                .at_location(document.locate_key(pointer)),
        );
        remove_at(&mut document.value, pointer);
    }
    document.warnings.sort_by_key(|d| d.location);
}

/// The keywords whose value is text an author writes unquoted.
const TEXT_KEYWORDS: &[&str] = &["description", "title", "$comment"];

/// When the unknown key at `pointer` is the rest of an unquoted text that a comma cut short in
/// a YAML flow mapping (`{ description: Amount in cents, never dollars }` reads as the
/// description `Amount in cents` and a key `never dollars` with no value): the keyword whose
/// text it is, and the whole text as written.
fn text_cut_by_comma(document: &Document, pointer: &str) -> Option<(String, String)> {
    if document.path.to_ascii_lowercase().ends_with(".json") {
        return None;
    }
    let (parent, _) = pointer.rsplit_once('/')?;
    let Value::Object(object) = document.value.pointer(parent)? else {
        return None;
    };
    let key = pointer
        .rsplit('/')
        .next()?
        .replace("~1", "/")
        .replace("~0", "~");
    let entries: Vec<(&String, &Value)> = object.iter().collect();
    let index = entries.iter().position(|(name, _)| **name == key)?;
    // Back over the keys with no value, each after a comma, to the text they continue.
    let mut parts: Vec<&str> = Vec::new();
    for at in (0..=index).rev() {
        let (name, value) = entries[at];
        match value {
            Value::Null
                if after_comma(
                    document,
                    &format!("{parent}/{}", crate::source::pointer_token(name)),
                ) =>
            {
                parts.push(name);
            }
            Value::String(text) if at < index && TEXT_KEYWORDS.contains(&name.as_str()) => {
                parts.push(text);
                parts.reverse();
                // And forward over the keys that continue it after this one.
                for (name, value) in &entries[index + 1..] {
                    if !value.is_null()
                        || !after_comma(
                            document,
                            &format!("{parent}/{}", crate::source::pointer_token(name)),
                        )
                    {
                        break;
                    }
                    parts.push(name);
                }
                return Some((name.clone(), parts.join(", ")));
            }
            _ => return None,
        }
    }
    None
}

/// Whether the key at `pointer` is written right after a comma on its line.
fn after_comma(document: &Document, pointer: &str) -> bool {
    let at = document.locate_key(pointer);
    let Some(line) = document.text.lines().nth(at.line as usize - 1) else {
        return false;
    };
    let before: String = line.chars().take(at.column as usize - 1).collect();
    before.trim_end().ends_with(',')
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
