//! The renderer on small definitions: sample checks and their pointers, presenter names,
//! redaction of nulls and the `_select` choice. Byte parity with generated presenters is
//! checked in `tests/tests/render_parity.rs`, where generated code is compiled.

use serde_json::json;

use super::report::most_used_fields;
use super::*;
use crate::SourceFile;

const INVOICE: &str = r#"
title: Invoice
type: object
required: [id, amount_cents]
properties:
  id: { type: string }
  amount_cents: { type: integer }
  email: { type: [string, "null"], x-fusion-redact: true }
  note: { type: string }
x-fusion:
  rules:
    - text: "Invoice {id} is large."
      when: { amount_cents: { gte: 100 } }
  collection-rules:
    - "{count} invoices, {sum:amount_cents} cents."
  agent-limit: 2
"#;

fn model() -> Model {
    crate::resolve_model(&[SourceFile::new("billing/invoice.yaml", INVOICE)])
        .expect("valid")
        .0
}

#[test]
fn a_sample_value_the_types_refuse_is_located() {
    let model = model();
    let error = check_sample(
        &model,
        0,
        &json!([{"id": "A", "amount_cents": 1}, {"id": "B", "amount_cents": "x"}]),
    )
    .expect_err("a string amount");
    assert_eq!(error.pointer, "/1/amount_cents");
    assert_eq!(
        error.message,
        "expected an integer (i64), found the string \"x\""
    );
    let missing = check_sample(&model, 0, &json!({"id": "A"})).expect_err("no amount");
    assert_eq!(
        missing.to_string(),
        "at /: missing the required field `amount_cents`"
    );
}

#[test]
fn presenters_are_found_by_title_path_or_file_name_with_a_suggestion_otherwise() {
    let model = model();
    for name in ["Invoice", "invoice", "billing/invoice"] {
        assert_eq!(find_presenter(&model, name), Ok(0), "{name}");
    }
    assert_eq!(
        find_presenter(&model, "invoce"),
        Err("no presenter named `invoce`; did you mean `invoice`?".into())
    );
}

#[test]
fn a_collection_is_cut_to_the_agent_limit_and_a_redacted_null_stays_null() {
    let model = model();
    let sample = check_sample(
        &model,
        0,
        &json!([
            {"id": "A", "amount_cents": 150, "email": null, "note": null},
            {"id": "B", "amount_cents": 5, "email": "b@x.io", "extra": 1},
            {"id": "C", "amount_cents": 7}
        ]),
    )
    .expect("valid");
    let texts = render(&model, 0, &sample, DataLayout::Compact, None);
    assert_eq!(
        texts,
        [
            r#"[{"id":"A","amount_cents":150,"email":null},{"id":"B","amount_cents":5,"email":"[REDACTED]"}]"#,
            "<ui_passthrough type=\"summary\">\n📊 **Summary**: ⚠️ Dataset truncated. 2 shown, 1 hidden. Use filters to narrow results.\n</ui_passthrough>",
            "<domain_rules>\n- Invoice A is large.\n- 2 invoices, 155 cents.\n</domain_rules>",
        ]
    );
    let selection = ["amount_cents".to_owned(), "id".to_owned()];
    let toon = render(
        &model,
        0,
        &sample,
        DataLayout::Toon(Delimiter::Tab),
        Some(&selection),
    );
    assert_eq!(toon[0], "[2\t]{amount_cents\tid}:\n  150\tA\n  5\tB");
    assert_eq!(toon[1..], texts[1..]);
}

#[test]
fn the_most_used_fields_are_those_with_the_most_values_in_schema_order() {
    let model = model();
    let sample = check_sample(
        &model,
        0,
        &json!([
            {"id": "A", "amount_cents": 1, "note": "n", "email": null},
            {"id": "B", "amount_cents": 2, "note": "m"}
        ]),
    )
    .expect("valid");
    assert_eq!(
        most_used_fields(&model, 0, &sample, 3),
        ["id", "amount_cents", "note"]
    );
    assert_eq!(most_used_fields(&model, 0, &sample, 1), ["id"]);
}
