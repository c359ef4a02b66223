//! Arguments nested thousands of levels deep, passed to a generated tool's `call` outside rmcp
//! (whose parser stops at 128 levels): rejected past `MAX_ARGUMENT_DEPTH` with a
//! `<validation_error>`, never a stack overflow (issue 10, wire format §12, Depth). Runs on the
//! default test thread stack.

use fusion_runtime::__private::tool::MAX_ARGUMENT_DEPTH;
use fusion_runtime::{Reply, ToolResponse};
use fusion_tests::block_on;
use fusion_tests::snapshots::tools::{
    BillingGetInput, BillingHandler, Charge, LedgerCall, billing_tool,
};
use serde_json::{Map, Value, json};

struct Billing;

impl BillingHandler for Billing {
    type Error = String;

    async fn get(&self, args: BillingGetInput) -> Result<Reply<Charge>, String> {
        Ok(Charge {
            id: args.id,
            amount: 1,
            status: "paid".into(),
        }
        .into())
    }

    async fn boom(&self) -> Result<ToolResponse, String> {
        Err("not called".into())
    }

    async fn throws(&self) -> Result<ToolResponse, String> {
        Err("not called".into())
    }
}

/// `levels` levels of arrays, then of objects, alternating, around a string; built in a loop,
/// as any parser without a depth limit would build it.
fn nested(levels: usize) -> Value {
    let mut value = json!("x");
    for level in 0..levels {
        value = if level % 2 == 0 {
            Value::Array(vec![value])
        } else {
            let mut map = Map::new();
            map.insert("k".into(), value);
            Value::Object(map)
        };
    }
    value
}

/// Drops `value` without recursing: serde_json's own drop recurses once per level.
fn dismantle(value: Value) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.into_iter().map(|(_, value)| value)),
            _ => {}
        }
    }
}

fn too_deep(action: &str, field: &str) -> String {
    format!(
        "<validation_error action=\"{action}\">\n\
         <field name=\"{field}\">Too deep: more than {MAX_ARGUMENT_DEPTH} levels of nested objects \
         and arrays Send flatter arguments.</field>\n\
         <recovery>Fix the fields above and call the tool again. Do not explain the error.</recovery>\n\
         </validation_error>"
    )
}

/// The arguments `{"action": "get", "id": "A", <key>: <levels deep>}`, answered by `call`.
fn call_with(key: &str, levels: usize) -> String {
    let mut map = Map::new();
    map.insert("action".into(), json!("get"));
    map.insert("id".into(), json!("A"));
    map.insert(key.into(), nested(levels));
    let arguments = Value::Object(map);
    let response = block_on(billing_tool::call(&Billing, &arguments));
    dismantle(arguments);
    response.texts().concat()
}

#[test]
fn deep_arguments_are_rejected_wherever_they_sit() {
    for levels in [1_000, 100_000] {
        // A declared field, `_select`, and an unknown key: each is one issue naming the field.
        for key in ["id", "_select", "extra"] {
            assert_eq!(
                call_with(key, levels),
                too_deep("billing/get", key),
                "{key} {levels}"
            );
        }
        // Inside a nested object and an array of the ledger tool.
        let range = {
            let mut range = Map::new();
            range.insert("from".into(), nested(levels));
            Value::Object(range)
        };
        // Not `json!`: it serializes values it is given, recursively.
        let mut arguments = json!({"action": "search", "status": "paid", "limit": 1});
        arguments["range"] = range;
        arguments["tags"] = Value::Array(vec![nested(levels)]);
        let error = LedgerCall::parse(&arguments).expect_err("too deep");
        assert_eq!(error.texts().concat(), too_deep("ledger/search", "range"));
        dismantle(arguments);
    }
}

#[test]
fn the_limit_itself_is_accepted() {
    // The arguments object is level 1; `extra` holding 127 levels reaches 128: an ordinary
    // unknown key, not a depth error.
    let text = call_with("extra", MAX_ARGUMENT_DEPTH - 1);
    assert!(text.contains("Unrecognized key: \"extra\""), "{text}");
    assert_eq!(
        call_with("extra", MAX_ARGUMENT_DEPTH),
        too_deep("billing/get", "extra")
    );
}

#[test]
fn the_depth_error_comes_after_the_action_is_known() {
    // An unknown action is answered as such, however deep the rest.
    let mut map = Map::new();
    map.insert("action".into(), json!("nope"));
    map.insert("deep".into(), nested(100_000));
    let arguments = Value::Object(map);
    let response = block_on(billing_tool::call(&Billing, &arguments));
    assert!(response.texts()[0].contains("UNKNOWN_ACTION"));
    dismantle(arguments);
}
