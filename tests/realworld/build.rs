//! Generates `tests/fixtures/realworld/blockfrost/api/` (Blockfrost's OpenAPI description, the
//! presenters that `$ref` its components, and `components.yaml`, which reaches every component)
//! with `fusion_gen::Builder`, then writes `cases.rs`: one test per example payload of
//! `examples.json`, typed as the generated code types that component.
//!
//! The Rust type of a component comes from the generator's own model and naming, so a name the
//! generator chose to avoid a collision is found as it is, never guessed.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use serde_json::Value;

const DOCUMENT: &str = "openapi.json";

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo");
    let corpus = Path::new(&manifest).join("../fixtures/realworld/blockfrost");
    let out = std::env::var("OUT_DIR").expect("set by cargo");
    fusion_gen::Builder::new()
        .input(corpus.join("api"))
        .compile()
        .unwrap_or_else(|error| panic!("the real-world corpus generates:\n{error}"));
    println!(
        "cargo:rerun-if-changed={}",
        corpus.join("examples.json").display()
    );
    let names = names_by_location(&corpus.join("api"));
    let read = |path: &Path| -> Value {
        serde_json::from_str(&fs::read_to_string(path).expect("read a fixture")).expect("JSON")
    };
    let document = read(&corpus.join("api").join(DOCUMENT));
    let examples = read(&corpus.join("examples.json"));
    let types = Types {
        document: &document,
        names: &names,
    };
    let mut cases = String::from("// One test per example payload of examples.json.\n");
    for (index, example) in examples["examples"]
        .as_array()
        .expect("examples")
        .iter()
        .enumerate()
    {
        let component = example["component"].as_str().expect("a component name");
        let pointer = format!("/components/schemas/{component}");
        let schema = document.pointer(&pointer).expect("the component exists");
        let (kind, ty) = types.shape(&pointer, schema);
        let check = if example["fits"] == Value::Bool(true) {
            format!("check_{kind}::<{ty}>(&EXAMPLES[{index}])")
        } else {
            format!("check_misfit::<{ty}>(&EXAMPLES[{index}])")
        };
        let test = component.replace('-', "_").to_lowercase();
        writeln!(cases, "#[test]\nfn {test}() {{\n    {check};\n}}").expect("a String");
    }
    fs::write(Path::new(&out).join("cases.rs"), cases).expect("write cases.rs");
}

/// The Rust name of the type made from each schema location of the OpenAPI document, from the
/// generator's own model and naming (the phases `generate` runs).
fn names_by_location(input: &Path) -> HashMap<String, String> {
    let (sources, _) = fusion_gen::fs::read_definitions(input).expect("read the definitions");
    let model = fusion_gen::resolve_model(&sources).expect("the corpus resolves");
    let names = fusion_gen::naming::assign(&model).expect("the corpus is named");
    model
        .types
        .iter()
        .zip(&names.types)
        .filter(|(ty, _)| model.modules[ty.module].file == DOCUMENT)
        .map(|(ty, name)| (ty.pointer.clone(), name.clone()))
        .collect()
}

struct Types<'a> {
    document: &'a Value,
    names: &'a HashMap<String, String>,
}

impl Types<'_> {
    /// How the example is checked (`item`: a struct, `collection`: a `Vec` of structs, `value`:
    /// anything else) and its Rust type.
    fn shape(&self, pointer: &str, schema: &Value) -> (&'static str, String) {
        let (pointer, schema) = self.followed(pointer, schema);
        let ty = self.rust_type(&pointer, schema);
        let is_struct = |pointer: &str, schema: &Value| {
            let (pointer, schema) = self.followed(pointer, schema);
            schema.get("properties").is_some()
                && !nullable(schema)
                && self.names.contains_key(&pointer)
        };
        if is_struct(&pointer, schema) {
            return ("item", ty);
        }
        if schema["type"] == "array" && !nullable(schema) {
            let items = format!("{pointer}/items");
            if is_struct(&items, &schema["items"]) {
                let (items, item_schema) = self.followed(&items, &schema["items"]);
                return ("collection", self.rust_type(&items, item_schema));
            }
        }
        ("value", ty)
    }

    /// The schema a `$ref` (or a one-`$ref` `allOf`) leads to, with its location.
    fn followed<'s>(&'s self, pointer: &str, schema: &'s Value) -> (String, &'s Value) {
        let reference = schema["$ref"].as_str().or_else(|| match &schema["allOf"] {
            Value::Array(branches) if branches.len() == 1 && schema.get("properties").is_none() => {
                branches[0]["$ref"].as_str()
            }
            _ => None,
        });
        match reference.and_then(|r| r.strip_prefix('#')) {
            Some(target) => {
                let schema = self.document.pointer(target).expect("the target exists");
                self.followed(target, schema)
            }
            None => (pointer.to_owned(), schema),
        }
    }

    fn rust_type(&self, pointer: &str, schema: &Value) -> String {
        let (target, followed) = self.followed(pointer, schema);
        let base = if let Some(name) = self.names.get(&target) {
            format!("fusion_realworld::openapi::{name}")
        } else {
            match followed["type"].as_str() {
                Some("array") => format!(
                    "Vec<{}>",
                    self.rust_type(&format!("{target}/items"), &followed["items"])
                ),
                Some("string") if followed.get("enum").is_none() => "String".into(),
                Some("integer") => "i64".into(),
                Some("number") => "f64".into(),
                Some("boolean") => "bool".into(),
                _ => panic!("no generated type found for {target}"),
            }
        };
        if nullable(schema) || nullable(followed) {
            format!("Option<{base}>")
        } else {
            base
        }
    }
}

fn nullable(schema: &Value) -> bool {
    schema["nullable"] == Value::Bool(true)
}
