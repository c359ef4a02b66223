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
