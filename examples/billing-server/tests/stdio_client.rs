//! A real MCP client against the real server: rmcp's client starts `billing-server stdio` as a
//! child process and drives `initialize`, `tools/list` and the calls of `tests/calls.json`, whose
//! responses (every text block, `isError`, `structuredContent`) are compared byte for byte. The
//! TypeScript SDK client of `tests/ts-client/` replays the same file in `.ci/run`.
//!
//! `tests/calls.json` is checked in; after a deliberate change of the wire bytes, review and
//! regenerate it with `FUSION_UPDATE_SNAPSHOTS=1 cargo test -p fusion-example-billing-server`.

use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult, Tool};
use rmcp::transport::TokioChildProcess;
use serde_json::{Value, json};
use tokio::process::Command;

const CASES_IN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/calls.in.json");
const CASES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/calls.json");

fn wire(result: &CallToolResult) -> Value {
    let texts: Vec<&str> = result
        .content
        .iter()
        .map(|block| {
            block
                .as_text()
                .map_or("<not text>", |text| text.text.as_str())
        })
        .collect();
    let mut wire = json!({ "content": texts });
    if let Some(is_error) = result.is_error {
        wire["isError"] = json!(is_error);
    }
    if let Some(structured) = &result.structured_content {
        wire["structuredContent"] = structured.clone();
    }
    wire
}

fn tool<'a>(tools: &'a [Tool], name: &str) -> &'a Tool {
    tools
        .iter()
        .find(|tool| tool.name == name)
        .unwrap_or_else(|| panic!("tools/list has no `{name}`"))
}

#[tokio::test]
async fn rmcp_client_over_stdio() {
    let mut command = Command::new(env!("CARGO_BIN_EXE_billing-server"));
    command.arg("stdio");
    let client =
        ().serve(TokioChildProcess::new(command).expect("the server starts"))
            .await
            .expect("initialize succeeds");
    let info = client.peer_info().expect("the server's initialize result");
    assert_eq!(
        info.server_info.as_ref().map(|server| server.name.as_str()),
        Some("fusion-billing")
    );
    assert!(info.capabilities.tools.is_some());
    assert!(
        info.instructions
            .as_deref()
            .is_some_and(|text| text.contains("cents"))
    );

    let tools = client.list_all_tools().await.expect("tools/list");
    let billing = tool(&tools, "billing");
    assert_eq!(
        serde_json::to_string(&*billing.input_schema).unwrap(),
        fusion_example_billing_server::generated::billing_tool::INPUT_SCHEMA
    );
    assert!(billing.input_schema["properties"]["_select"].is_object());
    assert!(
        billing.description.as_deref().unwrap().contains("[3|]:"),
        "TOON description"
    );
    let hints = billing.annotations.as_ref().expect("annotations");
    assert_eq!(
        (
            hints.read_only_hint,
            hints.destructive_hint,
            hints.open_world_hint
        ),
        (Some(false), Some(true), Some(false))
    );
    assert!(
        billing.output_schema.is_none(),
        "text-only tools advertise no output schema"
    );
    let clients = tool(&tools, "clients");
    assert_eq!(clients.title.as_deref(), Some("Clients"));
    assert!(
        clients.output_schema.is_some(),
        "structured tools advertise one"
    );

    // The flat tool: one MCP tool per action, each with its own annotations and schema.
    assert!(
        tools.iter().all(|tool| tool.name != "reminders"),
        "a flat tool's own name is not served"
    );
    let due = tool(&tools, "reminders_due");
    let send = tool(&tools, "reminders_send");
    let hints = |tool: &Tool| {
        let hints = tool.annotations.clone().expect("annotations");
        (hints.read_only_hint, hints.destructive_hint)
    };
    assert_eq!(
        hints(due),
        (Some(true), None),
        "reading needs no confirmation"
    );
    assert_eq!(hints(send), (Some(false), Some(true)));
    assert_eq!(
        serde_json::to_string(&*send.input_schema).unwrap(),
        fusion_example_billing_server::generated::reminders_tool::SEND_INPUT_SCHEMA
    );
    assert!(due.input_schema["properties"].get("action").is_none());
    assert!(send.input_schema["properties"].get("_select").is_none());

    let cases: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(CASES_IN).unwrap()).unwrap();
    let mut observed = Vec::new();
    for case in cases {
        let arguments = case["arguments"].as_object().cloned().unwrap();
        let name = case["tool"].as_str().unwrap().to_owned();
        let result = client
            .call_tool(CallToolRequestParams::new(name).with_arguments(arguments))
            .await
            .unwrap_or_else(|e| panic!("{}: {e}", case["name"]));
        let mut case = case;
        case["expected"] = wire(&result);
        observed.push(case);
    }
    let unknown = client
        .call_tool(CallToolRequestParams::new("nope"))
        .await
        .expect_err("an unknown tool is a protocol error");
    assert!(
        unknown.to_string().contains("Unknown tool: nope"),
        "{unknown}"
    );
    client.cancel().await.expect("the client stops");

    let observed = serde_json::to_string_pretty(&observed).unwrap() + "\n";
    if std::env::var_os("FUSION_UPDATE_SNAPSHOTS").is_some_and(|v| v == "1") {
        std::fs::write(CASES, &observed).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(CASES).expect("tests/calls.json is checked in");
    let expected: Vec<Value> = serde_json::from_str(&expected).unwrap();
    let observed: Vec<Value> = serde_json::from_str(&observed).unwrap();
    assert_eq!(
        expected.len(),
        observed.len(),
        "calls.json and calls.in.json disagree"
    );
    for (expected, observed) in expected.iter().zip(&observed) {
        assert_eq!(
            observed["expected"], expected["expected"],
            "case `{}`: the response differs from tests/calls.json",
            expected["name"]
        );
    }
}
