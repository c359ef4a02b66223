//! Errors that are another diagnostic's consequence: reported with their cause, or not at all.
//! A key that a warning says can never be present is named with that cause where a rule uses
//! it, and the warning is printed with the errors (command line, build script, library); a
//! field whose type has an error is reported once, not again at every rule, condition and
//! column that names it. And a warning whose fix is to quote a YAML text says so.

use std::path::Path;
use std::process::{Command, Output};

use fusion_gen::{BuildError, Builder, Diagnostic, Options, SourceFile, generate};

use crate::common::{assert_exit, stderr};

/// A vendor description's shape: `additionalProperties: false` beside `allOf`, which JSON
/// Schema checks against the schema's own `properties` (none), so it admits no property.
const API: &str = "\
openapi: 3.0.3
info: { title: Shipping, version: \"1\" }
paths: {}
components:
  schemas:
    ShipmentBase:
      type: object
      required: [shipment_id]
      properties:
        shipment_id: { type: string }
        carrier: { type: string }
    Shipment:
      type: object
      additionalProperties: false
      allOf:
        - $ref: \"#/components/schemas/ShipmentBase\"
";

/// A presenter over it whose rules name both keys.
const SHIPMENT: &str = "\
title: ShipmentView
type: object
allOf:
  - $ref: \"api.yaml#/components/schemas/Shipment\"
x-fusion:
  rules:
    - \"Shipment {shipment_id} is on its way.\"
    - text: \"Sent with {carrier}.\"
      when: { carrier: { present: true } }
";

fn shipping() -> Vec<SourceFile> {
    vec![
        SourceFile::new("api.yaml", API),
        SourceFile::new("shipment.yaml", SHIPMENT),
    ]
}

/// (severity is warning, pointer, message) of each diagnostic.
fn summary(found: &[Diagnostic]) -> Vec<(bool, String, String)> {
    found
        .iter()
        .map(|d| (d.is_warning(), d.pointer.clone(), d.message.clone()))
        .collect()
}

#[test]
fn an_error_naming_a_key_no_object_can_have_names_the_cause_and_comes_with_its_warning() {
    let found = fusion_gen::generate_with_warnings(&shipping(), &Options::default())
        .expect_err("the rules name keys no object can have");
    let cause = "`additionalProperties: false` beside `allOf` at api.yaml#/components/schemas/Shipment admits no property: JSON Schema counts that schema's own `properties` (none), not its branches'";
    assert_eq!(
        summary(&found.0),
        [
            (
                true,
                "/components/schemas/ShipmentBase/properties/shipment_id".into(),
                "property `shipment_id` can never be present".into()
            ),
            (
                true,
                "/components/schemas/ShipmentBase/properties/carrier".into(),
                "property `carrier` can never be present".into()
            ),
            (
                false,
                "/x-fusion/rules/0".into(),
                format!(
                    "`shipment_id` can never be present: {cause} (see the warning at api.yaml:10:9)"
                )
            ),
            // Named once for the rule (in its text and its condition both).
            (
                false,
                "/x-fusion/rules/1/text".into(),
                format!(
                    "`carrier` can never be present: {cause} (see the warning at api.yaml:11:9)"
                )
            ),
            (
                false,
                "/x-fusion/rules/1/when/carrier".into(),
                format!(
                    "`carrier` can never be present: {cause} (see the warning at api.yaml:11:9)"
                )
            ),
        ],
        "{found}"
    );
    assert_eq!(
        found.0[2].help.as_deref(),
        Some(
            "name a key the object can hold; to use `shipment_id`, merge the schema that declares it (api.yaml#/components/schemas/ShipmentBase) instead of api.yaml#/components/schemas/Shipment"
        )
    );
    let sources = shipping();
    let text = found.render(|path| {
        sources
            .iter()
            .find(|s| s.path == path)
            .map(|s| s.text.as_str())
    });
    assert!(
        text.ends_with("3 errors and 2 warnings in the definitions; nothing was written.\n"),
        "{text}"
    );
    // `generate` returns the errors alone, as before.
    let errors = generate(&shipping(), &Options::default()).expect_err("errors");
    assert_eq!(errors.0.len(), 3, "{errors}");
    assert!(errors.0.iter().all(|d| !d.is_warning()));
}

fn write(root: &Path, path: &str, text: &str) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().expect("has a parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fusion-gen"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("fusion-gen runs")
}

#[test]
fn the_command_prints_the_warnings_with_the_errors_they_explain() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(dir.path(), "schemas/api.yaml", API);
    write(dir.path(), "schemas/shipment.yaml", SHIPMENT);
    let output = run(dir.path(), &["schemas", "-o", "out"]);
    assert_exit(&output, 3);
    let text = stderr(&output);
    let warning = text
        .find("property `shipment_id` can never be present")
        .unwrap_or_else(|| panic!("the warning is printed:\n{text}"));
    let error = text
        .find("`shipment_id` can never be present: `additionalProperties: false`")
        .unwrap_or_else(|| panic!("the error names the cause:\n{text}"));
    assert!(warning < error, "warnings first:\n{text}");
    for expected in [
        "api.yaml:10:9",
        "shipment.yaml:7:7",
        "3 errors and 2 warnings in the definitions; nothing was written.",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    assert!(!dir.path().join("out").exists());
}

#[test]
fn a_build_script_error_shows_the_warnings_unless_they_are_turned_off() {
    let input = tempfile::tempdir().expect("temp dir");
    write(input.path(), "api.yaml", API);
    write(input.path(), "shipment.yaml", SHIPMENT);
    let out = tempfile::tempdir().expect("temp dir");
    let build = |warnings: bool| {
        Builder::new()
            .input(input.path())
            .out_dir(out.path())
            .emit_rerun_if_changed(false)
            .emit_warnings(warnings)
            .compile()
            .expect_err("errors")
    };
    let error = build(true);
    let BuildError::Definitions { diagnostics, .. } = &error else {
        panic!("{error}");
    };
    assert_eq!(diagnostics.0.iter().filter(|d| d.is_warning()).count(), 2);
    let text = error.to_string();
    assert!(
        text.contains("property `carrier` can never be present"),
        "{text}"
    );
    assert!(
        text.contains("3 errors and 2 warnings in the definitions"),
        "{text}"
    );
    let text = build(false).to_string();
    assert!(!text.contains("property `carrier`"), "{text}");
    assert!(text.contains("3 errors in the definitions"), "{text}");
}

/// A branch that leaves out only some keys: the same, with the branch's own wording.
#[test]
fn a_key_a_closed_branch_leaves_out_is_named_with_that_branch() {
    let base = "title: Base\ntype: object\nadditionalProperties: false\nproperties:\n  id: { type: string }\n";
    let view = "title: View\ntype: object\nallOf:\n  - $ref: base.yaml\nproperties:\n  note: { type: string }\nx-fusion:\n  ui:\n    - { table: { columns: [id, note] } }\n";
    let found = generate(
        &[
            SourceFile::new("base.yaml", base),
            SourceFile::new("view.yaml", view),
        ],
        &Options::default(),
    )
    .expect_err("`note` can never be present");
    assert_eq!(
        summary(&found.0),
        [(
            false,
            "/x-fusion/ui/0/table/columns/1".into(),
            "`note` can never be present: the `allOf` branch at base.yaml has `additionalProperties: false` and does not declare it (JSON Schema checks each branch alone) (see the warning at view.yaml:6:3)".into()
        )],
        "{found}"
    );
}

/// One typo in a type is one error: the rule, the condition and the column that use the field
/// are not reported as well, nor are those that use a field whose `$ref`'d type, whose array
/// items, or whose whole declaration has an error. An unrelated mistake still is.
#[test]
fn a_field_whose_type_has_an_error_is_reported_once_not_at_each_use() {
    let order = "\
title: Order
type: object
required: [id, total]
properties:
  id: { type: string }
  total: { type: nubmer }
  price: { $ref: \"#/$defs/Money\" }
  tags: { type: array, items: { type: strnig } }
  gone: nubmer
$defs:
  Money: { type: nubmer }
x-fusion:
  rules:
    - \"Order {id} costs {total}, {price}; {tags}, {gone}.\"
    - text: \"Large order.\"
      when: { total: { gt: 100 }, price: { lt: 5 } }
    - \"For {idd}.\"
  ui:
    - { table: { columns: [id, total, price, gone] } }
";
    let found =
        generate(&[SourceFile::new("order.yaml", order)], &Options::default()).expect_err("errors");
    let seen: Vec<(String, String)> = found
        .0
        .iter()
        .map(|d| (d.pointer.clone(), d.message.clone()))
        .collect();
    assert_eq!(
        seen,
        [
            (
                "/properties/total/type".into(),
                "unknown type `nubmer`".into()
            ),
            (
                "/properties/tags/items/type".into(),
                "unknown type `strnig`".into()
            ),
            (
                "/properties/gone".into(),
                "`gone` must be a mapping, not a string".into()
            ),
            ("/$defs/Money/type".into(), "unknown type `nubmer`".into()),
            // Not a consequence: `idd` is no field.
            ("/x-fusion/rules/2".into(), "unknown field `idd`".into()),
        ],
        "{found}"
    );
}

/// In a YAML flow mapping a comma ends an unquoted text: `never dollars` is read as a key. The
/// warning says so, and that the fix is quotes (not an `x-` prefix).
#[test]
fn a_description_cut_by_a_comma_is_told_to_be_quoted() {
    let text = "\
title: Invoice
type: object
properties:
  amount: { type: integer, description: Amount in cents, never dollars }
  note: { type: string, description: one, two, three }
  other: { type: string, whatever }
";
    let generated = fusion_gen::generate_with_warnings(
        &[SourceFile::new("invoice.yaml", text)],
        &Options::default(),
    )
    .expect("generates");
    let seen: Vec<(String, String, Option<String>)> = generated
        .warnings
        .iter()
        .map(|d| (d.pointer.clone(), d.message.clone(), d.help.clone()))
        .collect();
    let cut = |key: &str| {
        format!(
            "unknown keyword `{key}` ignored: in a flow mapping (`{{ … }}`) a comma ends an unquoted text, so `description` ends before it"
        )
    };
    assert_eq!(
        seen,
        [
            (
                "/properties/amount/never dollars".into(),
                cut("never dollars"),
                Some("quote the text: `description: \"Amount in cents, never dollars\"`".into())
            ),
            (
                "/properties/note/two".into(),
                cut("two"),
                Some("quote the text: `description: \"one, two, three\"`".into())
            ),
            (
                "/properties/note/three".into(),
                cut("three"),
                Some("quote the text: `description: \"one, two, three\"`".into())
            ),
            // No text before it: an unknown keyword as any other.
            (
                "/properties/other/whatever".into(),
                "unknown keyword `whatever` ignored".into(),
                Some("JSON Schema reads a keyword it does not know as an annotation, which changes nothing of what the schema lets out; remove it, or prefix it with `x-` to mark it as a vendor extension".into())
            ),
        ]
    );
    // A JSON file has no flow mappings to misread.
    let json = "{\"title\": \"T\", \"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\", \"description\": \"x\", \"y\": null}}}";
    let generated =
        fusion_gen::generate_with_warnings(&[SourceFile::new("t.json", json)], &Options::default())
            .expect("generates");
    assert_eq!(generated.warnings[0].message, "unknown keyword `y` ignored");
}
