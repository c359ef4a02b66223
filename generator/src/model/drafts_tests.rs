//! Schemas written for older drafts, as published schemas often are (typify's test corpus,
//! `tests/fixtures/realworld/typify/`): `definitions` read as `$defs`, draft 04 to 2019-09
//! `$schema` URIs, and what those drafts write that the subset still refuses, each located.
//! Inside the crate because they read the model, which the facade keeps private.

use crate::model::{FieldType, Model, TypeKind};
use crate::{Diagnostic, Options, SourceFile, generate, resolve_model};

fn errors(files: &[(&str, &str)]) -> Vec<(String, String, u32, u32, Option<String>)> {
    let sources: Vec<SourceFile> = files
        .iter()
        .map(|(path, text)| SourceFile::new(*path, *text))
        .collect();
    match generate(&sources, &Options::default()) {
        Ok(files) => panic!("expected errors, got {} files", files.len()),
        Err(diagnostics) => diagnostics.0.iter().map(summary).collect(),
    }
}

fn summary(d: &Diagnostic) -> (String, String, u32, u32, Option<String>) {
    let at = d.location.expect("located");
    (
        d.pointer.clone(),
        d.message.clone(),
        at.line,
        at.column,
        d.help.clone(),
    )
}

fn model(text: &str) -> Model {
    resolve_model(&[SourceFile::new("lib.json", text)])
        .unwrap_or_else(|found| panic!("resolves: {found:?}"))
        .0
}

fn generates(text: &str) {
    generate(&[SourceFile::new("lib.json", text)], &Options::default())
        .unwrap_or_else(|found| panic!("generates: {found:?}"));
}

#[test]
fn definitions_are_read_as_defs_and_referenced_by_their_pointer() {
    let text = r##"{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "definitions": {
    "Pet": { "type": "object", "properties": { "owner": { "$ref": "#/definitions/Owner" } } },
    "Owner": { "type": "string", "enum": ["me", "you"] }
  },
  "$defs": { "Both": { "type": "object", "properties": { "pet": { "$ref": "#/definitions/Pet" } } } }
}"##;
    let model = model(text);
    let pointers: Vec<&str> = model.types.iter().map(|t| t.pointer.as_str()).collect();
    assert_eq!(
        pointers,
        ["/$defs/Both", "/definitions/Pet", "/definitions/Owner"]
    );
    let TypeKind::Struct { fields } = &model.types[1].kind else {
        panic!("Pet is a struct");
    };
    assert!(
        matches!(fields[0].ty, FieldType::Named(2)),
        "{:?}",
        fields[0].ty
    );
    generates(text);
}

#[test]
fn every_published_draft_uri_is_read_and_another_is_located() {
    for uri in [
        "http://json-schema.org/draft-04/schema#",
        "http://json-schema.org/draft-06/schema#",
        "http://json-schema.org/draft-07/schema",
        "https://json-schema.org/draft-07/schema",
        "https://json-schema.org/draft/2019-09/schema",
        "https://json-schema.org/draft/2020-12/schema#",
    ] {
        generates(&format!(
            r#"{{"$schema": "{uri}", "definitions": {{"A": {{"type": "string", "enum": ["a"]}}}}}}"#
        ));
    }
    let found = errors(&[(
        "lib.json",
        "{\n  \"$schema\": \"http://json-schema.org/draft-03/schema#\",\n  \"$defs\": {}\n}",
    )]);
    assert_eq!(
        found,
        [(
            "/$schema".into(),
            "unsupported JSON Schema dialect `http://json-schema.org/draft-03/schema#`".into(),
            2,
            14,
            Some("use `https://json-schema.org/draft/2020-12/schema` (drafts 2019-09, 07, 06 and 04 are read too)".into())
        )]
    );
}

/// A `$ref` into a container the file does not have (`#/$definitions/X`, `#/components/schemas/X`
/// in a file of `definitions`) is read by its last segment when exactly one named schema has
/// that name, as typify reads it, with a warning; a name no schema has stays an error, with the
/// entry it likely meant.
#[test]
fn a_reference_into_the_wrong_place_is_read_by_its_name_with_a_warning() {
    let text = r##"{
  "definitions": {
    "UInt": { "type": "integer" },
    "Box": { "type": "object", "properties": {
      "a": { "$ref": "#/$definitions/UInt" },
      "b": { "$ref": "#/components/schemas/UInt" } } }
  }
}"##;
    let generated =
        crate::generate_with_warnings(&[SourceFile::new("lib.json", text)], &Options::default())
            .expect("generates");
    let warnings: Vec<(&str, &str, u32, u32, Option<&str>)> = generated
        .warnings
        .iter()
        .map(|d| {
            let at = d.location.expect("located");
            (
                d.pointer.as_str(),
                d.message.as_str(),
                at.line,
                at.column,
                d.help.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        warnings,
        [
            (
                "/definitions/Box/properties/a/$ref",
                "`#/$definitions/UInt` points at nothing; read as `#/definitions/UInt`, the only schema named `UInt`",
                5,
                22,
                Some("write `#/definitions/UInt`")
            ),
            (
                "/definitions/Box/properties/b/$ref",
                "`#/components/schemas/UInt` points at nothing; read as `#/definitions/UInt`, the only schema named `UInt`",
                6,
                22,
                Some("write `#/definitions/UInt`")
            ),
        ]
    );
    let found = errors(&[(
        "lib.json",
        r##"{ "definitions": { "UInt": { "type": "integer" }, "C": { "type": "object", "properties": { "m": { "$ref": "#/$definitions/Uint" } } } } }"##,
    )]);
    assert_eq!(
        found,
        [(
            "/definitions/C/properties/m/$ref".into(),
            "unresolved `$ref`: `#/$definitions/Uint` points at nothing".into(),
            1,
            107,
            Some("did you mean `#/definitions/UInt`?".to_owned())
        )]
    );
}

#[test]
fn older_drafts_shapes_that_have_one_meaning_generate() {
    let text = r##"{
  "definitions": {
    "Name": { "type": "string", "pattern": "^[a-z]+$" },
    "IdOrName": { "oneOf": [
      { "title": "Id", "allOf": [{ "type": "string", "format": "uuid" }] },
      { "type": "string", "$ref": "#/definitions/Name" },
      { "enum": [null] }
    ] },
    "Keys": { "type": "object", "required": ["value", "value"] },
    "One": { "type": ["integer"] },
    "Bag": { "type": "object", "properties": { "any": { "type": "array" }, "one": { "$ref": "#/definitions/One" } } }
  }
}"##;
    let model = model(text);
    let by_pointer = |pointer: &str| {
        model
            .types
            .iter()
            .find(|t| t.pointer == pointer)
            .unwrap_or_else(|| panic!("a type at {pointer}"))
    };
    let TypeKind::Union { variants, .. } = &by_pointer("/definitions/IdOrName").kind else {
        panic!("a union");
    };
    let shapes: Vec<(&str, &FieldType)> =
        variants.iter().map(|v| (v.title.as_str(), &v.ty)).collect();
    assert_eq!(
        shapes.len(),
        2,
        "the `enum: [null]` branch makes it nullable"
    );
    assert!(matches!(shapes[0], ("Id", FieldType::String)), "{shapes:?}");
    assert!(
        matches!(shapes[1], ("Name", FieldType::String)),
        "{shapes:?}"
    );
    let TypeKind::Struct { fields } = &by_pointer("/definitions/Keys").kind else {
        panic!("a struct");
    };
    assert_eq!(fields.len(), 1, "a key listed twice is one field");
    assert!(fields[0].required && matches!(fields[0].ty, FieldType::Any));
    let TypeKind::Struct { fields } = &by_pointer("/definitions/Bag").kind else {
        panic!("a struct");
    };
    assert!(matches!(&fields[0].ty, FieldType::Array(item) if matches!(**item, FieldType::Any)));
    assert!(
        matches!(fields[1].ty, FieldType::Integer(_)),
        "{:?}",
        fields[1].ty
    );
    generates(text);
}

#[test]
fn what_older_drafts_write_that_the_subset_refuses_is_located() {
    let found = errors(&[(
        "lib.json",
        r##"{
  "definitions": {
    "Pair": { "type": "array", "items": [{ "type": "string" }], "additionalItems": false },
    "Size": { "type": "integer", "enum": [512, "big", {"a": 1}] },
    "Typed": { "type": "object", "properties": { "a": { "type": "string" } }, "required": ["b"] },
    "Wrong": { "type": "integer", "$ref": "#/definitions/Pair" }
  }
}"##,
    )]);
    let pointers: Vec<(&str, &str, u32, u32)> = found
        .iter()
        .map(|(p, m, l, c, _)| (p.as_str(), m.as_str(), *l, *c))
        .collect();
    assert_eq!(
        pointers,
        [
            (
                "/definitions/Pair/items",
                "a tuple must have one length: `minItems` and `maxItems` equal (or `minItems` as many as the positions with no element allowed past them)",
                3,
                32
            ),
            (
                "/definitions/Size/enum/1",
                "the value `\"big\"` is not of the schema's `type` (integer): no value could match it",
                4,
                48
            ),
            (
                "/definitions/Size/enum/2",
                "`enum` values that are mappings or arrays are not supported: this one is a mapping",
                4,
                55
            ),
            (
                "/definitions/Wrong/$ref",
                "`$ref` cannot be combined with `type`, `properties`, `items`, `enum`, `required` or `allOf`",
                6,
                43
            ),
        ]
    );
    assert_eq!(
        found[0].4.as_deref(),
        Some("add `minItems: 1` and `maxItems: 1`, or write the array with one `items` schema")
    );
}

#[test]
fn vendor_extensions_are_annotations_on_any_schema_and_x_fusion_keys_stay_checked() {
    let text = r##"{
  "title": "Doc",
  "type": "object",
  "x-rust-type": { "crate": "std", "path": "std::path::PathBuf" },
  "properties": {
    "path": { "type": "string", "x-go-type": "string", "x-nullable": true },
    "x-key": { "type": "integer", "x-order": 1 },
    "list": { "type": "array", "items": { "type": "string", "x-a": [] } },
    "any": { "x-only": 1 }
  },
  "definitions": { "Kind": { "enum": ["a"], "x-enum-names": ["A"] } }
}"##;
    let model = model(text);
    let TypeKind::Struct { fields } = &model.types[0].kind else {
        panic!("Doc is a struct");
    };
    let keys: Vec<&str> = fields.iter().map(|f| f.key.as_str()).collect();
    // An `x-…` property is a property: only keywords are annotations.
    assert_eq!(keys, ["path", "x-key", "list", "any"]);
    assert!(matches!(fields[1].ty, FieldType::Integer(_)));
    // A schema of only annotations is any JSON value, vendor extensions included.
    assert!(matches!(fields[3].ty, FieldType::Any));
    generates(text);

    let found = errors(&[(
        "lib.json",
        r##"{ "$defs": { "A": { "type": "string", "x-fusion-nme": "B", "x-rust-type": {} } } }"##,
    )]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "/$defs/A/x-fusion-nme");
    assert_eq!(found[0].4.as_deref(), Some("did you mean `x-fusion-name`?"));
}

#[test]
fn vendor_extensions_in_tool_inputs_are_annotations_too() {
    let presenter = "title: Item\ntype: object\nproperties:\n  id: { type: string }\n";
    let tool = "\
x-fusion-tool:
  name: items
  actions:
    get:
      input:
        type: object
        x-internal: true
        properties:
          id: { type: string, x-go-name: ID }
      returns: item.yaml
";
    generate(
        &[
            SourceFile::new("item.yaml", presenter),
            SourceFile::new("item.tool.yaml", tool),
        ],
        &Options::default(),
    )
    .unwrap_or_else(|found| panic!("generates: {found:?}"));
}

#[test]
fn tuples_of_one_length_are_read_and_the_others_are_located() {
    let text = r##"{
  "definitions": {
    "Pair": { "type": "array", "items": [{ "type": "string" }, { "type": "integer" }], "additionalItems": false, "minItems": 2 },
    "Three": { "type": "array", "prefixItems": [{ "type": "string" }], "items": { "type": "boolean" }, "minItems": 3, "maxItems": 3 },
    "Ignored": { "type": "array", "items": { "type": "string" }, "additionalItems": { "type": "integer" } }
  }
}"##;
    let model = model(text);
    let TypeKind::Tuple { elements, .. } = &model.types[0].kind else {
        panic!("Pair is a tuple");
    };
    assert!(matches!(
        elements[..],
        [FieldType::String, FieldType::Integer(_)]
    ));
    let TypeKind::Tuple { elements, .. } = &model.types[1].kind else {
        panic!("Three is a tuple");
    };
    assert!(matches!(
        elements[..],
        [FieldType::String, FieldType::Boolean, FieldType::Boolean]
    ));
    // `additionalItems` beside one `items` schema constrains nothing: an array of strings.
    assert_eq!(model.types.len(), 2);
    generates(text);

    let found = errors(&[(
        "lib.json",
        r##"{
  "definitions": {
    "Open": { "type": "array", "prefixItems": [{ "type": "string" }] },
    "Both": { "type": "array", "prefixItems": [{ "type": "string" }], "items": [{ "type": "string" }] },
    "Empty": { "type": "array", "prefixItems": [], "items": false }
  }
}"##,
    )]);
    let seen: Vec<(&str, &str)> = found
        .iter()
        .map(|(p, m, ..)| (p.as_str(), m.as_str()))
        .collect();
    assert_eq!(
        seen,
        [
            (
                "/definitions/Open/prefixItems",
                "a tuple must have one length: `minItems` and `maxItems` equal (or `minItems` as many as the positions with no element allowed past them)"
            ),
            (
                "/definitions/Both/prefixItems",
                "`prefixItems` and a list `items` cannot stand together"
            ),
            (
                "/definitions/Empty/prefixItems",
                "a tuple of no element is not supported"
            ),
        ]
    );
}

#[test]
fn a_tuple_in_tool_arguments_is_located() {
    let presenter = "title: Item\ntype: object\nproperties:\n  id: { type: string }\n";
    let tool = "\
x-fusion-tool:
  name: items
  actions:
    get:
      input:
        type: object
        properties:
          at: { type: array, prefixItems: [{ type: number }, { type: number }], minItems: 2, items: false }
      returns: item.yaml
";
    let found = match generate(
        &[
            SourceFile::new("item.yaml", presenter),
            SourceFile::new("item.tool.yaml", tool),
        ],
        &Options::default(),
    ) {
        Ok(_) => panic!("refused"),
        Err(found) => found.0,
    };
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        found[0].pointer,
        "/x-fusion-tool/actions/get/input/properties/at"
    );
    assert_eq!(found[0].message, "tool arguments cannot take a tuple yet");
}

#[test]
fn a_ref_may_point_at_any_schema_of_the_file() {
    let text = r##"{
  "title": "Doc",
  "type": "object",
  "properties": {
    "tags": { "type": "object", "additionalProperties": { "type": "string", "enum": ["a", "b"] } },
    "pair": { "type": "array", "items": [{ "type": "integer" }], "additionalItems": { "type": "boolean" }, "minItems": 2, "maxItems": 2 },
    "tag": { "$ref": "#/properties/tags/additionalProperties" },
    "first": { "$ref": "#/properties/pair/items/0" },
    "more": { "$ref": "#/properties/pair/additionalItems" }
  }
}"##;
    let model = model(text);
    let TypeKind::Struct { fields } = &model.types[0].kind else {
        panic!("Doc is a struct");
    };
    let tags_value = model.types[1].extra.clone();
    assert_eq!(tags_value, Some(fields[2].ty.clone()), "one type, shared");
    assert!(matches!(fields[3].ty, FieldType::Integer(_)));
    assert!(matches!(fields[4].ty, FieldType::Boolean));
    generates(text);
}

/// `prefixItems` is 2020-12's keyword: in a file of an older draft it is an annotation (that
/// draft's tuple is a list `items`), so the array stays an array of its `items`, with a warning.
#[test]
fn prefix_items_in_an_older_draft_is_an_annotation() {
    let text = r##"{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "definitions": {
    "Names": { "type": "array", "prefixItems": [{ "type": "integer" }], "items": { "type": "string" } }
  }
}"##;
    let generated =
        crate::generate_with_warnings(&[SourceFile::new("lib.json", text)], &Options::default())
            .expect("generates");
    let warnings: Vec<(&str, &str)> = generated
        .warnings
        .iter()
        .map(|d| (d.pointer.as_str(), d.message.as_str()))
        .collect();
    assert_eq!(
        warnings,
        [(
            "/definitions/Names/prefixItems",
            "unknown keyword `prefixItems` ignored"
        )]
    );
    assert!(
        model(text).types.is_empty(),
        "an array of strings, no tuple"
    );
}
