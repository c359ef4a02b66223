//! The egress guard (wire format §16) byte for byte against MCP Fusion: every `egress` case of
//! `tests/fixtures/upstream/wire.json` (upstream's `createTool(..).maxPayloadBytes(cap)` run by
//! `tests/upstream-parity/run.sh`), and the generated tools that declare `max-payload-bytes`.

use fusion_runtime::{ToolResponse, egress};
use serde_json::Value;

const WIRE: &str = include_str!("../fixtures/upstream/wire.json");

fn cases(feature: &str) -> Vec<Value> {
    let fixture: Value = serde_json::from_str(WIRE).expect("wire.json is JSON");
    fixture[feature]
        .as_array()
        .expect("a list of cases")
        .clone()
}

/// A block spec: `[text, times]` runs, concatenated.
fn expand(runs: &Value) -> String {
    runs.as_array()
        .expect("runs")
        .iter()
        .map(|run| {
            let text = run[0].as_str().expect("run text");
            text.repeat(usize::try_from(run[1].as_u64().expect("run times")).expect("fits"))
        })
        .collect()
}

#[test]
fn every_upstream_egress_case_is_byte_identical() {
    let cases = cases("egress");
    assert!(cases.len() >= 20, "the fixture lost cases: {}", cases.len());
    for case in &cases {
        let name = case["name"].as_str().expect("name");
        let inputs: Vec<String> = case["blocks"]
            .as_array()
            .expect("blocks")
            .iter()
            .map(expand)
            .collect();
        let mut response = ToolResponse::from_texts(inputs.clone());
        if let Some(is_error) = case["is_error"].as_bool() {
            response = response.with_is_error(is_error);
        }
        let cap = case["max_payload_bytes"].as_u64().expect("cap");
        let guarded = egress::guard(response, cap);
        let expected: Vec<String> = case["expected"]["blocks"]
            .as_array()
            .expect("expected blocks")
            .iter()
            .enumerate()
            .map(|(index, block)| {
                let kept =
                    usize::try_from(block["input_bytes"].as_u64().expect("bytes")).expect("fits");
                format!(
                    "{}{}",
                    &inputs[index][..kept],
                    block["then"].as_str().expect("then")
                )
            })
            .collect();
        assert!(
            guarded.texts() == expected.as_slice(),
            "{name}: the blocks differ (lengths {:?}, upstream {:?})",
            guarded.texts().iter().map(String::len).collect::<Vec<_>>(),
            expected.iter().map(String::len).collect::<Vec<_>>()
        );
        assert_eq!(
            guarded.is_error(),
            case["expected"]["is_error"].as_bool(),
            "{name}: isError"
        );
    }
}

mod generated_tool {
    use fusion_runtime::{Presenter, Reply, ToolResponse, egress};
    use fusion_tests::block_on;
    use fusion_tests::snapshots::wire::helpdesk_tool::{
        self, HelpdeskCloseInput, HelpdeskGetInput, HelpdeskHandler,
    };
    use fusion_tests::snapshots::wire::ticket::{Ticket, TicketPresenter};
    use serde_json::json;

    fn ticket(id: usize, note: &str) -> Ticket {
        serde_json::from_value(json!({
            "id": format!("T-{id}"), "priority": 2, "status": "open", "note": note, "tags": ["hw"],
        }))
        .expect("a ticket")
    }

    struct Desk;

    impl HelpdeskHandler for Desk {
        type Error = &'static str;

        async fn get(&self, args: HelpdeskGetInput) -> Result<Reply<Ticket>, &'static str> {
            Ok(Reply::Data(ticket(1, &args.id.repeat(400))))
        }

        async fn list(&self) -> Result<Reply<Vec<Ticket>>, &'static str> {
            Ok(Reply::Data(
                (0..40).map(|i| ticket(i, "Printer on fire")).collect(),
            ))
        }

        async fn close(&self, _: HelpdeskCloseInput) -> Result<ToolResponse, &'static str> {
            Ok(ToolResponse::text("Closed"))
        }
    }

    #[test]
    fn an_action_cap_replaces_the_tools_and_cuts_the_presenter_response() {
        let response = block_on(helpdesk_tool::call(&Desk, &json!({"action": "list"})));
        let items: Vec<Ticket> = (0..40).map(|i| ticket(i, "Printer on fire")).collect();
        let uncut = TicketPresenter.present_collection(&items);
        assert!(uncut.texts().iter().map(String::len).sum::<usize>() > 1024);
        assert_eq!(response, egress::guard(uncut, 1024));
        assert_eq!(response.texts().len(), 1, "the rules block is dropped");
        assert!(response.texts()[0].ends_with("truncated at 1KB to prevent memory crash. You MUST use pagination (limit/offset) or filters to retrieve smaller result sets.]"));
        assert_eq!(response.texts()[0].len(), 1024);
    }

    #[test]
    fn the_tools_cap_covers_actions_without_their_own() {
        let response = block_on(helpdesk_tool::call(
            &Desk,
            &json!({"action": "get", "id": "é€"}),
        ));
        let text: usize = response.texts().iter().map(String::len).sum();
        assert!(text <= 2048, "{text} bytes");
        assert!(response.texts()[0].contains("truncated at 2KB"));
        assert!(
            response.test_view().is_none(),
            "a cut response is no presenter's any more"
        );
        let small = block_on(helpdesk_tool::call(
            &Desk,
            &json!({"action": "close", "id": "T-1"}),
        ));
        assert_eq!(small.texts().last().map(String::as_str), Some("Closed"));
    }

    #[test]
    fn argument_errors_are_guarded_by_the_tools_cap() {
        let response = block_on(helpdesk_tool::call(&Desk, &json!({"action": "get"})));
        assert_eq!(response.is_error(), Some(true));
        assert!(response.texts()[0].starts_with("<validation_error action=\"helpdesk/get\">"));
        // Echoes are bounded (one key is cut to 100 characters), so it takes many long keys
        // to pass the cap.
        let mut arguments = json!({"action": "get", "id": "x"});
        for i in 0..25 {
            arguments[format!("{i:02}{}", "k".repeat(150))] = json!(1);
        }
        let response = block_on(helpdesk_tool::call(&Desk, &arguments));
        assert_eq!(response.is_error(), Some(true));
        assert!(response.texts()[0].len() <= 2048);
        assert!(response.texts()[0].contains("truncated at 2KB"));
    }
}
