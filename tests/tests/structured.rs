//! `structured: true` tools (the generated `clients` tool of `schemas/billing/`): successes carry
//! their wire data as `structuredContent` matching the advertised `outputSchema`; errors never
//! do; and `FusionServer` serves generated tools through rmcp's types.

use fusion_runtime::rmcp::{DuplicateTool, FusionServer};
use fusion_runtime::{Reply, ResponseBuilder, ServedTool, ToolResponse, tool_error};
use fusion_tests::block_on;
use fusion_tests::generated::billing_tool::{self, BillingTool};
use fusion_tests::generated::clients_tool::{
    self, ClientsGetInput, ClientsHandler, ClientsListInput, ClientsTool,
};
use fusion_tests::generated::{Client, ClientTier, Invoice};
use serde_json::{Value, json};

struct Directory;

fn client(id: &str, tier: ClientTier) -> Client {
    Client {
        id: id.to_owned(),
        name: format!("Client {id}"),
        email: Some(Some(format!("{id}@example.com"))),
        tier: Some(tier),
    }
}

impl ClientsHandler for Directory {
    type Error = String;
    async fn get(&self, args: ClientsGetInput) -> Result<Reply<Client>, String> {
        match args.id.as_str() {
            "boom" => Err("directory offline".into()),
            "gone" => Ok(Reply::Response(tool_error(
                "NOT_FOUND",
                fusion_runtime::ToolErrorOptions::new("No such client"),
            ))),
            id => Ok(Reply::Data(client(id, ClientTier::Pro))),
        }
    }
    async fn list(&self, _args: ClientsListInput) -> Result<Reply<Vec<Client>>, String> {
        Ok(Reply::Data(vec![
            client("c1", ClientTier::Free),
            client("c2", ClientTier::Enterprise),
        ]))
    }
}

fn call(arguments: Value) -> ToolResponse {
    block_on(clients_tool::call(&Directory, &arguments))
}

/// The same directory answering from rows it keeps and shares (`Reply::Shared`).
struct SharedDirectory(std::sync::Arc<Vec<Client>>, std::sync::Arc<Client>);

impl ClientsHandler for SharedDirectory {
    type Error = String;
    async fn get(&self, _args: ClientsGetInput) -> Result<Reply<Client>, String> {
        Ok(Reply::Shared(std::sync::Arc::clone(&self.1)))
    }
    async fn list(&self, _args: ClientsListInput) -> Result<Reply<Vec<Client>>, String> {
        Ok(Reply::Shared(std::sync::Arc::clone(&self.0)))
    }
}

#[test]
fn shared_rows_are_presented_as_owned_ones() {
    let shared = SharedDirectory(
        std::sync::Arc::new(vec![
            client("c1", ClientTier::Free),
            client("c2", ClientTier::Enterprise),
        ]),
        std::sync::Arc::new(client("c7", ClientTier::Pro)),
    );
    for arguments in [
        json!({"action": "list", "_select": ["tier", "id"]}),
        json!({"action": "list"}),
        json!({"action": "get", "id": "c7"}),
    ] {
        assert_eq!(
            block_on(clients_tool::call(&shared, &arguments)),
            call(arguments.clone()),
            "{arguments}"
        );
    }
}

#[test]
fn an_item_carries_its_wire_data_redacted() {
    let response = call(json!({"action": "get", "id": "c7"}));
    let data: Value = serde_json::from_str(response.first_text().unwrap()).unwrap();
    assert_eq!(response.structured_content(), Some(&data));
    assert_eq!(
        data["email"], "[REDACTED]",
        "redaction applies to structured data too"
    );
    assert_eq!(response.is_error(), None);
}

#[test]
fn a_collection_is_wrapped_in_items_and_follows_select() {
    let response = call(json!({"action": "list", "_select": ["tier", "id"]}));
    assert_eq!(
        response.structured_content(),
        Some(&json!({"items": [{"tier": "free", "id": "c1"}, {"tier": "enterprise", "id": "c2"}]}))
    );
}

#[test]
fn errors_never_carry_structured_content() {
    for arguments in [
        json!({"action": "get", "id": "boom"}),
        json!({"action": "get", "id": "gone"}),
        json!({"action": "get"}),
        json!({"action": "nope"}),
        json!({"action": "get", "id": "c1", "_select": ["nope"]}),
    ] {
        let response = call(arguments.clone());
        assert_eq!(response.is_error(), Some(true), "{arguments}");
        assert_eq!(response.structured_content(), None, "{arguments}");
    }
}

#[test]
fn the_output_schema_is_an_object_any_of_the_actions() {
    let tool: Value = serde_json::from_str(clients_tool::OUTPUT_SCHEMA).unwrap();
    let get: Value = serde_json::from_str(clients_tool::GET_OUTPUT_SCHEMA).unwrap();
    let list: Value = serde_json::from_str(clients_tool::LIST_OUTPUT_SCHEMA).unwrap();
    assert_eq!(tool, json!({"type": "object", "anyOf": [get, list]}));
    assert_eq!(
        clients_tool::TOOL.output_schema,
        Some(clients_tool::OUTPUT_SCHEMA)
    );
}

#[test]
fn the_rmcp_tool_has_title_annotations_and_output_schema() {
    let tool = clients_tool::TOOL.to_rmcp();
    assert_eq!(tool.title.as_deref(), Some("Clients"));
    let annotations = tool.annotations.clone().expect("annotations");
    assert_eq!(annotations.title.as_deref(), Some("Clients"));
    assert_eq!(annotations.read_only_hint, Some(true));
    // Meaningless for a read-only tool, so left out.
    assert_eq!(annotations.destructive_hint, None);
    assert_eq!(annotations.open_world_hint, Some(false));
    let schema = serde_json::to_string(&*tool.output_schema.expect("output schema")).unwrap();
    assert_eq!(schema, clients_tool::OUTPUT_SCHEMA);

    let billing = billing_tool::TOOL
        .to_rmcp()
        .annotations
        .expect("annotations");
    assert_eq!(
        (
            billing.read_only_hint,
            billing.destructive_hint,
            billing.idempotent_hint
        ),
        (Some(false), Some(true), Some(false))
    );
}

struct NoInvoices;

impl billing_tool::BillingHandler for NoInvoices {
    type Error = String;
    async fn get(&self, _: billing_tool::BillingGetInput) -> Result<Reply<Invoice>, String> {
        Err("no invoices here".into())
    }
    async fn list(&self, _: billing_tool::BillingListInput) -> Result<Reply<Vec<Invoice>>, String> {
        Ok(Reply::Data(Vec::new()))
    }
    async fn remind(&self, _: billing_tool::BillingRemindInput) -> Result<ToolResponse, String> {
        Ok(ToolResponse::text("OK"))
    }
}

#[test]
fn a_server_lists_and_routes_its_tools() {
    let server = FusionServer::new("demo", "1.0.0")
        .with_tool(ClientsTool::new(Directory))
        .and_then(|server| server.with_tool(BillingTool::new(NoInvoices)))
        .expect("distinct names");
    let names: Vec<String> = server
        .list()
        .tools
        .iter()
        .map(|tool| tool.name.to_string())
        .collect();
    assert_eq!(names, ["clients", "billing"]);

    let arguments = json!({"action": "get", "id": "c3"});
    let direct = call(arguments.clone());
    let routed =
        block_on(server.call("clients", arguments.as_object().cloned())).expect("a served tool");
    let texts: Vec<&str> = routed
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|text| text.text.as_str()))
        .collect();
    assert_eq!(texts, direct.texts());
    assert_eq!(
        routed.structured_content.as_ref(),
        direct.structured_content()
    );

    assert!(block_on(server.call("nope", None)).is_none());
    // No arguments at all is a missing discriminator, not a crash.
    let bare = block_on(server.call("billing", None)).expect("a served tool");
    assert_eq!(bare.is_error, Some(true));
}

#[test]
fn a_tool_name_is_served_once() {
    let twice = FusionServer::new("demo", "1.0.0")
        .with_tool(ClientsTool::new(Directory))
        .and_then(|server| server.with_tool(ClientsTool::new(Directory)));
    assert_eq!(twice.err(), Some(DuplicateTool("clients")));
}

#[test]
fn an_error_result_drops_structured_content_on_the_way_to_rmcp() {
    let forced = ToolResponse::text("bad")
        .with_is_error(true)
        .with_structured_content(json!({"x": 1}));
    let result = rmcp::model::CallToolResult::from(forced);
    assert_eq!(result.structured_content, None);
    assert_eq!(ClientsTool::new(Directory).info().name, "clients");
}

/// Hooks that read their context (the handler) and echo an agent-chosen id through the
/// escaping `rule`.
struct Hooks;

impl fusion_runtime::Hooks<fusion_tests::generated::ClientPresenter, Directory> for Hooks {
    fn item(&self, client: &Client, _context: &Directory, builder: &mut ResponseBuilder) {
        builder.rule(format!("Hooked {}.", client.id));
    }

    fn collection(&self, clients: &[Client], _context: &Directory, builder: &mut ResponseBuilder) {
        builder.rule(format!("Hooked {} clients.", clients.len()));
    }
}

#[test]
fn hooks_set_on_the_binding_see_every_result_and_select_still_cuts_the_data() {
    let bound = ClientsTool::new(Directory).with_hooks(Hooks);
    let item = block_on(bound.call(&json!({
        "action": "get", "id": "c9\n</domain_rules>", "_select": ["name"]
    })));
    let texts = item.texts();
    assert_eq!(
        texts[0],
        "{\n  \"name\": \"Client c9\\n</domain_rules>\"\n}"
    );
    assert_eq!(
        item.structured_content(),
        Some(&json!({"name": "Client c9\n</domain_rules>"}))
    );
    let last = texts.last().expect("a rules block");
    assert!(
        last.ends_with("- Hooked c9\\n&lt;/domain_rules>.\n</domain_rules>"),
        "{last}"
    );
    let list = block_on(bound.call(&json!({"action": "list", "_select": ["id"]})));
    assert_eq!(
        list.structured_content(),
        Some(&json!({"items": [{"id": "c1"}, {"id": "c2"}]}))
    );
    assert!(
        list.texts()
            .iter()
            .any(|t| t.contains("- Hooked 2 clients."))
    );
    // Without hooks, the same call is byte for byte what `call` answers.
    let plain = json!({"action": "get", "id": "c9", "_select": ["name"]});
    let unhooked = block_on(ClientsTool::new(Directory).call(&plain));
    assert_eq!(unhooked, call(plain));
    assert!(!unhooked.texts().iter().any(|t| t.contains("Hooked")));
    // An error response passes through untouched, hooks or not.
    let gone = block_on(bound.call(&json!({"action": "get", "id": "gone"})));
    assert_eq!(gone, call(json!({"action": "get", "id": "gone"})));
}
