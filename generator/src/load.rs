//! Phase 1, load: definition texts become documents that remember where every value came from.
//!
//! A `.json` file is read as JSON by the reader in `json` (so a JSON file has JSON's rules and no
//! YAML limit); any other file is YAML 1.2, read by serde-saphyr. Both give line and column for
//! every node. The tree is kept beside a plain `serde_json::Value` of the same document: the value
//! feeds the meta-schema and the typed definitions, the tree turns any JSON pointer back into a
//! line and column for diagnostics.

use std::collections::HashMap;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use serde_saphyr::Spanned;

use crate::diagnostics::{Diagnostic, Location};
use crate::source::SourceFile;

mod json;

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

/// How much one definition file may hold: the budgets that stop a small hostile file (an alias
/// bomb, nesting that exhausts the stack) from costing more than an honest file of its size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// How deeply mappings and sequences (objects and arrays) may nest, in YAML and JSON alike;
    /// `DEPTH_BUDGET` (512) by default, at most 8192 (`MAX_DEPTH_BUDGET`; a larger value counts
    /// as it).
    pub max_depth: usize,
    /// How many nodes (scalars, mappings, sequences, counted again for each alias that repeats
    /// them) a YAML file may expand to; `None` (the default) scales with the file:
    /// `NODES_PER_BYTE` (2) per byte, at least `MIN_NODE_BUDGET` (250,000). JSON has no aliases,
    /// so a JSON file's nodes never outnumber its bytes and this budget does not apply to it.
    pub max_nodes: Option<usize>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_depth: DEPTH_BUDGET,
            max_nodes: None,
        }
    }
}

impl Limits {
    /// The depth budget in force: [`Limits::max_depth`], at most `MAX_DEPTH_BUDGET`.
    pub fn depth(&self) -> usize {
        self.max_depth.min(MAX_DEPTH_BUDGET)
    }

    /// The YAML node budget for a file of `bytes` bytes.
    pub fn nodes(&self, bytes: usize) -> usize {
        self.max_nodes
            .unwrap_or_else(|| bytes.saturating_mul(NODES_PER_BYTE).max(MIN_NODE_BUDGET))
    }
}

/// The YAML node budget per byte of the file when [`Limits::max_nodes`] is not set. Without
/// aliases every node is written with at least one character of its own, or two for the
/// emptiest (`a:` is a key and a null, `{a}` a mapping, a key and a null in three bytes), so an
/// honest file stays under two nodes a byte; only aliases expand past it.
pub const NODES_PER_BYTE: usize = 2;

/// The smallest YAML node budget, whatever the file's size (serde-saphyr's default).
pub const MIN_NODE_BUDGET: usize = 250_000;

/// Parses one definition file with the default [`Limits`].
pub fn load(file: &SourceFile) -> Result<Document, Diagnostic> {
    load_with(file, &Limits::default())
}

/// Parses one definition file: a `.json` file as JSON, any other as YAML 1.2.
pub fn load_with(file: &SourceFile, limits: &Limits) -> Result<Document, Diagnostic> {
    let root = if file.path.to_ascii_lowercase().ends_with(".json") {
        json::parse(&file.text, limits.depth()).map_err(|error| json_error(&file.path, error))?
    } else {
        parse_yaml(file, limits)?
    };
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

fn json_error(path: &str, error: json::Error) -> Diagnostic {
    let (diagnostic, at) = match error {
        json::Error::Syntax(reason, at) => (
            Diagnostic::error(path, "", format!("this file is not valid JSON: {reason}"))
                .with_help(
                    "a `.json` file is read as JSON (RFC 8259); if it is YAML, name it `.yaml`",
                ),
            at,
        ),
        json::Error::TooDeep(at) => {
            let (message, help) = depth_breach();
            (Diagnostic::error(path, "", message).with_help(help), at)
        }
    };
    diagnostic.at_location(Location {
        line: at.0,
        column: at.1,
    })
}

fn parse_yaml(file: &SourceFile, limits: &Limits) -> Result<Node, Diagnostic> {
    // YAML 1.1 read `y`, `no` and `off` as booleans, which would silently turn `enum: [x, y]`
    // into `[x, true]`; definitions follow YAML 1.2, where only `true`/`false` are booleans.
    let options = serde_saphyr::options! {
        strict_booleans: true,
        // Repeated keys reach the loader, which refuses them with their place, except a
        // repeated `$comment` (see `repeated_keys`).
        duplicate_keys: serde_saphyr::options::DuplicateKeyPolicy::PassThrough,
        budget: Some(budget(limits, file.text.len())),
    };
    let parsed: Result<Spanned<Parsed>, _> =
        serde_saphyr::from_str_with_options(&file.text, options);
    let parsed = parsed.map_err(|err| {
        let location = err.location().map(|l| Location {
            line: l.line() as u32,
            column: l.column() as u32,
        });
        let location = location.unwrap_or(Location { line: 1, column: 1 });
        let text = err.to_string();
        let reason = parser_message(&text);
        if let Some(budget) = budget_breach(&err, reason, limits, file.text.len()) {
            return Diagnostic::error(&file.path, "", budget.0)
                .with_help(budget.1)
                .at_location(location);
        }
        let diagnostic = match reason.strip_prefix("duplicate mapping key: ") {
            Some(key) => {
                let key = key.split(", set DuplicateKeyPolicy").next().unwrap_or(key);
                Diagnostic::error(&file.path, "", format!("duplicate key `{key}`"))
                    .with_help("a key may appear only once in a mapping; remove or merge one")
            }
            None if long_key_at(&file.text, location) => Diagnostic::error(
                &file.path,
                "",
                format!(
                    "this key is longer than YAML allows: an implicit key may be at most \
                     {SIMPLE_KEY_LIMIT} characters"
                ),
            )
            .with_help(
                "write it as an explicit key: `? ` and the key on one line, `: ` and the value \
                 on the next; or write the file as JSON, which has no such limit",
            ),
            None => {
                let diagnostic = Diagnostic::error(
                    &file.path,
                    "",
                    format!("this file is not valid YAML: {reason}"),
                );
                match syntax_help(&file.text, location, reason) {
                    Some(help) => diagnostic.with_help(help),
                    None => diagnostic,
                }
            }
        };
        diagnostic.at_location(location)
    })?;
    Ok(Node::from_spanned(parsed))
}

/// Help for the YAML mistakes people make most, from the parser's `reason` and the text around
/// where it stopped: a tab in the indentation, an unquoted `: ` or `#` in a value, and a flow
/// collection (`[…]`, `{…}`) left open. `None` for anything else: the parser's words stand.
fn syntax_help(text: &str, at: Location, reason: &str) -> Option<String> {
    let line_text = text.lines().nth(at.line.saturating_sub(1) as usize)?;
    let column = at.column.saturating_sub(1) as usize;
    let here = line_text.chars().nth(column);
    if reason.contains("tabs disallowed") || (here == Some('\t')) {
        return Some(format!(
            "YAML indents with spaces only: replace the tab on line {} with spaces",
            at.line
        ));
    }
    if reason.contains("comments must be separated") || here == Some('#') {
        // The value from the `#` to the end of its flow entry, as the author meant it.
        let value: String = line_text
            .chars()
            .skip(column)
            .take_while(|c| !matches!(c, ',' | ']' | '}'))
            .collect();
        let value = value.trim();
        let value = if value.starts_with('#') && !value.contains('"') {
            value
        } else {
            "#…"
        };
        return Some(format!(
            "`#` starts a comment in YAML: quote a value that holds it (`\"{value}\"`)"
        ));
    }
    if let Some((open, line, col)) = unclosed_flow(text, at) {
        let close = if open == '[' { ']' } else { '}' };
        return Some(format!(
            "the `{open}` at line {line}, column {col} is not closed: end it with `{close}` \
             (or quote a value in it that holds `,`, `:` or `#`)"
        ));
    }
    if here == Some(':') {
        let quoted = quoted_value(line_text, column);
        return Some(match quoted {
            Some(example) => {
                format!("`: ` inside a value starts a key: quote the value (`{example}`)")
            }
            None => "`: ` inside a value starts a key: quote the value".to_owned(),
        });
    }
    None
}

/// The flow collection (`[` or `{`, with its line and column) still open before `at` on an
/// earlier line, if any: a bracket in a quoted string or a comment does not count.
fn unclosed_flow(text: &str, at: Location) -> Option<(char, u32, usize)> {
    let mut open: Vec<(char, u32, usize)> = Vec::new();
    for (index, line) in text.lines().enumerate().take(at.line as usize) {
        let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
        let mut quote: Option<char> = None;
        let mut previous = ' ';
        for (col, c) in line.chars().enumerate() {
            if number == at.line && col + 1 >= at.column as usize {
                break;
            }
            match quote {
                Some(q) if c == q => quote = None,
                Some(_) => {}
                None => match c {
                    '"' | '\'' if matches!(previous, ' ' | '[' | '{' | ',' | ':') => {
                        quote = Some(c);
                    }
                    '#' if previous.is_whitespace() || col == 0 => break,
                    '[' | '{' => open.push((c, number, col + 1)),
                    ']' | '}' => {
                        open.pop();
                    }
                    _ => {}
                },
            }
            previous = c;
        }
    }
    open.pop().filter(|&(_, line, _)| line < at.line)
}

/// `key: "value"` for the entry of `line` the parser stopped in at `column` (an entry of a flow
/// mapping `{…}`, or the line's `key: value`, a list item's `- ` kept), to show how to quote it.
fn quoted_value(line: &str, column: usize) -> Option<String> {
    let chars: Vec<char> = line.chars().collect();
    let before = chars.get(..column)?;
    let (item, entry) = match before.iter().rposition(|&c| c == ',' || c == '{') {
        // Inside a flow mapping: the entry runs from its `,` or `{` to the next `,` or `}`.
        Some(start) => {
            let end = chars[column..]
                .iter()
                .position(|&c| c == ',' || c == '}')
                .map_or(chars.len(), |at| column + at);
            ("", chars[start + 1..end].iter().collect::<String>())
        }
        None => {
            let body = line.trim_start();
            match body.strip_prefix("- ") {
                Some(rest) => ("- ", rest.to_owned()),
                None => ("", body.to_owned()),
            }
        }
    };
    let (key, value) = entry.trim().split_once(": ")?;
    if key.contains(['{', '[']) || value.trim().is_empty() {
        return None;
    }
    let value = value.trim().replace('\\', "\\\\").replace('"', "\\\"");
    Some(format!("{item}{key}: \"{value}\""))
}

/// The longest implicit key YAML allows, in characters (YAML 1.2, section 7.4.2).
const SIMPLE_KEY_LIMIT: usize = 1024;

/// Whether the parser stopped at a `:` that ends a key past YAML's implicit-key limit: what it
/// reports then ("mapping values are not allowed in this context") does not say so.
fn long_key_at(text: &str, at: Location) -> bool {
    let Some(line) = text.lines().nth(at.line.saturating_sub(1) as usize) else {
        return false;
    };
    let before: String = line
        .chars()
        .take(at.column.saturating_sub(1) as usize)
        .collect();
    let key = before.trim_start().trim_start_matches("- ");
    line.chars().nth(at.column.saturating_sub(1) as usize) == Some(':')
        && key.chars().count() > SIMPLE_KEY_LIMIT
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
                let child_pointer =
                    format!("{pointer}/{}", crate::source::pointer_token(&key.value));
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

/// How deeply mappings and sequences may nest in one definition file by default (block and flow
/// syntax, YAML and JSON alike). Each level of a nested object schema costs two (`properties`,
/// then the field); generated types stop nesting at 48 well before that (docs/definitions.md,
/// Limits of the input). [`Limits::max_depth`] raises it.
pub const DEPTH_BUDGET: usize = 512;

/// The largest depth budget [`Limits::max_depth`] can set: the phases after loading recurse once
/// per level, on a thread whose stack is sized for the budget in force (`lib.rs`), and this keeps
/// that reservation at 1 GiB.
pub const MAX_DEPTH_BUDGET: usize = 8192;

/// The parser's resource budget for a file of `bytes` bytes: its defaults, with the depth and the
/// node budget of `limits`, and the budgets that count what nodes make (events, scalar bytes)
/// scaled with them, so that an honest file of any size is read and an alias bomb is not.
fn budget(limits: &Limits, bytes: usize) -> serde_saphyr::Budget {
    let mut budget = serde_saphyr::Budget::default();
    budget.max_depth = limits.depth();
    budget.flow_nesting_limit = limits.depth();
    let nodes = limits.nodes(bytes);
    budget.max_nodes = nodes;
    // A collection is two events (its start and end), a scalar one; a few for the stream.
    budget.max_events = budget
        .max_events
        .max(nodes.saturating_mul(2).saturating_add(1024));
    // Without aliases a scalar's content is no longer than its text.
    budget.max_total_scalar_bytes = budget.max_total_scalar_bytes.max(bytes);
    budget
}

/// The depth budget's message and help.
fn depth_breach() -> (String, String) {
    (
        "the file nests deeper than the depth budget `max_depth` (by default `DEPTH_BUDGET`, \
         512 levels of mappings and sequences)"
            .to_owned(),
        "move deep parts into `$defs` and refer to them with `$ref`; or raise the budget: \
         `--max-depth` (command) or `Builder::max_depth` (build script)"
            .to_owned(),
    )
}

/// A budget error as a message naming the budget, and its help; `None` for other errors.
fn budget_breach(
    err: &serde_saphyr::Error,
    reason: &str,
    limits: &Limits,
    bytes: usize,
) -> Option<(String, String)> {
    use serde_saphyr::budget::BudgetBreach;
    let raise_nodes = "if the file is an honest one, raise the budget: `--max-nodes` (command) \
                       or `Builder::max_nodes` (build script)";
    let nodes = || {
        (
            format!(
                "the file expands to more YAML nodes than the node budget `max_nodes` ({} for \
                 this file of {bytes} bytes: {NODES_PER_BYTE} a byte, at least \
                 {MIN_NODE_BUDGET}, unless set)",
                limits.nodes(bytes)
            ),
            format!(
                "aliases (`*name`) that repeat large anchors make a small file expand past it; \
                 {raise_nodes}"
            ),
        )
    };
    // A breach while an alias is replayed comes wrapped in the alias's error.
    let mut original = err;
    while let serde_saphyr::Error::AliasError { error, .. }
    | serde_saphyr::Error::WithSnippet { error, .. } = original
    {
        original = error;
    }
    match original {
        serde_saphyr::Error::Budget { breach, .. } => Some(match breach {
            BudgetBreach::Depth { .. } => depth_breach(),
            BudgetBreach::Nodes { .. } | BudgetBreach::Events { .. } => nodes(),
            other => (
                format!("the file exceeds a YAML parser budget: {other:?}"),
                "these budgets bound aliases and anchors (`*name`, `&name`); write the \
                 repeated parts once under `$defs` and `$ref` them"
                    .to_owned(),
            ),
        }),
        // The scanner's flow-collection limit (`[[[...`, JSON nesting) reports itself this way.
        _ if reason.contains("recursion limit exceeded") => Some(depth_breach()),
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

    /// Every node's place and value, in document order.
    fn places(node: &Node, out: &mut Vec<String>) {
        match &node.kind {
            NodeKind::Scalar(value) => out.push(format!("{:?} {value}", node.at)),
            NodeKind::Seq(items) => {
                out.push(format!("{:?} [", node.at));
                items.iter().for_each(|item| places(item, out));
            }
            NodeKind::Map(entries) => {
                out.push(format!("{:?} {{", node.at));
                for (key, child) in entries {
                    out.push(format!("{:?} key {}", key.at, key.value));
                    places(child, out);
                }
            }
        }
    }

    /// The JSON reader agrees with serde-saphyr, which read JSON before it, on every value and
    /// every place, over the repository's JSON files (OpenAPI descriptions, JSON Schemas,
    /// minified and pretty-printed).
    #[test]
    fn the_json_reader_places_every_node_where_the_yaml_parser_did() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut files = Vec::new();
        let mut folders = vec![
            root.join("tests/corpus"),
            root.join("tests/fixtures"),
            root.join("schemas"),
        ];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).expect("reads the folder") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|e| e == "json") {
                    files.push(path);
                }
            }
        }
        assert!(files.len() > 20, "{files:?}");
        let yaml_limits = Limits {
            max_nodes: Some(usize::MAX),
            ..Limits::default()
        };
        for path in files {
            let text = std::fs::read_to_string(&path).expect("UTF-8");
            let file = SourceFile::new("x.yaml", text.clone());
            let Ok(from_yaml) = parse_yaml(&file, &yaml_limits) else {
                continue;
            };
            let from_json = json::parse(&text, DEPTH_BUDGET).expect("JSON");
            let (mut a, mut b) = (Vec::new(), Vec::new());
            places(&from_yaml, &mut a);
            places(&from_json, &mut b);
            let first = a.iter().zip(&b).position(|(a, b)| a != b);
            assert!(
                first.is_none() && a.len() == b.len(),
                "{}: {:?}",
                path.display(),
                first.map(|i| (&a[i], &b[i]))
            );
        }
    }

    fn json_error_of(text: &str) -> Diagnostic {
        load(&SourceFile::new("bad.json", text)).expect_err("refused")
    }

    #[test]
    fn json_syntax_errors_are_located_where_the_json_goes_wrong() {
        let cases: &[(&str, &str, (u32, u32))] = &[
            (
                "{\n  \"a\": 1,\n}",
                "expected a key after `,`, found `}`",
                (3, 1),
            ),
            (
                "{1: 2}",
                "expected a key in double quotes, found `1`",
                (1, 2),
            ),
            ("{\"a\": [1, 2,]}", "expected a value after `,`", (1, 13)),
            ("{\"a\": tru}", "expected a value, found `t`", (1, 7)),
            (
                "{\"a\": 1} x",
                "expected the end of the file after the value",
                (1, 10),
            ),
            ("{\"a\": \"x\ty\"}", "raw control characters", (1, 9)),
            ("{\"é\": 01}", "may not start with `0`", (1, 7)),
            ("{\"a\": 1e999}", "out of range", (1, 7)),
            ("{\"a\": \"\\ud800\"}", "half a surrogate pair", (1, 8)),
            ("{\"a\": \"\\x\"}", "expected an escape", (1, 9)),
            ("{\"a\" 1}", "expected `:` after the key", (1, 6)),
            ("[1 2]", "expected `,` or `]` after an array item", (1, 4)),
            (
                "{\"a\": 1",
                "expected `,` or `}` after an object entry, found the end",
                (1, 8),
            ),
            ("\r\n\r[\r\n x]", "expected a value", (4, 2)),
            ("", "expected a value, found the end of the file", (1, 1)),
        ];
        for (text, message, (line, column)) in cases {
            let err = json_error_of(text);
            assert!(err.message.contains(message), "{text:?}: {}", err.message);
            assert!(
                err.message.starts_with("this file is not valid JSON"),
                "{}",
                err.message
            );
            assert_eq!(
                err.location,
                Some(Location {
                    line: *line,
                    column: *column
                }),
                "{text:?}: {}",
                err.message
            );
        }
    }

    #[test]
    fn json_values_read_as_serde_json_reads_them() {
        let text = "\u{feff}{\"s\": \"a\\\"\\u00e9\\ud83d\\ude00\\n\", \"n\": [0, -1, 1.5, 2e3, 18446744073709551615, -9223372036854775808], \"b\": [true, false, null], \"e\": {}, \"l\": []}";
        let d = doc("a.json", text);
        let expected: Value = serde_json::from_str(text.trim_start_matches('\u{feff}')).unwrap();
        assert_eq!(d.value, expected);
        assert_eq!(d.value["s"], "a\"é😀\n");
    }

    #[test]
    fn a_json_key_of_any_length_is_read() {
        let key = "k".repeat(5_000);
        let d = doc(
            "a.json",
            &format!("{{\"properties\": {{\"{key}\": {{\"type\": \"string\"}}}}}}"),
        );
        assert_eq!(d.value["properties"][&key]["type"], "string");
        assert_eq!(
            d.locate(&format!("/properties/{key}/type")).column,
            5_000 + 30
        );
    }

    #[test]
    fn json_nesting_past_the_depth_budget_is_refused_where_it_goes_past() {
        let limits = Limits {
            max_depth: 10,
            max_nodes: None,
        };
        let fits = format!("{}{}", "[".repeat(10), "]".repeat(10));
        assert!(load_with(&SourceFile::new("a.json", fits), &limits).is_ok());
        let deep = format!("{{\"a\":\n  {}1{}}}", "[".repeat(20), "]".repeat(20));
        let err = load_with(&SourceFile::new("a.json", deep), &limits).unwrap_err();
        assert!(
            err.message.contains("depth budget `max_depth`"),
            "{}",
            err.message
        );
        assert!(
            err.help
                .as_deref()
                .is_some_and(|h| h.contains("--max-depth"))
        );
        // The object is level 1, so the tenth `[` is the eleventh level.
        assert_eq!(
            err.location,
            Some(Location {
                line: 2,
                column: 12
            })
        );
        // Far past it: refused all the same, without recursion.
        let far = format!("{}{}", "[".repeat(1_000_000), "]".repeat(1_000_000));
        assert!(load(&SourceFile::new("a.json", far)).is_err());
    }

    #[test]
    fn the_yaml_node_budget_scales_with_the_file_and_still_stops_an_alias_bomb() {
        // Nine levels of ten aliases each: 10^9 nodes from under 1 KB.
        let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for level in 1..10 {
            let previous = format!("*a{}", level - 1);
            let items = [previous.as_str(); 10].join(", ");
            bomb.push_str(&format!("a{level}: &a{level} [{items}]\n"));
        }
        let err = load(&SourceFile::new("bomb.yaml", bomb)).unwrap_err();
        assert!(
            err.message.contains("node budget `max_nodes`"),
            "{}",
            err.message
        );
        assert!(
            err.help
                .as_deref()
                .is_some_and(|h| h.contains("--max-nodes"))
        );
        // An honest YAML file of 600,000 nodes, past the old fixed budget of 250,000.
        let honest: String = (0..300_000).map(|i| format!("k{i}: v\n")).collect();
        let d = doc("big.yaml", &honest);
        assert_eq!(d.value.as_object().map(|o| o.len()), Some(300_000));
        // And a budget set lower refuses it.
        let low = Limits {
            max_nodes: Some(1_000),
            ..Limits::default()
        };
        let err = load_with(&SourceFile::new("big.yaml", honest), &low).unwrap_err();
        assert!(
            err.message.contains("(1000 for this file"),
            "{}",
            err.message
        );
    }

    #[test]
    fn a_yaml_key_past_the_implicit_key_limit_is_named_as_such() {
        let key = "k".repeat(1_100);
        let err = load(&SourceFile::new(
            "a.yaml",
            format!("properties:\n  {key}: 1\n"),
        ))
        .unwrap_err();
        assert!(
            err.message.contains("at most 1024 characters"),
            "{}",
            err.message
        );
        assert!(
            err.help
                .as_deref()
                .is_some_and(|h| h.contains("explicit key"))
        );
        let explicit = doc("a.yaml", &format!("properties:\n  ? {key}\n  : 1\n"));
        assert_eq!(explicit.value["properties"][&key], 1);
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
