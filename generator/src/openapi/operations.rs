//! OpenAPI operations as tool actions (issue 27).
//!
//! A tool file may name an OpenAPI document of the input folder (`openapi: api.json`) and bind
//! its actions to the document's operations (`operation: getPet`, or `operation: GET /pets/{id}`),
//! or take whole tags or globs of operation ids (`operations: {tags: [...], ids: [...]}`). This
//! phase runs right after loading, before the meta-schema: it rewrites each bound action into
//! the ordinary action the rest of the engine reads (an `input` object schema made of the
//! operation's parameters and JSON body, a `returns` presenter made from its 2xx JSON response),
//! writes the presenters the responses need as documents of their own, and records how each
//! action calls the API ([`HttpBinding`]) for the generated HTTP handler.
//!
//! Schemas are never copied in a way that loses their origin: a `$ref`'d schema stays a `$ref`
//! into the document (so its errors are located there); an inline parameter or body schema is
//! copied with its `$ref`s rewritten relative to the tool file. Whatever this phase cannot
//! express (a cookie parameter, a body that is not JSON, an object in the query, a `$ref` to
//! another file) is an error located in the OpenAPI document, never dropped; an operation a
//! tag or glob selects that has such a construct is left out with a warning that says why.

use std::collections::{BTreeMap, HashMap};

use indexmap::IndexMap;
use serde_json::{Map, Value, json};

use crate::diagnostics::{Diagnostic, did_you_mean};
use crate::load::{self, Document};
use crate::openapi::{self, Version};
use crate::source::SourceFile;

/// Where a parameter goes in the request: the runtime's own description, so the generator and
/// the HTTP client cannot disagree.
pub use fusion_runtime::vocabulary::http::In;

/// One parameter of an operation, as the generated handler sends it.
pub type HttpParam = fusion_runtime::vocabulary::http::Param<String>;

/// How one action calls the API: what the generated HTTP handler needs.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HttpBinding {
    /// The HTTP method, upper case.
    pub method: String,
    /// The path template as the document writes it (`/pets/{petId}`).
    pub path: String,
    /// The parameters, in the order the input declares them.
    pub params: Vec<HttpParam>,
    /// The argument key holding the JSON body, when the operation takes one.
    pub body: Option<String>,
    /// The operation, `file#pointer`, for the generated code's documentation.
    pub origin: String,
    /// How the operation pages its list, detected from its parameters and response or declared
    /// by the action's `paging`: the generated handler asks for pages no larger than the agent
    /// limit and the response suggests the next page.
    pub paging: Option<Paging>,
}

/// How the pages of an operation are addressed: the runtime's `paging::PageStyle`, read from a
/// document.
pub type PageStyle = fusion_runtime::vocabulary::paging::PageStyle<String>;

/// Where the API says more follows (the runtime's `paging::NextFrom`).
pub type NextFrom = fusion_runtime::vocabulary::paging::NextFrom<String, Vec<String>>;

/// How an operation pages (the runtime's `paging::Paging`).
pub type Paging = fusion_runtime::vocabulary::paging::Paging<String, Vec<String>>;

/// What expanding the tool files produced.
#[derive(Debug, Default)]
pub struct Expanded {
    /// Presenter documents written for responses, to check and generate like any definition.
    pub documents: Vec<Document>,
    /// Per tool file and action name, how the action calls the API.
    pub bindings: HashMap<(String, String), HttpBinding>,
    /// Problems found; warnings for operations left out of a selection.
    pub diagnostics: Vec<Diagnostic>,
    /// Per presenter document written for a response (by path), the schema it presents in its
    /// description: a diagnostic in it is reported there ([`super::reach`]).
    pub origins: BTreeMap<String, ResponseOrigin>,
}

/// Where a presenter written for a response comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResponseOrigin {
    /// The description's path.
    pub document: String,
    /// The presented schema in it: a response component, or the response's inline schema.
    pub pointer: String,
    /// Whether the presenter `$ref`s a component (under `/allOf/0`) rather than copying an
    /// inline schema's keys to its root.
    pub component: bool,
}

/// The presenter documents written for responses, by path: their text and origin.
type Presenters = BTreeMap<String, (String, ResponseOrigin)>;

/// HTTP methods of a path item, in the order actions taken by selection are listed.
const METHODS: &[&str] = &[
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// Query parameters that number pages.
const PAGE_PARAMS: &[&str] = &["page", "page_number", "pageNumber"];
/// Query parameters that give the index of a page's first item.
const OFFSET_PARAMS: &[&str] = &["offset", "skip"];
/// Query parameters that carry a cursor for the next page.
const CURSOR_PARAMS: &[&str] = &[
    "cursor",
    "after",
    "page_token",
    "pageToken",
    "starting_after",
    "next_token",
    "nextToken",
    "continuation_token",
    "continuationToken",
    "marker",
];
/// Query parameters that size a page.
const SIZE_PARAMS: &[&str] = &[
    "per_page",
    "perPage",
    "page_size",
    "pageSize",
    "limit",
    "count",
    "size",
    "max_results",
    "maxResults",
];
/// Whether a parameter of this name addresses or sizes a page, as paging detection reads
/// names: what a truncation note leaves out of the filters it names.
pub(crate) fn is_paging_name(name: &str) -> bool {
    [PAGE_PARAMS, OFFSET_PARAMS, CURSOR_PARAMS, SIZE_PARAMS]
        .iter()
        .any(|names| names.contains(&name))
}

/// Response body fields that hold the next page's cursor, URL or number.
const NEXT_FIELDS: &[&str] = &[
    "next",
    "next_page",
    "nextPage",
    "next_cursor",
    "nextCursor",
    "next_page_token",
    "nextPageToken",
    "next_token",
    "nextToken",
    "continuation_token",
    "continuationToken",
];
/// Response body objects a next cursor may sit in (`meta.next_cursor`).
const NEXT_HOLDERS: &[&str] = &[
    "meta",
    "pagination",
    "paging",
    "page_info",
    "pageInfo",
    "response_metadata",
];
/// The keys of an action's `paging`.
const PAGING_KEYS: &[&str] = &["style", "param", "size", "first", "next"];

/// One operation of a document.
struct Operation<'a> {
    method: &'a str,
    path: &'a str,
    pointer: String,
    value: &'a Map<String, Value>,
    path_item: &'a Map<String, Value>,
    id: Option<&'a str>,
    tags: Vec<&'a str>,
}

impl Operation<'_> {
    /// `GET /pets/{id}`.
    fn label(&self) -> String {
        format!("{} {}", self.method.to_uppercase(), self.path)
    }

    /// The action name a selection gives it: its `operationId` in snake case, or its method and
    /// path.
    fn action_name(&self) -> String {
        match self.id {
            Some(id) => snake(id),
            None => snake(&format!("{} {}", self.method, self.path)),
        }
    }
}

/// `getPetById` → `get_pet_by_id`; `GET /pets/{id}` → `get_pets_id`; `Cardano » Blocks` →
/// `cardano_blocks`. Letters and digits kept (ASCII), every other run one `_`.
pub(crate) fn snake(text: &str) -> String {
    let mut out = String::new();
    let mut previous_lower = false;
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            if c.is_ascii_uppercase() && previous_lower && !out.ends_with('_') {
                out.push('_');
            }
            previous_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
            out.push(c.to_ascii_lowercase());
        } else {
            if !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
            previous_lower = false;
        }
    }
    out.trim_end_matches('_').to_owned()
}

/// Whether `text` matches the glob `pattern` (`*` any run, `?` one character).
fn glob(pattern: &str, text: &str) -> bool {
    let (p, t): (Vec<char>, Vec<char>) = (pattern.chars().collect(), text.chars().collect());
    let (mut pi, mut ti, mut star, mut mark) = (0, 0, None, 0);
    while ti < t.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some(pi);
            mark = ti;
            pi += 1;
        } else if let Some(s) = star {
            pi = s + 1;
            mark += 1;
            ti = mark;
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|c| *c == '*')
}

/// The operations of a document, in path then method order.
fn operations(document: &Document) -> Vec<Operation<'_>> {
    let Some(Value::Object(paths)) = document.value.get("paths") else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for (path, item) in paths {
        let Value::Object(item) = item else { continue };
        for method in METHODS {
            if let Some(Value::Object(operation)) = item.get(*method) {
                found.push(Operation {
                    method,
                    path,
                    pointer: format!("/paths/{}/{method}", crate::source::pointer_token(path)),
                    value: operation,
                    path_item: item,
                    id: operation.get("operationId").and_then(Value::as_str),
                    tags: operation
                        .get("tags")
                        .and_then(Value::as_array)
                        .map(|tags| tags.iter().filter_map(Value::as_str).collect())
                        .unwrap_or_default(),
                });
            }
        }
    }
    found
}

/// The OpenAPI documents of the input, by path: their raw value and version.
pub type Documents<'a> = BTreeMap<&'a str, (&'a Document, Version)>;

/// Expands every tool file of `tools` that binds operations (rewriting its value in place),
/// against the OpenAPI `documents` as loaded (before [`openapi::normalise`]).
pub fn expand(
    tools: &mut [&mut Document],
    documents: &Documents<'_>,
    limits: &load::Limits,
) -> Expanded {
    let mut expanded = Expanded::default();
    // One presenter per response component, however many operations return it.
    let mut presenters = Presenters::new();
    for tool in tools.iter_mut() {
        expand_tool(tool, documents, &mut expanded, &mut presenters);
    }
    for (path, (text, origin)) in presenters {
        expanded.origins.insert(path.clone(), origin);
        match load::load_with(&SourceFile::new(path, text), limits) {
            Ok(document) => expanded.documents.push(document),
            Err(problem) => expanded.diagnostics.push(problem),
        }
    }
    expanded
}

/// Whether a document is a tool file that binds operations.
fn binds_operations(value: &Value) -> bool {
    let Some(Value::Object(tool)) = value.get("x-fusion-tool") else {
        return false;
    };
    tool.contains_key("openapi")
        || tool.contains_key("operations")
        || tool
            .get("actions")
            .and_then(Value::as_object)
            .is_some_and(|actions| {
                actions
                    .values()
                    .any(|a| a.get("operation").is_some_and(Value::is_string))
            })
}

fn expand_tool(
    tool: &mut Document,
    documents: &Documents<'_>,
    expanded: &mut Expanded,
    presenters: &mut Presenters,
) {
    if !binds_operations(&tool.value) {
        return;
    }
    let file = tool.path.clone();
    let error = |pointer: &str, message: String, help: String| {
        Diagnostic::error(&file, pointer, message).with_help(help)
    };
    let Some(Value::Object(definition)) = tool.value.get("x-fusion-tool") else {
        return;
    };
    let Some(Value::String(reference)) = definition.get("openapi") else {
        // A non-string `openapi` is the meta-schema's to report.
        if !definition.contains_key("openapi") {
            let at = if definition.contains_key("operations") {
                "/x-fusion-tool/operations".to_owned()
            } else {
                "/x-fusion-tool/actions".to_owned()
            };
            expanded.diagnostics.push(error(
                &at,
                "operations are bound, but the tool names no OpenAPI document".into(),
                "add `openapi: api.json` (the document in the input folder, relative to this file)".into(),
            ).at_location(tool.locate(&at)));
        }
        return;
    };
    let target = crate::model::join_relative(&file, reference);
    let Some((document, version)) = documents.get(target.as_str()) else {
        let known = documents
            .keys()
            .map(|p| crate::model::relative_to(&file, p));
        let known: Vec<String> = known.collect();
        let help = did_you_mean(reference, known.iter().map(String::as_str))
            .map(|s| format!("did you mean `{s}`?"))
            .unwrap_or_else(|| {
                "name an OpenAPI 3.0 or 3.1 document of the input folder, relative to this file"
                    .into()
            });
        expanded.diagnostics.push(
            error(
                "/x-fusion-tool/openapi",
                format!("`{reference}` is not an OpenAPI document of the input folder"),
                help,
            )
            .at_location(tool.locate("/x-fusion-tool/openapi")),
        );
        return;
    };
    let all = operations(document);
    let mut context = Context {
        tool_file: &file,
        reference,
        document,
        version: *version,
        diagnostics: Vec::new(),
    };
    let declared: IndexMap<String, Value> = definition
        .get("actions")
        .and_then(Value::as_object)
        .map(|a| a.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
        .unwrap_or_default();
    let mut actions: IndexMap<String, Value> = IndexMap::new();
    let mut bound: Vec<&str> = Vec::new();
    for (name, action) in &declared {
        let at = format!(
            "/x-fusion-tool/actions/{}",
            crate::source::pointer_token(name)
        );
        let Some(Value::String(wanted)) = action.get("operation") else {
            let mut action = action.clone();
            if let Value::Object(a) = &mut action
                && a.remove("paging").is_some()
            {
                let pointer = format!("{at}/paging");
                context.diagnostics.push(
                    error(
                        &pointer,
                        format!("`{name}` pages, but it is bound to no operation"),
                        "`paging` says how an operation's list pages: bind the action with `operation`, or remove `paging` (a handler of your own returns `Reply::More(items, More::cursor(param, &args, next))`, the same next-page suggestion)".into(),
                    )
                    .at_location(tool.locate(&pointer)),
                );
            }
            actions.insert(name.clone(), action);
            continue;
        };
        let found = all.iter().find(|op| {
            op.id == Some(wanted.as_str()) || op.label().eq_ignore_ascii_case(wanted.trim())
        });
        let Some(operation) = found else {
            let labels: Vec<String> = all
                .iter()
                .map(|op| op.id.map_or_else(|| op.label(), str::to_owned))
                .collect();
            let help = did_you_mean(wanted, labels.iter().map(String::as_str))
                .map(|s| format!("did you mean `{s}`?"))
                .unwrap_or_else(|| format!("name an `operationId` of `{reference}`, or a method and path (`GET /pets/{{id}}`)"));
            context.diagnostics.push(
                error(
                    &format!("{at}/operation"),
                    format!("`{reference}` has no operation `{wanted}`"),
                    help,
                )
                .at_location(tool.locate(&format!("{at}/operation"))),
            );
            actions.insert(name.clone(), without_operation(action));
            continue;
        };
        if let Some(input) = action.get("input") {
            let _ = input;
            context.diagnostics.push(
                error(
                    &format!("{at}/input"),
                    format!("`{name}` is bound to an operation, whose parameters are its input"),
                    "remove `input`: the arguments are the operation's path, query and header parameters and its JSON body".into(),
                )
                .at_location(tool.locate(&format!("{at}/input"))),
            );
            actions.insert(name.clone(), without_operation(action));
            continue;
        }
        bound.push(operation.pointer.as_str());
        match context.action(operation, action, name, presenters, expanded, true) {
            Ok((action, tool_problems)) => {
                // What the action's own keys got wrong (its `paging`) is located in the tool file.
                for problem in tool_problems {
                    let pointer = format!("{at}{}", problem.pointer);
                    context.diagnostics.push(
                        error(&pointer, problem.message, problem.help)
                            .at_location(tool.locate(&pointer)),
                    );
                }
                actions.insert(name.clone(), action);
            }
            // The action stays, without its operation, so that no later check reports what its
            // error already says (a tool without actions).
            Err(()) => {
                actions.insert(name.clone(), without_operation(action));
            }
        }
    }
    if let Some(selection) = definition.get("operations") {
        let tags: Vec<&str> = list(selection.get("tags"));
        let ids: Vec<&str> = list(selection.get("ids"));
        let mut used = vec![false; tags.len() + ids.len()];
        for operation in &all {
            let by_tag = tags.iter().position(|t| operation.tags.contains(t));
            let by_id = ids
                .iter()
                .position(|g| operation.id.is_some_and(|id| glob(g, id)));
            if let Some(i) = by_tag {
                used[i] = true;
            }
            if let Some(i) = by_id {
                used[tags.len() + i] = true;
            }
            if (by_tag.is_none() && by_id.is_none()) || bound.contains(&operation.pointer.as_str())
            {
                continue;
            }
            let name = operation.action_name();
            if actions.contains_key(&name) || declared.contains_key(&name) {
                context.diagnostics.push(
                    error(
                        "/x-fusion-tool/operations",
                        format!("the selection makes `{}` the action `{name}`, which the tool already has", operation.label()),
                        format!("bind it yourself under another name: `actions: {{ other_name: {{ operation: {} }} }}`", operation.id.unwrap_or(&operation.label())),
                    )
                    .at_location(tool.locate("/x-fusion-tool/operations")),
                );
                continue;
            }
            if let Ok((action, _)) = context.action(
                operation,
                &Value::Object(Map::new()),
                &name,
                presenters,
                expanded,
                false,
            ) {
                actions.insert(name, action);
            }
        }
        for (i, entry) in tags.iter().chain(&ids).enumerate() {
            if !used[i] {
                let (key, index) = if i < tags.len() {
                    ("tags", i)
                } else {
                    ("ids", i - tags.len())
                };
                let at = format!("/x-fusion-tool/operations/{key}/{index}");
                context.diagnostics.push(
                    error(
                        &at,
                        format!("`{entry}` selects no operation of `{reference}`"),
                        if key == "tags" {
                            "name a tag that an operation's `tags` lists".into()
                        } else {
                            "a glob of operation ids: `*` stands for any run of characters, `?` for one".into()
                        },
                    )
                    .at_location(tool.locate(&at)),
                );
            }
        }
    }
    expanded.diagnostics.append(&mut context.diagnostics);
    if let Some(Value::Object(definition)) = tool.value.get_mut("x-fusion-tool") {
        definition.insert(
            "actions".into(),
            Value::Object(actions.into_iter().collect()),
        );
    }
}

/// A declared action without its `operation`, kept when binding it failed.
fn without_operation(action: &Value) -> Value {
    let mut action = action.clone();
    if let Value::Object(a) = &mut action {
        a.remove("operation");
    }
    action
}

/// The strings of a list value.
fn list(value: Option<&Value>) -> Vec<&str> {
    value
        .and_then(Value::as_array)
        .map(|items| items.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// One tool file's expansion against one document.
struct Context<'a> {
    tool_file: &'a str,
    /// The document as the tool names it.
    reference: &'a str,
    document: &'a Document,
    version: Version,
    diagnostics: Vec<Diagnostic>,
}

/// Something this phase cannot express: a message, a help, where.
struct Unsupported {
    pointer: String,
    message: String,
    help: String,
}

impl Context<'_> {
    /// A diagnostic in the OpenAPI document.
    fn located(&self, problem: Unsupported, explicit: bool, label: &str) -> Diagnostic {
        let document = &self.document.path;
        let diagnostic = if explicit {
            Diagnostic::error(document, &problem.pointer, problem.message)
        } else {
            Diagnostic::warning(
                document,
                &problem.pointer,
                format!(
                    "{label} is left out of the tool `{}`: {}",
                    self.tool_file, problem.message
                ),
            )
        };
        diagnostic
            .with_help(problem.help)
            .at_location(self.document.locate(&problem.pointer))
    }

    /// A `$ref` of the document, rewritten relative to the tool file.
    fn rewrite(&self, reference: &str) -> String {
        match reference.strip_prefix('#') {
            Some(fragment) => format!("{}#{fragment}", self.reference),
            None => reference.to_owned(),
        }
    }

    /// Follows a local `$ref` (`#/components/parameters/X`) to the value and its pointer.
    fn follow<'v>(
        &'v self,
        value: &'v Value,
        pointer: String,
    ) -> Result<(&'v Value, String), Unsupported> {
        let mut value = value;
        let mut pointer = pointer;
        for _ in 0..32 {
            let Some(Value::String(reference)) = value.get("$ref") else {
                return Ok((value, pointer));
            };
            let Some(target) = reference.strip_prefix('#') else {
                return Err(Unsupported {
                    pointer: format!("{pointer}/$ref"),
                    message: format!("`{reference}` refers to another file"),
                    help: "operations are read from one document: move what it refers to into this document's `components`".into(),
                });
            };
            match self.document.value.pointer(target) {
                Some(found) => {
                    value = found;
                    pointer = target.to_owned();
                }
                None => {
                    return Err(Unsupported {
                        pointer: format!("{pointer}/$ref"),
                        message: format!("`{reference}` refers to nothing in the document"),
                        help: "name an entry of the document's `components`".into(),
                    });
                }
            }
        }
        Err(Unsupported {
            pointer,
            message: "a chain of more than 32 `$ref`s".into(),
            help: "refer to the value itself".into(),
        })
    }

    /// A schema of the document as a schema of the tool file: a `$ref` stays one (rewritten),
    /// an inline schema is copied with OpenAPI's keywords dealt with.
    fn schema(&self, schema: &Value) -> Value {
        if let Some(Value::String(reference)) = schema.get("$ref") {
            let mut out = Map::new();
            out.insert("$ref".into(), Value::String(self.rewrite(reference)));
            let nullable = schema.get("nullable") == Some(&Value::Bool(true));
            return if nullable {
                json!({"anyOf": [Value::Object(out), {"type": "null"}]})
            } else {
                Value::Object(out)
            };
        }
        let mut copied = openapi::schema_object(schema, self.version);
        self.localise(&mut copied);
        copied
    }

    /// Rewrites `$ref`s and OpenAPI 3.0's `nullable` in a copied schema, everywhere in it.
    fn localise(&self, value: &mut Value) {
        match value {
            Value::Object(object) => {
                if let Some(Value::String(reference)) = object.get_mut("$ref") {
                    *reference = self.rewrite(reference);
                }
                if object.remove("nullable") == Some(Value::Bool(true)) {
                    match object.get_mut("type") {
                        Some(Value::String(kind)) => {
                            let kind = std::mem::take(kind);
                            object.insert("type".into(), json!([kind, "null"]));
                            if let Some(Value::Array(values)) = object.get_mut("enum")
                                && !values.contains(&Value::Null)
                            {
                                values.push(Value::Null);
                            }
                        }
                        _ => {
                            let inner = Value::Object(std::mem::take(object));
                            object.insert("anyOf".into(), json!([inner, {"type": "null"}]));
                        }
                    }
                }
                for (key, child) in object.iter_mut() {
                    match (key.as_str(), child) {
                        // The entries of `properties` (and the like) are named schemas: a
                        // property named `default` or `enum` is a schema, not data.
                        (key, Value::Object(entries)) if openapi::SCHEMA_MAPS.contains(&key) => {
                            entries.values_mut().for_each(|entry| self.localise(entry));
                        }
                        // Values that are data, not schemas, keep their `$ref` and `nullable`.
                        ("examples" | "default" | "const" | "enum", _) => {}
                        (_, child) => self.localise(child),
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|item| self.localise(item)),
            _ => {}
        }
    }

    /// Whether a schema (after local `$ref`s) is an object.
    fn is_object(&self, schema: &Value, pointer: &str) -> bool {
        self.follow(schema, pointer.to_owned())
            .is_ok_and(|(schema, _)| object_like(schema))
    }

    /// The action an operation becomes, with its binding recorded.
    fn action(
        &mut self,
        operation: &Operation<'_>,
        declared: &Value,
        name: &str,
        presenters: &mut Presenters,
        expanded: &mut Expanded,
        explicit: bool,
    ) -> Result<(Value, Vec<Unsupported>), ()> {
        let label = operation.label();
        match self.build(operation, declared, presenters) {
            Ok((action, binding, tool_problems)) => {
                expanded
                    .bindings
                    .insert((self.tool_file.to_owned(), name.to_owned()), binding);
                Ok((action, tool_problems))
            }
            Err(problems) => {
                for problem in problems {
                    let diagnostic = self.located(problem, explicit, &label);
                    self.diagnostics.push(diagnostic);
                }
                Err(())
            }
        }
    }

    fn build(
        &self,
        operation: &Operation<'_>,
        declared: &Value,
        presenters: &mut Presenters,
    ) -> Result<(Value, HttpBinding, Vec<Unsupported>), Vec<Unsupported>> {
        // An operation written as a `$ref` (DigitalOcean's `get: {$ref: resources/….yml}`, which
        // bundlers inline) has none of its parameters, body or responses here: binding it would
        // drop them all.
        if let Some(reference) = operation.value.get("$ref") {
            let shown = reference
                .as_str()
                .map_or_else(|| reference.to_string(), str::to_owned);
            return Err(vec![Unsupported {
                pointer: format!("{}/$ref", operation.pointer),
                message: format!(
                    "the operation is a `$ref` (`{shown}`), not an operation object"
                ),
                help: "operations are read as written in the document: bundle the description into one file with its operations in place (`redocly bundle`, `swagger-cli bundle`)".into(),
            }]);
        }
        let mut problems = Vec::new();
        let mut action = declared.as_object().cloned().unwrap_or_default();
        action.remove("operation");
        if !action.contains_key("description") {
            let text = operation
                .value
                .get("summary")
                .or_else(|| operation.value.get("description"))
                .and_then(Value::as_str);
            if let Some(text) = text {
                action.insert("description".into(), Value::String(text.trim().to_owned()));
            }
        }
        let method = operation.method;
        let hints = [
            ("read-only", matches!(method, "get" | "head" | "options")),
            (
                "idempotent",
                matches!(method, "get" | "head" | "options" | "put" | "delete"),
            ),
            ("destructive", method == "delete"),
        ];
        for (hint, on) in hints {
            if on && !action.contains_key(hint) {
                action.insert(hint.into(), Value::Bool(true));
            }
        }
        // Parameters: the path item's, then the operation's, which replace them by name and place.
        let mut parameters: IndexMap<(String, String), (Value, String)> = IndexMap::new();
        let levels = [
            (
                operation.path_item.get("parameters"),
                format!(
                    "/paths/{}/parameters",
                    crate::source::pointer_token(operation.path)
                ),
            ),
            (
                operation.value.get("parameters"),
                format!("{}/parameters", operation.pointer),
            ),
        ];
        for (list, at) in levels {
            let Some(Value::Array(list)) = list else {
                continue;
            };
            for (i, parameter) in list.iter().enumerate() {
                match self.follow(parameter, format!("{at}/{i}")) {
                    Ok((parameter, pointer)) => {
                        let key = (
                            text(parameter, "name").to_owned(),
                            text(parameter, "in").to_owned(),
                        );
                        parameters.insert(key, (parameter.clone(), pointer));
                    }
                    Err(problem) => problems.push(problem),
                }
            }
        }
        let mut properties = Map::new();
        let mut required = Vec::new();
        let mut params = Vec::new();
        let mut query: Vec<(String, Value)> = Vec::new();
        for ((name, place), (parameter, pointer)) in &parameters {
            let location = match place.as_str() {
                "path" => In::Path,
                "query" => In::Query,
                "header" => In::Header,
                other => {
                    problems.push(Unsupported {
                        pointer: format!("{pointer}/in"),
                        message: format!("`{other}` parameters are not sent by the generated handler"),
                        help: "cookie parameters are not supported: send the cookie from a handler of your own for this action, or leave the operation out".into(),
                    });
                    continue;
                }
            };
            if location == In::Header
                && ["accept", "content-type", "authorization"]
                    .contains(&name.to_ascii_lowercase().as_str())
            {
                // OpenAPI says these are ignored as parameters: content negotiation and security
                // schemes set them.
                continue;
            }
            let Some(schema) = parameter.get("schema") else {
                problems.push(Unsupported {
                    pointer: pointer.clone(),
                    message: format!("the parameter `{name}` has no `schema`"),
                    help: "parameters described by `content` are not supported: give it a `schema`"
                        .into(),
                });
                continue;
            };
            let style = parameter.get("style").and_then(Value::as_str);
            let default_style = if location == In::Query {
                "form"
            } else {
                "simple"
            };
            if style.is_some_and(|s| s != default_style) {
                problems.push(Unsupported {
                    pointer: format!("{pointer}/style"),
                    message: format!("style `{}` is not supported", style.unwrap_or_default()),
                    help: format!(
                        "the generated handler sends {place} parameters in style `{default_style}`"
                    ),
                });
                continue;
            }
            if self.is_object(schema, &format!("{pointer}/schema")) {
                problems.push(Unsupported {
                    pointer: format!("{pointer}/schema"),
                    message: format!("the parameter `{name}` is an object"),
                    help: "object parameters are not supported: only scalars and arrays of scalars are sent in paths, queries and headers".into(),
                });
                continue;
            }
            if properties.contains_key(name) {
                problems.push(Unsupported {
                    pointer: pointer.clone(),
                    message: format!("two parameters are named `{name}`"),
                    help:
                        "arguments are named by their parameters: one name cannot be two arguments"
                            .into(),
                });
                continue;
            }
            let mut property = self.schema(schema);
            if let (Some(Value::String(description)), Value::Object(property)) =
                (parameter.get("description"), &mut property)
            {
                property
                    .entry("description")
                    .or_insert_with(|| Value::String(description.trim().to_owned()));
            }
            let arg = argument_key(name, &properties);
            if &arg != name
                && let Value::Object(property) = &mut property
            {
                let sent = format!("Sent to the API as `{name}`.");
                let described = match property.get("description").and_then(Value::as_str) {
                    Some(own) => format!("{}. {sent}", own.trim_end_matches('.')),
                    None => sent,
                };
                property.insert("description".into(), Value::String(described));
            }
            properties.insert(arg.clone(), property);
            if location == In::Path || parameter.get("required") == Some(&Value::Bool(true)) {
                required.push(Value::String(arg.clone()));
            }
            let explode = parameter
                .get("explode")
                .and_then(Value::as_bool)
                .unwrap_or(location == In::Query);
            if location == In::Query {
                let resolved = self
                    .follow(schema, format!("{pointer}/schema"))
                    .map_or_else(|_| schema.clone(), |(found, _)| found.clone());
                query.push((name.clone(), resolved));
            }
            params.push(HttpParam {
                name: name.clone(),
                arg,
                location,
                explode,
            });
        }
        // Every `{name}` of the path must be a path parameter.
        for segment in operation.path.split('{').skip(1) {
            let name = segment.split('}').next().unwrap_or_default();
            if !params
                .iter()
                .any(|p| p.location == In::Path && p.name == name)
            {
                problems.push(Unsupported {
                    pointer: operation.pointer.clone(),
                    message: format!("the path has `{{{name}}}` but no path parameter `{name}`"),
                    help: format!("declare `{{name: {name}, in: path, required: true, schema: {{type: string}}}}`"),
                });
            }
        }
        let mut body = None;
        if let Some(request) = operation.value.get("requestBody") {
            match self.follow(request, format!("{}/requestBody", operation.pointer)) {
                Ok((request, pointer)) => match json_content(request, &pointer) {
                    Ok(Some((schema, _))) => {
                        let key = "body".to_owned();
                        if properties.contains_key(&key) {
                            problems.push(Unsupported {
                                pointer: pointer.clone(),
                                message: "a parameter is named `body`, the argument of the JSON body".into(),
                                help: "rename the parameter, or bind the operation to a handler of your own".into(),
                            });
                        } else {
                            let mut property = self.schema(schema);
                            if let (Some(Value::String(d)), Value::Object(p)) =
                                (request.get("description"), &mut property)
                            {
                                p.entry("description")
                                    .or_insert_with(|| Value::String(d.trim().to_owned()));
                            }
                            properties.insert(key.clone(), property);
                            if request.get("required") == Some(&Value::Bool(true)) {
                                required.push(Value::String(key.clone()));
                            }
                            body = Some(key);
                        }
                    }
                    Ok(None) => {}
                    Err(problem) => problems.push(problem),
                },
                Err(problem) => problems.push(problem),
            }
        }
        if !properties.is_empty() {
            let mut input = Map::new();
            input.insert("type".into(), "object".into());
            if !required.is_empty() {
                input.insert("required".into(), Value::Array(required));
            }
            input.insert("properties".into(), Value::Object(properties));
            action.insert("input".into(), Value::Object(input));
        }
        if !action.contains_key("returns") {
            match self.returns(operation, presenters) {
                Ok(Some(returns)) => {
                    action.insert("returns".into(), returns);
                }
                Ok(None) => {}
                Err(problem) => problems.push(problem),
            }
        }
        let response = self.response_paging(operation);
        let mut tool_problems = Vec::new();
        let paging = match action.remove("paging") {
            Some(declared) => explicit_paging(&declared, &query, &response, &mut tool_problems),
            None => detect_paging(&query, &response),
        };
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok((
            Value::Object(action),
            HttpBinding {
                method: method.to_uppercase(),
                path: operation.path.to_owned(),
                params,
                body,
                origin: format!("{}#{}", self.document.path, operation.pointer),
                paging,
            },
            tool_problems,
        ))
    }

    /// The `returns` of an operation's 2xx JSON response: a presenter written for it, or `None`
    /// when the operation answers with no JSON body (the handler then says what status came).
    fn returns(
        &self,
        operation: &Operation<'_>,
        presenters: &mut Presenters,
    ) -> Result<Option<Value>, Unsupported> {
        let Some(Value::Object(responses)) = operation.value.get("responses") else {
            return Ok(None);
        };
        let success = responses.iter().find(|(status, _)| status.starts_with('2'));
        let Some((status, response)) = success else {
            return Ok(None);
        };
        let at = format!(
            "{}/responses/{}",
            operation.pointer,
            crate::source::pointer_token(status)
        );
        let (response, at) = self.follow(response, at)?;
        let Some((schema, schema_at)) = json_content(response, &at)? else {
            return Ok(None);
        };
        let (item, collection) = self.item(schema, &schema_at)?;
        let presenter = self.presenter(&item, operation, presenters)?;
        let relative = crate::model::relative_to(self.tool_file, &presenter);
        Ok(Some(if collection {
            json!({"type": "array", "items": {"$ref": relative}})
        } else {
            Value::String(relative)
        }))
    }

    /// The object schema a response presents, and whether the response is a list of it.
    fn item(&self, schema: &Value, at: &str) -> Result<(Item, bool), Unsupported> {
        let not_object = |at: &str| {
            Unsupported {
            pointer: at.to_owned(),
            message: "the response is neither an object nor a list of objects".into(),
            help: "a presenter presents objects: bind this operation with a handler of your own (leave `returns` out), or leave it out".into(),
        }
        };
        let (resolved, resolved_at) = self.follow(schema, at.to_owned())?;
        if object_like(resolved) {
            return Ok((self.item_of(schema, at), false));
        }
        if self.union_of_objects(resolved, &resolved_at) {
            return Ok((Item::Inline(resolved.clone(), resolved_at), false));
        }
        if resolved.get("type") == Some(&Value::String("array".into())) {
            let items_at = format!("{resolved_at}/items");
            let items = resolved
                .get("items")
                .ok_or_else(|| not_object(&resolved_at))?;
            if self.is_object(items, &items_at) {
                return Ok((self.item_of(items, &items_at), true));
            }
            if let Ok((items, items_at)) = self.follow(items, items_at.clone())
                && self.union_of_objects(items, &items_at)
            {
                return Ok((Item::Inline(items.clone(), items_at), true));
            }
            return Err(not_object(&items_at));
        }
        Err(not_object(at))
    }

    /// Whether a schema is a `oneOf` or `anyOf` (without a type or properties beside it) whose
    /// every branch is an object, as Blockfrost's `GET /pools/{pool_id}/metadata` answers
    /// `anyOf: [pool_metadata, empty_object]`: a presenter over such a union is written in place
    /// (a definition's root union of objects is a presenter, docs/definitions.md).
    fn union_of_objects(&self, schema: &Value, at: &str) -> bool {
        if schema.get("type").is_some() || schema.get("properties").is_some() {
            return false;
        }
        let union = ["oneOf", "anyOf"]
            .into_iter()
            .filter_map(|key| Some((key, schema.get(key)?.as_array()?)))
            .collect::<Vec<_>>();
        let [(key, branches)] = union.as_slice() else {
            return false;
        };
        !branches.is_empty()
            && branches
                .iter()
                .enumerate()
                .all(|(i, branch)| self.is_object(branch, &format!("{at}/{key}/{i}")))
    }

    /// A component (`#/components/schemas/X`) or an inline schema.
    fn item_of(&self, schema: &Value, at: &str) -> Item {
        match schema.get("$ref").and_then(Value::as_str) {
            Some(reference) if reference.starts_with("#/components/schemas/") => {
                Item::Component(reference["#/components/schemas/".len()..].to_owned())
            }
            _ => Item::Inline(schema.clone(), at.to_owned()),
        }
    }

    /// The path of the presenter file written for `item`.
    fn presenter(
        &self,
        item: &Item,
        operation: &Operation<'_>,
        presenters: &mut Presenters,
    ) -> Result<String, Unsupported> {
        let document = &self.document.path;
        let folder = document.rsplit_once('/').map_or("", |(d, _)| d);
        let stem = document.rsplit('/').next().unwrap_or(document);
        let stem = stem.split('.').next().unwrap_or(stem);
        let prefix = if folder.is_empty() {
            format!("{stem}-responses/")
        } else {
            format!("{folder}/{stem}-responses/")
        };
        let (name, schema, comment, origin) = match item {
            Item::Component(component) => (
                component.clone(),
                json!({"allOf": [{"$ref": format!("{stem_file}#/components/schemas/{component}", stem_file = document.rsplit('/').next().unwrap_or(document))}]}),
                format!(
                    "The response component `{component}` of `{document}`, presented as it is."
                ),
                ResponseOrigin {
                    document: document.clone(),
                    pointer: format!(
                        "/components/schemas/{}",
                        crate::source::pointer_token(component)
                    ),
                    component: true,
                },
            ),
            Item::Inline(schema, at) => {
                let name = operation.action_name();
                let mut copied = openapi::schema_object(schema, self.version);
                // Refs relative to the document, which is beside the presenter's folder.
                let file_name = document.rsplit('/').next().unwrap_or(document);
                let context = Context {
                    tool_file: self.tool_file,
                    reference: &format!("../{file_name}"),
                    document: self.document,
                    version: self.version,
                    diagnostics: Vec::new(),
                };
                context.localise(&mut copied);
                (
                    name,
                    copied,
                    format!(
                        "The 2xx response of `{}` in `{document}`, presented as it is.",
                        operation.label()
                    ),
                    ResponseOrigin {
                        document: document.clone(),
                        pointer: at.clone(),
                        component: false,
                    },
                )
            }
        };
        let path = format!("{prefix}{}.json", file_safe(&name));
        let mut presenter = Map::new();
        presenter.insert("$comment".into(), Value::String(comment));
        presenter.insert("title".into(), Value::String(name));
        // A union of objects stays a union at the root: `type: object` beside branches that
        // state no type would make them objects merged with it, where a `$ref` branch is refused.
        let union = schema.get("oneOf").is_some() || schema.get("anyOf").is_some();
        if !union {
            presenter.insert("type".into(), "object".into());
        }
        if let Value::Object(schema) = schema {
            for (key, value) in schema {
                if key != "type" && key != "title" {
                    presenter.insert(key, value);
                }
            }
        }
        // The allOf `$ref` goes one folder up, to the document.
        if let Some(Value::Array(all)) = presenter.get_mut("allOf")
            && let Some(Value::Object(first)) = all.first_mut()
            && let Some(Value::String(reference)) = first.get_mut("$ref")
            && !reference.starts_with("../")
            && matches!(item, Item::Component(_))
        {
            *reference = format!("../{reference}");
        }
        let text = serde_json::to_string_pretty(&Value::Object(presenter)).unwrap_or_default();
        presenters.entry(path.clone()).or_insert((text, origin));
        Ok(path)
    }
}

/// The argument key of the request parameter `name`: the name itself, unless a tool reserves
/// it (`action` picks the action, `_select` the returned fields), when it is `action_param`
/// (`select_param`), made unique among `taken`. An API's names cannot be renamed at the
/// source, so the tool renames them and the handler sends them under their own name.
fn argument_key(name: &str, taken: &Map<String, Value>) -> String {
    if !crate::model::RESERVED_INPUT_KEYS.contains(&name) {
        return name.to_owned();
    }
    let stem = format!("{}_param", name.trim_start_matches('_'));
    let mut key = stem.clone();
    let mut n = 2;
    while taken.contains_key(&key) {
        key = format!("{stem}_{n}");
        n += 1;
    }
    key
}

/// What an operation's 2xx response says about paging.
#[derive(Debug, Default)]
struct ResponsePaging {
    /// It declares a `Link` header.
    link: bool,
    /// It is a list (an array), whose items can be counted.
    list: bool,
    /// The path of a next-cursor field of its object body (`meta.next_cursor`), when it has one.
    next_field: Option<Vec<String>>,
    /// Its object body's boolean `has_more` and a list of items with an `id` (Stripe's style).
    last_item: Option<(String, String)>,
    /// The top-level property names of its object body, and one level into objects, as paths:
    /// what an explicit `next` may name.
    fields: Vec<Vec<String>>,
}

impl Context<'_> {
    /// What the 2xx response of `operation` says about paging.
    fn response_paging(&self, operation: &Operation<'_>) -> ResponsePaging {
        let mut found = ResponsePaging::default();
        let Some(Value::Object(responses)) = operation.value.get("responses") else {
            return found;
        };
        let Some((status, response)) = responses.iter().find(|(s, _)| s.starts_with('2')) else {
            return found;
        };
        let at = format!(
            "{}/responses/{}",
            operation.pointer,
            crate::source::pointer_token(status)
        );
        let Ok((response, at)) = self.follow(response, at) else {
            return found;
        };
        found.link = response
            .get("headers")
            .and_then(Value::as_object)
            .is_some_and(|headers| headers.keys().any(|h| h.eq_ignore_ascii_case("link")));
        let Ok(Some((schema, schema_at))) = json_content(response, &at) else {
            return found;
        };
        let Ok((schema, _)) = self.follow(schema, schema_at) else {
            return found;
        };
        found.list = schema.get("type") == Some(&Value::String("array".into()));
        let properties = |schema: &Value| -> Vec<(String, Value)> {
            schema
                .get("properties")
                .and_then(Value::as_object)
                .map(|p| {
                    p.iter()
                        .map(|(k, v)| {
                            let v = self
                                .follow(v, String::new())
                                .map_or_else(|_| v.clone(), |(v, _)| v.clone());
                            (k.clone(), v)
                        })
                        .collect()
                })
                .unwrap_or_default()
        };
        let fields = properties(schema);
        let flag = fields.iter().find(|(key, property)| {
            matches!(key.as_str(), "has_more" | "hasMore")
                && property.get("type") == Some(&Value::String("boolean".into()))
        });
        let list = fields.iter().find(|(_, property)| {
            property.get("type") == Some(&Value::String("array".into()))
                && property.get("items").is_some_and(|items| {
                    self.follow(items, String::new()).is_ok_and(|(items, _)| {
                        items
                            .get("properties")
                            .and_then(Value::as_object)
                            .is_some_and(|p| p.contains_key("id"))
                    })
                })
        });
        if let (Some((flag, _)), Some((list, _))) = (flag, list) {
            found.last_item = Some((flag.clone(), list.clone()));
        }
        for (key, property) in fields {
            found.fields.push(vec![key.clone()]);
            if NEXT_FIELDS.contains(&key.as_str())
                && scalar_like(&property)
                && found.next_field.is_none()
            {
                found.next_field = Some(vec![key.clone()]);
            }
            if object_like(&property) {
                for (inner, inner_schema) in properties(&property) {
                    if NEXT_HOLDERS.contains(&key.as_str())
                        && NEXT_FIELDS.contains(&inner.as_str())
                        && scalar_like(&inner_schema)
                        && found.next_field.is_none()
                    {
                        found.next_field = Some(vec![key.clone(), inner.clone()]);
                    }
                    found.fields.push(vec![key.clone(), inner]);
                }
            }
        }
        found
    }
}

/// Whether a body field can hold a cursor, a URL or a number: a string, an integer or a number,
/// nullable or not, or a field that says nothing of its type.
fn scalar_like(schema: &Value) -> bool {
    let scalar = |kind: &str| matches!(kind, "string" | "integer" | "number" | "null");
    match schema.get("type") {
        Some(Value::String(kind)) => scalar(kind),
        Some(Value::Array(kinds)) => kinds.iter().all(|k| k.as_str().is_some_and(scalar)),
        Some(_) => false,
        None => !object_like(schema) && schema.get("items").is_none(),
    }
}

/// Whether a parameter schema is a number (or says nothing of its type).
fn numeric(schema: &Value) -> bool {
    match schema.get("type") {
        Some(Value::String(kind)) => kind == "integer" || kind == "number",
        Some(Value::Array(kinds)) => kinds
            .iter()
            .any(|k| k.as_str().is_some_and(|k| k == "integer" || k == "number")),
        _ => true,
    }
}

/// A non-negative integer keyword of a schema.
fn whole(schema: &Value, key: &str) -> Option<u64> {
    schema.get(key).and_then(|v| {
        v.as_u64().or_else(|| {
            v.as_f64()
                .filter(|f| *f >= 0.0 && f.fract() == 0.0)
                .map(|f| f as u64)
        })
    })
}

/// The first page's number: the page parameter's `minimum` when it is 0 or 1, else its
/// `default` when that is 0 or 1, else 1.
fn first_page(schema: &Value) -> u64 {
    [whole(schema, "minimum"), whole(schema, "default")]
        .into_iter()
        .flatten()
        .find(|n| *n <= 1)
        .unwrap_or(1)
}

/// A [`Paging`] of `style` with the size parameter `size` (its default and maximum read from
/// its schema) and `next`.
fn paging_with(style: PageStyle, size: Option<(&str, &Value)>, next: NextFrom) -> Paging {
    Paging {
        style,
        size: size.map(|(n, _)| n.to_owned()),
        default_size: size.and_then(|(_, s)| whole(s, "default")),
        max_size: size.and_then(|(_, s)| whole(s, "maximum")),
        next,
    }
}

/// How an operation pages, from the names of its query parameters and its response: a cursor
/// parameter with a next-cursor field in the body or a `Link` header; a page number or an
/// offset (with any page size), whose next page a full list or a `Link` header announces; a
/// `Link` header alone with a page size. `None` when nothing says the operation pages.
fn detect_paging(query: &[(String, Value)], response: &ResponsePaging) -> Option<Paging> {
    let named = |names: &[&str], number: bool| {
        query
            .iter()
            .find(|(n, schema)| names.contains(&n.as_str()) && (!number || numeric(schema)))
    };
    let size = named(SIZE_PARAMS, true).map(|(n, s)| (n.as_str(), s));
    let counted_or_link = if response.link {
        Some(NextFrom::Link)
    } else if response.list {
        Some(NextFrom::FullPage)
    } else {
        // An object around the list: its next page's URL or number (`next`), if it says.
        response.next_field.clone().map(NextFrom::Body)
    };
    if let Some((cursor, _)) = named(CURSOR_PARAMS, false) {
        let next = match (&response.next_field, response.link, &response.last_item) {
            (Some(path), _, _) => Some(NextFrom::Body(path.clone())),
            (None, true, _) => Some(NextFrom::Link),
            (None, false, Some((more, list))) => Some(NextFrom::LastItem {
                more: more.clone(),
                list: list.clone(),
                id: "id".into(),
            }),
            (None, false, None) => None,
        };
        if let Some(next) = next {
            return Some(paging_with(
                PageStyle::Cursor {
                    param: cursor.clone(),
                },
                size,
                next,
            ));
        }
    }
    if let Some((page, schema)) = named(PAGE_PARAMS, true) {
        return Some(paging_with(
            PageStyle::Page {
                param: page.clone(),
                first: first_page(schema),
            },
            size,
            counted_or_link?,
        ));
    }
    if let Some((offset, _)) = named(OFFSET_PARAMS, true) {
        return Some(paging_with(
            PageStyle::Offset {
                param: offset.clone(),
            },
            size,
            counted_or_link?,
        ));
    }
    if response.link && size.is_some() {
        return Some(paging_with(PageStyle::Link, size, NextFrom::Link));
    }
    None
}

/// An action's declared `paging`: `false` (the operation does not page), or
/// `{style, param, size, first, next}`. Problems are pushed with pointers relative to the
/// action.
fn explicit_paging(
    declared: &Value,
    query: &[(String, Value)],
    response: &ResponsePaging,
    problems: &mut Vec<Unsupported>,
) -> Option<Paging> {
    let problem = |pointer: &str, message: String, help: String| Unsupported {
        pointer: format!("/paging{pointer}"),
        message,
        help,
    };
    let paging = match declared {
        Value::Bool(false) => return None,
        Value::Object(paging) => paging,
        _ => {
            problems.push(problem(
                "",
                "`paging` is neither `false` nor an object".into(),
                "write `paging: false` when the operation does not page, or `paging: {style: page, param: page, size: per_page}` (leave it out to detect paging from the operation)".into(),
            ));
            return None;
        }
    };
    let before = problems.len();
    for key in paging.keys() {
        if !PAGING_KEYS.contains(&key.as_str()) {
            let help = did_you_mean(key, PAGING_KEYS.iter().copied()).map_or_else(
                || format!("`paging` takes `{}`", PAGING_KEYS.join("`, `")),
                |s| format!("did you mean `{s}`?"),
            );
            problems.push(problem(
                &format!("/{}", crate::source::pointer_token(key)),
                format!("`paging` has no key `{key}`"),
                help,
            ));
        }
    }
    let names: Vec<&str> = query.iter().map(|(n, _)| n.as_str()).collect();
    let mut parameter = |key: &str| -> Option<(String, Value)> {
        let value = paging.get(key)?;
        let Some(name) = value.as_str() else {
            problems.push(problem(
                &format!("/{key}"),
                format!("`{key}` is not a string"),
                "name a query parameter of the operation".into(),
            ));
            return None;
        };
        match query.iter().find(|(n, _)| n == name) {
            Some(found) => Some(found.clone()),
            None => {
                let help = did_you_mean(name, names.iter().copied()).map_or_else(
                    || {
                        if names.is_empty() {
                            "the operation has no query parameter".to_owned()
                        } else {
                            format!("its query parameters: `{}`", names.join("`, `"))
                        }
                    },
                    |s| format!("did you mean `{s}`?"),
                );
                problems.push(problem(
                    &format!("/{key}"),
                    format!("`{name}` is not a query parameter of the operation"),
                    help,
                ));
                None
            }
        }
    };
    let param = parameter("param");
    let size = parameter("size");
    let style = paging.get("style").and_then(Value::as_str);
    let takes_param = matches!(style, Some("page" | "offset" | "cursor"));
    match style {
        Some("page" | "offset" | "cursor" | "link") => {}
        Some(other) => problems.push(problem(
            "/style",
            format!("`{other}` is not a paging style"),
            "`page` (a page number), `offset` (the first item's index), `cursor` (a token the API hands out) or `link` (a `Link: <...>; rel=\"next\"` header)".into(),
        )),
        None => problems.push(problem(
            "",
            "`paging` has no `style`".into(),
            "add `style: page`, `offset`, `cursor` or `link`".into(),
        )),
    }
    if takes_param && paging.get("param").is_none() {
        problems.push(problem(
            "",
            format!("a `{}` paging has no `param`", style.unwrap_or_default()),
            "name the query parameter that addresses the page: `param: page`".into(),
        ));
    }
    if style == Some("link") && paging.contains_key("param") {
        problems.push(problem(
            "/param",
            "a `link` paging takes its next page from the `Link` header, not a parameter".into(),
            "remove `param`, or choose `style: page`, `offset` or `cursor` with `next: link`"
                .into(),
        ));
    }
    let first = match paging.get("first") {
        None => None,
        Some(value) if style == Some("page") => match value.as_u64() {
            Some(n) if n <= 1 => Some(n),
            _ => {
                problems.push(problem(
                    "/first",
                    "`first` is neither 0 nor 1".into(),
                    "the number of the first page: 1 (most APIs) or 0".into(),
                ));
                None
            }
        },
        Some(_) => {
            problems.push(problem(
                "/first",
                "`first` numbers pages, and this paging has none".into(),
                "remove `first`: only `style: page` numbers its pages".into(),
            ));
            None
        }
    };
    let next = match paging.get("next") {
        None => match style {
            Some("cursor") => match &response.next_field {
                Some(path) => Some(NextFrom::Body(path.clone())),
                None if response.link => Some(NextFrom::Link),
                None if response.last_item.is_some() => {
                    response
                        .last_item
                        .clone()
                        .map(|(more, list)| NextFrom::LastItem {
                            more,
                            list,
                            id: "id".into(),
                        })
                }
                None => {
                    problems.push(problem(
                        "",
                        "a `cursor` paging says nowhere where the next cursor is".into(),
                        "add `next: /meta/next_cursor` (the JSON pointer of the cursor in the response body) or `next: link` (a `Link` header)".into(),
                    ));
                    None
                }
            },
            Some("link") => Some(NextFrom::Link),
            _ => Some(NextFrom::FullPage),
        },
        Some(Value::String(next)) if next == "link" => Some(NextFrom::Link),
        Some(Value::String(next))
            if next == "count" && style != Some("cursor") && style != Some("link") =>
        {
            Some(NextFrom::FullPage)
        }
        Some(Value::String(next))
            if next.starts_with('/') && next.len() > 1 && style != Some("link") =>
        {
            let path: Vec<String> = next[1..]
                .split('/')
                .map(|t| t.replace("~1", "/").replace("~0", "~"))
                .collect();
            if !response.fields.is_empty() && !response.fields.contains(&path) {
                let known: Vec<String> = response
                    .fields
                    .iter()
                    .map(|p| {
                        format!(
                            "/{}",
                            p.iter()
                                .map(|t| crate::source::pointer_token(t))
                                .collect::<Vec<_>>()
                                .join("/")
                        )
                    })
                    .collect();
                let help = did_you_mean(next, known.iter().map(String::as_str)).map_or_else(
                    || format!("the response body has `{}`", known.join("`, `")),
                    |s| format!("did you mean `{s}`?"),
                );
                problems.push(problem(
                    "/next",
                    format!("the response body has no field `{next}`"),
                    help,
                ));
            }
            Some(NextFrom::Body(path))
        }
        Some(_) => {
            problems.push(problem(
                "/next",
                "`next` is not where this paging's next page is announced".into(),
                match style {
                    Some("cursor") => "`link` (a `Link` header) or the JSON pointer of the next cursor in the response body (`/meta/next_cursor`)",
                    Some("link") => "a `link` paging's next page is the `Link` header's: leave `next` out",
                    _ => "`count` (a full page has a next one), `link` (a `Link` header) or the JSON pointer of the next page's URL or number in the response body (`/next`)",
                }
                .into(),
            ));
            None
        }
    };
    if problems.len() > before {
        return None;
    }
    let size = size.as_ref().map(|(n, s)| (n.as_str(), s));
    let style = match (style?, param) {
        ("page", Some((param, schema))) => PageStyle::Page {
            first: first.unwrap_or_else(|| first_page(&schema)),
            param,
        },
        ("offset", Some((param, _))) => PageStyle::Offset { param },
        ("cursor", Some((param, _))) => PageStyle::Cursor { param },
        ("link", _) => PageStyle::Link,
        _ => return None,
    };
    Some(paging_with(style, size, next?))
}

/// What a response presents.
enum Item {
    /// A component schema, by name.
    Component(String),
    /// An inline schema and where it is.
    Inline(Value, String),
}

/// A file name from a component name: letters, digits, `_` and `-`.
fn file_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Whether a schema is an object (declared, or with properties or an `allOf`).
fn object_like(schema: &Value) -> bool {
    match schema.get("type") {
        Some(Value::String(kind)) => kind == "object",
        Some(_) => false,
        None => schema.get("properties").is_some() || schema.get("allOf").is_some(),
    }
}

/// A string member, or "".
fn text<'v>(value: &'v Value, key: &str) -> &'v str {
    value.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// The JSON schema of a request body or response (`content: {application/json: {schema}}`),
/// with its pointer; `None` when it has no content; an error when its content is not JSON.
fn json_content<'v>(
    value: &'v Value,
    at: &str,
) -> Result<Option<(&'v Value, String)>, Unsupported> {
    let Some(Value::Object(content)) = value.get("content") else {
        return Ok(None);
    };
    let json = content.iter().find(|(media, _)| {
        let media = media.split(';').next().unwrap_or_default().trim();
        media == "application/json" || media.ends_with("+json")
    });
    match json {
        Some((media, entry)) => match entry.get("schema") {
            Some(schema) => Ok(Some((
                schema,
                format!(
                    "{at}/content/{}/schema",
                    crate::source::pointer_token(media)
                ),
            ))),
            None => Ok(None),
        },
        None if content.is_empty() => Ok(None),
        None => {
            let media: Vec<&str> = content.keys().map(String::as_str).collect();
            Err(Unsupported {
                pointer: format!("{at}/content"),
                message: format!("no JSON content, only `{}`", media.join("`, `")),
                help: "the generated handler sends and reads `application/json`: bind this operation with a handler of your own, or leave it out".into(),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_globs() {
        assert_eq!(snake("getPetById"), "get_pet_by_id");
        assert_eq!(snake("get /pets/{petId}"), "get_pets_pet_id");
        assert_eq!(snake("list-issues.forRepo"), "list_issues_for_repo");
        assert!(glob("list*", "listPets"));
        assert!(glob("*Pet?", "getPets"));
        assert!(!glob("list*", "getPets"));
        assert!(glob("*", ""));
    }
}
