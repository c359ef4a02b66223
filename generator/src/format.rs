//! Phase 6, format: the rendered text is parsed with `syn` and printed with `prettyplease`, then
//! the `@generated` header goes on top (prettyplease keeps doc attributes but drops comments).

use proc_macro2::{Delimiter, Spacing, TokenTree};

use crate::diagnostics::Diagnostic;

/// Parses and pretty-prints generated Rust, with the text of its doc comments and literals made
/// safe for rustc (`rust_text::made_safe`). A template that produced invalid Rust is a bug in
/// fusion-gen: the error says so and shows the offending lines, instead of panicking or writing
/// code that fails later in the user's build.
pub fn format_rust(output_path: &str, text: &str) -> Result<String, Diagnostic> {
    let parsed = text
        .parse::<proc_macro2::TokenStream>()
        .map_err(syn::Error::from)
        .and_then(|tokens| syn::parse2::<syn::File>(crate::rust_text::made_safe(tokens)));
    match parsed {
        Ok(file) => Ok(print_separated(file)),
        Err(error) => {
            let line = error.span().start().line;
            let snippet: Vec<String> = text
                .lines()
                .enumerate()
                .skip(line.saturating_sub(4))
                .take(7)
                .map(|(i, l)| format!("{:>5} | {l}", i + 1))
                .collect();
            Err(Diagnostic::error(output_path, "", format!(
                "internal error: fusion-gen produced invalid Rust for {output_path} (line {line}): {error}\n{}",
                snippet.join("\n")
            ))
            .with_help("this is a bug in fusion-gen; please report it with the definition that triggers it"))
        }
    }
}

/// prettyplease prints items back to back; a blank line between top-level items (and after the
/// module's inner docs) makes the checked-in output read like hand-written code. Each item is
/// printed on its own and the pieces joined, so the separation follows the syntax tree: no line of
/// the printed text (a doc line ending in `;`, say) is read back to guess where an item ends.
fn print_separated(file: syn::File) -> String {
    let mut pieces = Vec::with_capacity(file.items.len() + 1);
    if !file.attrs.is_empty() {
        pieces.push(prettyplease::unparse(&syn::File {
            shebang: None,
            frontmatter: None,
            attrs: file.attrs,
            items: Vec::new(),
        }));
    }
    for item in file.items {
        pieces.push(print_item(item));
    }
    pieces.join("\n")
}

/// One item as prettyplease prints it, but with every `__record!` table in it, at any depth of
/// inline modules, printed one field per line ([`record_table`]). prettyplease knows nothing of
/// the tables: each is swapped for a marker item before printing and the marker's line for the
/// table after, at the marker's indentation.
fn print_item(mut item: syn::Item) -> String {
    if let Some(table) = record_table(&item) {
        return table;
    }
    let mut tables = Vec::new();
    mark_tables(&mut item, &mut tables);
    let printed = prettyplease::unparse(&syn::File {
        shebang: None,
        frontmatter: None,
        attrs: Vec::new(),
        items: vec![item],
    });
    if tables.is_empty() {
        return printed;
    }
    let mut out =
        String::with_capacity(printed.len() + tables.iter().map(String::len).sum::<usize>());
    for line in printed.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let table = trimmed
            .strip_prefix(RECORD_MARKER)
            .and_then(|rest| rest.split(':').next())
            .and_then(|index| index.parse::<usize>().ok())
            .and_then(|index| tables.get(index));
        match table {
            Some(table) => {
                let indent = &line[..line.len() - trimmed.len()];
                for table_line in table.lines() {
                    out.push_str(indent);
                    out.push_str(table_line);
                    out.push('\n');
                }
            }
            None => out.push_str(line),
        }
    }
    out
}

/// The start of the marker item that holds a table's place while prettyplease prints the module
/// around it: `const __FUSION_RECORD_TABLE_<n>: () = ();`. No definition names an item so.
const RECORD_MARKER: &str = "const __FUSION_RECORD_TABLE_";

/// Replaces each `__record!` table inside the inline modules of `item` by a marker, collecting
/// the tables' printed text in order.
fn mark_tables(item: &mut syn::Item, tables: &mut Vec<String>) {
    let syn::Item::Mod(module) = item else {
        return;
    };
    let Some((_, items)) = &mut module.content else {
        return;
    };
    for inner in items.iter_mut() {
        match record_table(inner) {
            Some(table) => {
                let marker = proc_macro2::Ident::new(
                    &format!("__FUSION_RECORD_TABLE_{}", tables.len()),
                    proc_macro2::Span::call_site(),
                );
                tables.push(table);
                *inner = syn::parse_quote!(const #marker: () = (););
            }
            None => mark_tables(inner, tables),
        }
    }
}

/// A struct's `__record!` table, one field per line. prettyplease fills a macro's tokens to the
/// line width, which would run the fields together; the table's shape is known (what comes
/// before the braces, the braces' comma-separated lines, what comes after), so it is printed
/// from its tokens in that shape.
fn record_table(item: &syn::Item) -> Option<String> {
    let syn::Item::Macro(item) = item else {
        return None;
    };
    let mac = &item.mac;
    if !item.attrs.is_empty() || mac.path.segments.last()?.ident != "__record" {
        return None;
    }
    let path = mac
        .path
        .segments
        .iter()
        .map(|segment| segment.ident.to_string())
        .collect::<Vec<_>>()
        .join("::");
    let tokens: Vec<TokenTree> = mac.tokens.clone().into_iter().collect();
    let braces = tokens.iter().position(
        |token| matches!(token, TokenTree::Group(group) if group.delimiter() == Delimiter::Brace),
    )?;
    let TokenTree::Group(fields) = &tokens[braces] else {
        return None;
    };
    let mut out = format!("{path}!({} {{\n", print_tokens(&tokens[..braces]));
    let fields: Vec<TokenTree> = fields.stream().into_iter().collect();
    for line in fields.split(|token| matches!(token, TokenTree::Punct(p) if p.as_char() == ',')) {
        if !line.is_empty() {
            out.push_str(&format!("    {},\n", print_tokens(line)));
        }
    }
    let after = print_tokens(&tokens[braces + 1..]);
    out.push('}');
    if !after.is_empty() {
        out.push(' ');
        out.push_str(&after);
    }
    out.push_str(");\n");
    Some(out)
}

/// Tokens as a person writes them: a space between two, none before `:` or after a joint
/// punctuation (`=>`, `..`).
fn print_tokens(tokens: &[TokenTree]) -> String {
    let mut out = String::new();
    let mut joint = true;
    for token in tokens {
        let tight = matches!(token, TokenTree::Punct(p) if p.as_char() == ':');
        if !joint && !tight {
            out.push(' ');
        }
        out.push_str(&token.to_string());
        joint = matches!(token, TokenTree::Punct(p) if p.spacing() == Spacing::Joint);
    }
    out
}

/// The `@generated` header: names the command that regenerates the file and the hash of the
/// inputs it was made from, so a reviewer can tell stale output without running anything. The
/// command and a file name are shown escaped where they hold a line break or a character rustc
/// refuses in a comment (`rust_text::for_line_comment`).
pub fn header(command: &str, sources: &[&str], inputs_hash: &str) -> String {
    let command = crate::rust_text::for_line_comment(command);
    let sources = if sources.len() == 1 {
        format!("`{}`", crate::rust_text::for_line_comment(sources[0]))
    } else {
        format!("{} definition files", sources.len())
    };
    format!(
        "// @generated by `{command}` from {sources}; inputs sha256 {inputs_hash}.\n// Do not edit: change the definitions and run the command again.\n\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_rust_is_an_internal_error_with_a_snippet() {
        let error =
            format_rust("x.rs", "pub struct A {\n    a: i64,\n    b i64,\n}\n").unwrap_err();
        assert!(
            error.message.contains("internal error"),
            "{}",
            error.message
        );
        assert!(
            error.message.contains("    3 |     b i64,"),
            "{}",
            error.message
        );
    }

    #[test]
    fn formats_valid_rust() {
        assert_eq!(
            format_rust("x.rs", "pub struct A{a:i64}").unwrap(),
            "pub struct A {\n    a: i64,\n}\n"
        );
        assert_eq!(
            format_rust("x.rs", "//! M\npub struct A;pub struct B;").unwrap(),
            "//! M\n\npub struct A;\n\npub struct B;\n"
        );
    }

    #[test]
    fn a_record_table_has_a_line_per_field() {
        let text = "__rt::__record!(tabular Row { 0 id: \"id\" => required, 1 r#type: \"type\" \
                    as \"\\\"type\\\"\" => optional redact \"x\" \"\\\"x\\\"\", 2 body: \"body\" => \
                    required clip 500 } .. extra);";
        assert_eq!(
            format_rust("x.rs", text).unwrap(),
            "__rt::__record!(tabular Row {\n    0 id: \"id\" => required,\n    1 r#type: \"type\" \
             as \"\\\"type\\\"\" => optional redact \"x\" \"\\\"x\\\"\",\n    2 body: \"body\" => \
             required clip 500,\n} .. extra);\n"
        );
    }

    /// Inside inline modules, at any depth, a table is printed a field per line too, at the
    /// module's indentation; the items around it print as prettyplease prints them.
    #[test]
    fn a_record_table_in_a_nested_module_has_a_line_per_field() {
        let text = "pub mod a { pub struct Row; __rt::__record!(Row { 0 id: \"id\" => required, \
                    1 body: \"body\" => required clip 5 }); pub mod b { \
                    __rt::__record!(tabular Cell { 0 x: \"x\" => optional }); } }";
        assert_eq!(
            format_rust("x.rs", text).unwrap(),
            "pub mod a {\n    pub struct Row;\n    __rt::__record!(Row {\n        0 id: \"id\" => required,\n        \
             1 body: \"body\" => required clip 5,\n    });\n    pub mod b {\n        \
             __rt::__record!(tabular Cell {\n            0 x: \"x\" => optional,\n        });\n    }\n}\n"
        );
    }

    /// A doc line that ends in `;` is not the end of an item: no blank line may follow it, or
    /// clippy's `empty_line_after_doc_comments` fails the user's build.
    #[test]
    fn a_doc_line_ending_in_a_semicolon_stays_on_its_item() {
        assert_eq!(
            format_rust("x.rs", "/// One;\n/// two;\npub enum E { /// a;\n A }").unwrap(),
            "/// One;\n/// two;\npub enum E {\n    /// a;\n    A,\n}\n"
        );
    }

    /// A `///` line written by hand with a direction control in it (an HTTP path, say) comes out
    /// escaped, and so does a literal: rustc denies both raw.
    #[test]
    fn direction_controls_are_shown_escaped_in_docs_and_literals() {
        let out = format_rust(
            "x.rs",
            "/// `GET /a\u{202E}b`\npub const P: &str = \"/a\u{202E}b\";",
        )
        .unwrap();
        assert_eq!(
            out,
            "/// `GET /a\\u{202e}b`\npub const P: &str = \"/a\\u{202e}b\";\n"
        );
    }

    #[test]
    fn the_header_shows_line_breaks_and_direction_controls_escaped() {
        let head = header(
            "fusion-gen in\u{202E}\npub fn x() {}",
            &["a\u{2066}.yaml"],
            "0",
        );
        assert_eq!(
            head,
            "// @generated by `fusion-gen in\\u{202e}\\npub fn x() {}` from `a\\u{2066}.yaml`; \
             inputs sha256 0.\n// Do not edit: change the definitions and run the command again.\n\n"
        );
    }
}
