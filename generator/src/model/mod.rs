//! Phase 3, model: the resolved presenters and types, independent of any output text.
//!
//! References are resolved, every type has one identity however many places use it, and cycles
//! are known. Rust names are not here: [`crate::naming`] assigns them in the next phase.

mod behaviour;
mod checks;
mod cycles;
mod merge;
mod refs;
mod resolve;
mod tools;
mod ui;

pub use behaviour::{
    BehaviourModel, CLOSING_TAGS, CompareOp, ConditionModel, EmbedModel, LimitModel, Literal,
    RuleModel, SuggestionModel, TextPart,
};

pub use resolve::resolve;
pub use tools::{ActionModel, ReturnsModel, ToolModel};
pub use ui::{JsonPiece, UiKind, UiModel};

/// Index of a type in [`Model::types`].
pub type TypeId = usize;

/// Everything the definitions describe.
#[derive(Debug, Clone, Default)]
pub struct Model {
    /// One module per definition file, in path order.
    pub modules: Vec<Module>,
    /// Every named type (structs and enums), in the order they were first reached.
    pub types: Vec<TypeDef>,
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
    /// Its shape.
    pub kind: TypeKind,
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
    /// `deprecated: true`.
    pub deprecated: bool,
    /// The Rust name the author chose (`x-fusion-name`), checked to be a snake_case identifier.
    pub rust_name: Option<String>,
    /// The field closes a cycle of by-value fields, so it must be boxed to give the type a size.
    pub boxed: bool,
    /// The censor the data block writes instead of the value (`x-fusion-redact`), if redacted.
    pub redact: Option<String>,
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
    /// `integer`, as `i64`.
    Integer,
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
}

impl Model {
    /// Whether some type or field is deprecated: generated code that uses them must then allow
    /// the `deprecated` lint, which only the user's own uses should trigger.
    pub fn has_deprecated(&self) -> bool {
        self.types.iter().any(|t| {
            t.deprecated
                || matches!(&t.kind, TypeKind::Struct { fields } if fields.iter().any(|f| f.deprecated))
        })
    }
}

impl FieldType {
    /// The type without its nullability.
    pub fn non_null(&self) -> &FieldType {
        match self {
            FieldType::Nullable(inner) => inner,
            other => other,
        }
    }
}
