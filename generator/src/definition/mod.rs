//! The definition format as Rust types. The meta-schema (`schemas/presenter.schema.json`) is
//! generated from these types, so the format, the validation and the editors' completion cannot
//! drift apart.

mod behaviour;
mod tool;

pub use behaviour::{
    AgentLimit, Behaviour, Comparison, Condition, DataFormat, EmptyDef, JsonUiDef, RuleDef, Scalar,
    SuggestionDef, UiDef, When, WidthDef,
};
pub use tool::{Exposition, Returns, ToolDefinition};

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

/// A presenter definition: a JSON Schema (draft 2020-12 subset) describing the data a presenter
/// lets out. The schema is the egress allow-list, the source of the generated Rust types and the
/// tool's output schema.
///
/// A file whose root is `type: object` defines a presenter named by its `title` (or its file
/// name); a file with only `$defs` is a library of types for other files to `$ref`; a file with
/// only `x-fusion-tool` (a tool file) declares an MCP tool whose actions return presenters.
///
/// Vendor extensions (`x-rust-type`, `x-go-type`, any `x-…` key but fusion-gen's own
/// `x-fusion…`) are annotations for other tools: allowed on any schema and ignored
/// ([`without_vendor_extensions`] drops them before the document is read).
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "fusion-gen presenter definition")]
#[schemars(extend("patternProperties" = {
    "^x-(?!fusion)": {
        "description": "A vendor extension (`x-rust-type`, ...): an annotation for other tools, ignored."
    }
}))]
pub struct Schema {
    /// The JSON Schema dialect: draft 2020-12, or 2019-09, 07, 06 or 04, whose keywords this
    /// subset reads alike (`definitions` beside `$defs`).
    #[serde(rename = "$schema")]
    pub dialect: Option<String>,
    /// An identifier for the schema; kept as documentation.
    #[serde(rename = "$id")]
    pub id: Option<String>,
    /// A free comment, ignored by the generator.
    #[serde(rename = "$comment")]
    pub comment: Option<String>,
    /// A reference to another schema: `other.yaml`, `#/$defs/Name` or `other.yaml#/$defs/Name`,
    /// or a component of an OpenAPI document in the input folder (`api.json#/components/schemas/Name`).
    /// Nothing else may stand beside it except `description`.
    #[serde(rename = "$ref")]
    pub reference: Option<String>,
    /// Named schemas for `$ref`; object and enum schemas become Rust types named by their key.
    #[serde(rename = "$defs")]
    pub defs: Option<IndexMap<String, Schema>>,
    /// Drafts 04 to 07's name for `$defs` (still allowed by 2020-12), read the same way:
    /// `#/definitions/Name` references its entries, each a type named by its key.
    pub definitions: Option<IndexMap<String, Schema>>,
    /// The Rust type name (PascalCase is derived from it). For a file root, the presenter's name.
    pub title: Option<String>,
    /// Documentation; becomes the doc comment of the generated item.
    pub description: Option<String>,
    /// The JSON type, or `[T, "null"]` for a nullable value.
    #[serde(rename = "type")]
    pub kind: Option<TypeKeyword>,
    /// The fields of an object, in the order they are written on the wire.
    pub properties: Option<IndexMap<String, Schema>>,
    /// The fields an object always has; the others are optional (`Option<T>`, omitted when absent).
    pub required: Option<Vec<String>>,
    /// The allowed values; generates a Rust enum. Strings make a string enum; numbers, booleans
    /// (alone or beside strings) an enum of those exact values. `null` among them (with a `type`
    /// that lists `"null"`, or no `type`) makes the enum nullable. Without `type`, the values say
    /// what the value is.
    #[serde(rename = "enum")]
    pub enum_values: Option<Vec<Value>>,
    /// The one allowed value: a string `const` is an enum of that value (a union's tag); a
    /// number, boolean or `null` an enum of that one value.
    #[serde(rename = "const")]
    pub const_value: Option<Value>,
    /// The schema of every element of an array; after `prefixItems`, of the elements past them.
    /// A list of schemas is drafts 04 to 2019-09's tuple: one schema per position, the elements
    /// past them read with `additionalItems`.
    pub items: Option<Items>,
    /// 2020-12's tuple: one schema per position, the elements past them read with `items`.
    #[serde(rename = "prefixItems")]
    pub prefix_items: Option<Vec<Schema>>,
    /// Drafts 04 to 2019-09: beside a list `items`, the elements past them (`false`: none,
    /// `true` or absent: any value, a schema: of that schema); beside a schema `items`, or
    /// without `items`, it constrains nothing.
    #[serde(rename = "additionalItems")]
    pub additional_items: Option<AdditionalProperties>,
    /// A string format such as `date` or `date-time`; kept as documentation.
    pub format: Option<String>,
    /// A documented default value; kept as documentation.
    pub default: Option<Value>,
    /// Undeclared keys. Absent or `false`: the schema is an allow-list, and undeclared keys are
    /// dropped, never passed through. A schema: they are kept (in the data's order, after the
    /// declared fields), each value of that schema, in a map field. `true`: kept, any JSON value.
    #[serde(rename = "additionalProperties")]
    pub additional_properties: Option<AdditionalProperties>,
    /// Example values; kept as documentation.
    pub examples: Option<Vec<Value>>,
    /// Object schemas merged into this one: their properties (in branch order, after this
    /// schema's own) and `required` lists combined into one struct. A branch that is a `$ref` is
    /// followed; a key two branches declare differently is an error.
    #[serde(rename = "allOf")]
    pub all_of: Option<Vec<Schema>>,
    /// Exactly one of these schemas: a Rust enum with one variant per branch, tried in order
    /// (as zod's `z.union`); `{type: "null"}` branches make it nullable.
    #[serde(rename = "oneOf")]
    pub one_of: Option<Vec<Schema>>,
    /// At least one of these schemas: read like `oneOf`, the first branch that fits wins.
    #[serde(rename = "anyOf")]
    pub any_of: Option<Vec<Schema>>,
    /// `not: {}` (or `not: true`): no value fits, the schema `false` (a property that may never
    /// appear). `not` of a schema that constrains something (`not: {enum: [a, b]}`) is an
    /// assertion the type cannot state: documented on presenter data (the value is the type the
    /// other keywords say), refused in tool arguments, which would have to enforce it.
    pub not: Option<Box<Schema>>,
    /// The fewest keys an object may have: documented on presenter data, refused in tool
    /// arguments.
    #[serde(rename = "minProperties")]
    pub min_properties: Option<u64>,
    /// The most keys an object may have: documented on presenter data, refused in tool
    /// arguments.
    #[serde(rename = "maxProperties")]
    pub max_properties: Option<u64>,
    /// The schema every key of an object must fit (a string schema: `format`, `pattern`,
    /// `enum`…): documented on presenter data (keys stay strings), refused in tool arguments.
    #[serde(rename = "propertyNames")]
    pub property_names: Option<Box<Schema>>,
    /// Keys that must be present when another key is: documented on presenter data (every
    /// field stays as optional as `required` says), refused in tool arguments.
    #[serde(rename = "dependentRequired")]
    pub dependent_required: Option<IndexMap<String, Vec<String>>>,
    /// Undeclared keys kept when they match a pattern (an ECMAScript regular expression, not
    /// anchored), each value of that pattern's schema: a map field, as `additionalProperties`
    /// makes, that keeps only matching keys (the others follow `additionalProperties`). Every
    /// pattern of one object must have the same value schema.
    #[serde(rename = "patternProperties")]
    pub pattern_properties: Option<IndexMap<String, Schema>>,
    /// The value should no longer be used; kept in the doc comment, and `#[deprecated]` on a
    /// generated type.
    pub deprecated: Option<bool>,
    /// The value is managed by the server; kept as documentation.
    #[serde(rename = "readOnly")]
    pub read_only: Option<bool>,
    /// The value is only ever sent, never returned; kept as documentation.
    #[serde(rename = "writeOnly")]
    pub write_only: Option<bool>,
    /// The media type of a string's content; kept as documentation.
    #[serde(rename = "contentMediaType")]
    pub content_media_type: Option<String>,
    /// The encoding of a string's content (`base64`, …); kept as documentation.
    #[serde(rename = "contentEncoding")]
    pub content_encoding: Option<String>,
    /// The smallest allowed number.
    pub minimum: Option<serde_json::Number>,
    /// The largest allowed number.
    pub maximum: Option<serde_json::Number>,
    /// Numbers must be greater than this.
    #[serde(rename = "exclusiveMinimum")]
    pub exclusive_minimum: Option<serde_json::Number>,
    /// Numbers must be smaller than this.
    #[serde(rename = "exclusiveMaximum")]
    pub exclusive_maximum: Option<serde_json::Number>,
    /// Numbers must be a multiple of this.
    #[serde(rename = "multipleOf")]
    pub multiple_of: Option<serde_json::Number>,
    /// The fewest characters a string may have.
    #[serde(rename = "minLength")]
    pub min_length: Option<u64>,
    /// The most characters a string may have.
    #[serde(rename = "maxLength")]
    pub max_length: Option<u64>,
    /// A regular expression strings must match (ECMA-262 dialect).
    pub pattern: Option<String>,
    /// The fewest elements an array may have.
    #[serde(rename = "minItems")]
    pub min_items: Option<u64>,
    /// The most elements an array may have.
    #[serde(rename = "maxItems")]
    pub max_items: Option<u64>,
    /// Whether the elements of an array must all differ.
    #[serde(rename = "uniqueItems")]
    pub unique_items: Option<bool>,
    /// Presenter behaviour (rules, agent limit, data format); only at a presenter's root.
    #[serde(rename = "x-fusion")]
    pub fusion: Option<Behaviour>,
    /// A tool (only at the root of a tool file, alone): actions with typed inputs that return
    /// presenters.
    // A plain `$ref` rather than `anyOf [tool, null]`, so that a mistake inside the tool is
    // reported where it is written, not as "matches no alternative" at `/x-fusion-tool`.
    #[serde(rename = "x-fusion-tool", default)]
    #[schemars(with = "ToolDefinition")]
    pub tool: Option<ToolDefinition>,
    /// The Rust name, overriding the one derived from the key or title (the wire key never
    /// changes): on a property, the field's name (snake_case); on a `$defs` entry or a file's
    /// root, the type's name (UpperCamelCase).
    #[serde(rename = "x-fusion-name")]
    pub fusion_name: Option<String>,
    /// Redaction of this property in the data block (wire format §10): `true` writes the default
    /// censor `[REDACTED]`, a string writes that censor, `false` writes the value. The whole value
    /// is replaced, whatever its type (an object or array included); an absent optional field
    /// stays absent. Rules and UI still read the clear value. Only on a property (beside `$ref`
    /// too: the field is redacted, not the referenced type).
    #[serde(rename = "x-fusion-redact")]
    pub redact: Option<Redact>,
    /// The most characters of this string property the agent reads (wire format §10): a longer
    /// text is cut at a character and followed by `…(truncated, N chars)`, N its whole length.
    /// For long free text (an issue's body, a README) that would fill the agent's context. The
    /// handler and rules read the whole value; tool arguments are not cut. Only on a property
    /// whose type is `string` (nullable or not), and not beside `x-fusion-redact`.
    #[serde(rename = "x-fusion-max-chars")]
    pub max_chars: Option<std::num::NonZeroU32>,
    /// OpenAPI 3.0's `nullable: true`: the value may also be `null`. Read only inside an OpenAPI
    /// document (`crate::openapi`); a definition writes `type: [T, "null"]`, so the meta-schema
    /// leaves it out.
    #[schemars(skip)]
    pub nullable: Option<bool>,
    /// The `components` of an OpenAPI document, whose `schemas` other files `$ref`; only at the
    /// root of an OpenAPI document, which is never a presenter (so not in the meta-schema).
    #[schemars(skip)]
    pub components: Option<Components>,
}

/// The part of an OpenAPI document's `components` that holds schemas.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Components {
    /// `components.schemas`: named schemas, made into types only when something `$ref`s them.
    pub schemas: Option<IndexMap<String, Schema>>,
}

impl Schema {
    /// The string values of `enum`, `null` as `None`; `None` when a value is of another type.
    pub fn string_enum(&self) -> Option<Vec<Option<&str>>> {
        self.enum_values
            .as_ref()?
            .iter()
            .map(|value| match value {
                Value::String(s) => Some(Some(s.as_str())),
                Value::Null => Some(None),
                _ => None,
            })
            .collect()
    }

    /// The named schemas of `$defs` and of `definitions`, each with its keyword, in that order.
    pub fn named_defs(&self) -> impl Iterator<Item = (&'static str, &String, &Schema)> {
        let defs = self.defs.iter().flatten().map(|(k, v)| ("$defs", k, v));
        let definitions = self
            .definitions
            .iter()
            .flatten()
            .map(|(k, v)| ("definitions", k, v));
        defs.chain(definitions)
    }

    /// Whether the schema declares named schemas (`$defs` or `definitions`).
    pub fn has_defs(&self) -> bool {
        self.defs.is_some() || self.definitions.is_some()
    }

    /// The assertions this schema makes that no generated type states or checks (`not` of a
    /// real schema, `minProperties`, `maxProperties`, `propertyNames`, `dependentRequired`):
    /// documentation on presenter data, refused in tool arguments, which enforce what they say.
    pub fn unenforced_assertions(&self) -> Vec<&'static str> {
        // `not: {}` (no value) and `not: {not: {}}` (any value) are what the type says.
        let not = self
            .not
            .as_deref()
            .is_some_and(|not| !not.constrains_nothing());
        [
            ("not", not),
            ("enum", crate::model::structured_enum(self)),
            ("minProperties", self.min_properties.is_some()),
            ("maxProperties", self.max_properties.is_some()),
            ("propertyNames", self.property_names.is_some()),
            ("dependentRequired", self.dependent_required.is_some()),
        ]
        .into_iter()
        .filter_map(|(keyword, present)| present.then_some(keyword))
        .collect()
    }

    /// The unenforced assertions ([`Schema::unenforced_assertions`]) in words, for doc comments.
    pub fn described_assertions(&self) -> Vec<String> {
        let mut described = Vec::new();
        if let Some(not) = self
            .not
            .as_deref()
            .filter(|_| self.unenforced_assertions().contains(&"not"))
        {
            described.push(format!("never {}", not.in_words()));
        }
        if crate::model::structured_enum(self) {
            let values: Vec<String> = self
                .enum_values
                .iter()
                .flatten()
                .map(|v| format!("`{v}`"))
                .collect();
            described.push(format!("one of {}", values.join(", ")));
        }
        if let Some(min) = self.min_properties {
            described.push(format!("minProperties {min}"));
        }
        if let Some(max) = self.max_properties {
            described.push(format!("maxProperties {max}"));
        }
        if let Some(names) = &self.property_names {
            described.push(format!("every key {}", names.in_words()));
        }
        for (key, needs) in self.dependent_required.iter().flatten() {
            let needs: Vec<String> = needs.iter().map(|k| format!("`{k}`")).collect();
            described.push(format!("with `{key}`, also {}", needs.join(", ")));
        }
        described
    }

    /// Whether the schema says nothing but annotations (`{}`, `{description: …}`).
    fn constrains_nothing(&self) -> bool {
        self.kind.is_none()
            && self.reference.is_none()
            && self.enum_values.is_none()
            && self.const_value.is_none()
            && self.properties.is_none()
            && self.required.is_none()
            && self.items.is_none()
            && self.prefix_items.is_none()
            && self.all_of.is_none()
            && self.one_of.is_none()
            && self.any_of.is_none()
            && self.additional_properties.is_none()
            && self.pattern_properties.is_none()
            && self.format.is_none()
            && self.described_bounds().is_empty()
            && self.unenforced_assertions().is_empty()
    }

    /// A short description of what the schema asserts, for doc comments: the common shapes in
    /// words, anything else by its keywords.
    fn in_words(&self) -> String {
        let json = |v: &Value| format!("`{v}`");
        let mut parts = Vec::new();
        if let Some(reference) = &self.reference {
            parts.push(format!("fits `{reference}`"));
        }
        if let Some(kind) = &self.kind {
            parts.push(format!("of type {}", kind.in_words()));
        }
        if let Some(values) = &self.enum_values {
            let shown: Vec<String> = values.iter().map(json).collect();
            parts.push(format!("one of {}", shown.join(", ")));
        }
        if let Some(value) = &self.const_value {
            parts.push(format!("equal to {}", json(value)));
        }
        if let Some(format) = &self.format {
            parts.push(format!("of format `{format}`"));
        }
        if let Some(required) = &self.required {
            let keys: Vec<String> = required.iter().map(|k| format!("`{k}`")).collect();
            parts.push(format!("with keys {}", keys.join(", ")));
        }
        if let Some(properties) = &self.properties {
            let keys: Vec<String> = properties.keys().map(|k| format!("`{k}`")).collect();
            parts.push(format!("constraining {}", keys.join(", ")));
        }
        for (keyword, branches) in [
            ("anyOf", &self.any_of),
            ("oneOf", &self.one_of),
            ("allOf", &self.all_of),
        ] {
            if let Some(branches) = branches {
                let shown: Vec<String> = branches
                    .iter()
                    .map(|b| format!("({})", b.in_words()))
                    .collect();
                parts.push(format!("{keyword} {}", shown.join(" ")));
            }
        }
        parts.extend(self.described_bounds());
        parts.extend(self.described_assertions());
        if parts.is_empty() {
            return "anything".into();
        }
        parts.join(", ")
    }

    /// Each bound (`minimum`, `maxLength`, `pattern`, …) as `keyword value`, in a fixed order.
    /// On presenter data, which the server produces, bounds are documentation.
    pub fn described_bounds(&self) -> Vec<String> {
        let numbers = [
            ("minimum", &self.minimum),
            ("maximum", &self.maximum),
            ("exclusiveMinimum", &self.exclusive_minimum),
            ("exclusiveMaximum", &self.exclusive_maximum),
            ("multipleOf", &self.multiple_of),
        ];
        let counts = [
            ("minLength", self.min_length),
            ("maxLength", self.max_length),
            ("minItems", self.min_items),
            ("maxItems", self.max_items),
        ];
        let mut described: Vec<String> = numbers
            .iter()
            .filter_map(|(k, v)| v.as_ref().map(|v| format!("{k} {v}")))
            .collect();
        described.extend(
            counts
                .iter()
                .filter_map(|(k, v)| v.map(|v| format!("{k} {v}"))),
        );
        if let Some(pattern) = &self.pattern {
            described.push(format!("pattern `{pattern}`"));
        }
        if self.unique_items == Some(true) {
            described.push("uniqueItems".to_owned());
        }
        described
    }
}

/// Whether `key` is a vendor extension: `x-…`, but not fusion-gen's own `x-fusion…`.
pub fn is_vendor_extension(key: &str) -> bool {
    key.starts_with("x-") && !key.starts_with("x-fusion")
}

/// Keywords whose value is one schema (`additionalProperties` and `additionalItems` read
/// booleans themselves); `items` may also be a list.
const ONE_SCHEMA: &[&str] = &[
    "items",
    "additionalProperties",
    "additionalItems",
    "not",
    "propertyNames",
];
/// Keywords whose value is a list of schemas (`items` too, in drafts 04 to 2019-09).
const SCHEMA_LISTS: &[&str] = &["allOf", "oneOf", "anyOf", "prefixItems", "items"];
/// Keywords whose value maps names to schemas.
const SCHEMA_MAPS: &[&str] = &["properties", "$defs", "definitions", "patternProperties"];

/// A definition document without the vendor extensions of its schemas (at every schema
/// position: the root, sub-schemas, `$defs`, tool inputs), which the definition types do not
/// hold. Keys of `properties` and data (`enum`, `default`, `examples`) are never touched: an
/// `x-…` property is a property.
pub fn without_vendor_extensions(document: &Value) -> Value {
    let mut value = strip_schema(document);
    // A tool file's schemas are its actions' inputs.
    if let Some(Value::Object(actions)) = value.pointer_mut("/x-fusion-tool/actions") {
        for action in actions.values_mut() {
            if let Some(input) = action.get_mut("input") {
                *input = strip_schema(input);
            }
        }
    }
    value
}

/// A definition document with its boolean schemas written as objects: `true` (any value) as
/// `{}`, `false` (no value) as `{"not": {}}`, wherever a schema belongs (`properties` and
/// `$defs` entries, `items`, `allOf`/`oneOf`/`anyOf` branches, `not`, tool inputs, OpenAPI
/// components). `additionalProperties` keeps its boolean, which it reads itself. Every value
/// stays at its pointer, so diagnostics still point into the file as written.
pub fn with_boolean_schemas_as_objects(document: &Value) -> Value {
    let mut value = walk_schema(document, &boolean_as_object);
    if let Some(Value::Object(actions)) = value.pointer_mut("/x-fusion-tool/actions") {
        for action in actions.values_mut() {
            if let Some(input) = action.get_mut("input") {
                *input = walk_schema(input, &boolean_as_object);
            }
        }
    }
    value
}

/// The schema object `schema` with `at` applied to each of its sub-schemas (replacing those it
/// returns a value for), recursively; `additionalProperties` is walked into, never replaced.
fn walk_schema(schema: &Value, at: &dyn Fn(&Value) -> Option<Value>) -> Value {
    let Value::Object(object) = schema else {
        return schema.clone();
    };
    let sub = |value: &Value| walk_schema(&at(value).unwrap_or_else(|| value.clone()), at);
    let mut out = serde_json::Map::new();
    for (key, value) in object {
        let key = key.as_str();
        let walked = match (key, value) {
            ("additionalProperties" | "additionalItems", _) => walk_schema(value, at),
            (_, Value::Array(items)) if SCHEMA_LISTS.contains(&key) => {
                Value::Array(items.iter().map(sub).collect())
            }
            _ if ONE_SCHEMA.contains(&key) => sub(value),
            (_, Value::Object(entries)) if SCHEMA_MAPS.contains(&key) => Value::Object(
                entries
                    .iter()
                    .map(|(name, item)| (name.clone(), sub(item)))
                    .collect(),
            ),
            ("components", Value::Object(components)) => {
                let mut components = components.clone();
                if let Some(Value::Object(schemas)) = components.get_mut("schemas") {
                    for item in schemas.values_mut() {
                        *item = sub(item);
                    }
                }
                Value::Object(components)
            }
            _ => value.clone(),
        };
        out.insert(key.to_owned(), walked);
    }
    Value::Object(out)
}

/// Calls `visit` with every schema object of a definition document (once boolean schemas are
/// objects) and its pointer, and whether it is an `allOf` branch (merged, not read on its own).
pub fn visit_schemas(document: &Value, visit: &mut dyn FnMut(&Value, &str, bool)) {
    visit_schema(document, "", false, visit);
    if let Some(Value::Object(actions)) = document.pointer("/x-fusion-tool/actions") {
        for (name, action) in actions {
            if let Some(input) = action.get("input") {
                let pointer = format!(
                    "/x-fusion-tool/actions/{}/input",
                    crate::source::pointer_token(name)
                );
                visit_schema(input, &pointer, false, visit);
            }
        }
    }
}

fn visit_schema(
    schema: &Value,
    pointer: &str,
    merged: bool,
    visit: &mut dyn FnMut(&Value, &str, bool),
) {
    let Value::Object(object) = schema else {
        return;
    };
    visit(schema, pointer, merged);
    for (key, value) in object {
        let at = format!("{pointer}/{}", crate::source::pointer_token(key));
        match (key.as_str(), value) {
            (key, Value::Array(items)) if SCHEMA_LISTS.contains(&key) => {
                for (i, item) in items.iter().enumerate() {
                    visit_schema(item, &format!("{at}/{i}"), key == "allOf", visit);
                }
            }
            (key, _) if ONE_SCHEMA.contains(&key) => visit_schema(value, &at, false, visit),
            (key, Value::Object(entries)) if SCHEMA_MAPS.contains(&key) => {
                for (name, item) in entries {
                    visit_schema(
                        item,
                        &format!("{at}/{}", crate::source::pointer_token(name)),
                        false,
                        visit,
                    );
                }
            }
            ("components", Value::Object(components)) => {
                if let Some(Value::Object(schemas)) = components.get("schemas") {
                    for (name, item) in schemas {
                        let at = format!("{at}/schemas/{}", crate::source::pointer_token(name));
                        visit_schema(item, &at, false, visit);
                    }
                }
            }
            _ => {}
        }
    }
}

/// `true` as `{}`, `false` as `{"not": {}}`; any other value as it is.
fn boolean_as_object(schema: &Value) -> Option<Value> {
    match schema {
        Value::Bool(true) => Some(Value::Object(serde_json::Map::new())),
        Value::Bool(false) => Some(serde_json::json!({ "not": {} })),
        _ => None,
    }
}

/// One schema without its vendor extensions, nor those of its sub-schemas.
fn strip_schema(schema: &Value) -> Value {
    let Value::Object(object) = schema else {
        return schema.clone();
    };
    let mut out = serde_json::Map::new();
    for (key, value) in object {
        let key = key.as_str();
        let kept = match (key, value) {
            _ if is_vendor_extension(key) => continue,
            (_, Value::Array(items)) if SCHEMA_LISTS.contains(&key) => {
                Value::Array(items.iter().map(strip_schema).collect())
            }
            _ if ONE_SCHEMA.contains(&key) => strip_schema(value),
            (_, Value::Object(entries)) if SCHEMA_MAPS.contains(&key) => Value::Object(
                entries
                    .iter()
                    .map(|(name, item)| (name.clone(), strip_schema(item)))
                    .collect(),
            ),
            // OpenAPI components were normalised already; their schemas are walked the same.
            ("components", Value::Object(components)) => Value::Object(
                components
                    .iter()
                    .map(|(name, item)| {
                        let item = match (name.as_str(), item) {
                            ("schemas", Value::Object(schemas)) => Value::Object(
                                schemas
                                    .iter()
                                    .map(|(n, s)| (n.clone(), strip_schema(s)))
                                    .collect(),
                            ),
                            _ => item.clone(),
                        };
                        (name.clone(), item)
                    })
                    .collect(),
            ),
            _ => value.clone(),
        };
        out.insert(key.to_owned(), kept);
    }
    Value::Object(out)
}

/// `items`: one schema for every element, or (drafts 04 to 2019-09) a tuple's positions.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Items {
    /// Every element (past `prefixItems`) of this schema.
    Every(Box<Schema>),
    /// One schema per position: a tuple.
    Positions(Vec<Schema>),
}

impl Schema {
    /// The schema of every element, when `items` is one schema.
    pub fn every_item(&self) -> Option<&Schema> {
        match &self.items {
            Some(Items::Every(schema)) => Some(schema),
            _ => None,
        }
    }
}

/// `additionalProperties`: whether undeclared keys are kept, and of what schema.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum AdditionalProperties {
    /// `false` drops them (the default); `true` keeps them as any JSON value.
    Allowed(bool),
    /// Keeps them, each value of this schema.
    Schema(Box<Schema>),
}

/// `x-fusion-redact`: on or off, or the censor to write.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Redact {
    /// `true` redacts with the default censor `[REDACTED]`; `false` does not redact.
    Flag(bool),
    /// Redacts with this censor text.
    Censor(String),
}

impl Redact {
    /// The censor the data block writes, if the field is redacted.
    pub fn censor(&self) -> Option<&str> {
        match self {
            Redact::Flag(true) => Some(DEFAULT_CENSOR),
            Redact::Flag(false) => None,
            Redact::Censor(censor) => Some(censor),
        }
    }
}

/// What a redacted field shows when no censor is given (wire format §10).
pub const DEFAULT_CENSOR: &str = "[REDACTED]";

/// `type`: one JSON type, or a JSON type and `"null"`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum TypeKeyword {
    /// A single type.
    One(JsonType),
    /// A type and `"null"`, in either order, for a nullable value.
    Several(Vec<JsonType>),
}

/// A JSON Schema type name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum JsonType {
    /// `object`
    Object,
    /// `string`
    String,
    /// `integer`
    Integer,
    /// `number`
    Number,
    /// `boolean`
    Boolean,
    /// `array`
    Array,
    /// `null`
    Null,
}

impl JsonType {
    /// The keyword as written in a schema.
    pub fn as_str(self) -> &'static str {
        match self {
            JsonType::Object => "object",
            JsonType::String => "string",
            JsonType::Integer => "integer",
            JsonType::Number => "number",
            JsonType::Boolean => "boolean",
            JsonType::Array => "array",
            JsonType::Null => "null",
        }
    }
}

/// The keywords a schema object may use, for "unsupported keyword" diagnostics and suggestions.
pub const SCHEMA_KEYWORDS: &[&str] = &[
    "$schema",
    "$id",
    "$comment",
    "$ref",
    "$defs",
    "definitions",
    "title",
    "description",
    "type",
    "properties",
    "required",
    "enum",
    "const",
    "items",
    "prefixItems",
    "additionalItems",
    "format",
    "default",
    "additionalProperties",
    "examples",
    "allOf",
    "oneOf",
    "anyOf",
    "not",
    "minProperties",
    "maxProperties",
    "propertyNames",
    "dependentRequired",
    "patternProperties",
    "deprecated",
    "readOnly",
    "writeOnly",
    "contentMediaType",
    "contentEncoding",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "pattern",
    "minItems",
    "maxItems",
    "uniqueItems",
    "x-fusion",
    "x-fusion-redact",
    "x-fusion-max-chars",
    "x-fusion-name",
];

/// The meta-schema of definition files, as checked in at `schemas/presenter.schema.json`.
pub fn meta_schema() -> Value {
    let schema = schemars::schema_for!(Schema);
    let mut value = serde_json::to_value(schema).unwrap_or(Value::Null);
    if let Some(object) = value.as_object_mut() {
        object.insert("$id".into(), Value::String(crate::META_SCHEMA_ID.into()));
    }
    value
}

/// The checked-in text of the meta-schema: pretty JSON with a final newline.
pub fn meta_schema_text() -> String {
    let mut text = serde_json::to_string_pretty(&meta_schema()).unwrap_or_default();
    text.push('\n');
    text
}

impl TypeKeyword {
    /// The type or types, as written (`string`, `string or null`).
    fn in_words(&self) -> String {
        match self {
            TypeKeyword::One(kind) => kind.as_str().to_owned(),
            TypeKeyword::Several(kinds) => kinds
                .iter()
                .map(|k| k.as_str())
                .collect::<Vec<_>>()
                .join(" or "),
        }
    }
}
