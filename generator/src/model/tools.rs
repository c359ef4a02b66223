//! Tools: resolves `x-fusion-tool` files against the presenters, after every file is resolved.
//!
//! An action's input is an ordinary object schema, so it goes through the same type machinery as
//! presenters (its struct lives in the tool file's module); its `returns` must name a presenter.

use std::collections::HashMap;

use super::refs::{escape_pointer, join_relative, relative_to};
use super::resolve::Resolver;
use super::{FieldType, Model, TypeId, TypeKind};
use crate::definition::{Exposition, Returns, Schema, ToolDefinition};
use crate::diagnostics::did_you_mean;
use crate::naming::type_name;

/// A tool: one MCP tool whose `action` argument selects an action.
#[derive(Debug, Clone)]
pub struct ToolModel {
    /// The MCP tool name.
    pub name: String,
    /// The declared title.
    pub title: Option<String>,
    /// The declared description.
    pub description: Option<String>,
    /// Successes carry `structuredContent` and the tool advertises an `outputSchema`.
    pub structured: bool,
    /// The declared `openWorldHint`.
    pub open_world: Option<bool>,
    /// `_select` is enabled.
    pub select: bool,
    /// The description is the §11 TOON form.
    pub toon_description: bool,
    /// Flat exposition: one MCP tool per action ([`ToolModel::flat_name`]) instead of one tool
    /// with an `action` argument.
    pub flat: bool,
    /// The egress cap of the tool's responses that no action's own cap covers (argument errors
    /// and actions without `max-payload-bytes`).
    pub max_payload_bytes: Option<u64>,
    /// The tool's concurrency limit, `(max-active, max-queue)`.
    pub concurrency: Option<(u32, u32)>,
    /// The actions in declaration order.
    pub actions: Vec<ActionModel>,
}

/// What joins the tool's name and an action's in a flat tool's name (upstream's default
/// `actionSeparator`).
pub const FLAT_SEPARATOR: &str = "_";

impl ToolModel {
    /// The MCP name of `action`'s own tool under flat exposition: `{tool}_{action}`.
    ///
    /// A name past MCP's 64 characters (a long tag and a long `operationId`, GitHub's
    /// `actions_set_github_actions_default_workflow_permissions_organization`) is shortened
    /// deterministically: its first 55 characters, `_` and 8 hex digits of a hash of the whole
    /// name, so that two long names that share a beginning stay apart.
    pub fn flat_name(&self, action: &ActionModel) -> String {
        shortened(format!("{}{FLAT_SEPARATOR}{}", self.name, action.name))
    }

    /// The names MCP clients call: the tool's, or under flat exposition one per action, each
    /// with the JSON pointer of what declares it.
    pub fn served_names(&self) -> Vec<(String, String)> {
        if self.flat {
            self.actions
                .iter()
                .map(|action| {
                    (
                        self.flat_name(action),
                        format!("/x-fusion-tool/actions/{}", escape_pointer(&action.name)),
                    )
                })
                .collect()
        } else {
            vec![(self.name.clone(), "/x-fusion-tool/name".to_owned())]
        }
    }
}

/// One action.
#[derive(Debug, Clone)]
pub struct ActionModel {
    /// The action name as the agent sends it.
    pub name: String,
    /// What it does.
    pub description: Option<String>,
    /// The input struct; `None` when the action takes no arguments.
    pub input: Option<TypeId>,
    /// The input struct is large (`size::MAX_INLINE_BRANCH_BYTES`): the tool's enum of
    /// arguments holds it boxed, as a union's large branch is.
    pub boxed_input: bool,
    /// What it returns; `None` when the handler builds its own response.
    pub returns: Option<ReturnsModel>,
    /// Declared destructive.
    pub destructive: bool,
    /// Declared read-only.
    pub read_only: bool,
    /// Declared idempotent.
    pub idempotent: bool,
    /// The egress cap of this action's responses: its own `max-payload-bytes`, else the tool's.
    pub max_payload_bytes: Option<u64>,
    /// The action's own concurrency limit, `(max-active, max-queue)`.
    pub concurrency: Option<(u32, u32)>,
    /// The cache patterns a success invalidates (state sync); empty when none.
    pub invalidates: Vec<String>,
    /// The API operation the action calls, when it is bound to one (`operation`): the
    /// generated HTTP handler builds its request from this.
    pub http: Option<crate::operations::HttpBinding>,
}

/// Parameters that order a list rather than narrow it, left out of the filters a truncation
/// note names.
const ORDER_PARAMS: &[&str] = &[
    "sort",
    "order",
    "direction",
    "sort_by",
    "sortBy",
    "order_by",
    "orderBy",
];

impl ActionModel {
    /// The filter parameters a truncation note names when this action's list is cut (wire
    /// format §7): its optional inputs of one scalar value (a string, number, integer, boolean
    /// or enum, nullable or not), in schema order, but for those that page (the names paging
    /// detection reads, and a bound operation's own page and page-size parameters) and those
    /// that order the list (`sort`, `order`, `direction`, `sort_by`, `order_by`). Required
    /// inputs are left out: the agent gave them already. Empty for an action that returns no
    /// collection.
    pub fn filters<'m>(&self, model: &'m Model) -> Vec<&'m str> {
        let (Some(input), Some(returns)) = (self.input, self.returns) else {
            return Vec::new();
        };
        if !returns.collection {
            return Vec::new();
        }
        let paging = self.http.as_ref().and_then(|http| http.paging.as_ref());
        let pages = |key: &str| {
            paging.is_some_and(|paging| {
                paging.size.as_deref() == Some(key)
                    || match &paging.style {
                        crate::operations::PageStyle::Page { param, .. }
                        | crate::operations::PageStyle::Offset { param }
                        | crate::operations::PageStyle::Cursor { param } => param == key,
                        crate::operations::PageStyle::Link => false,
                    }
            })
        };
        model.types[input]
            .fields()
            .iter()
            .filter(|field| !field.required && is_scalar(model, &field.ty))
            .map(|field| field.key.as_str())
            .filter(|key| {
                !crate::operations::is_paging_name(key)
                    && !ORDER_PARAMS.contains(key)
                    && !pages(key)
            })
            .collect()
    }
}

/// One value a filter can compare: a string, number, integer, boolean or enum, nullable or not.
fn is_scalar(model: &Model, ty: &FieldType) -> bool {
    match ty.non_null() {
        FieldType::String | FieldType::Integer(_) | FieldType::Number | FieldType::Boolean => true,
        FieldType::Named(id) => matches!(
            model.types[*id].kind,
            TypeKind::Enum { .. } | TypeKind::Literals { .. }
        ),
        FieldType::Array(_) | FieldType::Any | FieldType::Nullable(_) => false,
    }
}

/// The presenter an action's data goes through.
#[derive(Debug, Clone, Copy)]
pub struct ReturnsModel {
    /// The module (definition file) of the presenter.
    pub module: usize,
    /// A collection of items rather than one.
    pub collection: bool,
}

/// The keys a tool's arguments use for themselves, which an input may not declare.
pub(crate) const RESERVED_INPUT_KEYS: &[&str] = &["action", "_select"];

/// A tool file holds only `x-fusion-tool`: anything presenter-like beside it is a mistake.
pub(super) fn check_tool_file(resolver: &mut Resolver<'_>, file: usize) {
    let schema = &resolver.definitions[file].1;
    let beside = [
        ("title", schema.title.is_some()),
        ("description", schema.description.is_some()),
        ("type", schema.kind.is_some()),
        ("properties", schema.properties.is_some()),
        ("required", schema.required.is_some()),
        ("$defs", schema.defs.is_some()),
        ("definitions", schema.definitions.is_some()),
        ("$ref", schema.reference.is_some()),
        ("enum", schema.enum_values.is_some()),
        ("const", schema.const_value.is_some()),
        ("allOf", schema.all_of.is_some()),
        ("items", schema.items.is_some()),
        ("x-fusion", schema.fusion.is_some()),
    ];
    for (keyword, present) in beside {
        if present {
            resolver.report(
                file,
                &format!("/{}", escape_pointer(keyword)),
                format!("`{keyword}` cannot stand beside `x-fusion-tool`"),
                Some("a tool file declares only the tool; define presenters and types in files of their own".into()),
            );
        }
    }
}

/// Resolves every tool file, then checks tool names across files.
pub(super) fn resolve_tools(resolver: &mut Resolver<'_>) {
    let definitions = resolver.definitions;
    let mut names: HashMap<String, usize> = HashMap::new();
    for (file, (document, schema)) in definitions.iter().enumerate() {
        let Some(tool) = &schema.tool else { continue };
        check_name(resolver, file, &tool.name);
        if let Some(&first) = names.get(&tool.name) {
            let first_path = definitions[first].0.path.clone();
            resolver.report(
                file,
                "/x-fusion-tool/name",
                format!(
                    "duplicate tool name `{}`, also declared in {first_path}",
                    tool.name
                ),
                Some("MCP clients call tools by name; give one of them another `name`".into()),
            );
        } else {
            names.insert(tool.name.clone(), file);
        }
        let model = resolve_tool(resolver, file, &document.path, tool);
        resolver.model.modules[file].tool = Some(model);
    }
    check_served_names(resolver);
    check_input_patterns(resolver);
}

/// Flat exposition serves one MCP tool per action, named `{tool}_{action}`: each name must be a
/// valid MCP tool name, and no two served tools may share one (two grouped tools with one name
/// are the duplicate-name error above).
fn check_served_names(resolver: &mut Resolver<'_>) {
    let mut served: HashMap<String, (usize, String, bool)> = HashMap::new();
    let mut problems = Vec::new();
    for (file, module) in resolver.model.modules.iter().enumerate() {
        let Some(tool) = &module.tool else { continue };
        for (name, pointer) in tool.served_names() {
            if tool.flat && !valid_tool_name(&name) {
                problems.push((
                    file,
                    pointer.clone(),
                    format!("the flat tool name `{name}` is not a valid MCP tool name"),
                    format!(
                        "under `exposition: flat` each action is served as `{}{FLAT_SEPARATOR}<action>`, which must be 1 to 64 characters among A-Z, a-z, 0-9, `_` and `-`: rename the action (or the tool)",
                        tool.name
                    ),
                ));
            }
            match served.get(&name) {
                Some((first, first_pointer, first_flat)) if tool.flat || *first_flat => {
                    let what = if *first_flat {
                        "the flat tool of an action"
                    } else {
                        "the tool"
                    };
                    problems.push((
                        file,
                        pointer,
                        format!(
                            "the tool name `{name}` is served twice: {what} at {}#{first_pointer} has it too",
                            resolver.model.modules[*first].file
                        ),
                        "MCP clients call tools by name; rename one of the tools or actions, or drop `exposition: flat`".to_owned(),
                    ));
                }
                Some(_) => {}
                None => {
                    served.insert(name, (file, pointer, tool.flat));
                }
            }
        }
    }
    for (file, pointer, message, help) in problems {
        resolver.report(file, &pointer, message, Some(help));
    }
}

/// The longest MCP tool name clients accept.
const MAX_TOOL_NAME: usize = 64;

/// `name`, or when it is past [`MAX_TOOL_NAME`] its first 55 characters, `_` and 8 hex digits
/// of its FNV-1a hash (stable across runs and platforms). Names with other characters than
/// ASCII are left for the name check to report.
fn shortened(name: String) -> String {
    if name.len() <= MAX_TOOL_NAME || !name.is_ascii() {
        return name;
    }
    let hash = name.bytes().fold(0x811c_9dc5_u32, |hash, byte| {
        (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193)
    });
    format!("{}_{hash:08x}", &name[..MAX_TOOL_NAME - 9])
}

/// MCP's tool name rule: 1 to 64 characters among A-Z, a-z, 0-9, `_` and `-`.
fn valid_tool_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_TOOL_NAME
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

fn check_name(resolver: &mut Resolver<'_>, file: usize, name: &str) {
    if !valid_tool_name(name) {
        resolver.report(
            file,
            "/x-fusion-tool/name",
            format!("invalid tool name `{name}`"),
            Some("MCP tool names are 1 to 64 characters among A-Z, a-z, 0-9, `_` and `-`".into()),
        );
    }
}

fn resolve_tool<'a>(
    resolver: &mut Resolver<'a>,
    file: usize,
    path: &str,
    tool: &'a ToolDefinition,
) -> ToolModel {
    check_cap(
        resolver,
        file,
        "/x-fusion-tool/max-payload-bytes",
        tool.max_payload_bytes,
    );
    if tool.actions.is_empty() {
        resolver.report(
            file,
            "/x-fusion-tool/actions",
            "a tool needs at least one action",
            None,
        );
    }
    let mut actions = Vec::new();
    // Actions whose `returns` names a file that could not be read (its one error is reported
    // there): they may return a presenter once it is fixed, so nothing that depends on what
    // they return is judged.
    let mut poisoned: Vec<String> = Vec::new();
    // Actions whose Rust names collide are naming's to report (`naming::tool_names`).
    for (name, action) in &tool.actions {
        let pointer = format!("/x-fusion-tool/actions/{}", escape_pointer(name));
        // Expanding operations takes `paging` off every bound action: one left here is on an
        // action that calls no operation, in a tool that binds none.
        if action.paging.is_some() {
            resolver.report(
                file,
                &format!("{pointer}/paging"),
                format!("`{name}` pages, but it is bound to no operation"),
                Some("`paging` says how an operation's list pages: bind the action with `operation`, or remove `paging` (a handler of your own returns `Reply::More(items, More::cursor(param, &args, next))`, the same next-page suggestion)".into()),
            );
        }
        let input = action
            .input
            .as_ref()
            .and_then(|input| resolve_input(resolver, file, &pointer, tool, name, input));
        let returns = action.returns.as_ref().and_then(|returns| {
            let (reference, at, collection) = match returns {
                Returns::Item(reference) => (reference, format!("{pointer}/returns"), false),
                Returns::Collection(many) => (
                    &many.items.reference,
                    format!("{pointer}/returns/items/$ref"),
                    true,
                ),
            };
            if resolver
                .broken
                .iter()
                .any(|broken| *broken == join_relative(path, reference))
            {
                poisoned.push(name.clone());
                return None;
            }
            let module = presenter_file(resolver, file, path, reference, &at)?;
            Some(ReturnsModel { module, collection })
        });
        actions.push(ActionModel {
            name: name.clone(),
            description: action.description.clone(),
            input,
            boxed_input: false,
            returns,
            destructive: action.destructive,
            read_only: action.read_only,
            idempotent: action.idempotent,
            max_payload_bytes: check_cap(
                resolver,
                file,
                &format!("{pointer}/max-payload-bytes"),
                action.max_payload_bytes,
            )
            .or(tool.max_payload_bytes),
            concurrency: action.concurrency.map(|c| (c.max_active, c.max_queue)),
            invalidates: check_patterns(
                resolver,
                file,
                &format!("{pointer}/invalidates"),
                action.invalidates.as_deref(),
            ),
            http: resolver
                .bindings
                .get(&(path.to_owned(), name.clone()))
                .cloned(),
        });
    }
    let flat = tool.exposition == Exposition::Flat;
    if tool.select && poisoned.is_empty() && !actions.iter().any(|a| a.returns.is_some()) {
        resolver.report(
            file,
            "/x-fusion-tool/select",
            "`select: true` needs an action that `returns` a presenter",
            Some(
                "`_select` names fields of returned data; add `returns` or remove `select`".into(),
            ),
        );
    }
    if tool.structured {
        for action in actions
            .iter()
            .filter(|a| a.returns.is_none() && !poisoned.contains(&a.name))
        {
            resolver.report(
                file,
                &format!("/x-fusion-tool/actions/{}", escape_pointer(&action.name)),
                format!(
                    "`structured: true` needs every action to return a presenter; `{}` returns none",
                    action.name
                ),
                Some(
                    "give it `returns`, or drop `structured` (MCP clients reject a success without `structuredContent` from a tool that has an `outputSchema`)"
                        .into(),
                ),
            );
        }
    }
    ToolModel {
        name: tool.name.clone(),
        title: tool.title.clone(),
        description: tool.description.clone(),
        structured: tool.structured,
        open_world: tool.open_world,
        select: tool.select,
        toon_description: tool.toon_description,
        flat,
        max_payload_bytes: tool.max_payload_bytes,
        concurrency: tool.concurrency.map(|c| (c.max_active, c.max_queue)),
        actions,
    }
}

/// The largest cap: upstream holds it in a JavaScript number, exact up to 2^53 - 1.
const MAX_CAP: u64 = 9_007_199_254_740_991;

/// Checks an egress cap: below 1024 upstream would silently raise it (`Math.max(1024, bytes)`),
/// so a definition that says less is told rather than quietly overruled.
fn check_cap(
    resolver: &mut Resolver<'_>,
    file: usize,
    pointer: &str,
    cap: Option<u64>,
) -> Option<u64> {
    let cap = cap?;
    let min = fusion_runtime::egress::MIN_PAYLOAD_BYTES;
    if cap < min {
        resolver.report(
            file,
            pointer,
            format!("`max-payload-bytes` is {cap}, below the minimum of {min}"),
            Some(format!(
                "a cap under {min} bytes would leave no room for the data; use at least {min}"
            )),
        );
    } else if cap > MAX_CAP {
        resolver.report(
            file,
            pointer,
            format!("`max-payload-bytes` is {cap}, above {MAX_CAP}"),
            Some("give a cap a JavaScript number holds exactly (at most 2^53 - 1)".into()),
        );
    }
    Some(cap)
}

fn resolve_input<'a>(
    resolver: &mut Resolver<'a>,
    file: usize,
    action_pointer: &str,
    tool: &ToolDefinition,
    action: &str,
    input: &'a Schema,
) -> Option<TypeId> {
    let pointer = format!("{action_pointer}/input");
    // The input type's title (`BillingGetInput`), which docs show; naming makes its Rust name.
    let suggested = format!("{}{}Input", type_name(&tool.name), type_name(action));
    let id = match resolver.type_of(file, &pointer, input, &suggested) {
        FieldType::Named(id)
            if matches!(resolver.model.types[id].kind, TypeKind::Struct { .. }) =>
        {
            id
        }
        _ => {
            resolver.report(
                file,
                &pointer,
                "an action's `input` must be an object schema",
                Some("write `input: { type: object, properties: { ... } }`".into()),
            );
            return None;
        }
    };
    if let TypeKind::Struct { fields } = &resolver.model.types[id].kind {
        let reserved: Vec<String> = fields
            .iter()
            .filter(|f| RESERVED_INPUT_KEYS.contains(&f.key.as_str()))
            .map(|f| f.pointer.clone())
            .collect();
        for at in reserved {
            let key = at.rsplit('/').next().unwrap_or_default().to_owned();
            resolver.report(
                file,
                &at,
                format!("the input field `{key}` is reserved"),
                Some("`action` selects the action and `_select` the returned fields; rename the field".into()),
            );
        }
    }
    report_kept_keys(resolver, id);
    warn_renamed_fields(resolver, id);
    warn_reusable_enums(resolver, file, id);
    Some(id)
}

/// A warning for each input field whose key is a Rust keyword: its field in the input struct is
/// the key and `_` (`type_`, `self_`), which the handler reads as `args.type_`; unless the
/// author chose the Rust name (`x-fusion-name`).
fn warn_renamed_fields(resolver: &mut Resolver<'_>, input: TypeId) {
    let def = &resolver.model.types[input];
    let file = def.module;
    let renamed: Vec<(String, String, String)> = def
        .fields()
        .iter()
        .filter(|f| f.rust_name.is_none() && crate::naming::is_keyword(&f.key))
        .map(|f| {
            let rust = crate::naming::value_name(&f.key, "field");
            (f.pointer.clone(), f.key.clone(), rust)
        })
        .collect();
    for (pointer, key, rust) in renamed {
        resolver.warn(
            file,
            &pointer,
            format!("the input field `{key}` is the Rust field `{rust}`: `{key}` is a Rust keyword"),
            Some(format!(
                "the handler reads it as `args.{rust}`; the wire keeps `{key}`. To choose the Rust name, add `x-fusion-name: <name>` to the property"
            )),
        );
    }
}

/// A warning for each enum written inline in a tool input whose values are those of an enum a
/// presenter already declares: the input gets a Rust enum of its own (`BooksSearchInputStatus`)
/// that the handler must convert; the help gives the `$ref` that reuses the presenter's.
fn warn_reusable_enums(resolver: &mut Resolver<'_>, tool_file: usize, input: TypeId) {
    let tool_path = resolver.model.modules[tool_file].file.clone();
    let mut found: Vec<(String, String, String)> = Vec::new();
    for field in resolver.model.types[input].fields() {
        let Some(id) = field.ty.named() else {
            continue;
        };
        let own = &resolver.model.types[id];
        let TypeKind::Enum { values } = &own.kind else {
            continue;
        };
        // Only an enum written in this tool file: a `$ref`'d one is reuse already.
        if own.module != tool_file {
            continue;
        }
        let mut sorted = values.clone();
        sorted.sort();
        let equal = resolver.model.types.iter().find(|other| {
            other.module != tool_file
                && resolver.model.modules[other.module].tool.is_none()
                && matches!(&other.kind, TypeKind::Enum { values: theirs } if {
                    let mut theirs = theirs.clone();
                    theirs.sort();
                    theirs == sorted
                })
        });
        if let Some(other) = equal {
            let target = relative_to(&tool_path, &resolver.model.modules[other.module].file);
            let reference = if other.pointer.is_empty() {
                target
            } else {
                format!("{target}#{}", other.pointer)
            };
            found.push((own.pointer.clone(), field.key.clone(), reference));
        }
    }
    for (pointer, key, reference) in found {
        resolver.warn(
            tool_file,
            &pointer,
            format!("the input field `{key}` declares an enum equal to the one at `{reference}`"),
            Some(format!(
                "write `{key}: {{ $ref: \"{reference}\" }}` to reuse that type: the handler then gets the presenter's enum, not a copy to convert"
            )),
        );
    }
}

/// Arguments are parsed field by field against declared keys: the arguments object itself holds
/// `action` and `_select` beside the fields, so it cannot also keep undeclared keys (nested
/// objects can: `.catchall()`). A union at the root has no fields to parse.
fn report_kept_keys(resolver: &mut Resolver<'_>, input: TypeId) {
    let def = &resolver.model.types[input];
    let (file, pointer) = (def.module, def.pointer.clone());
    if matches!(def.kind, TypeKind::Union { .. }) {
        resolver.report(
            file,
            &pointer,
            "an action's input must be one object, not a union",
            Some("declare one object with the fields of every branch, or move the union into a field".into()),
        );
    } else if def.extra.is_some() {
        resolver.report(
            file,
            &format!("{pointer}/additionalProperties"),
            "an action's arguments cannot keep undeclared keys: `action` and `_select` sit beside them",
            Some("move the map into a field of the input (`properties: {labels: {additionalProperties: …}}`)".into()),
        );
    }
}

/// Checks the `pattern` of every field of every type a tool input reaches, each type once
/// (inputs may share types through `$ref`).
fn check_input_patterns(resolver: &mut Resolver<'_>) {
    let mut pending: Vec<TypeId> = resolver
        .model
        .modules
        .iter()
        .filter_map(|m| m.tool.as_ref())
        .flat_map(|tool| tool.actions.iter().filter_map(|a| a.input))
        .collect();
    let mut seen = vec![false; resolver.model.types.len()];
    let mut patterns = Vec::new();
    while let Some(id) = pending.pop() {
        if std::mem::replace(&mut seen[id], true) {
            continue;
        }
        pending.extend(resolver.model.reached(id));
        let def = &resolver.model.types[id];
        let refused = match def.kind {
            TypeKind::Literals { .. } => Some((
                "tool arguments cannot take an `enum` of values other than strings yet",
                "list strings in `enum`, or take an `integer` bounded by `minimum` and `maximum`",
            )),
            TypeKind::Tuple { .. } => Some((
                "tool arguments cannot take a tuple yet",
                "take an object with one property per position",
            )),
            _ => None,
        };
        if let Some((message, help)) = refused {
            let (file, pointer) = (def.module, def.pointer.clone());
            resolver.report(file, &pointer, message, Some(help.into()));
            continue;
        }
        let def = &resolver.model.types[id];
        let mut unenforced: Vec<(usize, String, &'static str)> = def
            .unenforced
            .iter()
            .map(|keyword| (def.module, def.pointer.clone(), *keyword))
            .collect();
        for field in def.fields() {
            unenforced.extend(
                field
                    .unenforced
                    .iter()
                    .map(|keyword| (def.module, field.pointer.clone(), *keyword)),
            );
        }
        for (module, pointer, keyword) in unenforced {
            resolver.report(
                module,
                &format!("{pointer}/{keyword}"),
                format!("tool arguments cannot check `{keyword}`"),
                Some(format!(
                    "an argument is checked against everything its schema says, and fusion-gen does not check `{keyword}`: remove it from the input and check it in the handler (on presenter data it is documentation)"
                )),
            );
        }
        let def = &resolver.model.types[id];
        if let TypeKind::Struct { fields } = &def.kind {
            patterns.extend(
                fields.iter().filter_map(|f| {
                    Some((def.module, f.pointer.clone(), f.bounds.pattern.clone()?))
                }),
            );
        }
    }
    patterns.sort();
    for (module, pointer, pattern) in patterns {
        check_pattern(resolver, module, &pointer, &pattern);
    }
}

/// A tool argument's `pattern` runs on the `regex` crate's syntax (wire format §12): it must
/// translate from ECMAScript (`fusion_runtime::vocabulary::pattern::translate`) and compile within
/// the runtime's budget, or the tool would refuse every value at run time.
fn check_pattern(resolver: &mut Resolver<'_>, file: usize, field: &str, pattern: &str) {
    if let Some(problem) = pattern_problem(pattern) {
        resolver.report(
            file,
            &format!("{field}/pattern"),
            format!("unsupported `pattern` `{pattern}` in a tool input: {}", problem.reason),
            Some(problem.help.unwrap_or_else(|| "tool arguments check `pattern` with the regex crate: use the syntax JavaScript and the crate share (classes, groups, quantifiers, anchors, `\\d`, `\\w`, `\\s`, `\\b`)".into())),
        );
    }
}

/// Why an ECMAScript pattern cannot run with its JavaScript meaning, and what to do when that
/// is more specific than the caller's advice on syntax.
pub(super) struct PatternProblem {
    pub reason: String,
    pub help: Option<String>,
}

/// Why an ECMAScript pattern cannot run on the `regex` crate with its JavaScript meaning (it
/// does not translate, or its translation does not compile), or cannot run in time linear in
/// the text (compiled, it is over the runtime's `COMPILED_SIZE_BUDGET`), if it cannot.
pub(super) fn pattern_problem(pattern: &str) -> Option<PatternProblem> {
    use fusion_runtime::vocabulary::pattern::{
        COMPILED_SIZE_BUDGET, CompileError, compile, translate,
    };
    let translated = match translate(pattern) {
        Ok(translated) => translated,
        Err(reason) => return Some(PatternProblem { reason, help: None }),
    };
    if let Err(error) = regex::Regex::new(&translated) {
        // The crate's error is several lines (the pattern, a caret, the reason): keep the reason.
        let reason = error.to_string();
        let reason = reason
            .lines()
            .last()
            .unwrap_or_default()
            .trim()
            .trim_start_matches("error: ")
            .to_owned();
        return Some(PatternProblem {
            reason: format!("the regex crate does not support it: {reason}"),
            help: None,
        });
    }
    match compile(&translated) {
        Ok(_) => None,
        Err(CompileError::OverBudget) => Some(PatternProblem {
            reason: format!(
                "compiled, it would take more than the {} a pattern may take (fusion-runtime's \
                 `COMPILED_SIZE_BUDGET`, which keeps every check linear in the length of the text)",
                bytes_shown(COMPILED_SIZE_BUDGET)
            ),
            help: Some(
                "a bounded repetition compiles to a copy of what it repeats per count \
                 (`.{500,2000}` is 2,000 copies of `.`): use a smaller bound, or bound the \
                 length with `maxLength` and keep the pattern simple (`maxLength: 2000` with \
                 `^[^\\n]*Q$` instead of `^.{500,2000}Q$`)"
                    .into(),
            ),
        }),
        Err(CompileError::Invalid(reason)) => Some(PatternProblem {
            reason: format!("it cannot run as a DFA: {reason}"),
            help: None,
        }),
    }
}

/// `bytes` in the largest binary unit that divides it (`1 MiB`, `512 KiB`).
fn bytes_shown(bytes: usize) -> String {
    match bytes {
        0 => "0 bytes".to_owned(),
        _ if bytes.is_multiple_of(1 << 20) => format!("{} MiB", bytes >> 20),
        _ if bytes.is_multiple_of(1 << 10) => format!("{} KiB", bytes >> 10),
        _ => format!("{bytes} bytes"),
    }
}

/// The module of the presenter file `reference` names, relative to the tool file.
fn presenter_file(
    resolver: &mut Resolver<'_>,
    file: usize,
    from: &str,
    reference: &str,
    pointer: &str,
) -> Option<usize> {
    let target = join_relative(from, reference);
    let found = resolver.files.get(target.as_str()).copied();
    match found {
        Some(module) if resolver.model.modules[module].presenter.is_some() => Some(module),
        _ => {
            let mut candidates: Vec<String> = resolver
                .model
                .modules
                .iter()
                .filter(|m| m.presenter.is_some())
                .map(|m| relative_to(from, &m.file))
                .collect();
            candidates.sort();
            let message = match found {
                Some(_) => {
                    format!("`{reference}` defines no presenter (its root is not an object schema)")
                }
                None => format!("unknown presenter `{reference}`: no definition file `{target}`"),
            };
            let help = did_you_mean(reference, candidates.iter().map(String::as_str))
                .map(|s| format!("did you mean `{s}`?"))
                .or_else(|| {
                    Some(format!(
                        "`returns` names a presenter file relative to the tool file; presenters: {}",
                        candidates.join(", ")
                    ))
                });
            resolver.report(file, pointer, message, help);
            None
        }
    }
}

/// Checks state-sync patterns as upstream's `PolicyValidator` does when the server starts
/// (there a bad pattern throws): dot-separated segments, each `*`, `**` or a run of ASCII letters,
/// digits, `_` and `-`. An empty list would invalidate nothing.
fn check_patterns(
    resolver: &mut Resolver<'_>,
    file: usize,
    pointer: &str,
    patterns: Option<&[String]>,
) -> Vec<String> {
    let Some(patterns) = patterns else {
        return Vec::new();
    };
    if patterns.is_empty() {
        resolver.report(
            file,
            pointer,
            "an empty `invalidates` invalidates nothing",
            Some(
                "name the cache domains a success makes stale (`billing.*`), or remove the key"
                    .into(),
            ),
        );
    }
    for (index, pattern) in patterns.iter().enumerate() {
        let valid_segment = |segment: &str| {
            matches!(segment, "*" | "**")
                || (!segment.is_empty()
                    && segment
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        };
        if let Some(segment) = pattern.split('.').find(|s| !valid_segment(s)) {
            resolver.report(
                file,
                &format!("{pointer}/{index}"),
                format!("invalid cache pattern `{pattern}`: the segment `{segment}` is not allowed"),
                Some("patterns are dot-separated segments, each `*`, `**` or letters, digits, `_` and `-` (`billing.*`)".into()),
            );
        }
    }
    patterns.to_vec()
}
