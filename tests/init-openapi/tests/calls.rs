//! The pet store's starter, as `fusion-gen init-openapi` wrote it and with no edit, serves its
//! tool: an action the starter bound by `operationId` calls the API through the generated
//! handler and presents the answer through the presenter that `$ref`s the response component.

use fusion_init_openapi::pet_store::pets_tool;
use fusion_runtime::http_client::{ApiClient, ApiConfig};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// Answers one request with a pet; returns the base URL and the request line it received.
async fn stand_in() -> (String, tokio::task::JoinHandle<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let base = format!("http://{}", listener.local_addr().expect("an address"));
    let seen = tokio::spawn(async move {
        let (mut socket, _) = listener.accept().await.expect("a connection");
        let mut data = Vec::new();
        let mut buffer = [0u8; 4096];
        while !data.windows(4).any(|w| w == b"\r\n\r\n") {
            let n = socket.read(&mut buffer).await.expect("read");
            assert!(n > 0, "the request ended early");
            data.extend_from_slice(&buffer[..n]);
        }
        let body = r#"{"id":"a/b","name":"Rex","tag":null,"owner":"not declared"}"#;
        let reply = format!(
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        );
        socket.write_all(reply.as_bytes()).await.expect("write");
        String::from_utf8_lossy(&data)
            .lines()
            .next()
            .unwrap_or_default()
            .to_owned()
    });
    (base, seen)
}

#[tokio::test(flavor = "current_thread")]
async fn the_starter_calls_the_api_and_presents_the_component() {
    let (base, seen) = stand_in().await;
    let client = ApiClient::new(ApiConfig::new(base)).expect("a client");
    let handler = pets_tool::PetsHttp(client);
    let response = pets_tool::call(&handler, &json!({"action": "get_pet", "petId": "a/b"})).await;
    assert_eq!(seen.await.expect("served"), "GET /pets/a%2Fb HTTP/1.1");
    // The component's declared keys, in its order; the key it does not declare is dropped.
    assert_eq!(
        response.texts(),
        ["{\n  \"id\": \"a/b\",\n  \"name\": \"Rex\",\n  \"tag\": null\n}"]
    );
}
