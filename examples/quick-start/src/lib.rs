//! The README's quick start, compiled and tested: `build.rs` generates the `pets` tool and its
//! `Pet` presenter from `schemas/`, [`server`] binds the tool to a handler, and `src/main.rs`
//! serves it over stdio.

/// What `build.rs` generated from `schemas/`.
pub mod generated {
    fusion_runtime::include_generated!();
}

use fusion_runtime::rmcp::{DuplicateTool, FusionServer};
use fusion_runtime::{HandlerError, Reply};
use generated::pets_tool::{PetsGetInput, PetsHandler, PetsTool};
use generated::{Pet, PetSpecies};

/// The clinic's records: the handler of the generated `pets` tool.
#[derive(Clone)]
pub struct Clinic;

impl PetsHandler for Clinic {
    type Error = HandlerError;

    async fn get(&self, args: PetsGetInput) -> Result<Reply<Pet>, HandlerError> {
        if args.id != "P-1" {
            let id = fusion_runtime::escape::echo(&args.id);
            return Err(HandlerError::not_found(format!(
                "No pet has the id \"{id}\"."
            )));
        }
        Ok(Reply::Data(Pet {
            id: args.id,
            name: "Rex".into(),
            species: PetSpecies::Dog,
            owner_phone: Some("+1 555 0100".into()),
        }))
    }
}

/// The MCP server: the `pets` tool over the clinic.
pub fn server() -> Result<FusionServer, DuplicateTool> {
    FusionServer::new("vet-clinic", "0.1.0").with_tool(PetsTool::new(Clinic))
}
