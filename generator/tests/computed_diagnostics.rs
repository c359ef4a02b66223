//! Computed placeholders are checked at generation time: an unknown transform (with the closest
//! name), a transform on a value of the wrong type, and a bad argument are each an error at the
//! text's pointer and line, quoting the placeholder; the CLI prints them with file:line:col.

use std::process::Command;

use fusion_gen::{Diagnostic, Options, SourceFile, generate};

const HEAD: &str = "title: Invoice\ntype: object\nrequired: [id, amount_cents, status, issued, lines, paid]\nproperties:\n  id: { type: string }\n  amount_cents: { type: integer }\n  rate: { type: number }\n  status: { type: string, enum: [paid, pending] }\n  issued: { type: string, format: date }\n  sent: { type: string, format: date-time }\n  lines: { type: array, items: { type: string } }\n  paid: { type: boolean }\n  client: { type: object, properties: { name: { type: string } } }\nx-fusion:\n";

fn errors(behaviour: &str) -> Vec<Diagnostic> {
    let text = format!("{HEAD}{behaviour}");
    generate(
        &[SourceFile::new("invoice.yaml", text)],
        &Options::default(),
    )
    .expect_err("the definition is rejected")
    .0
}

/// `(message, help)` of each error for the rules `texts`, one rule each.
fn rule_errors(texts: &[&str]) -> Vec<(String, Option<String>)> {
    let rules: String = texts
        .iter()
        .map(|t| format!("    - {}\n", serde_json::to_string(t).unwrap()))
        .collect();
    errors(&format!("  rules:\n{rules}"))
        .into_iter()
        .map(|d| (d.message, d.help))
        .collect()
}

fn messages(texts: &[&str]) -> Vec<String> {
    rule_errors(texts).into_iter().map(|(m, _)| m).collect()
}

#[test]
fn an_unknown_transform_suggests_the_closest() {
    assert_eq!(
        rule_errors(&["{amount_cents | devide: 100}", "{amount_cents | floor}"]),
        [
            (
                "unknown transform `devide`, in `{amount_cents | devide: 100}`".to_owned(),
                Some("did you mean `divide`?".to_owned())
            ),
            (
                "unknown transform `floor`, in `{amount_cents | floor}`".to_owned(),
                Some(
                    "transforms: divide, multiply, round, percent, date, length, plural".to_owned()
                )
            ),
        ]
    );
}

#[test]
fn a_transform_on_the_wrong_type_names_both() {
    assert_eq!(
        messages(&[
            "{id | divide: 100}",
            "{amount_cents | length}",
            "{status | round}",
            "{paid | percent}",
            "{lines | multiply: 2}",
            "{id | date: YYYY}",
            "{amount_cents | date: YYYY}",
            "{issued | date: YYYY | round: 1}",
            "{rate | percent | divide: 2}",
            "{client | length}",
            "{lines}",
            "{lines | length | length}",
        ]),
        [
            "`divide` needs a number, but `id` is text, in `{id | divide: 100}`",
            "`length` needs an array, but `amount_cents` is an integer, in `{amount_cents | length}`",
            "`round` needs a number, but `status` is text, in `{status | round}`",
            "`percent` needs a number, but `paid` is a boolean, in `{paid | percent}`",
            "`multiply` needs a number, but `lines` is an array, in `{lines | multiply: 2}`",
            "`date` needs a string with `format: date` or `format: date-time`, but `id` is text, in `{id | date: YYYY}`",
            "`date` needs a string with `format: date` or `format: date-time`, but `amount_cents` is an integer, in `{amount_cents | date: YYYY}`",
            "`round` needs a number, but `date: YYYY` is text, in `{issued | date: YYYY | round: 1}`",
            "`divide` needs a number, but `percent` is text, in `{rate | percent | divide: 2}`",
            "`length` needs an array, but `client` is an object, in `{client | length}`",
            "cannot interpolate `lines`: it is not a single value",
            "`length` needs an array, but `length` is an integer, in `{lines | length | length}`",
        ]
    );
}

#[test]
fn a_bad_argument_says_what_is_accepted() {
    assert_eq!(
        rule_errors(&[
            "{amount_cents | divide: 0}",
            "{amount_cents | divide: -0.0}",
            "{amount_cents | round: -1}",
            "{amount_cents | round: 16}",
            "{amount_cents | percent: 1.5}",
            "{amount_cents | multiply}",
            "{amount_cents | multiply: ten}",
            "{amount_cents | multiply: 1e400}",
            "{amount_cents | divide: NaN}",
            "{lines | length: 2}",
            "{issued | date}",
            "{issued | date: YYYY-QQ}",
            "{issued | date: DD.MM.YYYY HH:mm}",
            "{amount_cents | }",
        ]),
        [
            ("`divide: 0` divides by zero, in `{amount_cents | divide: 0}`", Some("divide by a number other than 0")),
            ("`divide: 0` divides by zero, in `{amount_cents | divide: -0.0}`", Some("divide by a number other than 0")),
            ("`round: -1`: the places are a whole number from 0 to 15, in `{amount_cents | round: -1}`", Some("write `round: 2` for two decimal places")),
            ("`round: 16`: the places are a whole number from 0 to 15, in `{amount_cents | round: 16}`", Some("write `round: 2` for two decimal places")),
            ("`percent: 1.5`: the places are a whole number from 0 to 15, in `{amount_cents | percent: 1.5}`", Some("write `percent: 2` for two decimal places")),
            ("`multiply` needs a number, in `{amount_cents | multiply}`", Some("write a number, such as `multiply: 100`")),
            ("`multiply: ten`: `ten` is not a number, in `{amount_cents | multiply: ten}`", Some("write a number, such as `multiply: 100`")),
            ("`multiply: 1e400` is too large for a number, in `{amount_cents | multiply: 1e400}`", Some("write a number, such as `multiply: 100`")),
            ("`divide: NaN`: `NaN` is not a number, in `{amount_cents | divide: NaN}`", Some("write a number, such as `divide: 100`")),
            ("`length` takes no argument, in `{lines | length: 2}`", Some("write `length`")),
            ("`date` needs a pattern, in `{issued | date}`", Some("write `date: YYYY-MM-DD`, `date: D MMM YYYY`, …")),
            ("bad pattern `YYYY-QQ` at character 6: `QQ` is not a date pattern token; use YYYY, MM, M, MMM, MMMM, DD, D, HH, mm, ss and the separators - / . , : and space, in `{issued | date: YYYY-QQ}`", None),
            ("bad pattern `DD.MM.YYYY HH:mm` at character 12: a `date` value has no time: `HH`, `mm` and `ss` need `format: date-time`, in `{issued | date: DD.MM.YYYY HH:mm}`", None),
            ("a `|` with no transform after it, in `{amount_cents | }`", Some("transforms: divide, multiply, round, percent, date, length, plural")),
        ]
        .map(|(m, h)| (m.to_owned(), h.map(str::to_owned)))
    );
}

#[test]
fn every_place_a_placeholder_goes_is_checked() {
    let found = errors(
        "  rules: [\"{count | round}\"]\n  collection-rules: [\"{sum:amount_cents | devide: 2}\", \"{sum:id | round}\"]\n  agent-limit: { max: 2, summary: \"{shown | lenght}\" }\n  ui:\n    - { summary: \"{issued | date: QQ}\", title: \"{rate | round: x}\" }\n  collection-ui:\n    - echarts: { data: \"{column:lines | divide: 2}\", total: \"{sum:rate | percent: 99}\" }\n",
    );
    let found: Vec<(&str, &str)> = found
        .iter()
        .map(|d| (d.pointer.as_str(), d.message.as_str()))
        .collect();
    assert_eq!(
        found,
        [
            ("/x-fusion/rules/0", "unknown field `count`"),
            (
                "/x-fusion/collection-rules/0",
                "unknown transform `devide`, in `{sum:amount_cents | devide: 2}`"
            ),
            (
                "/x-fusion/collection-rules/1",
                "`{sum:id}` needs a numeric field, and `id` is not one"
            ),
            (
                "/x-fusion/agent-limit/summary",
                "unknown transform `lenght`, in `{shown | lenght}`"
            ),
            (
                "/x-fusion/ui/0/title",
                "`round: x`: the places are a whole number from 0 to 15, in `{rate | round: x}`"
            ),
            (
                "/x-fusion/ui/0/summary",
                "bad pattern `QQ` at character 1: `QQ` is not a date pattern token; use YYYY, MM, M, MMM, MMMM, DD, D, HH, mm, ss and the separators - / . , : and space, in `{issued | date: QQ}`"
            ),
            (
                "/x-fusion/collection-ui/0/echarts/data",
                "`divide` needs a number, but `column:lines` is an array, in `{column:lines | divide: 2}`"
            ),
            (
                "/x-fusion/collection-ui/0/echarts/total",
                "`percent: 99`: the places are a whole number from 0 to 15, in `{sum:rate | percent: 99}`"
            ),
        ]
    );
}

#[test]
fn a_date_that_could_finish_a_tag_is_checked_like_its_field() {
    let found = errors("  rules: [\"a </{issued | date: YYYY}\"]\n");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].message.contains("right before `{issued}`"),
        "{}",
        found[0].message
    );
}

#[test]
fn the_cli_prints_file_line_and_column() {
    let dir = tempfile::tempdir().expect("temp dir");
    let schemas = dir.path().join("schemas");
    std::fs::create_dir_all(&schemas).expect("mkdir");
    std::fs::write(
        schemas.join("invoice.yaml"),
        format!("{HEAD}  rules:\n    - \"Total {{amount_cents | devide: 100}}\"\n    - \"{{lines | round: 2}}\"\n"),
    )
    .expect("write");
    let output = Command::new(env!("CARGO_BIN_EXE_fusion-gen"))
        .current_dir(dir.path())
        .args(["schemas", "-o", "out"])
        .output()
        .expect("fusion-gen runs");
    assert_eq!(output.status.code(), Some(3));
    let text = String::from_utf8_lossy(&output.stderr);
    for expected in [
        "unknown transform `devide`, in `{amount_cents | devide: 100}` (at /x-fusion/rules/0)",
        "invoice.yaml:16:7",
        "help: did you mean `divide`?",
        // The report wraps long lines: the start of the message, then where it is.
        "`round` needs a number, but `lines` is an array",
        "invoice.yaml:17:7",
        "2 errors in the definitions; nothing was written.",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    assert!(!dir.path().join("out").exists());
}
