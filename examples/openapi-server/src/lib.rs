//! A pet store's OpenAPI operations served as the MCP tool `pets` with no handler written by
//! hand: `build.rs` generates the tool from `schemas/` (the description and a tool file that
//! binds its operations), and [`tool`] answers it through the generated HTTP handler, calling
//! the API at the base URL and with the credentials of the [`ApiConfig`] it is given.

/// What `build.rs` generated from `schemas/`.
pub mod generated {
    fusion_runtime::include_generated!();
}

pub use fusion_runtime::http_client::{ApiClient, ApiConfig, ApiError, Auth};

/// The `pets` tool answered by calling the API that `config` describes.
pub fn tool(
    config: ApiConfig,
) -> Result<generated::pets_tool::PetsTool<generated::pets_tool::PetsHttp<ApiClient>>, ApiError> {
    let client = ApiClient::new(config)?;
    Ok(generated::pets_tool::PetsTool::new(
        generated::pets_tool::PetsHttp(client),
    ))
}
