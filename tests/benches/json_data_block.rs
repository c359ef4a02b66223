//! The generated JSON writer against serde_json, side by side in one run, on the 10k invoice rows
//! (`tests/fixtures/bench/invoices-10k.json`): the data block of the generated `ReviewedRow`
//! presenter (pretty, `JSON.stringify(rows, null, 2)`) against `serde_json::to_string_pretty` of the
//! same rows, and the generated writer in compact style (`JSON.stringify(rows)`) against
//! `serde_json::to_string`. The two peers write the same bytes here (no float in the data prints
//! differently in Rust and JavaScript); that is checked before anything is timed.
//!
//! Run: `cargo bench -p fusion-tests --bench json_data_block -- --warm-up-time 1 --measurement-time 3`
//! (instruction counts, which a busy machine does not disturb: `examples/response_cost.rs`).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fusion_runtime::json::{JsonStyle, to_json};
use fusion_runtime::{Presenter, Selection};
use fusion_tests::snapshots::bench::{ReviewedRow, ReviewedRowPresenter};

fn rows() -> Vec<ReviewedRow> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/bench/invoices-10k.json"
    );
    let text = std::fs::read_to_string(path).expect("benchmark data is readable");
    serde_json::from_str(&text).expect("invoice rows")
}

fn data_block(rows: &[ReviewedRow]) -> String {
    let mut out = String::new();
    ReviewedRowPresenter.write_collection_data(rows, &Selection::all(), &mut out);
    out
}

fn json_data_block(c: &mut Criterion) {
    let rows = rows();
    let pretty = data_block(&rows);
    assert_eq!(pretty.len(), 2_224_721, "JSON.stringify(rows, null, 2)");
    assert_eq!(pretty, serde_json::to_string_pretty(&rows).expect("rows"));
    let compact = to_json(&rows[..], JsonStyle::Compact);
    assert_eq!(compact, serde_json::to_string(&rows).expect("rows"));

    let mut group = c.benchmark_group("json_pretty_10k");
    group.throughput(Throughput::Bytes(pretty.len() as u64));
    group.bench_function("serde_json::to_string_pretty", |b| {
        b.iter(|| serde_json::to_string_pretty(black_box(&rows)).expect("rows"))
    });
    group.bench_function("generated data block", |b| {
        b.iter(|| data_block(black_box(&rows)))
    });
    group.finish();

    let mut group = c.benchmark_group("json_compact_10k");
    group.throughput(Throughput::Bytes(compact.len() as u64));
    group.bench_function("serde_json::to_string", |b| {
        b.iter(|| serde_json::to_string(black_box(&rows)).expect("rows"))
    });
    group.bench_function("generated writer, compact", |b| {
        b.iter(|| to_json(black_box(&rows[..]), JsonStyle::Compact))
    });
    group.finish();
}

criterion_group!(benches, json_data_block);
criterion_main!(benches);
