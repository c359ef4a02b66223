//! Generates each vendor's `tests/fixtures/realworld/<vendor>/api/` (the vendor's OpenAPI
//! description and the presenters that `$ref` its components) with `fusion_gen::Builder`, one
//! file per vendor, then writes `cases.rs`: one test per example payload of each vendor's
//! `examples.json`, typed as the generated code types that component.
//!
//! The Rust type of a component comes from the generator's own model and naming, so a name the
//! generator chose to avoid a collision is found as it is, never guessed.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use serde_json::Value;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo");
    let fixtures = Path::new(&manifest).join("../fixtures/realworld");
    let out = std::env::var("OUT_DIR").expect("set by cargo");
    let read = |path: &Path| -> Value {
        serde_json::from_str(&fs::read_to_string(path).expect("read a fixture")).expect("JSON")
    };
    let mut cases =
        String::from("// One test per example payload of each vendor's examples.json.\n");
    for vendor in VENDORS {
        let corpus = fixtures.join(vendor.folder);
        fusion_gen::Builder::new()
            .input(corpus.join("api"))
            .file_name(format!("{}.rs", vendor.module))
            .compile()
            .unwrap_or_else(|error| panic!("the {} corpus generates:\n{error}", vendor.folder));
        let Some(examples_file) = vendor.examples else {
            continue;
        };
        println!(
            "cargo:rerun-if-changed={}",
            corpus.join(examples_file).display()
        );
        let names = names_by_location(&corpus.join("api"), vendor.document);
        let document = read(&corpus.join("api").join(vendor.document));
        let examples = read(&corpus.join(examples_file));
        let types = Types {
            document: &document,
            names: &names,
            module: vendor.types,
        };
        let list = vendor.list;
        for (index, example) in examples["examples"]
            .as_array()
            .expect("examples")
            .iter()
            .enumerate()
        {
            let component = example["component"].as_str().expect("a component name");
            let pointer = format!("/components/schemas/{component}");
            let schema = document.pointer(&pointer).expect("the component exists");
            let (kind, ty) = match example["kind"].as_str() {
                Some("collection") => types.collection(&pointer, schema),
                _ => types.shape(&pointer, schema),
            };
            let check = if example["fits"] == Value::Bool(true) {
                format!("check_{kind}::<{ty}>(&{list}[{index}])")
            } else {
                format!("check_misfit::<{ty}>(&{list}[{index}])")
            };
            // A component with several examples has a test per example, named by both.
            let name = match example["example"].as_str() {
                Some(name) => format!("{}_{component}_{name}", vendor.module),
                None => component.to_owned(),
            };
            let test = name.replace('-', "_").to_lowercase();
            writeln!(cases, "#[test]\nfn {test}() {{\n    {check};\n}}").expect("a String");
        }
    }
    fs::write(Path::new(&out).join("cases.rs"), cases).expect("write cases.rs");
}

/// A vendor's corpus under tests/fixtures/realworld/.
struct Vendor {
    folder: &'static str,
    /// The generated file's name (without `.rs`), the module `lib.rs` includes it as, and the
    /// prefix of its tests.
    module: &'static str,
    /// The vendor's OpenAPI document in `api/`, whose component schemas become types.
    document: &'static str,
    /// The name of the tests' static that holds its examples.
    list: &'static str,
    /// The path of the generated module of that document.
    types: &'static str,
    /// The reference outputs written by the vendor's script, if its description has examples.
    examples: Option<&'static str>,
}

const VENDORS: [Vendor; 3] = [
    Vendor {
        folder: "blockfrost",
        module: "fusion_generated",
        list: "EXAMPLES",
        document: "openapi.json",
        types: "fusion_realworld::openapi",
        examples: Some("examples.json"),
    },
    Vendor {
        folder: "github",
        module: "github",
        list: "GITHUB",
        document: "api.github.com.json",
        types: "fusion_realworld::github::api",
        examples: Some("examples.json"),
    },
    // Dialogporten's description has no examples: the corpus shows that it generates and
    // compiles, whole.
    Vendor {
        folder: "dialogporten",
        module: "dialogporten",
        list: "DIALOGPORTEN",
        document: "swagger.verified.json",
        types: "fusion_realworld::dialogporten::swagger",
        examples: None,
    },
];

/// The Rust name of the type made from each schema location of the OpenAPI document, from the
/// generator's own model and naming (the phases `generate` runs).
fn names_by_location(input: &Path, document: &str) -> HashMap<String, String> {
    let (sources, _) = fusion_gen::read_definitions_with(input, fusion_gen::DEFAULT_MAX_FILE_BYTES)
        .expect("read the definitions");
    let model = fusion_gen::resolve_model(&sources).expect("the corpus resolves");
    let names = model.type_names(document).expect("the corpus is named");
    names.into_iter().collect()
}

struct Types<'a> {
    document: &'a Value,
    names: &'a HashMap<String, String>,
    module: &'static str,
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

    /// How an example of a list of the component is checked, and the type of its items or of
    /// the list.
    fn collection(&self, pointer: &str, schema: &Value) -> (&'static str, String) {
        match self.shape(pointer, schema) {
            ("item", ty) => ("collection", ty),
            (_, ty) => ("value", format!("Vec<{ty}>")),
        }
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
            format!("{}::{name}", self.module)
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
