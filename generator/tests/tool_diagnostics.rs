//! Tool files (`x-fusion-tool`) are checked like presenters: every problem names the file, the
//! pointer, the line and column, and a fix where one can be told.

use fusion_gen::{Diagnostic, Options, SourceFile, generate};

const PRESENTER: &str = "title: Invoice\ntype: object\nrequired: [id]\nproperties:\n  id: { type: string }\n  amount: { type: integer }\n";

fn errors(files: &[(&str, &str)]) -> Vec<Diagnostic> {
    let mut sources = vec![SourceFile::new("billing/invoice.yaml", PRESENTER)];
    sources.extend(
        files
            .iter()
            .map(|(path, text)| SourceFile::new(*path, *text)),
    );
    generate(&sources, &Options::default())
        .expect_err("the definitions are rejected")
        .0
}

fn one(tool: &str) -> Diagnostic {
    let mut found = errors(&[("billing/billing.tool.yaml", tool)]);
    assert_eq!(found.len(), 1, "{found:#?}");
    found.remove(0)
}

#[test]
fn a_valid_tool_file_generates_its_module() {
    let tool = "x-fusion-tool:\n  name: billing\n  select: true\n  actions:\n    get:\n      input: { type: object, required: [id], properties: { id: { type: string } } }\n      returns: invoice.yaml\n";
    let files = generate(
        &[
            SourceFile::new("billing/invoice.yaml", PRESENTER),
            SourceFile::new("billing/billing.tool.yaml", tool),
        ],
        &Options::default(),
    )
    .expect("generates");
    let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(paths, ["billing_tool.rs", "invoice.rs", "mod.rs"]);
    let root = &files[2].contents;
    assert!(root.contains("pub use billing_tool::{"), "{root}");
    assert!(root.contains("BillingHandler"), "{root}");
}

#[test]
fn an_unknown_presenter_in_returns_suggests_the_closest() {
    let error =
        one("x-fusion-tool:\n  name: billing\n  actions:\n    get:\n      returns: invoce.yaml\n");
    assert_eq!(error.file, "billing/billing.tool.yaml");
    assert_eq!(error.pointer, "/x-fusion-tool/actions/get/returns");
    assert_eq!(
        error.message,
        "unknown presenter `invoce.yaml`: no definition file `billing/invoce.yaml`"
    );
    assert_eq!(error.help.as_deref(), Some("did you mean `invoice.yaml`?"));
    let at = error.location.expect("located");
    assert_eq!((at.line, at.column), (5, 16));
}

#[test]
fn a_collection_return_is_checked_at_its_ref() {
    let error = one(
        "x-fusion-tool:\n  name: billing\n  actions:\n    list:\n      returns: { type: array, items: { $ref: invoices.yaml } }\n",
    );
    assert_eq!(
        error.pointer,
        "/x-fusion-tool/actions/list/returns/items/$ref"
    );
    assert_eq!(error.help.as_deref(), Some("did you mean `invoice.yaml`?"));
}

/// A required input key no property declares is an argument of any JSON value, as JSON Schema
/// reads it, with a warning; beside `additionalProperties: false` no call could have it.
#[test]
fn an_undeclared_required_input_field_is_any_value_with_a_warning_or_refused_when_closed() {
    let input = |closed: &str| {
        format!(
            "x-fusion-tool:\n  name: billing\n  actions:\n    get:\n      input: {{ type: object, required: [idd], properties: {{ id: {{ type: string }} }}{closed} }}\n"
        )
    };
    let generated = fusion_gen::generate_with_warnings(
        &[
            SourceFile::new("billing/invoice.yaml", PRESENTER),
            SourceFile::new("billing/billing.tool.yaml", input("")),
        ],
        &Options::default(),
    )
    .expect("generates");
    let [warning] = generated.warnings.as_slice() else {
        panic!("one warning: {:#?}", generated.warnings);
    };
    assert_eq!(
        warning.pointer,
        "/x-fusion-tool/actions/get/input/required/0"
    );
    assert_eq!(
        warning.message,
        "required key `idd` is not declared in `properties`: generated as a field of any JSON value, which the data must have"
    );
    assert_eq!(
        warning.help.as_deref(),
        Some("did you mean `id`? Otherwise declare `idd` in `properties` to give it a type")
    );
    let tool = &generated.files[0].contents;
    assert!(tool.contains("pub idd: __rt::JsonValue,"), "{tool}");

    let error = one(&input(", additionalProperties: false"));
    assert_eq!(error.pointer, "/x-fusion-tool/actions/get/input/required/0");
    assert_eq!(
        error.message,
        "required key `idd` can never be present: `properties` does not declare it and `additionalProperties: false` refuses every other key, so no object fits this schema"
    );
    assert_eq!(
        error.help.as_deref(),
        Some(
            "did you mean `id`? Otherwise declare `idd` in `properties`, or remove it from `required`"
        )
    );
    assert_eq!(error.location.map(|l| (l.line, l.column)), Some((5, 41)));
}

#[test]
fn duplicate_tool_names_are_reported_in_the_second_file() {
    let tool = "x-fusion-tool:\n  name: billing\n  actions:\n    get: {}\n";
    let found = errors(&[("a.tool.yaml", tool), ("b.tool.yaml", tool)]);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].file, "b.tool.yaml");
    assert_eq!(found[0].pointer, "/x-fusion-tool/name");
    assert_eq!(
        found[0].message,
        "duplicate tool name `billing`, also declared in a.tool.yaml"
    );
    assert_eq!(found[0].location.map(|l| (l.line, l.column)), Some((2, 9)));
}

#[test]
fn actions_that_collide_in_rust_are_reported() {
    let error = one(
        "x-fusion-tool:\n  name: billing\n  actions:\n    send-reminder: {}\n    send_reminder: {}\n",
    );
    assert_eq!(error.pointer, "/x-fusion-tool/actions/send_reminder");
    assert_eq!(
        error.message,
        "actions `send-reminder` and `send_reminder` both become the Rust variant `SendReminder` (method `send_reminder`)"
    );
    assert_eq!(error.location.map(|l| l.line), Some(5));
}

#[test]
fn unknown_tool_keys_suggest_the_tools_own_keywords() {
    let found = errors(&[(
        "billing/billing.tool.yaml",
        "x-fusion-tool:\n  name: billing\n  selct: true\n  actions:\n    get:\n      destrutive: true\n",
    )]);
    let shown: Vec<(&str, Option<&str>)> = found
        .iter()
        .map(|d| (d.pointer.as_str(), d.help.as_deref()))
        .collect();
    assert_eq!(
        shown,
        [
            ("/x-fusion-tool/selct", Some("did you mean `select`?")),
            (
                "/x-fusion-tool/actions/get/destrutive",
                Some("did you mean `destructive`?")
            ),
        ]
    );
}

#[test]
fn a_malformed_returns_says_what_it_may_be() {
    let error =
        one("x-fusion-tool:\n  name: billing\n  actions:\n    get:\n      returns: { items: 3 }\n");
    assert_eq!(error.pointer, "/x-fusion-tool/actions/get/returns");
    assert!(
        error
            .message
            .starts_with("`returns` must be a presenter file"),
        "{}",
        error.message
    );
}

#[test]
fn reserved_input_fields_and_presenter_keys_beside_the_tool_are_rejected() {
    let found = errors(&[(
        "billing/billing.tool.yaml",
        "title: Billing\nx-fusion-tool:\n  name: billing\n  actions:\n    get:\n      input: { type: object, properties: { action: { type: string } } }\n",
    )]);
    let messages: Vec<&str> = found.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "`title` cannot stand beside `x-fusion-tool`",
            "the input field `action` is reserved"
        ]
    );
}

#[test]
fn select_without_any_return_and_invalid_names_are_rejected() {
    let found = errors(&[(
        "t.tool.yaml",
        "x-fusion-tool:\n  name: bill ing\n  select: true\n  actions:\n    get: {}\n",
    )]);
    let messages: Vec<&str> = found.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "invalid tool name `bill ing`",
            "`select: true` needs an action that `returns` a presenter"
        ]
    );
}

#[test]
fn a_tool_type_that_collides_with_a_presenter_type_is_reported() {
    let found = errors(&[
        (
            "billing_args.yaml",
            "title: BillingArgs\ntype: object\nproperties: {}\n",
        ),
        (
            "b.tool.yaml",
            "x-fusion-tool:\n  name: billing\n  actions:\n    get: {}\n",
        ),
    ]);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0]
            .message
            .contains("becomes the Rust type `BillingArgs`"),
        "{}",
        found[0].message
    );
}

#[test]
fn structured_needs_every_action_to_return_a_presenter() {
    let found = one(
        "x-fusion-tool:\n  name: billing\n  structured: true\n  actions:\n    get:\n      returns: invoice.yaml\n    remind: {}\n",
    );
    assert_eq!(
        found.message,
        "`structured: true` needs every action to return a presenter; `remind` returns none"
    );
    assert_eq!(found.pointer, "/x-fusion-tool/actions/remind");
    assert!(
        found
            .help
            .as_deref()
            .is_some_and(|help| help.contains("give it `returns`")),
        "{found:#?}"
    );
}

#[test]
fn an_egress_cap_below_1024_is_located_on_the_tool_and_on_an_action() {
    let tool = "x-fusion-tool:\n  name: billing\n  max-payload-bytes: 1000\n  actions:\n    get:\n      returns: invoice.yaml\n      max-payload-bytes: 512\n";
    let found = errors(&[("billing/billing.tool.yaml", tool)]);
    let at: Vec<(&str, Option<u32>)> = found
        .iter()
        .map(|d| (d.pointer.as_str(), d.location.map(|l| l.line)))
        .collect();
    assert_eq!(
        at,
        [
            ("/x-fusion-tool/max-payload-bytes", Some(3)),
            ("/x-fusion-tool/actions/get/max-payload-bytes", Some(7)),
        ],
        "{found:#?}"
    );
    assert!(found[0].message.contains("1024"), "{}", found[0].message);
}

#[test]
fn an_egress_cap_of_1024_is_accepted() {
    let tool = "x-fusion-tool:\n  name: billing\n  max-payload-bytes: 1024\n  actions:\n    get:\n      returns: invoice.yaml\n";
    generate(
        &[
            SourceFile::new("billing/invoice.yaml", PRESENTER),
            SourceFile::new("billing/billing.tool.yaml", tool),
        ],
        &Options::default(),
    )
    .expect("generates");
}

#[test]
fn an_invalid_cache_pattern_is_located_at_its_entry() {
    let tool = "x-fusion-tool:\n  name: billing\n  actions:\n    get:\n      returns: invoice.yaml\n      invalidates: [billing.*, \"reports.<daily>\"]\n";
    let found = errors(&[("billing/billing.tool.yaml", tool)]);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].pointer, "/x-fusion-tool/actions/get/invalidates/1");
    assert!(
        found[0].message.contains("`<daily>`"),
        "{}",
        found[0].message
    );
}

#[test]
fn a_flat_name_that_another_tool_serves_is_reported_at_the_second() {
    let flat = "x-fusion-tool:\n  name: billing\n  exposition: flat\n  actions:\n    get: {}\n    list: {}\n";
    let grouped = "x-fusion-tool:\n  name: billing_list\n  actions:\n    all: {}\n";
    let found = errors(&[("a.tool.yaml", flat), ("b.tool.yaml", grouped)]);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].file, "b.tool.yaml");
    assert_eq!(found[0].pointer, "/x-fusion-tool/name");
    assert_eq!(
        found[0].message,
        "the tool name `billing_list` is served twice: the flat tool of an action at a.tool.yaml#/x-fusion-tool/actions/list has it too"
    );
    assert!(
        found[0]
            .help
            .as_deref()
            .is_some_and(|h| h.contains("exposition: flat")),
        "{:?}",
        found[0].help
    );
    assert_eq!(found[0].location.map(|l| (l.line, l.column)), Some((2, 9)));
    // Two flat tools whose names meet: `a` + `b_c` and `a_b` + `c`.
    let one = "x-fusion-tool:\n  name: a\n  exposition: flat\n  actions:\n    b_c: {}\n";
    let two = "x-fusion-tool:\n  name: a_b\n  exposition: flat\n  actions:\n    c: {}\n";
    let found = errors(&[("one.tool.yaml", one), ("two.tool.yaml", two)]);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(
        (found[0].file.as_str(), found[0].pointer.as_str()),
        ("two.tool.yaml", "/x-fusion-tool/actions/c")
    );
    assert_eq!(found[0].location.map(|l| l.line), Some(5));
    // Grouped, the same names serve `a` and `a_b`: no collision.
    let grouped_one = one.replace("  exposition: flat\n", "");
    let grouped_two = two.replace("  exposition: flat\n", "");
    generate(
        &[
            SourceFile::new("one.tool.yaml", grouped_one),
            SourceFile::new("two.tool.yaml", grouped_two),
        ],
        &Options::default(),
    )
    .expect("grouped names do not meet");
}

#[test]
fn a_flat_name_must_be_a_valid_mcp_tool_name() {
    let tool =
        "x-fusion-tool:\n  name: billing\n  exposition: flat\n  actions:\n    send reminder: {}\n";
    let found = errors(&[("billing/billing.tool.yaml", tool)]);
    let shown: Vec<(&str, &str, Option<u32>)> = found
        .iter()
        .map(|d| {
            (
                d.pointer.as_str(),
                d.message.as_str(),
                d.location.map(|l| l.line),
            )
        })
        .collect();
    assert_eq!(
        shown,
        [(
            "/x-fusion-tool/actions/send reminder",
            "the flat tool name `billing_send reminder` is not a valid MCP tool name",
            Some(5)
        )]
    );
    assert!(
        found[0]
            .help
            .as_deref()
            .is_some_and(|h| h.contains("`billing_<action>`") && h.contains("1 to 64")),
        "{:?}",
        found[0].help
    );
    // The same actions grouped are fine: the action is an argument, not a tool name.
    let grouped = tool.replace("  exposition: flat\n", "");
    generate(
        &[
            SourceFile::new("billing/invoice.yaml", PRESENTER),
            SourceFile::new("billing/billing.tool.yaml", grouped),
        ],
        &Options::default(),
    )
    .expect("grouped action names are arguments");
}

#[test]
fn actions_may_give_one_field_name_different_schemas_flat_or_grouped() {
    let shared = "x-fusion-tool:\n  name: billing\n  exposition: flat\n  actions:\n    get:\n      input: { type: object, properties: { id: { type: string } } }\n    void:\n      input: { type: object, properties: { id: { type: integer } } }\n";
    generate(
        &[SourceFile::new("billing/billing.tool.yaml", shared)],
        &Options::default(),
    )
    .expect("each flat tool advertises its own schema");
    // Grouped, each action reads its own type; the merged schema advertises both (anyOf).
    let grouped = shared.replace("  exposition: flat\n", "");
    let files = generate(
        &[SourceFile::new("billing/billing.tool.yaml", grouped)],
        &Options::default(),
    )
    .expect("each action reads `id` as its own type");
    let tool = &files
        .iter()
        .find(|f| f.path == "billing_tool.rs")
        .expect("the tool")
        .contents;
    assert!(
        tool.contains(r#"\"id\":{\"anyOf\":[{\"type\":\"string\",\"description\":\"For: get\"},{\"type\":\"integer\",\"description\":\"For: void\"}]"#),
        "{tool}"
    );
}

#[test]
fn an_unknown_exposition_names_the_two() {
    let error =
        one("x-fusion-tool:\n  name: billing\n  exposition: flatt\n  actions:\n    get: {}\n");
    assert_eq!(error.pointer, "/x-fusion-tool/exposition");
    assert_eq!(error.location.map(|l| l.line), Some(3));
    let text = format!("{} {:?}", error.message, error.help);
    assert!(text.contains("grouped") && text.contains("flat"), "{text}");
}

/// A flat name past 64 characters (a long tag and a long operationId) is shortened: the first
/// 55 characters, `_` and 8 hex digits of a hash of the whole, so two long names that share
/// their beginning stay two valid, distinct, stable names.
#[test]
fn a_long_flat_name_is_shortened_deterministically_and_without_collisions() {
    let a = format!("{}_a", "x".repeat(60));
    let b = format!("{}_b", "x".repeat(60));
    let tool = format!(
        "x-fusion-tool:\n  name: billing\n  exposition: flat\n  actions:\n    {a}: {{}}\n    {b}: {{}}\n"
    );
    let sources = [SourceFile::new("billing/billing.tool.yaml", tool)];
    let files = generate(&sources, &Options::default()).unwrap_or_else(|d| panic!("{:#?}", d.0));
    let module = &files
        .iter()
        .find(|f| f.path == "billing_tool.rs")
        .expect("the tool")
        .contents;
    let names: Vec<&str> = module
        .lines()
        .filter_map(|line| line.trim().strip_prefix("pub const "))
        .filter(|line| line.contains("_NAME: &str = \"billing_"))
        .filter_map(|line| line.split('"').nth(1))
        .collect();
    assert_eq!(names.len(), 2, "{module}");
    assert_ne!(names[0], names[1]);
    for name in &names {
        assert_eq!(name.len(), 64, "{name}");
        assert!(
            name.starts_with(&format!("billing_{}", "x".repeat(46))),
            "{name}"
        );
        assert!(
            name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
            "{name}"
        );
    }
    let again = generate(&sources, &Options::default()).unwrap_or_else(|d| panic!("{:#?}", d.0));
    assert_eq!(files, again, "the same names on every run");
}

/// The warnings of `tool` (a tool file beside a `book.yaml` presenter with a `status` enum),
/// as (pointer, message, help).
fn tool_warnings(tool: &str) -> Vec<(String, String, String)> {
    let book = "title: Book\ntype: object\nrequired: [id, status]\nproperties:\n  id: { type: string }\n  status: { type: string, enum: [on_shelf, on_loan, lost] }\n";
    let sources = [
        SourceFile::new("library/book.yaml", book),
        SourceFile::new("library/books.tool.yaml", tool),
    ];
    fusion_gen::generate_with_warnings(&sources, &Options::default())
        .expect("generates")
        .warnings
        .into_iter()
        .map(|w| (w.pointer, w.message, w.help.unwrap_or_default()))
        .collect()
}

/// An input field named like a Rust keyword is renamed, and a warning names the Rust field;
/// `x-fusion-name` chooses the name and silences it.
#[test]
fn an_input_field_renamed_from_a_keyword_is_a_warning_naming_the_rust_field() {
    let tool = "x-fusion-tool:\n  name: books\n  actions:\n    search:\n      input: { type: object, properties: { type: { type: string }, self: { type: boolean }, gen: { type: string, x-fusion-name: generation } } }\n      returns: book.yaml\n";
    let at = "/x-fusion-tool/actions/search/input/properties";
    let help = |key: &str, rust: &str| {
        format!(
            "the handler reads it as `args.{rust}`; the wire keeps `{key}`. To choose the Rust name, add `x-fusion-name: <name>` to the property"
        )
    };
    assert_eq!(
        tool_warnings(tool),
        [
            (
                format!("{at}/type"),
                "the input field `type` is the Rust field `type_`: `type` is a Rust keyword"
                    .to_owned(),
                help("type", "type_"),
            ),
            (
                format!("{at}/self"),
                "the input field `self` is the Rust field `self_`: `self` is a Rust keyword"
                    .to_owned(),
                help("self", "self_"),
            ),
        ]
    );
}

/// An inline enum equal to a presenter's (values in another order) is a warning whose help
/// gives the exact `$ref`; with that `$ref`, no warning.
#[test]
fn an_inline_enum_equal_to_a_presenter_s_suggests_its_ref() {
    let tool = "x-fusion-tool:\n  name: books\n  actions:\n    search:\n      input: { type: object, properties: { status: { type: string, enum: [lost, on_loan, on_shelf] } } }\n      returns: book.yaml\n";
    assert_eq!(
        tool_warnings(tool),
        [(
            "/x-fusion-tool/actions/search/input/properties/status".to_owned(),
            "the input field `status` declares an enum equal to the one at `book.yaml#/properties/status`".to_owned(),
            "write `status: { $ref: \"book.yaml#/properties/status\" }` to reuse that type: the handler then gets the presenter's enum, not a copy to convert".to_owned(),
        )]
    );
    let reused = tool.replace(
        "{ type: string, enum: [lost, on_loan, on_shelf] }",
        "{ $ref: \"book.yaml#/properties/status\" }",
    );
    assert_eq!(tool_warnings(&reused), []);
    // Another set of values is another enum.
    let other = tool.replace("lost, ", "");
    assert_eq!(tool_warnings(&other), []);
}
