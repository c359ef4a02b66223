//! What a generated tool advertises, all computed at build time: TOON descriptions (wire format
//! §11), merged input schemas (§9), output schemas (§13), and the rmcp `Tool` built from them.

use fusion_tests::block_on;
use fusion_tests::snapshots::tools::{billing_tool, items_tool, ledger_tool};
use serde_json::{Value, json};

#[test]
fn toon_description_table_form_is_the_wire_format_example() {
    assert_eq!(
        items_tool::DESCRIPTION,
        "Manage items. Select operation via the `action` parameter.\n\n\
         [2|]{action|desc|required}:\n  list|List all items|\"\"\n  create|\"Create, an | item\"|title"
    );
}

#[test]
fn toon_description_with_a_destructive_action_is_list_form() {
    assert_eq!(
        ledger_tool::DESCRIPTION,
        "Search and fix ledger entries. Select operation via the `action` parameter.\n\n\
         [2|]:\n  - action: search\n    desc: Search charges\n    required: status,limit\n  \
         - action: purge\n    desc: Delete a charge\n    required: id\n    destructive: true"
    );
}

/// Upstream's default description (no `toon-description`), with no tool description: the name
/// leads, and each action's line says what it requires.
#[test]
fn default_description_without_a_tool_description_leads_with_the_name() {
    assert_eq!(
        billing_tool::DESCRIPTION,
        "billing. Select operation via the `action` parameter. Actions: get, boom, throws\n\n\
         Workflow:\n- 'get': Requires: id"
    );
}

/// The golden of `tests/fixtures/upstream/descriptions.json`: the descriptions MCP Fusion's own
/// builder writes (`tests/upstream-parity/descriptions.mjs`) for the tools of
/// `tests/corpus/descriptions/`, byte for byte: several actions with a `Workflow:` block, the
/// same actions with `toon-description`, one action (no block), and actions with nothing to add.
#[test]
fn descriptions_equal_upstream_generator_output() {
    use fusion_tests::snapshots::descriptions::{
        loans_tool, loans_toon_tool, quiet_tool, renewals_tool, shelf_tool,
    };
    let golden: Value =
        serde_json::from_str(include_str!("../fixtures/upstream/descriptions.json")).expect("JSON");
    let ours = [
        ("loans", loans_tool::DESCRIPTION),
        ("loans_toon", loans_toon_tool::DESCRIPTION),
        ("renewals", renewals_tool::DESCRIPTION),
        ("shelf", shelf_tool::DESCRIPTION),
        ("quiet", quiet_tool::DESCRIPTION),
    ];
    let cases = golden["cases"].as_array().expect("cases");
    assert_eq!(cases.len(), ours.len(), "one golden per corpus tool");
    for (case, (tool, description)) in cases.iter().zip(ours) {
        assert_eq!(case["tool"], tool);
        assert_eq!(
            case["expected_description"].as_str().expect("text"),
            description,
            "tool {tool}"
        );
    }
    // The two shapes the golden pins, spelled out.
    assert!(renewals_tool::DESCRIPTION.ends_with("Actions: renew"));
    assert!(loans_tool::DESCRIPTION.contains("\n- 'get': Get one loan by id. Requires: id\n"));
}

#[test]
fn merged_input_schema_describes_each_property_with_its_actions() {
    let schema: Value = serde_json::from_str(ledger_tool::INPUT_SCHEMA).expect("JSON");
    let properties = schema["properties"].as_object().expect("properties");
    let keys: Vec<&str> = properties.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "action",
            "status",
            "limit",
            "min_amount",
            "exact",
            "tags",
            "note",
            "range",
            "id"
        ]
    );
    assert_eq!(
        properties["status"],
        json!({"type": "string", "enum": ["paid", "pending", "overdue"], "description": "The state to match. Required for: search"})
    );
    assert_eq!(
        properties["note"],
        json!({"type": ["string", "null"], "description": "For: search"})
    );
    assert_eq!(
        properties["range"],
        json!({"type": "object", "properties": {"from": {"type": "string", "format": "date"}, "to": {"type": "string", "format": "date"}}, "required": ["from"], "description": "For: search"})
    );
    assert_eq!(properties["id"]["description"], "Required for: purge");
    assert!(
        !properties.contains_key("_select"),
        "select is off for ledger"
    );
    assert_eq!(schema["required"], json!(["action"]));
}

#[test]
fn output_schemas_are_object_rooted_and_follow_select() {
    let mut item = json!({
        "type": "object",
        "properties": {"id": {"type": "string"}, "amount": {"type": "integer"}, "status": {"type": "string"}},
        "required": ["id", "amount", "status"],
        "description": "A charge as the agent sees it.",
    });
    // ledger has no `_select`: every required field is always there.
    let search: Value = serde_json::from_str(ledger_tool::SEARCH_OUTPUT_SCHEMA).unwrap();
    assert_eq!(
        search,
        json!({"type": "object", "properties": {"items": {"type": "array", "items": item}}, "required": ["items"]})
    );
    // billing has `_select`, which may leave any root field out.
    item.as_object_mut().unwrap().remove("required");
    let get: Value = serde_json::from_str(billing_tool::GET_OUTPUT_SCHEMA).unwrap();
    assert_eq!(get, item);
    // Neither is `structured`, so neither advertises an output schema.
    assert_eq!(billing_tool::TOOL.output_schema, None);
    assert_eq!(ledger_tool::TOOL.output_schema, None);
    assert!(billing_tool::TOOL.to_rmcp().output_schema.is_none());
}

#[test]
fn tool_info_carries_the_hints() {
    let ledger = ledger_tool::TOOL;
    assert_eq!(
        (ledger.read_only, ledger.destructive, ledger.idempotent),
        (false, true, false)
    );
    assert_eq!(ledger.name, "ledger");
    assert_eq!(ledger_tool::ACTIONS, ["search", "purge"]);
}

/// The generated tool plugs into rmcp: its `Tool` for `tools/list`, and a call's response as a
/// `CallToolResult`.
#[test]
fn rmcp_tool_and_call_result() {
    let tool: rmcp::model::Tool = billing_tool::TOOL.to_rmcp();
    assert_eq!(tool.name, "billing");
    assert_eq!(tool.description.as_deref(), Some(billing_tool::DESCRIPTION));
    let schema = serde_json::to_string(&*tool.input_schema).unwrap();
    assert_eq!(
        schema,
        billing_tool::INPUT_SCHEMA,
        "the schema keeps its key order"
    );
    let annotations = tool.annotations.expect("annotations");
    assert_eq!(annotations.destructive_hint, Some(false));

    // rmcp hands arguments as a JSON object; the dispatcher takes the value.
    let arguments: rmcp::model::JsonObject =
        serde_json::from_value(json!({"action": "nope"})).unwrap();
    let response = block_on(billing_tool::call(&NeverCalled, &Value::Object(arguments)));
    let expected: Value = serde_json::from_str(&response.to_json()).unwrap();
    let result = rmcp::model::CallToolResult::from(response);
    assert_eq!(result.is_error, Some(true));
    let mut wire = serde_json::to_value(&result).unwrap();
    wire.as_object_mut().unwrap().remove("resultType");
    assert_eq!(wire, expected);
}

struct NeverCalled;

impl billing_tool::BillingHandler for NeverCalled {
    type Error = String;
    async fn get(
        &self,
        _args: billing_tool::BillingGetInput,
    ) -> Result<fusion_runtime::Reply<fusion_tests::snapshots::tools::Charge>, String> {
        Err("not called".into())
    }
    async fn boom(&self) -> Result<fusion_runtime::ToolResponse, String> {
        Err("not called".into())
    }
    async fn throws(&self) -> Result<fusion_runtime::ToolResponse, String> {
        Err("not called".into())
    }
}

/// The checked-in billing tool of `schemas/billing/billing.tool.yaml`.
#[test]
fn the_billing_example_tool() {
    use fusion_tests::generated::billing_tool::{self, BillingArgs, BillingCall, BillingSelect};
    assert_eq!(
        billing_tool::DESCRIPTION,
        "Manage invoices. Select operation via the `action` parameter.\n\n[3|]:\n  \
         - action: get\n    desc: Get one invoice\n    required: id\n  \
         - action: list\n    desc: List invoices\n    required: \"\"\n  \
         - action: remind\n    desc: Send a payment reminder\n    required: id\n    destructive: true"
    );
    let keys: Vec<&str> = BillingSelect::ALL.iter().map(|k| k.as_str()).collect();
    assert_eq!(
        keys,
        [
            "amount_cents",
            "client",
            "due",
            "id",
            "lines",
            "paid_at",
            "status",
            "tax_rate"
        ]
    );
    let call =
        BillingCall::parse(&json!({"action": "list", "status": "overdue", "_select": ["id"]}))
            .expect("valid");
    assert!(matches!(call.args, BillingArgs::List(_)));
    assert_eq!(call.select, [BillingSelect::Id]);
    let schema: Value = serde_json::from_str(billing_tool::INPUT_SCHEMA).unwrap();
    // `remind` takes only a well-formed invoice number: `id` advertises each action's schema.
    let id = &schema["properties"]["id"];
    assert_eq!(
        id["description"],
        "Invoice number (get). Invoice number, INV- and six digits (remind). Required for: get, \
         remind. Its schema depends on the action"
    );
    assert_eq!(
        id["anyOf"][0],
        json!({"type": "string", "description": "For: get"})
    );
    assert_eq!(id["anyOf"][1]["pattern"], "^INV-[0-9]{6}$");
    assert!(BillingCall::parse(&json!({"action": "get", "id": "inv-2"})).is_ok());
    assert!(BillingCall::parse(&json!({"action": "remind", "id": "inv-2"})).is_err());
    let tool = billing_tool::TOOL;
    assert_eq!(
        (tool.read_only, tool.destructive, tool.idempotent),
        (false, true, false)
    );
}
