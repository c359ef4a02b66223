//! The generated TOON encoder (`InvoiceRow`, `schemas/billing/invoice_row.yaml`) against
//! `serde_toon` and `toon-format` encoding the same typed rows through serde, and against the
//! runtime's generic encoder on a `serde_json::Value`: 10,000 invoice rows, pipe delimiter.
//!
//! Run: `cargo bench -p fusion-tests --bench toon_typed -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fusion_runtime::Selection;
use fusion_runtime::toon::{ToonOptions, encode_typed_slice, encode_value};
use fusion_tests::generated::InvoiceRow;
use serde_json::Value;

/// Size of `@toon-format/toon` 4.4.0 `encode(rows, {delimiter: '|'})` on this data.
const REFERENCE_BYTES: usize = 844_804;

fn serde_toon_pipe() -> serde_toon::ToonOptions {
    serde_toon::ToonOptions::new().with_delimiter(serde_toon::Delimiter::Pipe)
}

fn toon_format_pipe() -> toon_format::EncodeOptions {
    toon_format::EncodeOptions::new().with_delimiter(toon_format::Delimiter::Pipe)
}

fn invoices(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/bench/invoices-10k.json"
    );
    let text = std::fs::read_to_string(path).expect("benchmark data is readable");
    let value: Value = serde_json::from_str(&text).expect("benchmark data is JSON");
    let rows: Vec<InvoiceRow> = serde_json::from_str(&text).expect("invoice rows");
    let pipe = ToonOptions::pipe();
    let all = Selection::all();

    // Correctness first, outside the timed loops: every encoder writes the same bytes.
    let ours = encode_typed_slice(&rows, &all, &pipe);
    assert_eq!(
        ours.len(),
        REFERENCE_BYTES,
        "size of the reference encoding"
    );
    assert_eq!(
        ours,
        encode_value(&value, &pipe),
        "generic encoder on the Value"
    );
    let serde_toon_typed = serde_toon::to_string_with_options(&rows, serde_toon_pipe()).unwrap();
    assert_eq!(ours, serde_toon_typed, "serde_toon on the typed rows");
    let toon_format_typed = toon_format::encode(&rows, &toon_format_pipe()).unwrap();
    assert_eq!(ours, toon_format_typed, "toon-format on the typed rows");

    let mut group = c.benchmark_group("toon_typed_invoices_10k_pipe");
    group.throughput(Throughput::Bytes(REFERENCE_BYTES as u64));
    group.sample_size(30);
    group.bench_function("generated", |b| {
        b.iter(|| encode_typed_slice(black_box(&rows), &all, &pipe))
    });
    group.bench_function("serde_toon/typed", |b| {
        b.iter(|| serde_toon::to_string_with_options(black_box(&rows), serde_toon_pipe()))
    });
    group.bench_function("toon_format/typed", |b| {
        b.iter(|| toon_format::encode(black_box(&rows), &toon_format_pipe()))
    });
    group.bench_function("fusion_runtime/value", |b| {
        b.iter(|| encode_value(black_box(&value), &pipe))
    });
    group.finish();
}

criterion_group!(benches, invoices);
criterion_main!(benches);
