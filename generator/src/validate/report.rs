//! Meta-schema errors as diagnostics: what a definition author reads.

use serde_json::Value;

use super::meta::{ErrorKind, Expected, MetaError};
use crate::definition::SCHEMA_KEYWORDS;
use crate::diagnostics::{Diagnostic, did_you_mean};
use crate::load::Document;

/// Turns one meta-schema error into diagnostics. An `anyOf` (every `Option` and untagged type of
/// the definition format is one) only says "none of the alternatives fit"; the alternative that
/// got furthest into the value says what is actually wrong, so report its errors instead.
pub(super) fn report(
    meta_schema: &Value,
    document: &Document,
    error: &MetaError<'_>,
    problems: &mut Vec<Diagnostic>,
) {
    let pointer = error.instance_path.clone();
    match &error.kind {
        ErrorKind::AdditionalProperties { unexpected } => {
            for key in unexpected {
                let allowed = allowed_keys(meta_schema, &error.schema_path);
                problems.push(unsupported_keyword(document, &pointer, key, allowed));
            }
        }
        ErrorKind::AnyOf { context } | ErrorKind::OneOfNotValid { context }
            if !is_tool_returns(&pointer) && closest_alternative(context, &pointer).is_some() =>
        {
            for inner in closest_alternative(context, &pointer).unwrap_or_default() {
                report(meta_schema, document, inner, problems);
            }
        }
        _ if is_type_keyword(&pointer) && error.instance.is_string() => {
            problems.push(unknown_type(document, &pointer, error.instance));
        }
        ErrorKind::Type { expected } if !is_type_keyword(&pointer) => {
            let diagnostic = Diagnostic::error(
                &document.path,
                &pointer,
                wrong_type(&pointer, expected, error.instance),
            )
            .at_location(document.locate(&pointer));
            problems.push(match boolean_bound(&pointer, error.instance) {
                Some(help) => diagnostic.with_help(help),
                None => diagnostic,
            });
        }
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

/// The alternative whose errors reach deepest below `pointer`, if any reaches below it at all
/// (an alternative that fails right at `pointer`, such as "not null", explains nothing). The
/// errors of an alternative that is itself a choice (a schema is a boolean or an object) count
/// through its own alternatives.
fn closest_alternative<'a, 'e>(
    alternatives: &'a [Vec<MetaError<'e>>],
    pointer: &str,
) -> Option<&'a [MetaError<'e>]> {
    alternatives
        .iter()
        .filter(|errors| errors.iter().any(|e| explains(e, pointer)))
        .max_by_key(|errors| {
            let depth = errors.iter().map(depth).max().unwrap_or(0);
            (depth, usize::MAX - errors.len())
        })
        .map(Vec::as_slice)
}

/// Whether `error` says more than that the value at `pointer` is not what was asked for: it is
/// about a value below it, or names keys it does not take, or is a choice one of whose
/// alternatives does.
fn explains(error: &MetaError<'_>, pointer: &str) -> bool {
    error.instance_path.len() > pointer.len()
        || match &error.kind {
            ErrorKind::AdditionalProperties { .. } => true,
            ErrorKind::AnyOf { context } | ErrorKind::OneOfNotValid { context } => context
                .iter()
                .flatten()
                .any(|inner| explains(inner, pointer)),
            _ => false,
        }
}

/// How deep below the document's root `error` reaches, through the alternatives of a choice.
fn depth(error: &MetaError<'_>) -> usize {
    let inner = match &error.kind {
        ErrorKind::AnyOf { context } | ErrorKind::OneOfNotValid { context } => {
            context.iter().flatten().map(depth).max().unwrap_or(0)
        }
        _ => 0,
    };
    error.instance_path.len().max(inner)
}

fn unsupported_keyword(
    document: &Document,
    parent: &str,
    key: &str,
    allowed: Option<Vec<String>>,
) -> Diagnostic {
    let pointer = format!("{parent}/{}", crate::source::pointer_token(key));
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
pub(super) fn known_unsupported(keyword: &str) -> Option<String> {
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
fn wrong_type(pointer: &str, expected: &Expected, found: &Value) -> String {
    let expected: Vec<String> = match expected {
        Expected::Single(one) => vec![one.to_string()],
        Expected::Multiple(set) => set
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

/// The fix for draft 4's boolean `exclusiveMinimum`/`exclusiveMaximum` (OpenAPI 3.0's form,
/// which 3.0 descriptions are read with) written where JSON Schema 2020-12 is read: a definition,
/// or an OpenAPI 3.1 description.
fn boolean_bound(pointer: &str, found: &Value) -> Option<String> {
    let (bound, limit) = match pointer.rsplit('/').next()? {
        "exclusiveMinimum" => ("exclusiveMinimum", "minimum"),
        "exclusiveMaximum" => ("exclusiveMaximum", "maximum"),
        _ => return None,
    };
    match found {
        Value::Bool(true) => Some(format!(
            "`{limit}: N, {bound}: true` is OpenAPI 3.0's form; since JSON Schema 2020-12 (and \
             OpenAPI 3.1) the bound itself is the value: `{bound}: N`"
        )),
        Value::Bool(false) => Some(format!(
            "`{bound}: false` is OpenAPI 3.0's form of an inclusive bound: leave it out and keep \
             `{limit}`"
        )),
        _ => None,
    }
}

/// An action's `returns`, whose two shapes one sentence explains better than either's errors.
fn is_tool_returns(pointer: &str) -> bool {
    pointer.starts_with("/x-fusion-tool/actions/") && pointer.ends_with("/returns")
}

/// The checker's messages speak of the meta-schema's shapes; say what a definition author needs.
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
