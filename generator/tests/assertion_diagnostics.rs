//! Assertions no generated type states (`not`, `minProperties`, `maxProperties`,
//! `propertyNames`, `dependentRequired`, an `enum` of objects): documentation on presenter data,
//! a located error in tool arguments, which enforce what their schema says. And
//! `patternProperties`: a map of the matching keys, its patterns checked when generating.

use fusion_gen::{Diagnostic, Options, OutputFile, SourceFile, generate};

fn run(files: &[(&str, &str)]) -> Result<Vec<OutputFile>, Vec<Diagnostic>> {
    let sources: Vec<SourceFile> = files
        .iter()
        .map(|(path, text)| SourceFile::new(*path, *text))
        .collect();
    generate(&sources, &Options::default()).map_err(|e| e.0)
}

fn summary(found: &[Diagnostic]) -> Vec<(String, String, u32, u32)> {
    found
        .iter()
        .map(|d| {
            let at = d.location.expect("located");
            (d.pointer.clone(), d.message.clone(), at.line, at.column)
        })
        .collect()
}

const ASSERTING: &str = "\
title: Order
type: object
properties:
  code: { type: string, not: { enum: [void, null-ish] } }
  tags:
    type: object
    minProperties: 1
    maxProperties: 5
    propertyNames: { format: date }
    additionalProperties: { type: string }
  shape: { type: object, enum: [{}] }
  contact:
    type: object
    properties: { email: { type: string }, phone: { type: string } }
    dependentRequired: { email: [phone] }
";

#[test]
fn assertions_on_presenter_data_are_documented() {
    let files = run(&[("order.yaml", ASSERTING)]).expect("generates");
    let code = &files
        .iter()
        .find(|f| f.path == "order.rs")
        .expect("order.rs")
        .contents;
    for doc in [
        "never one of `\"void\"`, `\"null-ish\"`",
        "minProperties 1",
        "maxProperties 5",
        "every key of format `date`",
        "one of `{}`",
        "with `email`, also `phone`",
    ] {
        assert!(code.contains(doc), "missing {doc:?} in\n{code}");
    }
}

/// `minProperties` and `maxProperties` are checked on tool arguments (an API's request body caps
/// its maps with them), so `labels` generates; the others are refused where they are written.
#[test]
fn assertions_in_tool_arguments_are_located_errors() {
    let tool = "\
x-fusion-tool:
  name: orders
  actions:
    create:
      input:
        type: object
        properties:
          code: { type: string, not: { const: void } }
          tags: { type: object, propertyNames: { maxLength: 3 }, additionalProperties: { type: string } }
          labels: { type: object, minProperties: 1, additionalProperties: { type: string } }
      returns: order.yaml
";
    let found = run(&[("order.yaml", ASSERTING), ("orders.tool.yaml", tool)]).expect_err("refused");
    assert_eq!(
        summary(&found),
        [
            (
                "/x-fusion-tool/actions/create/input/properties/code/not".into(),
                "tool arguments cannot check `not`".into(),
                8,
                33
            ),
            (
                "/x-fusion-tool/actions/create/input/properties/tags/propertyNames".into(),
                "tool arguments cannot check `propertyNames`".into(),
                9,
                33
            ),
        ]
    );
    assert!(
        found[0]
            .help
            .as_deref()
            .is_some_and(|h| h.contains("check it in the handler")),
        "{found:?}"
    );
}

#[test]
fn pattern_properties_read_their_patterns_when_generating() {
    let text = "\
title: Grammar
type: object
properties:
  rules:
    type: object
    patternProperties:
      \"^(?<=a)b$\": { type: string }
  mixed:
    type: object
    patternProperties:
      \"^a\": { type: string }
      \"^b\": { type: integer }
  both:
    type: object
    additionalProperties: { type: string }
    patternProperties:
      \"^a\": { type: string }
";
    let found = run(&[("grammar.yaml", text)]).expect_err("refused");
    let messages: Vec<(String, String)> = found
        .iter()
        .map(|d| (d.pointer.clone(), d.message.clone()))
        .collect();
    assert_eq!(messages.len(), 3, "{messages:#?}");
    assert_eq!(
        messages[0].0,
        "/properties/rules/patternProperties/^(?<=a)b$"
    );
    assert!(
        messages[0]
            .1
            .starts_with("unsupported pattern `^(?<=a)b$` in `patternProperties`"),
        "{messages:?}"
    );
    assert_eq!(
        messages[1],
        (
            "/properties/mixed/patternProperties/^b".into(),
            "the patterns of `patternProperties` give their values different schemas".into()
        )
    );
    assert_eq!(
        messages[2],
        (
            "/properties/both/patternProperties".into(),
            "`patternProperties` beside an `additionalProperties` that keeps keys is not supported"
                .into()
        )
    );
}

#[test]
fn pattern_properties_publish_their_patterns_in_the_output_schema() {
    let text = "\
title: Grammar
type: object
properties:
  rules:
    type: object
    patternProperties:
      \"^[a-z]+$\": { type: string }
";
    let files = run(&[("grammar.yaml", text)]).expect("generates");
    let code = &files
        .iter()
        .find(|f| f.path == "grammar.rs")
        .expect("grammar.rs")
        .contents;
    assert!(code.contains("patternProperties"), "{code}");
    // The record keeps the keys that match, read by the runtime rather than serde's `flatten`.
    let compact: String = code.split_whitespace().collect();
    assert!(
        compact.contains(
            r#"..additional_properties[__rt::__private::pattern::Pattern::new("/^[a-z]+$/""#
        ),
        "{code}"
    );
    assert!(!code.contains("flatten"), "{code}");
}
