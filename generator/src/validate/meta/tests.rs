use serde_json::{Value, json};

use super::*;
use crate::definition;

/// The messages of the errors of `instance`, each with its instance and schema paths.
fn errors(schema: Value, instance: Value) -> Vec<(String, String, String)> {
    let checker = Checker::new(&schema).unwrap();
    checker
        .errors(&instance)
        .iter()
        .map(|e| {
            (
                e.instance_path.clone(),
                e.schema_path.clone(),
                e.to_string(),
            )
        })
        .collect()
}

fn message(schema: Value, instance: Value) -> Option<String> {
    errors(schema, instance).into_iter().next().map(|e| e.2)
}

/// Every keyword used anywhere in a schema (keys of `properties`, `patternProperties` and
/// `$defs` are names, not keywords; `const`, `enum`, `default` and `examples` hold values).
fn keywords(schema: &Value, found: &mut std::collections::BTreeSet<String>) {
    let Value::Object(object) = schema else {
        return;
    };
    for (keyword, value) in object {
        found.insert(keyword.clone());
        match keyword.as_str() {
            "properties" | "patternProperties" | "$defs" => {
                for subschema in value.as_object().into_iter().flat_map(|m| m.values()) {
                    keywords(subschema, found);
                }
            }
            "anyOf" | "oneOf" | "allOf" => {
                for subschema in value.as_array().into_iter().flatten() {
                    keywords(subschema, found);
                }
            }
            "additionalProperties" | "items" => keywords(value, found),
            _ => {}
        }
    }
}

#[test]
fn every_keyword_of_both_meta_schemas_is_implemented() {
    let mut found = std::collections::BTreeSet::new();
    keywords(&definition::meta_schema(), &mut found);
    let openapi = crate::validate::MetaSchema::openapi().unwrap();
    keywords(&openapi.schema, &mut found);
    let unread: Vec<&String> = found
        .iter()
        .filter(|k| !IMPLEMENTED.contains(&k.as_str()) && !ANNOTATIONS.contains(&k.as_str()))
        .collect();
    assert!(
        unread.is_empty(),
        "keywords the checker does not read: {unread:?}"
    );
    // The walk sees what the meta-schemas hold today, so that this test fails if it stops looking.
    for used in [
        "type",
        "anyOf",
        "oneOf",
        "$ref",
        "patternProperties",
        "minimum",
        "const",
    ] {
        assert!(found.contains(used), "{used} not found: {found:?}");
    }
}

#[test]
fn an_unimplemented_keyword_is_refused_at_construction() {
    for schema in [
        json!({"type": "object", "if": {"type": "string"}}),
        json!({"properties": {"a": {"minLength": 1}}}),
        json!({"$defs": {"X": {"not": {}}}}),
        json!({"anyOf": [{"uniqueItems": true}]}),
    ] {
        let err = Checker::new(&schema).unwrap_err();
        assert!(
            err.contains("is not one the meta-schema checker implements"),
            "{err}"
        );
    }
    let err = crate::validate::MetaSchema::compile(json!({"dependentRequired": {}}), "test")
        .err()
        .unwrap();
    assert!(
        err.message
            .starts_with("internal error: the test does not compile"),
        "{err:?}"
    );
}

#[test]
fn unreadable_references_and_patterns_are_refused() {
    assert!(Checker::new(&json!({"$ref": "#/$defs/Missing"})).is_err());
    assert!(Checker::new(&json!({"$ref": "https://elsewhere.test/s.json"})).is_err());
    assert!(Checker::new(&json!({"$ref": "#anchor"})).is_err());
    assert!(Checker::new(&json!({"patternProperties": {"(?<=a)b": {}}})).is_err());
    assert!(Checker::new(&json!({"type": "strng"})).is_err());
}

#[test]
fn type_accepts_its_types_and_integer_accepts_whole_floats() {
    let schema = json!({"type": "integer"});
    assert_eq!(message(schema.clone(), json!(3)), None);
    assert_eq!(message(schema.clone(), json!(1.0)), None);
    assert_eq!(
        message(schema, json!(1.5)).as_deref(),
        Some("1.5 is not of type \"integer\"")
    );
    let list = json!({"type": ["string", "null"]});
    assert_eq!(message(list.clone(), json!(null)), None);
    assert_eq!(message(list.clone(), json!("a")), None);
    assert_eq!(
        message(list, json!(1)).as_deref(),
        Some("1 is not of types \"null\", \"string\"")
    );
    assert_eq!(message(json!({"type": "number"}), json!(2)), None);
}

#[test]
fn const_enum_minimum_and_maximum() {
    assert_eq!(message(json!({"const": "a"}), json!("a")), None);
    assert_eq!(message(json!({"const": 1}), json!(1.0)), None);
    assert_eq!(
        message(json!({"const": "a"}), json!("b")).as_deref(),
        Some("\"a\" was expected")
    );
    assert_eq!(message(json!({"enum": ["a", 1]}), json!(1)), None);
    assert_eq!(
        message(json!({"enum": ["a", "b", "c"]}), json!("d")).as_deref(),
        Some("\"d\" is not one of \"a\", \"b\" or \"c\"")
    );
    assert_eq!(
        message(json!({"enum": [1, 2, 3, 4]}), json!(5)).as_deref(),
        Some("5 is not one of 1, 2 or 2 other candidates")
    );
    assert_eq!(message(json!({"minimum": 0}), json!(0)), None);
    assert_eq!(message(json!({"minimum": 0}), json!("not a number")), None);
    assert_eq!(
        message(json!({"minimum": 0}), json!(-1)).as_deref(),
        Some("-1 is less than the minimum of 0")
    );
    assert_eq!(message(json!({"maximum": 1.5}), json!(1)), None);
    assert_eq!(
        message(json!({"maximum": 10}), json!(10.5)).as_deref(),
        Some("10.5 is greater than the maximum of 10")
    );
}

#[test]
fn required_and_closed_objects() {
    let schema = json!({
        "type": "object",
        "required": ["a", "b"],
        "properties": {"a": {"type": "string"}},
        "additionalProperties": false
    });
    assert_eq!(errors(schema.clone(), json!({"a": "x", "b": 1})).len(), 1);
    assert_eq!(
        errors(schema, json!({"z": 1, "a": 2, "y": 3})),
        vec![
            (
                "".into(),
                "/required".into(),
                "\"b\" is a required property".into()
            ),
            (
                "/a".into(),
                "/properties/a/type".into(),
                "2 is not of type \"string\"".into()
            ),
            (
                "".into(),
                "/additionalProperties".into(),
                "Additional properties are not allowed ('z', 'y' were unexpected)".into()
            ),
        ]
    );
    // A lone required name beside a closed object is reported after its members.
    let lone = json!({"required": ["a"], "properties": {"b": {}}, "additionalProperties": false});
    let found: Vec<String> = errors(lone, json!({"c": 1}))
        .into_iter()
        .map(|e| e.1)
        .collect();
    assert_eq!(found, ["/additionalProperties", "/required"]);
}

#[test]
fn pattern_and_additional_property_schemas() {
    let schema = json!({
        "properties": {"a": {"type": "string"}},
        "patternProperties": {"^x-": {"type": "integer"}},
        "additionalProperties": {"type": "boolean"}
    });
    assert!(errors(schema.clone(), json!({"a": "s", "x-n": 1, "other": true})).is_empty());
    let found: Vec<String> = errors(schema, json!({"x-n": "s", "other": 1}))
        .into_iter()
        .map(|e| format!("{} {}", e.0, e.1))
        .collect();
    assert_eq!(
        found,
        [
            "/x-n /patternProperties/^x-/type",
            "/other /additionalProperties/type"
        ]
    );
    assert!(message(json!({"additionalProperties": false}), json!({"k~/": 1})).is_some());
}

#[test]
fn items_false_schemas_and_escaped_paths() {
    let schema = json!({"type": "array", "items": {"properties": {"a/b": false}}});
    assert!(errors(schema.clone(), json!([{}, {"c": 1}])).is_empty());
    assert_eq!(
        errors(schema, json!([{}, {"a/b": 1}])),
        vec![(
            "/1/a~1b".into(),
            "/items/properties/a~1b".into(),
            "False schema does not allow 1".into()
        )]
    );
}

#[test]
fn any_of_keeps_each_alternatives_errors() {
    let schema = json!({"anyOf": [{"type": "string"}, {"properties": {"a": {"type": "null"}}}]});
    assert!(errors(schema.clone(), json!("s")).is_empty());
    assert!(errors(schema.clone(), json!({"a": null})).is_empty());
    let checker = Checker::new(&schema).unwrap();
    let instance = json!({"a": 1});
    let found = checker.errors(&instance);
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].to_string(),
        "{\"a\":1} is not valid under any of the schemas listed in the 'anyOf' keyword"
    );
    let ErrorKind::AnyOf { context } = &found[0].kind else {
        panic!("{:?}", found[0].kind);
    };
    let paths: Vec<Vec<(&str, &str)>> = context
        .iter()
        .map(|alternative| {
            alternative
                .iter()
                .map(|e| (e.instance_path.as_str(), e.schema_path.as_str()))
                .collect()
        })
        .collect();
    assert_eq!(
        paths,
        [
            vec![("", "/anyOf/0/type")],
            vec![("/a", "/anyOf/1/properties/a/type")]
        ]
    );
}

#[test]
fn one_of_and_all_of() {
    let schema = json!({"oneOf": [{"type": "integer"}, {"type": "number"}, {"type": "string"}]});
    assert!(errors(schema.clone(), json!("s")).is_empty());
    assert_eq!(
        message(schema.clone(), json!(1)).as_deref(),
        Some("1 is valid under more than one of the schemas listed in the 'oneOf' keyword")
    );
    let checker = Checker::new(&schema).unwrap();
    let instance = json!(null);
    match &checker.errors(&instance)[0].kind {
        ErrorKind::OneOfNotValid { context } => assert_eq!(context.len(), 3),
        other => panic!("{other:?}"),
    }
    let all = json!({"allOf": [{"type": "number"}, {"minimum": 2}]});
    assert!(errors(all.clone(), json!(3)).is_empty());
    assert_eq!(errors(all.clone(), json!(1)).len(), 1);
    assert_eq!(errors(all, json!("s")).len(), 1);
}

#[test]
fn references_resolve_to_the_root_defs_and_other_resources() {
    let schema = json!({
        "$id": "https://example.test/outer.json",
        "properties": {
            "tree": {"$ref": "#/$defs/Tree"},
            "inner": {"$ref": "https://example.test/inner.json"}
        },
        "$defs": {
            "Tree": {"type": "object", "properties": {"child": {"$ref": "#/$defs/Tree"}, "n": {"type": "integer"}}},
            "inner": {
                "$id": "https://example.test/inner.json",
                "properties": {"self": {"$ref": "#"}, "v": {"type": "string"}}
            }
        }
    });
    let ok = json!({"tree": {"child": {"child": {"n": 1}}}, "inner": {"self": {"v": "s"}}});
    assert!(errors(schema.clone(), ok).is_empty());
    let bad = json!({"tree": {"child": {"n": "x"}}, "inner": {"self": {"self": {"v": 1}}}});
    let found: Vec<(String, String)> = errors(schema, bad)
        .into_iter()
        .map(|e| (e.0, e.1))
        .collect();
    assert_eq!(
        found,
        [
            (
                "/tree/child/n".to_owned(),
                "/$defs/Tree/properties/n/type".to_owned()
            ),
            // Inside the inner resource, schema paths are that resource's own.
            (
                "/inner/self/self/v".to_owned(),
                "/properties/v/type".to_owned()
            ),
        ]
    );
}

#[test]
fn annotations_constrain_nothing() {
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "t", "description": "d", "default": 1, "examples": [2], "format": "uint64",
        "$comment": "c"
    });
    assert!(errors(schema, json!("anything")).is_empty());
}
