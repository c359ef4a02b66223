//! Generated tools (`tests/corpus/tools/`): the upstream tool goldens byte-exact, argument errors
//! of every kind (wire format §12), `_select` (§9), schemas (§9, §13), the TOON description (§11)
//! and the rmcp bridge.

use fusion_runtime::{HandlerError, Reply, Severity, ToolResponse, error};
use fusion_tests::block_on;
use fusion_tests::golden;
use fusion_tests::snapshots::tools::{
    BillingArgs, BillingCall, BillingGetInput, BillingHandler, BillingSelect, Charge, LedgerArgs,
    LedgerCall, LedgerHandler, LedgerSearchInputStatus, billing_tool, ledger_tool,
};
use serde_json::{Value, json};

fn wire(response: &ToolResponse) -> Value {
    serde_json::from_str(&response.to_json()).expect("a response is JSON")
}

fn text(response: &ToolResponse) -> String {
    wire(response)["content"][0]["text"]
        .as_str()
        .expect("a text block")
        .to_owned()
}

/// The goldens' handler: `get` returns one charge, `boom` a tool error, `throws` fails in a way
/// it marks transient, which is how upstream answers every handler failure.
struct Billing;

impl BillingHandler for Billing {
    type Error = HandlerError;

    async fn get(&self, args: BillingGetInput) -> Result<Reply<Charge>, HandlerError> {
        if args.id == "missing" {
            return Err(
                HandlerError::not_found("Charge \"missing\" does not exist.")
                    .recovery("Call billing with action `get` and an id from the ledger."),
            );
        }
        if args.id == "plain" {
            // `?` on any error that prints: an internal error, not marked transient.
            let number: u32 = "not a number".parse()?;
            return Err(HandlerError::internal(number.to_string()));
        }
        Ok(Charge {
            id: args.id,
            amount: 100,
            status: "paid".into(),
        }
        .into())
    }

    async fn boom(&self) -> Result<ToolResponse, HandlerError> {
        Ok(error("boom", None))
    }

    async fn throws(&self) -> Result<ToolResponse, HandlerError> {
        Err(HandlerError::transient("db <down>"))
    }
}

fn call_billing(arguments: Value) -> ToolResponse {
    block_on(billing_tool::call(&Billing, &arguments))
}

#[test]
fn upstream_input_schema_is_byte_exact() {
    let schema: Value = serde_json::from_str(billing_tool::INPUT_SCHEMA).expect("JSON");
    let expected = golden("tool_inputSchema_with_select");
    assert_eq!(schema, expected);
    // The `_select` property byte for byte, key order included.
    let select = serde_json::to_string(&schema["properties"]["_select"]).unwrap();
    assert_eq!(
        select,
        serde_json::to_string(&expected["properties"]["_select"]).unwrap()
    );
    // The whole schema byte for byte too (serde_json keeps the golden's key order).
    assert_eq!(
        billing_tool::INPUT_SCHEMA,
        serde_json::to_string(&expected).unwrap()
    );
}

#[test]
fn upstream_get_with_select_is_byte_exact() {
    let response = call_billing(json!({"action": "get", "id": "INV-1", "_select": ["status"]}));
    assert_eq!(wire(&response), golden("tool_get_select"));
    let view = response.test_view().expect("a presenter response");
    assert_eq!(view.data(), json!({"status": "paid"}));
}

#[test]
fn upstream_handler_failure_is_byte_exact() {
    assert_eq!(
        wire(&call_billing(json!({"action": "throws"}))),
        golden("tool_handler_throws")
    );
}

/// Deviation (wire format §12): a failure not marked transient is an internal error that does
/// not invite the agent to repeat the call unchanged; upstream says "Retry the same call with
/// identical parameters." after every failure.
#[test]
fn deviation_a_plain_err_does_not_invite_an_identical_retry() {
    let response = call_billing(json!({"action": "get", "id": "plain"}));
    assert_eq!(
        text(&response),
        "<tool_error code=\"INTERNAL_ERROR\" severity=\"error\">\n\
         <message>[billing/get] invalid digit found in string</message>\n\
         <recovery>The server failed to carry out this call. Do not retry it unchanged: tell the user \
         what failed, or use another action.</recovery>\n</tool_error>"
    );
    assert_eq!(wire(&response)["isError"], true);
}

/// `Err(HandlerError::not_found(…))` is the §12 `NOT_FOUND` block, as `tool_error` writes it.
#[test]
fn a_handler_answers_not_found() {
    let response = call_billing(json!({"action": "get", "id": "missing"}));
    assert_eq!(
        text(&response),
        "<tool_error code=\"NOT_FOUND\" severity=\"error\">\n\
         <message>Charge \"missing\" does not exist.</message>\n\
         <recovery>Call billing with action `get` and an id from the ledger.</recovery>\n</tool_error>"
    );
    assert_eq!(wire(&response)["isError"], true);
}

/// One constructor per code; the optional parts in §12's order.
#[test]
fn handler_error_codes_and_parts() {
    let cases = [
        (HandlerError::not_found("m"), "NOT_FOUND"),
        (HandlerError::invalid_argument("m"), "VALIDATION_ERROR"),
        (HandlerError::conflict("m"), "CONFLICT"),
        (HandlerError::unauthorized("m"), "UNAUTHORIZED"),
        (HandlerError::forbidden("m"), "FORBIDDEN"),
        (HandlerError::auth_required("m"), "AUTH_REQUIRED"),
        (HandlerError::rate_limited("m", 0), "RATE_LIMITED"),
        (HandlerError::timeout("m"), "TIMEOUT"),
        (HandlerError::server_busy("m"), "SERVER_BUSY"),
        (HandlerError::deprecated("m"), "DEPRECATED"),
        (HandlerError::with_code("LOAN_OVERDUE", "m"), "LOAN_OVERDUE"),
    ];
    for (error, code) in cases {
        assert_eq!(error.code(), code);
        assert_eq!(
            text(&error.response("t", "a")),
            format!(
                "<tool_error code=\"{code}\" severity=\"error\">\n<message>m</message>\n</tool_error>"
            )
        );
    }
    let full = HandlerError::rate_limited("Too many renewals", 30)
        .recovery("Wait, then renew once.")
        .available_action("loans.get")
        .detail("loan", "L-1 <x>")
        .severity(Severity::Warning)
        .response("loans", "renew");
    assert_eq!(
        text(&full),
        "<tool_error code=\"RATE_LIMITED\" severity=\"warning\">\n<message>Too many renewals</message>\n\
         <recovery>Wait, then renew once.</recovery>\n<available_actions>\n  <action>loans.get</action>\n\
         </available_actions>\n<details>\n  <detail key=\"loan\">L-1 &lt;x></detail>\n</details>\n\
         <retry_after>30 seconds</retry_after>\n</tool_error>"
    );
    assert_ne!(wire(&full)["isError"], true, "a warning is not an error");
    // An internal error's own recovery replaces the default one.
    let own = HandlerError::internal("disk full").recovery("Tell the user the desk is offline.");
    assert!(
        text(&own.response("t", "a"))
            .contains("<recovery>Tell the user the desk is offline.</recovery>")
    );
}

#[test]
fn upstream_unknown_action_and_missing_discriminator_are_byte_exact() {
    assert_eq!(
        wire(&call_billing(json!({"action": "nope"}))),
        golden("tool_unknown_action")
    );
    assert_eq!(
        wire(&call_billing(json!({}))),
        golden("tool_missing_discriminator")
    );
    // Decided: an `action` that is not a string, and arguments that are not an object, are a
    // missing discriminator too (its recovery asks for the field "as a string").
    for arguments in [
        json!({"action": 3}),
        json!({"action": null}),
        json!([]),
        Value::Null,
    ] {
        assert_eq!(
            wire(&call_billing(arguments)),
            golden("tool_missing_discriminator")
        );
    }
}

#[test]
fn a_response_from_the_handler_passes_through() {
    assert_eq!(
        text(&call_billing(json!({"action": "boom"}))),
        "<tool_error>\n<message>boom</message>\n</tool_error>"
    );
}

#[test]
fn select_keeps_the_agents_order_and_no_select_writes_everything() {
    let response =
        call_billing(json!({"action": "get", "id": "A", "_select": ["status", "id", "status"]}));
    assert_eq!(
        text(&response),
        "{\n  \"status\": \"paid\",\n  \"id\": \"A\"\n}"
    );
    for select in [json!([]), Value::Null] {
        let mut arguments = json!({"action": "get", "id": "A"});
        if !select.is_null() {
            arguments["_select"] = select;
        }
        assert_eq!(
            text(&call_billing(arguments)),
            "{\n  \"id\": \"A\",\n  \"amount\": 100,\n  \"status\": \"paid\"\n}"
        );
    }
    let parsed =
        BillingCall::parse(&json!({"action": "get", "id": "A", "_select": ["amount"]})).unwrap();
    assert_eq!(parsed.select, [BillingSelect::Amount]);
    assert_eq!(
        parsed.args,
        BillingArgs::Get(BillingGetInput { id: "A".into() })
    );
}

#[test]
fn an_unknown_select_key_names_the_valid_keys() {
    let response =
        call_billing(json!({"action": "get", "id": "A", "_select": ["status", "amout"]}));
    assert_eq!(
        text(&response),
        "<validation_error action=\"billing/get\">\n\
         <field name=\"_select.1\">Invalid option: expected one of \"amount\"|\"id\"|\"status\" You sent: 'amout'. Valid options: 'amount', 'id', 'status'.</field>\n\
         <recovery>Fix the fields above and call the tool again. Do not explain the error.</recovery>\n\
         </validation_error>"
    );
    assert_eq!(wire(&response)["isError"], true);
    assert_eq!(
        text(&call_billing(
            json!({"action": "get", "id": "A", "_select": "id"})
        )),
        "<validation_error action=\"billing/get\">\n\
         <field name=\"_select\">Invalid input: expected array, received string You sent: 'id'. Expected type: array.</field>\n\
         <recovery>Fix the fields above and call the tool again. Do not explain the error.</recovery>\n\
         </validation_error>"
    );
}

fn field_lines(response: &ToolResponse) -> Vec<String> {
    text(response)
        .lines()
        .filter(|l| l.starts_with("<field"))
        .map(str::to_owned)
        .collect()
}

#[test]
fn each_kind_of_argument_problem_is_one_field_line() {
    assert_eq!(
        field_lines(&call_billing(json!({"action": "get"}))),
        [
            "<field name=\"id\">Invalid input: expected string, received undefined You sent: (missing). Expected type: string.</field>"
        ]
    );
    assert_eq!(
        field_lines(&call_billing(json!({"action": "get", "id": 42}))),
        [
            "<field name=\"id\">Invalid input: expected string, received number You sent: 42. Expected type: string.</field>"
        ]
    );
    assert_eq!(
        field_lines(&call_billing(
            json!({"action": "get", "id": "A", "extra": 1, "idd": "x"})
        )),
        [
            "<field name=\"(root)\">Unrecognized keys: \"extra\", \"idd\" You sent: (missing). Remove or correct unrecognized fields: 'extra', 'idd'. Check for typos.</field>"
        ]
    );
    // An action without input accepts no field but `action` and `_select`.
    assert_eq!(
        field_lines(&call_billing(json!({"action": "boom", "id": "A"}))),
        [
            "<field name=\"(root)\">Unrecognized key: \"id\" You sent: (missing). Remove or correct unrecognized fields: 'id'. Check for typos.</field>"
        ]
    );
    let response = block_on(ledger_tool::call(
        &Ledger,
        &json!({"action": "search", "status": "open", "limit": 1.5}),
    ));
    assert!(text(&response).starts_with("<validation_error action=\"ledger/search\">\n"));
    assert_eq!(
        field_lines(&response),
        [
            "<field name=\"status\">Invalid option: expected one of \"paid\"|\"pending\"|\"overdue\" You sent: 'open'. Valid options: 'paid', 'pending', 'overdue'.</field>",
            "<field name=\"limit\">Invalid input: expected int, received number You sent: 1.5. Expected type: int.</field>",
        ]
    );
}

#[test]
fn nested_arrays_and_objects_report_dotted_paths() {
    let arguments = json!({
        "action": "search", "status": "paid", "limit": 2.0, "exact": "yes",
        "tags": ["a", 7], "range": {"to": "2024-01-01", "x": 1}, "note": null,
    });
    assert_eq!(
        field_lines(&block_on(ledger_tool::call(&Ledger, &arguments))),
        [
            "<field name=\"exact\">Invalid input: expected boolean, received string You sent: 'yes'. Expected type: boolean.</field>",
            "<field name=\"tags.1\">Invalid input: expected string, received number You sent: 7. Expected type: string.</field>",
            "<field name=\"range.from\">Invalid input: expected string, received undefined You sent: (missing). Expected type: string.</field>",
            "<field name=\"range\">Unrecognized key: \"x\" You sent: {\"to\":\"2024-01-01\",\"x\":1}. Remove or correct unrecognized fields: 'x'. Check for typos.</field>",
        ]
    );
}

#[test]
fn valid_arguments_are_typed() {
    let arguments = json!({
        "action": "search", "status": "overdue", "limit": 5.0, "tags": ["a"],
        "range": {"from": "2024-01-01"}, "note": null, "min_amount": 2.5,
    });
    let LedgerArgs::Search(input) = LedgerCall::parse(&arguments).expect("valid").args else {
        panic!("search");
    };
    assert_eq!(input.status, LedgerSearchInputStatus::Overdue);
    assert_eq!(input.limit, 5);
    assert_eq!(input.tags.as_deref(), Some(&["a".to_owned()][..]));
    assert_eq!(input.range.expect("range").from, "2024-01-01");
    // `note` was sent as `null`: an optional nullable argument keeps that apart from absence.
    assert_eq!(
        (input.note, input.min_amount, input.exact),
        (Some(None), Some(2.5), None)
    );
}

/// The ledger: `search` returns two charges, `purge` fails.
struct Ledger;

impl LedgerHandler for Ledger {
    type Error = std::io::Error;

    async fn search(
        &self,
        _args: fusion_tests::snapshots::tools::LedgerSearchInput,
    ) -> Result<Reply<Vec<Charge>>, std::io::Error> {
        let charge = |id: &str| Charge {
            id: id.into(),
            amount: 5,
            status: "paid".into(),
        };
        Ok(vec![charge("A"), charge("B")].into())
    }

    async fn purge(
        &self,
        args: fusion_tests::snapshots::tools::LedgerPurgeInput,
    ) -> Result<ToolResponse, std::io::Error> {
        Err(std::io::Error::other(format!("cannot purge {}", args.id)))
    }
}

#[test]
fn a_collection_goes_through_the_presenter() {
    let response = block_on(ledger_tool::call(
        &Ledger,
        &json!({"action": "search", "status": "paid", "limit": 2}),
    ));
    assert_eq!(
        wire(&response)["content"],
        json!([
            {"type": "text", "text": "[\n  {\n    \"id\": \"A\",\n    \"amount\": 5,\n    \"status\": \"paid\"\n  },\n  {\n    \"id\": \"B\",\n    \"amount\": 5,\n    \"status\": \"paid\"\n  }\n]"},
            {"type": "text", "text": "<domain_rules>\n- Amounts in cents\n</domain_rules>"},
        ])
    );
    let failed = block_on(ledger_tool::call(
        &Ledger,
        &json!({"action": "purge", "id": "X"}),
    ));
    assert!(text(&failed).contains("<message>[ledger/purge] cannot purge X</message>"));
    // A tool without `select` has no `_select` argument.
    let extra = block_on(ledger_tool::call(
        &Ledger,
        &json!({"action": "purge", "id": "X", "_select": []}),
    ));
    assert!(text(&extra).contains("Unrecognized key: \"_select\""));
}
