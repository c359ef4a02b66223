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
fn one_input_name_with_two_schemas_is_rejected() {
    let tool = "x-fusion-tool:\n  name: billing\n  actions:\n    get: { input: { type: object, properties: { id: { type: string } } } }\n    list: { input: { type: object, properties: { id: { type: integer }, status: { type: string, enum: [a, b] } } } }\n    find: { input: { type: object, properties: { status: { type: string, enum: [a, b] } } } }\n";
    let found = errors(&[("billing.tool.yaml", tool)]);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(
        found[0].message,
        "input field `id` of `list` has another schema than in `get`"
    );
    assert_eq!(
        found[0].pointer,
        "/x-fusion-tool/actions/list/input/properties/id"
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
