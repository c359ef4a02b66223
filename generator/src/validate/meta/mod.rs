//! A checker of documents against the generator's own meta-schemas: the JSON Schema 2020-12
//! keywords those use, and no other. A keyword it does not implement makes compiling the
//! meta-schema fail, so that a change of the generated meta-schema (a new schemars version, a
//! new attribute) cannot silently weaken what definitions are checked against.

mod check;
mod compile;
mod error;
mod pattern;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

use regex::Regex;
use serde_json::{Number, Value};

use compile::{Compiler, index_resources};

pub use error::{ErrorKind, Expected, JsonType, MetaError};

/// Keywords that say nothing a value must satisfy.
const ANNOTATIONS: &[&str] = &[
    "$schema",
    "$id",
    "$comment",
    "title",
    "description",
    "default",
    "examples",
    // Draft 2020-12's format-annotation vocabulary: an annotation unless asked otherwise.
    "format",
];

/// Every keyword the checker reads, annotations aside.
pub const IMPLEMENTED: &[&str] = &[
    "type",
    "const",
    "enum",
    "minimum",
    "maximum",
    "required",
    "properties",
    "patternProperties",
    "additionalProperties",
    "items",
    "allOf",
    "anyOf",
    "oneOf",
    "$ref",
    "$defs",
];

/// A compiled meta-schema.
#[derive(Debug)]
pub struct Checker {
    nodes: Vec<Node>,
    root: usize,
}

/// One schema of the meta-schema; others are referred to by their index in [`Checker::nodes`].
#[derive(Debug)]
enum Node {
    /// `true`, `{}`, or a schema of annotations only.
    Any,
    /// `false`.
    Nothing { location: String },
    /// A schema object: its location in its resource, and its rules in the order they report.
    Rules { location: String, rules: Vec<Rule> },
}

#[derive(Debug)]
enum Rule {
    Type(Expected),
    Const(Value),
    Enum(Vec<Value>),
    Minimum(Number),
    Maximum(Number),
    Required(Vec<String>),
    Members(Members),
    Items(usize),
    AllOf(Vec<usize>),
    AnyOf(Vec<usize>),
    OneOf(Vec<usize>),
    Ref(usize),
}

/// `properties`, `patternProperties` and `additionalProperties`, read together since the last
/// applies to the keys the other two leave.
#[derive(Debug)]
struct Members {
    properties: Vec<(String, usize)>,
    patterns: Vec<(Regex, usize)>,
    additional: Additional,
    /// A lone `required` name checked after the members, where the `jsonschema` crate (whose
    /// error order diagnostics kept) reported it: beside `additionalProperties: false` and
    /// `properties`, without `patternProperties`.
    required_after: Option<String>,
}

#[derive(Debug)]
enum Additional {
    Allowed,
    Refused,
    Schema(usize),
}

/// The order the `jsonschema` crate ran keywords in, which decides the order of errors at one
/// place in a document.
fn priority(rule: &Rule) -> u8 {
    match rule {
        Rule::Type(_) => 1,
        Rule::Const(_) => 5,
        Rule::Enum(_) => 6,
        Rule::Minimum(_) => 10,
        Rule::Maximum(_) => 11,
        Rule::Required(_) => 26,
        Rule::Members(_) => 42,
        Rule::Items(_) => 44,
        Rule::AllOf(_) => 50,
        Rule::AnyOf(_) => 51,
        Rule::OneOf(_) => 52,
        Rule::Ref(_) => 70,
    }
}

impl Checker {
    /// Compiles a meta-schema, or says which keyword or reference it cannot read.
    pub fn new(schema: &Value) -> Result<Checker, String> {
        let mut resources = HashMap::new();
        index_resources(schema, "", &mut resources)?;
        let base = schema.get("$id").and_then(Value::as_str).unwrap_or("");
        let mut compiler = Compiler {
            document: schema,
            resources,
            nodes: Vec::new(),
            compiled: HashMap::new(),
        };
        let root = compiler.compile(base, "")?;
        Ok(Checker {
            nodes: compiler.nodes,
            root,
        })
    }

    /// Every way `instance` breaks the meta-schema, in a stable order.
    pub fn errors<'a>(&'a self, instance: &'a Value) -> Vec<MetaError<'a>> {
        let mut errors = Vec::new();
        self.collect(self.root, instance, &check::Path::Root, &mut errors);
        errors
    }
}
