//! `blockfrost-server` serves the `assets`, `epochs` and `pools` tools over stdin/stdout (what a desktop
//! MCP client launches), calling Blockfrost at the base URL given by `--base-url URL` or the
//! environment variable `BLOCKFROST_BASE_URL` (for example
//! `https://cardano-mainnet.blockfrost.io/api/v0`), with the project key of
//! `BLOCKFROST_PROJECT_ID` in the `project_id` header. Nothing is hard-coded: without a base URL
//! the server does not start; without a key it sends none (a self-hosted backend needs none).
//! The key is read from the environment only, so that it never shows in a process list.

use fusion_example_blockfrost_server::{config, server};
use rmcp::ServiceExt;
use std::process::ExitCode;

const USAGE: &str = "usage: BLOCKFROST_PROJECT_ID=<key> blockfrost-server [--base-url URL]\n\
                     (or BLOCKFROST_BASE_URL=URL instead of --base-url)";

fn parse(mut args: impl Iterator<Item = String>) -> Result<String, String> {
    let mut base_url = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--base-url" => base_url = Some(args.next().ok_or("--base-url needs a URL")?),
            other => return Err(format!("unexpected argument `{other}`")),
        }
    }
    base_url
        .or_else(|| std::env::var("BLOCKFROST_BASE_URL").ok())
        .filter(|url| !url.is_empty())
        .ok_or_else(|| "no base URL: pass --base-url or set BLOCKFROST_BASE_URL".to_owned())
}

#[tokio::main]
async fn main() -> ExitCode {
    let base_url = match parse(std::env::args().skip(1)) {
        Ok(url) => url,
        Err(message) => {
            eprintln!("blockfrost-server: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let key = std::env::var("BLOCKFROST_PROJECT_ID")
        .ok()
        .filter(|k| !k.is_empty());
    match run(&base_url, key).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("blockfrost-server: {message}");
            ExitCode::FAILURE
        }
    }
}

async fn run(base_url: &str, key: Option<String>) -> Result<(), String> {
    let running = server(config(base_url, key))?
        .serve(fusion_runtime::stdio::stdio())
        .await
        .map_err(|e| format!("stdio: {e}"))?;
    running.waiting().await.map_err(|e| e.to_string())?;
    Ok(())
}
