//! The lints generated code allows: `clippy::pedantic` passes on the output but for these,
//! stated once at the top of the root file (`mod.rs`, or the single file a build script
//! includes), each with the reason it is allowed rather than fixed.

/// `(lint, why it is allowed)`, in the order the header lists them.
pub const ALLOWED: &[(&str, &str)] = &[
    (
        "clippy::must_use_candidate",
        "accessors and constructors of generated types: a `#[must_use]` line on each would \
         lengthen every type, and dropping their value is harmless",
    ),
    (
        "clippy::doc_markdown",
        "doc lines are the definitions' descriptions, prose written for people, not Markdown \
         checked for rustdoc",
    ),
    (
        "clippy::doc_lazy_continuation",
        "a description's lists are written for people and a vendor's reader: a line after a \
         list item is shown as the description has it",
    ),
    (
        "clippy::doc_overindented_list_items",
        "a description's list indentation is the description's own",
    ),
    (
        "clippy::too_many_lines",
        "a function's length follows its definition: one arm per field, rule or action",
    ),
    (
        "clippy::cast_precision_loss",
        "computed values and number conditions work in f64, as JavaScript numbers do upstream \
         (wire format): an integer past 2^53 rounds there too",
    ),
    (
        "clippy::unreadable_literal",
        "numbers are written as the definition writes them, so a search finds them",
    ),
    (
        "clippy::option_option",
        "an optional nullable field has three states on the wire: absent, `null` and a value",
    ),
    (
        "clippy::ref_option",
        "serde's `serialize_with` hands a redacted nullable field of a tool's arguments over as \
         `&Option<T>`",
    ),
    (
        "clippy::struct_excessive_bools",
        "a struct's fields are its schema's properties: booleans on the wire stay `bool`",
    ),
    (
        "clippy::similar_names",
        "an argument reader's locals are numbered by field position (`field_1`, `field_10`)",
    ),
    (
        "clippy::semicolon_if_nothing_returned",
        "prettyplease puts a long match arm of `()` in a block without adding a `;`",
    ),
];

/// The lints as an attribute's list: `clippy::a, clippy::b`.
pub fn attribute_list() -> String {
    ALLOWED
        .iter()
        .map(|(lint, _)| *lint)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The header's comment naming each allowed lint and why, placed after the `@generated` lines.
pub fn header_comment() -> String {
    let mut text = String::from(
        "// Lints allowed in this output (everything else passes clippy::pedantic), and why:\n",
    );
    for (lint, why) in ALLOWED {
        text.push_str(&format!("// - `{lint}`: {why}.\n"));
    }
    text.push('\n');
    text
}
