//! The tool arguments' readers: a `FromArgument` implementation per input type (wire format
//! §12), each field read with its bounds, unions as zod's `z.union` / `z.discriminatedUnion`
//! read them, maps (`additionalProperties`) as `.catchall()`.

use std::collections::BTreeSet;

use askama::Template;
use proc_macro2::TokenStream;
use quote::quote;

use super::code::{
    Ident, InternalError, ItemRef, Literal, Number, Runtime, RustType, ident, literal, option,
};
use super::members::extra_field;
use super::view::rust_type;
use crate::model::{FieldBounds, FieldDef, FieldType, Model, TypeId, TypeKind};
use crate::naming::Names;

/// A `FromArgument` implementation.
pub enum ArgImpl {
    /// A string enum, by its path.
    Enum(ItemRef),
    /// An object.
    Struct(ArgStruct),
    /// A union.
    Union(ArgUnion),
}

/// A union read as zod reads it: tried in order, or dispatched on its tag.
pub struct ArgUnion {
    /// Type path.
    pub path: ItemRef,
    /// `(variant identifier, branch type)` in branch order.
    pub branches: Vec<(Ident, RustType)>,
    /// The tag key and the tags in branch order, for a tagged union.
    pub tag: Option<(Literal, Vec<Literal>)>,
}

/// An object read field by field.
pub struct ArgStruct {
    /// Type path.
    pub path: ItemRef,
    /// Fields.
    pub fields: Vec<ArgField>,
    /// `(field identifier, value type)` of the map that keeps the undeclared keys.
    pub extra: Option<(Ident, RustType)>,
    /// The check of `minProperties`/`maxProperties`, a statement, when the schema has them.
    pub count: Option<TokenStream>,
    /// `Deserialize` comes from this reader too: the struct is read only from arguments (one
    /// that is also data has its own from its `__record!` table).
    pub deserialize: bool,
}

impl ArgStruct {
    /// Whether the reader reads nothing from the object (its parameters go unused).
    pub fn reads_nothing(&self) -> bool {
        self.fields.is_empty() && self.extra.is_none() && self.count.is_none()
    }
}

/// One field read.
pub struct ArgField {
    /// Field identifier.
    pub name: Ident,
    /// The local the field is read into (`field_<position>`): numbered, so that a field named
    /// `map`, `path` or `issues` does not shadow the parameters later fields are read with.
    pub local: Ident,
    /// The key as a Rust literal.
    pub key: Literal,
    /// The reading expression.
    pub read: TokenStream,
}

/// The readers of the input types module `index` owns (`owned`, from [`argument_types`]);
/// `data_types` is [`Model::data_types`].
pub fn arg_impls(
    model: &Model,
    names: &Names,
    index: usize,
    (owned, data_types): (&[TypeId], &[bool]),
    rt: &Runtime,
) -> Result<Vec<ArgImpl>, InternalError> {
    let path = |id: TypeId| ItemRef::ty(model, names, index, id);
    owned
        .iter()
        .filter_map(|&id| match &model.types[id].kind {
            TypeKind::Union { variants, tag } => Some(Ok(ArgImpl::Union(ArgUnion {
                path: path(id),
                branches: variants
                    .iter()
                    .zip(&names.ty(id).variants)
                    .map(|(variant, name)| {
                        let ty = rust_type(model, names, index, &variant.ty, rt);
                        (ident(name), if variant.boxed { ty.boxed() } else { ty })
                    })
                    .collect(),
                tag: tag.as_ref().map(|tag| {
                    (
                        literal(&tag.key),
                        tag.values.iter().map(|v| literal(v)).collect(),
                    )
                }),
            }))),
            TypeKind::Enum { .. } => Some(Ok(ArgImpl::Enum(path(id)))),
            // Refused in tool inputs when resolving (`check_input_patterns`): nothing to read.
            TypeKind::Literals { .. } | TypeKind::Tuple { .. } => None,
            TypeKind::Struct { fields } => Some(
                arg_struct(model, names, (index, id), fields, !data_types[id], rt)
                    .map(ArgImpl::Struct),
            ),
        })
        .collect()
}

/// The reader of struct `id`, whose fields are `fields`, in module `index`; `deserialize` when
/// the struct's `Deserialize` is to come from it too (see [`ArgStruct::deserialize`]).
fn arg_struct(
    model: &Model,
    names: &Names,
    (index, id): (usize, TypeId),
    fields: &[FieldDef],
    deserialize: bool,
    rt: &Runtime,
) -> Result<ArgStruct, InternalError> {
    let count = model.types[id].property_count;
    let count = count.is_set().then(|| {
        let bound = |bound: Option<u64>| option(bound.map(|n| Number::Int(n.into(), "u64")));
        let (min, max) = (bound(count.min), bound(count.max));
        quote!(#rt::__private::args::check_property_count(map, #min, #max, path, issues);)
    });
    Ok(ArgStruct {
        deserialize,
        count,
        path: ItemRef::ty(model, names, index, id),
        extra: extra_field(model, names, id)?
            .map(|(name, ty)| (name, rust_type(model, names, index, ty, rt))),
        fields: fields
            .iter()
            .zip(&names.ty(id).fields)
            .map(|(field, field_names)| {
                let mut inner = rust_type(model, names, index, field.ty.non_null(), rt);
                if field.boxed {
                    inner = inner.boxed();
                }
                let nullable = matches!(field.ty, FieldType::Nullable(_));
                let ty = if nullable { inner.optional() } else { inner };
                // An optional nullable argument keeps `null` apart from absence
                // (`Option<Option<T>>`), as its data struct does.
                let helper = if field.required {
                    "required"
                } else {
                    "optional"
                };
                let key = literal(&field.key);
                let read = if field.bounds.is_empty() {
                    let helper = ident(helper);
                    quote!(#rt::__private::args::#helper::<#ty>(map, #key, path, issues))
                } else {
                    let helper = ident(&format!("{helper}_bounded"));
                    let bounds = bounds_expr(rt, &field.bounds)?;
                    quote! {
                        {
                            static BOUNDS: #rt::__private::bounds::Bounds = #bounds;
                            #rt::__private::args::#helper::<#ty>(map, #key, &BOUNDS, path, issues)
                        }
                    }
                };
                Ok(ArgField {
                    name: ident(&field_names.name),
                    local: ident(&field_names.local),
                    key,
                    read,
                })
            })
            .collect::<Result<_, InternalError>>()?,
    })
}

/// The `__rt::__private::bounds::Bounds` value of a field's bounds, as a constant expression.
fn bounds_expr(rt: &Runtime, bounds: &FieldBounds) -> Result<TokenStream, InternalError> {
    let limit = |number: &serde_json::Number| {
        let value = match (number.as_i64(), number.as_u64(), number.as_f64()) {
            (Some(i), _, _) => {
                let i = Literal::i64_unsuffixed(i);
                quote!(Int(#i))
            }
            (_, Some(u), _) => {
                let u = Literal::u64_unsuffixed(u);
                quote!(Int(#u))
            }
            (_, _, Some(f)) => {
                let f = Number::Float(f);
                quote!(Float(#f))
            }
            _ => unreachable!("serde_json numbers are i64, u64 or f64"),
        };
        quote!(#rt::__private::bounds::Limit::#value)
    };
    let count = |count: Option<u64>| option(count.map(|c| Number::Int(c.into(), "u64")));
    let number = |value: &Option<serde_json::Number>| option(value.as_ref().map(limit));
    let pattern = option(
        bounds
            .pattern
            .as_deref()
            .map(|pattern| pattern_constructor(pattern, rt))
            .transpose()?,
    );
    let format = option(
        bounds
            .format
            .as_deref()
            .and_then(fusion_runtime::vocabulary::formats::Format::from_keyword)
            .map(|format| {
                let variant =
                    proc_macro2::Ident::new(format.variant_name(), proc_macro2::Span::call_site());
                quote!(#rt::__private::formats::Format::#variant)
            }),
    );
    let minimum = number(&bounds.minimum);
    let exclusive_minimum = number(&bounds.exclusive_minimum);
    let maximum = number(&bounds.maximum);
    let exclusive_maximum = number(&bounds.exclusive_maximum);
    let min_length = count(bounds.min_length);
    let max_length = count(bounds.max_length);
    let min_items = count(bounds.min_items);
    let max_items = count(bounds.max_items);
    let unique_items = bounds.unique_items;
    // Every field written out: a static cannot take the rest from `Bounds::none()` (the
    // pattern's cache has a destructor, which a constant expression cannot run).
    Ok(quote! {
        #rt::__private::bounds::Bounds {
            minimum: #minimum,
            exclusive_minimum: #exclusive_minimum,
            maximum: #maximum,
            exclusive_maximum: #exclusive_maximum,
            min_length: #min_length,
            max_length: #max_length,
            format: #format,
            pattern: #pattern,
            min_items: #min_items,
            max_items: #max_items,
            unique_items: #unique_items
        }
    })
}

/// For every module, the types it defines that some tool's input reaches, in the order the
/// tools reach them: each gets its `FromArgument` impl once, beside its definition, whichever
/// tools share it.
pub fn argument_types(model: &Model) -> Vec<Vec<TypeId>> {
    let mut defined_in = vec![0; model.types.len()];
    for (index, module) in model.modules.iter().enumerate() {
        for &id in &module.types {
            defined_in[id] = index;
        }
    }
    let mut owned = vec![Vec::new(); model.modules.len()];
    let mut done = BTreeSet::new();
    for tool in model
        .modules
        .iter()
        .filter_map(|module| module.tool.as_ref())
    {
        let mut stack: Vec<TypeId> = tool.actions.iter().filter_map(|a| a.input).rev().collect();
        while let Some(id) = stack.pop() {
            if !done.insert(id) {
                continue;
            }
            owned[defined_in[id]].push(id);
            stack.extend(model.reached(id).into_iter().rev());
        }
    }
    owned
}

/// The argument readers of module `index` (`arg_impls.rs.jinja`).
#[derive(Template)]
#[template(path = "arg_impls.rs.jinja", escape = "none")]
pub struct ArgImplsTemplate {
    /// Path of the runtime crate.
    pub rt: Runtime,
    /// The readers, in the order [`argument_types`] gives their types.
    pub arg_impls: Vec<ArgImpl>,
}

/// The `Pattern` constructor of an ECMAScript `pattern` the model checked to translate and
/// compile (`check_pattern` for tool arguments, `pattern_keys` for `patternProperties`).
pub(super) fn pattern_constructor(
    pattern: &str,
    rt: &Runtime,
) -> Result<TokenStream, InternalError> {
    let translated = fusion_runtime::vocabulary::pattern::translate(pattern).map_err(|err| {
        InternalError(format!("the pattern /{pattern}/ does not translate: {err}"))
    })?;
    let shown = literal(&format!(
        "/{}/",
        fusion_runtime::vocabulary::pattern::js_source(pattern)
    ));
    let translated = literal(&translated);
    Ok(quote!(#rt::__private::pattern::Pattern::new(#shown, #translated)))
}
