//! Operations of Blockfrost's own OpenAPI description (`schemas/blockfrost.yaml`, vendored from
//! npm `@blockfrost/openapi`, see `schemas/PROVENANCE.md`) served as the MCP tools `assets`,
//! `epochs` and `pools` with no handler written by hand: `build.rs` generates them from `schemas/`, and
//! [`server`] answers every action through the generated HTTP handler, calling the API at the
//! base URL and with the `project_id` key of the [`ApiConfig`] it is given.

#![deny(missing_docs)]

/// What `build.rs` generated from `schemas/`.
#[allow(missing_docs)]
pub mod generated {
    fusion_runtime::include_generated!();
}

pub use fusion_runtime::http_client::{ApiClient, ApiConfig, ApiError, Auth};
use fusion_runtime::rmcp::FusionServer;
use generated::assets_tool::{AssetsHttp, AssetsTool};
use generated::epochs_tool::{EpochsHttp, EpochsTool};
use generated::pools_tool::{PoolsHttp, PoolsTool};

/// The header that carries a Blockfrost project's key (the description's security scheme
/// `project_id`, an API key in a header).
pub const KEY_HEADER: &str = "project_id";

/// Where the API is: its base URL (`https://cardano-mainnet.blockfrost.io/api/v0`, or a mock's)
/// and, when given, the project's key, sent in the `project_id` header. A self-hosted Blockfrost
/// backend needs no key.
pub fn config(base_url: &str, project_id: Option<String>) -> ApiConfig {
    // The `User-Agent` names this server and its version, as GitHub-like APIs require.
    let config = fusion_runtime::api_config!(base_url);
    match project_id {
        Some(value) => config.with_auth(Auth::Header {
            name: KEY_HEADER.to_owned(),
            value,
        }),
        None => config,
    }
}

/// The server: the `assets`, `epochs` and `pools` tools, each answered by calling the API.
pub fn server(config: ApiConfig) -> Result<FusionServer, String> {
    let client = ApiClient::new(config).map_err(|e| e.to_string())?;
    FusionServer::new("fusion-blockfrost", env!("CARGO_PKG_VERSION"))
        .with_instructions(
            "Cardano's native assets, epochs and stake pools, read from Blockfrost. Lists come a page at a time.",
        )
        .with_tool(AssetsTool::new(AssetsHttp(client.clone())))
        .and_then(|server| server.with_tool(EpochsTool::new(EpochsHttp(client.clone()))))
        .and_then(|server| server.with_tool(PoolsTool::new(PoolsHttp(client))))
        .map_err(|e| e.to_string())
}
