//! Encodes the 10k benchmark rows once, for instruction counts under callgrind:
//!
//! ```text
//! cargo build --release -p fusion-tests --example toon_once
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/x.out target/release/examples/toon_once generated
//! ```
//!
//! The argument picks the encoder: `generated` (default), `serde_toon`, or `parse` (reading the
//! rows only, to subtract); `generic` and `serde_toon-value` encode a `serde_json::Value`, to
//! subtract `parse-value`. It prints the output size; Ir per byte is (Ir − parse Ir) / bytes.
//! `time` prints the median wall time of each encoder over 21 runs (a quick check beside the
//! criterion bench); `tokens` prints the o200k_base token table of the data block formats.

use fusion_runtime::Selection;
use fusion_runtime::record::WriteSelected;
use fusion_runtime::toon::{ToonOptions, encode_typed_slice};
use fusion_tests::generated::InvoiceRow;

fn main() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/bench/invoices-10k.json"
    );
    let text = std::fs::read_to_string(path).expect("benchmark data is readable");
    let rows: Vec<InvoiceRow> = serde_json::from_str(&text).expect("invoice rows");
    let which = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "generated".into());
    let out = match which.as_str() {
        "serde_toon" => serde_toon::to_string_with_options(
            &rows,
            serde_toon::ToonOptions::new().with_delimiter(serde_toon::Delimiter::Pipe),
        )
        .expect("encodes"),
        "parse" => String::new(),
        // The generic encoder and serde_toon on the same `serde_json::Value`; subtract
        // `parse-value`, which also builds the Value.
        "generic" => {
            let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            fusion_runtime::toon::encode_value(&value, &ToonOptions::pipe())
        }
        "serde_toon-value" => {
            let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            serde_toon::to_string_with_options(
                &value,
                serde_toon::ToonOptions::new().with_delimiter(serde_toon::Delimiter::Pipe),
            )
            .expect("encodes")
        }
        "parse-value" => {
            let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            std::hint::black_box(value);
            String::new()
        }
        "time" => return time(&rows, &text),
        "tokens" => return tokens(&rows),
        _ => encode_typed_slice(&rows, &Selection::all(), &ToonOptions::pipe()),
    };
    println!("{which}: {} bytes", out.len());
}

fn median_ms(mut run: impl FnMut() -> usize) -> f64 {
    let mut times: Vec<f64> = (0..21)
        .map(|_| {
            let start = std::time::Instant::now();
            std::hint::black_box(run());
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[10]
}

fn time(rows: &[InvoiceRow], text: &str) {
    let value: serde_json::Value = serde_json::from_str(text).expect("JSON");
    let pipe = ToonOptions::pipe();
    let st = || serde_toon::ToonOptions::new().with_delimiter(serde_toon::Delimiter::Pipe);
    let tf = toon_format::EncodeOptions::new().with_delimiter(toon_format::Delimiter::Pipe);
    let generated = median_ms(|| encode_typed_slice(rows, &Selection::all(), &pipe).len());
    let serde_toon =
        median_ms(|| serde_toon::to_string_with_options(rows, st()).map_or(0, |s| s.len()));
    let toon_format = median_ms(|| toon_format::encode(&rows, &tf).map_or(0, |s| s.len()));
    let generic = median_ms(|| fusion_runtime::toon::encode_value(&value, &pipe).len());
    println!(
        "generated {generated:.2} ms; serde_toon {serde_toon:.2} ms ({:.1}x); toon-format {toon_format:.2} ms ({:.1}x); generic on Value {generic:.2} ms ({:.1}x)",
        serde_toon / generated,
        toon_format / generated,
        generic / generated
    );
}

fn tokens(rows: &[InvoiceRow]) {
    use fusion_runtime::json::{JsonStyle, to_json};
    use fusion_runtime::toon::Delimiter;
    let bpe = tiktoken_rs::o200k_base().expect("o200k_base ships in tiktoken-rs");
    let count = |text: &str| bpe.encode_ordinary(text).len();
    let pretty = to_json(rows, JsonStyle::Pretty);
    let pretty_tokens = count(&pretty);
    let mut table = vec![("pretty JSON", pretty.len(), pretty_tokens)];
    let compact = to_json(rows, JsonStyle::Compact);
    table.push(("compact JSON", compact.len(), count(&compact)));
    for (name, d) in [
        ("TOON pipe", Delimiter::Pipe),
        ("TOON comma", Delimiter::Comma),
        ("TOON tab", Delimiter::Tab),
    ] {
        let toon = encode_typed_slice(
            rows,
            &Selection::all(),
            &ToonOptions::new().with_delimiter(d),
        );
        table.push((name, toon.len(), count(&toon)));
    }
    let two = Selection::from_indices([0, 1]);
    let selected = encode_typed_slice(rows, &two, &ToonOptions::pipe());
    table.push((
        "TOON pipe, _select id,amount_cents",
        selected.len(),
        count(&selected),
    ));
    let mut json_selected = String::new();
    {
        let mut writer =
            fusion_runtime::json::JsonWriter::new(&mut json_selected, JsonStyle::Pretty);
        let mut array = writer.array();
        for row in rows {
            row.write_json_selected(array.next_element(), &two);
        }
        array.end();
    }
    table.push((
        "pretty JSON, _select id,amount_cents",
        json_selected.len(),
        count(&json_selected),
    ));
    println!("| format | bytes | tokens (o200k_base) | tokens vs pretty JSON |");
    println!("|---|---:|---:|---:|");
    for (name, bytes, tokens) in table {
        println!(
            "| {name} | {bytes} | {tokens} | {:.3} |",
            tokens as f64 / pretty_tokens as f64
        );
    }
}
