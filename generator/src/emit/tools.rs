//! A tool file's module: the view `templates/tool.rs.jinja` renders (typed arguments, `_select`,
//! handler trait, dispatcher, schemas), appended to the module of the file's input types.

use askama::Template;
use proc_macro2::TokenStream;
use quote::quote;

use super::code::{
    CommentText, Ident, InternalError, ItemRef, Literal, Number, Runtime, RustType, ident, literal,
};
use super::tool_schema::{
    action_select_keys, description, flat_description, flat_input_schema, input_schema,
    output_schema, tool_output_schema,
};
use super::view::{EnumView, VariantView};
use crate::model::{Model, TypeId, TypeKind};
use crate::naming::Names;

/// The tool part of a tool file's module.
#[derive(Template)]
#[template(path = "tool.rs.jinja", escape = "none")]
pub struct ToolTemplate {
    /// Path of the runtime crate.
    pub rt: Runtime,
    /// The tool's data.
    pub tool: ToolView,
}

/// One tool.
pub struct ToolView {
    /// The tool name as a Rust literal.
    pub name: Literal,
    /// The tool name, for docs.
    pub raw_name: CommentText,
    /// The title.
    pub title: Option<Literal>,
    /// The description as a Rust literal.
    pub description: Literal,
    /// The tool's output schema JSON as a Rust literal, when `structured: true`.
    pub output_schema: Option<Literal>,
    /// `openWorldHint`.
    pub open_world: Option<bool>,
    /// The description is the TOON form.
    pub toon: bool,
    /// The input schema JSON as a Rust literal.
    pub input_schema: Literal,
    /// MCP hints.
    pub read_only: bool,
    /// MCP hints.
    pub destructive: bool,
    /// MCP hints.
    pub idempotent: bool,
    /// The arguments enum.
    pub args: Ident,
    /// The call struct.
    pub call: Ident,
    /// The handler trait.
    pub handler: Ident,
    /// The struct binding a handler, a `ServedTool`.
    pub served: Ident,
    /// The presenters the actions return, each once, in action order: the hooks a binding
    /// holds implement `Hooks` for each of them.
    pub hooked: Vec<ItemRef>,
    /// The `_select` enum, when enabled.
    pub select: Option<EnumView>,
    /// The egress cap of argument errors, in bytes.
    pub cap: Option<Number>,
    /// The concurrency limits the tool file declares, when it declares any.
    pub limits: Option<LimitsView>,
    /// Flat exposition: every action is an MCP tool of its own ([`FlatView`]).
    pub flat: bool,
    /// The actions.
    pub actions: Vec<ActionView>,
}

/// The `concurrency` of a tool and its actions, as `fusion_runtime::Limits`.
pub struct LimitsView {
    /// The tool's `(max-active, max-queue)`.
    pub tool: Option<(Number, Number)>,
    /// Each action's own: its name as a Rust literal, `max-active`, `max-queue`.
    pub actions: Vec<(Literal, Number, Number)>,
}

/// `(max-active, max-queue)` as `u32` literals.
fn concurrency(limit: (u32, u32)) -> (Number, Number) {
    (
        Number::Int(limit.0.into(), "u32"),
        Number::Int(limit.1.into(), "u32"),
    )
}

/// One action.
pub struct ActionView {
    /// The action name as a Rust literal.
    pub name: Literal,
    /// The action name, for docs.
    pub raw_name: CommentText,
    /// `tool/action` as a Rust literal, for `<validation_error action="...">`.
    pub at: Literal,
    /// The doc as a Rust literal.
    pub doc: Literal,
    /// Enum variant.
    pub variant: Ident,
    /// Handler method.
    pub method: Ident,
    /// The input struct's path.
    pub input: Option<ItemRef>,
    /// The arguments' enum holds the input boxed (it is large).
    pub boxed: bool,
    /// The keys the arguments may hold, as Rust literals.
    pub keys: Vec<Literal>,
    /// The handler's `Ok` type.
    pub reply: RustType,
    /// The presenter, when the action returns one.
    pub returns: Option<ReturnsView>,
    /// The egress cap of the action's responses, in bytes.
    pub cap: Option<Number>,
    /// State sync: `tool.action` and the patterns.
    pub invalidates: Option<(Literal, Vec<Literal>)>,
    /// The action's own MCP tool, under flat exposition.
    pub flat: Option<FlatView>,
    /// MCP hints, the action's own (its `ActionInfo`, which the checks after validation read).
    pub read_only: bool,
    /// MCP hints, the action's own.
    pub destructive: bool,
    /// MCP hints, the action's own.
    pub idempotent: bool,
}

/// One action's own MCP tool under flat exposition.
pub struct FlatView {
    /// `{PREFIX}_NAME`.
    pub name_const: Ident,
    /// `{PREFIX}_DESCRIPTION`.
    pub description_const: Ident,
    /// `{PREFIX}_INPUT_SCHEMA`.
    pub input_schema_const: Ident,
    /// `{PREFIX}_TOOL`.
    pub tool_const: Ident,
    /// The flat tool name (`tool_action`) as a Rust literal.
    pub name: Literal,
    /// The flat tool name, for docs.
    pub raw_name: CommentText,
    /// The description as a Rust literal.
    pub description: Literal,
    /// The input schema JSON as a Rust literal.
    pub input_schema: Literal,
    /// MCP hints, the action's own.
    pub read_only: bool,
    /// MCP hints, the action's own.
    pub destructive: bool,
    /// MCP hints, the action's own.
    pub idempotent: bool,
    /// `{PREFIX}_SELECT` and the action's `_select` keys as variants of the tool's `_select`
    /// enum, when the action takes `_select`.
    pub select: Option<(Ident, Vec<Ident>)>,
    /// The keys the arguments may hold, as Rust literals (`action` is ignored, as upstream).
    pub keys: Vec<Literal>,
}

/// An action's presenter.
pub struct ReturnsView {
    /// Presenter value path.
    pub presenter: ItemRef,
    /// Item type path.
    pub item: ItemRef,
    /// A collection.
    pub collection: bool,
    /// The runtime function that presents the result with hooks (`present_item_with`,
    /// `present_collection_with`, or their `_structured` forms).
    pub present_fn: Ident,
    /// Output schema constant name.
    pub schema_const: Ident,
    /// Output schema JSON as a Rust literal.
    pub schema: Literal,
    /// The selection expression passed to the presenter.
    pub selection: TokenStream,
    /// The selection function's name.
    pub select_fn: Ident,
    /// `(select variant, field index)` per key the presenter has, when `_select` is on.
    pub select_arms: Option<Vec<(Ident, Number)>>,
    /// Some select keys are not this presenter's: the match needs a fallback arm.
    pub partial: bool,
    /// The one select key this presenter lacks, when it lacks only one: the fallback arm names
    /// it (clippy's `match_wildcard_for_single_variants`), else it is `_`.
    pub lone_missing: Option<Ident>,
    /// `(select variant, key, the other actions whose data has it)` per key this presenter
    /// lacks, for the directive that says so (wire format §9).
    pub foreign: Vec<(Ident, Literal, Literal)>,
    /// This presenter's root keys, in schema order, for that directive.
    pub own_keys: Vec<Literal>,
    /// A collection's filter parameters (`ActionModel::filters`), with the name of the
    /// constant that holds them, when there are any.
    pub filters: Option<(Ident, Vec<Literal>)>,
}

impl ReturnsView {
    /// The `filters` argument of a collection's present call: the filters' constant, or none.
    pub fn filters_argument(&self) -> TokenStream {
        match &self.filters {
            Some((name, _)) => quote!(#name),
            None => quote!(&[]),
        }
    }
}

/// Renders the tool of module `index`, or `None` when the file is no tool file.
/// `def_keys` are the types' `$defs` keys in the schemas it publishes.
pub fn render(
    model: &Model,
    names: &Names,
    index: usize,
    rt: &Runtime,
    def_keys: &[String],
) -> Result<Option<String>, InternalError> {
    let Some(tool) = &model.modules[index].tool else {
        return Ok(None);
    };
    let tool_names = names
        .module(index)
        .tool
        .as_ref()
        .ok_or_else(|| InternalError(format!("the tool `{}` has no names", tool.name)))?;
    // Read only when `select` is on, when naming gave every key its variant.
    let select_keys: &[(String, String)] = tool_names
        .select
        .as_ref()
        .map(|s| s.variants.as_slice())
        .unwrap_or_default();
    let select = tool_names.select.as_ref().map(|select| EnumView {
        // Read from the arguments, never written into a response.
        argument_only: true,
        deprecated: false,
        name: ident(&select.name),
        doc: vec![literal(&format!(
            " The `_select` keys of `{}`: the root fields of every action's returned data (wire format §9).",
            tool.name
        ))],
        variants: select_keys
            .iter()
            .map(|(key, variant)| VariantView {
                name: ident(variant),
                value: literal(key),
                doc: literal(&format!(" `{key}`")),
            })
            .collect(),
    });
    let path = |id: TypeId| ItemRef::ty(model, names, index, id);
    let mut action_schemas = Vec::new();
    // Actions that return the same item with every `_select` key theirs share one selection
    // function: its body depends on the item only.
    let mut shared_selections: Vec<(TypeId, Ident)> = Vec::new();
    let actions: Vec<ActionView> = tool
        .actions
        .iter()
        .enumerate()
        .map(|(i, action)| {
            let action_names = tool_names.actions.get(i).ok_or_else(|| {
                InternalError(format!("the action `{}` has no names", action.name))
            })?;
            let method = &action_names.method;
            let mut keys = vec![literal("action")];
            if tool.select {
                keys.push(literal("_select"));
            }
            if let Some(input) = action.input
                && let TypeKind::Struct { fields } = &model.types[input].kind
            {
                keys.extend(fields.iter().map(|f| literal(&f.key)));
            }
            let missing = || {
                InternalError(format!(
                    "`{}/{}` returns the presenter of a module that has none",
                    tool.name, action.name
                ))
            };
            let returns = action
                .returns
                .map(|returns| {
                    let presenter = model.modules[returns.module]
                        .presenter
                        .as_ref()
                        .ok_or_else(missing)?;
                    let item = presenter.item;
                    // A struct's fields, or a union's keys over all its branches.
                    let item_keys = model.root_keys(item);
                    let select_fn = ident(&action_names.selection);
                    let select_arms = tool.select.then(|| {
                        select_keys
                            .iter()
                            .filter_map(|(key, variant)| {
                                let index = item_keys.iter().position(|k| k == key)?;
                                Some((ident(variant), Number::Int(index as i128, "u16")))
                            })
                            .collect::<Vec<_>>()
                    });
                    let partial = select_arms
                        .as_ref()
                        .is_some_and(|a| a.len() < select_keys.len());
                    let (select_fn, select_arms) =
                        match shared_selections.iter().find(|(shared, _)| *shared == item) {
                            Some((_, shared)) if !partial && select_arms.is_some() => {
                                (shared.clone(), None)
                            }
                            _ => {
                                if !partial && select_arms.is_some() {
                                    shared_selections.push((item, select_fn.clone()));
                                }
                                (select_fn, select_arms)
                            }
                        };
                    let missing_keys: Vec<&String> = select_keys
                        .iter()
                        .filter(|(key, _)| !item_keys.contains(&key.as_str()))
                        .map(|(_, variant)| variant)
                        .collect();
                    let lone_missing = match missing_keys.as_slice() {
                        [variant] if partial => Some(ident(variant)),
                        _ => None,
                    };
                    let foreign = if partial {
                        select_keys
                            .iter()
                            .filter(|(key, _)| !item_keys.contains(&key.as_str()))
                            .map(|(key, variant)| {
                                let owners: Vec<&str> = tool
                                    .actions
                                    .iter()
                                    .filter(|other| {
                                        other.returns.is_some_and(|r| {
                                            model.modules[r.module].presenter.as_ref().is_some_and(
                                                |p| model.root_keys(p.item).contains(&key.as_str()),
                                            )
                                        })
                                    })
                                    .map(|other| other.name.as_str())
                                    .collect();
                                (ident(variant), literal(key), literal(&owners.join(", ")))
                            })
                            .collect()
                    } else {
                        Vec::new()
                    };
                    let own_keys = item_keys.iter().map(|key| literal(key)).collect();
                    let presenter_name = names
                        .module(returns.module)
                        .presenter
                        .as_ref()
                        .map(|p| p.name.as_str())
                        .ok_or_else(missing)?;
                    let schema =
                        output_schema(model, def_keys, item, returns.collection, tool.select);
                    let present_fn = match (returns.collection, tool.structured) {
                        (false, false) => "present_item_with",
                        (true, false) => "present_collection_with",
                        (false, true) => "present_item_structured_with",
                        (true, true) => "present_collection_structured_with",
                    };
                    action_schemas.push(schema.clone());
                    Ok(ReturnsView {
                        presenter: ItemRef::in_module(names, returns.module, presenter_name, None),
                        item: path(item),
                        collection: returns.collection,
                        present_fn: ident(present_fn),
                        schema_const: ident(&action_names.output_schema),
                        schema: literal(&schema.to_string()),
                        selection: if tool.select {
                            quote!(#select_fn(&call.select))
                        } else {
                            quote!(#rt::Selection::all())
                        },
                        select_fn,
                        select_arms,
                        partial,
                        lone_missing,
                        foreign,
                        own_keys,
                        filters: Some(action.filters(model))
                            .filter(|filters| !filters.is_empty())
                            .map(|filters| {
                                let names = filters.into_iter().map(literal).collect();
                                (ident(&action_names.filters), names)
                            }),
                    })
                })
                .transpose()?;
            let flat = tool.flat.then(|| {
                let takes_select = tool.select && action.returns.is_some();
                let mut flat_keys = vec![literal("action")];
                if takes_select {
                    flat_keys.push(literal("_select"));
                }
                flat_keys.extend(keys.iter().skip(if tool.select { 2 } else { 1 }).cloned());
                let own_keys = action_select_keys(model, action);
                FlatView {
                    name_const: ident(&action_names.flat.name),
                    description_const: ident(&action_names.flat.description),
                    input_schema_const: ident(&action_names.flat.input_schema),
                    tool_const: ident(&action_names.flat.tool),
                    name: literal(&tool.flat_name(action)),
                    raw_name: CommentText::new(&tool.flat_name(action)),
                    description: literal(&flat_description(model, tool, action)),
                    input_schema: literal(
                        &flat_input_schema(model, def_keys, tool, action).to_string(),
                    ),
                    read_only: action.read_only,
                    destructive: action.destructive,
                    idempotent: action.idempotent,
                    select: takes_select.then(|| {
                        (
                            ident(&action_names.flat.select),
                            select_keys
                                .iter()
                                .filter(|(key, _)| own_keys.contains(key))
                                .map(|(_, variant)| ident(variant))
                                .collect(),
                        )
                    }),
                    keys: flat_keys,
                }
            });
            let reply = match &returns {
                Some(r) => {
                    let item = RustType::Item(r.item.clone());
                    let data = if r.collection { item.vec() } else { item };
                    RustType::RuntimeOf(rt.clone(), "Reply", Box::new(data))
                }
                None => RustType::Runtime(rt.clone(), "ToolResponse"),
            };
            Ok(ActionView {
                name: literal(&action.name),
                raw_name: CommentText::new(&action.name),
                at: literal(&format!("{}/{}", tool.name, action.name)),
                doc: literal(&format!(
                    " `{}`: {}",
                    action.name,
                    action.description.as_deref().unwrap_or("(no description)")
                )),
                variant: ident(&action_names.variant),
                method: ident(method),
                input: action.input.map(path),
                boxed: action.boxed_input,
                read_only: action.read_only,
                destructive: action.destructive,
                idempotent: action.idempotent,
                keys,
                reply,
                returns,
                cap: action
                    .max_payload_bytes
                    .map(|cap| Number::Int(cap.into(), "u64")),
                invalidates: (!action.invalidates.is_empty()).then(|| {
                    (
                        literal(&format!("{}.{}", tool.name, action.name)),
                        action.invalidates.iter().map(|p| literal(p)).collect(),
                    )
                }),
                flat,
            })
        })
        .collect::<Result<Vec<ActionView>, InternalError>>()?;
    let http = super::tool_http::http_handler(tool, tool_names, &actions, rt).to_string();
    let mut hooked: Vec<ItemRef> = Vec::new();
    for returns in actions.iter().filter_map(|a| a.returns.as_ref()) {
        if !hooked.contains(&returns.presenter) {
            hooked.push(returns.presenter.clone());
        }
    }
    let action_limits: Vec<(Literal, Number, Number)> = tool
        .actions
        .iter()
        .filter_map(|action| {
            let (active, queue) = concurrency(action.concurrency?);
            Some((literal(&action.name), active, queue))
        })
        .collect();
    let limits = (tool.concurrency.is_some() || !action_limits.is_empty()).then(|| LimitsView {
        tool: tool.concurrency.map(concurrency),
        actions: action_limits,
    });
    let view = ToolView {
        limits,
        hooked,
        cap: tool
            .max_payload_bytes
            .map(|cap| Number::Int(cap.into(), "u64")),
        name: literal(&tool.name),
        raw_name: CommentText::new(&tool.name),
        title: tool.title.as_deref().map(literal),
        description: literal(&description(model, tool)),
        output_schema: tool
            .structured
            .then(|| tool_output_schema(&action_schemas))
            .flatten()
            .map(|schema| literal(&schema.to_string())),
        open_world: tool.open_world,
        toon: tool.toon_description,
        flat: tool.flat,
        input_schema: literal(&input_schema(model, def_keys, tool).to_string()),
        read_only: tool.actions.iter().all(|a| a.read_only),
        destructive: tool.actions.iter().any(|a| a.destructive),
        idempotent: tool.actions.iter().all(|a| a.idempotent),
        args: ident(&tool_names.args),
        call: ident(&tool_names.call),
        handler: ident(&tool_names.handler),
        served: ident(&tool_names.served),
        select,
        actions,
    };
    let mut code = super::code::render(&ToolTemplate {
        rt: rt.clone(),
        tool: view,
    })?;
    code.push_str(&http);
    Ok(Some(code))
}
