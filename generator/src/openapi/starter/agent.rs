//! Agent-sized starter presenters (issue 37).
//!
//! A vendor's response component is written for every client the vendor has: GitHub's `issue`
//! is 19 KB of JSON per item, most of it URL templates and whole nested users and repositories.
//! A presenter that `$ref`s the component hands all of it to the agent. The starter instead
//! lists the fields an agent reads, each a `$ref` to the component's own property (so types,
//! formats, enums and descriptions stay the description's), and names every field it leaves out
//! in a comment, with the `$ref` that adds it back:
//!
//! - scalar fields and lists of scalars are kept, except links beside the one an agent follows
//!   (`html_url` over `url` and every `*_url` template) and other renderings of a kept text
//!   (`body_html`, `body_text` beside `body`);
//! - a nested object (or a list of them) is cut to what identifies it: its id, number, key, slug,
//!   login, name, full name, title, state and link; one with none of these is kept whole when it
//!   is small (a handful of scalars), else left out;
//! - anything else (maps, unions of objects, cycles) is left out;
//! - free text (a body, a description, a message: a plain string whose name says so) is cut to
//!   [`TEXT_LIMIT`] characters where the agent reads it (`x-fusion-max-chars`), so that one long
//!   issue body does not fill the agent's context;
//! - the presenter gets an agent limit, so a list answers with a bounded number of items.
//!
//! Everything here reads the description's JSON; nothing is resolved by the generator's model,
//! which reads the written presenter like any other.

use serde_json::Value;

use crate::source::pointer_token;

/// The agent limit a starter presenter declares: a list answers with at most this many items
/// and a summary of the rest (GitHub's default page is 30; an agent rarely reads more).
pub(super) const AGENT_LIMIT: usize = 20;

/// The most characters of a free-text field the agent reads: a few paragraphs, enough to tell
/// what an issue or a repository is about; twenty of them (the [`AGENT_LIMIT`]) fit a context.
pub(super) const TEXT_LIMIT: u32 = 1000;

/// The last words of free-text fields' names: a field whose name is or ends in one as a word
/// (`body`, `commit_message`, `longDescription`) is cut to [`TEXT_LIMIT`] when it is a plain
/// string.
const FREE_TEXT: &[&str] = &[
    "body",
    "description",
    "text",
    "content",
    "message",
    "readme",
    "notes",
    "note",
    "comment",
    "summary",
    "bio",
    "patch",
    "diff",
    "details",
    "markdown",
];

/// The fields that identify a nested object, as [`word`] spells them (`full_name`, `fullName`
/// and `FullName` are one).
const IDENTIFYING: &[&str] = &[
    "id", "number", "key", "slug", "login", "name", "fullname", "title", "state", "status",
];

/// The links an agent follows, best first, as [`word`] spells them: one is kept, every other
/// link field is left out.
const LINKS: &[&str] = &["htmlurl", "weburl", "url", "href", "self"];

/// A nested object of at most this many scalar fields and no identifying field is kept whole.
const SMALL: usize = 8;

/// How many `$ref` and composition steps are followed before a schema counts as unreadable
/// (a description whose references loop).
const MAX_STEPS: usize = 32;

/// What a property's schema is, once references and nullability are looked through.
enum Shape<'v> {
    Scalar,
    /// An object: its properties (key, schema, pointer in the description) and required keys.
    Object(Fields<'v>),
    /// A list of objects.
    ObjectList(Fields<'v>),
    /// A union, a map, a list of unions or lists: nothing to cut.
    Other,
}

/// An object's declared properties with where each is, and its `required` keys.
struct Fields<'v> {
    properties: Vec<(&'v str, String)>,
    required: Vec<&'v str>,
    /// Whether the value may be `null` (3.0's `nullable`, 3.1's `null` in `type` or a union).
    nullable: bool,
}

/// A schema with where it is and whether a step on the way said it may be `null`.
struct Located<'v> {
    schema: &'v Value,
    pointer: String,
    nullable: bool,
}

/// The document a starter presenter reads.
pub(super) struct Cutter<'v> {
    pub(super) root: &'v Value,
    /// The description's file name, as `$ref`s from the starter's folder name it.
    pub(super) file: &'v str,
}

/// A presenter's text: the YAML body and the comment lines naming what was left out.
pub(super) struct AgentPresenter {
    pub(super) body: String,
    pub(super) left_out: Vec<String>,
}

impl<'v> Cutter<'v> {
    /// The agent-sized presenter body for the component at `pointer`, or `None` when the
    /// component has no properties to choose from (a union, a map): it is then presented whole.
    pub(super) fn presenter(&self, pointer: &str) -> Option<AgentPresenter> {
        let located = self.located(pointer)?;
        let Shape::Object(fields) = self.shape(located, 0) else {
            return None;
        };
        if fields.properties.is_empty() {
            return None;
        }
        let mut body = String::new();
        let mut left_out = Vec::new();
        if self
            .write_fields(&fields, 0, &mut body, &mut left_out)
            .is_empty()
        {
            return None;
        }
        Some(AgentPresenter { body, left_out })
    }

    /// Writes `properties:` (and `required:`) of `fields` at `depth` (0 for the presenter's
    /// root, 1 for a nested object, cut to what identifies it); returns the keys kept.
    fn write_fields(
        &self,
        fields: &Fields<'v>,
        depth: usize,
        out: &mut String,
        left_out: &mut Vec<String>,
    ) -> Vec<&'v str> {
        let indent = "  ".repeat(depth * 2);
        let keys: Vec<&str> = fields.properties.iter().map(|(k, _)| *k).collect();
        let link = best_link(&keys);
        let mut lines = String::new();
        let mut kept: Vec<&str> = Vec::new();
        for (key, pointer) in &fields.properties {
            let Some(located) = self.located(pointer) else {
                left_out.push(format!("{key}: its `$ref` does not resolve"));
                continue;
            };
            let schema = located.schema;
            let shape = self.shape(located, 0);
            let name = yaml_key(key);
            if is_link(key) && Some(*key) != link {
                left_out.push(self.add_back(key, pointer));
                continue;
            }
            if rendering_of_kept(key, &keys) {
                left_out.push(self.add_back(key, pointer));
                continue;
            }
            let entry = match shape {
                Shape::Scalar => {
                    if depth > 0 && !identifying(key) && Some(*key) != link {
                        continue;
                    }
                    // A link alone does not identify: the object is then kept whole or left out.
                    if depth > 0 && Some(*key) == link && !identified(&keys) {
                        continue;
                    }
                    if depth == 0 && free_text(key, schema) {
                        Entry::Text
                    } else {
                        Entry::Reference
                    }
                }
                // What identifies a nested object is a scalar of its own.
                Shape::Object(_) | Shape::ObjectList(_) if depth > 0 => continue,
                Shape::Object(nested) => self.nested(&nested, false, &indent, left_out, key),
                Shape::ObjectList(nested) => self.nested(&nested, true, &indent, left_out, key),
                Shape::Other if depth > 0 => continue,
                Shape::Other if self.located(pointer).is_some_and(|l| self.small(l)) => {
                    Entry::Reference
                }
                Shape::Other => Entry::LeftOut,
            };
            match entry {
                Entry::Reference | Entry::Text => {
                    // Free text is bounded where it is kept (`x-fusion-max-chars`).
                    let bound = if matches!(entry, Entry::Text) {
                        format!(", x-fusion-max-chars: {TEXT_LIMIT}")
                    } else {
                        String::new()
                    };
                    lines.push_str(&format!(
                        "{indent}  {name}: {{ $ref: {}{bound} }}\n",
                        self.reference(pointer)
                    ));
                }
                Entry::Inline(schema) => lines.push_str(&format!("{indent}  {name}:\n{schema}")),
                Entry::LeftOut => {
                    left_out.push(self.add_back(key, pointer));
                    continue;
                }
            }
            kept.push(key);
        }
        if kept.is_empty() {
            return kept;
        }
        let required: Vec<String> = fields
            .required
            .iter()
            .filter(|r| kept.contains(r))
            .map(|r| yaml_key(r))
            .collect();
        if !required.is_empty() {
            out.push_str(&format!("{indent}required: [{}]\n", required.join(", ")));
        }
        out.push_str(&format!("{indent}properties:\n{lines}"));
        kept
    }

    /// A nested object (a list of them when `list`) as its property's entry.
    fn nested(
        &self,
        nested: &Fields<'v>,
        list: bool,
        indent: &str,
        left_out: &mut Vec<String>,
        key: &str,
    ) -> Entry {
        let mut inner = String::new();
        match self.cut(nested, &mut inner, left_out, key) {
            Cut::Identified if list => Entry::Inline(format!(
                "{indent}    type: {}\n{indent}    items:\n{indent}      type: object\n{}",
                if nested.nullable {
                    "[array, \"null\"]"
                } else {
                    "array"
                },
                indented(&inner, "  ")
            )),
            Cut::Identified => Entry::Inline(format!(
                "{indent}    type: {}\n{inner}",
                if nested.nullable {
                    "[object, \"null\"]"
                } else {
                    "object"
                },
            )),
            Cut::Whole => Entry::Reference,
            Cut::Nothing => Entry::LeftOut,
        }
    }

    /// A nested object cut to its identifying fields (written into `out` at nesting depth 1),
    /// kept whole when it has none and is small, or nothing.
    fn cut(
        &self,
        nested: &Fields<'v>,
        out: &mut String,
        left_out: &mut Vec<String>,
        key: &str,
    ) -> Cut {
        // What a nested cut leaves out is named once, as one line, not field by field.
        let mut dropped = Vec::new();
        let kept = self.write_fields(nested, 1, out, &mut dropped);
        if !kept.is_empty() {
            let names: Vec<&str> = nested
                .properties
                .iter()
                .map(|(k, _)| *k)
                .filter(|k| !kept.contains(k))
                .collect();
            if !names.is_empty() {
                left_out.push(format!(
                    "{key}: cut to what identifies it; also has {}",
                    listed(&names)
                ));
            }
            return Cut::Identified;
        }
        out.clear();
        if nested.properties.len() <= SMALL && self.all_scalar(nested) {
            Cut::Whole
        } else {
            Cut::Nothing
        }
    }

    /// Whether a union or a list of them is small enough to keep whole: every member a scalar
    /// or an object of at most [`SMALL`] scalars.
    fn small(&self, located: Located<'v>) -> bool {
        let (schema, pointer) = match located.schema.get("items") {
            Some(items) if types(located.schema).contains(&"array") => {
                (items, format!("{}/items", located.pointer))
            }
            _ => (located.schema, located.pointer),
        };
        let members = ["oneOf", "anyOf"].iter().find_map(|k| {
            schema
                .get(*k)
                .and_then(Value::as_array)
                .map(|members| (*k, members))
        });
        let Some((keyword, members)) = members else {
            return false;
        };
        members.iter().enumerate().all(|(i, member)| {
            let Some(member) = self.follow(member, format!("{pointer}/{keyword}/{i}")) else {
                return false;
            };
            match self.shape(member, 0) {
                Shape::Scalar => true,
                Shape::Object(fields) => {
                    fields.properties.len() <= SMALL && self.all_scalar(&fields)
                }
                _ => false,
            }
        })
    }

    /// Whether every field of `fields` is a scalar.
    fn all_scalar(&self, fields: &Fields<'v>) -> bool {
        fields.properties.iter().all(|(_, p)| {
            self.located(p)
                .is_some_and(|l| matches!(self.shape(l, 0), Shape::Scalar))
        })
    }

    /// `{key}: … (add back: { $ref: … })`.
    fn add_back(&self, key: &str, pointer: &str) -> String {
        format!("{key}: {{ $ref: {} }}", self.reference(pointer))
    }

    /// A `$ref` to `pointer` in the description, quoted for YAML.
    fn reference(&self, pointer: &str) -> String {
        super::quoted(&format!("{}#{pointer}", self.file))
    }

    /// The schema at `pointer`, followed through references and nullability.
    fn located(&self, pointer: &str) -> Option<Located<'v>> {
        let schema = self.root.pointer(pointer)?;
        self.follow(schema, pointer.to_owned())
    }

    /// `schema` (at `pointer`) followed through `$ref`s, a lone `allOf` member and a union
    /// with `null`, noting nullability on the way.
    fn follow(&self, mut schema: &'v Value, mut pointer: String) -> Option<Located<'v>> {
        let mut nullable = false;
        for _ in 0..MAX_STEPS {
            nullable |= schema.get("nullable") == Some(&Value::Bool(true));
            if let Some(Value::Array(types)) = schema.get("type") {
                nullable |= types.iter().any(|t| t == "null");
            }
            if let Some(target) = schema.get("$ref").and_then(Value::as_str) {
                let target = target.strip_prefix('#')?;
                schema = self.root.pointer(target)?;
                pointer = target.to_owned();
                continue;
            }
            if schema.get("properties").is_none() {
                if let Some(Value::Array(members)) = schema.get("allOf")
                    && members.len() == 1
                {
                    schema = &members[0];
                    pointer.push_str("/allOf/0");
                    continue;
                }
                let union = ["anyOf", "oneOf"].iter().find_map(|k| {
                    schema
                        .get(*k)
                        .and_then(Value::as_array)
                        .map(|members| (*k, members))
                });
                if let Some((keyword, members)) = union {
                    let others: Vec<usize> = (0..members.len())
                        .filter(|i| !is_null(&members[*i]))
                        .collect();
                    if others.len() == 1 && members.len() == 2 {
                        nullable = true;
                        pointer = format!("{pointer}/{keyword}/{}", others[0]);
                        schema = &members[others[0]];
                        continue;
                    }
                }
            }
            return Some(Located {
                schema,
                pointer,
                nullable,
            });
        }
        None
    }

    /// What `located` is; `depth` bounds the walk through `allOf` members.
    fn shape(&self, located: Located<'v>, depth: usize) -> Shape<'v> {
        let schema = located.schema;
        let kinds = types(schema);
        let is = |kind: &str| kinds.contains(&kind);
        if is("array") {
            let Some(items) = schema.get("items") else {
                return Shape::Scalar;
            };
            let Some(items) = self.follow(items, format!("{}/items", located.pointer)) else {
                return Shape::Other;
            };
            return match self.shape(items, depth + 1) {
                Shape::Scalar => Shape::Scalar,
                Shape::Object(mut fields) => {
                    fields.nullable = located.nullable;
                    Shape::ObjectList(fields)
                }
                _ => Shape::Other,
            };
        }
        let object = is("object")
            || (kinds.is_empty()
                && (schema.get("properties").is_some() || schema.get("allOf").is_some()));
        if object {
            let mut fields = Fields {
                properties: Vec::new(),
                required: Vec::new(),
                nullable: located.nullable,
            };
            if depth > MAX_STEPS || !self.collect(&located, &mut fields, depth) {
                return Shape::Other;
            }
            if fields.properties.is_empty() {
                return Shape::Other;
            }
            return Shape::Object(fields);
        }
        let composed = ["anyOf", "oneOf", "not", "if"]
            .iter()
            .any(|k| schema.get(*k).is_some());
        let scalar = kinds
            .iter()
            .all(|k| matches!(*k, "string" | "integer" | "number" | "boolean" | "null"));
        if !composed && (scalar || schema.get("enum").is_some() || schema.get("const").is_some()) {
            Shape::Scalar
        } else {
            Shape::Other
        }
    }

    /// Adds the properties of an object schema and of its `allOf` members to `fields`; false
    /// when a member is not an object one can read.
    fn collect(&self, located: &Located<'v>, fields: &mut Fields<'v>, depth: usize) -> bool {
        if depth > MAX_STEPS {
            return false;
        }
        let schema = located.schema;
        if let Some(Value::Object(properties)) = schema.get("properties") {
            for key in properties.keys() {
                if fields.properties.iter().all(|(k, _)| k != key) {
                    fields.properties.push((
                        key.as_str(),
                        format!("{}/properties/{}", located.pointer, pointer_token(key)),
                    ));
                }
            }
        }
        if let Some(Value::Array(required)) = schema.get("required") {
            fields
                .required
                .extend(required.iter().filter_map(Value::as_str));
        }
        if let Some(Value::Array(members)) = schema.get("allOf") {
            for (i, member) in members.iter().enumerate() {
                let Some(member) = self.follow(member, format!("{}/allOf/{i}", located.pointer))
                else {
                    return false;
                };
                if !self.collect(&member, fields, depth + 1) {
                    return false;
                }
            }
        }
        true
    }
}

/// What a property becomes in the presenter.
enum Entry {
    /// A `$ref` to the description's own property.
    Reference,
    /// A `$ref` to a free-text property, cut to [`TEXT_LIMIT`] characters.
    Text,
    /// A schema of its own (a nested object cut), indented under the key.
    Inline(String),
    /// Named in the comment, with the `$ref` that adds it back.
    LeftOut,
}

/// How a nested object is presented.
enum Cut {
    /// Cut to its identifying fields.
    Identified,
    /// Kept whole: small, and nothing identifies it.
    Whole,
    /// Left out.
    Nothing,
}

/// The `type` keyword as a list (`[]` when absent).
fn types(schema: &Value) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(kind)) => vec![kind.as_str()],
        Some(Value::Array(kinds)) => kinds.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// `{type: null}` (3.1) or `{nullable: true}` with nothing else (as some 3.0 generators write).
fn is_null(schema: &Value) -> bool {
    types(schema) == ["null"]
        || schema
            .as_object()
            .is_some_and(|o| o.len() == 1 && o.get("nullable") == Some(&Value::Bool(true)))
        || schema
            .get("enum")
            .and_then(Value::as_array)
            .is_some_and(|e| e == &[Value::Null])
}

/// `key` in lower case without `_` and `-`: APIs spell one word in snake, camel and Pascal
/// case.
fn word(key: &str) -> String {
    key.chars()
        .filter(|c| *c != '_' && *c != '-')
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Whether the property `key` of `schema` is free text: a plain string (no `enum`, no
/// `format`: a date or a URI is short and exact) whose name says it is prose.
fn free_text(key: &str, schema: &Value) -> bool {
    // The last word of the name, so that `context` is not `text`.
    let snake = heck::ToSnakeCase::to_snake_case(key);
    let last = snake.rsplit('_').next().unwrap_or_default();
    types(schema).contains(&"string")
        && schema.get("enum").is_none()
        && schema.get("format").is_none()
        && FREE_TEXT.contains(&last)
}

/// Whether `key` identifies a nested object.
fn identifying(key: &str) -> bool {
    IDENTIFYING.contains(&word(key).as_str())
}

/// Whether a nested object has an identifying field besides its link.
fn identified(keys: &[&str]) -> bool {
    keys.iter().any(|k| identifying(k))
}

/// Whether `key` is a link (`url`, `href`, `*_url`, `*Url`, `*_href`, `*Href`).
fn is_link(key: &str) -> bool {
    LINKS.contains(&word(key).as_str())
        || ["_url", "Url", "URL", "_href", "Href"]
            .iter()
            .any(|suffix| key.len() > suffix.len() && key.ends_with(suffix))
}

/// The one link kept among `keys`.
fn best_link<'k>(keys: &[&'k str]) -> Option<&'k str> {
    LINKS
        .iter()
        .find_map(|link| keys.iter().find(|k| word(k) == *link).copied())
}

/// Whether `key` renders another kept field (`body_html`, `bodyText` beside `body`).
fn rendering_of_kept(key: &str, keys: &[&str]) -> bool {
    [
        "_html",
        "_text",
        "_md",
        "_markdown",
        "Html",
        "Text",
        "Markdown",
    ]
    .iter()
    .any(|suffix| {
        key.strip_suffix(suffix)
            .is_some_and(|base| !base.is_empty() && keys.contains(&base))
    })
}

/// `names` joined, the first dozen and how many more.
fn listed(names: &[&str]) -> String {
    const SHOWN: usize = 12;
    if names.len() <= SHOWN {
        return names.join(", ");
    }
    format!(
        "{} and {} more",
        names[..SHOWN].join(", "),
        names.len() - SHOWN
    )
}

/// A YAML mapping key: bare when it is a plain name, else double-quoted.
fn yaml_key(key: &str) -> String {
    let plain = key
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && !matches!(
            key.to_ascii_lowercase().as_str(),
            "y" | "n" | "yes" | "no" | "on" | "off" | "true" | "false" | "null"
        );
    if plain {
        key.to_owned()
    } else {
        super::quoted(key)
    }
}

/// `text` with `prefix` before every line.
fn indented(text: &str, prefix: &str) -> String {
    text.lines()
        .map(|line| format!("{prefix}{line}\n"))
        .collect()
}
