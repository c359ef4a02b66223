//! What the generated HTTP handler costs per call (issue 27), in one run against one local
//! stand-in for the API (a keep-alive HTTP/1.1 server on 127.0.0.1, in this process, answering
//! every request with the same pet):
//!
//! - `direct`: the same `reqwest::Client` (`ApiClient::http`) sends `GET /pets/a%2Fb` with the
//!   same headers, reads the body and deserializes it into the same generated `Pet`: what a
//!   hand-written client would do.
//! - `generated handler`: `PetsApi::get` with typed arguments: the request built from them
//!   (`http_client::build`), sent, the body read under the cap and deserialized into `Pet`.
//! - `generated tool call`: `pets_tool::call` with the arguments as an MCP client sends them:
//!   parsed and validated, the handler above, and the response presented (the data block
//!   written) as the agent reads it.
//! - `build_get_pet_request`: the request alone, built from the typed arguments, and
//!   `get_pet_arguments_to_value`, the `serde_json::Value` it goes through.
//!
//! Run: `cargo bench -p fusion-example-openapi-server --bench overhead -- --warm-up-time 2 --measurement-time 5`

use std::hint::black_box;
use std::net::TcpListener as StdListener;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
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
        // Every request in the buffer is answered; GETs have no body.
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

fn overhead(c: &mut Criterion) {
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

    // All three read the same pet, and the tool call presents it; checked once, untimed.
    let pet = runtime.block_on(direct());
    assert_eq!(pet.name, "Rex");
    assert_eq!(runtime.block_on(handler()), pet);
    assert_eq!(
        runtime.block_on(call()).texts(),
        ["{\n  \"id\": \"a/b\",\n  \"name\": \"Rex\",\n  \"tag\": \"dog\"\n}"]
    );

    // On a shared machine criterion's runs, one variant after the other, see different loads:
    // the three also run interleaved, 400 calls each per round, and the medians of the rounds
    // are printed with their ratios.
    let rounds = 25;
    let calls = 400;
    let mut times: [Vec<f64>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    for _ in 0..rounds {
        let start = Instant::now();
        for _ in 0..calls {
            black_box(runtime.block_on(direct()));
        }
        times[0].push(start.elapsed().as_secs_f64() * 1e6 / f64::from(calls));
        let start = Instant::now();
        for _ in 0..calls {
            black_box(runtime.block_on(handler()));
        }
        times[1].push(start.elapsed().as_secs_f64() * 1e6 / f64::from(calls));
        let start = Instant::now();
        for _ in 0..calls {
            black_box(runtime.block_on(call()));
        }
        times[2].push(start.elapsed().as_secs_f64() * 1e6 / f64::from(calls));
    }
    let median = |values: &mut Vec<f64>| {
        values.sort_by(f64::total_cmp);
        values[values.len() / 2]
    };
    let [direct_us, handler_us, call_us] = times.map(|mut t| median(&mut t));
    eprintln!(
        "interleaved, median of {rounds} rounds of {calls} calls: direct {direct_us:.1} µs, generated handler {handler_us:.1} µs ({:.2}x), generated tool call {call_us:.1} µs ({:.2}x)",
        handler_us / direct_us,
        call_us / direct_us
    );

    let mut group = c.benchmark_group("get_pet_local_api");
    group.bench_function("direct", |b| {
        b.iter(|| black_box(runtime.block_on(direct())));
    });
    group.bench_function("generated handler", |b| {
        b.iter(|| black_box(runtime.block_on(handler())));
    });
    group.bench_function("generated tool call", |b| {
        b.iter(|| black_box(runtime.block_on(call())));
    });
    group.finish();

    // The request alone, as the handler builds it from the typed arguments (through a
    // `serde_json::Value`): the part of the handler's extra time that is not sending or reading.
    let args = pets_tool::PetsGetInput {
        pet_id: "a/b".into(),
        x_request_id: Some("r-1".into()),
    };
    let request =
        fusion_runtime::http_client::build(&pets_tool::GET_OPERATION, &args).expect("built");
    assert_eq!(request.path_and_query, "/pets/a%2Fb");
    c.bench_function("build_get_pet_request", |b| {
        b.iter(|| {
            black_box(fusion_runtime::http_client::build(
                &pets_tool::GET_OPERATION,
                black_box(&args),
            ))
        });
    });
    // Of which the arguments' trip through a `serde_json::Value`.
    c.bench_function("get_pet_arguments_to_value", |b| {
        b.iter(|| black_box(serde_json::to_value(black_box(&args))));
    });
}

criterion_group!(benches, overhead);
criterion_main!(benches);
