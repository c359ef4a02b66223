//! Diagnostics of `extends` (presenter inheritance): a target that is not a presenter file, a
//! cycle, a property the base declares differently, an embed the base already has; each named
//! with its file, pointer, line and column.

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

fn child(extends: &str) -> String {
    format!("type: object\nproperties:\n  b: {{ type: string }}\nx-fusion:\n  extends: {extends}\n")
}

const BASE: &str = "type: object\nproperties:\n  a: { type: string }\n";

#[test]
fn a_cycle_is_reported_at_each_presenter_in_it_with_the_chain() {
    let found = errors(&[("a.yaml", &child("b.yaml")), ("b.yaml", &child("a.yaml"))]);
    let found: Vec<_> = found.iter().map(summary).collect();
    assert_eq!(
        found,
        [
            (
                "a.yaml".into(),
                "/x-fusion/extends".into(),
                5,
                12,
                "`extends` forms a cycle: a.yaml → b.yaml → a.yaml".into()
            ),
            (
                "b.yaml".into(),
                "/x-fusion/extends".into(),
                5,
                12,
                "`extends` forms a cycle: b.yaml → a.yaml → b.yaml".into()
            ),
        ]
    );
}

#[test]
fn a_presenter_cannot_extend_itself() {
    let found = errors(&[("a.yaml", &child("a.yaml"))]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].message, "`extends` forms a cycle: a.yaml → a.yaml");
}

#[test]
fn extending_what_is_not_a_presenter_is_located_at_extends() {
    let library = "$defs:\n  X: { type: object, properties: { a: { type: string } } }\n";
    let tool = "x-fusion-tool:\n  name: t\n  actions:\n    go: { description: Go }\n";
    let found = errors(&[
        ("lib.yaml", library),
        ("code.yaml", "type: string\n"),
        ("t.tool.yaml", tool),
        ("p1.yaml", &child("lib.yaml")),
        ("p2.yaml", &child("code.yaml")),
        ("p3.yaml", &child("t.tool.yaml")),
        ("p4.yaml", &child("lib.yaml#/$defs/X")),
        ("p5.yaml", &child("bse.yaml")),
        ("base.yaml", BASE),
    ]);
    let messages: Vec<(String, String)> = found
        .iter()
        .map(|d| (d.file.clone(), d.message.clone()))
        .collect();
    assert_eq!(
        messages,
        [
            ("p1.yaml".into(), "`extends` names `lib.yaml`, which is a library of `$defs`, not a presenter".into()),
            ("p2.yaml".into(), "`extends` names `code.yaml`, which is a definition whose root is not an object, not a presenter".into()),
            ("p3.yaml".into(), "`extends` names `t.tool.yaml`, which is a tool file, not a presenter".into()),
            ("p4.yaml".into(), "`extends` names a presenter file, and `lib.yaml#/$defs/X` names a place inside one".into()),
            ("p5.yaml".into(), "`extends`: no definition file `bse.yaml`".into()),
        ]
    );
    assert!(found.iter().all(|d| d.pointer == "/x-fusion/extends"));
    assert_eq!(found[4].help.as_deref(), Some("did you mean `base.yaml`?"));
}

#[test]
fn a_property_the_base_declares_differently_is_located_in_the_child() {
    let found = errors(&[
        ("base.yaml", BASE),
        (
            "child.yaml",
            "type: object\nproperties:\n  a: { type: integer }\nx-fusion:\n  extends: base.yaml\n",
        ),
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        summary(&found[0]),
        (
            "child.yaml".into(),
            "/properties/a".into(),
            3,
            3,
            "property `a` is declared differently by the presenter this one extends".into()
        )
    );
    assert_eq!(
        found[0].help.as_deref(),
        Some(
            "the base declares it at base.yaml#/properties/a; leave it to the base (it is inherited), or make the two agree"
        )
    );
}

#[test]
fn an_embed_the_base_has_is_an_error_and_base_problems_are_reported_once_in_the_base() {
    let customer = "type: object\nproperties:\n  n: { type: string }\n";
    let base = "type: object\nproperties:\n  c: { $ref: customer.yaml }\nx-fusion:\n  embed: [c]\n  rules: [\"{nope}\"]\n";
    let found = errors(&[
        ("customer.yaml", customer),
        ("base.yaml", base),
        (
            "child.yaml",
            "type: object\nx-fusion:\n  extends: base.yaml\n  embed: [c]\n",
        ),
    ]);
    let found: Vec<_> = found.iter().map(summary).collect();
    assert_eq!(
        found,
        [
            (
                "base.yaml".into(),
                "/x-fusion/rules/0".into(),
                6,
                11,
                "unknown field `nope`".into()
            ),
            (
                "child.yaml".into(),
                "/x-fusion/embed/0".into(),
                4,
                11,
                "`c` is already embedded by the presenter this one extends".into()
            ),
        ]
    );
}

#[test]
fn the_base_schema_and_behaviour_are_inherited() {
    let sources = [
        SourceFile::new(
            "base.yaml",
            "type: object\nrequired: [a]\nproperties:\n  a: { type: string }\nx-fusion:\n  rules: [\"A is {a}.\"]\n  agent-limit: 3\n",
        ),
        SourceFile::new(
            "child.yaml",
            "type: object\nproperties:\n  a: { type: string, description: \"Same schema, another annotation.\" }\n  b: { type: integer }\nx-fusion:\n  extends: base.yaml\n  rules: [\"B is {b}.\"]\n",
        ),
    ];
    let files = generate(&sources, &Options::default()).expect("generates");
    let child = files
        .iter()
        .find(|f| f.path.ends_with("child.rs"))
        .expect("child.rs");
    let text = &child.contents;
    let a = text
        .find("pub a: ::std::string::String")
        .expect("a, required by the base");
    let b = text.find("pub b: ").expect("b");
    assert!(a < b, "the base's fields come first");
    assert!(
        text.find("\"A is \"").expect("the base's rule")
            < text.find("\"B is \"").expect("the child's rule")
    );
    assert!(
        text.contains("::core::option::Option::Some(3_usize)"),
        "the base's agent limit"
    );
}
