//! The data block of 10k uniform invoice rows, pretty-printed three ways: serde_json (the peer),
//! the Serialize path with JavaScript numbers, and the typed writer as generated code drives it.
//! Then the first 50 rows' block escaped into a JSON string, as a served response carries it:
//! serde_json (what rmcp's serialization does) against `json::escape_inside_into` (issue 41).
//!
//! Run: `cargo bench -p fusion-runtime --bench json_writer -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fusion_runtime::json::{
    JsonStyle, JsonWriter, WriteJson, escape_inside_into, to_json, to_pretty,
};
use serde::{Deserialize, Serialize};

/// Size of `JSON.stringify(rows, null, 2)` in Node (tests/fixtures/bench/README.md).
const REFERENCE_PRETTY_BYTES: usize = 2_224_721;

/// One row of `invoices-10k.json`, fields in schema order.
#[derive(Deserialize, Serialize)]
struct Invoice {
    id: String,
    amount_cents: i64,
    status: String,
    client_name: String,
    due: String,
    paid: bool,
    tax_rate: f64,
    notes: String,
}

/// What the generator emits for this schema: precomputed key literals, no dynamic lookups.
impl WriteJson for Invoice {
    fn write_json(&self, w: &mut JsonWriter<'_>) {
        let mut o = w.object();
        o.field("\"id\"", &self.id);
        o.field("\"amount_cents\"", &self.amount_cents);
        o.field("\"status\"", &self.status);
        o.field("\"client_name\"", &self.client_name);
        o.field("\"due\"", &self.due);
        o.field("\"paid\"", &self.paid);
        o.field("\"tax_rate\"", &self.tax_rate);
        o.field("\"notes\"", &self.notes);
        o.end();
    }
}

fn load_rows() -> Vec<Invoice> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/fixtures/bench/invoices-10k.json"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|err| panic!("{path}: {err}"));
    serde_json::from_str(&text).expect("invoice rows")
}

fn bench_pretty(c: &mut Criterion) {
    let rows = load_rows();
    assert_eq!(rows.len(), 10_000);

    // Correctness once, outside the timed loops: the typed writer must be the exact bytes of
    // `JSON.stringify(rows, null, 2)` and of the Serialize path.
    let typed = to_json(&rows[..], JsonStyle::Pretty);
    assert_eq!(typed.len(), REFERENCE_PRETTY_BYTES);
    assert_eq!(typed, to_pretty(&rows).unwrap());

    let mut group = c.benchmark_group("pretty_10k_invoices");
    group.throughput(Throughput::Bytes(typed.len() as u64));
    group.bench_function("serde_json::to_string_pretty", |b| {
        b.iter(|| serde_json::to_string_pretty(black_box(&rows)).unwrap())
    });
    group.bench_function("json::to_pretty (Serialize path)", |b| {
        b.iter(|| to_pretty(black_box(&rows)).unwrap())
    });
    group.bench_function("json::to_json (typed writer)", |b| {
        b.iter(|| to_json(black_box(&rows[..]), JsonStyle::Pretty))
    });
    group.finish();
}

/// A 50-row page's pretty data block embedded in a JSON string: the second escape of a served
/// response. The same bytes both ways, checked once.
fn bench_embed(c: &mut Criterion) {
    let rows = load_rows();
    let block = to_json(&rows[..50], JsonStyle::Pretty);
    let mut embedded = Vec::new();
    escape_inside_into(&mut embedded, &block);
    let quoted = serde_json::to_vec(&block).expect("a string serializes");
    assert_eq!(embedded, quoted[1..quoted.len() - 1]);

    let mut group = c.benchmark_group("embed_50_rows");
    group.throughput(Throughput::Bytes(block.len() as u64));
    group.bench_function("serde_json::to_writer (a str)", |b| {
        let mut out = Vec::with_capacity(quoted.len());
        b.iter(|| {
            out.clear();
            serde_json::to_writer(&mut out, black_box(block.as_str())).unwrap();
            black_box(out.len())
        })
    });
    group.bench_function("json::escape_inside_into", |b| {
        let mut out = Vec::with_capacity(quoted.len());
        b.iter(|| {
            out.clear();
            escape_inside_into(&mut out, black_box(&block));
            black_box(out.len())
        })
    });
    group.finish();
}

criterion_group!(benches, bench_pretty, bench_embed);
criterion_main!(benches);
