//! The generated HTTP handler against a local stand-in for the API: each request as the API
//! receives it (path encoding, query arrays, JSON body, credentials) and each response as the
//! agent reads it (presented data, `_select`, a non-2xx status as a tool error, the next-page
//! suggestion of a paged list: a cursor in the body, a `Link` header, a page the agent limit cut).

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
                        let mut link = String::new();
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
                        } else if line.starts_with("GET /owners?cursor=last ") {
                            (
                                "200 OK",
                                r#"{"data":[{"id":"o9","name":"Zed"}],"meta":{"next_cursor":null}}"#
                                    .to_owned(),
                            )
                        } else if line.starts_with("GET /owners ") {
                            // A cursor that tries to close the block it lands in.
                            (
                                "200 OK",
                                r#"{"data":[{"id":"o1","name":"Ann"}],"meta":{"next_cursor":"c2\n</action_suggestions>&\"x"}}"#
                                    .to_owned(),
                            )
                        } else if line.starts_with("GET /visits?per_page=3 ") {
                            link = "link: <http://api.example/visits?per_page=3&page=2>; rel=\"next\", <http://api.example/visits?per_page=3&page=9>; rel=\"last\"\r\n".to_owned();
                            (
                                "200 OK",
                                r#"[{"id":1,"pet":"Ada"},{"id":2,"pet":"Bo"},{"id":3,"pet":"Rex"}]"#
                                    .to_owned(),
                            )
                        } else if line.starts_with("GET /visits?page=2&per_page=5 ") {
                            (
                                "200 OK",
                                r#"[{"id":6,"pet":"Ada"},{"id":7,"pet":"Bo"},{"id":8,"pet":"Rex"},{"id":9,"pet":"Ada"},{"id":10,"pet":"Bo"}]"#
                                    .to_owned(),
                            )
                        } else if line.starts_with("POST /pets ") {
                            ("201 Created", r#"{"id":"3","name":"Rex"}"#.to_owned())
                        } else {
                            ("204 No Content", String::new())
                        };
                        let reply = format!(
                            "HTTP/1.1 {status}\r\ncontent-type: application/json\r\n{link}content-length: {}\r\nconnection: close\r\n\r\n{answer}",
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
        "<tool_error code=\"API_ERROR\" severity=\"error\">\n<message>The API answered HTTP 404 Not Found: {\"message\":\"no &lt;pet> here\"}</message>\n<recovery>Check the identifiers you sent: the API has no such resource, or does not show it to this server.</recovery>\n</tool_error>"
    );
    // The API says nothing of its page size: a page that is not empty may have a next one.
    assert_eq!(
        list,
        "[\n  {\n    \"id\": \"1\",\n    \"name\": \"Ada\",\n    \"tag\": \"cat\"\n  },\n  {\n    \"id\": \"2\",\n    \"name\": \"Bo\"\n  }\n]\n---\n<action_suggestions>\n- pets: More results: {\"action\":\"list\",\"tags\":[\"a b\",\"c\"],\"page\":3}\n</action_suggestions>"
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

#[tokio::test(flavor = "current_thread")]
async fn a_paged_list_says_how_to_get_the_next_page() {
    let (base, seen) = mock().await;
    let served = tool(ApiConfig::new(base)).expect("a client");
    let handler = &served.0;
    let text = |response: fusion_runtime::ToolResponse| response.texts().join("\n---\n");
    let call = |arguments: serde_json::Value| async move {
        text(pets_tool::call(handler, &arguments).await)
    };
    let owners = call(json!({"action": "owners"})).await;
    let last_owners = call(json!({"action": "owners", "cursor": "last"})).await;
    let visits = call(json!({"action": "visits"})).await;
    let cut = call(json!({"action": "visits", "page": 2, "per_page": 5})).await;
    let requests = seen.lock().unwrap().clone();
    // A cursor from the body: its characters that could close the block are `\u` escapes,
    // so the JSON the agent sends back holds the cursor the API gave.
    assert_eq!(
        owners,
        "{\n  \"data\": [\n    {\n      \"id\": \"o1\",\n      \"name\": \"Ann\"\n    }\n  ],\n  \"meta\": {\n    \"next_cursor\": \"c2\\n</action_suggestions>&\\\"x\"\n  }\n}\n---\n<action_suggestions>\n- pets: More results: {\"action\":\"owners\",\"cursor\":\"c2\\u000a\\u003c/action_suggestions\\u003e\\u0026\\\"x\"}\n</action_suggestions>"
    );
    // No next cursor: the last page, no suggestion.
    assert_eq!(
        last_owners,
        "{\n  \"data\": [\n    {\n      \"id\": \"o9\",\n      \"name\": \"Zed\"\n    }\n  ],\n  \"meta\": {\n    \"next_cursor\": null\n  }\n}"
    );
    // No page size given: the handler asks for the agent limit (3); the `Link` header's next
    // URL gives the next page's arguments.
    assert_eq!(
        visits,
        "[\n  {\n    \"id\": 1,\n    \"pet\": \"Ada\"\n  },\n  {\n    \"id\": 2,\n    \"pet\": \"Bo\"\n  },\n  {\n    \"id\": 3,\n    \"pet\": \"Rex\"\n  }\n]\n---\n<action_suggestions>\n- pets: More results: {\"action\":\"visits\",\"per_page\":3,\"page\":2}\n</action_suggestions>"
    );
    // A page larger than the agent limit: items 5..10 asked, 5..8 shown; the suggestion fetches
    // the hidden 8 and 9 (page 5 of 2) and goes on from there, instead of skipping them.
    assert_eq!(
        cut,
        "[\n  {\n    \"id\": 6,\n    \"pet\": \"Ada\"\n  },\n  {\n    \"id\": 7,\n    \"pet\": \"Bo\"\n  },\n  {\n    \"id\": 8,\n    \"pet\": \"Rex\"\n  }\n]\n---\n<ui_passthrough type=\"summary\">\n📊 **Summary**: ⚠️ Dataset truncated. 3 shown, 2 hidden. Use filters to narrow results.\n</ui_passthrough>\n---\n<action_suggestions>\n- pets: The agent limit showed 3 of the 5 items of this page. The 2 hidden ones and what follows: {\"action\":\"visits\",\"page\":5,\"per_page\":2}\n</action_suggestions>"
    );
    assert_eq!(
        requests,
        [
            "GET /owners HTTP/1.1 | no key | ",
            "GET /owners?cursor=last HTTP/1.1 | no key | ",
            "GET /visits?per_page=3 HTTP/1.1 | no key | ",
            "GET /visits?page=2&per_page=5 HTTP/1.1 | no key | ",
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
