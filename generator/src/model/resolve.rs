//! Turns validated definitions into the model: follows `$ref`s across files, gives every schema
//! location one type, and checks what the meta-schema cannot (references, `required` names,
//! keyword combinations, presenter names).

use std::collections::HashMap;

use heck::ToUpperCamelCase;

use super::behaviour::BehaviourResolver;
use super::checks::NameCase;
use super::refs::{escape_pointer, file_stem};
use super::{
    BehaviourModel, FieldBounds, FieldDef, FieldType, IntKind, Model, Module,
    PROPERTY_COUNT_KEYWORDS, PresenterDef, PropertyCount, TroubledKey, TypeDef, TypeId, TypeKind,
    cycles,
};
use serde_json::Value;

use crate::definition::{AdditionalProperties, JsonType, Schema, TypeKeyword};
use crate::diagnostics::{Diagnostic, did_you_mean};
use crate::load::Document;

/// The JSON Schema dialect definitions are written in, suggested when `$schema` names another.
const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// The dialects a definition may declare, without scheme and final `#`. The supported subset
/// means the same in each: what differs between them (`$ref` siblings, which drafts 04 to 07
/// ignore; draft 04's boolean `exclusiveMinimum`) is an error in every one, so no schema is
/// read differently from what its draft says. Tuples are read in both spellings: drafts 04 to
/// 2019-09's list `items` with `additionalItems`, and 2020-12's `prefixItems` with `items`
/// (a list `items` is not 2020-12, whose validators refuse it). `prefixItems` in a file that
/// declares an older draft is no keyword there: ignored with a warning
/// (`validate::ignore_unknown_keywords`).
const DIALECTS: &[&str] = &[
    "json-schema.org/draft/2020-12/schema",
    "json-schema.org/draft/2019-09/schema",
    "json-schema.org/draft-07/schema",
    "json-schema.org/draft-06/schema",
    "json-schema.org/draft-04/schema",
];

/// Whether `key`, a keyword cut out of a schema object after a meta-schema error, is one no
/// schema may use (not an `x-` extension): most often a misspelt one (`propertes`), which may
/// be what declares the object's fields, so the object's keys are not judged until it is fixed.
fn misspelt_keyword(key: &str) -> bool {
    !key.contains('/')
        && !key.starts_with("x-")
        && !crate::definition::SCHEMA_KEYWORDS.contains(&key)
}

/// Whether `$schema` names a dialect of [`DIALECTS`], over `http` or `https`, with or without
/// the empty fragment that drafts 04 to 07 wrote.
fn known_dialect(uri: &str) -> bool {
    let uri = uri.strip_suffix('#').unwrap_or(uri);
    let rest = uri
        .strip_prefix("https://")
        .or_else(|| uri.strip_prefix("http://"));
    rest.is_some_and(|rest| DIALECTS.contains(&rest))
}

/// Resolves all definitions at once; on failure, returns every problem found, the errors
/// followed by the warnings of the run. `broken` names
/// files that exist but could not be read: a `$ref` into one is not reported again.
/// `in_components` are the meta-schema's errors inside OpenAPI documents' component schemas
/// (cut out of them already): each is reported when a `$ref` reaches its component. `pruned`
/// names, per file, the pointers cut out after a meta-schema error: the fields declared there
/// are poisoned, so that their uses are not reported as well. `bindings` are the OpenAPI
/// operations the actions call, by tool file and action name (`openapi::operations`): each
/// action is made with its binding, as it is made with its input and presenter.
pub fn resolve(
    definitions: &[(Document, Schema)],
    broken: &[String],
    in_components: &[Diagnostic],
    pruned: &[(String, Vec<String>)],
    bindings: &HashMap<(String, String), crate::operations::HttpBinding>,
) -> Result<Model, Vec<Diagnostic>> {
    let mut unreached: HashMap<(String, String), Vec<Diagnostic>> = HashMap::new();
    for diagnostic in in_components {
        let name = component_of(&diagnostic.pointer).unwrap_or_default();
        unreached
            .entry((diagnostic.file.clone(), name))
            .or_default()
            .push(diagnostic.clone());
    }
    let mut resolver = Resolver {
        definitions,
        broken,
        bindings,
        unreached,
        files: HashMap::new(),
        types_at: HashMap::new(),
        actions: Vec::new(),
        bases: Vec::new(),
        union_bases: HashMap::new(),
        model: Model::default(),
        errors: Vec::new(),
        resolving: None,
        incomplete: std::collections::HashSet::new(),
        refs_open: 0,
        refs_chain_reported: false,
        cuts: HashMap::new(),
        taint: 0,
        tainted: std::collections::HashSet::new(),
    };
    for (index, (document, _)) in definitions.iter().enumerate() {
        resolver.files.insert(document.path.as_str(), index);
        if let Some((_, cut)) = pruned.iter().find(|(path, _)| *path == document.path) {
            resolver.cuts.insert(index, cut.clone());
        }
        resolver.model.modules.push(Module {
            file: document.path.clone(),
            presenter: None,
            types: Vec::new(),
            tool: None,
        });
    }
    // Before any type is made: a presenter's struct holds its base's properties first.
    resolver.bases = resolver.link_bases();
    for index in 0..definitions.len() {
        resolver.resolving = Some(index);
        resolver.resolve_file(index);
    }
    resolver.resolving = None;
    // Tools after every presenter (their `returns` name presenters of any file), behaviour
    // last: suggestions name the actions tools declare.
    super::tools::resolve_tools(&mut resolver);
    resolver.actions = resolver.declared_actions();
    for index in 0..definitions.len() {
        resolver.resolve_behaviour(index);
    }
    if resolver.errors.is_empty() {
        cycles::mark_boxes(&mut resolver.model, &mut resolver.errors);
        super::size::box_large(&mut resolver.model);
        super::depth::check(&resolver.model, &mut resolver.errors);
        super::unions::find_tags(&mut resolver.model);
    }
    if resolver.errors.is_empty() {
        Ok(resolver.model)
    } else {
        // A schema merged into several structs (a base, an `allOf` branch) is checked with each.
        let mut seen = std::collections::HashSet::new();
        resolver
            .errors
            .retain(|d| seen.insert((d.file.clone(), d.pointer.clone(), d.message.clone())));
        // The warnings too: one may explain an error (a key an `allOf` branch leaves out).
        resolver.errors.append(&mut resolver.model.warnings);
        Err(resolver.errors)
    }
}

pub(super) struct Resolver<'a> {
    pub(super) definitions: &'a [(Document, Schema)],
    /// Files that exist but could not be read (already reported).
    pub(super) broken: &'a [String],
    /// The OpenAPI operation each action calls, by tool file and action name.
    pub(super) bindings: &'a HashMap<(String, String), crate::operations::HttpBinding>,
    pub(super) files: HashMap<&'a str, usize>,
    /// Errors in OpenAPI component schemas, by file and component, not reported until a `$ref`
    /// reaches the component.
    pub(super) unreached: HashMap<(String, String), Vec<Diagnostic>>,
    /// The type already made for a schema location (file index, pointer), so that every `$ref`
    /// to one place shares one type, and a cycle of references ends.
    types_at: HashMap<(usize, String), FieldType>,
    /// Actions declared by tool definitions (`tool.action`, wire name), for suggestions.
    actions: Vec<(String, String)>,
    /// The presenter each file's presenter `extends`, when it names a valid one.
    pub(super) bases: Vec<Option<usize>>,
    /// Per branch of a union beside object keywords (file, branch pointer): the pointer of the
    /// union's schema, whose properties and `allOf` the branch's struct merges first.
    pub(super) union_bases: HashMap<(usize, String), String>,
    pub(super) model: Model,
    pub(super) errors: Vec<Diagnostic>,
    /// The file whose types are being made, while files are resolved one by one.
    pub(super) resolving: Option<usize>,
    /// Files whose types lack what a `$ref` or `extends` into a broken file would have given
    /// (the file holding it, and the file being resolved when it was followed): their behaviour
    /// is not checked, because every field it names that the broken file declares would be
    /// reported "unknown", repeating the broken file's one error.
    pub(super) incomplete: std::collections::HashSet<usize>,
    /// How many `$ref`s are being followed into types not made yet, one inside another: each
    /// costs stack, so a chain longer than [`super::refs::MAX_REF_CHAIN`] is refused.
    pub(super) refs_open: usize,
    pub(super) refs_chain_reported: bool,
    /// Per file, the pointers cut out of it after a meta-schema error.
    cuts: HashMap<usize, Vec<String>>,
    /// Counts the errors of the type being made (its own, not those of the structs it holds,
    /// which poison their own fields): a field whose type raised it is poisoned.
    pub(super) taint: usize,
    /// The schema locations whose type raised [`Resolver::taint`], so that a later use of the
    /// type made there (a second `$ref`) is poisoned too.
    tainted: std::collections::HashSet<(usize, String)>,
}

impl<'a> Resolver<'a> {
    fn error(&mut self, file: usize, pointer: &str, message: impl Into<String>) -> Diagnostic {
        let document = &self.definitions[file].0;
        Diagnostic::error(&document.path, pointer, message).at_location(document.locate(pointer))
    }

    pub(super) fn report(
        &mut self,
        file: usize,
        pointer: &str,
        message: impl Into<String>,
        help: Option<String>,
    ) {
        let mut diagnostic = self.error(file, pointer, message);
        diagnostic.help = help;
        self.errors.push(diagnostic);
        self.taint += 1;
    }

    /// Records a warning: the definitions still generate, read as `message` says. Returns
    /// it, for the diagnostics that name its cause.
    pub(super) fn warn(
        &mut self,
        file: usize,
        pointer: &str,
        message: impl Into<String>,
        help: Option<String>,
    ) -> Diagnostic {
        let document = &self.definitions[file].0;
        let mut diagnostic = Diagnostic::warning(&document.path, pointer, message)
            .at_location(document.locate(pointer));
        diagnostic.help = help;
        if !self.model.warnings.contains(&diagnostic) {
            self.model.warnings.push(diagnostic.clone());
        }
        diagnostic
    }

    /// The root type of a definition file, and its presenter when it has fields to present: an
    /// object (nullable or not: `$ref`s to a nullable root are nullable), or a union of objects,
    /// whose keys are its branches'.
    fn resolve_root(&mut self, file: usize, schema: &'a Schema) {
        let fallback = file_stem(&self.definitions[file].0.path).to_upper_camel_case();
        let title = schema.title.clone().unwrap_or(fallback);
        let root = self.type_of(file, "", schema, &title);
        let item = match root.non_null() {
            FieldType::Named(id)
                if matches!(self.model.types[*id].kind, TypeKind::Struct { .. })
                    || self.model.object_branches(*id).is_some() =>
            {
                Some(*id)
            }
            _ => None,
        };
        match item {
            // Behaviour is resolved once every presenter is known, since embeds name others.
            Some(item) => {
                self.model.modules[file].presenter = Some(PresenterDef {
                    title,
                    description: schema.description.clone(),
                    item,
                    behaviour: BehaviourModel::default(),
                });
            }
            None if schema.fusion.is_some() => self.report(
                file,
                "/x-fusion",
                "`x-fusion` needs an object root, or a union of objects: only objects have fields to present",
                Some("present an object that holds this value as a property".into()),
            ),
            None => {}
        }
    }

    fn resolve_file(&mut self, file: usize) {
        let schema = &self.definitions[file].1;
        if schema.tool.is_some() {
            return super::tools::check_tool_file(self, file);
        }
        if let Some(dialect) = schema.dialect.as_ref().filter(|d| !known_dialect(d)) {
            self.report(
                file,
                "/$schema",
                format!("unsupported JSON Schema dialect `{dialect}`"),
                Some(format!(
                    "use `{DIALECT}` (drafts 2019-09, 07, 06 and 04 are read too)"
                )),
            );
        }
        if schema.reference.is_some() {
            self.report(
                file,
                "/$ref",
                "a definition's root cannot be a `$ref`",
                Some("define the object here, or `$ref` this file's target directly".into()),
            );
        } else if schema_kind(schema).is_some() || is_union(schema) {
            // An object, or a union whose branches are all objects, is presented; an enum,
            // array, primitive or other union root is a type other files `$ref`.
            self.resolve_root(file, schema);
        } else if schema.components.is_none() && !schema.has_defs() {
            // (An OpenAPI document's components, and `$defs`, become types when reached.)
            self.report(
                file,
                "",
                "a definition's root needs a `type` (an object is a presenter), or `$defs` only",
                Some(
                    "add `type: object` with `properties`, or move the schema under `$defs`".into(),
                ),
            );
        }
        // After the root, so that a presenter's own struct comes first in its module; `$defs`
        // the root reached are already made and keep their place.
        for (keyword, name, def) in schema.named_defs() {
            let pointer = format!("/{keyword}/{}", escape_pointer(name));
            self.type_of(file, &pointer, def, name);
        }
    }

    /// Every action the tool definitions declare, as `tool.action`: the name a suggestion uses
    /// and, since a tool is exposed under its own name with the action as its discriminator, the
    /// name the client knows it by.
    fn declared_actions(&self) -> Vec<(String, String)> {
        let mut actions = Vec::new();
        for tool in self.model.modules.iter().filter_map(|m| m.tool.as_ref()) {
            for action in &tool.actions {
                let name = format!("{}.{}", tool.name, action.name);
                actions.push((name.clone(), name));
            }
        }
        actions
    }

    /// Resolves the presenter's `x-fusion` against its item struct.
    fn resolve_behaviour(&mut self, file: usize) {
        let mut chain = std::iter::successors(Some(file), |&at| self.bases[at]);
        if chain.any(|at| self.incomplete.contains(&at)) {
            return;
        }
        let layers = self.behaviour_layers(file);
        let (Some(_), Some(presenter)) = (layers.last(), &self.model.modules[file].presenter)
        else {
            return;
        };
        let presenter_of = self
            .model
            .modules
            .iter()
            .enumerate()
            .filter_map(|(module, m)| m.presenter.as_ref().map(|p| (p.item, module)))
            .collect();
        let returned_by = self
            .model
            .modules
            .iter()
            .filter_map(|m| m.tool.as_ref())
            .flat_map(|tool| {
                tool.actions.iter().filter_map(move |action| {
                    let returns = action.returns.filter(|r| r.module == file)?;
                    Some((format!("{}.{}", tool.name, action.name), returns.collection))
                })
            })
            .collect();
        let mut resolver = BehaviourResolver {
            file: &self.definitions[file].0.path,
            item: &self.model.types[presenter.item],
            types: &self.model.types,
            presenter_of,
            returned_by,
            actions: &self.actions,
            errors: Vec::new(),
        };
        let behaviour = super::extends::resolve_layers(&mut resolver, &layers);
        let found = std::mem::take(&mut resolver.errors);
        self.errors.extend(found);
        if let Some(presenter) = &mut self.model.modules[file].presenter {
            presenter.behaviour = behaviour;
        }
    }

    /// The type of the schema at `pointer` in `file`, made on first use. A location with an
    /// error of its own (reported now, or cut out after a meta-schema error) raises
    /// [`Resolver::taint`], whenever its type is used.
    pub(super) fn type_of(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &'a Schema,
        suggested_name: &str,
    ) -> FieldType {
        let before = self.taint;
        if self.cut_inside(file, pointer) {
            self.taint += 1;
        }
        let ty = self.make_type(file, pointer, schema, suggested_name);
        let key = (file, pointer.to_owned());
        if self.taint != before {
            self.tainted.insert(key);
        } else if self.tainted.contains(&key) {
            self.taint += 1;
        }
        ty
    }

    /// Whether a meta-schema error cut something out of the schema at `pointer` itself (a
    /// keyword, or a value of one), rather than out of a schema nested in it, which is judged
    /// where it is.
    fn cut_inside(&self, file: usize, pointer: &str) -> bool {
        let Some(cuts) = self.cuts.get(&file) else {
            return false;
        };
        cuts.iter().any(|cut| {
            let Some(rest) = cut.strip_prefix(pointer).and_then(|r| r.strip_prefix('/')) else {
                return false;
            };
            let segments = rest.split('/').count();
            match rest.split('/').next().unwrap_or_default() {
                // A map of schemas: one cut out is a key the struct lacks (`fields` knows it),
                // one cut inside is judged where it is.
                "properties" | "patternProperties" | "$defs" | "definitions"
                | "dependentSchemas" => segments == 1,
                // A list of schemas: one cut out changes this type.
                "allOf" | "anyOf" | "oneOf" | "prefixItems" => segments <= 2,
                "items"
                | "additionalProperties"
                | "additionalItems"
                | "not"
                | "contains"
                | "propertyNames" => segments == 1,
                // `x-fusion` is the presenter's behaviour, not its type.
                "x-fusion" => false,
                _ => true,
            }
        })
    }

    /// [`Resolver::type_of`] without the bookkeeping of errors.
    fn make_type(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &'a Schema,
        suggested_name: &str,
    ) -> FieldType {
        let key = (file, pointer.to_owned());
        if let Some(known) = self.types_at.get(&key) {
            return known.clone();
        }
        if !pointer.is_empty() && schema.fusion.is_some() {
            self.report(
                file,
                &format!("{pointer}/x-fusion"),
                "`x-fusion` belongs at the root of a presenter definition",
                Some(
                    "move this schema to a file of its own to make it a presenter, and `$ref` it"
                        .into(),
                ),
            );
        }
        if schema.max_chars.is_some() && !is_property(pointer) {
            self.report(
                file,
                &format!("{pointer}/x-fusion-max-chars"),
                "`x-fusion-max-chars` applies to a property of an object",
                Some("mark the string property that holds this text instead".into()),
            );
        }
        if schema.redact.is_some() && !is_property(pointer) {
            self.report(
                file,
                &format!("{pointer}/x-fusion-redact"),
                "`x-fusion-redact` applies to a property of an object",
                Some("mark the property that holds this value instead".into()),
            );
        }
        // OpenAPI 3.0's `nullable: true` (only OpenAPI documents have it): `type: [T, "null"]`,
        // a nullable enum, union or `allOf` struct, and beside a `$ref` a nullable use of it.
        let openapi_nullable = schema.nullable == Some(true);
        if let Some(reference) = &schema.reference {
            let ty = self.follow(file, pointer, schema, reference);
            return if openapi_nullable { nullable(ty) } else { ty };
        }
        // An OpenAPI component is named from its key, the name the API's own clients use.
        let name = match schema.title.clone() {
            Some(title) if !is_component(pointer) => title,
            _ => suggested_name.to_owned(),
        };
        if fits_no_value(schema) {
            // `false`, `not: {}`: a type with no value, which nothing deserializes into.
            let id = self.new_type(
                file,
                pointer,
                schema,
                &name,
                TypeKind::Literals {
                    values: Vec::new(),
                    nullable: false,
                },
            );
            let ty = FieldType::Named(id);
            self.types_at.insert(key, ty.clone());
            return ty;
        }
        if let Some((at_file, at, branch)) = self.primitive_all_of(file, pointer, schema) {
            let ty = self.type_of(at_file, &at, branch, &name);
            let ty = if openapi_nullable { nullable(ty) } else { ty };
            self.types_at.insert(key, ty.clone());
            return ty;
        }
        if let Some((index, branch)) = alias_of(schema) {
            // `allOf: [{$ref: X}]` beside only annotations (OpenAPI's way to describe a use of
            // X) is X itself, not a struct of its own; so is `allOf: [{type: string}]`, a
            // value no object keyword could merge with.
            let at = format!("{pointer}/allOf/{index}");
            let ty = match &branch.reference {
                Some(reference) => self.type_at_ref(file, &at, reference),
                None => self.type_of(file, &at, branch, &name),
            };
            return if openapi_nullable { nullable(ty) } else { ty };
        }
        if schema.one_of.is_some() || schema.any_of.is_some() {
            let nullable = openapi_nullable
                || matches!(&schema.kind, Some(TypeKeyword::Several(types)) if types.contains(&JsonType::Null));
            let ty = self.union_type(file, pointer, schema, &name, nullable);
            self.types_at.insert(key, ty.clone());
            return ty;
        }
        if let Some(ty) = self.literal_type(file, pointer, schema, &name) {
            let ty = if openapi_nullable { nullable(ty) } else { ty };
            self.types_at.insert(key, ty.clone());
            return ty;
        }
        if let Some(ty) = self.type_list_union(file, pointer, schema, &name) {
            self.types_at.insert(key, ty.clone());
            return ty;
        }
        let Some(nullability) = self.check_type_keyword(file, pointer, schema) else {
            return FieldType::String;
        };
        // With `nullable: true`, a `null` in `enum` is what the schema says, not a mistake.
        let nullability =
            nullability || openapi_nullable || self.null_in_enum(file, pointer, schema);
        if says_nothing(schema) {
            // `{}` (or only annotations): any JSON value, as JSON Schema reads it.
            let ty = if nullability {
                FieldType::Nullable(Box::new(FieldType::Any))
            } else {
                FieldType::Any
            };
            self.types_at.insert(key, ty.clone());
            return ty;
        }
        let Some(kind) = schema_kind(schema) else {
            self.report(
                file,
                pointer,
                "missing `type`",
                Some(
                    "add `type: object`, `string`, `integer`, `number`, `boolean` or `array`"
                        .into(),
                ),
            );
            return FieldType::String;
        };
        self.check_keywords_fit(file, pointer, schema, kind);
        let ty = match kind {
            JsonType::Object => {
                FieldType::Named(self.object_type(file, pointer, schema, &name, true))
            }
            JsonType::String => match self.string_values(file, pointer, schema) {
                Some(values) => FieldType::Named(self.new_type(
                    file,
                    pointer,
                    schema,
                    &name,
                    TypeKind::Enum { values },
                )),
                None => FieldType::String,
            },
            JsonType::Integer => FieldType::Integer(IntKind::of_format(schema.format.as_deref())),
            JsonType::Number => FieldType::Number,
            JsonType::Boolean => FieldType::Boolean,
            JsonType::Array => self.array_type(file, pointer, schema, &name),
            // `check_type_keyword` rejected a lone `null`, and `schema_kind` skips it in a pair.
            JsonType::Null => FieldType::String,
        };
        let ty = if nullability {
            FieldType::Nullable(Box::new(ty))
        } else {
            ty
        };
        self.types_at.insert(key, ty.clone());
        ty
    }

    /// The struct of the object schema at `pointer`; `remember`ed there before its fields are
    /// resolved (so that a reference back to it from inside ends), unless the location already
    /// holds another type (a union whose object branch this is).
    pub(super) fn object_type(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &'a Schema,
        name: &str,
        remember: bool,
    ) -> TypeId {
        let id = self.new_type(
            file,
            pointer,
            schema,
            name,
            TypeKind::Struct { fields: Vec::new() },
        );
        if remember {
            self.remember(file, pointer, FieldType::Named(id));
        }
        // The errors of the struct's fields poison those fields, not the field that holds it.
        let taint = self.taint;
        let (fields, troubled, incomplete) = self.fields(file, pointer, schema, name);
        self.taint = taint;
        let def = &mut self.model.types[id];
        def.kind = TypeKind::Struct { fields };
        def.troubled = troubled;
        def.incomplete = incomplete;
        def.property_count = PropertyCount {
            min: schema.min_properties,
            max: schema.max_properties,
        };
        def.unenforced
            .retain(|keyword| !PROPERTY_COUNT_KEYWORDS.contains(keyword));
        self.model.types[id].extra = match &schema.additional_properties {
            Some(AdditionalProperties::Allowed(true)) => Some(FieldType::Any),
            Some(AdditionalProperties::Schema(values)) => Some(self.type_of(
                file,
                &format!("{pointer}/additionalProperties"),
                values,
                &format!("{name}Value"),
            )),
            Some(AdditionalProperties::Allowed(false)) | None => None,
        };
        if let Some(patterns) = &schema.pattern_properties {
            self.pattern_keys(file, pointer, patterns, id, name);
        }
        id
    }

    /// `patternProperties`: undeclared keys kept when they match one of the patterns, in a map
    /// field of the patterns' value type. Beside an `additionalProperties` that keeps keys,
    /// or with value schemas that differ, a key would need a type of its own: refused.
    fn pattern_keys(
        &mut self,
        file: usize,
        pointer: &str,
        patterns: &'a indexmap::IndexMap<String, Schema>,
        id: TypeId,
        name: &str,
    ) {
        if self.model.types[id].extra.is_some() {
            self.report(
                file,
                &format!("{pointer}/patternProperties"),
                "`patternProperties` beside an `additionalProperties` that keeps keys is not supported",
                Some("keep one map: drop `additionalProperties` (keys matching no pattern are then dropped), or drop `patternProperties` and take every key with `additionalProperties`".into()),
            );
            return;
        }
        let mut value_type: Option<FieldType> = None;
        let mut kept = Vec::new();
        for (pattern, values) in patterns {
            let at = format!(
                "{pointer}/patternProperties/{}",
                super::refs::escape_pointer(pattern)
            );
            let problem = super::tools::pattern_problem(pattern);
            if let Some(problem) = problem {
                self.report(
                    file,
                    &at,
                    format!("unsupported pattern `{pattern}` in `patternProperties`: {}", problem.reason),
                    Some(problem.help.unwrap_or_else(|| "keys are matched with the regex crate: use the syntax JavaScript and the crate share (classes, groups, quantifiers, anchors, `\\d`, `\\w`, `\\s`, `\\b`)".into())),
                );
                continue;
            }
            let ty = self.type_of(file, &at, values, &format!("{name}Value"));
            match &value_type {
                Some(first) if *first != ty => {
                    self.report(
                        file,
                        &at,
                        "the patterns of `patternProperties` give their values different schemas",
                        Some("give every pattern the same value schema (a `$ref` to one), or declare the keys in `properties`".into()),
                    );
                }
                Some(_) => {}
                None => value_type = Some(ty),
            }
            kept.push(pattern.clone());
        }
        let def = &mut self.model.types[id];
        def.extra = value_type;
        def.extra_keys = kept;
    }

    /// Records the type made for a schema location before its parts are resolved, so that a
    /// reference back to it from inside ends.
    pub(super) fn remember(&mut self, file: usize, pointer: &str, ty: FieldType) {
        self.types_at.insert((file, pointer.to_owned()), ty);
    }

    /// A property's unenforced assertions, but for the property count of an object written in
    /// place: the struct made from that same schema enforces it ([`PropertyCount`]).
    fn field_unenforced(
        &self,
        file: usize,
        pointer: &str,
        property: &Schema,
        ty: &FieldType,
    ) -> Vec<&'static str> {
        let mut unenforced = property.unenforced_assertions();
        if let FieldType::Named(id) = ty.non_null() {
            let def = &self.model.types[*id];
            if def.module == file && def.pointer == pointer {
                unenforced.retain(|keyword| !PROPERTY_COUNT_KEYWORDS.contains(keyword));
            }
        }
        unenforced
    }

    pub(super) fn new_type(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &Schema,
        name: &str,
        kind: TypeKind,
    ) -> TypeId {
        // On a property, `x-fusion-name` names the field, not the type of its value.
        let rust_name = if is_property(pointer) {
            None
        } else {
            self.chosen_name(file, pointer, schema, NameCase::Type)
        };
        let id = self.model.types.len();
        self.model.types.push(TypeDef {
            title: name.to_owned(),
            module: file,
            pointer: pointer.to_owned(),
            description: schema.description.clone(),
            deprecated: schema.deprecated == Some(true),
            notes: annotations(schema),
            unenforced: schema.unenforced_assertions(),
            property_count: PropertyCount::default(),
            rust_name,
            extra: None,
            extra_keys: Vec::new(),
            troubled: Vec::new(),
            incomplete: false,
            kind,
        });
        self.model.modules[file].types.push(id);
        id
    }

    /// The fields of the object schema at `pointer`, with the keys whose uses another
    /// diagnostic explains, and whether part of its declaration was lost to an error.
    fn fields(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &'a Schema,
        parent: &str,
    ) -> (Vec<FieldDef>, Vec<TroubledKey>, bool) {
        let members = self.members(file, pointer, schema);
        let mut incomplete = members.incomplete;
        let mut troubled: Vec<TroubledKey> = members
            .excluded
            .iter()
            .map(|(key, cause)| TroubledKey {
                key: (*key).to_owned(),
                cause: Some(cause.clone()),
            })
            .collect();
        // Declarations cut out after a meta-schema error: a property cut out is a key whose
        // uses that error explains; `properties` or an `allOf` branch cut out, keys unknown.
        for (at_file, at) in &members.merged {
            for cut in self.cuts.get(at_file).into_iter().flatten() {
                let Some(rest) = cut.strip_prefix(at.as_str()) else {
                    continue;
                };
                if let Some(key) = rest
                    .strip_prefix("/properties/")
                    .filter(|k| !k.contains('/'))
                {
                    troubled.push(TroubledKey {
                        key: key.replace("~1", "/").replace("~0", "~"),
                        cause: None,
                    });
                } else if rest == "/properties"
                    || rest == "/allOf"
                    || rest
                        .strip_prefix("/allOf/")
                        .is_some_and(|i| !i.contains('/'))
                    || rest.strip_prefix('/').is_some_and(misspelt_keyword)
                {
                    incomplete = true;
                }
            }
        }
        // Before the properties' types, as `required` is written before them, usually.
        let mut undeclared: Vec<FieldDef> = Vec::new();
        for required in &members.required {
            let key = required.key;
            if members.properties.iter().any(|m| m.key == key)
                || undeclared.iter().any(|f| f.key == key)
                || troubled.iter().any(|t| t.key == key)
            {
                continue;
            }
            // A branch lost to an error may be what declares it: not judged until it is fixed.
            let ty = if incomplete {
                None
            } else {
                self.undeclared_required(file, pointer, schema, &members, required, parent)
            };
            let Some(ty) = ty else {
                troubled.push(TroubledKey {
                    key: key.to_owned(),
                    cause: None,
                });
                continue;
            };
            // Said where a reader of the generated code looks: the key has no declaration.
            let notes = if members.properties.is_empty() {
                Vec::new()
            } else {
                vec!["listed in `required`, declared by no property".to_owned()]
            };
            undeclared.push(FieldDef {
                key: key.to_owned(),
                pointer: required.pointer.clone(),
                ty,
                required: true,
                description: None,
                format: None,
                default: None,
                notes,
                unenforced: Vec::new(),
                deprecated: false,
                rust_name: None,
                boxed: false,
                bounds: FieldBounds::default(),
                redact: None,
                max_chars: None,
            });
        }
        let mut fields = Vec::new();
        for member in &members.properties {
            let property = member.schema;
            // The title of an inline type, which docs and diagnostics show: naming makes the
            // Rust name from it and settles its collisions.
            let field_name = format!("{parent}{}", member.key.to_upper_camel_case());
            let taint = self.taint;
            let ty = if super::intersect::is_never(property) {
                // Made here, not at the pointer: the declaration there keeps its own type.
                let id = self.new_type(
                    member.file,
                    &member.pointer,
                    property,
                    &field_name,
                    TypeKind::Literals {
                        values: Vec::new(),
                        nullable: false,
                    },
                );
                FieldType::Named(id)
            } else {
                self.type_of(member.file, &member.pointer, property, &field_name)
            };
            if self.taint != taint && !troubled.iter().any(|t| t.key == member.key) {
                troubled.push(TroubledKey {
                    key: member.key.to_owned(),
                    cause: None,
                });
            }
            let bounds = FieldBounds::of(property, &ty);
            let unenforced = self.field_unenforced(member.file, &member.pointer, property, &ty);
            let max_chars = self.max_chars(member.file, &member.pointer, property, &ty);
            fields.push(FieldDef {
                key: member.key.to_owned(),
                pointer: member.pointer.clone(),
                ty,
                required: members.requires(member.key),
                description: property.description.clone(),
                format: property.format.clone(),
                default: property.default.as_ref().map(|v| v.to_string()),
                notes: annotations(property),
                unenforced,
                deprecated: property.deprecated == Some(true),
                rust_name: self.chosen_name(
                    member.file,
                    &member.pointer,
                    property,
                    NameCase::Field,
                ),
                boxed: false,
                bounds,
                redact: property
                    .redact
                    .as_ref()
                    .and_then(|r| r.censor())
                    .map(str::to_owned),
                max_chars,
            });
        }
        fields.extend(undeclared);
        (fields, troubled, incomplete)
    }

    /// The type of a key `required` lists and no property declares: JSON Schema reads it as
    /// "present, with any value the object's other keywords allow" (a `patternProperties`
    /// schema it matches, else `additionalProperties`). Beside declared properties it is
    /// likely a typo: a warning says how it is read. `None`, with an error, when no object can
    /// have the key (`additionalProperties: false` refuses it).
    fn undeclared_required(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &'a Schema,
        members: &super::merge::Members<'a>,
        required: &super::merge::RequiredKey<'a>,
        parent: &str,
    ) -> Option<FieldType> {
        let key = required.key;
        let close = did_you_mean(key, members.properties.iter().map(|m| m.key));
        let fix = match close {
            Some(close) => format!("did you mean `{close}`? Otherwise "),
            None => String::new(),
        };
        let refused = |cause: String| {
            (
                format!(
                    "required key `{key}` can never be present: {cause}, so no object fits this schema"
                ),
                format!("{fix}declare `{key}` in `properties`, or remove it from `required`"),
            )
        };
        let closed = members
            .closed
            .iter()
            .find(|(_, _, own)| !own.contains(&key))
            .map(|(at_file, at, _)| (*at_file, at.clone()));
        let pattern = schema
            .pattern_properties
            .iter()
            .flatten()
            .find(|(pattern, _)| {
                super::tools::pattern_problem(pattern).is_none()
                    && fusion_runtime::vocabulary::pattern::translate(pattern)
                        .ok()
                        .and_then(|translated| {
                            fusion_runtime::vocabulary::pattern::compile(&translated).ok()
                        })
                        .is_some_and(|compiled| compiled.is_match(key))
            });
        let (ty, read_as) = if let Some((at_file, at)) = closed {
            let (message, help) = refused(self.closed_cause(at_file, &at));
            self.report(required.file, &required.pointer, message, Some(help));
            return None;
        } else if let Some((pattern, values)) = pattern {
            let at = format!(
                "{pointer}/patternProperties/{}",
                super::refs::escape_pointer(pattern)
            );
            let ty = self.type_of(file, &at, values, &format!("{parent}Value"));
            (
                ty,
                format!("a field of the `patternProperties` schema of `{pattern}`"),
            )
        } else {
            match &schema.additional_properties {
                Some(AdditionalProperties::Allowed(false)) => {
                    let (message, help) = refused(
                        "`properties` does not declare it and `additionalProperties: false` refuses every other key".into(),
                    );
                    self.report(required.file, &required.pointer, message, Some(help));
                    return None;
                }
                Some(AdditionalProperties::Schema(values)) => {
                    let ty = self.type_of(
                        file,
                        &format!("{pointer}/additionalProperties"),
                        values,
                        &format!("{parent}Value"),
                    );
                    (
                        ty,
                        "a field of the `additionalProperties` schema".to_owned(),
                    )
                }
                Some(AdditionalProperties::Allowed(true)) | None => {
                    (FieldType::Any, "a field of any JSON value".to_owned())
                }
            }
        };
        // With no property declared at all, `required` is the keys' only declaration (`{type:
        // object, required: [value]}`): what the author meant, said without a warning.
        if !members.properties.is_empty() {
            self.warn(
                required.file,
                &required.pointer,
                format!("required key `{key}` is not declared in `properties`: generated as {read_as}, which the data must have"),
                Some(format!("{fix}declare `{key}` in `properties` to give it a type")),
            );
        }
        Some(ty)
    }
}

/// What a schema says of its value beyond type, description, format and default, for the doc
/// comment: annotations and bounds, which generated code does not enforce on presenter data.
fn annotations(schema: &Schema) -> Vec<String> {
    let mut notes = Vec::new();
    if schema.deprecated == Some(true) {
        notes.push("deprecated".to_owned());
    }
    if schema.read_only == Some(true) {
        notes.push("read-only".to_owned());
    }
    if schema.write_only == Some(true) {
        notes.push("write-only".to_owned());
    }
    if let Some(media_type) = &schema.content_media_type {
        notes.push(format!("content type `{media_type}`"));
    }
    if let Some(encoding) = &schema.content_encoding {
        notes.push(format!("content encoding `{encoding}`"));
    }
    notes.extend(schema.described_bounds());
    notes.extend(schema.described_assertions());
    if let Some(examples) = schema.examples.as_ref().filter(|e| !e.is_empty()) {
        let shown: Vec<String> = examples.iter().map(|e| format!("`{e}`")).collect();
        notes.push(format!("examples {}", shown.join(", ")));
    }
    notes
}

/// Whether a schema is a `oneOf` / `anyOf` union (whatever else it says).
fn is_union(schema: &Schema) -> bool {
    schema.one_of.is_some() || schema.any_of.is_some()
}

pub(super) fn schema_kind(schema: &Schema) -> Option<JsonType> {
    match &schema.kind {
        Some(TypeKeyword::One(kind)) => Some(*kind),
        Some(TypeKeyword::Several(types)) => types.iter().copied().find(|t| *t != JsonType::Null),
        // `allOf` merges objects, and object keywords make an object: `type` or not.
        None if schema.all_of.is_some()
            || schema.properties.is_some()
            || schema.additional_properties.is_some() =>
        {
            Some(JsonType::Object)
        }
        None if schema.items.is_some() || schema.prefix_items.is_some() => Some(JsonType::Array),
        // String values say what they are: `enum: [a, b]` and `const: a` need no `type`.
        None if schema
            .enum_values
            .as_ref()
            .is_some_and(|values| values.iter().any(Value::is_string))
            || schema.const_value.as_ref().is_some_and(Value::is_string) =>
        {
            Some(JsonType::String)
        }
        None => None,
    }
}

/// Whether no value fits the schema: `not: {}` (the schema `false`, `not: true`), whatever
/// stands beside it. `not` of anything else was refused when validating, but `not: false`
/// (`{not: {not: {}}}`), which constrains nothing.
pub(super) fn fits_no_value(schema: &Schema) -> bool {
    schema
        .not
        .as_deref()
        .is_some_and(|not| says_nothing(not) && not.not.is_none())
}

/// Whether a schema constrains nothing (`{}`, or only annotations): any JSON value.
fn says_nothing(schema: &Schema) -> bool {
    !fits_no_value(schema)
        && schema.kind.is_none()
        && schema.properties.is_none()
        && schema.required.is_none()
        && schema.items.is_none()
        && schema.prefix_items.is_none()
        && schema.enum_values.is_none()
        && schema.const_value.is_none()
        && schema.all_of.is_none()
        && schema.one_of.is_none()
        && schema.any_of.is_none()
        && schema.additional_properties.is_none()
        && schema.reference.is_none()
        && !schema.has_defs()
        && schema.fusion.is_none()
        && schema.tool.is_none()
        && schema.format.is_none()
        && schema.described_bounds().is_empty()
}

/// The one branch of an `allOf` that is the whole value, and its index, with no keyword of its
/// own beside it that shapes the value: a `$ref`, or a schema that is not an object (an object
/// branch is merged into a struct named after this schema). Branches that say nothing of the
/// value (Box's `allOf: [{$ref: Value}, {example: online}, {x-box-example-key: category}]`)
/// are not counted.
fn alias_of(schema: &Schema) -> Option<(usize, &Schema)> {
    let branches = schema.all_of.as_deref()?;
    let mut shaping = branches
        .iter()
        .enumerate()
        .filter(|(_, b)| !says_nothing(b));
    let (index, branch) = shaping.next()?;
    if shaping.next().is_some() {
        return None;
    }
    let shaped = schema.kind.is_some() || schema.properties.is_some() || schema.required.is_some();
    if shaped {
        return None;
    }
    let not_object =
        branch.all_of.is_none() && schema_kind(branch).is_some_and(|kind| kind != JsonType::Object);
    (branch.reference.is_some() || not_object).then_some((index, branch))
}

/// `ty`, or `null` (once: a nullable type stays as it is).
fn nullable(ty: FieldType) -> FieldType {
    match ty {
        FieldType::Nullable(_) => ty,
        other => FieldType::Nullable(Box::new(other)),
    }
}

/// Whether `pointer` is an OpenAPI component schema (`/components/schemas/<name>`).
fn is_component(pointer: &str) -> bool {
    pointer
        .strip_prefix("/components/schemas/")
        .is_some_and(|name| !name.contains('/'))
}

/// The component (its pointer token, escaped) that `pointer` is inside, in an OpenAPI document.
pub(super) fn component_of(pointer: &str) -> Option<String> {
    let rest = pointer.strip_prefix("/components/schemas/")?;
    Some(rest.split('/').next().unwrap_or(rest).to_owned())
}

/// Whether `pointer` names a property (`…/properties/<key>`); a key may itself be `properties`.
fn is_property(pointer: &str) -> bool {
    pointer
        .rsplit_once('/')
        .is_some_and(|(parent, _)| parent.ends_with("/properties") || parent == "/properties")
}
