//! Flat exposition (`exposition: flat`, the `tests/corpus/flat` snapshot): each action is an MCP
//! tool of its own, listed with the action's annotations, schema and description, and called
//! without an `action` argument; errors keep the grouped tool's wire formats.

use fusion_runtime::rmcp::{DuplicateTool, FusionServer};
use fusion_runtime::{Reply, ServedTool, ToolResponse};
use fusion_tests::block_on;
use fusion_tests::snapshots::flat::charges_tool::{
    self, ChargesGetInput, ChargesHandler, ChargesRefundInput, ChargesRefundsInput, ChargesTool,
};
use fusion_tests::snapshots::flat::payouts_tool::{
    self, PayoutsCancelInput, PayoutsHandler, PayoutsListInput, PayoutsTool,
};
use fusion_tests::snapshots::flat::{Charge, ChargeStatus, Payout, PayoutStatus, Refund};
use serde_json::{Value, json};

struct Ledger;

impl ChargesHandler for Ledger {
    type Error = String;
    async fn get(&self, args: ChargesGetInput) -> Result<Reply<Charge>, String> {
        if args.id == "boom" {
            return Err("ledger offline".into());
        }
        Ok(Reply::Data(Charge {
            id: args.id,
            amount: 1250,
            status: ChargeStatus::Succeeded,
        }))
    }
    async fn refunds(&self, args: ChargesRefundsInput) -> Result<Reply<Vec<Refund>>, String> {
        let count = args.limit.unwrap_or(2) as usize;
        Ok(Reply::Data(
            (1..=count)
                .map(|i| Refund {
                    id: format!("re_{i}"),
                    charge_id: args.id.clone(),
                    reason: None,
                })
                .collect(),
        ))
    }
    async fn refund(&self, args: ChargesRefundInput) -> Result<Reply<Refund>, String> {
        Ok(Reply::Data(Refund {
            id: "re_9".into(),
            charge_id: args.id,
            reason: Some(format!("{} cents back", args.amount)),
        }))
    }
    async fn void(&self) -> Result<ToolResponse, String> {
        Ok(ToolResponse::text("voided"))
    }
}

struct Bank;

impl PayoutsHandler for Bank {
    type Error = String;
    async fn list(&self, _args: PayoutsListInput) -> Result<Reply<Vec<Payout>>, String> {
        Ok(Reply::Data(vec![Payout {
            id: 7,
            status: PayoutStatus::Pending,
        }]))
    }
    async fn cancel(&self, args: PayoutsCancelInput) -> Result<Reply<Payout>, String> {
        Ok(Reply::Data(Payout {
            id: args.id,
            status: PayoutStatus::Cancelled,
        }))
    }
}

fn server() -> FusionServer {
    FusionServer::new("flat", "1.0.0")
        .with_tool(ChargesTool::new(Ledger))
        .and_then(|server| server.with_tool(PayoutsTool::new(Bank)))
        .expect("distinct names")
}

fn call(name: &str, arguments: Value) -> Option<rmcp::model::CallToolResult> {
    block_on(server().call(name, arguments.as_object().cloned()))
}

fn texts(result: &rmcp::model::CallToolResult) -> Vec<String> {
    result
        .content
        .iter()
        .map(|block| block.as_text().expect("a text block").text.clone())
        .collect()
}

fn schema(tool: &rmcp::model::Tool) -> Value {
    Value::Object((*tool.input_schema).clone())
}

#[test]
fn listing_shows_one_tool_per_action_in_declaration_order() {
    let names: Vec<String> = server()
        .list()
        .tools
        .iter()
        .map(|tool| tool.name.to_string())
        .collect();
    assert_eq!(
        names,
        [
            "charges_get",
            "charges_refunds",
            "charges_refund",
            "charges_void",
            "payouts_list",
            "payouts_cancel"
        ]
    );
    assert_eq!(charges_tool::TOOLS.len(), charges_tool::ACTIONS.len());
}

#[test]
fn each_flat_tool_has_its_own_actions_annotations() {
    let tools = server().list().tools;
    let hints = |name: &str| {
        let tool = tools.iter().find(|t| t.name == name).expect("listed");
        let a = tool.annotations.clone().expect("annotations");
        (
            a.read_only_hint,
            a.destructive_hint,
            a.idempotent_hint,
            a.open_world_hint,
        )
    };
    // Reads are read-only and never destructive: clients need not confirm them.
    assert_eq!(hints("charges_get"), (Some(true), None, None, Some(false)));
    assert_eq!(
        hints("charges_refunds"),
        (Some(true), None, None, Some(false))
    );
    assert_eq!(
        hints("charges_refund"),
        (Some(false), Some(true), Some(false), Some(false))
    );
    assert_eq!(
        hints("charges_void"),
        (Some(false), Some(true), Some(false), Some(false))
    );
    assert_eq!(hints("payouts_list"), (Some(true), None, None, None));
    assert_eq!(
        hints("payouts_cancel"),
        (Some(false), Some(true), Some(true), None)
    );
}

#[test]
fn each_flat_tool_has_its_own_schema_without_action() {
    let tools = server().list().tools;
    let find = |name: &str| schema(tools.iter().find(|t| t.name == name).expect("listed"));
    let get = find("charges_get");
    assert_eq!(
        get["properties"]
            .as_object()
            .unwrap()
            .keys()
            .collect::<Vec<_>>(),
        ["id", "_select"]
    );
    assert_eq!(get["properties"]["id"]["description"], "Charge id.");
    assert_eq!(get["required"], json!(["id"]));
    assert_eq!(
        get["properties"]["_select"]["items"]["enum"],
        json!(["amount", "id", "status"]),
        "only the charge presenter's keys"
    );
    let refunds = find("charges_refunds");
    assert_eq!(
        refunds["properties"]["id"]["description"], "The charge whose refunds to list.",
        "a name shared by two actions keeps each action's own description"
    );
    assert_eq!(refunds["properties"]["limit"]["minimum"], 1);
    assert_eq!(
        refunds["properties"]["_select"]["items"]["enum"],
        json!(["charge_id", "id", "reason"])
    );
    let void = find("charges_void");
    assert_eq!(void, json!({"type": "object", "properties": {}}));
    for tool in &tools {
        assert!(
            schema(tool)["properties"].get("action").is_none(),
            "{}",
            tool.name
        );
    }
}

#[test]
fn each_flat_tool_has_its_own_description_and_output_schema() {
    let tools = server().list().tools;
    let find = |name: &str| tools.iter().find(|t| t.name == name).expect("listed");
    assert_eq!(
        find("charges_refund").description.as_deref(),
        Some(
            "Refund a charge [DESTRUCTIVE]\n\n[1|]{action|desc|required|destructive}:\n  refund|Refund a charge|id,amount|true"
        )
    );
    assert_eq!(
        find("charges_get").description.as_deref(),
        Some("Get one charge [READ-ONLY]\n\n[1|]{action|desc|required}:\n  get|Get one charge|id")
    );
    assert_eq!(
        find("payouts_list").description.as_deref(),
        Some("payouts → list [READ-ONLY]"),
        "no description: the tool and the action, as upstream"
    );
    assert!(find("charges_get").output_schema.is_none());
    let list = find("payouts_list")
        .output_schema
        .clone()
        .expect("structured");
    assert_eq!(list["required"], json!(["items"]));
    let cancel = find("payouts_cancel")
        .output_schema
        .clone()
        .expect("structured");
    assert_eq!(
        Value::Object((*cancel).clone()),
        serde_json::from_str::<Value>(payouts_tool::CANCEL_OUTPUT_SCHEMA).unwrap()
    );
}

#[test]
fn a_flat_tool_runs_its_action_without_an_action_argument() {
    let result = call("charges_get", json!({"id": "ch_1"})).expect("served");
    assert_eq!(result.is_error, None);
    assert_eq!(
        texts(&result)[0],
        "{\n  \"id\": \"ch_1\",\n  \"amount\": 1250,\n  \"status\": \"succeeded\"\n}"
    );
    let selected = call("charges_get", json!({"id": "ch_1", "_select": ["amount"]})).unwrap();
    assert_eq!(texts(&selected)[0], "{\n  \"amount\": 1250\n}");
    // Upstream overwrites an `action` argument with the tool's own action.
    let overwritten = call("charges_get", json!({"id": "ch_1", "action": "void"})).unwrap();
    assert_eq!(texts(&overwritten), texts(&result));
    // Absent arguments read as `{}`.
    let void = block_on(server().call("charges_void", None)).expect("served");
    assert_eq!(texts(&void), ["voided"]);
    // State sync and structured content work per action as in a grouped tool.
    let refund = call("charges_refund", json!({"id": "ch_1", "amount": 5})).unwrap();
    assert!(
        texts(&refund)[0]
            .starts_with("<cache_invalidation cause=\"charges.refund\" domains=\"charges.*\" />"),
        "{:?}",
        texts(&refund)
    );
    let cancel = call("payouts_cancel", json!({"id": 7})).unwrap();
    assert_eq!(
        cancel.structured_content,
        Some(json!({"id": 7, "status": "cancelled"}))
    );
}

#[test]
fn select_takes_only_the_actions_own_keys() {
    let result = call(
        "charges_get",
        json!({"id": "ch_1", "_select": ["charge_id"]}),
    )
    .unwrap();
    assert_eq!(result.is_error, Some(true));
    let text = &texts(&result)[0];
    assert!(
        text.starts_with("<validation_error action=\"charges/get\">"),
        "{text}"
    );
    assert!(
        text.contains("Valid options: 'amount', 'id', 'status'."),
        "{text}"
    );
    let void = call("charges_void", json!({"_select": ["id"]})).unwrap();
    assert!(
        texts(&void)[0].contains("Unrecognized key: \"_select\""),
        "an action without a presenter takes no _select: {:?}",
        texts(&void)
    );
}

#[test]
fn argument_errors_keep_the_grouped_wire_format() {
    let flat = call("charges_get", json!({"id": 5, "extra": 1})).unwrap();
    let grouped = charges_tool::ChargesCall::parse_flat("get", &json!({"id": 5, "extra": 1}))
        .expect_err("invalid");
    assert_eq!(texts(&flat), grouped.texts());
    let text = &texts(&flat)[0];
    assert!(
        text.starts_with("<validation_error action=\"charges/get\">"),
        "{text}"
    );
    assert!(
        text.contains("Invalid input: expected string, received number"),
        "{text}"
    );
    assert!(text.contains("Unrecognized key: \"extra\""), "{text}");
    let missing = call("charges_refund", json!({})).unwrap();
    assert!(texts(&missing)[0].contains("<validation_error action=\"charges/refund\">"));
    let not_object = charges_tool::ChargesCall::parse_flat("get", &json!("ch_1")).unwrap_err();
    assert!(
        not_object.texts()[0].contains("Invalid input: expected object, received string"),
        "{:?}",
        not_object.texts()
    );
    let handler = call("charges_get", json!({"id": "boom"})).unwrap();
    assert!(
        texts(&handler)[0].contains("[charges/get] ledger offline"),
        "{:?}",
        texts(&handler)
    );
}

#[test]
fn only_the_flat_names_are_served() {
    assert!(call("charges", json!({"action": "get", "id": "ch_1"})).is_none());
    assert!(call("payouts", json!({"action": "list"})).is_none());
    let unknown = block_on(ChargesTool::new(Ledger).call_tool(9, &json!({})));
    assert!(
        unknown.texts()[0].contains("UNKNOWN_ACTION"),
        "{:?}",
        unknown.texts()
    );
    let first = block_on(ChargesTool::new(Ledger).call(&json!({"id": "ch_2"})));
    assert_eq!(ChargesTool::new(Ledger).info().name, "charges_get");
    assert!(first.texts()[0].contains("\"ch_2\""));
}

#[test]
fn a_flat_name_served_twice_is_refused() {
    let twice = FusionServer::new("flat", "1.0.0")
        .with_tool(ChargesTool::new(Ledger))
        .and_then(|server| server.with_tool(ChargesTool::new(Ledger)));
    assert_eq!(twice.err(), Some(DuplicateTool("charges_get")));
}

#[test]
fn arguments_nested_too_deep_are_refused_before_parsing() {
    let mut deep = json!(1);
    for _ in 0..200 {
        deep = json!([deep]);
    }
    let result = call("charges_get", json!({"id": "ch_1", "extra": deep})).unwrap();
    let text = &texts(&result)[0];
    assert!(
        text.starts_with("<validation_error action=\"charges/get\">"),
        "{text}"
    );
    assert!(text.contains("Too deep"), "{text}");
}

/// The guide quotes the example's flat tool and its `tools/list` entries between markers; both
/// must be the real thing.
#[test]
fn the_guide_shows_the_real_flat_definition_and_listing() {
    use fusion_tests::generated::reminders_tool;
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let guide = std::fs::read_to_string(format!("{root}/docs/guide.md")).expect("docs/guide.md");
    let between = |begin: &str| {
        let start = guide
            .find(begin)
            .unwrap_or_else(|| panic!("docs/guide.md has {begin}"))
            + begin.len();
        let end = start
            + guide[start..]
                .find("```\n<!-- end -->")
                .expect("an end marker");
        let fenced = &guide[start..end];
        let fence = fenced.find("```").expect("an opening fence");
        let body = fence + fenced[fence..].find('\n').expect("a fence line") + 1;
        fenced[body..].to_owned()
    };
    let definition = std::fs::read_to_string(format!("{root}/schemas/billing/reminders.tool.yaml"))
        .expect("reminders.tool.yaml");
    assert_eq!(between("<!-- readme:reminders-definition -->"), definition);
    let listing: Vec<rmcp::model::Tool> = reminders_tool::TOOLS
        .iter()
        .map(fusion_runtime::ToolInfo::to_rmcp)
        .collect();
    let listing = serde_json::to_string_pretty(&listing).expect("JSON") + "\n";
    assert_eq!(
        between("<!-- readme:flat-listing -->"),
        listing,
        "\n{listing}"
    );
}
