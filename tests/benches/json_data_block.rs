//! The generated JSON writer against serde_json, side by side in one run, on the 10k invoice rows
//! (`tests/fixtures/bench/invoices-10k.json`): the data block of the generated `ReviewedRow`
//! presenter (pretty, `JSON.stringify(rows, null, 2)`) against `serde_json::to_string_pretty` of the
//! same rows, and the generated writer in compact style (`JSON.stringify(rows)`) against
//! `serde_json::to_string`. Both write the same values (checked before anything is timed); the
//! bytes differ only where Rust and JavaScript print a float differently (serde's `0.0` is
//! JavaScript's `0`), about 2 KB of the 2.2 MB.
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

/// `value` with every number as the double JavaScript holds (`0` and `0.0` are one value).
fn as_doubles(value: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::Number(n) => n.as_f64().map_or(Value::Null, Value::from),
        Value::Array(items) => Value::Array(items.into_iter().map(as_doubles).collect()),
        Value::Object(map) => {
            Value::Object(map.into_iter().map(|(k, v)| (k, as_doubles(v))).collect())
        }
        other => other,
    }
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
    let same_values = |ours: &str, theirs: String| {
        let ours: serde_json::Value = serde_json::from_str(ours).expect("our JSON");
        let theirs: serde_json::Value = serde_json::from_str(&theirs).expect("serde's JSON");
        assert_eq!(as_doubles(ours), as_doubles(theirs));
    };
    same_values(&pretty, serde_json::to_string_pretty(&rows).expect("rows"));
    let compact = to_json(&rows[..], JsonStyle::Compact);
    assert_eq!(compact.len(), 1_684_720, "JSON.stringify(rows)");
    same_values(&compact, serde_json::to_string(&rows).expect("rows"));

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
