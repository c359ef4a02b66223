//! `allOf` and annotations on data (issue 9): a schema merged from a `$ref`'d object and an
//! inline one is one struct whose wire order is the branches' order, then the schema's own
//! properties; an `allOf` wrapping one `$ref` is the referenced type; deprecated items stay usable.

use fusion_runtime::{Presenter, Selection};
use fusion_tests::snapshots::composition::{Repository, RepositoryPresenter};

/// A row as an API returns it: keys in another order, and keys the schema does not declare.
const ROW: &str = r#"{
  "stars": 7, "name": "fusion", "id": 12, "extra": "dropped",
  "owner": {"login": "octo", "site_admin": false, "plan": "pro"},
  "visibility": "private", "legacy_state": "archived",
  "created_at": "2026-01-02T03:04:05Z", "topics": ["mcp", "rust"]
}"#;

#[test]
fn merged_fields_are_written_in_branch_order_then_the_schemas_own() {
    let repository: Repository = serde_json::from_str(ROW).expect("the row fits the schema");
    let mut out = String::new();
    RepositoryPresenter.write_data(&repository, &Selection::all(), &mut out);
    assert_eq!(
        out,
        r#"{
  "created_at": "2026-01-02T03:04:05Z",
  "id": 12,
  "name": "fusion",
  "owner": {
    "login": "octo",
    "site_admin": false
  },
  "visibility": "private",
  "legacy_state": "archived",
  "topics": [
    "mcp",
    "rust"
  ],
  "stars": 7
}"#
    );
}

#[test]
fn required_keys_of_every_branch_are_required() {
    for missing in ["created_at", "id", "name", "owner"] {
        let mut row: serde_json::Value = serde_json::from_str(ROW).expect("valid JSON");
        row.as_object_mut().expect("object").remove(missing);
        let error = serde_json::from_value::<Repository>(row).expect_err(missing);
        assert_eq!(error.to_string(), format!("missing field `{missing}`"));
    }
}

#[test]
fn nullable_enums_and_consts_read_and_write_as_the_schema_says() {
    use fusion_tests::snapshots::nullable::{Ticket, TicketPresenter, TicketPriority};
    let ticket: Ticket = serde_json::from_str(
        r#"{"kind":"ticket","state":"closed","priority":"high","severity":null}"#,
    )
    .expect("fits");
    assert_eq!(ticket.priority, Some(TicketPriority::High));
    let mut out = String::new();
    TicketPresenter.write_data(&ticket, &Selection::all(), &mut out);
    assert_eq!(
        out,
        "{\n  \"kind\": \"ticket\",\n  \"state\": \"closed\",\n  \"priority\": \"high\",\n  \"severity\": null\n}"
    );
    let wrong_tag = serde_json::from_str::<Ticket>(
        r#"{"kind":"issue","state":"closed","priority":null,"severity":null}"#,
    )
    .expect_err("the const is the only value");
    assert!(
        wrong_tag
            .to_string()
            .starts_with("unknown variant `issue`, expected `ticket`"),
        "{wrong_tag}"
    );
}

#[test]
fn enum_array_and_nullable_object_roots_are_types_other_files_use() {
    use fusion_tests::snapshots::composition::{License, LicensePresenter, State};
    let mut row: serde_json::Value = serde_json::from_str(ROW).expect("valid JSON");
    let object = row.as_object_mut().expect("object");
    object.insert("state".into(), "archived".into());
    object.insert("labels".into(), serde_json::json!(["a"]));
    object.insert("license".into(), serde_json::Value::Null);
    let repository: Repository = serde_json::from_value(row).expect("fits");
    assert_eq!(repository.state, Some(State::Archived));
    assert_eq!(repository.labels.as_deref(), Some(&["a".to_owned()][..]));
    // The nullable root's `null` is kept as `null`.
    assert_eq!(repository.license, Some(None));
    let mut out = String::new();
    RepositoryPresenter.write_data(&repository, &Selection::all(), &mut out);
    assert!(
        out.ends_with(
            "  \"state\": \"archived\",\n  \"labels\": [\n    \"a\"\n  ],\n  \"license\": null,\n  \"stars\": 7\n}"
        ),
        "{out}"
    );
    let license = License {
        key: "mit".into(),
        name: None,
    };
    let mut out = String::new();
    LicensePresenter.write_data(&license, &Selection::all(), &mut out);
    assert_eq!(out, "{\n  \"key\": \"mit\"\n}");
}

#[test]
fn integer_formats_are_rust_integers_bounded_in_data_and_arguments() {
    use fusion_tests::snapshots::composition::meters_tool::{MetersArgs, MetersCall};
    use fusion_tests::snapshots::composition::{Meter, MeterPresenter};
    let meter: Meter = serde_json::from_value(serde_json::json!({
        "id": u64::MAX, "level": 0, "reading": -2_147_483_648_i64, "offset": 7
    }))
    .expect("fits");
    assert_eq!(
        (meter.id, meter.level, meter.reading),
        (u64::MAX, 0, i32::MIN)
    );
    let texts = MeterPresenter.present(&meter).into_texts();
    assert!(
        texts[0].contains("\"id\": 18446744073709551615"),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.contains("- Meter 18446744073709551615 is idle.")),
        "{texts:?}"
    );
    let total = MeterPresenter
        .present_collection(&[meter.clone(), meter])
        .into_texts();
    assert!(
        total
            .iter()
            .any(|t| t.contains("Total reading -4294967296 over 2 meters.")),
        "{total:?}"
    );
    let too_big = serde_json::from_value::<Meter>(serde_json::json!({
        "id": 1, "level": 256, "reading": 0, "offset": 0
    }))
    .expect_err("256 is no u8");
    assert!(too_big.to_string().contains("256"), "{too_big}");

    let call = MetersCall::parse(&serde_json::json!({"action": "get", "level": 200, "shift": -3}))
        .expect("in range");
    let MetersArgs::Get(input) = call.args;
    assert_eq!((input.level, input.shift), (200, Some(-3)));
    let error = MetersCall::parse(&serde_json::json!({"action": "get", "level": 300}))
        .expect_err("out of range");
    let text = error.texts().join("\n");
    assert!(
        text.contains("<field name=\"level\">Too big: expected number to be &lt;=255 You sent: 300. Must be &lt;= 255.</field>"),
        "{text}"
    );
}

#[test]
fn maps_keep_undeclared_keys_in_order_after_the_declared_ones() {
    let mut row: serde_json::Value = serde_json::from_str(ROW).expect("valid JSON");
    let object = row.as_object_mut().expect("object");
    object.insert(
        "permissions".into(),
        serde_json::json!({"push": true, "admin": false, "pull": true}),
    );
    object.insert(
        "metadata".into(),
        serde_json::json!({"zeta": [1, {"a": null}], "source": "import", "alpha": "x"}),
    );
    object.insert("custom".into(), serde_json::json!({"any": ["thing", 1.5]}));
    let repository: Repository = serde_json::from_value(row).expect("fits");
    let permissions = repository.permissions.as_ref().expect("present");
    assert_eq!(
        permissions.additional_properties.keys().collect::<Vec<_>>(),
        ["push", "admin", "pull"]
    );
    let mut out = String::new();
    RepositoryPresenter.write_data(&repository, &Selection::all(), &mut out);
    assert!(
        out.contains(
            "  \"permissions\": {\n    \"push\": true,\n    \"admin\": false,\n    \"pull\": true\n  },\n  \"metadata\": {\n    \"source\": \"import\",\n    \"zeta\": [\n      1,\n      {\n        \"a\": null\n      }\n    ],\n    \"alpha\": \"x\"\n  },\n  \"custom\": {\n    \"any\": [\n      \"thing\",\n      1.5\n    ]\n  },"
        ),
        "{out}"
    );
    // TOON walks the kept keys from the struct itself, as the generic encoder walks the JSON.
    let options = fusion_runtime::toon::ToonOptions::pipe();
    let mut typed = String::new();
    fusion_runtime::toon::write_toon(&mut typed, &repository, &Selection::all(), &options);
    let json = serde_json::to_value(&repository).expect("serializes");
    assert_eq!(typed, fusion_runtime::toon::encode_value(&json, &options));
    assert!(
        typed.contains("permissions:\n  push: true\n  admin: false\n  pull: true"),
        "{typed}"
    );
    // A value that does not fit the map's schema is serde's located error.
    let mut row: serde_json::Value = serde_json::from_str(ROW).expect("valid JSON");
    row.as_object_mut()
        .expect("object")
        .insert("permissions".into(), serde_json::json!({"push": "yes"}));
    assert!(serde_json::from_value::<Repository>(row).is_err());
}

/// `required` names `properties` does not declare (`nmae`, `frame`): required fields of any JSON
/// value, written back byte for byte as JavaScript writes the same object, in JSON and TOON;
/// absent, the row does not fit.
#[test]
fn required_keys_no_property_declares_hold_any_value_and_write_it_back_exactly() {
    use fusion_tests::snapshots::composition::{Design, DesignPresenter};
    let row = r#"{"id":"d1","name":"Home","nmae":{"a":[1,"x",null,true],"b":{}},"frame":-2.5}"#;
    let design: Design = serde_json::from_str(row).expect("fits");
    let mut out = String::new();
    DesignPresenter.write_data(&design, &Selection::all(), &mut out);
    // `JSON.stringify(row, null, 2)`.
    assert_eq!(
        out,
        "{\n  \"id\": \"d1\",\n  \"name\": \"Home\",\n  \"nmae\": {\n    \"a\": [\n      1,\n      \"x\",\n      null,\n      true\n    ],\n    \"b\": {}\n  },\n  \"frame\": -2.5\n}"
    );
    let options = fusion_runtime::toon::ToonOptions::pipe();
    let mut typed = String::new();
    fusion_runtime::toon::write_toon(&mut typed, &design, &Selection::all(), &options);
    let json: serde_json::Value = serde_json::from_str(row).expect("valid JSON");
    assert_eq!(typed, fusion_runtime::toon::encode_value(&json, &options));
    assert!(typed.ends_with("frame: -2.5"), "{typed}");
    for missing in ["nmae", "frame"] {
        let mut row = json.clone();
        row.as_object_mut().expect("object").remove(missing);
        let error = serde_json::from_value::<Design>(row).expect_err(missing);
        assert_eq!(error.to_string(), format!("missing field `{missing}`"));
    }
    // `null` is a value: present.
    let design: Design =
        serde_json::from_str(r#"{"id":"d2","nmae":null,"frame":[]}"#).expect("fits");
    assert_eq!(design.nmae, serde_json::Value::Null);
}
