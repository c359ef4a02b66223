//! The The guide's serving snippet is this crate's code, word for word.

#[test]
fn the_readme_shows_the_real_server_function() {
    let readme = include_str!("../../../docs/guide.md");
    let lib = include_str!("../src/lib.rs");
    let start = readme
        .find("<!-- readme:serve -->\n```rust\n")
        .expect("the guide has the serve snippet")
        + "<!-- readme:serve -->\n```rust\n".len();
    let end = start + readme[start..].find("```\n<!-- end -->").expect("it ends");
    let snippet = &readme[start..end];
    assert!(
        lib.contains(snippet),
        "The guide's serve snippet is not in src/lib.rs:\n{snippet}"
    );
}

/// docs/serving.md's check after validation is `src/access.rs`'s, which `tests/middleware.rs`
/// runs: the code between the file's markers, word for word.
#[test]
fn serving_md_shows_the_real_check_after_validation() {
    let doc = include_str!("../../../docs/serving.md");
    let code = include_str!("../src/access.rs");
    let fence = "<!-- serving:validated -->\n```rust\n";
    let start = doc.find(fence).expect("serving.md has the snippet") + fence.len();
    let end = start + doc[start..].find("```\n").expect("it ends");
    let snippet = &doc[start..end];
    let from = code
        .find("// serving:validated\n")
        .expect("the file's start marker")
        + "// serving:validated\n".len();
    let to = code
        .find("// serving:end\n")
        .expect("the file's end marker");
    assert_eq!(
        snippet,
        &code[from..to],
        "serving.md's snippet differs from src/access.rs"
    );
}
