//! Values read into the types generated from typify's schemas and written back with the
//! generated JSON writer: byte for byte what `serde_json` writes for the value the schema lets
//! out (the same value, or the value without its undeclared keys where the schema is an
//! allow-list). typify's schemas carry no examples, so the values are written here, one for each
//! shape the corpus tests: recursion, keyword and type-name collisions, maps, three-state
//! nullables, unions, enums of odd strings, required keys of any value.

use fusion_realworld_typify as corpus;
use fusion_runtime::json::{JsonStyle, WriteJson, to_json};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// Reads `value` as `T` and writes it back; the text `serde_json` writes for `expected`.
fn round_trip<T: DeserializeOwned + WriteJson>(value: &Value, expected: &Value) {
    let text = serde_json::to_string_pretty(value).expect("prints");
    let typed: T = serde_json::from_str(&text)
        .unwrap_or_else(|error| panic!("{value} does not deserialize: {error}"));
    assert_eq!(
        to_json(&typed, JsonStyle::Pretty),
        serde_json::to_string_pretty(expected).expect("prints")
    );
}

/// A value the schema takes whole.
fn same<T: DeserializeOwned + WriteJson>(value: Value) {
    round_trip::<T>(&value, &value);
}

fn refused<T: DeserializeOwned>(value: Value) -> String {
    match serde_json::from_value::<T>(value) {
        Ok(_) => panic!("refused"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn a_tree_of_references_to_the_whole() {
    same::<corpus::reflexive_json::Node>(json!({
        "value": 1,
        "children": [{"value": 2, "children": []}, {"children": [{"value": -3}]}]
    }));
}

#[test]
fn every_rust_keyword_as_a_key() {
    // The keys are the schema's own `required` list, so none is forgotten here.
    let schema: Value = serde_json::from_str(include_str!(
        "../../fixtures/realworld/typify/schemas/rust-collisions.json"
    ))
    .expect("JSON");
    let keys = schema["definitions"]["RustKeywordMonster"]["required"]
        .as_array()
        .expect("a list");
    assert_eq!(keys.len(), 51);
    let value: serde_json::Map<String, Value> = keys
        .iter()
        .map(|k| {
            let k = k.as_str().expect("a key");
            (k.to_owned(), json!(format!("<{k}>")))
        })
        .collect();
    same::<corpus::rust_collisions_json::rust_collisions::RustKeywordMonster>(Value::Object(value));
}

#[test]
fn types_named_like_std_and_the_prelude() {
    use corpus::rust_collisions_json::rust_collisions as rc;
    same::<rc::Box>(json!({"data": "d"}));
    same::<rc::Option>(json!({"maybe": "m"}));
    same::<rc::Vec>(json!({"items": ["a", "b"]}));
    same::<rc::String>(json!({"text": "t"}));
    same::<rc::TypeWithOptionField>(json!({"optional_field": null, "boxed_field": {"data": "x"}}));
    same::<rc::Std>(json!({
        "result": {"value": "1"}, "convert": {"value": "2"}, "fmt": {"value": "3"},
        "str": {"value": "4"}, "string": {"value": "5"}, "option": {"value": "6"},
        "boxed": {"value": "7"}
    }));
}

#[test]
fn maps_keep_undeclared_keys_in_order() {
    use corpus::rust_collisions_json::rust_collisions as rc;
    same::<rc::FlattenedKeywords>(json!({"normal": "n", "type": "t", "impl": "i", "a b": ""}));
    same::<rc::MapOfKeywords>(json!({"keyword_map": {"z": "type", "a": "where", "fn": "self"}}));
    let error = refused::<rc::MapOfKeywords>(json!({"keyword_map": {"k": "struct"}}));
    assert!(error.contains("unknown variant `struct`"), "{error}");
    use corpus::more_types_json::more_types as mt;
    same::<mt::ObjectWithYesExtra>(json!({"foo": "f", "bar": [1, {"x": null}], "baz": true}));
    same::<mt::ObjectWithWhichExtra>(json!({"foo": "f", "n": 1.5}));
    same::<mt::ObjectWithStringExtra>(json!({"foo": "f", "s": "t"}));
    let error = refused::<mt::ObjectWithStringExtra>(json!({"foo": "f", "n": 1}));
    assert!(error.contains("expected a string"), "{error}");
}

#[test]
fn the_allow_list_drops_undeclared_keys() {
    use corpus::more_types_json::more_types as mt;
    round_trip::<mt::ObjectWithNoExtra>(&json!({"foo": "f", "secret": "s"}), &json!({"foo": "f"}));
    round_trip::<mt::ObjectWithOkExtra>(&json!({"foo": "f", "secret": 1}), &json!({"foo": "f"}));
}

#[test]
fn nullable_options_keep_null_apart_from_absent() {
    use corpus::rust_collisions_json::rust_collisions as rc;
    same::<rc::DoubleOptionCollision>(json!({}));
    same::<rc::DoubleOptionCollision>(json!({"option": null}));
    same::<rc::DoubleOptionCollision>(json!({"option": {"option": null}}));
    same::<rc::DoubleOptionCollision>(json!({"option": {"option": "some"}}));
    same::<rc::NestedTypeCollisions>(json!({
        "type": {"boxed_field": {"data": "d"}},
        "types": [{"optional_field": "o", "boxed_field": {"data": "e"}}],
        "option_type": null
    }));
    use corpus::untyped_enum_with_null_json::untyped_enum_with_null as u;
    same::<u::TestType>(json!({"value": null}));
    same::<u::TestType>(json!({"value": "middle"}));
    // Required and nullable: `null` is a value, absence is not.
    let error = refused::<u::TestType>(json!({}));
    assert!(error.contains("missing field `value`"), "{error}");
}

#[test]
fn unions_write_the_branch_they_hold() {
    use corpus::rust_collisions_json::rust_collisions as rc;
    same::<rc::KeywordFieldsEnum>(json!({"type": "t", "match": 3, "ref": true, "impl": "i"}));
    same::<rc::KeywordFieldsEnum>(json!(["a", "b"]));
    use corpus::id_or_name_json::id_or_name as ion;
    same::<ion::IdOrName>(json!("3f2504e0-4f89-11d3-9a0c-0305e82c3301"));
    same::<ion::IdOrName>(json!("a-name"));
    same::<ion::IdOrNameRedundant>(json!("another-name"));
    same::<ion::IdOrYolo>(json!("yolo"));
    let error = refused::<ion::IdOrName>(json!(7));
    assert!(error.contains("did not match any variant"), "{error}");
}

#[test]
fn enums_of_odd_strings() {
    use corpus::rust_collisions_json::rust_collisions as rc;
    for value in [
        "{abc}def",
        "{http://example.com/Foo}Thing",
        "{self}",
        "quote\"unquote",
        "xyz",
    ] {
        same::<rc::FormatCollision>(json!(value));
    }
    use corpus::string_enum_with_default_json::string_enum_with_default as se;
    same::<se::TestEnum>(json!("skipped"));
    use corpus::extraneous_enum_json::extraneous_enum as ee;
    same::<ee::LetterBox>(json!({"letter": "cee"}));
}

#[test]
fn required_keys_without_properties_hold_any_value() {
    use corpus::simple_types_json::simple_types as st;
    same::<st::AnythingWorks>(json!({"value": {"nested": [1, 2.5, null, "s"]}}));
    same::<st::AnythingWorks>(json!({"value": null}));
    let error = refused::<st::AnythingWorks>(json!({"other": 1}));
    assert!(error.contains("missing field `value`"), "{error}");
    same::<st::UintMinimumAndMaximum>(json!({
        "no_bounds": 18446744073709551615_u64, "min": 0, "min_non_zero": 1,
        "min_uint_non_zero": 1, "max": 256, "min_and_max": 2
    }));
    let error = refused::<st::UintMinimumAndMaximum>(json!({
        "no_bounds": -1, "min": 0, "min_non_zero": 1, "min_uint_non_zero": 1, "max": 2,
        "min_and_max": 2
    }));
    assert!(error.contains("invalid value: integer `-1`"), "{error}");
    same::<st::FloatsArenTTerribleIMTold>(json!({"flush_timeout": 0.25}));
}

/// Reads `value` as `T` and writes it as TOON with the generated writer: the text the generic
/// encoder writes for the same JSON value.
fn toon_same<T: DeserializeOwned + fusion_runtime::toon::WriteToon>(value: Value) {
    use fusion_runtime::Selection;
    use fusion_runtime::toon::{ToonOptions, encode_typed, encode_value};
    let typed: T = serde_json::from_value(value.clone())
        .unwrap_or_else(|error| panic!("{value} does not deserialize: {error}"));
    let options = ToonOptions::default();
    assert_eq!(
        encode_typed(&typed, &Selection::all(), &options),
        encode_value(&value, &options)
    );
}

#[test]
fn enums_of_numbers_and_mixed_values_read_and_write_exactly_their_values() {
    use corpus::type_with_modified_generation_json::type_with_modified_generation as tm;
    use corpus::types_with_more_impls_json::types_with_more_impls as ti;
    for prime in [2, 3, 5, 7] {
        same::<ti::Sub10Primes>(json!(prime));
    }
    // JSON Schema compares numbers by value: `5.0` is the schema's `5`, written as it writes it.
    round_trip::<ti::Sub10Primes>(&json!(5.0), &json!(5));
    let error = refused::<ti::Sub10Primes>(json!(4));
    assert_eq!(
        error,
        "invalid value: integer `4`, expected one of 2, 3, 5, 7"
    );
    assert!(refused::<ti::Sub10Primes>(json!("2")).contains("invalid value: string \"2\""));
    assert!(refused::<ti::Sub10Primes>(json!(null)).contains("invalid type: null"));
    let located = serde_json::from_str::<ti::Sub10Primes>("\n  11").unwrap_err();
    assert_eq!((located.line(), located.column()), (2, 4), "{located}");
    assert_eq!(
        ti::Sub10Primes::ALL.map(ti::Sub10Primes::as_json),
        ["2", "3", "5", "7"]
    );

    let value = json!({
        "replaced_type": {"anything": [1, null]},
        "patched_type": {"k": "v"},
        "converted_type": 1
    });
    same::<tm::TestType>(value.clone());
    toon_same::<tm::TestType>(value);
    let mixed = json!({"replaced_type": 0, "patched_type": {}, "converted_type": "one"});
    same::<tm::TestType>(mixed.clone());
    toon_same::<tm::TestType>(mixed);
    let error = refused::<tm::TestType>(
        json!({"replaced_type": 0, "patched_type": {}, "converted_type": "1"}),
    );
    assert!(
        error.contains("invalid value: string \"1\", expected one of 1, \"one\""),
        "{error}"
    );
    assert_eq!(tm::TestTypeConvertedType::One.as_json(), "\"one\"");
}

#[test]
fn keywords_of_another_type_are_documentation() {
    use corpus::noisy_types_json::noisy_types as nt;
    // `multipleOf`, `maxItems` and `maxLength` on an object constrain nothing.
    same::<nt::ObjectBs>(json!({"ok": true}));
    same::<nt::ObjectBs>(json!({}));
    let error = refused::<nt::ObjectBs>(json!({"ok": "yes"}));
    assert!(error.contains("expected a boolean"), "{error}");
}

#[test]
fn lists_of_types_with_object_and_array_are_unions_of_the_branches() {
    use corpus::multiple_instance_types_json::multiple_instance_types as mi;
    for value in [
        json!(true),
        json!(["a", 1, null]),
        json!(61153314774826061_i64),
        json!(2.5),
        json!("s"),
        json!(null),
    ] {
        same::<Option<mi::SeriouslyAnything>>(value.clone());
        toon_same::<Wrapped<Option<mi::SeriouslyAnything>>>(json!({ "v": value }));
    }
    // The object branch is an object schema with no properties: the allow-list keeps no key.
    round_trip::<mi::SeriouslyAnything>(&json!({"k": 1}), &json!({}));
    same::<mi::YesNoMaybe>(json!(false));
    same::<mi::YesNoMaybe>(json!({"value": "maybe"}));
    let error = refused::<mi::YesNoMaybe>(json!("yes"));
    assert!(error.contains("did not match any variant"), "{error}");
    let error = refused::<Option<mi::OneOfSeveral>>(json!(2.5));
    assert!(error.contains("did not match any variant"), "{error}");
    same::<mi::IntOrStr>(json!(3));
    // `type: [string, null]` with `enum: [null]`: only `null`.
    same::<Option<mi::ReallyJustNull>>(json!(null));
    let error = refused::<Option<mi::ReallyJustNull>>(json!("x"));
    assert!(error.contains("expected null"), "{error}");
}

#[test]
fn null_alone_and_the_vendor_keyword_x_rust_type() {
    use corpus::x_rust_type_json::x_rust_type as xr;
    // `x-rust-type` is ignored: `PathBuf` is the string its schema says.
    same::<xr::AllTheThings>(json!({"path": "/tmp/x"}));
    same::<xr::AllTheThings>(json!({"option_marker": null}));
    same::<xr::AllTheThings>(json!({}));
    toon_same::<xr::AllTheThings>(json!({"path": "/tmp", "option_marker": null}));
    let error = refused::<xr::AllTheThings>(json!({"option_marker": {}}));
    assert!(error.contains("expected null"), "{error}");
    // `not: true`: no value at all.
    let error = refused::<xr::Marker>(json!(null));
    assert!(error.contains("expected no value"), "{error}");
    assert!(xr::Marker::ALL.is_empty());
}

/// A value inside an object, for the TOON writer (which writes objects and arrays).
#[derive(serde::Serialize, serde::Deserialize)]
struct Wrapped<T> {
    v: T,
}

impl<T: fusion_runtime::toon::ToonElement> fusion_runtime::toon::ToonObject for Wrapped<T> {
    fn toon_field_count(&self) -> usize {
        1
    }
    fn toon_field(&self, index: usize) -> Option<(&str, fusion_runtime::toon::ToonValue<'_>)> {
        (index == 0).then(|| ("v", self.v.toon_value()))
    }
}

impl<T: fusion_runtime::toon::ToonElement + serde::Serialize> fusion_runtime::toon::WriteToon
    for Wrapped<T>
{
    const FIELD_COUNT: usize = 1;

    fn field_key(_index: usize) -> &'static str {
        "v"
    }
}

#[test]
fn tuples_of_one_length_are_tuple_structs() {
    use corpus::arrays_and_tuples_json::arrays_and_tuples as at;
    same::<at::SimpleTwoTuple>(json!(["a", "b"]));
    toon_same::<Wrapped<at::SimpleTwoTuple>>(json!({"v": ["a", "b"]}));
    same::<at::LessSimpleTwoTuple>(json!(["a", "b"]));
    same::<at::UnsimpleTwoTuple>(json!(["a", "b"]));
    for wrong in [
        json!(["a"]),
        json!(["a", "b", "c"]),
        json!(["a", 1]),
        json!("ab"),
    ] {
        refused::<at::SimpleTwoTuple>(wrong);
    }
    let located =
        serde_json::from_str::<at::UnsimpleTwoTuple>("[\"a\",\n \"b\", \"c\"]").unwrap_err();
    assert_eq!(located.line(), 2, "{located}");
    let error = refused::<at::LessSimpleTwoTuple>(json!(["a", "b", "c"]));
    assert!(
        error.contains("trailing") || error.contains("fewer elements"),
        "{error}"
    );
}

#[test]
fn values_described_by_what_they_are_not_take_any_value() {
    // `not` is an assertion no Rust type states: documented, and the value is what the other
    // keywords say (nothing here: any JSON value).
    same::<corpus::deny_list_json::TestType>(json!({
        "where_not": {"any": ["value", 1]},
        "why_not": "because"
    }));
    assert!(
        refused::<corpus::deny_list_json::TestType>(json!({"where_not": 1})).contains("why_not")
    );
}

#[test]
fn pattern_properties_keep_only_the_keys_that_match() {
    round_trip::<corpus::property_pattern_json::TestGrammarForPatternProperties>(
        &json!({"rules": {"start": "a", "_x9": "b", "9lives": "dropped", "no-dash": "dropped", "end": "c"}}),
        &json!({"rules": {"start": "a", "_x9": "b", "end": "c"}}),
    );
    // A key that matches keeps its value's type: a number where the pattern's schema says
    // string is refused.
    assert!(
        refused::<corpus::property_pattern_json::TestGrammarForPatternProperties>(
            json!({"rules": {"start": 1}})
        )
        .contains("expected a string")
    );
}

#[test]
fn maps_with_constrained_keys_keep_every_key_in_order() {
    // `propertyNames` is documentation on presenter data: the keys stay strings.
    same::<corpus::maps_json::MapWithDateKeys>(json!({"2024-01-02": "a", "not a date": "b"}));
    same::<corpus::maps_json::MapWithKeys>(json!({"aaa": "x", "": "y"}));
    // The root says only `type: object`: an allow-list of no key.
    round_trip::<corpus::maps_json::DeadSimple>(&json!({"dropped": 1}), &json!({}));
}

#[test]
fn a_ref_read_by_its_last_segment_is_the_named_schema() {
    // `#/$definitions/UInt` is read as `#/definitions/UInt`, an integer (with a warning).
    same::<corpus::types_with_defaults_json::UIntContainer>(json!({"max_path": 7}));
    assert!(
        refused::<corpus::types_with_defaults_json::UIntContainer>(json!({"max_path": "7"}))
            .contains("expected i64")
    );
}

#[test]
fn branches_beside_properties_merge_the_shared_properties() {
    // `properties` beside `oneOf: [{required: [id]}, {required: [reference]}]`: each branch is
    // the object with that key required, tried in order.
    use corpus::various_enums_json::ShouldBeExclusive;
    same::<ShouldBeExclusive>(json!({"id": "a", "reference": "b"}));
    same::<ShouldBeExclusive>(json!({"reference": "b"}));
    assert!(matches!(
        serde_json::from_value::<ShouldBeExclusive>(json!({"reference": "b"})),
        Ok(ShouldBeExclusive::Object2(_))
    ));
    refused::<ShouldBeExclusive>(json!({"neither": 1}));
}

#[test]
fn all_of_merges_declarations_into_the_one_both_allow() {
    use corpus::merged_schemas_json as merged;
    // `result: {type: string}`, `{enum: [success]}` and `{}`: only `"success"`.
    same::<merged::JsonSuccess>(json!({"result": "success", "msg": "ok"}));
    refused::<merged::JsonSuccess>(json!({"result": "failure", "msg": "ok"}));
    // `oneOf: [$ref user, null]` and `$ref user`, required: a user, never `null`.
    same::<merged::Pickingone>(json!({"suspended_by": {"email": null}}));
    refused::<merged::Pickingone>(json!({"suspended_by": null}));
    // `enum: [foo]` and `enum: [bar]`, required: no object fits.
    refused::<merged::Unsatisfiable2>(json!({"action": "foo"}));
    refused::<merged::Unsatisfiable2>(json!({"action": "bar"}));
    // The same conflict on an optional key: it can never be present; `token`, which the
    // second branch (`additionalProperties: false`) does not declare, leaves the allow-list.
    round_trip::<merged::MergeEmpty>(&json!({"token": "t"}), &json!({}));
    refused::<merged::MergeEmpty>(json!({"action": "foo"}));
}

#[test]
fn enums_of_objects_are_documented_and_typed_by_their_type() {
    round_trip::<corpus::various_enums_json::EmptyObject>(
        &json!({"prop": {"dropped": 1}}),
        &json!({"prop": {}}),
    );
}
