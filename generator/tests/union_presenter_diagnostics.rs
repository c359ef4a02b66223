//! Presenters over a union of objects: which roots get one, and the located errors for what a
//! union's presenter cannot say (fields in its behaviour, `x-fusion` on a union of non-objects).

use fusion_gen::{Diagnostic, Options, SourceFile, generate};

const SHAPE: &str = "\
title: Shape
anyOf:
  - title: Circle
    type: object
    required: [radius]
    properties:
      radius: { type: number }
  - title: Rect
    type: object
    required: [width]
    properties:
      width: { type: number }
";

fn run(files: &[(&str, &str)]) -> Result<Vec<String>, Vec<Diagnostic>> {
    let sources: Vec<SourceFile> = files
        .iter()
        .map(|(path, text)| SourceFile::new(*path, *text))
        .collect();
    generate(&sources, &Options::default())
        .map(|files| files.into_iter().map(|f| f.contents).collect())
        .map_err(|d| d.0)
}

#[test]
fn a_union_of_objects_at_the_root_gets_a_presenter_and_a_union_of_primitives_a_type() {
    let files = run(&[
        ("shape.yaml", SHAPE),
        (
            "id.yaml",
            "title: Id\noneOf:\n  - { type: string }\n  - { type: integer }\n",
        ),
    ])
    .expect("generates");
    let all = files.join("\n");
    assert!(all.contains("pub struct ShapePresenter;"), "{all}");
    assert!(all.contains("pub enum Id {"), "{all}");
    assert!(!all.contains("IdPresenter"), "{all}");
}

#[test]
fn behaviour_that_names_a_field_of_a_union_is_located_with_the_way_out() {
    let text = format!(
        "{SHAPE}x-fusion:\n  rules:\n    - \"Width {{width}}.\"\n  collection-rules:\n    - \"{{sum:radius}} in all, {{count}} shapes.\"\n"
    );
    let found = run(&[("shape.yaml", &text)]).expect_err("fields of a union");
    let summary: Vec<(String, u32, u32, &str)> = found
        .iter()
        .map(|d| {
            let at = d.location.expect("located");
            (d.pointer.clone(), at.line, at.column, d.message.as_str())
        })
        .collect();
    assert_eq!(
        summary,
        [
            (
                "/x-fusion/rules/0".to_owned(),
                15,
                7,
                "`width`: a presenter over a union (`Shape`) cannot name fields in its rules, conditions, UI or suggestions"
            ),
            (
                "/x-fusion/collection-rules/0".to_owned(),
                17,
                7,
                "`radius`: a presenter over a union (`Shape`) cannot name fields in its rules, conditions, UI or suggestions"
            ),
        ]
    );
    assert!(
        found[0]
            .help
            .as_deref()
            .is_some_and(|h| h.contains("hooks trait")),
        "{:?}",
        found[0].help
    );
}

#[test]
fn x_fusion_on_a_union_of_primitives_is_located() {
    let found = run(&[(
        "id.yaml",
        "title: Id\noneOf:\n  - { type: string }\n  - { type: integer }\nx-fusion:\n  rules: [\"Ids.\"]\n",
    )])
    .expect_err("nothing to present");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].pointer, "/x-fusion");
    assert_eq!(
        found[0].message,
        "`x-fusion` needs an object root, or a union of objects: only objects have fields to present"
    );
}
