//! Diagnostics of `allOf` and of keywords that only fit some types: each names the file, the
//! pointer, the line and column, and says what to write instead; all of them in one run.

use fusion_gen::{Diagnostic, Options, SourceFile, generate};

fn errors(files: &[(&str, &str)]) -> Vec<Diagnostic> {
    let sources: Vec<SourceFile> = files
        .iter()
        .map(|(path, text)| SourceFile::new(*path, *text))
        .collect();
    match generate(&sources, &Options::default()) {
        Ok(files) => panic!("expected errors, got {} files", files.len()),
        Err(diagnostics) => diagnostics.0,
    }
}

fn summary(d: &Diagnostic) -> (String, String, u32, u32, String) {
    let at = d.location.expect("located");
    (
        d.file.clone(),
        d.pointer.clone(),
        at.line,
        at.column,
        d.message.clone(),
    )
}

const BASE: &str = "\
$defs:
  Named:
    type: object
    properties:
      name: { type: string }
  Code:
    type: string
";

#[test]
fn a_key_two_branches_declare_differently_is_located_at_the_second_with_the_first_named() {
    let found = errors(&[
        ("base.yaml", BASE),
        (
            "thing.yaml",
            "title: Thing\nallOf:\n  - $ref: base.yaml#/$defs/Named\n  - type: object\n    properties:\n      name: { type: integer }\n",
        ),
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        summary(&found[0]),
        (
            "thing.yaml".into(),
            "/allOf/1/properties/name".into(),
            6,
            7,
            "`allOf` declares property `name` twice with different schemas".into()
        )
    );
    assert_eq!(
        found[0].help.as_deref(),
        Some(
            "it is also declared at base.yaml#/$defs/Named/properties/name; keep one declaration, or make them agree"
        )
    );
}

#[test]
fn declarations_that_differ_only_in_annotations_agree() {
    let sources = [
        SourceFile::new("base.yaml", BASE),
        SourceFile::new(
            "thing.yaml",
            "title: Thing\nallOf:\n  - $ref: base.yaml#/$defs/Named\nproperties:\n  name: { type: string, description: The display name. }\n",
        ),
    ];
    assert!(generate(&sources, &Options::default()).is_ok());
}

#[test]
fn every_misfit_is_reported_in_one_run() {
    let found = errors(&[
        ("base.yaml", BASE),
        (
            "thing.yaml",
            "\
title: Thing
allOf:
  - $ref: base.yaml#/$defs/Code
  - $ref: base.yaml#/$defs/Nope
properties:
  count: { items: { type: integer }, maxLength: 3 }
  label: { properties: { a: { type: string } }, minimum: 1 }
  tags: { properties: {}, uniqueItems: true }
  code: { type: string, allOf: [{ $ref: base.yaml#/$defs/Named }] }
required: [nam]
",
        ),
    ]);
    let seen: Vec<(String, String, u32, u32, String)> = found.iter().map(summary).collect();
    // Each keyword's value is what is located. `nam`, which no property declares, is not
    // judged: the branch that did not resolve may declare it.
    let expected = [
        (
            "thing.yaml",
            "/allOf/0",
            3,
            5,
            "an `allOf` branch must be an object schema",
        ),
        (
            "thing.yaml",
            "/allOf/1/$ref",
            4,
            11,
            "unresolved `$ref`: `base.yaml#/$defs/Nope` points at nothing",
        ),
        (
            "thing.yaml",
            "/properties/count/maxLength",
            6,
            49,
            "`maxLength` only applies to `type: string`, not `array`",
        ),
        (
            "thing.yaml",
            "/properties/label/minimum",
            7,
            58,
            "`minimum` only applies to `type: integer` or `number`, not `object`",
        ),
        (
            "thing.yaml",
            "/properties/tags/uniqueItems",
            8,
            40,
            "`uniqueItems` only applies to `type: array`, not `object`",
        ),
        (
            "thing.yaml",
            "/properties/code/allOf",
            9,
            25,
            "`allOf` only applies to `type: object`, not `string`",
        ),
    ];
    let expected: Vec<(String, String, u32, u32, String)> = expected
        .iter()
        .map(|(f, p, l, c, m)| ((*f).into(), (*p).into(), *l, *c, (*m).into()))
        .collect();
    assert_eq!(seen, expected);
}

#[test]
fn enum_and_const_misfits_are_located_with_the_fix() {
    let found = errors(&[(
        "t.yaml",
        "\
title: T
type: object
properties:
  a: { type: string, enum: [x, null] }
  b: { const: [3] }
  c: { const: x, enum: [x] }
  d: { type: integer, const: x }
",
    )]);
    let seen: Vec<(String, String, u32, u32, String)> = found.iter().map(summary).collect();
    let expected = [
        (
            "/properties/a/enum/1",
            4,
            32,
            "`null` is in `enum` but not in `type`",
        ),
        (
            "/properties/b/const",
            5,
            8,
            "a `const` that is a mapping or an array is not supported: this one is an array",
        ),
        (
            "/properties/c/const",
            6,
            15,
            "`const` and `enum` cannot stand together",
        ),
        (
            "/properties/d/const",
            7,
            30,
            "the value `\"x\"` is not of the schema's `type` (integer): no value could match it",
        ),
    ];
    let expected: Vec<(String, String, u32, u32, String)> = expected
        .iter()
        .map(|(p, l, c, m)| ("t.yaml".into(), (*p).into(), *l, *c, (*m).into()))
        .collect();
    assert_eq!(seen, expected);
    assert_eq!(
        found[0].help.as_deref(),
        Some("write `type: [string, \"null\"]` for a nullable enum")
    );
}

#[test]
fn six_different_mistakes_in_two_files_are_all_reported_in_one_run() {
    let order = "\
title: Order
type: object
additionalProperties: false
required: [id, totl]
properties:
  id: { type: string, if: { type: string } }
  total: { items: { type: integer }, maxLength: 3 }
  buyer: { $ref: custmer.yaml }
  code: { type: string, x-fusion-name: Code }
x-fusion:
  rules:
    - text: \"Order {identifier} is open.\"
";
    let customer = "\
title: Customer
allOf:
  - type: object
    properties:
      name: { type: string }
  - type: object
    properties:
      name: { type: integer }
";
    let found = errors(&[("order.yaml", order), ("customer.yaml", customer)]);
    let seen: Vec<(String, String)> = found
        .iter()
        .map(|d| (d.file.clone(), d.pointer.clone()))
        .collect();
    assert_eq!(
        seen,
        [
            ("customer.yaml".into(), "/allOf/1/properties/name".into()),
            ("order.yaml".into(), "/properties/id/if".into()),
            ("order.yaml".into(), "/required/1".into()),
            ("order.yaml".into(), "/properties/total/maxLength".into()),
            ("order.yaml".into(), "/properties/buyer/$ref".into()),
            ("order.yaml".into(), "/properties/code/x-fusion-name".into()),
            ("order.yaml".into(), "/x-fusion/rules/0/text".into()),
        ],
        "{found:#?}"
    );
    assert!(
        found
            .iter()
            .all(|d| d.location.is_some() && d.help.is_some()),
        "{found:#?}"
    );
}

#[test]
fn union_misfits_are_located_with_the_fix() {
    let found = errors(&[(
        "t.yaml",
        "\
title: T
type: object
properties:
  a: { type: [string, object], enum: [x] }
  b: { oneOf: [{ type: string }], anyOf: [{ type: integer }] }
  c: { anyOf: [{ type: \"null\" }] }
",
    )]);
    let seen: Vec<(String, String)> = found
        .iter()
        .map(|d| (d.pointer.clone(), d.message.clone()))
        .collect();
    assert_eq!(
        seen,
        [
            (
                "/properties/a/type".to_owned(),
                "a string `enum` beside a list of types is not supported".to_owned()
            ),
            (
                "/properties/b/anyOf".to_owned(),
                "`oneOf` and `anyOf` cannot stand together".to_owned()
            ),
            (
                "/properties/c/anyOf".to_owned(),
                "a union needs a branch that is not `null`".to_owned()
            ),
        ]
    );
    assert!(
        found
            .iter()
            .all(|d| d.location.is_some() && d.help.is_some())
    );
}

#[test]
fn a_union_or_a_map_as_an_actions_whole_input_is_located() {
    let thing = (
        "thing.yaml",
        "title: Thing\ntype: object\nproperties:\n  id: { type: string }\n",
    );
    let found = errors(&[
        thing,
        (
            "things.tool.yaml",
            "\
x-fusion-tool:
  name: things
  description: Things.
  actions:
    get:
      description: One thing.
      input:
        oneOf:
          - { type: object, properties: { id: { type: string } } }
          - { type: object, properties: { key: { type: integer } } }
      returns: thing.yaml
    list:
      description: Things.
      input:
        type: object
        properties:
          limit: { type: integer }
        additionalProperties: { type: string }
      returns: thing.yaml
",
        ),
    ]);
    let seen: Vec<(String, String)> = found
        .iter()
        .map(|d| (d.pointer.clone(), d.message.clone()))
        .collect();
    assert!(
        seen.contains(&(
            "/x-fusion-tool/actions/get/input".to_owned(),
            "an action's `input` must be an object schema".to_owned()
        )),
        "{seen:?}"
    );
    assert!(
        seen.contains(&(
            "/x-fusion-tool/actions/list/input/additionalProperties".to_owned(),
            "an action's arguments cannot keep undeclared keys: `action` and `_select` sit beside them"
                .to_owned()
        )),
        "{seen:?}"
    );
}

/// Below the root, unions and maps are arguments like any other (read as zod reads them:
/// tests/tests/parity_unions.rs); the generator accepts them.
#[test]
fn a_union_or_a_map_inside_a_tool_input_generates() {
    let sources = [
        SourceFile::new(
            "thing.yaml",
            "title: Thing\ntype: object\nproperties:\n  id: { type: string }\n",
        ),
        SourceFile::new(
            "things.tool.yaml",
            "\
x-fusion-tool:
  name: things
  description: Things.
  actions:
    get:
      description: One thing.
      input:
        type: object
        properties:
          key: { oneOf: [{ type: string }, { type: integer }] }
          tags: { type: object, additionalProperties: { type: string } }
      returns: thing.yaml
",
        ),
    ];
    if let Err(diagnostics) = generate(&sources, &Options::default()) {
        panic!("{diagnostics}");
    }
}

#[test]
fn enums_of_values_are_refused_where_they_cannot_be_read_yet() {
    let found = errors(&[
        (
            "disk.yaml",
            "\
title: Disk
type: object
required: [size]
properties:
  size: { enum: [512, 4096] }
x-fusion:
  rules:
    - text: Big.
      when: { size: 4096 }
",
        ),
        (
            "disk.tool.yaml",
            "\
x-fusion-tool:
  name: disks
  actions:
    get:
      input: { type: object, properties: { size: { enum: [1, 2] } } }
      returns: disk.yaml
",
        ),
    ]);
    let seen: Vec<(String, String, u32, u32, String)> = found.iter().map(summary).collect();
    let expected = [
        (
            "disk.tool.yaml",
            "/x-fusion-tool/actions/get/input/properties/size",
            5,
            44,
            "tool arguments cannot take an `enum` of values other than strings yet",
        ),
        (
            "disk.yaml",
            "/x-fusion/rules/0/when/size",
            9,
            21,
            "`4096` cannot be compared with `size`, a field of type enum of values other than strings",
        ),
    ];
    let expected: Vec<(String, String, u32, u32, String)> = expected
        .iter()
        .map(|(f, p, l, c, m)| ((*f).into(), (*p).into(), *l, *c, (*m).into()))
        .collect();
    assert_eq!(seen, expected);
}

#[test]
fn keywords_of_another_type_beside_an_explicit_type_are_documentation() {
    let text = "\
title: Noisy
type: object
multipleOf: 100
maxLength: 100
properties:
  count: { type: integer, maxLength: 3, properties: { a: {} }, items: { type: string } }
  label: { type: string, minimum: 1, uniqueItems: true }
  tags: { type: array, items: { type: string }, pattern: x, additionalProperties: false }
";
    let files = generate(&[SourceFile::new("noisy.yaml", text)], &Options::default())
        .unwrap_or_else(|found| panic!("generates: {found:?}"));
    let module = files
        .iter()
        .find(|f| f.path == "noisy.rs")
        .expect("the module");
    // The field keeps its own type; the keyword is in its documentation, not enforced.
    assert!(
        module
            .contents
            .contains("pub count: ::core::option::Option<i64>")
    );
    assert!(
        module
            .contents
            .contains("pub label: ::core::option::Option<::std::string::String>")
    );
    assert!(
        module.contents.contains("maxLength 3"),
        "{}",
        module.contents
    );
    assert!(
        module
            .contents
            .contains("Schema: multipleOf 100; maxLength 100.")
    );
}

/// GitHub's `installation.account` merges a user (`name` nullable) with an enterprise (`name` a
/// string): the same schema once nullable and once not. A value both accept is a string, in
/// either order; a real conflict (string and integer) is still reported.
#[test]
fn a_key_declared_once_nullable_and_once_not_is_the_non_null_one() {
    for (first, second) in [
        (
            "{ type: [string, \"null\"] }",
            "{ type: string, description: The name. }",
        ),
        ("{ type: string }", "{ type: [string, \"null\"] }"),
    ] {
        let presenter = format!(
            "title: Account\ntype: object\nallOf:\n  - {{ type: object, properties: {{ name: {first} }} }}\n  - {{ type: object, properties: {{ name: {second} }} }}\n"
        );
        let files = generate(
            &[SourceFile::new("account.yaml", presenter)],
            &Options::default(),
        )
        .unwrap_or_else(|d| panic!("{first} and {second}: {:#?}", d.0));
        let account = &files
            .iter()
            .find(|f| f.path == "account.rs")
            .expect("account.rs")
            .contents;
        assert!(
            account.contains("pub name: ::core::option::Option<::std::string::String>,"),
            "{account}"
        );
        assert!(
            !account.contains("Option<::core::option::Option<"),
            "{account}"
        );
    }
    let conflict = "title: Account\ntype: object\nallOf:\n  - { type: object, properties: { name: { type: [string, \"null\"] } } }\n  - { type: object, properties: { name: { type: integer } } }\n";
    let found = errors(&[("account.yaml", conflict)]);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].message.contains("twice with different schemas"));
}
