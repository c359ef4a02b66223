//! Generates the presenters of the workspace's example definitions into `OUT_DIR`. When a
//! definition has an error, the build fails with every problem, located and explained.

fn main() -> Result<(), fusion_gen::BuildError> {
    fusion_gen::Builder::new()
        .input("../../schemas")
        .compile()?;
    Ok(())
}
