//! Output schemas over recursive and shared types (issue 10): each such type is written once
//! under `$defs` and referenced, so the schema stays linear in the definitions, and what a
//! structured tool returns validates against the schema it advertises.

use fusion_runtime::{Reply, ToolResponse};
use fusion_tests::block_on;
use fusion_tests::snapshots::cycles::forest_tool::{
    self, ForestHandler, ForestTreeInput, GRAPHS_OUTPUT_SCHEMA, OUTPUT_SCHEMA, TREE_OUTPUT_SCHEMA,
};
use fusion_tests::snapshots::cycles::{Graph, NodeA, NodeB, Tree};
use serde_json::{Value, json};

struct Forest;

fn leaf(label: &str) -> Tree {
    Tree {
        label: label.to_owned(),
        children: vec![],
        parent: None,
    }
}

impl ForestHandler for Forest {
    type Error = String;
    async fn tree(&self, args: ForestTreeInput) -> Result<Reply<Tree>, String> {
        Ok(Reply::Data(Tree {
            label: args.label,
            children: vec![
                leaf("a"),
                Tree {
                    label: "b".into(),
                    children: vec![leaf("b1")],
                    parent: Some(Box::new(leaf("root"))),
                },
            ],
            parent: None,
        }))
    }
    async fn graphs(&self) -> Result<Reply<Vec<Graph>>, String> {
        let a = |id| NodeA { id, next: None };
        Ok(Reply::Data(vec![Graph {
            name: "g".into(),
            start: Some(NodeA {
                id: 1,
                next: Some(Box::new(NodeB {
                    weight: 0.5,
                    back: Some(Box::new(a(2))),
                    many: Some(vec![a(3), a(4)]),
                })),
            }),
        }]))
    }
}

fn parse(text: &str) -> Value {
    serde_json::from_str(text).expect("a schema is JSON")
}

fn call(arguments: Value) -> ToolResponse {
    block_on(forest_tool::call(&Forest, &arguments))
}

/// Every `$ref` in `schema`, in document order.
fn refs(schema: &Value, out: &mut Vec<String>) {
    match schema {
        Value::Object(map) => {
            for (key, value) in map {
                match (key.as_str(), value) {
                    ("$ref", Value::String(target)) => out.push(target.clone()),
                    _ => refs(value, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| refs(item, out)),
        _ => {}
    }
}

#[test]
fn a_recursive_item_references_its_copy_under_defs() {
    let schema = parse(TREE_OUTPUT_SCHEMA);
    assert_eq!(
        schema["properties"]["children"],
        json!({"type": "array", "items": {"$ref": "#/$defs/Tree"}})
    );
    let copy = &schema["$defs"]["Tree"];
    assert_eq!(copy["properties"], schema["properties"]);
    // `_select` is off here, so both keep `required`; the root alone carries the description.
    assert_eq!(copy["required"], json!(["label", "children"]));
    assert!(copy.get("description").is_none());
}

#[test]
fn a_type_used_once_is_inlined_and_a_shared_one_is_defined_once() {
    let schema = parse(GRAPHS_OUTPUT_SCHEMA);
    let defs = schema["$defs"].as_object().expect("$defs");
    // NodeA is referenced from Graph and twice from NodeB; NodeB only from NodeA, so it is
    // written inside NodeA's definition.
    assert_eq!(defs.keys().collect::<Vec<_>>(), ["NodeA"]);
    assert_eq!(
        defs["NodeA"]["properties"]["next"]["properties"]["many"],
        json!({"type": "array", "items": {"$ref": "#/$defs/NodeA"}})
    );
    let mut found = Vec::new();
    refs(&schema, &mut found);
    assert_eq!(found, ["#/$defs/NodeA"; 3]);
}

#[test]
fn the_tools_schema_holds_every_branchs_defs_at_its_root() {
    let schema = parse(OUTPUT_SCHEMA);
    let defs = schema["$defs"].as_object().expect("$defs at the root");
    assert_eq!(defs.keys().collect::<Vec<_>>(), ["Tree", "NodeA"]);
    for branch in schema["anyOf"].as_array().expect("anyOf") {
        assert!(branch.get("$defs").is_none(), "{branch}");
    }
    let mut found = Vec::new();
    refs(&schema, &mut found);
    for target in found {
        let key = target
            .strip_prefix("#/$defs/")
            .expect("a local $defs reference");
        assert!(defs.contains_key(key), "{target} resolves");
    }
}

#[test]
fn structured_content_validates_against_every_advertised_schema() {
    let tool = parse(OUTPUT_SCHEMA);
    for (arguments, own) in [
        (
            json!({"action": "tree", "label": "root"}),
            TREE_OUTPUT_SCHEMA,
        ),
        (json!({"action": "graphs"}), GRAPHS_OUTPUT_SCHEMA),
    ] {
        let response = call(arguments.clone());
        let content = response.structured_content().expect("structured").clone();
        for schema in [&tool, &parse(own)] {
            let validator = jsonschema::validator_for(schema).expect("a valid schema");
            let errors: Vec<String> = validator
                .iter_errors(&content)
                .map(|e| e.to_string())
                .collect();
            assert!(errors.is_empty(), "{arguments}: {errors:?}");
        }
        // And a value the recursion forbids is caught deep down, through the `$ref`s.
        let mut broken = content;
        let nested = if arguments["action"] == "tree" {
            &mut broken["children"][1]["children"][0]["label"]
        } else {
            &mut broken["items"][0]["start"]["next"]["many"][1]["id"]
        };
        *nested = json!(true);
        let validator = jsonschema::validator_for(&tool).expect("a valid schema");
        assert!(!validator.is_valid(&broken), "{broken}");
    }
}
