//! Bounds on tool inputs: a `pattern` the regex crate cannot run as JavaScript means it is a
//! located generation error (never a tool that refuses every value at run time); on presenter
//! data, which is only documented, any pattern is accepted; one input name may not carry two
//! different bounds across actions (the merged input schema states them once).

use fusion_gen::{Diagnostic, Options, SourceFile, generate};

const PRESENTER: &str = "title: Invoice\ntype: object\nrequired: [id]\nproperties:\n  id: { type: string, pattern: \"^(?=INV)\" }\n";

fn run(tool: &str) -> Result<(), Vec<Diagnostic>> {
    let sources = [
        SourceFile::new("billing/invoice.yaml", PRESENTER),
        SourceFile::new("billing/billing.tool.yaml", tool),
    ];
    generate(&sources, &Options::default())
        .map(|_| ())
        .map_err(|e| e.0)
}

fn tool_with(id_schema: &str) -> String {
    format!(
        "x-fusion-tool:\n  name: billing\n  actions:\n    get:\n      input:\n        type: object\n        properties:\n          id: {id_schema}\n"
    )
}

#[test]
fn lookahead_in_an_input_pattern_is_located_with_the_crates_reason() {
    let found = run(&tool_with("{ type: string, pattern: \"^(?=a)\" }")).expect_err("rejected");
    assert_eq!(found.len(), 1, "{found:#?}");
    let error = &found[0];
    assert_eq!(error.file, "billing/billing.tool.yaml");
    assert_eq!(
        error.pointer,
        "/x-fusion-tool/actions/get/input/properties/id/pattern"
    );
    assert!(
        error.message.starts_with(
            "unsupported `pattern` `^(?=a)` in a tool input: the regex crate does not support it: "
        ),
        "{}",
        error.message
    );
    assert!(error.message.contains("look-around"), "{}", error.message);
    assert!(error.location.is_some());
    assert!(error.help.as_deref().is_some_and(|h| h.contains("\\d")));
}

#[test]
fn syntax_that_means_something_else_in_javascript_is_refused_with_why() {
    let found =
        run(&tool_with("{ type: string, pattern: \"^\\\\p{L}+$\" }")).expect_err("rejected");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0]
            .message
            .contains("is the letter `p` in JavaScript without the `u` flag"),
        "{}",
        found[0].message
    );
    let found = run(&tool_with("{ type: string, pattern: \"(?i)abc\" }")).expect_err("rejected");
    assert!(
        found[0].message.contains("inline flags"),
        "{}",
        found[0].message
    );
}

#[test]
fn patterns_the_two_dialects_share_generate() {
    run(&tool_with(
        "{ type: string, pattern: \"^[A-Z]{3}-\\\\d{2,}(?:\\\\.[a-z_]+)?\\\\b$\", minLength: 1 }",
    ))
    .expect("generates");
}

#[test]
fn a_pattern_in_a_type_two_inputs_share_is_reported_once() {
    let shared =
        "title: Filter\ntype: object\nproperties:\n  q: { type: string, pattern: \"(a)\\\\1\" }\n";
    let tool = "x-fusion-tool:\n  name: billing\n  actions:\n    get: { input: { type: object, properties: { f: { $ref: filter.yaml } } } }\n    list: { input: { type: object, properties: { f: { $ref: filter.yaml } } } }\n";
    let sources = [
        SourceFile::new("billing/invoice.yaml", PRESENTER),
        SourceFile::new("billing/filter.yaml", shared),
        SourceFile::new("billing/billing.tool.yaml", tool),
    ];
    let found = generate(&sources, &Options::default())
        .expect_err("rejected")
        .0;
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].file, "billing/filter.yaml");
    assert_eq!(found[0].pointer, "/properties/q/pattern");
    assert!(
        found[0].message.contains("backreference"),
        "{}",
        found[0].message
    );
}

#[test]
fn one_input_name_with_two_bounds_generates_each_actions_own() {
    let tool = "x-fusion-tool:\n  name: billing\n  actions:\n    get: { input: { type: object, properties: { n: { type: integer, maximum: 5 } } } }\n    list: { input: { type: object, properties: { n: { type: integer, maximum: 6 } } } }\n";
    run(tool).expect("each action reads `n` under its own bound");
}

/// A bounded repetition compiles to a copy of what it repeats per count: `.{500,2000}Q` is over
/// the runtime's budget (its check of a 50 KB argument took 3.4 s on the `regex` crate), a
/// located error that names the budget and the fix. The same pattern with a small bound is
/// within it.
#[test]
fn a_pattern_over_the_compiled_size_budget_is_a_located_error_naming_the_budget() {
    let found =
        run(&tool_with("{ type: string, pattern: \".{500,2000}Q\" }")).expect_err("refused");
    assert_eq!(found.len(), 1, "{found:#?}");
    let error = &found[0];
    assert_eq!(error.file, "billing/billing.tool.yaml");
    assert_eq!(
        error.pointer,
        "/x-fusion-tool/actions/get/input/properties/id/pattern"
    );
    let location = error.location.expect("located");
    assert_eq!((location.line, location.column), (8, 40));
    assert_eq!(
        error.message,
        "unsupported `pattern` `.{500,2000}Q` in a tool input: compiled, it would take more than \
         the 1 MiB a pattern may take (fusion-runtime's `COMPILED_SIZE_BUDGET`, which keeps every \
         check linear in the length of the text)"
    );
    assert_eq!(
        error.help.as_deref(),
        Some(
            "a bounded repetition compiles to a copy of what it repeats per count \
             (`.{500,2000}` is 2,000 copies of `.`): use a smaller bound, or bound the length \
             with `maxLength` and keep the pattern simple (`maxLength: 2000` with `^[^\\n]*Q$` \
             instead of `^.{500,2000}Q$`)"
        )
    );
    run(&tool_with("{ type: string, pattern: \".{5,20}Q\" }")).expect("within the budget");
}

/// `patternProperties` keys are matched by the same engine, so a key pattern over the budget is
/// refused the same way, with the same help.
#[test]
fn a_key_pattern_over_the_budget_is_refused_too() {
    let found = run(&tool_with(
        "{ type: object, patternProperties: { \"a[ab]{20}Q\": { type: string } } }",
    ))
    .expect_err("refused");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(
        found[0].pointer,
        "/x-fusion-tool/actions/get/input/properties/id/patternProperties/a[ab]{20}Q"
    );
    assert!(
        found[0].message.starts_with(
            "unsupported pattern `a[ab]{20}Q` in `patternProperties`: compiled, it would take more than the 1 MiB"
        ),
        "{}",
        found[0].message
    );
    assert!(
        found[0]
            .help
            .as_deref()
            .is_some_and(|help| help.contains("maxLength")),
        "{:?}",
        found[0].help
    );
}

/// The command prints the budget error at the pattern, with its help, and writes nothing.
#[test]
fn the_command_reports_a_pattern_over_the_budget_at_the_pattern() {
    let dir = tempfile::tempdir().expect("temp dir");
    let schemas = dir.path().join("schemas");
    std::fs::create_dir_all(&schemas).expect("mkdir");
    std::fs::write(
        schemas.join("invoice.yaml"),
        "title: Invoice\ntype: object\nrequired: [id]\nproperties:\n  id: { type: string }\n",
    )
    .expect("write");
    std::fs::write(
        schemas.join("billing.tool.yaml"),
        "x-fusion-tool:\n  name: billing\n  actions:\n    get:\n      input:\n        type: object\n        properties:\n          note: { type: string, pattern: \".{500,2000}Q\" }\n      returns: invoice.yaml\n",
    )
    .expect("write");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_fusion-gen"))
        .current_dir(dir.path())
        .args(["schemas", "-o", "out"])
        .output()
        .expect("fusion-gen runs");
    crate::common::assert_exit(&output, 3);
    assert_eq!(
        crate::common::stderr(&output),
        "  × unsupported `pattern` `.{500,2000}Q` in a tool input: compiled, it would take more than the 1
  │ MiB a pattern may take (fusion-runtime's `COMPILED_SIZE_BUDGET`, which keeps every check
  │ linear in the length of the text) (at /x-fusion-tool/actions/get/input/properties/note/
  │ pattern)
   ╭─[billing.tool.yaml:8:42]
 7 │         properties:
 8 │           note: { type: string, pattern: \".{500,2000}Q\" }
   ·                                          ───┬──
   ·                                             ╰── here
 9 │       returns: invoice.yaml
   ╰────
  help: a bounded repetition compiles to a copy of what it repeats per count (`.{500,2000}` is
        2,000 copies of `.`): use a smaller bound, or bound the length with `maxLength` and keep
        the pattern simple (`maxLength: 2000` with `^[^\\n]*Q$` instead of `^.{500,2000}Q$`)

1 error in the definitions; nothing was written.
"
    );
    assert!(!dir.path().join("out").exists());
}
