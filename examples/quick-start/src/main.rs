//! `fusion-example-quick-start` serves the `pets` tool over stdio, as a desktop MCP client
//! launches it.

use fusion_example_quick_start::server;
use rmcp::ServiceExt;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let running = server()?.serve(rmcp::transport::stdio()).await?;
    running.waiting().await?;
    Ok(())
}
