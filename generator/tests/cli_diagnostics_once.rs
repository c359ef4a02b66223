//! Diagnostics that do not cascade, and YAML syntax errors with help: each case is the command
//! as a user runs it, with its exact standard error, one error each (docs/definitions.md, "an
//! error is reported once").

use std::process::Command;

use crate::common::{assert_exit, stderr};

/// Runs `fusion-gen schemas -o out` over `files` (name, text) and returns its standard error,
/// after checking that it failed on the definitions (exit 3) and wrote nothing.
fn run(files: &[(&str, &str)]) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let schemas = dir.path().join("schemas");
    std::fs::create_dir_all(&schemas).expect("mkdir");
    for (name, text) in files {
        std::fs::write(schemas.join(name), text).expect("write");
    }
    let output = Command::new(env!("CARGO_BIN_EXE_fusion-gen"))
        .current_dir(dir.path())
        .args(["schemas", "-o", "out"])
        .output()
        .expect("fusion-gen runs");
    assert_exit(&output, 3);
    assert!(!dir.path().join("out").exists());
    stderr(&output)
}

/// A misspelt `properties`: its fields are known only through `required`, so the rules that
/// use them are not judged (they were two more errors, telling the user to change the rules).
#[test]
fn a_misspelt_properties_is_one_error_not_three() {
    let stderr = run(&[
        (
            "book.yaml",
            "title: Book\ntype: object\nrequired: [id, title]\npropertes:\n  id: { type: string }\n  title: { type: string }\nx-fusion:\n  rules:\n    - \"Book {title} has id {id}.\"\n    - text: \"Book {id} has a title.\"\n      when: { title: { present: true } }\n",
        ),
        (
            "books.tool.yaml",
            "x-fusion-tool:\n  name: books\n  select: true\n  actions:\n    get:\n      input: { type: object, required: [id], properties: { id: { type: string } } }\n      returns: book.yaml\n    list:\n      returns: { type: array, items: { $ref: book.yaml } }\n",
        ),
    ]);
    assert_eq!(
        stderr,
        r##"  × unsupported keyword `propertes` (at /propertes)
   ╭─[book.yaml:4:1]
 3 │ required: [id, title]
 4 │ propertes:
   · ────┬────
   ·     ╰── here
 5 │   id: { type: string }
   ╰────
  help: did you mean `properties`?

1 error in the definitions; nothing was written.
"##
    );
}

/// A tab in a presenter: the tool that returns it is not told the file does not exist, nor that
/// `select` needs a presenter (three more errors, in another file, before).
#[test]
fn a_tab_in_a_presenter_is_one_error_not_four() {
    let stderr = run(&[
        (
            "book.yaml",
            "title: Book\ntype: object\nrequired: [id, title]\nproperties:\n  id: { type: string }\n\ttitle: { type: string }\n",
        ),
        (
            "books.tool.yaml",
            "x-fusion-tool:\n  name: books\n  select: true\n  actions:\n    get:\n      input: { type: object, required: [id], properties: { id: { type: string } } }\n      returns: book.yaml\n    list:\n      returns: { type: array, items: { $ref: book.yaml } }\n",
        ),
    ]);
    assert_eq!(
        stderr,
        r##"  × this file is not valid YAML: tabs disallowed within this context (block indentation)
   ╭─[book.yaml:6:2]
 5 │   id: { type: string }
 6 │     title: { type: string }
   ·     ──┬──
   ·       ╰── here
   ╰────
  help: YAML indents with spaces only: replace the tab on line 6 with spaces

1 error in the definitions; nothing was written.
"##
    );
}

/// An unquoted `: ` in a block value: the help quotes the value as it should be written.
#[test]
fn an_unquoted_colon_in_a_value_says_to_quote_it() {
    let stderr = run(&[(
        "book.yaml",
        "title: Book\ntype: object\ndescription: Note: a book on loan\nproperties:\n  id: { type: string }\n",
    )]);
    assert_eq!(
        stderr,
        r##"  × this file is not valid YAML: mapping values are not allowed in this context
   ╭─[book.yaml:3:18]
 2 │ type: object
 3 │ description: Note: a book on loan
   ·                  ┬
   ·                  ╰── here
 4 │ properties:
   ╰────
  help: `: ` inside a value starts a key: quote the value (`description: "Note: a book on loan"`)

1 error in the definitions; nothing was written.
"##
    );
}

/// An unquoted `: ` in a flow mapping's value: the help quotes that entry, not the line.
#[test]
fn an_unquoted_colon_in_a_flow_mapping_says_to_quote_it() {
    let stderr = run(&[(
        "book.yaml",
        "title: Book\ntype: object\nproperties:\n  id: { type: string, description: Id: the shelf mark }\n",
    )]);
    assert_eq!(
        stderr,
        r##"  × this file is not valid YAML: while parsing a flow mapping, did not find expected ',' or '}'
   ╭─[book.yaml:4:38]
 3 │ properties:
 4 │   id: { type: string, description: Id: the shelf mark }
   ·                                      ┬
   ·                                      ╰── here
   ╰────
  help: `: ` inside a value starts a key: quote the value (`description: "Id: the shelf mark"`)

1 error in the definitions; nothing was written.
"##
    );
}

/// An unquoted `#` starts a comment: the help quotes the value.
#[test]
fn an_unquoted_hash_says_to_quote_it() {
    let stderr = run(&[(
        "book.yaml",
        "title: Book\ntype: object\nproperties:\n  color: { type: string, enum: [#red, blue] }\n",
    )]);
    assert_eq!(
        stderr,
        r##"  × this file is not valid YAML: comments must be separated from other tokens by whitespace
   ╭─[book.yaml:4:33]
 3 │ properties:
 4 │   color: { type: string, enum: [#red, blue] }
   ·                                 ──┬─
   ·                                   ╰── here
   ╰────
  help: `#` starts a comment in YAML: quote a value that holds it (`"#red"`)

1 error in the definitions; nothing was written.
"##
    );
}

/// An unclosed `[`: the parser stops lines later; the help names where it opened.
#[test]
fn an_unclosed_flow_sequence_names_where_it_opens() {
    let stderr = run(&[(
        "book.yaml",
        "title: Book\ntype: object\nrequired: [id\nproperties:\n  id: { type: string }\n",
    )]);
    assert_eq!(
        stderr,
        r##"  × this file is not valid YAML: illegal placement of ':' indicator
   ╭─[book.yaml:4:11]
 3 │ required: [id
 4 │ properties:
   ·           ┬
   ·           ╰── here
 5 │   id: { type: string }
   ╰────
  help: the `[` at line 3, column 11 is not closed: end it with `]` (or quote a value in it that
        holds `,`, `:` or `#`)

1 error in the definitions; nothing was written.
"##
    );
}

/// An unclosed `{`: the help names where it opened.
#[test]
fn an_unclosed_flow_mapping_names_where_it_opens() {
    let stderr = run(&[(
        "book.yaml",
        "title: Book\ntype: object\nproperties:\n  id: { type: string }\n  pages: { type: integer\nx-fusion:\n  rules: [\"Short.\"]\n",
    )]);
    assert_eq!(
        stderr,
        r##"  × this file is not valid YAML: while parsing a flow mapping, did not find expected ',' or '}'
   ╭─[book.yaml:6:9]
 5 │   pages: { type: integer
 6 │ x-fusion:
   ·         ┬
   ·         ╰── here
 7 │   rules: ["Short."]
   ╰────
  help: the `{` at line 5, column 10 is not closed: end it with `}` (or quote a value in it that
        holds `,`, `:` or `#`)

1 error in the definitions; nothing was written.
"##
    );
}

/// `per-item` on a presenter the tools return only as one item: one error at the key, whose
/// help says why it changes nothing and how to return a list (docs/definitions.md, "Rules for
/// every item"); a misspelt `per-item` is the meta-schema's unknown key, with the right one.
#[test]
fn per_item_on_a_presenter_returned_as_one_item_is_one_error() {
    let loan = |key: &str| {
        format!(
            "title: Loan\ntype: object\nrequired: [id, overdue]\nproperties:\n  id: {{ type: string }}\n  overdue: {{ type: boolean }}\nx-fusion:\n  rules:\n    - text: \"Overdue: {{id}}.\"\n      when: {{ overdue: true }}\n      {key}: true\n"
        )
    };
    let tool = "x-fusion-tool:\n  name: loans\n  actions:\n    get:\n      input: { type: object, required: [id], properties: { id: { type: string } } }\n      returns: loan.yaml\n";
    let stderr = run(&[("loan.yaml", &loan("per-item")), ("loans.tool.yaml", tool)]);
    assert_eq!(
        stderr,
        r##"  × `per-item` on a presenter that is returned only as one item (by `loans.get`) (at /x-fusion/
  │ rules/0/per-item)
    ╭─[loan.yaml:11:17]
 10 │       when: { overdue: true }
 11 │       per-item: true
    ·                 ──┬─
    ·                   ╰── here
    ╰────
  help: one item's rules and suggestions are always computed from it: remove `per-item`, or return
        a list of it (`returns: { type: array, items: { $ref: loan.yaml } }`)

1 error in the definitions; nothing was written.
"##
    );
    let misspelt = run(&[("loan.yaml", &loan("per-itme")), ("loans.tool.yaml", tool)]);
    assert!(
        misspelt.starts_with("  × unknown key `per-itme` (at /x-fusion/rules/0/per-itme)\n"),
        "{misspelt}"
    );
    assert!(
        misspelt.contains("  help: did you mean `per-item`?\n\n1 error in the definitions"),
        "{misspelt}"
    );
}
