//! Phase 3, model: the resolved presenters and types, independent of any output text.
//!
//! References are resolved, every type has one identity however many places use it, and cycles
//! are known. Rust names are not here: [`crate::naming`] assigns them in the next phase.

mod behaviour;
mod checks;
mod clip;
mod cycles;
mod depth;
#[cfg(test)]
mod drafts_tests;
mod extends;
mod intersect;
mod literals;
mod merge;
mod refs;
mod resolve;
mod size;
mod tools;
mod tuples;
mod ui;
mod unions;

pub use behaviour::{
    BehaviourModel, CompareOp, Computed, ConditionModel, EmbedModel, Literal, RuleModel,
    SuggestionModel, TextPart, Transform,
};
pub use depth::MAX_TYPE_DEPTH;

// `render` compares sample values with enum literals as the model does.
#[cfg(feature = "render")]
pub use literals::same_literal;
pub use literals::structured_enum;
pub use refs::escape_pointer;
pub(crate) use refs::{join_relative, relative_to};
pub use resolve::resolve;
pub(crate) use tools::RESERVED_INPUT_KEYS;
pub use tools::{ActionModel, ToolModel};
pub use ui::{EmptyModel, JsonPiece, UiKind, UiModel, text_escape};

/// Index of a type in [`Model::types`].
pub type TypeId = usize;

/// Everything the definitions describe.
#[derive(Debug, Clone, Default)]
pub struct Model {
    /// One module per definition file, in path order.
    pub modules: Vec<Module>,
    /// Every named type (structs and enums), in the order they were first reached.
    pub types: Vec<TypeDef>,
    /// What resolving read in the one way each warning explains (a `$ref` found by its last
    /// segment, a keyword JSON Schema ignores), in the order found.
    pub warnings: Vec<crate::diagnostics::Diagnostic>,
}

/// What one definition file contributes.
#[derive(Debug, Clone)]
pub struct Module {
    /// The file, relative to the input folder.
    pub file: String,
    /// The presenter the file defines, when its root is an object schema.
    pub presenter: Option<PresenterDef>,
    /// The types defined in this file, in definition order.
    pub types: Vec<TypeId>,
    /// The tool the file declares, when it is a tool file.
    pub tool: Option<ToolModel>,
}

/// A presenter: the schema of the item it presents.
#[derive(Debug, Clone)]
pub struct PresenterDef {
    /// The presenter's name as written (`title`, or the file name).
    pub title: String,
    /// The presenter's documentation.
    pub description: Option<String>,
    /// The struct of one item.
    pub item: TypeId,
    /// Rules, agent limit and data format from `x-fusion`.
    pub behaviour: BehaviourModel,
}

/// A generated type.
#[derive(Debug, Clone)]
pub struct TypeDef {
    /// The name the Rust name is derived from (`title`, a `$defs` key, or parent + field).
    pub title: String,
    /// The module (definition file) that defines it.
    pub module: usize,
    /// Where it is defined, for diagnostics.
    pub pointer: String,
    /// Documentation.
    pub description: Option<String>,
    /// `deprecated: true`: the Rust type is `#[deprecated]`.
    pub deprecated: bool,
    /// The Rust name the author chose (`x-fusion-name`), checked to be an UpperCamelCase
    /// identifier.
    pub rust_name: Option<String>,
    /// Annotations and bounds the schema states, for the docs.
    pub notes: Vec<String>,
    /// Assertions of the schema no generated code checks (`not`, `propertyNames`, …):
    /// documented on presenter data, refused in tool arguments.
    pub unenforced: Vec<&'static str>,
    /// A struct's `minProperties` and `maxProperties`: checked on tool arguments (an API's
    /// request body caps the keys of a map it takes), documented on presenter data.
    pub property_count: PropertyCount,
    /// The type of the undeclared keys' values a struct keeps (`additionalProperties` with a
    /// schema, or `true`: [`FieldType::Any`]); `None` drops them.
    pub extra: Option<FieldType>,
    /// `patternProperties`: the patterns (ECMAScript, as written) an undeclared key must match
    /// to be kept in [`TypeDef::extra`]; empty keeps every undeclared key.
    pub extra_keys: Vec<String>,
    /// Keys whose uses (in rules, conditions, UI, embeds) another diagnostic already explains:
    /// a check that names one reports that cause, or nothing, instead of its consequence.
    pub troubled: Vec<TroubledKey>,
    /// Part of its declaration was lost to an error already reported (an `allOf` branch that
    /// did not resolve, `properties` cut out after a meta-schema error): a use naming a key it
    /// lacks is not reported unknown.
    pub incomplete: bool,
    /// Its shape.
    pub kind: TypeKind,
}

/// `minProperties` and `maxProperties` of an object: how many keys it may have, declared and
/// undeclared together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PropertyCount {
    /// `minProperties`.
    pub min: Option<u64>,
    /// `maxProperties`.
    pub max: Option<u64>,
}

impl PropertyCount {
    /// Whether either bound is set.
    pub fn is_set(&self) -> bool {
        self.min.is_some() || self.max.is_some()
    }
}

/// The keywords [`PropertyCount`] holds, which are enforced on a struct and so are not among
/// its [`TypeDef::unenforced`] assertions.
pub const PROPERTY_COUNT_KEYWORDS: [&str; 2] = ["minProperties", "maxProperties"];

/// A key of a struct whose uses are not judged on their own (see [`TypeDef::troubled`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TroubledKey {
    /// The JSON key.
    pub key: String,
    /// Why the key can never be present (a warning says so), for the error of a use that
    /// names it; `None` when its declaration has an error of its own, already reported: the
    /// key is poisoned, and its uses are not reported at all.
    pub cause: Option<KeyCause>,
}

/// Why a key can never be present, as a diagnostic of a use that names it says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyCause {
    /// The message, naming the key, the cause and the warning that explains it.
    pub message: String,
    /// The fix.
    pub help: String,
}

impl TypeDef {
    /// A struct's declared fields in schema order; none for any other shape (a union's
    /// branches have their own).
    pub fn fields(&self) -> &[FieldDef] {
        match &self.kind {
            TypeKind::Struct { fields } => fields,
            TypeKind::Enum { .. }
            | TypeKind::Literals { .. }
            | TypeKind::Union { .. }
            | TypeKind::Tuple { .. } => &[],
        }
    }
}

/// The shape of a generated type.
#[derive(Debug, Clone)]
pub enum TypeKind {
    /// An object schema.
    Struct {
        /// Fields in schema order, which is the order on the wire.
        fields: Vec<FieldDef>,
    },
    /// A string enum.
    Enum {
        /// The allowed values, in schema order.
        values: Vec<String>,
    },
    /// An enum of exact JSON values other than strings alone (`enum: [2, 3, 5]`,
    /// `enum: [1, "one"]`, `const: true`): numbers, booleans and strings, never `null` (which
    /// makes the uses nullable). No values at all (`enum: [null]`, `type: "null"`, `false`) is a
    /// type no value has.
    Literals {
        /// The allowed values, in schema order.
        values: Vec<LiteralValue>,
        /// `null` is allowed too: the type's uses are nullable (for the error that lists the
        /// values a reader expects).
        nullable: bool,
    },
    /// An array of a fixed length whose every position has its own type (`prefixItems`, or
    /// drafts 04 to 2019-09's list `items`): a tuple struct, read and written as a JSON array.
    Tuple {
        /// The type at each position.
        elements: Vec<FieldType>,
        /// Per position: it closes a cycle of by-value types, so it is boxed.
        boxed: Vec<bool>,
    },
    /// `oneOf` / `anyOf` (or a list of primitive types): the value is one of the branches,
    /// tried in order as zod's `z.union` tries them; written as the branch it holds.
    Union {
        /// The branches, in schema order (`null` branches are not here: they make the union's
        /// uses nullable).
        variants: Vec<VariantDef>,
        /// The key whose value names the branch, when the branches are objects that each fix
        /// it to a distinct constant: deserializing then reads it and goes straight to that
        /// branch (the same branch trying them in order would pick, with that branch's own error
        /// when it does not fit).
        tag: Option<UnionTag>,
    },
}

/// One value of an enum of values: what JSON Schema's `enum` may list besides `null`,
/// objects and arrays.
#[derive(Debug, Clone, PartialEq)]
pub enum LiteralValue {
    /// `true` or `false`.
    Bool(bool),
    /// A number, as the schema wrote it.
    Number(serde_json::Number),
    /// A string.
    Str(String),
}

impl LiteralValue {
    /// The value as JSON.
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            LiteralValue::Bool(b) => serde_json::Value::Bool(*b),
            LiteralValue::Number(n) => serde_json::Value::Number(n.clone()),
            LiteralValue::Str(s) => serde_json::Value::String(s.clone()),
        }
    }
}

/// The property that tells the objects of an internally tagged union apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnionTag {
    /// The JSON key, present and required in every branch.
    pub key: String,
    /// Its constant in each branch, in branch order; all distinct.
    pub values: Vec<String>,
}

/// One branch of a union.
#[derive(Debug, Clone)]
pub struct VariantDef {
    /// The name the Rust variant is derived from: the branch's `title`, its `$ref` target, or
    /// its type (`String`, `Integer`, …).
    pub title: String,
    /// The branch's type.
    pub ty: FieldType,
    /// The branch is held behind a `Box`: its value would make the enum much larger than its
    /// other branches (`size::MAX_INLINE_BRANCH_BYTES`).
    pub boxed: bool,
}

/// One property of an object schema.
#[derive(Debug, Clone)]
pub struct FieldDef {
    /// The JSON key, exactly as on the wire.
    pub key: String,
    /// Where the property is defined, for diagnostics.
    pub pointer: String,
    /// The value's type.
    pub ty: FieldType,
    /// Listed in `required`: always present on the wire.
    pub required: bool,
    /// Documentation.
    pub description: Option<String>,
    /// The `format` keyword, kept as documentation.
    pub format: Option<String>,
    /// The documented default, as JSON text.
    pub default: Option<String>,
    /// Annotations and bounds the schema states (`read-only`, `maxLength 64`, …), for the docs.
    pub notes: Vec<String>,
    /// Assertions of the property's schema no generated code checks (`not`, `minProperties`,
    /// …): documented on presenter data, refused in tool arguments.
    pub unenforced: Vec<&'static str>,
    /// `deprecated: true`.
    pub deprecated: bool,
    /// The Rust name the author chose (`x-fusion-name`), checked to be a snake_case identifier.
    pub rust_name: Option<String>,
    /// The field closes a cycle of by-value fields, so it must be boxed to give the type a size,
    /// or its type is too large to hold inline (`size::MAX_INLINE_FIELDS`).
    pub boxed: bool,
    /// The censor the data block writes instead of the value (`x-fusion-redact`), if redacted.
    pub redact: Option<String>,
    /// The most characters of the string the data block shows (`x-fusion-max-chars`).
    pub max_chars: Option<u32>,
    /// The bounds that apply to the value's type, which tool arguments enforce (wire format
    /// §12) and published schemas state; presenter data only documents them (`notes`).
    pub bounds: FieldBounds,
}

/// The JSON Schema bounds of a field, each kept only where it applies to the field's type
/// (numeric bounds on `integer`/`number`, lengths and `pattern` on a string, item bounds on an
/// array): a bound beside an enum or a reference stays documentation.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FieldBounds {
    /// `minimum`.
    pub minimum: Option<serde_json::Number>,
    /// `exclusiveMinimum`.
    pub exclusive_minimum: Option<serde_json::Number>,
    /// `maximum`.
    pub maximum: Option<serde_json::Number>,
    /// `exclusiveMaximum`.
    pub exclusive_maximum: Option<serde_json::Number>,
    /// `minLength`.
    pub min_length: Option<u64>,
    /// `maxLength`.
    pub max_length: Option<u64>,
    /// A `format` the runtime checks (`date-time`, `email`, …: `fusion_runtime`'s
    /// `__private::formats::Format`); any other `format` stays documentation.
    pub format: Option<String>,
    /// `pattern`, as written (ECMAScript).
    pub pattern: Option<String>,
    /// `minItems`.
    pub min_items: Option<u64>,
    /// `maxItems`.
    pub max_items: Option<u64>,
    /// `uniqueItems: true`.
    pub unique_items: bool,
}

impl FieldBounds {
    /// The bounds of `schema` that apply to a value of type `ty` (nullability aside).
    pub fn of(schema: &crate::definition::Schema, ty: &FieldType) -> FieldBounds {
        match ty.non_null() {
            FieldType::Integer(_) | FieldType::Number => FieldBounds {
                minimum: schema.minimum.clone(),
                exclusive_minimum: schema.exclusive_minimum.clone(),
                maximum: schema.maximum.clone(),
                exclusive_maximum: schema.exclusive_maximum.clone(),
                ..FieldBounds::default()
            },
            FieldType::String => FieldBounds {
                min_length: schema.min_length,
                max_length: schema.max_length,
                format: schema.format.clone().filter(|f| {
                    fusion_runtime::vocabulary::formats::Format::from_keyword(f).is_some()
                }),
                pattern: schema.pattern.clone(),
                ..FieldBounds::default()
            },
            FieldType::Array(_) => FieldBounds {
                min_items: schema.min_items,
                max_items: schema.max_items,
                unique_items: schema.unique_items == Some(true),
                ..FieldBounds::default()
            },
            _ => FieldBounds::default(),
        }
    }

    /// Whether no bound is set.
    pub fn is_empty(&self) -> bool {
        *self == FieldBounds::default()
    }
}

impl FieldDef {
    /// Whether the Rust field is an `Option`: the key may be absent, or the value may be null.
    pub fn is_option(&self) -> bool {
        !self.required || matches!(self.ty, FieldType::Nullable(_))
    }

    /// Whether the Rust field is an `Option<Option<T>>`: optional and nullable, so absent
    /// (`None`), `null` (`Some(None)`) and a value are three states, written back as they came.
    pub fn is_double_option(&self) -> bool {
        !self.required && matches!(self.ty, FieldType::Nullable(_))
    }
}

/// The type of a value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldType {
    /// `string` (any format).
    String,
    /// `integer`: `i64`, or the Rust integer its `format` names (`int32` → `i32`, …).
    Integer(IntKind),
    /// `number`, as `f64`.
    Number,
    /// `boolean`.
    Boolean,
    /// A generated struct or enum.
    Named(TypeId),
    /// `array` of the element type.
    Array(Box<FieldType>),
    /// `[T, "null"]`.
    Nullable(Box<FieldType>),
    /// Any JSON value: `additionalProperties: true`, or a schema that says nothing of its value
    /// (`{}`, only annotations).
    Any,
}

impl Model {
    /// The branch structs of a union whose every branch is an object, in schema order; `None`
    /// for any other type. Such a union can be a presenter's item: its wire keys are its
    /// branches' ([`Model::root_keys`]).
    pub fn object_branches(&self, id: TypeId) -> Option<Vec<TypeId>> {
        let TypeKind::Union { variants, .. } = &self.types[id].kind else {
            return None;
        };
        self.struct_branches(variants)
    }

    /// The struct of every branch, in order, when each branch is a struct.
    pub(crate) fn struct_branches(&self, variants: &[VariantDef]) -> Option<Vec<TypeId>> {
        variants
            .iter()
            .map(|variant| match &variant.ty {
                FieldType::Named(branch)
                    if matches!(self.types[*branch].kind, TypeKind::Struct { .. }) =>
                {
                    Some(*branch)
                }
                _ => None,
            })
            .collect()
    }

    /// The root keys a presenter's item can have on the wire, which `_select` picks from and
    /// numbers: a struct's fields in schema order; for a union of objects, every branch's keys,
    /// in the order they first appear branch by branch; nothing for any other type.
    pub fn root_keys(&self, item: TypeId) -> Vec<&str> {
        let structs = self.object_branches(item).unwrap_or_else(|| vec![item]);
        let mut keys: Vec<&str> = Vec::new();
        for field in structs.iter().flat_map(|&id| self.types[id].fields()) {
            if !keys.contains(&field.key.as_str()) {
                keys.push(&field.key);
            }
        }
        keys
    }

    /// The keys `_select` offers for `tool`: the root keys of every presenter its actions return,
    /// sorted and each once. Naming makes the select enum's variants from them, emit its schema.
    pub fn select_keys(&self, tool: &ToolModel) -> Vec<String> {
        let mut keys: Vec<String> = tool
            .actions
            .iter()
            .filter_map(|a| a.returns)
            .filter_map(|r| self.modules[r.module].presenter.as_ref())
            .flat_map(|p| self.root_keys(p.item).into_iter().map(str::to_owned))
            .collect();
        keys.sort();
        keys.dedup();
        keys
    }

    /// Whether some type or field is deprecated: generated code that uses them must then allow
    /// the `deprecated` lint, which only the user's own uses should trigger.
    pub fn has_deprecated(&self) -> bool {
        self.types.iter().any(|t| {
            t.deprecated
                || matches!(&t.kind, TypeKind::Struct { fields } if fields.iter().any(|f| f.deprecated))
        })
    }

    /// Per type: whether it can be data, i.e. is defined outside a tool file (presenter and type
    /// files are data users may write) or is reachable from such a type. The others exist only
    /// to be read from a tool call's arguments, so they need no JSON or TOON writers.
    pub fn data_types(&self) -> Vec<bool> {
        let mut data = vec![false; self.types.len()];
        let mut pending: Vec<TypeId> = self
            .modules
            .iter()
            .filter(|m| m.tool.is_none())
            .flat_map(|m| m.types.iter().copied())
            .collect();
        while let Some(id) = pending.pop() {
            if std::mem::replace(&mut data[id], true) {
                continue;
            }
            pending.extend(self.reached(id));
        }
        data
    }

    /// The named types a value of type `id` holds directly: its fields', its branches', its
    /// map values' (`additionalProperties`), in that order.
    pub fn reached(&self, id: TypeId) -> Vec<TypeId> {
        let def = &self.types[id];
        let mut reached: Vec<&FieldType> = match &def.kind {
            TypeKind::Struct { fields } => fields.iter().map(|f| &f.ty).collect(),
            TypeKind::Union { variants, .. } => variants.iter().map(|v| &v.ty).collect(),
            TypeKind::Tuple { elements, .. } => elements.iter().collect(),
            TypeKind::Enum { .. } | TypeKind::Literals { .. } => Vec::new(),
        };
        reached.extend(def.extra.as_ref());
        reached.into_iter().filter_map(FieldType::named).collect()
    }
}

/// The Rust integer of an `integer` schema, from its `format` (`int8` … `int64`, `uint8` …
/// `uint64`); `i64` without one. Values out of its range are deserialize errors, and argument
/// errors in tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntKind {
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
}

impl IntKind {
    /// The kind an integer `format` names, if it names one.
    pub fn from_format(format: &str) -> Option<IntKind> {
        Some(match format {
            "int8" => IntKind::I8,
            "int16" => IntKind::I16,
            "int32" => IntKind::I32,
            "int64" => IntKind::I64,
            "uint8" => IntKind::U8,
            "uint16" => IntKind::U16,
            "uint32" => IntKind::U32,
            "uint64" => IntKind::U64,
            _ => return None,
        })
    }

    /// The kind of an `integer` schema with this `format`: `i64` unless it names a kind.
    pub fn of_format(format: Option<&str>) -> IntKind {
        format
            .and_then(IntKind::from_format)
            .unwrap_or(IntKind::I64)
    }

    /// The Rust type.
    pub fn rust(self) -> &'static str {
        match self {
            IntKind::I8 => "i8",
            IntKind::I16 => "i16",
            IntKind::I32 => "i32",
            IntKind::I64 => "i64",
            IntKind::U8 => "u8",
            IntKind::U16 => "u16",
            IntKind::U32 => "u32",
            IntKind::U64 => "u64",
        }
    }

    /// The smallest and largest value.
    pub fn range(self) -> (i128, i128) {
        match self {
            IntKind::I8 => (i8::MIN.into(), i8::MAX.into()),
            IntKind::I16 => (i16::MIN.into(), i16::MAX.into()),
            IntKind::I32 => (i32::MIN.into(), i32::MAX.into()),
            IntKind::I64 => (i64::MIN.into(), i64::MAX.into()),
            IntKind::U8 => (0, u8::MAX.into()),
            IntKind::U16 => (0, u16::MAX.into()),
            IntKind::U32 => (0, u32::MAX.into()),
            IntKind::U64 => (0, u64::MAX.into()),
        }
    }
}

impl FieldType {
    /// The generated type a value holds, through arrays and nullability, if it holds one.
    pub fn named(&self) -> Option<TypeId> {
        match self {
            FieldType::Named(id) => Some(*id),
            FieldType::Array(inner) | FieldType::Nullable(inner) => inner.named(),
            _ => None,
        }
    }

    /// The type without its nullability.
    pub fn non_null(&self) -> &FieldType {
        match self {
            FieldType::Nullable(inner) => inner,
            other => other,
        }
    }
}
