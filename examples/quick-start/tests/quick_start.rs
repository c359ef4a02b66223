//! The quick start works as the README says: the tool answers a call with the blocks the README
//! prints, every file the README quotes is quoted word for word, and the README's dependencies are
//! this crate's.

use serde_json::json;

const README: &str = include_str!("../../../README.md");

/// The fenced block that follows `marker` in the README, without its fences.
fn fenced_after(marker: &str) -> &'static str {
    let at = README
        .find(marker)
        .unwrap_or_else(|| panic!("the README has {marker}"));
    fenced_at(&README[at..])
}

fn fenced_at(text: &'static str) -> &'static str {
    let open = text.find("```").expect("a fenced block follows the marker");
    let body = open + text[open..].find('\n').expect("the fence's line ends") + 1;
    let len = text[body..].find("```").expect("the fence closes");
    &text[body..body + len]
}

#[tokio::test]
async fn the_pets_tool_answers_as_the_readme_prints() {
    let server = fusion_example_quick_start::server().expect("one tool");
    let arguments = json!({ "action": "get", "id": "P-1" });
    let result = server
        .call("pets", arguments.as_object().cloned())
        .await
        .expect("the server has a `pets` tool");
    let wire = serde_json::to_value(&result).expect("a result serializes");
    assert_eq!(wire.get("isError"), None, "a success: {wire}");
    let texts: Vec<&str> = wire["content"]
        .as_array()
        .expect("content blocks")
        .iter()
        .map(|block| block["text"].as_str().expect("a text block"))
        .collect();
    assert_eq!(
        format!("{}\n", texts.join("\n\n")),
        fenced_after("<!-- quick-start-response -->")
    );
}

#[tokio::test]
async fn an_unknown_pet_is_the_readme_s_not_found_block() {
    let server = fusion_example_quick_start::server().expect("one tool");
    let arguments = json!({ "action": "get", "id": "P-2" });
    let result = server
        .call("pets", arguments.as_object().cloned())
        .await
        .expect("the server has a `pets` tool");
    let wire = serde_json::to_value(&result).expect("a result serializes");
    assert_eq!(wire["isError"], true, "an error: {wire}");
    assert_eq!(
        format!(
            "{}\n",
            wire["content"][0]["text"].as_str().expect("a text block")
        ),
        fenced_after("<!-- quick-start-not-found -->")
    );
}

/// Each fenced block after `<!-- quick-start: PATH -->` is this crate's file PATH, byte for byte.
#[test]
fn the_readme_quotes_this_crate() {
    let marker = "<!-- quick-start: ";
    let mut quoted = Vec::new();
    for (at, _) in README.match_indices(marker) {
        let rest = &README[at + marker.len()..];
        let path = &rest[..rest.find(" -->").expect("the marker closes")];
        let file = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
            .unwrap_or_else(|e| panic!("the README quotes {path}: {e}"));
        assert_eq!(fenced_at(rest), file, "the README's copy of {path}");
        quoted.push(path);
    }
    assert_eq!(
        quoted,
        [
            "schemas/pet.yaml",
            "schemas/pets.tool.yaml",
            "build.rs",
            "src/lib.rs",
            "src/main.rs"
        ]
    );
}

/// The README's dependency lines name this crate's dependencies with the same features; only the
/// source differs (git for a user, the workspace's path here).
#[test]
fn the_readme_depends_as_this_crate() {
    let manifest = include_str!("../Cargo.toml");
    let clause = |line: &str, key: &str| {
        line.find(key).map(|at| {
            let rest = &line[at..];
            let end = if key.ends_with('[') {
                rest.find(']')
            } else {
                rest.find([',', '}'])
            };
            rest[..end.map_or(rest.len(), |end| end + 1)]
                .trim_end_matches([',', '}'])
                .to_owned()
        })
    };
    let mut names = Vec::new();
    for line in fenced_after("<!-- quick-start-dependencies -->").lines() {
        let Some((name, _)) = line.split_once(" = {") else {
            continue;
        };
        let ours = manifest
            .lines()
            .find(|ours| ours.starts_with(&format!("{name} = ")))
            .unwrap_or_else(|| panic!("the crate depends on {name}"));
        for key in ["features = [", "default-features = "] {
            assert_eq!(clause(line, key), clause(ours, key), "{name}'s {key}");
        }
        names.push(name);
    }
    assert_eq!(names, ["fusion-runtime", "rmcp", "tokio", "fusion-gen"]);
}

/// The crates' own READMEs (their registry pages and rustdoc front pages) show the same quick
/// start: each block they quote is this crate's file or the root README's block, word for word.
#[test]
fn the_crate_readmes_quote_the_same_quick_start() {
    let crates: [(&str, &'static str, &[&str]); 2] = [
        (
            "runtime/README.md",
            include_str!("../../../runtime/README.md"),
            &["src/lib.rs"],
        ),
        (
            "generator/README.md",
            include_str!("../../../generator/README.md"),
            &["schemas/pet.yaml", "schemas/pets.tool.yaml", "build.rs"],
        ),
    ];
    for (name, readme, files) in crates {
        let marker = "<!-- quick-start: ";
        let mut quoted = Vec::new();
        for (at, _) in readme.match_indices(marker) {
            let rest = &readme[at + marker.len()..];
            let path = &rest[..rest.find(" -->").expect("the marker closes")];
            let file = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
                .unwrap_or_else(|e| panic!("{name} quotes {path}: {e}"));
            assert_eq!(fenced_at(rest), file, "{name}'s copy of {path}");
            quoted.push(path);
        }
        assert_eq!(quoted, files, "{name}");
        for marker in [
            "<!-- quick-start-dependencies -->",
            "<!-- quick-start-response -->",
        ] {
            if let Some(at) = readme.find(marker) {
                assert_eq!(
                    fenced_at(&readme[at..]),
                    fenced_after(marker),
                    "{name}: {marker}"
                );
            }
        }
        assert!(
            readme.contains("<!-- quick-start-dependencies -->"),
            "{name} shows the dependency lines"
        );
    }
}

/// One way to depend on the crates everywhere the documentation shows one: the README's git
/// line (neither crate is on crates.io yet, so a `version = "0.1"` line cannot resolve).
#[test]
fn every_dependency_line_is_the_readme_s() {
    let git = "git = \"https://github.com/fusion-gen/fusion-gen\"";
    let docs = [
        ("README.md", README),
        (
            "runtime/README.md",
            include_str!("../../../runtime/README.md"),
        ),
        (
            "generator/README.md",
            include_str!("../../../generator/README.md"),
        ),
        ("docs/guide.md", include_str!("../../../docs/guide.md")),
        ("docs/serving.md", include_str!("../../../docs/serving.md")),
        (
            "docs/definitions.md",
            include_str!("../../../docs/definitions.md"),
        ),
    ];
    let mut seen = 0;
    for (name, text) in docs {
        for line in text.lines().map(str::trim_start) {
            if line.starts_with("fusion-runtime = ") || line.starts_with("fusion-gen = ") {
                assert!(line.contains(git), "{name}: {line}");
                seen += 1;
            }
        }
    }
    assert!(seen >= 7, "{seen} dependency lines");
}
