//! `fusion-gen tokens` as a user runs it: the table the guide shows (compared with the guide),
//! the `--json` shape, exit codes, and located errors for every kind of bad input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn tokens(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fusion-gen"))
        .current_dir(root())
        .arg("tokens")
        .args(args)
        .output()
        .expect("fusion-gen runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// The billing example's samples, as the guide's command names them.
const BILLING: &[&str] = &[
    "schemas",
    "--sample",
    "invoice=tests/fixtures/samples/invoices.json",
    "--sample",
    "invoice_row=tests/fixtures/bench/invoices-100.json",
    "--sample",
    "client=tests/fixtures/samples/clients.json",
];

#[test]
fn the_readme_shows_the_real_table_of_the_billing_example() {
    let output = tokens(BILLING);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    // Not a terminal: no progress bar, nothing on stderr.
    assert_eq!(text(&output.stderr), "");
    let table = text(&output.stdout);
    let readme = std::fs::read_to_string(root().join("docs/guide.md")).expect("docs/guide.md");
    let start = "<!-- readme:tokens-table -->\n```text\n";
    let shown = readme
        .split_once(start)
        .and_then(|(_, rest)| rest.split_once("```\n"))
        .map(|(table, _)| table)
        .expect("the guide holds the tokens table");
    assert_eq!(
        shown,
        table,
        "the guide's table is stale: paste the output of `fusion-gen tokens {}`",
        BILLING.join(" ")
    );
    for expected in [
        "Invoice (billing/invoice.yaml): a collection of 60 items, 50 kept by the agent limit",
        "_select of the 3 most used fields (id, amount_cents, status):",
        "Note: Blocks added by hooks (user code, `Hooks<InvoicePresenter>`)",
    ] {
        assert!(table.contains(expected), "missing `{expected}` in\n{table}");
    }
}

#[test]
fn json_output_has_the_documented_shape_and_adds_up() {
    let mut args = BILLING.to_vec();
    args.extend(["--json", "--select-fields", "2"]);
    let output = tokens(&args);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(
        json["tokenizers"],
        serde_json::json!(["o200k_base", "cl100k_base"])
    );
    let presenters = json["presenters"].as_array().expect("presenters");
    assert_eq!(presenters.len(), 3);
    let invoice = &presenters[0];
    assert_eq!(invoice["presenter"], "Invoice");
    assert_eq!(invoice["file"], "billing/invoice.yaml");
    assert_eq!(invoice["sample"], "tests/fixtures/samples/invoices.json");
    assert_eq!(invoice["shape"], "collection");
    assert_eq!(
        (invoice["items"].as_u64(), invoice["kept"].as_u64()),
        (Some(60), Some(50))
    );
    assert_eq!(invoice["declared_format"], "pretty");
    assert_eq!(invoice["select"]["k"], 2);
    assert_eq!(
        invoice["select"]["fields"],
        serde_json::json!(["id", "amount_cents"])
    );
    let names: Vec<&str> = invoice["formats"]
        .as_array()
        .expect("formats")
        .iter()
        .map(|f| f["format"].as_str().expect("a name"))
        .collect();
    assert_eq!(
        names,
        ["pretty", "compact", "toon-pipe", "toon-comma", "toon-tab"]
    );
    let blocks: u64 = invoice["blocks"]
        .as_array()
        .expect("blocks")
        .iter()
        .map(|b| b["bytes"].as_u64().expect("bytes"))
        .sum();
    for format in invoice["formats"].as_array().expect("formats") {
        let data = format["data"]["bytes"].as_u64().expect("bytes");
        assert_eq!(
            format["total"]["bytes"].as_u64(),
            Some(data + blocks),
            "{format}"
        );
        assert_eq!(format["declared"], format["format"] == "pretty");
    }
    assert_eq!(invoice["formats"][0]["saving"]["o200k_base"], 0.0);
    assert!(
        invoice["notes"][0]
            .as_str()
            .expect("a note")
            .contains("Hooks<InvoicePresenter>")
    );
    // InvoiceRow declares TOON: its declared layout is the pipe.
    assert_eq!(presenters[1]["declared_format"], "toon-pipe");
    assert_eq!(presenters[1]["formats"][2]["declared"], true);
}

#[test]
fn an_unknown_presenter_is_a_usage_error_with_a_suggestion() {
    let output = tokens(&[
        "schemas",
        "--sample",
        "invoce=tests/fixtures/samples/invoice.json",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        "error: --sample invoce=tests/fixtures/samples/invoice.json: no presenter named `invoce`; did you mean `invoice`?\n"
    );
    assert_eq!(text(&output.stdout), "");
}

#[test]
fn a_sample_that_is_not_json_is_located_by_line_and_column() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("broken.json");
    std::fs::write(&path, "[\n  {\"id\": \"A\",\n   \"amount_cents\": 12,,\n]").expect("written");
    let sample = format!("invoice={}", path.display());
    let output = tokens(&["schemas", "--sample", &sample]);
    assert_eq!(output.status.code(), Some(6));
    assert_eq!(
        text(&output.stderr),
        format!(
            "error: {}:3:23: the sample is not JSON: key must be a string\n",
            path.display()
        )
    );
}

#[test]
fn a_sample_that_does_not_fit_the_schema_names_the_value() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("rows.json");
    std::fs::write(
        &path,
        r#"[{"id": "A", "amount_cents": 1, "status": "paid", "client": {"id": "C", "name": "N"}},
            {"id": "B", "amount_cents": 2, "status": "lost", "client": {"id": "C", "name": "N"}}]"#,
    )
    .expect("written");
    let sample = format!("invoice={}", path.display());
    let output = tokens(&["schemas", "--sample", &sample]);
    assert_eq!(output.status.code(), Some(6));
    assert_eq!(
        text(&output.stderr),
        format!(
            "error: {}: the sample does not fit the Invoice presenter (billing/invoice.yaml), at /1/status: expected one of \"paid\", \"pending\", \"overdue\" (InvoiceStatus), found the string \"lost\"\n",
            path.display()
        )
    );
}

#[test]
fn bad_command_lines_and_bad_definitions_have_their_exit_codes() {
    for args in [
        vec!["schemas", "--sample", "invoice"],
        vec!["schemas", "--sample", "=x.json"],
        vec!["schemas"],
        vec![
            "schemas",
            "--sample",
            "invoice=tests/fixtures/samples/invoice.json",
            "--select-fields",
            "0",
        ],
    ] {
        let output = tokens(&args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&output.stderr)
        );
    }
    let output = tokens(&[
        "schemas",
        "--sample",
        "invoice=tests/fixtures/samples/missing.json",
    ]);
    assert_eq!(output.status.code(), Some(4));
    assert!(
        text(&output.stderr)
            .starts_with("error: cannot read the sample tests/fixtures/samples/missing.json: ")
    );
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(
        dir.path().join("broken.yaml"),
        "title: Broken\ntype: object\nproperties: 3\n",
    )
    .expect("written");
    let definitions = dir.path().display().to_string();
    let output = tokens(&[&definitions, "--sample", "broken=x.json"]);
    assert_eq!(output.status.code(), Some(3), "{}", text(&output.stderr));
}

#[test]
fn one_item_is_measured_as_an_item() {
    let output = tokens(&[
        "schemas",
        "--sample",
        "Invoice=tests/fixtures/samples/invoice.json",
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let invoice = &json["presenters"][0];
    assert_eq!(
        (invoice["shape"].as_str(), invoice["items"].as_u64()),
        (Some("item"), Some(1))
    );
    let labels: Vec<&str> = invoice["blocks"]
        .as_array()
        .expect("blocks")
        .iter()
        .map(|b| b["block"].as_str().expect("a label"))
        .collect();
    assert_eq!(
        labels,
        [
            "ui_passthrough type=\"markdown\" title=\"Invoice INV-000002\" width=\"half\" priority=\"1\"",
            "ui_passthrough type=\"summary\"",
            "domain_rules",
            "domain_rules",
            "action_suggestions"
        ]
    );
}
