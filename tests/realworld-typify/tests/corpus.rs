//! The whole typify corpus generates with no edit (`build.rs` generates every schema and the
//! crate compiles them under `#![deny(warnings)]`), and what the schemas say in a way read in
//! one way only gets a warning, each checked exactly (message, pointer, line and column).
//!
//! What each schema exercises is in `tests/fixtures/realworld/typify/PROVENANCE.md`.

use std::path::Path;

use fusion_gen::{Options, SourceFile, generate_with_warnings};

/// One expected diagnostic: message, pointer, line, column.
type Expected = (&'static str, &'static str, u32, u32);

fn schemas() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/realworld/typify/schemas")
}

#[test]
fn every_schema_of_the_corpus_is_generated() {
    let mut stems: Vec<String> = std::fs::read_dir(schemas())
        .expect("the corpus folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .map(|path| {
            path.file_stem()
                .expect("a name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    stems.sort();
    assert_eq!(stems.len(), 20, "typify's 20 test schemas");
    for stem in &stems {
        assert!(
            fusion_realworld_typify::GENERATED.contains(&stem.as_str()),
            "{stem} is generated"
        );
    }
}

/// The warnings of one schema that generates: message, pointer, line, column.
fn warnings(stem: &str) -> Vec<(String, String, u32, u32)> {
    let file = format!("{stem}.json");
    let text = std::fs::read_to_string(schemas().join(&file)).expect("read the schema");
    let generated =
        generate_with_warnings(&[SourceFile::new(file.clone(), text)], &Options::default())
            .unwrap_or_else(|found| panic!("{stem} generates: {found}"));
    generated
        .warnings
        .iter()
        .map(|d| {
            assert_eq!(d.file, file);
            assert!(d.is_warning());
            let location = d.location.expect("every warning is located");
            (
                d.message.clone(),
                d.pointer.clone(),
                location.line,
                location.column,
            )
        })
        .collect()
}

/// What the generated schemas say in a way read in one way only, each with its warning: a
/// repeated `$comment` (the last kept), a `$ref` into a container the file does not have, read
/// by its last segment as typify reads it. The schemas with none have none.
#[test]
fn generated_schemas_warn_exactly_where_they_are_read_in_one_way() {
    let expected: &[(&str, &[Expected])] = &[
        (
            "maps",
            &[(
                "duplicate key `$comment` (first at line 2)",
                "/$comment",
                42,
                3,
            )],
        ),
        (
            "merged-schemas",
            &[
                (
                    "`#/components/schemas/JsonResponseBase` points at nothing; read as `#/definitions/JsonResponseBase`, the only schema named `JsonResponseBase`",
                    "/definitions/JsonSuccessBase/allOf/0/$ref",
                    26,
                    19,
                ),
                (
                    "`#/components/schemas/JsonSuccessBase` points at nothing; read as `#/definitions/JsonSuccessBase`, the only schema named `JsonSuccessBase`",
                    "/definitions/JsonSuccess/allOf/0/$ref",
                    49,
                    19,
                ),
                (
                    "the branches of this `allOf` are of types no value has at once",
                    "/definitions/unsatisfiable-1/allOf",
                    213,
                    7,
                ),
                (
                    "property `action` is declared twice, in ways no value fits both",
                    "/definitions/unsatisfiable-2/allOf/1/properties/action",
                    249,
                    13,
                ),
                (
                    "property `action` is declared twice, in ways no value fits both",
                    "/definitions/unsatisfiable-3/allOf/1/properties/action",
                    269,
                    13,
                ),
                (
                    "`#/components/schemas/BarProp` points at nothing; read as `#/definitions/BarProp`, the only schema named `BarProp`",
                    "/definitions/OrderDependentMerge/allOf/0/$ref",
                    351,
                    19,
                ),
                (
                    "unknown keyword `bar` ignored",
                    "/definitions/BarProp/properties/bar/bar",
                    368,
                    11,
                ),
                (
                    "property `x` is declared twice, in ways no value fits both",
                    "/definitions/Unresolvable/oneOf/0/properties/x",
                    378,
                    13,
                ),
                (
                    "property `x` is declared twice, in ways no value fits both",
                    "/definitions/Unresolvable/oneOf/1/properties/x",
                    391,
                    13,
                ),
                (
                    "property `token` can never be present",
                    "/definitions/merge-empty/allOf/0/properties/token",
                    471,
                    13,
                ),
                (
                    "property `action` is declared twice, in ways no value fits both",
                    "/definitions/merge-empty/allOf/1/properties/action",
                    480,
                    13,
                ),
                (
                    "unknown keyword `token` ignored",
                    "/definitions/merge-empty/allOf/1/token",
                    487,
                    11,
                ),
            ],
        ),
        (
            "various-enums",
            &[
                (
                    "`#/components/schemas/Ipv4Net` points at nothing; read as `#/definitions/Ipv4Net`, the only schema named `Ipv4Net`",
                    "/definitions/IpNet/oneOf/0/allOf/0/$ref",
                    77,
                    23,
                ),
                (
                    "`#/components/schemas/Ipv6Net` points at nothing; read as `#/definitions/Ipv6Net`, the only schema named `Ipv6Net`",
                    "/definitions/IpNet/oneOf/1/allOf/0/$ref",
                    85,
                    23,
                ),
                (
                    "`#/components/schemas/AlternativeEnum` points at nothing; read as `#/definitions/AlternativeEnum`, the only schema named `AlternativeEnum`",
                    "/definitions/DiskAttachment/properties/alternate/$ref",
                    133,
                    19,
                ),
            ],
        ),
        (
            "types-with-defaults",
            &[(
                "`#/$definitions/UInt` points at nothing; read as `#/definitions/UInt`, the only schema named `UInt`",
                "/definitions/UIntContainer/properties/max_path/allOf/0/$ref",
                99,
                23,
            )],
        ),
    ];
    for stem in fusion_realworld_typify::GENERATED {
        let found = warnings(stem);
        let wanted: Vec<(String, String, u32, u32)> = expected
            .iter()
            .find(|(s, _)| s == stem)
            .map(|(_, w)| {
                w.iter()
                    .map(|(m, p, l, c)| ((*m).to_owned(), (*p).to_owned(), *l, *c))
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(found, wanted, "the warnings of {stem}.json");
    }
}
