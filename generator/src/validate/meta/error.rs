//! What the meta-schema checker reports: where a value broke which keyword, and how. The texts
//! are those the generator printed when it validated with the `jsonschema` crate, since
//! diagnostics quote them.

use std::fmt;

use serde_json::{Number, Value};

/// A JSON type, as `type` names it. The order is the one types are listed in by messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum JsonType {
    /// `null`.
    Null,
    /// `true` or `false`.
    Boolean,
    /// A number without a fractional part (`1.0` included, as draft 2020-12 says).
    Integer,
    /// Any number.
    Number,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
}

impl JsonType {
    /// The type `type` names `name`, if any.
    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "null" => JsonType::Null,
            "boolean" => JsonType::Boolean,
            "integer" => JsonType::Integer,
            "number" => JsonType::Number,
            "string" => JsonType::String,
            "array" => JsonType::Array,
            "object" => JsonType::Object,
            _ => return None,
        })
    }

    /// Its name in a schema.
    pub fn name(self) -> &'static str {
        match self {
            JsonType::Null => "null",
            JsonType::Boolean => "boolean",
            JsonType::Integer => "integer",
            JsonType::Number => "number",
            JsonType::String => "string",
            JsonType::Array => "array",
            JsonType::Object => "object",
        }
    }

    /// Whether `value` is of this type.
    pub fn admits(self, value: &Value) -> bool {
        match (self, value) {
            (JsonType::Null, Value::Null)
            | (JsonType::Boolean, Value::Bool(_))
            | (JsonType::Number, Value::Number(_))
            | (JsonType::String, Value::String(_))
            | (JsonType::Array, Value::Array(_))
            | (JsonType::Object, Value::Object(_)) => true,
            (JsonType::Integer, Value::Number(number)) => is_integer(number),
            _ => false,
        }
    }
}

fn is_integer(number: &Number) -> bool {
    number.is_i64()
        || number.is_u64()
        || number
            .as_f64()
            .is_some_and(|f| f.is_finite() && f.fract() == 0.0)
}

impl fmt::Display for JsonType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The types a `type` keyword expected: one, or a list (kept in [`JsonType`]'s order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// `type: string`.
    Single(JsonType),
    /// `type: [string, "null"]`.
    Multiple(Vec<JsonType>),
}

/// One way a value failed a meta-schema keyword.
#[derive(Debug, Clone, PartialEq)]
pub enum ErrorKind<'a> {
    /// Keys that neither `properties` nor `patternProperties` declare, under
    /// `additionalProperties: false`; in the order the value has them.
    AdditionalProperties {
        /// The undeclared keys.
        unexpected: Vec<String>,
    },
    /// No alternative of an `anyOf` fits; each alternative's own errors, in order.
    AnyOf {
        /// Per alternative, why it does not fit.
        context: Vec<Vec<MetaError<'a>>>,
    },
    /// No alternative of a `oneOf` fits; each alternative's own errors, in order.
    OneOfNotValid {
        /// Per alternative, why it does not fit.
        context: Vec<Vec<MetaError<'a>>>,
    },
    /// More than one alternative of a `oneOf` fits.
    OneOfMultipleValid,
    /// A value of another JSON type.
    Type {
        /// What `type` asks for.
        expected: Expected,
    },
    /// A value other than the `const`.
    Const {
        /// The one value allowed.
        expected: &'a Value,
    },
    /// A value not among the `enum`'s.
    Enum {
        /// The values allowed.
        options: &'a [Value],
    },
    /// A key `required` names is missing.
    Required {
        /// The missing key.
        property: String,
    },
    /// A number below `minimum`.
    Minimum {
        /// The least value allowed.
        limit: &'a Number,
    },
    /// A number above `maximum`.
    Maximum {
        /// The greatest value allowed.
        limit: &'a Number,
    },
    /// A value where the schema `false` stands.
    FalseSchema,
}

/// A value of a checked document that breaks the meta-schema.
#[derive(Debug, Clone, PartialEq)]
pub struct MetaError<'a> {
    /// The JSON pointer of the value in the document.
    pub instance_path: String,
    /// The JSON pointer of the broken keyword in the meta-schema resource (the schema with its
    /// own `$id`) that holds it.
    pub schema_path: String,
    /// The value itself.
    pub instance: &'a Value,
    /// What is wrong with it.
    pub kind: ErrorKind<'a>,
}

/// How many `enum` values a message lists before it counts the rest.
const ENUM_VALUES_SHOWN: usize = 3;

impl fmt::Display for MetaError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let instance = self.instance;
        match &self.kind {
            ErrorKind::AdditionalProperties { unexpected } => {
                let quoted: Vec<String> = unexpected.iter().map(|k| format!("'{k}'")).collect();
                let verb = if unexpected.len() == 1 { "was" } else { "were" };
                write!(
                    f,
                    "Additional properties are not allowed ({} {verb} unexpected)",
                    quoted.join(", ")
                )
            }
            ErrorKind::AnyOf { .. } => write!(
                f,
                "{instance} is not valid under any of the schemas listed in the 'anyOf' keyword"
            ),
            ErrorKind::OneOfNotValid { .. } => write!(
                f,
                "{instance} is not valid under any of the schemas listed in the 'oneOf' keyword"
            ),
            ErrorKind::OneOfMultipleValid => write!(
                f,
                "{instance} is valid under more than one of the schemas listed in the 'oneOf' keyword"
            ),
            ErrorKind::Type {
                expected: Expected::Single(one),
            } => write!(f, "{instance} is not of type \"{one}\""),
            ErrorKind::Type {
                expected: Expected::Multiple(types),
            } => {
                let quoted: Vec<String> = types.iter().map(|t| format!("\"{t}\"")).collect();
                write!(f, "{instance} is not of types {}", quoted.join(", "))
            }
            ErrorKind::Const { expected } => write!(f, "{expected} was expected"),
            ErrorKind::Enum { options } => {
                write!(f, "{instance} is not one of ")?;
                if options.len() <= ENUM_VALUES_SHOWN {
                    for (i, option) in options.iter().enumerate() {
                        let separator = match i {
                            0 => "",
                            _ if i + 1 == options.len() => " or ",
                            _ => ", ",
                        };
                        write!(f, "{separator}{option}")?;
                    }
                    Ok(())
                } else {
                    let shown: Vec<String> = options[..ENUM_VALUES_SHOWN - 1]
                        .iter()
                        .map(Value::to_string)
                        .collect();
                    let rest = options.len() - shown.len();
                    write!(f, "{} or {rest} other candidates", shown.join(", "))
                }
            }
            ErrorKind::Required { property } => {
                write!(
                    f,
                    "{} is a required property",
                    Value::String(property.clone())
                )
            }
            ErrorKind::Minimum { limit } => {
                write!(f, "{instance} is less than the minimum of {limit}")
            }
            ErrorKind::Maximum { limit } => {
                write!(f, "{instance} is greater than the maximum of {limit}")
            }
            ErrorKind::FalseSchema => write!(f, "False schema does not allow {instance}"),
        }
    }
}
