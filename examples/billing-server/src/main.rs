//! `billing-server stdio` serves the example over stdin/stdout (what a desktop MCP client
//! launches); `billing-server http [PORT]` serves it over streamable HTTP at
//! `http://127.0.0.1:PORT/mcp` (default port 8080; 0 picks a free one, printed on stderr) with
//! `fusion_runtime::http`'s default limits, until Ctrl-C or SIGTERM (then in-flight calls finish).
//! `--sessions` serves HTTP with rmcp's sessions (`Mcp-Session-Id`) instead of statelessly: a
//! client's `notifications/cancelled` then reaches the call it names (docs/serving.md).
//! `--pretty-json` answers `billing/list` with `serde_json::to_string_pretty` instead of the
//! presenter (the load benchmark's baseline). `--rmcp-path` sends every message through rmcp, a
//! plain `tools/call` too (`HttpConfig::with_direct_tool_calls(false)`, no
//! `LineTransport::with_direct_calls`: the path before issue 41, for comparison). `--invoices N` sizes the store (default 300).

use fusion_example_billing_server::{ListAnswer, Store, server};
use fusion_runtime::http::{HttpConfig, serve, shutdown_signal};
use rmcp::ServiceExt;
use std::process::ExitCode;

const USAGE: &str = "usage: billing-server (stdio | http [PORT] [--sessions] [--rmcp-path]) [--pretty-json] [--invoices N]";

enum Transport {
    Stdio,
    Http(u16),
}

struct Args {
    transport: Transport,
    answer: ListAnswer,
    invoices: usize,
    sessions: bool,
    rmcp_path: bool,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let transport = match args.next().as_deref() {
        Some("stdio") => Transport::Stdio,
        Some("http") => Transport::Http(8080),
        Some(other) => return Err(format!("unknown transport `{other}`")),
        None => return Err("no transport given".into()),
    };
    let mut parsed = Args {
        transport,
        answer: ListAnswer::Presenter,
        invoices: 300,
        sessions: false,
        rmcp_path: false,
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--pretty-json" => parsed.answer = ListAnswer::PrettyJson,
            "--sessions" if matches!(parsed.transport, Transport::Http(_)) => {
                parsed.sessions = true;
            }
            "--rmcp-path" => parsed.rmcp_path = true,
            "--invoices" => {
                let count = args.next().ok_or("--invoices needs a number")?;
                parsed.invoices = count
                    .parse()
                    .map_err(|_| format!("--invoices: `{count}` is not a count"))?;
            }
            port if matches!(parsed.transport, Transport::Http(_)) => {
                let port = port
                    .parse()
                    .map_err(|_| format!("`{port}` is not a port number"))?;
                parsed.transport = Transport::Http(port);
            }
            other => return Err(format!("unexpected argument `{other}`")),
        }
    }
    Ok(parsed)
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = match parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(message) => {
            eprintln!("billing-server: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(args).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("billing-server: {message}");
            ExitCode::FAILURE
        }
    }
}

async fn run(args: Args) -> Result<(), String> {
    let store = Store::seeded(args.invoices).answering_list(args.answer);
    let server = server(store).map_err(|e| e.to_string())?;
    match args.transport {
        Transport::Stdio => {
            // Plain calls answered in one write, the rest through rmcp (docs/serving.md).
            let mut transport = fusion_runtime::stdio::stdio();
            if !args.rmcp_path {
                transport = transport.with_direct_calls(server.clone());
            }
            let running = server
                .serve(transport)
                .await
                .map_err(|e| format!("stdio: {e}"))?;
            running.waiting().await.map_err(|e| e.to_string())?;
        }
        Transport::Http(port) => {
            let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
                .await
                .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
            let address = listener.local_addr().map_err(|e| e.to_string())?;
            eprintln!("billing-server: listening on http://{address}/mcp");
            let mut config = HttpConfig::default().with_direct_tool_calls(!args.rmcp_path);
            if args.sessions {
                // Sessions route a cancellation to its call; stateless serving cannot (rmcp
                // answers a notification without a session `202` and drops it).
                config.rmcp = config.rmcp.with_legacy_session_mode(true);
            }
            serve(server, listener, config, shutdown_signal()).await;
        }
    }
    Ok(())
}
