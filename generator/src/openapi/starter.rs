//! Starter definitions from an OpenAPI description (`fusion-gen init-openapi`, issue 27).
//!
//! The generator stays declarative: this writes, once, the definitions a user would otherwise
//! type to serve an API's operations — one tool file per tag whose actions bind the tag's
//! operations (by `operationId`, or by method and path when an operation has none), and one
//! presenter file per response component, which `$ref`s the component where it is (`allOf` of
//! the document's own schema) so the API's description stays the API's. The user edits them
//! (names, descriptions, rules, which operations an agent needs) and checks them in.
//!
//! No I/O here: the front end hands over the description's text and writes the files returned.
//! Whether the generated handler can call an operation is asked of [`operations::expand`]
//! itself, one operation at a time, so the starter never binds an operation the generator would
//! refuse; those are listed as comments in their tool file and as warnings.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use crate::diagnostics::{Diagnostic, Diagnostics, Severity};
use crate::load::{self, Document};
use crate::openapi::{self, Version};
use crate::operations::{self, snake};
use crate::source::SourceFile;

mod agent;

/// The files of a starter, and what it left out.
#[derive(Debug)]
pub struct Starter {
    /// Paths relative to the output folder (`/`-separated) and their texts, in the order they
    /// are listed; the description itself is first, as it was read.
    pub files: Vec<(String, String)>,
    /// One warning per operation left out (the generated handler cannot call it as described),
    /// located in the description.
    pub warnings: Vec<Diagnostic>,
}

/// HTTP methods of a path item, in the order the generator lists them.
const METHODS: &[&str] = &[
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// Longest action or tool name written: MCP's limit for a tool name.
const MAX_NAME: usize = 64;

/// One operation of the description.
struct Op<'a> {
    method: &'a str,
    path: &'a str,
    pointer: String,
    value: &'a Map<String, Value>,
    id: Option<&'a str>,
}

impl Op<'_> {
    /// `GET /pets/{id}`.
    fn label(&self) -> String {
        format!("{} {}", self.method.to_uppercase(), self.path)
    }
}

/// What one operation's action says.
struct Planned {
    name: String,
    /// What `operation:` says: the `operationId`, or the method and path.
    binding: String,
    /// The presenter file and whether the response is a list of it.
    returns: Option<(String, bool)>,
}

/// Which operations a starter binds: every one when both lists are empty; else those of the
/// listed tags (a tag is a tool), and of those the listed operations (an `operationId`, or the
/// method and path `GET /pets/{id}`). A whole vendor API is hundreds of tools and actions; an
/// agent does best with the few its users' tasks need.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// Tags (tools) to keep; empty keeps every tag.
    pub tags: Vec<String>,
    /// Operations to keep; empty keeps every operation of the kept tags.
    pub operations: Vec<String>,
}

/// Reads `description` (an OpenAPI 3.0 or 3.1 document, JSON or YAML; its `path` is the name
/// diagnostics show) and plans the starter definitions for an output folder in which the
/// description is copied as `file_name`, binding the operations `selection` keeps (every one
/// with [`Selection::default`]). Errors are located in the description; a tag or an operation
/// the description does not have is an error naming the nearest one.
pub fn init_openapi(
    description: &SourceFile,
    file_name: &str,
    limits: &load::Limits,
    selection: &Selection,
) -> Result<Starter, Diagnostics> {
    let mut document = load::load_with(description, limits).map_err(|d| Diagnostics(vec![d]))?;
    let version = match openapi::recognise(&document) {
        Some(Ok(version)) => version,
        Some(Err(problem)) => return Err(Diagnostics(vec![problem])),
        None => {
            return Err(Diagnostics(vec![
                Diagnostic::error(
                    &document.path,
                    "",
                    "this is not an OpenAPI description: it has no `openapi` key",
                )
                .with_help("init-openapi reads an OpenAPI 3.0 or 3.1 document (`openapi: 3.1.0` at its root)")
                .at_location(document.locate("")),
            ]));
        }
    };
    // As the generator reads it: a schema `$ref` into a parameter or a response, inlined.
    openapi::inline_schema_refs(&mut document);
    let ops = operations_of(&document);
    let referenced = referenced_path_items(&document);
    if ops.is_empty() && !referenced.is_empty() {
        // Nothing else to bind: what was left out is the error.
        let errors = referenced.into_iter().map(|mut problem| {
            problem.severity = Severity::Error;
            problem
        });
        return Err(Diagnostics(errors.collect()));
    }
    if ops.is_empty() {
        return Err(Diagnostics(vec![
            Diagnostic::error(
                &document.path,
                "/paths",
                "the description has no operations",
            )
            .with_help(
                "add operations under `paths` (`/pets: {get: {...}}`): each tag becomes a tool",
            )
            .at_location(document.locate("/paths")),
        ]));
    }
    // The probe reads the document under the name the tool files will use.
    let mut probed = document.clone();
    probed.path = file_name.to_owned();
    let probe = Probe {
        document: &probed,
        version,
        limits,
    };

    // Group by first tag (an operation is one action of one tool), else by the first literal
    // path segment, so an untagged API still gets a tool per resource.
    let mut groups: Vec<(String, Vec<&Op<'_>>)> = Vec::new();
    for op in &ops {
        let group = op
            .value
            .get("tags")
            .and_then(Value::as_array)
            .and_then(|tags| tags.iter().find_map(Value::as_str))
            .map(str::to_owned)
            .unwrap_or_else(|| {
                op.path
                    .split('/')
                    .find(|s| !s.is_empty() && !s.starts_with('{'))
                    .unwrap_or("api")
                    .to_owned()
            });
        match groups.iter_mut().find(|(g, _)| *g == group) {
            Some((_, members)) => members.push(op),
            None => groups.push((group, vec![op])),
        }
    }
    select(&document, &mut groups, selection)?;

    let stem = module_stem(file_name);
    let mut taken: BTreeSet<String> = BTreeSet::new();
    taken.insert(stem.clone());
    let ids: Vec<&str> = ops.iter().filter_map(|op| op.id).collect();
    let mut presenters: BTreeMap<String, String> = BTreeMap::new(); // component → file
    let mut presenter_files: Vec<(String, String)> = Vec::new();
    let mut tool_files: Vec<(String, String)> = Vec::new();
    let mut warnings = referenced;
    let mut tool_names: BTreeSet<String> = BTreeSet::new();
    for (group, members) in &groups {
        let mut actions: Vec<Planned> = Vec::new();
        let mut left_out: Vec<String> = Vec::new();
        let mut names: BTreeSet<String> = BTreeSet::new();
        for op in members {
            // An operationId two operations share names neither: bind by method and path.
            let id = op
                .id
                .filter(|id| ids.iter().filter(|i| *i == id).count() == 1);
            let binding = id.map_or_else(|| op.label(), str::to_owned);
            if let Err(mut problem) = probe.check(&binding) {
                // Located in the description, or (a problem of the probe's own) at the operation.
                if problem.file != file_name {
                    problem.pointer.clone_from(&op.pointer);
                }
                // On one line: an `operationId` or a message holding a line break would
                // otherwise end the comment and write YAML of the description's choosing.
                left_out.push(one_line(&format!("{binding}: {}", problem.message)));
                warnings.push(
                    Diagnostic::warning(
                        &document.path,
                        &problem.pointer,
                        format!(
                            "{} is left out of the starter: {}",
                            op.label(),
                            problem.message
                        ),
                    )
                    .with_help(problem.help.unwrap_or_else(|| {
                        "bind it with a handler of your own, or leave it out".into()
                    }))
                    .at_location(document.locate(&problem.pointer)),
                );
                continue;
            }
            let name = unique(&action_name(op, id, group), &mut names);
            let returns = response_component(&document, op).map(|(component, collection)| {
                let file = presenters
                    .entry(component.clone())
                    .or_insert_with(|| {
                        let module = unique(&identifier(&component, "schema"), &mut taken);
                        let file = format!("{module}.yaml");
                        presenter_files
                            .push((file.clone(), presenter(&document, &component, file_name)));
                        file
                    })
                    .clone();
                (file, collection)
            });
            actions.push(Planned {
                name,
                binding,
                returns,
            });
        }
        if actions.is_empty() {
            continue;
        }
        // The tool's module is `<name>_tool`: neither name may be taken.
        let base = identifier(group, "tool");
        let mut tool = base.clone();
        let mut n = 2;
        let key = |name: &str| name.replace('_', "");
        while tool_names.contains(&tool) || taken.contains(&key(&format!("{tool}_tool"))) {
            tool = format!("{base}_{n}");
            n += 1;
        }
        tool_names.insert(tool.clone());
        taken.insert(key(&format!("{tool}_tool")));
        let file = format!("{tool}.tool.yaml");
        let description = tag_description(&document, group).unwrap_or_else(|| {
            format!(
                "The `{group}` operations of {}",
                document
                    .value
                    .pointer("/info/title")
                    .and_then(Value::as_str)
                    .unwrap_or(file_name)
            )
        });
        tool_files.push((
            file,
            tool_file(&tool, group, &description, file_name, &actions, &left_out),
        ));
    }
    if tool_files.is_empty() {
        // A starter of the description alone would only fail later, at generation, with
        // nothing to say why: the warnings say it, and nothing is written.
        let mut problems = warnings;
        problems.push(
            Diagnostic::error(
                &document.path,
                "/paths",
                match groups.iter().map(|(_, members)| members.len()).sum::<usize>() {
                    1 => "the one operation selected could not be bound, so no tool would be written"
                        .to_owned(),
                    n => format!(
                        "none of the {n} operations selected could be bound, so no tool would be written"
                    ),
                },
            )
            .with_help(
                "the warnings above say why each is left out: bundle a description split over \
                 files into one, or bind the operations with handlers of your own",
            )
            .at_location(document.locate("/paths")),
        );
        return Err(Diagnostics(problems));
    }
    let mut files = vec![(file_name.to_owned(), description.text.clone())];
    files.extend(tool_files);
    files.extend(presenter_files);
    Ok(Starter { files, warnings })
}

/// Asks the generator's own operation binding whether an action bound to `binding` generates.
struct Probe<'a> {
    document: &'a Document,
    version: Version,
    limits: &'a load::Limits,
}

impl Probe<'_> {
    /// `Ok` when a tool binding `binding` expands with no error, else the first error.
    fn check(&self, binding: &str) -> Result<(), Diagnostic> {
        let tool = serde_json::json!({"x-fusion-tool": {
            "name": "probe",
            "description": "probe",
            "openapi": self.document.path,
            "actions": {"probe": {"operation": binding}},
        }});
        let source = SourceFile::new("init-openapi-probe.tool.json", tool.to_string());
        let mut tool = load::load_with(&source, self.limits)?;
        let mut documents = operations::Documents::new();
        documents.insert(self.document.path.as_str(), (self.document, self.version));
        let expanded = operations::expand(&mut [&mut tool], &documents, self.limits);
        match expanded.diagnostics.into_iter().find(|d| !d.is_warning()) {
            Some(problem) => Err(problem),
            None => Ok(()),
        }
    }
}

/// A warning for each path item written as a `$ref` (`/pets: {$ref: paths/pets.yaml}`, which
/// bundlers inline): its operations are not in the document, so none is bound.
fn referenced_path_items(document: &Document) -> Vec<Diagnostic> {
    let Some(Value::Object(paths)) = document.value.get("paths") else {
        return Vec::new();
    };
    paths
        .iter()
        .filter_map(|(path, item)| {
            let reference = item.get("$ref")?;
            let shown = reference.as_str().map_or_else(|| reference.to_string(), str::to_owned);
            let pointer = format!("/paths/{}/$ref", crate::source::pointer_token(path));
            Some(
                Diagnostic::warning(
                    &document.path,
                    &pointer,
                    one_line(&format!(
                        "the operations of `{path}` are left out of the starter: its path item is a `$ref` (`{shown}`)"
                    )),
                )
                .with_help("operations are read as written in the document: bundle the description into one file with its paths in place (`redocly bundle`, `swagger-cli bundle`)")
                .at_location(document.locate(&pointer)),
            )
        })
        .collect()
}

/// The operations of the description, in path then method order.
fn operations_of(document: &Document) -> Vec<Op<'_>> {
    let Some(Value::Object(paths)) = document.value.get("paths") else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for (path, item) in paths {
        let Value::Object(item) = item else { continue };
        for method in METHODS {
            if let Some(Value::Object(value)) = item.get(*method) {
                found.push(Op {
                    method,
                    path,
                    pointer: format!("/paths/{}/{method}", crate::source::pointer_token(path)),
                    value,
                    id: value.get("operationId").and_then(Value::as_str),
                });
            }
        }
    }
    found
}

/// The action an operation becomes: its `operationId` (`id`, when it binds by it) in snake case
/// (`getPetById` → `get_pet_by_id`), else its method and path, path parameters as `by_…`
/// (`GET /blocks/{hash}/txs` → `get_blocks_by_hash_txs`).
fn action_name(op: &Op<'_>, id: Option<&str>, tag: &str) -> String {
    let base = match id {
        // The tool is the tag: `issues/list` of tag `issues` is the action `list` of `issues`
        // (served flat as `issues_list`, not `issues_issues_list`).
        Some(id) => {
            let name = snake(id);
            let prefix = format!("{}_", snake(tag));
            match name.strip_prefix(&prefix) {
                Some(rest) if !rest.is_empty() => rest.to_owned(),
                _ => name,
            }
        }
        None => {
            let mut words = vec![op.method.to_owned()];
            for segment in op.path.split('/').filter(|s| !s.is_empty()) {
                match segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                    Some(param) => words.push(format!("by_{param}")),
                    None => words.push(segment.to_owned()),
                }
            }
            snake(&words.join(" "))
        }
    };
    identifier(&base, "action")
}

/// `text` as a snake-case name that starts with a letter and fits MCP's tool-name length;
/// `fallback` when nothing of it is left.
fn identifier(text: &str, fallback: &str) -> String {
    let mut name = snake(text);
    if name.is_empty() {
        name = fallback.to_owned();
    }
    if !name.starts_with(|c: char| c.is_ascii_lowercase()) {
        name = format!("{fallback}_{name}");
    }
    // Room for a `_NN` suffix making it unique.
    name.truncate(MAX_NAME - 4);
    name.trim_end_matches('_').to_owned()
}

/// `name`, or `name_2`, `name_3`, ... the first not in `taken`, which it joins. Names are
/// compared without their `_`s: `get_b_2` and `get_b2` are both the Rust name `GetB2`.
fn unique(name: &str, taken: &mut BTreeSet<String>) -> String {
    let key = |name: &str| name.replace('_', "");
    let mut candidate = name.to_owned();
    let mut n = 2;
    while taken.contains(&key(&candidate)) {
        candidate = format!("{name}_{n}");
        n += 1;
    }
    taken.insert(key(&candidate));
    candidate
}

/// Keeps the groups and operations `selection` names; an unknown name is an error.
fn select(
    document: &Document,
    groups: &mut Vec<(String, Vec<&Op<'_>>)>,
    selection: &Selection,
) -> Result<(), Diagnostics> {
    let mut errors = Vec::new();
    let mut unknown = |what: &str, name: &str, known: Vec<String>| {
        let help = crate::diagnostics::did_you_mean(name, known.iter().map(String::as_str))
            .map_or_else(
                || format!("the description's {what}s: {}", known.join(", ")),
                |near| format!("did you mean `{near}`?"),
            );
        errors.push(
            Diagnostic::error(
                &document.path,
                "/paths",
                format!("the description has no {what} `{name}`"),
            )
            .with_help(help),
        );
    };
    let tags: Vec<String> = groups.iter().map(|(tag, _)| tag.clone()).collect();
    for tag in &selection.tags {
        if !tags.contains(tag) {
            unknown("tag", tag, tags.clone());
        }
    }
    if !selection.tags.is_empty() {
        groups.retain(|(tag, _)| selection.tags.contains(tag));
    }
    let names = |op: &Op<'_>| [op.id.map(str::to_owned), Some(op.label())];
    let known: Vec<String> = groups
        .iter()
        .flat_map(|(_, ops)| ops.iter())
        .map(|op| op.id.map_or_else(|| op.label(), str::to_owned))
        .collect();
    for operation in &selection.operations {
        let found = groups
            .iter()
            .flat_map(|(_, ops)| ops.iter())
            .any(|op| names(op).iter().flatten().any(|name| name == operation));
        if !found {
            unknown("operation", operation, known.clone());
        }
    }
    if !selection.operations.is_empty() {
        for (_, ops) in groups.iter_mut() {
            ops.retain(|op| {
                names(op)
                    .iter()
                    .flatten()
                    .any(|name| selection.operations.contains(name))
            });
        }
        groups.retain(|(_, ops)| !ops.is_empty());
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(Diagnostics(errors))
    }
}

/// The module name the generator gives a file: its stem in snake case.
fn module_stem(file_name: &str) -> String {
    let stem = file_name.rsplit('/').next().unwrap_or(file_name);
    snake(stem.split('.').next().unwrap_or(stem))
}

/// The component an operation's first 2xx JSON response presents, and whether it is a list
/// of it: `$ref: '#/components/schemas/X'` or an array of such (directly, or a component that
/// is one). Anything else (an inline object) is left to the generator, which presents it as
/// it is, named after the operation.
fn response_component(document: &Document, op: &Op<'_>) -> Option<(String, bool)> {
    let responses = op.value.get("responses")?.as_object()?;
    let (_, response) = responses
        .iter()
        .find(|(status, _)| status.starts_with('2'))?;
    let response = follow(document, response);
    let content = response.get("content")?.as_object()?;
    let (_, media) = content.iter().find(|(media, _)| {
        let media = media.split(';').next().unwrap_or_default().trim();
        media == "application/json" || media.ends_with("+json")
    })?;
    let schema = media.get("schema")?;
    if let Some(component) = component_name(schema) {
        let resolved = follow(document, schema);
        if object_like(resolved) {
            return Some((component.to_owned(), false));
        }
        return object_component(document, resolved.get("items")?).map(|c| (c, true));
    }
    if schema.get("type").and_then(Value::as_str) == Some("array") {
        return object_component(document, schema.get("items")?).map(|c| (c, true));
    }
    None
}

/// The component `items` names when it is an object: a list of a union (GitHub's
/// `issue-event-for-issue`, an `anyOf` of event kinds) is left to the generator, which presents
/// such a union in place, where a presenter file's `allOf` over it would not be an object.
fn object_component(document: &Document, items: &Value) -> Option<String> {
    let component = component_name(items)?;
    object_like(follow(document, items)).then(|| component.to_owned())
}

/// `X` of `{$ref: '#/components/schemas/X'}`.
fn component_name(schema: &Value) -> Option<&str> {
    schema
        .get("$ref")?
        .as_str()?
        .strip_prefix("#/components/schemas/")
        .filter(|name| !name.contains('/'))
}

/// The value a local `$ref` names (one step), or the value itself.
fn follow<'v>(document: &'v Document, value: &'v Value) -> &'v Value {
    value
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix('#'))
        .and_then(|pointer| document.value.pointer(pointer))
        .unwrap_or(value)
}

/// Whether a schema is an object (declared, or with properties or an `allOf`), as the
/// generator decides what a response presents.
fn object_like(schema: &Value) -> bool {
    match schema.get("type") {
        Some(Value::String(kind)) => kind == "object",
        Some(_) => false,
        None => schema.get("properties").is_some() || schema.get("allOf").is_some(),
    }
}

/// The `description` the top-level `tags` list gives `tag`.
fn tag_description(document: &Document, tag: &str) -> Option<String> {
    document
        .value
        .get("tags")?
        .as_array()?
        .iter()
        .find(|t| t.get("name").and_then(Value::as_str) == Some(tag))?
        .get("description")?
        .as_str()
        .map(one_line)
        .filter(|d| !d.is_empty())
}

/// Text on one line: every run of whitespace or control characters one space, so a comment
/// or a description written from the document cannot break the file's lines.
fn one_line(text: &str) -> String {
    text.split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A YAML scalar that reads back as `text` whatever it holds: JSON's string syntax, which
/// YAML's double-quoted style reads the same.
fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}

/// A tool file.
fn tool_file(
    tool: &str,
    group: &str,
    description: &str,
    document: &str,
    actions: &[Planned],
    left_out: &[String],
) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "# The operations of {} tagged {}, as the MCP tool `{tool}`.\n",
        one_line(document),
        quoted(group)
    ));
    out.push_str(
        "# Written by `fusion-gen init-openapi` as a starting point: rename the actions, give them\n\
         # the descriptions an agent needs, keep only the operations your users' tasks need, and\n\
         # check the file in (docs/definitions.md, \"Operations as actions\").\n",
    );
    out.push_str("x-fusion-tool:\n");
    out.push_str(&format!("  name: {tool}\n"));
    out.push_str(&format!("  description: {}\n", quoted(description)));
    out.push_str(&format!("  openapi: {}\n", quoted(document)));
    out.push_str("  actions:\n");
    for action in actions {
        out.push_str(&format!("    {}:\n", action.name));
        out.push_str(&format!("      operation: {}\n", quoted(&action.binding)));
        match &action.returns {
            Some((file, false)) => out.push_str(&format!("      returns: {}\n", quoted(file))),
            Some((file, true)) => out.push_str(&format!(
                "      returns: {{ type: array, items: {{ $ref: {} }} }}\n",
                quoted(file)
            )),
            None => {}
        }
    }
    if !left_out.is_empty() {
        out.push_str(
            "  # Left out: the generated handler cannot call these as the description has them\n  \
             # (bind them with a handler of your own, or fix the description):\n",
        );
        for line in left_out {
            out.push_str(&format!("  #   {line}\n"));
        }
    }
    out
}

/// A presenter file over the response component `component`: agent-sized (see [`agent`]) when
/// the component is an object whose fields can be chosen, else the component as it is, by
/// `$ref`.
fn presenter(document: &Document, component: &str, file_name: &str) -> String {
    let pointer = format!(
        "/components/schemas/{}",
        crate::source::pointer_token(component)
    );
    let cutter = agent::Cutter {
        root: &document.value,
        file: file_name,
    };
    // A component with nothing to cut is presented by reference, so that it follows the
    // description as it changes.
    let Some(cut) = cutter
        .presenter(&pointer)
        .filter(|cut| !cut.left_out.is_empty())
    else {
        return format!(
            "# The response component {} of {}, presented as it is: add rules, UI, suggestions,\n\
             # redaction or `_select` keys under `x-fusion` (docs/definitions.md).\n\
             # Written by `fusion-gen init-openapi`; the fields stay the description's.\n\
             title: {}\n\
             type: object\n\
             allOf:\n  - $ref: {}\n\
             x-fusion:\n  agent-limit: {}\n",
            quoted(component),
            one_line(file_name),
            quoted(component),
            quoted(&format!("{file_name}#{pointer}")),
            agent::AGENT_LIMIT
        );
    };
    let mut out = format!(
        "# The response component {} of {}, cut for an agent: its identifying and scalar\n\
         # fields, nested objects cut to what identifies them, one link. Each field `$ref`s the\n\
         # description's own, so its type and description stay the API's. Add rules, UI,\n\
         # suggestions, redaction or `_select` keys under `x-fusion` (docs/definitions.md).\n\
         # Written by `fusion-gen init-openapi`.\n",
        quoted(component),
        one_line(file_name),
    );
    out.push_str("#\n# Left out (add one back under `properties`):\n");
    for line in &cut.left_out {
        out.push_str(&format!("#   {}\n", one_line(line)));
    }
    out.push_str(&format!("title: {}\ntype: object\n", quoted(component)));
    out.push_str(&cut.body);
    out.push_str(&format!(
        "x-fusion:\n  agent-limit: {}\n",
        agent::AGENT_LIMIT
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(snake("Cardano » Blocks"), "cardano_blocks");
        assert_eq!(identifier("2fa", "tool"), "tool_2fa");
        assert_eq!(identifier("»", "tool"), "tool");
        assert_eq!(identifier(&"a".repeat(100), "x").len(), MAX_NAME - 4);
        let mut taken = BTreeSet::new();
        assert_eq!(unique("get", &mut taken), "get");
        assert_eq!(unique("get", &mut taken), "get_2");
        assert_eq!(unique("get", &mut taken), "get_3");
        assert_eq!(unique("get2", &mut taken), "get2_2");
        assert_eq!(one_line("a\n\r\u{7}b  c"), "a b c");
        assert_eq!(quoted("x\"\n"), "\"x\\\"\\n\"");
    }
}
