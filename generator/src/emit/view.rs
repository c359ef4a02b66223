//! The template contexts: everything a template prints, computed here from the model and the
//! names, so that templates hold no logic beyond loops and conditions.

use askama::Template;
use proc_macro2::TokenStream;
use quote::quote;

use super::behaviour::{BehaviourView, Context};
use super::code::{Ident, InternalError, ItemRef, Literal, Runtime, RustType, ident, literal};
use super::docs::{doc_lines, doc_literal, pointer_suffix, union_dispatch_doc, with_notes};
use super::members::{expecting, extra_field, field_view, literal_variant};
use super::record::record_impl;
use super::toon::is_tabular;
use crate::model::{FieldType, Model, TypeId, TypeKind};
use crate::naming::Names;

/// One definition file's module.
#[derive(Template)]
#[template(path = "module.rs.jinja", escape = "none")]
pub struct ModuleView {
    /// The runtime crate in generated code.
    pub rt: Runtime,
    /// Whether anything in the module refers to the runtime (a file of `$defs` that nothing
    /// uses generates an empty module, which must not import it).
    pub uses_runtime: bool,
    /// The module's data.
    pub module: ModuleData,
}

/// What one module contains.
pub struct ModuleData {
    /// Module identifier.
    pub name: Ident,
    /// The module's doc text as a Rust string literal.
    pub doc: Literal,
    /// Some definition is deprecated: the module's own uses of it must not warn.
    pub allow_deprecated: bool,
    /// Structs and enums, in definition order (a presenter's own struct first).
    pub items: Vec<ItemView>,
    /// The presenter, if the file defines one.
    pub presenter: Option<PresenterView>,
    /// Names re-exported from the output's root.
    pub exports: Vec<Ident>,
}

/// A generated type.
pub enum ItemView {
    /// An object schema.
    Struct(StructView),
    /// A string enum.
    Enum(EnumView),
    /// A `oneOf` / `anyOf` union.
    Union(UnionView),
    /// An enum of exact values other than strings alone.
    Literals(LiteralsView),
    /// A tuple: an array of a fixed length, a type per position.
    Tuple(TupleView),
}

/// A tuple struct.
pub struct TupleView {
    /// Type identifier.
    pub name: Ident,
    /// Doc lines as Rust string literals.
    pub doc: Vec<Literal>,
    /// The positions, in order.
    pub elements: Vec<TupleElementView>,
    /// `#[deprecated]`.
    pub deprecated: bool,
    /// Read only from tool arguments: no JSON or TOON writers.
    pub argument_only: bool,
}

/// One position of a tuple.
pub struct TupleElementView {
    /// The element's Rust type (boxed when it closes a cycle).
    pub rust_type: RustType,
    /// The element's doc as a Rust string literal.
    pub doc: Literal,
}

/// An enum of exact values (`enum: [2, 3, 5, 7]`, `enum: [1, "one"]`).
pub struct LiteralsView {
    /// Type identifier.
    pub name: Ident,
    /// Doc lines as Rust string literals.
    pub doc: Vec<Literal>,
    /// What a reader expects, for the error on any other value, as a Rust string literal.
    pub expecting: Literal,
    /// Variants in schema order.
    pub variants: Vec<LiteralVariantView>,
    /// `#[deprecated]`.
    pub deprecated: bool,
    /// Read only from tool arguments: no JSON or TOON writers.
    pub argument_only: bool,
}

/// One variant of an enum of values.
pub struct LiteralVariantView {
    /// Variant identifier.
    pub name: Ident,
    /// The variant's doc as a Rust string literal.
    pub doc: Literal,
    /// The value as a `__rt::__private::literals::Literal` expression (the path generated code names).
    pub literal: TokenStream,
    /// The value's JSON text, as the data block writes it, in a Rust string literal.
    pub json: Literal,
    /// The value as a `fusion_runtime::toon::ToonValue` expression.
    pub toon: TokenStream,
}

/// A union: one variant per branch.
pub struct UnionView {
    /// Type identifier.
    pub name: Ident,
    /// Doc lines as Rust string literals.
    pub doc: Vec<Literal>,
    /// Branches in schema order.
    pub variants: Vec<UnionVariantView>,
    /// The variants grouped by their Rust type, in the order of each group's first: writers
    /// that do the same for each branch match a group in one arm (clippy's `match_same_arms`
    /// refuses identical arms over the same type).
    pub arm_groups: Vec<ArmGroup>,
    /// `#[deprecated]`.
    pub deprecated: bool,
    /// The type name as a Rust string literal.
    pub name_literal: Literal,
    /// The tag key as a Rust string literal, when the branches are told apart by one.
    pub tag_literal: Option<Literal>,
    /// How deserializing picks the branch, as doc-line literals.
    pub dispatch_doc: Vec<Literal>,
    /// Only read from tool arguments: no data-block writers.
    pub argument_only: bool,
    /// `_select` over the branches' keys, when the union is a presenter's item.
    pub select: Option<UnionSelectView>,
}

/// Union variants of one Rust type, matched in one arm.
pub struct ArmGroup {
    /// The pattern: `Self::A(value) | Self::B(value)`.
    pub pattern: TokenStream,
    /// The type is boxed: code naming its struct's traits derefs it first.
    pub boxed: bool,
}

/// Groups `variants` by Rust type, in the order of each group's first variant.
fn arm_groups(variants: &[UnionVariantView]) -> Vec<ArmGroup> {
    let mut groups: Vec<(String, Vec<&Ident>, bool)> = Vec::new();
    for variant in variants {
        let ty = variant.rust_type.to_string();
        match groups.iter_mut().find(|(seen, _, _)| *seen == ty) {
            Some((_, names, _)) => names.push(&variant.name),
            None => groups.push((ty, vec![&variant.name], variant.boxed)),
        }
    }
    groups
        .into_iter()
        .map(|(_, names, boxed)| ArmGroup {
            pattern: quote!(#(Self::#names(value))|*),
            boxed,
        })
        .collect()
}

/// How a union of objects that a presenter shows numbers its keys for `_select`.
pub struct UnionSelectView {
    /// Every branch's wire keys in [`Model::root_keys`] order, as Rust string literals.
    pub keys: Vec<Literal>,
    /// Per branch, in order: for each key, the branch struct's index of that field, or
    /// `u16::MAX` (an index no struct has, which writes nothing) when the branch lacks it.
    pub branch_fields: Vec<Vec<u16>>,
}

/// One branch of a union.
pub struct UnionVariantView {
    /// Variant identifier.
    pub name: Ident,
    /// The branch's Rust type (boxed when the branch is too large to sit inline).
    pub rust_type: RustType,
    /// The branch is boxed: code that names its struct's traits derefs it first.
    pub boxed: bool,
    /// The variant's doc as a Rust string literal.
    pub doc: Literal,
    /// The tag's value in this branch as a Rust string literal, in a tagged union.
    pub tag_value_literal: Option<Literal>,
}

/// A struct and its data-block writer.
pub struct StructView {
    /// Type identifier.
    pub name: Ident,
    /// Doc lines as Rust string literals.
    pub doc: Vec<Literal>,
    /// Fields in wire order.
    pub fields: Vec<FieldView>,
    /// `#[deprecated]`.
    pub deprecated: bool,
    /// Only read from a tool call's arguments (never data): no JSON or TOON writers, and the
    /// struct derives `Debug` and `Serialize` (a request to an API is built from it) and gets
    /// `Deserialize` from its argument reader (`__argument!`), which serde's derive would repeat
    /// at several times the size. A struct that data blocks write gets all three from its
    /// `__record!` table, undeclared keys it keeps included.
    pub argument_only: bool,
    /// Some field is redacted and `Serialize` is derived (`argument_only`): the struct gets the
    /// censor serializers the derive calls.
    pub redacts: bool,
    /// The map of undeclared keys, when the schema keeps them.
    pub extra: Option<ExtraView>,
    /// The `Record` implementation and the impls derived from it, for a struct that data
    /// blocks write (emit/record.rs).
    pub record: Option<TokenStream>,
}

/// The field that keeps a struct's undeclared keys (`additionalProperties`).
pub struct ExtraView {
    /// Field identifier.
    pub name: Ident,
    /// `IndexMap<String, T>`.
    pub rust_type: RustType,
    /// `patternProperties`: the `Pattern` constructors of the patterns a key must match to be
    /// kept; empty keeps every undeclared key.
    pub key_patterns: Vec<TokenStream>,
}

/// One struct field.
pub struct FieldView {
    /// Field identifier.
    pub name: Ident,
    /// The field's Rust type.
    pub rust_type: RustType,
    /// Doc lines as Rust string literals.
    pub doc: Vec<Literal>,
    /// The contents of `#[serde(...)]`, when one is needed.
    pub serde: Option<TokenStream>,
    /// The key may be absent: write it only when the value is `Some`.
    pub omit_when_none: bool,
    /// The censor written instead of the value (`x-fusion-redact`), as a Rust string literal.
    pub redact: Option<Literal>,
    /// The function that serializes the censor, when redacted (`__fusion_redact_<position>`).
    pub redactor: Ident,
    /// The value may be `null` (`[T, "null"]`): a redacted `null` stays `null` (§10).
    pub nullable: bool,
    /// `#[deprecated]`.
    pub deprecated: bool,
}

/// A string enum.
pub struct EnumView {
    /// Type identifier.
    pub name: Ident,
    /// Doc lines as Rust string literals.
    pub doc: Vec<Literal>,
    /// Variants in schema order.
    pub variants: Vec<VariantView>,
    /// `#[deprecated]`.
    pub deprecated: bool,
    /// Read only from tool arguments: no JSON or TOON writers (`wire_enum!(read_only ...)`).
    pub argument_only: bool,
}

/// One enum variant.
pub struct VariantView {
    /// Variant identifier.
    pub name: Ident,
    /// The wire value as a Rust string literal.
    pub value: Literal,
    /// The variant's doc as a Rust string literal.
    pub doc: Literal,
}

/// A presenter.
pub struct PresenterView {
    /// Presenter type identifier.
    pub name: Ident,
    /// Its declared behaviour, as code.
    pub behaviour: BehaviourView,
    /// The item type identifier.
    pub item: Ident,
    /// Doc lines as Rust string literals.
    pub doc: Vec<Literal>,
}

/// The output's root: `mod.rs` for the CLI, or the single file a build script includes.
#[derive(Template)]
#[template(path = "mod.rs.jinja", escape = "none")]
pub struct RootView {
    /// The runtime, named by its path in the handshake.
    pub rt: Runtime,
    /// The generated-code contract of the runtime this generator was built with.
    pub contract: Literal,
    /// This generator, `fusion-gen X.Y.Z`, as the handshake's message names it.
    pub generator: Literal,
    /// The version of the runtime this generator was built with.
    pub runtime_version: Literal,
    /// The command that regenerates the output, for the handshake's message.
    pub command: Literal,
    /// Modules inline (`pub mod x { ... }`, one file for `include!`) or as files (`pub mod x;`).
    pub inline: bool,
    /// Some definition is deprecated: re-exporting it must not warn.
    pub allow_deprecated: bool,
    /// The lints the output allows ([`super::lints::ALLOWED`]), as an attribute's list.
    pub allowed_lints: String,
    /// The modules.
    pub modules: Vec<RootModule>,
}

/// A module as the root sees it.
pub struct RootModule {
    /// Module identifier.
    pub name: Ident,
    /// The module's formatted body, for the inline layout.
    pub body: String,
    /// Names to re-export.
    pub exports: Vec<Ident>,
    /// The module file, stated (`#[path]`) when the name is not ASCII: rustc finds a module's
    /// file from its name only for an ASCII one (E0754).
    pub file: Option<Literal>,
}

/// Builds the view of module `index`.
/// `data_types` is [`Model::data_types`]: the types that are not get no writers.
pub fn module_view(
    model: &Model,
    names: &Names,
    index: usize,
    rt: &Runtime,
    data_types: &[bool],
) -> Result<ModuleData, InternalError> {
    let module = &model.modules[index];
    let mut data = ModuleData {
        name: ident(&names.module(index).name),
        doc: doc_literal(&format!(" Generated from `{}`.", module.file)),
        allow_deprecated: model.has_deprecated(),
        items: Vec::new(),
        presenter: None,
        exports: Vec::new(),
    };
    for &id in &module.types {
        let def = &model.types[id];
        let names_of = names.ty(id);
        let name = ident(&names_of.name);
        data.exports.push(name.clone());
        match &def.kind {
            TypeKind::Struct { fields } => {
                let argument_only = !data_types[id];
                let extra = match extra_field(model, names, id)? {
                    Some((name, ty)) => Some(ExtraView {
                        name,
                        rust_type: RustType::Map(
                            rt.clone(),
                            Box::new(rust_type(model, names, index, ty, rt)),
                        ),
                        key_patterns: def
                            .extra_keys
                            .iter()
                            .map(|pattern| super::tool_args::pattern_constructor(pattern, rt))
                            .collect::<Result<_, _>>()?,
                    }),
                    None => None,
                };
                let record = data_types[id].then(|| {
                    let kept = extra
                        .as_ref()
                        .map(|extra| (&extra.name, extra.key_patterns.as_slice()));
                    let tabular = is_tabular(model, id);
                    record_impl(model, &name, fields, &names_of.fields, kept, tabular, rt)
                });
                data.items.push(ItemView::Struct(StructView {
                    argument_only,
                    redacts: argument_only && fields.iter().any(|f| f.redact.is_some()),
                    deprecated: def.deprecated,
                    extra,
                    record,
                    doc: with_notes(
                        doc_lines(
                            def.description.as_deref(),
                            &format!(
                                "`{}` as the schema at `{}{}` describes it.",
                                def.title,
                                module.file,
                                pointer_suffix(&def.pointer)
                            ),
                        ),
                        &def.notes,
                        names_of.note.as_deref(),
                    ),
                    fields: fields
                        .iter()
                        .zip(&names_of.fields)
                        .map(|member| {
                            field_view(model, names, index, (&name, argument_only), member, rt)
                        })
                        .collect(),
                    name,
                }));
            }
            TypeKind::Union { variants, tag } => {
                let variant_views: Vec<UnionVariantView> = variants
                    .iter()
                    .zip(&names_of.variants)
                    .enumerate()
                    .map(|(i, (variant, name))| {
                        let tag_value = tag.as_ref().map(|tag| &tag.values[i]);
                        UnionVariantView {
                            name: ident(name),
                            rust_type: if variant.boxed {
                                rust_type(model, names, index, &variant.ty, rt).boxed()
                            } else {
                                rust_type(model, names, index, &variant.ty, rt)
                            },
                            boxed: variant.boxed,
                            doc: doc_literal(&match (tag, tag_value) {
                                (Some(tag), Some(value)) => format!(
                                    " The `{}` branch: `{}` is `{value}`.",
                                    variant.title, tag.key
                                ),
                                _ => format!(" The `{}` branch.", variant.title),
                            }),
                            tag_value_literal: tag_value.map(|value| literal(value)),
                        }
                    })
                    .collect();
                data.items.push(ItemView::Union(UnionView {
                    deprecated: def.deprecated,
                    name_literal: literal(&name.to_string()),
                    tag_literal: tag.as_ref().map(|tag| literal(&tag.key)),
                    dispatch_doc: union_dispatch_doc(tag.as_ref()),
                    argument_only: !data_types[id],
                    select: union_select(model, id),
                    doc: with_notes(
                        doc_lines(
                            def.description.as_deref(),
                            &format!(
                                "`{}`: one of the branches of the schema at `{}{}`.",
                                def.title,
                                module.file,
                                pointer_suffix(&def.pointer)
                            ),
                        ),
                        &def.notes,
                        names_of.note.as_deref(),
                    ),
                    arm_groups: arm_groups(&variant_views),
                    variants: variant_views,
                    name,
                }));
            }
            TypeKind::Tuple { elements, boxed } => data.items.push(ItemView::Tuple(TupleView {
                argument_only: !data_types[id],
                doc: with_notes(
                    doc_lines(
                        def.description.as_deref(),
                        &format!("`{}`: an array of {} elements.", def.title, elements.len()),
                    ),
                    &def.notes,
                    names_of.note.as_deref(),
                ),
                elements: elements
                    .iter()
                    .zip(boxed)
                    .enumerate()
                    .map(|(position, (element, boxed))| {
                        let inner = rust_type(model, names, index, element, rt);
                        TupleElementView {
                            rust_type: if *boxed { inner.boxed() } else { inner },
                            doc: doc_literal(&format!(" Element {position}.")),
                        }
                    })
                    .collect(),
                deprecated: def.deprecated,
                name,
            })),
            TypeKind::Literals { values, nullable } => {
                data.items.push(ItemView::Literals(LiteralsView {
                    argument_only: !data_types[id],
                    expecting: literal(&expecting(values, *nullable)),
                    doc: with_notes(
                        doc_lines(
                            def.description.as_deref(),
                            &format!("The values of `{}`.", def.title),
                        ),
                        &def.notes,
                        names_of.note.as_deref(),
                    ),
                    variants: values
                        .iter()
                        .zip(&names_of.variants)
                        .map(|(value, variant)| literal_variant(value, variant, rt))
                        .collect::<Result<_, _>>()?,
                    deprecated: def.deprecated,
                    name,
                }))
            }
            TypeKind::Enum { values } => data.items.push(ItemView::Enum(EnumView {
                argument_only: !data_types[id],
                name,
                deprecated: def.deprecated,
                doc: with_notes(
                    doc_lines(
                        def.description.as_deref(),
                        &format!("The values of `{}`.", def.title),
                    ),
                    &def.notes,
                    names_of.note.as_deref(),
                ),
                variants: values
                    .iter()
                    .zip(&names_of.variants)
                    .map(|(value, variant)| VariantView {
                        name: ident(variant),
                        value: literal(value),
                        doc: doc_literal(&format!(" `{value}`")),
                    })
                    .collect(),
            })),
        }
    }
    if let Some(presenter) = &module.presenter {
        let Some(presenter_names) = &names.module(index).presenter else {
            return Err(InternalError(format!(
                "the presenter of `{}` has no type name",
                module.file
            )));
        };
        // A union's behaviour names no field (the resolver rejects them): only a struct has
        // fields every item shares.
        let fields = model.types[presenter.item].fields();
        data.exports.push(ident(&presenter_names.name));
        let context = Context {
            model,
            names,
            item: presenter.item,
            fields,
            rt,
        };
        data.presenter = Some(PresenterView {
            behaviour: context.view(&presenter.behaviour, presenter_names)?,
            name: ident(&presenter_names.name),
            item: ident(&names.ty(presenter.item).name),
            doc: doc_lines(
                None,
                &format!(
                    "Presents [`{}`]: writes its data block straight into the response buffer, with no reflection at run time.",
                    names.ty(presenter.item).name
                ),
            ),
        });
    }
    data.exports.sort();
    Ok(data)
}

/// The `_select` numbering of a union of objects that a presenter shows.
fn union_select(model: &Model, id: TypeId) -> Option<UnionSelectView> {
    let branches = model.object_branches(id)?;
    if !model
        .modules
        .iter()
        .any(|module| module.presenter.as_ref().is_some_and(|p| p.item == id))
    {
        return None;
    }
    let keys = model.root_keys(id);
    let branch_fields = branches
        .iter()
        .map(|&branch| {
            let fields = model.types[branch].fields();
            keys.iter()
                .map(|key| {
                    fields
                        .iter()
                        .position(|field| field.key == *key)
                        .and_then(|index| u16::try_from(index).ok())
                        .unwrap_or(u16::MAX)
                })
                .collect()
        })
        .collect();
    Some(UnionSelectView {
        keys: keys.iter().map(|key| literal(key)).collect(),
        branch_fields,
    })
}

/// The Rust type of a value, as module `module` names it.
pub(crate) fn rust_type(
    model: &Model,
    names: &Names,
    module: usize,
    ty: &FieldType,
    rt: &Runtime,
) -> RustType {
    match ty {
        FieldType::String => RustType::String,
        FieldType::Integer(kind) => RustType::Primitive(kind.rust()),
        FieldType::Any => RustType::Runtime(rt.clone(), "JsonValue"),
        FieldType::Number => RustType::Primitive("f64"),
        FieldType::Boolean => RustType::Primitive("bool"),
        FieldType::Named(id) => RustType::Item(ItemRef::ty(model, names, module, *id)),
        FieldType::Array(element) => rust_type(model, names, module, element, rt).vec(),
        FieldType::Nullable(inner) => rust_type(model, names, module, inner, rt).optional(),
    }
}

/// A key as JSON text, quotes included, escaped as the data block escapes strings.
/// `key` as a JSON string, quoted and escaped as the runtime's writer escapes data.
pub(super) fn json_key(key: &str) -> String {
    let mut out = String::with_capacity(key.len() + 2);
    fusion_runtime::json::escape_str_into(&mut out, key);
    out
}
