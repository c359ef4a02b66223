//! The generated HTTP handler against a local stand-in for the API: each request as the API
//! receives it (path encoding, query arrays, JSON body, credentials) and each response as the
//! agent reads it (presented data, `_select`, a non-2xx status as a tool error).

use std::sync::{Arc, Mutex};

use fusion_example_openapi_server::{ApiConfig, Auth, generated::pets_tool, tool};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// Serves canned answers; records every request's head and body.
async fn mock() -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let address = format!("http://{}", listener.local_addr().expect("an address"));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&seen);
    tokio::spawn(async move {
        loop {
            let Ok((mut socket, _)) = listener.accept().await else {
                return;
            };
            let log = Arc::clone(&log);
            tokio::spawn(async move {
                let mut data = Vec::new();
                let mut buffer = [0u8; 4096];
                loop {
                    let n = socket.read(&mut buffer).await.unwrap_or(0);
                    if n == 0 {
                        return;
                    }
                    data.extend_from_slice(&buffer[..n]);
                    let text = String::from_utf8_lossy(&data).into_owned();
                    if let Some(end) = text.find("\r\n\r\n") {
                        let length = text[..end]
                            .lines()
                            .find_map(|l| {
                                l.to_ascii_lowercase()
                                    .strip_prefix("content-length: ")
                                    .map(|v| v.trim().parse::<usize>().unwrap_or(0))
                            })
                            .unwrap_or(0);
                        if data.len() < end + 4 + length {
                            continue;
                        }
                        let head = &text[..end];
                        let line = head.lines().next().unwrap_or_default().to_owned();
                        let key = head
                            .lines()
                            .find(|l| l.to_ascii_lowercase().starts_with("api-key:"))
                            .unwrap_or("no key")
                            .to_owned();
                        let body = text[end + 4..].to_owned();
                        log.lock().unwrap().push(format!("{line} | {key} | {body}"));
                        let (status, answer) = if line.starts_with("GET /pets/a%2Fb ") {
                            (
                                "200 OK",
                                r#"{"id":"a/b","name":"Rex","tag":null,"owner":"not declared"}"#
                                    .to_owned(),
                            )
                        } else if line.starts_with("GET /pets/missing ") {
                            (
                                "404 Not Found",
                                "{\"message\":\"no <pet> here\"}".to_owned(),
                            )
                        } else if line.starts_with("GET /pets?") {
                            (
                                "200 OK",
                                r#"[{"id":"1","name":"Ada","tag":"cat"},{"id":"2","name":"Bo"}]"#
                                    .to_owned(),
                            )
                        } else if line.starts_with("POST /pets ") {
                            ("201 Created", r#"{"id":"3","name":"Rex"}"#.to_owned())
                        } else {
                            ("204 No Content", String::new())
                        };
                        let reply = format!(
                            "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{answer}",
                            answer.len()
                        );
                        let _ = socket.write_all(reply.as_bytes()).await;
                        return;
                    }
                }
            });
        }
    });
    (address, seen)
}

#[tokio::test(flavor = "current_thread")]
async fn the_generated_handler_calls_the_api_and_presents_its_answers() {
    let (base, seen) = mock().await;
    let config = ApiConfig::new(base).with_auth(Auth::Header {
        name: "api-key".into(),
        value: "k".into(),
    });
    let served = tool(config).expect("a client");
    let handler = &served.0;
    let text = |response: fusion_runtime::ToolResponse| response.texts().join("\n---\n");
    let one = text(
        pets_tool::call(
            handler,
            &json!({"action": "get", "petId": "a/b", "_select": ["name"]}),
        )
        .await,
    );
    let missing =
        text(pets_tool::call(handler, &json!({"action": "get", "petId": "missing"})).await);
    let list = text(
        pets_tool::call(
            handler,
            &json!({"action": "list", "tags": ["a b", "c"], "page": 2}),
        )
        .await,
    );
    let created = text(
        pets_tool::call(
            handler,
            &json!({"action": "create_pet", "body": {"name": "Rex"}}),
        )
        .await,
    );
    let deleted =
        text(pets_tool::call(handler, &json!({"action": "delete_pet", "petId": "3"})).await);
    let requests = seen.lock().unwrap().clone();
    // `_select` keeps `name`; the key the description does not declare never reaches the agent.
    assert_eq!(one, "{\n  \"name\": \"Rex\"\n}");
    assert_eq!(
        missing,
        "<tool_error code=\"API_ERROR\">\n<message>The API answered HTTP 404 Not Found: {\"message\":\"no &lt;pet> here\"}</message>\n</tool_error>"
    );
    assert_eq!(
        list,
        "[\n  {\n    \"id\": \"1\",\n    \"name\": \"Ada\",\n    \"tag\": \"cat\"\n  },\n  {\n    \"id\": \"2\",\n    \"name\": \"Bo\"\n  }\n]"
    );
    assert_eq!(created, "{\n  \"id\": \"3\",\n  \"name\": \"Rex\"\n}");
    assert_eq!(deleted, "HTTP 204 No Content");
    assert_eq!(
        requests,
        vec![
            "GET /pets/a%2Fb HTTP/1.1 | api-key: k | ",
            "GET /pets/missing HTTP/1.1 | api-key: k | ",
            "GET /pets?tags=a%20b&tags=c&page=2 HTTP/1.1 | api-key: k | ",
            "POST /pets HTTP/1.1 | api-key: k | {\"name\":\"Rex\"}",
            "DELETE /pets/3 HTTP/1.1 | api-key: k | ",
        ]
    );
}

/// One action answered by code of one's own, the others by the API.
struct Local(fusion_example_openapi_server::ApiClient);

impl pets_tool::PetsApi for Local {
    fn client(&self) -> &fusion_example_openapi_server::ApiClient {
        &self.0
    }

    async fn delete_pet(
        &self,
        args: pets_tool::PetsDeletePetInput,
    ) -> Result<fusion_runtime::ToolResponse, fusion_example_openapi_server::ApiError> {
        Ok(fusion_runtime::ToolResponse::text(format!(
            "kept {}",
            args.pet_id
        )))
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_single_action_can_be_answered_by_hand() {
    let (base, seen) = mock().await;
    let client =
        fusion_example_openapi_server::ApiClient::new(ApiConfig::new(base)).expect("a client");
    let handler = pets_tool::PetsHttp(Local(client));
    let deleted = pets_tool::call(&handler, &json!({"action": "delete_pet", "petId": "3"})).await;
    assert_eq!(deleted.texts(), ["kept 3"]);
    let created = pets_tool::call(
        &handler,
        &json!({"action": "create_pet", "body": {"name": "Rex"}}),
    )
    .await;
    assert_eq!(
        created.texts(),
        ["{\n  \"id\": \"3\",\n  \"name\": \"Rex\"\n}"]
    );
    // Only the action left to the API reached it, without credentials (none configured).
    assert_eq!(
        *seen.lock().unwrap(),
        ["POST /pets HTTP/1.1 | no key | {\"name\":\"Rex\"}"]
    );
}
