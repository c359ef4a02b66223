//! Instruction counts of the generated handler against a direct call (issue 27), which a busy
//! machine does not disturb as it does wall time: `overhead_calls <way> <calls>` makes one warm-up
//! call and then `calls` calls of one way (`none` makes only the warm-up) to a local stand-in for
//! the API served by this process, as `benches/overhead.rs` does. Under callgrind, a way's total
//! minus `none`'s, divided by the calls, is its cost per call, the stand-in's share included
//! (the same bytes for every way); the kernel's share is not counted.
//!
//!     cargo build --release -p fusion-example-openapi-server --example overhead_calls
//!     for way in none direct handler call; do
//!       valgrind --tool=callgrind --callgrind-out-file=/tmp/$way.out \
//!         target/release/examples/overhead_calls $way 2000
//!     done

use std::hint::black_box;
use std::net::TcpListener as StdListener;

use fusion_example_openapi_server::generated::{pet::Pet, pets_tool};
use fusion_example_openapi_server::{ApiClient, ApiConfig, Auth};
use fusion_runtime::Reply;
use pets_tool::PetsApi;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The answer to every request.
const PET: &str = r#"{"id":"a/b","name":"Rex","tag":"dog","owner":"not declared"}"#;

/// Starts the stand-in on its own thread and runtime; returns its base URL.
fn serve() -> String {
    let listener = StdListener::bind("127.0.0.1:0").expect("a port");
    listener.set_nonblocking(true).expect("non-blocking");
    let address = format!("http://{}", listener.local_addr().expect("an address"));
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .build()
            .expect("a runtime");
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).expect("a listener");
            loop {
                let Ok((socket, _)) = listener.accept().await else {
                    return;
                };
                tokio::spawn(connection(socket));
            }
        });
    });
    address
}

/// Answers every request of one connection (keep-alive), each with `PET`.
async fn connection(mut socket: tokio::net::TcpStream) {
    let reply = format!(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{PET}",
        PET.len()
    );
    let mut data: Vec<u8> = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        while let Some(end) = data.windows(4).position(|w| w == b"\r\n\r\n") {
            if !data.starts_with(b"GET /pets/a%2Fb ") {
                return;
            }
            data.drain(..end + 4);
            if socket.write_all(reply.as_bytes()).await.is_err() {
                return;
            }
        }
        match socket.read(&mut buffer).await {
            Ok(0) | Err(_) => return,
            Ok(n) => data.extend_from_slice(&buffer[..n]),
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let way = args.next().unwrap_or_default();
    let calls: u32 = args.next().and_then(|n| n.parse().ok()).unwrap_or(1000);
    let base = serve();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let config = ApiConfig::new(base.clone()).with_auth(Auth::Header {
        name: "api-key".into(),
        value: "k".into(),
    });
    let client = ApiClient::new(config.clone()).expect("a client");
    let served = fusion_example_openapi_server::tool(config).expect("a client");
    let url = format!("{base}/pets/a%2Fb");
    let direct = || async {
        let response = client
            .http()
            .get(&url)
            .header("accept", "application/json")
            .header("api-key", "k")
            .send()
            .await
            .expect("sent");
        let body = response.bytes().await.expect("a body");
        serde_json::from_slice::<Pet>(&body).expect("a pet")
    };
    let handler = || async {
        let args = pets_tool::PetsGetInput {
            pet_id: "a/b".into(),
            x_request_id: None,
        };
        match client.get(args).await.expect("answered") {
            Reply::Data(pet) | Reply::More(pet, _) => pet,
            Reply::Shared(pet) => Pet::clone(&pet),
            Reply::Response(_) => panic!("a pet"),
        }
    };
    let arguments = json!({"action": "get", "petId": "a/b"});
    let call = || async { pets_tool::call(&served.0, &arguments).await };
    // One warm-up call of each client, so that every way starts with its connection open.
    let pet = runtime.block_on(direct());
    assert_eq!(runtime.block_on(handler()), pet);
    assert_eq!(runtime.block_on(call()).texts().len(), 1);
    for _ in 0..calls {
        match way.as_str() {
            "none" => return,
            "direct" => drop(black_box(runtime.block_on(direct()))),
            "handler" => drop(black_box(runtime.block_on(handler()))),
            "call" => drop(black_box(runtime.block_on(call()))),
            other => panic!("`{other}`: expected none, direct, handler or call"),
        }
    }
}
