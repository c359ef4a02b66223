//! Checking a value against a compiled meta-schema.

use serde_json::{Number, Value};

use super::error::{ErrorKind, MetaError};
use super::{Additional, Checker, Members, Node, Rule};

/// Where a value is in the document, built as the check descends and written out as a JSON
/// pointer only for the values that have errors.
pub(super) enum Path<'p> {
    Root,
    Key(&'p Path<'p>, &'p str),
    Index(&'p Path<'p>, usize),
}

impl Path<'_> {
    fn pointer(&self) -> String {
        match self {
            Path::Root => String::new(),
            Path::Key(parent, key) => {
                format!("{}/{}", parent.pointer(), crate::source::pointer_token(key))
            }
            Path::Index(parent, index) => format!("{}/{index}", parent.pointer()),
        }
    }
}

impl Checker {
    /// Appends the errors of `instance` against node `node` to `errors`.
    pub(super) fn collect<'a>(
        &'a self,
        node: usize,
        instance: &'a Value,
        path: &Path<'_>,
        errors: &mut Vec<MetaError<'a>>,
    ) {
        let (location, rules) = match &self.nodes[node] {
            Node::Any => return,
            Node::Nothing { location } => {
                errors.push(MetaError {
                    instance_path: path.pointer(),
                    schema_path: location.clone(),
                    instance,
                    kind: ErrorKind::FalseSchema,
                });
                return;
            }
            Node::Rules { location, rules } => (location, rules),
        };
        let error = |keyword: &str, kind: ErrorKind<'a>| MetaError {
            instance_path: path.pointer(),
            schema_path: format!("{location}/{keyword}"),
            instance,
            kind,
        };
        for rule in rules {
            match rule {
                Rule::Type(expected) => {
                    let admitted = match expected {
                        super::Expected::Single(one) => one.admits(instance),
                        super::Expected::Multiple(types) => {
                            types.iter().any(|t| t.admits(instance))
                        }
                    };
                    if !admitted {
                        let expected = expected.clone();
                        errors.push(error("type", ErrorKind::Type { expected }));
                    }
                }
                Rule::Const(expected) if !json_equal(instance, expected) => {
                    errors.push(error("const", ErrorKind::Const { expected }));
                }
                Rule::Enum(options) if !options.iter().any(|o| json_equal(instance, o)) => {
                    errors.push(error("enum", ErrorKind::Enum { options }));
                }
                Rule::Minimum(limit) => {
                    if let Value::Number(number) = instance
                        && compare(number, limit).is_lt()
                    {
                        errors.push(error("minimum", ErrorKind::Minimum { limit }));
                    }
                }
                Rule::Maximum(limit) => {
                    if let Value::Number(number) = instance
                        && compare(number, limit).is_gt()
                    {
                        errors.push(error("maximum", ErrorKind::Maximum { limit }));
                    }
                }
                Rule::Required(names) => {
                    if let Value::Object(object) = instance {
                        for name in names.iter().filter(|n| !object.contains_key(*n)) {
                            let property = name.clone();
                            errors.push(error("required", ErrorKind::Required { property }));
                        }
                    }
                }
                Rule::Members(members) => {
                    if let Value::Object(_) = instance {
                        self.members(members, instance, path, location, errors);
                    }
                }
                Rule::Items(items) => {
                    if let Value::Array(elements) = instance {
                        for (i, element) in elements.iter().enumerate() {
                            self.collect(*items, element, &Path::Index(path, i), errors);
                        }
                    }
                }
                Rule::AllOf(all) => {
                    for &schema in all {
                        self.collect(schema, instance, path, errors);
                    }
                }
                Rule::AnyOf(alternatives) => {
                    let mut context = Vec::new();
                    for &alternative in alternatives {
                        let mut found = Vec::new();
                        self.collect(alternative, instance, path, &mut found);
                        if found.is_empty() {
                            context.clear();
                            break;
                        }
                        context.push(found);
                    }
                    if !context.is_empty() {
                        errors.push(error("anyOf", ErrorKind::AnyOf { context }));
                    }
                }
                Rule::OneOf(alternatives) => {
                    let mut context = Vec::new();
                    let mut valid = 0;
                    for &alternative in alternatives {
                        let mut found = Vec::new();
                        self.collect(alternative, instance, path, &mut found);
                        valid += usize::from(found.is_empty());
                        context.push(found);
                    }
                    match valid {
                        0 => errors.push(error("oneOf", ErrorKind::OneOfNotValid { context })),
                        1 => {}
                        _ => errors.push(error("oneOf", ErrorKind::OneOfMultipleValid)),
                    }
                }
                Rule::Ref(target) => self.collect(*target, instance, path, errors),
                Rule::Const(_) | Rule::Enum(_) => {}
            }
        }
    }

    /// `properties`, `patternProperties` and `additionalProperties`, key by key in the order the
    /// object has them; the keys `additionalProperties: false` refuses make one error, after.
    fn members<'a>(
        &'a self,
        members: &Members,
        instance: &'a Value,
        path: &Path<'_>,
        location: &str,
        errors: &mut Vec<MetaError<'a>>,
    ) {
        let Value::Object(object) = instance else {
            return;
        };
        let mut unexpected = Vec::new();
        for (key, value) in object {
            let here = Path::Key(path, key);
            let mut declared = false;
            if let Some((_, schema)) = members.properties.iter().find(|(name, _)| name == key) {
                declared = true;
                self.collect(*schema, value, &here, errors);
            }
            for (regex, schema) in &members.patterns {
                if regex.is_match(key) {
                    declared = true;
                    self.collect(*schema, value, &here, errors);
                }
            }
            match members.additional {
                _ if declared => {}
                Additional::Allowed => {}
                Additional::Refused => unexpected.push(key.clone()),
                Additional::Schema(schema) => self.collect(schema, value, &here, errors),
            }
        }
        if !unexpected.is_empty() {
            errors.push(MetaError {
                instance_path: path.pointer(),
                schema_path: format!("{location}/additionalProperties"),
                instance,
                kind: ErrorKind::AdditionalProperties { unexpected },
            });
        }
        if let Some(name) = &members.required_after
            && !object.contains_key(name)
        {
            errors.push(MetaError {
                instance_path: path.pointer(),
                schema_path: format!("{location}/required"),
                instance,
                kind: ErrorKind::Required {
                    property: name.clone(),
                },
            });
        }
    }
}

/// JSON equality, numbers compared by value (`1` and `1.0` are the same number).
fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => compare(x, y).is_eq(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| json_equal(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(key, x)| y.get(key).is_some_and(|y| json_equal(x, y)))
        }
        _ => a == b,
    }
}

/// Compares two numbers exactly when both are integers, as floats otherwise.
fn compare(a: &Number, b: &Number) -> std::cmp::Ordering {
    let integer = |n: &Number| {
        n.as_i64()
            .map(i128::from)
            .or_else(|| n.as_u64().map(i128::from))
    };
    match (integer(a), integer(b)) {
        (Some(a), Some(b)) => a.cmp(&b),
        _ => {
            let (a, b) = (
                a.as_f64().unwrap_or(f64::NAN),
                b.as_f64().unwrap_or(f64::NAN),
            );
            a.partial_cmp(&b).unwrap_or(std::cmp::Ordering::Equal)
        }
    }
}
