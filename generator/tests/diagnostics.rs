//! Diagnostics through the library API: for every kind of error, the file, pointer, line,
//! column, message and help are exactly what a definition author needs to fix it; every error of
//! a run is reported at once; rendering shows where, with the source line.

use fusion_gen::{Diagnostic, Diagnostics, Options, SourceFile, generate};

/// What a test compares: file, pointer, line, column, message, help.
type Seen = (String, String, u32, u32, String, Option<String>);

fn errors(files: &[(&str, &str)]) -> Diagnostics {
    let sources: Vec<SourceFile> = files
        .iter()
        .map(|(path, text)| SourceFile::new(*path, *text))
        .collect();
    match generate(&sources, &Options::default()) {
        Ok(files) => panic!("expected errors, got {} files", files.len()),
        Err(diagnostics) => diagnostics,
    }
}

fn seen(d: &Diagnostic) -> Seen {
    let at = d.location.expect("every diagnostic here has a location");
    (
        d.file.clone(),
        d.pointer.clone(),
        at.line,
        at.column,
        d.message.clone(),
        d.help.clone(),
    )
}

fn expect(
    file: &str,
    pointer: &str,
    (line, column): (u32, u32),
    message: &str,
    help: Option<&str>,
) -> Seen {
    (
        file.into(),
        pointer.into(),
        line,
        column,
        message.into(),
        help.map(Into::into),
    )
}

fn only(files: &[(&str, &str)]) -> Seen {
    let found = errors(files);
    assert_eq!(found.0.len(), 1, "{found}");
    seen(&found.0[0])
}

const CLIENT: &str =
    "title: Client\ntype: object\nrequired: [id]\nproperties:\n  id: { type: string }\n";

/// The generated file at `path`.
fn module(generated: &fusion_gen::Generated, path: &str) -> String {
    generated
        .files
        .iter()
        .find(|f| f.path == path)
        .unwrap_or_else(|| panic!("no {path}"))
        .contents
        .clone()
}

/// A `required` name `properties` does not declare is what JSON Schema says it is: a key the
/// data must have, of any value (typify reads it so). It generates, with a located warning
/// that suggests the close name (it is likely a typo) or a declaration.
#[test]
fn a_required_name_properties_do_not_declare_is_a_field_of_any_value_with_a_warning() {
    let invoice = "title: Invoice\ntype: object\nrequired: [id, amount_cent, zzz]\nproperties:\n  id: { type: string }\n  amount_cents: { type: integer }\n";
    let generated = fusion_gen::generate_with_warnings(
        &[SourceFile::new("billing/invoice.yaml", invoice)],
        &Options::default(),
    )
    .expect("generates");
    let warnings: Vec<Seen> = generated.warnings.iter().map(seen).collect();
    assert_eq!(
        warnings,
        [
            expect(
                "billing/invoice.yaml",
                "/required/1",
                (3, 16),
                "required key `amount_cent` is not declared in `properties`: generated as a field of any JSON value, which the data must have",
                Some(
                    "did you mean `amount_cents`? Otherwise declare `amount_cent` in `properties` to give it a type"
                ),
            ),
            expect(
                "billing/invoice.yaml",
                "/required/2",
                (3, 29),
                "required key `zzz` is not declared in `properties`: generated as a field of any JSON value, which the data must have",
                Some("declare `zzz` in `properties` to give it a type"),
            ),
        ]
    );
    assert!(generated.warnings.iter().all(Diagnostic::is_warning));
    let code = &module(&generated, "invoice.rs");
    // After the declared fields, required (no `Option`), any JSON value.
    for field in [
        "pub amount_cents: ::core::option::Option<i64>,",
        "pub amount_cent: __rt::JsonValue,",
        "pub zzz: __rt::JsonValue,",
    ] {
        assert!(code.contains(field), "missing {field:?} in\n{code}");
    }
    assert!(
        code.find("pub amount_cents").unwrap() < code.find("pub amount_cent:").unwrap(),
        "{code}"
    );
}

/// The key's value follows the object's other keywords: a `patternProperties` schema it
/// matches, else the `additionalProperties` schema; `additionalProperties: false` (its own, or
/// an `allOf` branch's) refuses it, so no object could fit: that stays an error naming why.
#[test]
fn a_required_name_properties_do_not_declare_takes_the_schema_of_undeclared_keys() {
    let text = "title: T\ntype: object\nrequired: [id, count, x-tag]\nproperties:\n  id: { type: string }\nadditionalProperties: { type: integer }\n";
    let generated =
        fusion_gen::generate_with_warnings(&[SourceFile::new("t.yaml", text)], &Options::default())
            .expect("generates");
    let code = &module(&generated, "t.rs");
    assert!(code.contains("pub count: i64,"), "{code}");
    assert!(
        generated.warnings[0].message.ends_with(
            "generated as a field of the `additionalProperties` schema, which the data must have"
        ),
        "{:?}",
        generated.warnings
    );
    let text = "title: T\ntype: object\nrequired: [id, x-tag]\nproperties:\n  id: { type: string }\npatternProperties:\n  \"^x-\": { type: boolean }\n";
    let generated =
        fusion_gen::generate_with_warnings(&[SourceFile::new("t.yaml", text)], &Options::default())
            .expect("generates");
    let code = &module(&generated, "t.rs");
    assert!(code.contains("pub x_tag: bool,"), "{code}");

    // Closed: its own `additionalProperties: false`.
    let text = "title: T\ntype: object\nrequired: [id, nam]\nadditionalProperties: false\nproperties:\n  id: { type: string }\n  name: { type: string }\n";
    assert_eq!(
        only(&[("t.yaml", text)]),
        expect(
            "t.yaml",
            "/required/1",
            (3, 16),
            "required key `nam` can never be present: `properties` does not declare it and `additionalProperties: false` refuses every other key, so no object fits this schema",
            Some(
                "did you mean `name`? Otherwise declare `nam` in `properties`, or remove it from `required`"
            ),
        )
    );
    // Closed by an `allOf` branch, which JSON Schema checks alone.
    let text = "title: T\ntype: object\nrequired: [id, extra]\nallOf:\n  - type: object\n    additionalProperties: false\n    properties:\n      id: { type: string }\n";
    assert_eq!(
        only(&[("t.yaml", text)]),
        expect(
            "t.yaml",
            "/required/1",
            (3, 16),
            "required key `extra` can never be present: the `allOf` branch at t.yaml#/allOf/0 has `additionalProperties: false` and does not declare it (JSON Schema checks each branch alone), so no object fits this schema",
            Some("declare `extra` in `properties`, or remove it from `required`"),
        )
    );
}

/// `required` with no `properties` at all is the keys' only declaration: no warning.
#[test]
fn required_keys_with_no_properties_generate_without_a_warning() {
    let text = "title: T\ntype: object\nrequired: [value, meta]\n";
    let generated =
        fusion_gen::generate_with_warnings(&[SourceFile::new("t.yaml", text)], &Options::default())
            .expect("generates");
    assert_eq!(generated.warnings, []);
    let code = &module(&generated, "t.rs");
    assert!(code.contains("pub value: __rt::JsonValue,"), "{code}");
    assert!(code.contains("pub meta: __rt::JsonValue,"), "{code}");
}

/// A key no keyword resembles is what JSON Schema reads as an annotation: ignored, with a warning
/// located at the key (typify's `merged-schemas.json` has `"bar": "string"` as a schema).
#[test]
fn unknown_keyword_is_ignored_with_a_warning_at_its_key() {
    let text = "title: T\ntype: object\nproperties:\n  n:\n    type: integer\n    widget: {}\n";
    let generated =
        fusion_gen::generate_with_warnings(&[SourceFile::new("t.yaml", text)], &Options::default())
            .expect("generates");
    let [warning] = generated.warnings.as_slice() else {
        panic!("one warning: {:?}", generated.warnings);
    };
    let at = warning.location.expect("located");
    assert_eq!(
        (
            warning.pointer.as_str(),
            at.line,
            at.column,
            warning.message.as_str()
        ),
        (
            "/properties/n/widget",
            6,
            5,
            "unknown keyword `widget` ignored"
        )
    );
    assert!(warning.is_warning());
    assert!(
        warning
            .help
            .as_deref()
            .is_some_and(|h| h.contains("prefix it with `x-`")),
        "{warning:?}"
    );
}

/// A keyword fusion-gen knows and does not support is an error, with what to write instead.
#[test]
fn unsupported_keyword_is_located_at_its_key() {
    let text = "title: T\ntype: object\nproperties:\n  n:\n    type: integer\n    contains: {}\n";
    let (file, pointer, line, column, message, help) = only(&[("t.yaml", text)]);
    assert_eq!(
        (file, pointer, line, column, message),
        (
            "t.yaml".into(),
            "/properties/n/contains".into(),
            6,
            5,
            "unsupported keyword `contains`".into()
        )
    );
    assert!(help.expect("help").contains("use `items`"));
}

#[test]
fn misspelt_keyword_suggests_the_keyword() {
    let text = "title: T\ntype: object\nproperties:\n  s: { type: string, descripton: x }\n";
    assert_eq!(
        only(&[("t.yaml", text)]),
        expect(
            "t.yaml",
            "/properties/s/descripton",
            (4, 22),
            "unsupported keyword `descripton`",
            Some("did you mean `description`?"),
        )
    );
}

/// A keyword misspelt in the schema of `items` (OpenAI's `items: {type: number, min_items: 2}`)
/// is named too, not reported as the `anyOf` of the meta-schema that nothing matched: the
/// alternatives of a schema (a boolean or an object) are looked through.
#[test]
fn misspelt_keyword_in_items_suggests_the_keyword() {
    let text = "title: T\ntype: object\nproperties:\n  range:\n    type: array\n    items: { type: number, min_items: 2 }\n";
    assert_eq!(
        only(&[("t.yaml", text)]),
        expect(
            "t.yaml",
            "/properties/range/items/min_items",
            (6, 28),
            "unsupported keyword `min_items`",
            Some("did you mean `minItems`?"),
        )
    );
}

#[test]
fn unresolved_file_ref_suggests_the_existing_file() {
    let invoice = "title: Invoice\ntype: object\nproperties:\n  client: { $ref: clinet.yaml }\n";
    assert_eq!(
        only(&[
            ("billing/invoice.yaml", invoice),
            ("billing/client.yaml", CLIENT)
        ]),
        expect(
            "billing/invoice.yaml",
            "/properties/client/$ref",
            (4, 19),
            "unresolved `$ref`: no definition file `clinet.yaml`",
            Some("did you mean `client.yaml`?"),
        )
    );
}

#[test]
fn unresolved_ref_across_folders_suggests_the_relative_path() {
    let invoice = "title: Invoice\ntype: object\nproperties:\n  client: { $ref: client.yaml }\n";
    assert_eq!(
        only(&[
            ("billing/invoice.yaml", invoice),
            ("crm/client.yaml", CLIENT)
        ]),
        expect(
            "billing/invoice.yaml",
            "/properties/client/$ref",
            (4, 19),
            "unresolved `$ref`: no definition file `client.yaml`",
            Some("did you mean `../crm/client.yaml`?"),
        )
    );
}

#[test]
fn unresolved_defs_ref_suggests_the_def() {
    let text = "title: T\ntype: object\nproperties:\n  line: { $ref: \"#/$defs/Lin\" }\n$defs:\n  Line: { type: object, properties: { sku: { type: string } } }\n";
    assert_eq!(
        only(&[("t.yaml", text)]),
        expect(
            "t.yaml",
            "/properties/line/$ref",
            (4, 17),
            "unresolved `$ref`: `#/$defs/Lin` points at nothing",
            Some("did you mean `#/$defs/Line`?"),
        )
    );
}

/// The Rust items a run generates, by file: what each output file declares with `pub struct` or
/// `pub enum`.
fn items(files: &[(&str, &str)]) -> Vec<(String, Vec<String>)> {
    let sources: Vec<SourceFile> = files
        .iter()
        .map(|(path, text)| SourceFile::new(*path, *text))
        .collect();
    let output = generate(&sources, &Options::default()).expect("generates");
    output
        .iter()
        .filter(|f| f.path != "mod.rs")
        .map(|f| {
            let declared = f
                .contents
                .lines()
                .filter_map(|l| {
                    l.strip_prefix("pub struct ")
                        .or_else(|| l.strip_prefix("pub enum "))
                })
                .map(|rest| {
                    rest.split([' ', ';', '(', '<'])
                        .next()
                        .unwrap_or("")
                        .to_owned()
                })
                .collect();
            (f.path.clone(), declared)
        })
        .collect()
}

#[test]
fn one_title_and_one_file_name_in_two_folders_get_distinct_names() {
    let a = "title: Invoice\ntype: object\nproperties:\n  id: { type: string }\n";
    let b = "title: Invoice\ntype: object\nproperties:\n  no: { type: string }\n";
    let found = items(&[("billing/invoice.yaml", a), ("archive/invoice.yaml", b)]);
    assert_eq!(
        found,
        [
            (
                "archive_invoice.rs".to_owned(),
                vec!["Invoice".to_owned(), "InvoicePresenter".to_owned()]
            ),
            (
                "billing_invoice.rs".to_owned(),
                vec![
                    "BillingInvoice".to_owned(),
                    "BillingInvoicePresenter".to_owned()
                ]
            ),
        ]
    );
}

#[test]
fn keys_and_values_colliding_after_conversion_are_spelled_out() {
    let text = "title: Person\ntype: object\nproperties:\n  first-name: { type: string }\n  first_name: { type: string }\n  state: { type: string, enum: [in-progress, in_progress] }\n";
    let sources = [SourceFile::new("person.yaml", text)];
    let output = generate(&sources, &Options::default()).expect("generates");
    let person = &output[1].contents;
    for expected in [
        "pub first_dash_name:",
        "pub first_name:",
        "InDashProgress,",
        "InProgress,",
    ] {
        assert!(person.contains(expected), "{expected} in\n{person}");
    }
}

#[test]
fn type_names_colliding_across_files_take_the_file_name() {
    let a = "title: Invoice\ntype: object\nproperties:\n  line: { type: object, title: Line item, properties: { sku: { type: string } } }\n";
    let b = "title: Order\ntype: object\nproperties:\n  line: { type: object, title: line_item, properties: { sku: { type: string } } }\n";
    let found = items(&[("invoice.yaml", a), ("order.yaml", b)]);
    assert_eq!(
        found[1].1[..2],
        ["Order".to_owned(), "OrderLineItem".to_owned()]
    );
    assert_eq!(found[0].1[1], "LineItem");
}

#[test]
fn impossible_required_cycle() {
    let text = "title: Node\ntype: object\nrequired: [next]\nproperties:\n  next: { $ref: \"#/$defs/Other\" }\n$defs:\n  Other:\n    type: object\n    required: [back]\n    properties:\n      back: { $ref: node.yaml }\n";
    assert_eq!(
        only(&[("node.yaml", text)]),
        expect(
            "node.yaml",
            "/properties/next",
            (5, 3),
            "`Node` requires `Other`, which requires `Node` again: no finite value fits this schema",
            Some("make `next` optional, nullable or an array to end the recursion"),
        )
    );
}

#[test]
fn optional_cycles_are_fine() {
    let text = "title: Node\ntype: object\nproperties:\n  next: { $ref: node.yaml }\n";
    let files = generate(&[SourceFile::new("node.yaml", text)], &Options::default())
        .expect("an optional self-reference is boxed, not an error");
    assert!(files.iter().any(|f| f.contents.contains("Box<Node>")));
}

#[test]
fn yaml_syntax_error_is_located() {
    assert_eq!(
        only(&[("bad.yaml", "title: Bad\nproperties: [1, 2\nb: c\n")]),
        expect(
            "bad.yaml",
            "",
            (3, 2),
            "this file is not valid YAML: illegal placement of ':' indicator",
            Some(
                "the `[` at line 2, column 13 is not closed: end it with `]` (or quote a value in it that holds `,`, `:` or `#`)",
            ),
        )
    );
}

#[test]
fn json_syntax_error_is_located() {
    let (file, pointer, line, column, message, _) = only(&[(
        "bad.json",
        "{\n  \"title\": \"J\",\n  \"type\": \"object\",,\n}\n",
    )]);
    assert_eq!(
        (file.as_str(), pointer.as_str(), line, column),
        ("bad.json", "", 3, 20)
    );
    assert!(
        message.starts_with("this file is not valid JSON: "),
        "{message}"
    );
    assert!(!message.contains("line 3"), "no second location: {message}");
}

#[test]
fn duplicate_keys_are_located_at_the_second_key() {
    assert_eq!(
        only(&[("dup.yaml", "title: Dup\ntype: object\ntitle: Again\n")]),
        expect(
            "dup.yaml",
            "/title",
            (3, 1),
            "duplicate key `title` (first at line 1)",
            Some("a key may appear only once in a mapping; remove or merge one"),
        )
    );
}

#[test]
fn wrong_value_types_say_what_is_expected() {
    let found = errors(&[(
        "t.yaml",
        "title: T\ntype: object\nrequired: id\nproperties:\n  a: { type: strng }\n",
    )]);
    let found: Vec<Seen> = found.0.iter().map(seen).collect();
    assert_eq!(
        found,
        [
            expect(
                "t.yaml",
                "/required",
                (3, 11),
                "`required` must be an array, not a string",
                None
            ),
            expect(
                "t.yaml",
                "/properties/a/type",
                (5, 14),
                "unknown type `strng`",
                Some("did you mean `string`?")
            ),
        ]
    );
}

#[test]
fn every_error_of_a_phase_is_reported_across_files() {
    let invoice = "title: Invoice\ntype: object\nrequired: [id, amount_cent]\nadditionalProperties: false\nproperties:\n  id: { type: string }\n  amount_cents: { type: integer }\n  client: { $ref: clinet.yaml }\n";
    let client = "title: Client\ntype: object\nproperties:\n  id: { type: strin }\n";
    let found = errors(&[
        ("billing/invoice.yaml", invoice),
        ("billing/client.yaml", client),
    ]);
    let summary: Vec<(&str, &str)> = found
        .0
        .iter()
        .map(|d| (d.file.as_str(), d.pointer.as_str()))
        .collect();
    assert_eq!(
        summary,
        [
            ("billing/client.yaml", "/properties/id/type"),
            ("billing/invoice.yaml", "/required/1"),
            ("billing/invoice.yaml", "/properties/client/$ref"),
        ],
        "{found}"
    );

    // Meta-schema errors are collected over every file too.
    let a = "title: A\ntype: object\nproperties:\n  n: { type: integer, if: { type: string } }\n";
    let b = "title: B\ntype: object\nrequired: id\nproperties:\n  id: { type: strng }\n";
    let found = errors(&[("b.yaml", b), ("a.yaml", a)]);
    let summary: Vec<(&str, &str)> = found
        .0
        .iter()
        .map(|d| (d.file.as_str(), d.pointer.as_str()))
        .collect();
    assert_eq!(
        summary,
        [
            ("a.yaml", "/properties/n/if"),
            ("b.yaml", "/required"),
            ("b.yaml", "/properties/id/type"),
        ],
        "{found}"
    );
}

#[test]
fn a_syntax_error_does_not_hide_the_other_files_errors() {
    let found = errors(&[
        ("bad.yaml", "a: [1\n"),
        (
            "t.yaml",
            "title: T\ntype: object\nproperties:\n  n: { type: integer, if: { type: string } }\n",
        ),
    ]);
    let files: Vec<&str> = found.0.iter().map(|d| d.file.as_str()).collect();
    assert_eq!(files, ["bad.yaml", "t.yaml"], "{found}");
}

#[test]
fn rendering_shows_file_line_column_source_and_help() {
    let invoice = "title: Invoice\ntype: object\nrequired: [id, amount_cent]\nadditionalProperties: false\nproperties:\n  id: { type: string }\n  amount_cents: { type: integer }\n";
    let found = errors(&[("billing/invoice.yaml", invoice)]);
    let text = found.render(|path| (path == "billing/invoice.yaml").then_some(invoice));
    for expected in [
        "required key `amount_cent` can never be present",
        "billing/invoice.yaml:3:16",
        "required: [id, amount_cent]",
        "help: did you mean `amount_cents`?",
        "1 error in the definitions; nothing was written.",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    assert!(!text.contains('\u{1b}'), "no colour codes:\n{text}");

    // Without the source, the location still shows.
    let text = found.render(|_| None);
    assert!(
        text.contains("in billing/invoice.yaml:3:16"),
        "without a source:\n{text}"
    );
}

#[test]
fn display_is_one_line_per_error() {
    let invoice = "title: Invoice\ntype: object\nrequired: [amount_cent]\nadditionalProperties: false\nproperties:\n  amount_cents: { type: integer }\n";
    let found = errors(&[("invoice.yaml", invoice)]);
    assert_eq!(
        found.to_string(),
        "invoice.yaml:3:12: required key `amount_cent` can never be present: `properties` does not declare it and `additionalProperties: false` refuses every other key, so no object fits this schema (at /required/0); did you mean `amount_cents`? Otherwise declare `amount_cent` in `properties`, or remove it from `required`\n"
    );
}

/// A repeated `$comment` is the one repeated key that cannot change what is generated: a
/// warning, the last kept; a property named `$comment` twice is a repeated property, an error.
#[test]
fn a_repeated_comment_is_a_warning_and_a_repeated_property_named_so_an_error() {
    let text = "$comment: one\ntitle: T\ntype: object\nproperties:\n  a: { type: string }\n$comment: two\n";
    let generated =
        fusion_gen::generate_with_warnings(&[SourceFile::new("t.yaml", text)], &Options::default())
            .expect("generates");
    let warnings: Vec<(&str, u32, &str)> = generated
        .warnings
        .iter()
        .map(|d| {
            (
                d.pointer.as_str(),
                d.location.expect("located").line,
                d.message.as_str(),
            )
        })
        .collect();
    assert_eq!(
        warnings,
        [("/$comment", 6, "duplicate key `$comment` (first at line 1)")]
    );
    assert!(generated.warnings[0].is_warning());
    let properties = "title: T\ntype: object\nproperties:\n  $comment: { type: string }\n  $comment: { type: integer }\n";
    let found = errors(&[("t.yaml", properties)]);
    assert_eq!(found.0.len(), 1, "{found}");
    assert_eq!(found.0[0].pointer, "/properties/$comment");
    assert!(!found.0[0].is_warning());
}

/// `x-fusion-max-chars` cuts text: on anything but a string property it is refused where it is
/// written, every misplacement at once.
#[test]
fn max_chars_is_refused_off_a_string_property() {
    let found = errors(&[(
        "issue.yaml",
        "title: Issue\ntype: object\nproperties:\n  labels: { type: array, items: { type: string }, x-fusion-max-chars: 10 }\n  token: { type: string, x-fusion-redact: true, x-fusion-max-chars: 10 }\n  body: { type: [string, \"null\"], x-fusion-max-chars: 2000 }\n$defs:\n  Note: { type: string, x-fusion-max-chars: 5 }\n",
    )]);
    let seen: Vec<Seen> = found.0.iter().map(seen).collect();
    assert_eq!(
        seen,
        vec![
            expect(
                "issue.yaml",
                "/properties/labels/x-fusion-max-chars",
                (4, 71),
                "`x-fusion-max-chars` applies to a string property",
                Some(
                    "put it on the property whose type is `string` (an array's strings, an \
                     object's or a union's are not cut)"
                ),
            ),
            expect(
                "issue.yaml",
                "/properties/token/x-fusion-max-chars",
                (5, 69),
                "`x-fusion-max-chars` beside `x-fusion-redact`: the agent reads the censor, never \
                 the text",
                Some("remove one of the two"),
            ),
            expect(
                "issue.yaml",
                "/$defs/Note/x-fusion-max-chars",
                (8, 45),
                "`x-fusion-max-chars` applies to a property of an object",
                Some("mark the string property that holds this text instead"),
            ),
        ],
        "{found}"
    );
}

/// Draft 4's boolean bound (OpenAPI 3.0's form) where JSON Schema 2020-12 is read: the help
/// says how 2020-12 writes it.
#[test]
fn a_boolean_exclusive_bound_is_explained_in_its_2020_12_form() {
    let definition = "title: Reading\ntype: object\nproperties:\n  level:\n    type: integer\n    minimum: 0\n    exclusiveMinimum: true\n    maximum: 9\n";
    assert_eq!(
        only(&[("reading.yaml", definition)]),
        expect(
            "reading.yaml",
            "/properties/level/exclusiveMinimum",
            (7, 23),
            "`exclusiveMinimum` must be a number, not a boolean",
            Some(
                "`minimum: N, exclusiveMinimum: true` is OpenAPI 3.0's form; since JSON Schema \
                 2020-12 (and OpenAPI 3.1) the bound itself is the value: `exclusiveMinimum: N`"
            ),
        )
    );
    let inclusive = definition.replace("exclusiveMinimum: true", "exclusiveMaximum: false");
    let found = only(&[("reading.yaml", &inclusive)]);
    assert_eq!(
        found.5.as_deref(),
        Some(
            "`exclusiveMaximum: false` is OpenAPI 3.0's form of an inclusive bound: leave it \
             out and keep `maximum`"
        )
    );
}
