//! The generic TOON encoder against `serde_toon` and `toon-format` on the project's benchmark
//! data: 10,000 uniform invoice rows, pipe delimiter, as `toon_success` encodes them.
//!
//! Run: `cargo bench -p fusion-runtime --bench toon_encoder -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fusion_runtime::toon::{ToonOptions, encode_serialize, encode_value};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Size of `@toon-format/toon` 4.4.0 `encode(rows, {delimiter: '|'})` on this data
/// (`tests/fixtures/bench/README.md`).
const REFERENCE_BYTES: usize = 844_804;

#[derive(Serialize, Deserialize)]
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

fn serde_toon_pipe() -> serde_toon::ToonOptions {
    serde_toon::ToonOptions::new().with_delimiter(serde_toon::Delimiter::Pipe)
}

fn toon_format_pipe() -> toon_format::EncodeOptions {
    toon_format::EncodeOptions::new().with_delimiter(toon_format::Delimiter::Pipe)
}

fn invoices(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/fixtures/bench/invoices-10k.json"
    );
    let text = std::fs::read_to_string(path).expect("benchmark data is readable");
    let value: Value = serde_json::from_str(&text).expect("benchmark data is JSON");
    let rows: Vec<Invoice> = serde_json::from_str(&text).expect("benchmark data has invoice rows");
    let pipe = ToonOptions::pipe();

    // Correctness first, outside the timed loops: the same bytes as the reference encoder's size
    // and as serde_toon's output, on both inputs.
    let ours = encode_value(&value, &pipe);
    assert_eq!(
        ours.len(),
        REFERENCE_BYTES,
        "size of the reference encoding"
    );
    let serde_toon_value = serde_toon::to_string_with_options(&value, serde_toon_pipe()).unwrap();
    assert_eq!(ours, serde_toon_value, "serde_toon on the same Value");
    let serde_toon_typed = serde_toon::to_string_with_options(&rows, serde_toon_pipe()).unwrap();
    assert_eq!(ours, serde_toon_typed, "serde_toon on the typed rows");
    assert_eq!(
        ours,
        encode_serialize(&rows, &pipe).unwrap(),
        "ours on the typed rows"
    );
    let toon_format_value = toon_format::encode(&value, &toon_format_pipe()).unwrap();
    assert_eq!(ours, toon_format_value, "toon-format on the same Value");

    let mut group = c.benchmark_group("toon_invoices_10k_pipe");
    group.throughput(Throughput::Bytes(REFERENCE_BYTES as u64));
    // toon-format takes tens of milliseconds per run; fewer samples keep the run near the
    // requested measurement time without changing the medians.
    group.sample_size(30);
    group.bench_function("fusion_runtime/value", |b| {
        b.iter(|| encode_value(black_box(&value), &pipe))
    });
    group.bench_function("serde_toon/value", |b| {
        b.iter(|| serde_toon::to_string_with_options(black_box(&value), serde_toon_pipe()))
    });
    group.bench_function("toon_format/value", |b| {
        b.iter(|| toon_format::encode(black_box(&value), &toon_format_pipe()))
    });
    group.bench_function("fusion_runtime/typed_via_value", |b| {
        b.iter(|| encode_serialize(black_box(&rows), &pipe))
    });
    group.bench_function("serde_toon/typed", |b| {
        b.iter(|| serde_toon::to_string_with_options(black_box(&rows), serde_toon_pipe()))
    });
    group.bench_function("toon_format/typed", |b| {
        b.iter(|| toon_format::encode(black_box(&rows), &toon_format_pipe()))
    });
    group.finish();
}

criterion_group!(benches, invoices);
criterion_main!(benches);
