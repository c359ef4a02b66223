//! Direction controls and bare CRs in the texts of an OpenAPI document (summaries, parameter
//! descriptions, paths, the tool's own description) reach the generated code's doc comments and
//! literals only escaped: rustc denies them raw (`text_direction_codepoint_in_comment`,
//! `_in_literal`, a bare CR in a doc comment). The shapes corpus compiles the same for every
//! text of presenter and tool definitions.

use fusion_gen::{Options, SourceFile, generate_with_warnings};

const API: &str = include_str!("../../tests/fixtures/operations/petstore.yaml");
const TOOL: &str = include_str!("../../tests/fixtures/operations/pets.tool.yaml");

/// The characters rustc denies raw, the marks that reorder text as invisibly, and a CR.
const HOSTILE: &str = "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}\u{200E}\u{200F}\u{061C}\\r";

fn is_refused_raw(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}' | '\r')
}

#[test]
fn openapi_summaries_descriptions_and_paths_are_escaped_in_generated_rust() {
    // In YAML double quotes `\r` is a CR; the other characters are written raw.
    let api = API
        .replace(
            "summary: List the pets, a page at a time",
            &format!("summary: \"List the pets {HOSTILE} end\""),
        )
        .replace(
            "summary: One pet",
            &format!("summary: \"One pet {HOSTILE} end\""),
        )
        .replace(
            "description: The pet's id,",
            &format!("description: \"The pet's id {HOSTILE} end\","),
        )
        .replace("/pets/{petId}:", "\"/pets\u{202E}/{petId}\":");
    let tool = TOOL.replace(
        "description: The pets of a pet store",
        &format!("description: \"The pets {HOSTILE} of a store\""),
    );
    let sources = [
        SourceFile::new("api/petstore.yaml", api),
        SourceFile::new("api/pets.tool.yaml", tool),
    ];
    let generated = generate_with_warnings(&sources, &Options::default())
        .unwrap_or_else(|d| panic!("{:#?}", d.0));
    let pets = generated
        .files
        .iter()
        .find(|f| f.path == "pets_tool.rs")
        .expect("the tool's module");
    for file in &generated.files {
        if let Some((line, text)) = file
            .contents
            .lines()
            .enumerate()
            .find(|(_, line)| line.chars().any(is_refused_raw))
        {
            panic!("{}:{}: raw in {text:?}", file.path, line + 1);
        }
    }
    let escaped = r"\u{202a}\u{202b}\u{202c}\u{202d}\u{202e}\u{2066}\u{2067}\u{2068}\u{2069}\u{200e}\u{200f}\u{61c}\r";
    for shown in [
        format!("/// `get`: One pet {escaped} end"),
        format!("/// The pet's id {escaped} end"),
        r"/// `GET /pets\u{202e}/{petId}`, which `get` calls".to_owned(),
    ] {
        assert!(
            pets.contents.contains(&shown),
            "{shown} in\n{}",
            pets.contents
        );
    }
    // A literal keeps the value: the path the client calls is the document's, the description
    // the tool advertises the tool file's.
    for literal in [
        r#"path: "/pets\u{202e}/{petId}""#.to_owned(),
        // The tool's description, then what wire format §11 adds to it.
        format!(
            r#"DESCRIPTION: &str = "The pets {escaped} of a store. Select operation via the `action` parameter."#
        ),
    ] {
        assert!(
            pets.contents.contains(&literal),
            "{literal} in\n{}",
            pets.contents
        );
    }
}

#[test]
fn a_line_break_in_an_openapi_path_stays_inside_its_doc_comment() {
    // YAML's `\n` in double quotes: a path whose second line would be code if written raw.
    let api = API.replace(
        "/pets/{petId}:",
        "\"/pets/{petId}\\npub struct Injected;\\r\":",
    );
    let sources = [
        SourceFile::new("api/petstore.yaml", api),
        SourceFile::new("api/pets.tool.yaml", TOOL.to_owned()),
    ];
    let generated = generate_with_warnings(&sources, &Options::default())
        .unwrap_or_else(|d| panic!("{:#?}", d.0));
    let pets = generated
        .files
        .iter()
        .find(|f| f.path == "pets_tool.rs")
        .expect("the tool's module");
    assert!(
        !pets.contents.contains("\npub struct Injected"),
        "{}",
        pets.contents
    );
    assert!(
        pets.contents
            .contains(r"/// `GET /pets/{petId}\npub struct Injected;\r`, which `get` calls"),
        "{}",
        pets.contents
    );
}

/// An action's name is spliced into doc lines by the templates: a line break (or a backtick) in
/// one stays inside its comment. (Under flat exposition such a name is refused: the tool's name
/// would not be a valid MCP tool name.)
#[test]
fn a_line_break_in_an_action_name_stays_inside_its_doc_comment() {
    let item = "title: Item\ntype: object\nproperties:\n  id: {type: string}\nrequired: [id]\n";
    let tool = "x-fusion-tool:\n  name: things\n  actions:\n    \"get\\npub fn injected() {}\\n/// `\":\n      returns: item.yaml\n";
    let sources = [
        SourceFile::new("item.yaml", item.to_owned()),
        SourceFile::new("tool.yaml", tool.to_owned()),
    ];
    let generated = generate_with_warnings(&sources, &Options::default())
        .unwrap_or_else(|d| panic!("{:#?}", d.0));
    for file in &generated.files {
        let tokens: proc_macro2::TokenStream = file
            .contents
            .parse()
            .unwrap_or_else(|e| panic!("{}: {e}\n{}", file.path, file.contents));
        assert!(
            !names_ident(tokens, "injected"),
            "{}:\n{}",
            file.path,
            file.contents
        );
    }
    let tool = generated
        .files
        .iter()
        .find(|f| f.path == "tool_tool.rs")
        .expect("the tool's module");
    assert!(
        tool.contents
            .contains(r"/// The schema of `get\npub fn injected() {}\n/// '`'s wire data"),
        "{}",
        tool.contents
    );
}

/// Whether `tokens` hold the identifier `name` (outside literals and comments, which a doc
/// comment's tokens are).
fn names_ident(tokens: proc_macro2::TokenStream, name: &str) -> bool {
    tokens.into_iter().any(|tree| match tree {
        proc_macro2::TokenTree::Ident(ident) => ident == name,
        proc_macro2::TokenTree::Group(group) => names_ident(group.stream(), name),
        _ => false,
    })
}
