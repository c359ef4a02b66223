//! Phase 1, load: definition texts become documents that remember where every value came from.
//!
//! YAML and JSON both go through serde-saphyr (JSON is YAML 1.2 flow syntax), so one parser gives
//! line and column for every node of either format. The tree is kept beside a plain
//! `serde_json::Value` of the same document: the value feeds the meta-schema and the typed
//! definitions, the tree turns any JSON pointer back into a line and column for diagnostics.

use std::collections::HashMap;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use serde_saphyr::Spanned;

use crate::diagnostics::{Diagnostic, Location};
use crate::source::SourceFile;

/// A parsed definition file.
#[derive(Debug, Clone)]
pub struct Document {
    /// Path relative to the input folder, `/`-separated (the file's identity in diagnostics).
    pub path: String,
    /// The file's text, for snippets in diagnostics.
    pub text: String,
    /// The document as JSON, with key order kept.
    pub value: Value,
    /// What loading noticed but could read in one way only (a repeated `$comment`).
    pub warnings: Vec<Diagnostic>,
    root: Node,
}

impl Document {
    /// Where the value at `pointer` (RFC 6901) is written, or the deepest enclosing value that
    /// exists. For a mapping entry whose value is a collection, its key is the better anchor.
    pub fn locate(&self, pointer: &str) -> Location {
        let (node, key_at) = self.root.walk(pointer);
        let at = match (&node.kind, key_at) {
            (NodeKind::Scalar(_), _) | (_, None) => node.at,
            (_, Some(key_at)) => key_at,
        };
        Location {
            line: at.0,
            column: at.1,
        }
    }

    /// Where the key named by the last token of `pointer` is written (for "unknown key" errors).
    pub fn locate_key(&self, pointer: &str) -> Location {
        match self.root.walk(pointer) {
            (_, Some(key_at)) => Location {
                line: key_at.0,
                column: key_at.1,
            },
            (node, None) => Location {
                line: node.at.0,
                column: node.at.1,
            },
        }
    }
}

/// Parses one definition file. YAML and JSON are told apart by the extension only for the error
/// message; both parse with the same YAML 1.2 parser.
pub fn load(file: &SourceFile) -> Result<Document, Diagnostic> {
    // YAML 1.1 read `y`, `no` and `off` as booleans, which would silently turn `enum: [x, y]`
    // into `[x, true]`; definitions follow YAML 1.2, where only `true`/`false` are booleans.
    let options = serde_saphyr::options! {
        strict_booleans: true,
        // Repeated keys reach the loader, which refuses them with their place, except a
        // repeated `$comment` (see `repeated_keys`).
        duplicate_keys: serde_saphyr::options::DuplicateKeyPolicy::PassThrough,
        budget: Some(budget()),
    };
    let parsed: Result<Spanned<Parsed>, _> =
        serde_saphyr::from_str_with_options(&file.text, options);
    let parsed = parsed.map_err(|err| {
        let location = err.location().map(|l| Location {
            line: l.line() as u32,
            column: l.column() as u32,
        });
        let format = if file.path.ends_with(".json") {
            "JSON"
        } else {
            "YAML"
        };
        let text = err.to_string();
        let reason = parser_message(&text);
        if let Some(budget) = budget_breach(&err, reason) {
            return Diagnostic::error(&file.path, "", budget.0)
                .with_help(budget.1)
                .at_location(location.unwrap_or(Location { line: 1, column: 1 }));
        }
        let diagnostic = match reason.strip_prefix("duplicate mapping key: ") {
            Some(key) => {
                let key = key.split(", set DuplicateKeyPolicy").next().unwrap_or(key);
                Diagnostic::error(&file.path, "", format!("duplicate key `{key}`"))
                    .with_help("a key may appear only once in a mapping; remove or merge one")
            }
            None => Diagnostic::error(
                &file.path,
                "",
                format!("this file is not valid {format}: {reason}"),
            ),
        };
        diagnostic.at_location(location.unwrap_or(Location { line: 1, column: 1 }))
    })?;
    let root = Node::from_spanned(parsed);
    let mut warnings = Vec::new();
    let mut errors = Vec::new();
    repeated_keys(&file.path, &root, "", false, &mut warnings, &mut errors);
    if let Some(first) = errors.into_iter().next() {
        return Err(first);
    }
    Ok(Document {
        path: file.path.clone(),
        text: file.text.clone(),
        value: root.to_value(),
        warnings,
        root,
    })
}

/// The keys whose entries are names the author chose (properties, named schemas), not keywords.
const NAME_MAPS: &[&str] = &[
    "properties",
    "$defs",
    "definitions",
    "schemas",
    "patternProperties",
];

/// Finds keys a mapping repeats. JSON leaves their meaning to the reader (JSON.parse keeps the
/// last, YAML forbids them), so a repeated key is an error: which value the author meant is a
/// guess. One exception: a schema's `$comment`, which JSON Schema tools never read, so no
/// reading of it changes what is generated (typify's `maps.json` repeats it); that is a warning,
/// and the last one is kept.
fn repeated_keys(
    path: &str,
    node: &Node,
    pointer: &str,
    names: bool,
    warnings: &mut Vec<Diagnostic>,
    errors: &mut Vec<Diagnostic>,
) {
    match &node.kind {
        NodeKind::Scalar(_) => {}
        NodeKind::Seq(items) => {
            for (i, item) in items.iter().enumerate() {
                repeated_keys(
                    path,
                    item,
                    &format!("{pointer}/{i}"),
                    false,
                    warnings,
                    errors,
                );
            }
        }
        NodeKind::Map(entries) => {
            let mut seen: HashMap<&str, &Key> = HashMap::with_capacity(entries.len());
            for (key, child) in entries {
                let child_pointer = format!(
                    "{pointer}/{}",
                    key.value.replace('~', "~0").replace('/', "~1")
                );
                let first = seen.get(key.value.as_str()).copied();
                seen.entry(&key.value).or_insert(key);
                if let Some(first) = first {
                    let at = Location {
                        line: key.at.0,
                        column: key.at.1,
                    };
                    let message = format!(
                        "duplicate key `{}` (first at line {})",
                        key.value, first.at.0
                    );
                    if key.value == "$comment" && !names {
                        warnings.push(
                            Diagnostic::warning(path, &child_pointer, message)
                                .with_help("comments are never read; the last one is kept")
                                .at_location(at),
                        );
                    } else {
                        errors.push(
                            Diagnostic::error(path, &child_pointer, message)
                                .with_help(
                                    "a key may appear only once in a mapping; remove or merge one",
                                )
                                .at_location(at),
                        );
                    }
                }
                let child_names = !names && NAME_MAPS.contains(&key.value.as_str());
                repeated_keys(path, child, &child_pointer, child_names, warnings, errors);
            }
        }
    }
}

/// How deeply mappings and sequences may nest in one definition file (block and flow syntax
/// alike). Each level of a nested object schema costs two (`properties`, then the field), so this
/// allows objects about 250 levels deep; the parser and the loader recurse once per level, and
/// this bound keeps that far from the stack's end on a 2 MiB thread.
pub const DEPTH_BUDGET: usize = 512;

/// The parser's resource budget: its defaults, but nesting up to [`DEPTH_BUDGET`] (the default
/// of 64 rejects realistic definitions).
fn budget() -> serde_saphyr::Budget {
    let mut budget = serde_saphyr::Budget::default();
    budget.max_depth = DEPTH_BUDGET;
    budget.flow_nesting_limit = DEPTH_BUDGET;
    budget
}

/// A budget error as a message naming the budget, and its help; `None` for other errors.
fn budget_breach(err: &serde_saphyr::Error, reason: &str) -> Option<(String, String)> {
    let depth = || {
        (
            format!(
                "the file nests deeper than the depth budget `DEPTH_BUDGET` ({DEPTH_BUDGET} levels of mappings and sequences)"
            ),
            "move deep parts into `$defs` and refer to them with `$ref`".to_owned(),
        )
    };
    match err.without_snippet() {
        serde_saphyr::Error::Budget { breach, .. } => Some(match breach {
            serde_saphyr::budget::BudgetBreach::Depth { .. } => depth(),
            other => (
                format!("the file exceeds a YAML parser budget: {other:?}"),
                "split the definition into several files".to_owned(),
            ),
        }),
        // The scanner's flow-collection limit (`[[[...`, JSON nesting) reports itself this way.
        _ if reason.contains("recursion limit exceeded") => Some(depth()),
        _ => None,
    }
}

/// The parser's reason alone: its first line, without the `error: line L column C: ` prefix that
/// the diagnostic's own location already says.
fn parser_message(text: &str) -> &str {
    let line = text.lines().next().unwrap_or(text);
    let line = line.strip_prefix("error: ").unwrap_or(line);
    match line.split_once(": ") {
        Some((at, rest)) if at.starts_with("line ") && at.contains(" column ") => rest,
        _ => line,
    }
}

#[derive(Debug, Clone)]
struct Node {
    at: (u32, u32),
    kind: NodeKind,
}

#[derive(Debug, Clone)]
enum NodeKind {
    Scalar(Value),
    Seq(Vec<Node>),
    Map(Vec<(Key, Node)>),
}

#[derive(Debug, Clone)]
struct Key {
    value: String,
    at: (u32, u32),
}

impl Node {
    fn from_spanned(spanned: Spanned<Parsed>) -> Node {
        let at = (
            spanned.referenced.line() as u32,
            spanned.referenced.column() as u32,
        );
        let kind = match spanned.value {
            Parsed::Scalar(value) => NodeKind::Scalar(value),
            Parsed::Seq(items) => {
                NodeKind::Seq(items.into_iter().map(Node::from_spanned).collect())
            }
            Parsed::Map(entries) => NodeKind::Map(
                entries
                    .into_iter()
                    .map(|(key, value)| {
                        let key_at = (key.referenced.line() as u32, key.referenced.column() as u32);
                        (
                            Key {
                                value: key.value,
                                at: key_at,
                            },
                            Node::from_spanned(value),
                        )
                    })
                    .collect(),
            ),
        };
        Node { at, kind }
    }

    fn to_value(&self) -> Value {
        match &self.kind {
            NodeKind::Scalar(value) => value.clone(),
            NodeKind::Seq(items) => Value::Array(items.iter().map(Node::to_value).collect()),
            NodeKind::Map(entries) => Value::Object(
                entries
                    .iter()
                    .map(|(k, n)| (k.value.clone(), n.to_value()))
                    .collect(),
            ),
        }
    }

    /// Follows `pointer` as far as it exists; returns the node reached and, when the last step
    /// was a mapping key, where that key is written.
    fn walk(&self, pointer: &str) -> (&Node, Option<(u32, u32)>) {
        let mut node = self;
        let mut key_at = None;
        for token in pointer.split('/').skip(1) {
            let token = token.replace("~1", "/").replace("~0", "~");
            let next = match &node.kind {
                NodeKind::Map(entries) => entries
                    .iter()
                    .find(|(key, _)| key.value == token)
                    .map(|(key, child)| (child, Some(key.at))),
                NodeKind::Seq(items) => token
                    .parse::<usize>()
                    .ok()
                    .and_then(|i| items.get(i))
                    .map(|child| (child, None)),
                NodeKind::Scalar(_) => None,
            };
            match next {
                Some((child, at)) => {
                    node = child;
                    key_at = at;
                }
                None => break,
            }
        }
        (node, key_at)
    }
}

/// One YAML node as serde-saphyr hands it over, children still wrapped in their spans.
enum Parsed {
    Scalar(Value),
    Seq(Vec<Spanned<Parsed>>),
    Map(Vec<(Spanned<String>, Spanned<Parsed>)>),
}

impl<'de> Deserialize<'de> for Parsed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ParsedVisitor)
    }
}

struct ParsedVisitor;

impl<'de> Visitor<'de> for ParsedVisitor {
    type Value = Parsed;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any YAML or JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Parsed, E> {
        Ok(Parsed::Scalar(Value::Null))
    }
    fn visit_none<E: de::Error>(self) -> Result<Parsed, E> {
        Ok(Parsed::Scalar(Value::Null))
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Parsed, E> {
        Ok(Parsed::Scalar(Value::Bool(v)))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Parsed, E> {
        Ok(Parsed::Scalar(Value::from(v)))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Parsed, E> {
        Ok(Parsed::Scalar(Value::from(v)))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Parsed, E> {
        // YAML allows .nan and .inf, which JSON cannot hold; they have no place in a definition.
        serde_json::Number::from_f64(v)
            .map(|n| Parsed::Scalar(Value::Number(n)))
            .ok_or_else(|| {
                E::custom("non-finite numbers (.nan, .inf) are not allowed in definitions")
            })
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Parsed, E> {
        Ok(Parsed::Scalar(Value::String(v.to_owned())))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Parsed, E> {
        Ok(Parsed::Scalar(Value::String(v)))
    }
    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Parsed, D::Error> {
        Parsed::deserialize(deserializer)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Parsed, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Spanned<Parsed>>()? {
            items.push(item);
        }
        Ok(Parsed::Seq(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Parsed, A::Error> {
        let mut entries: Vec<(Spanned<String>, Spanned<Parsed>)> = Vec::new();
        while let Some(key) = map.next_key::<Spanned<String>>()? {
            let value = map.next_value::<Spanned<Parsed>>()?;
            entries.push((key, value));
        }
        Ok(Parsed::Map(entries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(path: &str, text: &str) -> Document {
        load(&SourceFile {
            path: path.into(),
            text: text.into(),
        })
        .expect("parses")
    }

    #[test]
    fn yaml_keeps_order_and_locations() {
        let d = doc(
            "a.yaml",
            "title: A\nproperties:\n  zeta: { type: string }\n  alpha:\n    type: integer\n",
        );
        let keys: Vec<&String> = d.value["properties"].as_object().unwrap().keys().collect();
        assert_eq!(keys, ["zeta", "alpha"]);
        assert_eq!(
            d.locate("/properties/alpha/type"),
            Location {
                line: 5,
                column: 11
            }
        );
        assert_eq!(
            d.locate_key("/properties/alpha"),
            Location { line: 4, column: 3 }
        );
        assert_eq!(d.locate("/title"), Location { line: 1, column: 8 });
    }

    #[test]
    fn json_is_loaded_with_locations() {
        let d = doc(
            "a.json",
            "{\n  \"title\": \"A\",\n  \"required\": [\"id\"]\n}",
        );
        assert_eq!(d.value["required"][0], "id");
        assert_eq!(d.locate("/required/0").line, 3);
    }

    #[test]
    fn only_yaml_1_2_booleans_are_booleans() {
        let d = doc("a.yaml", "enum: [x, y, no, off, true]\n");
        assert_eq!(
            d.value["enum"],
            serde_json::json!(["x", "y", "no", "off", true])
        );
    }

    #[test]
    fn duplicate_keys_are_errors() {
        let err = load(&SourceFile {
            path: "d.yaml".into(),
            text: "a: 1\na: 2\n".into(),
        })
        .unwrap_err();
        assert!(
            err.message.to_lowercase().contains("duplicate"),
            "{}",
            err.message
        );
    }

    #[test]
    fn syntax_errors_are_located() {
        let err = load(&SourceFile {
            path: "bad.yaml".into(),
            text: "a: [1, 2\nb: c\n".into(),
        })
        .unwrap_err();
        assert_eq!(err.file, "bad.yaml");
        assert!(err.message.contains("not valid YAML"), "{}", err.message);
        assert!(err.location.is_some());
    }
}
