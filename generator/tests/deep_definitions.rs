//! Chains of nested types: rustc cannot compile a chain of about 64 structs held in one another
//! (layout and drop check overflow its default recursion limit), so the generator refuses a chain
//! past 48 at its outermost type, whatever builds it (inline objects, a `$defs` chain, arrays of
//! objects, a boxed ring); a `$ref` chain far past that (30,000) is refused at the 1,025th `$ref` instead of
//! overflowing the stack.

use fusion_gen::{Diagnostic, Options, SourceFile, generate};

const LEAF: &str = r#"{"type": "object", "properties": {"v": {"type": "string"}}}"#;

/// `levels` objects nested inline, each under `c` (as an array's items when `array`).
fn inline(levels: usize, array: bool) -> String {
    let mut schema = LEAF.to_owned();
    for _ in 1..levels {
        let child = if array {
            format!(r#"{{"type": "array", "items": {schema}}}"#)
        } else {
            schema
        };
        schema = format!(
            r#"{{"type": "object", "properties": {{"v": {{"type": "string"}}, "c": {child}}}}}"#
        );
    }
    schema.replacen('{', r#"{"title": "Root", "#, 1)
}

/// A root and `defs` `$defs` entries, each holding the next by `$ref` (twice when `double`).
fn chain(defs: usize, double: bool) -> String {
    let entries: Vec<String> = (0..defs)
        .map(|i| {
            let next = if i + 1 == defs {
                String::new()
            } else if double {
                format!(
                    r##", "a": {{"$ref": "#/$defs/D{0}"}}, "b": {{"$ref": "#/$defs/D{0}"}}"##,
                    i + 1
                )
            } else {
                format!(r##", "a": {{"$ref": "#/$defs/D{}"}}"##, i + 1)
            };
            format!(
                r#""D{i}": {{"type": "object", "properties": {{"v": {{"type": "string"}}{next}}}}}"#
            )
        })
        .collect();
    format!(
        r##"{{"title": "Root", "type": "object", "properties": {{"a": {{"$ref": "#/$defs/D0"}}}}, "$defs": {{{}}}}}"##,
        entries.join(", ")
    )
}

fn run(definition: &str) -> Result<(), Vec<Diagnostic>> {
    generate(
        &[SourceFile::new("root.json", definition)],
        &Options::default(),
    )
    .map(|_| ())
    .map_err(|e| e.0)
}

fn refused_at_root(definition: &str, types: usize) {
    let found = run(definition).expect_err("refused");
    assert_eq!(found.len(), 1, "{found:#?}");
    let error = &found[0];
    assert_eq!(
        (error.file.as_str(), error.pointer.as_str()),
        ("root.json", "")
    );
    assert_eq!(
        error.message,
        format!(
            "`Root` nests {types} generated types in one another, past the limit of 48: rustc \
             could not compile it (its default recursion limit overflows on the layout and drop \
             check of such a chain)"
        )
    );
    assert_eq!(
        error.help.as_deref(),
        Some(
            "flatten the chain (move nested objects up into fewer levels), or declare a deep \
             part as any JSON value (`{}`), which ends it"
        )
    );
    assert!(error.location.is_some());
}

#[test]
fn inline_objects_nest_48_deep_and_49_are_refused_at_the_root() {
    run(&inline(48, false)).expect("48 levels are accepted");
    refused_at_root(&inline(49, false), 49);
    refused_at_root(&inline(100, false), 100);
}

#[test]
fn arrays_of_objects_count_as_nesting() {
    run(&inline(48, true)).expect("48 levels are accepted");
    refused_at_root(&inline(49, true), 49);
}

#[test]
fn a_defs_chain_counts_the_root_and_each_entry() {
    run(&chain(47, false)).expect("47 entries and the root are accepted");
    refused_at_root(&chain(48, false), 49);
    refused_at_root(&chain(80, true), 81);
}

/// `n` `$defs` entries in a ring, each holding the next.
fn ring(n: usize) -> String {
    let entries: Vec<String> = (0..n)
        .map(|i| {
            format!(
                r##""D{i}": {{"type": "object", "properties": {{"a": {{"$ref": "#/$defs/D{}"}}}}}}"##,
                (i + 1) % n
            )
        })
        .collect();
    format!(
        r##"{{"title": "Root", "type": "object", "properties": {{"a": {{"$ref": "#/$defs/D0"}}}}, "$defs": {{{}}}}}"##,
        entries.join(", ")
    )
}

/// The ring is boxed, but rustc's drop check walks it through the boxes as it walks a chain.
#[test]
fn a_boxed_ring_counts_as_a_chain() {
    run(&ring(47)).expect("a ring of 47 and the root are accepted");
    refused_at_root(&ring(48), 49);
}

/// Resolving follows a `$ref` by recursing: 30,000 of them overflowed the stack.
#[test]
fn a_chain_of_30_000_refs_is_one_located_error_not_a_stack_overflow() {
    let found = run(&chain(30_000, false)).expect_err("refused");
    assert_eq!(found.len(), 1, "{found:#?}");
    let error = &found[0];
    assert_eq!(error.pointer, "/$defs/D1023/properties/a/$ref");
    assert_eq!(
        error.message,
        "this `$ref` is the 1025th followed in one chain of types not made yet, past the limit of 1024"
    );
    assert_eq!(
        error.help.as_deref(),
        Some(
            "such a chain nests more than 48 types, which rustc cannot compile: flatten it, or \
             declare a deep part as any JSON value (`{}`), which ends it"
        )
    );
    assert!(error.location.is_some());
}

/// Each type of a doubling chain holds the next twice: by value, the outermost would hold 2^46
/// copies of the innermost. Fields whose type grows past 1,024 fields are boxed instead.
#[test]
fn a_doubling_chain_is_boxed_where_it_grows_large() {
    let files = generate(
        &[SourceFile::new("root.json", chain(47, true))],
        &Options::default(),
    )
    .expect("47 entries and the root are accepted");
    let module = files
        .iter()
        .find(|file| file.path.ends_with("root.rs"))
        .expect("root.rs");
    // D46 has 1 field, each one above it 3 + twice the next: D37 is the first past 1,024 (2,045).
    assert!(
        module
            .contents
            .contains("pub a: ::core::option::Option<::std::boxed::Box<D37>>"),
        "{}",
        module.contents
    );
    let boxed = module.contents.matches("::std::boxed::Box<D").count();
    assert!((8..=20).contains(&boxed), "{boxed} boxed fields");
}

/// A union is as large as its largest branch: a branch estimated past 192 bytes is boxed, so
/// clippy's `large_enum_variant` (a difference of more than 200 bytes) never fires, while small
/// branches stay inline.
#[test]
fn a_unions_large_branches_are_boxed_and_small_ones_kept_inline() {
    // 9 strings: 216 bytes at least; 7 strings: 168 bytes at most by the estimate.
    let strings = |n: usize| {
        let keys: Vec<String> = (0..n).map(|i| format!("\"k{i}\"")).collect();
        let properties: Vec<String> = (0..n)
            .map(|i| format!("\"k{i}\": {{\"type\": \"string\"}}"))
            .collect();
        format!(
            r#"{{"type": "object", "required": [{}], "properties": {{{}}}}}"#,
            keys.join(", "),
            properties.join(", ")
        )
    };
    let definition = format!(
        r##"{{"title": "Root", "type": "object", "properties": {{
            "either": {{"oneOf": [{{"$ref": "#/$defs/Big"}}, {{"type": "string"}}, {{"$ref": "#/$defs/Small"}}]}},
            "tagged": {{"oneOf": [
                {{"title": "Wide", "type": "object", "required": ["kind"], "properties": {{"kind": {{"const": "wide"}}, "big": {{"$ref": "#/$defs/Big"}}}}}},
                {{"title": "Thin", "type": "object", "required": ["kind"], "properties": {{"kind": {{"const": "thin"}}}}}}
            ]}}
        }}, "$defs": {{"Big": {}, "Small": {}}}}}"##,
        strings(9),
        strings(7)
    );
    let files = generate(
        &[SourceFile::new("root.json", definition)],
        &Options::default(),
    )
    .expect("generates");
    let module = files
        .iter()
        .find(|file| file.path.ends_with("root.rs"))
        .expect("root.rs");
    let text = &module.contents;
    assert!(text.contains("Big(::std::boxed::Box<Big>)"), "{text}");
    assert!(text.contains("String(::std::string::String)"), "{text}");
    assert!(text.contains("Small(Small)"), "{text}");
    // The tagged union's wide branch holds `Big` (optional) inline: it is boxed in turn; the thin
    // one, a tag alone, is not.
    assert!(text.contains("Wide(::std::boxed::Box<"), "{text}");
    assert!(!text.contains("Thin(::std::boxed::Box<"), "{text}");
}

/// A tool's arguments are an enum of one variant per action: an action whose input is large
/// beside a small one holds it boxed, and the handler still takes the input itself.
#[test]
fn a_tools_large_input_is_boxed_in_its_arguments_enum() {
    let wide: Vec<String> = (0..10)
        .map(|i| format!("f{i}: {{ type: string }}"))
        .collect();
    let tool = format!(
        "x-fusion-tool:\n  name: things\n  actions:\n    find:\n      input: {{ type: object, properties: {{ {} }} }}\n    get:\n      input: {{ type: object, required: [id], properties: {{ id: {{ type: string }} }} }}\n",
        wide.join(", ")
    );
    let files = generate(
        &[SourceFile::new("things.tool.yaml", tool)],
        &Options::default(),
    )
    .expect("generates");
    let module = files
        .iter()
        .find(|file| file.path.ends_with("things_tool.rs"))
        .expect("things_tool.rs");
    let text = &module.contents;
    assert!(
        text.contains("Find(::std::boxed::Box<ThingsFindInput>)"),
        "{text}"
    );
    assert!(text.contains("Get(ThingsGetInput)"), "{text}");
    // Unboxed once, into the steps (`Steps::run`), before the checks and the handler see it;
    // only `find`'s is boxed.
    assert_eq!(text.matches("*args").count(), 1, "{text}");
    let find = text
        .find("handler.find(args)")
        .expect("find's handler call");
    let unboxing = text[..find].rfind("*args").expect("*args before it");
    assert!(!text[unboxing..find].contains("handler."), "{text}");
    assert!(text.contains("handler.get(args)"), "{text}");
}
