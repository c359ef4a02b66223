fn main() -> Result<(), fusion_gen::BuildError> {
    fusion_gen::Builder::new().input("schemas").compile()?;
    Ok(())
}
