//! What a presenter's declared behaviour costs on top of its data block, on 10,000 invoice rows:
//! rules, collection rules, a summary and suggestions read the first row or aggregates and must
//! add under 2%; a table UI block reads every row and should cost no more per output byte than
//! the data block itself.
//!
//! Run: `cargo bench -p fusion-tests --bench responses -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use fusion_runtime::{Presenter, Selection};
use fusion_tests::snapshots::bench::{
    ReviewedRow, ReviewedRowPresenter, TabledRow, TabledRowPresenter,
};

fn rows<T: serde::de::DeserializeOwned>() -> Vec<T> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/bench/invoices-10k.json"
    );
    let text = std::fs::read_to_string(path).expect("benchmark data is readable");
    serde_json::from_str(&text).expect("invoice rows")
}

fn responses(c: &mut Criterion) {
    let reviewed: Vec<ReviewedRow> = rows();
    let tabled: Vec<TabledRow> = rows();
    let all = Selection::all();

    // What each variant writes, checked once outside the timed loops.
    let mut data = String::new();
    ReviewedRowPresenter.write_collection_data(&reviewed, &all, &mut data);
    let behaviours = ReviewedRowPresenter.present_collection(&reviewed);
    let full = TabledRowPresenter.present_collection(&tabled);
    assert_eq!(
        data.len(),
        2_224_721,
        "the data block is JSON.stringify(rows, null, 2)"
    );
    assert_eq!(behaviours.texts()[0], data);
    assert_eq!(full.texts()[0], data);
    let table = full
        .texts()
        .iter()
        .find(|t| t.contains("| --- |"))
        .expect("a table block");
    eprintln!(
        "bytes: data block {}, other blocks without the table {}, table block {}",
        data.len(),
        behaviours.texts()[1..]
            .iter()
            .map(String::len)
            .sum::<usize>(),
        table.len()
    );

    let mut group = c.benchmark_group("invoice_response_10k");
    group.bench_function("data block only", |b| {
        b.iter(|| {
            let mut out = String::new();
            ReviewedRowPresenter.write_collection_data(black_box(&reviewed), &all, &mut out);
            out
        })
    });
    group.bench_function(
        "data + rules, collection rules, summary, suggestions",
        |b| b.iter(|| ReviewedRowPresenter.present_collection(black_box(&reviewed))),
    );
    group.bench_function("data + all of the above + table block", |b| {
        b.iter(|| TabledRowPresenter.present_collection(black_box(&tabled)))
    });
    group.finish();
}

criterion_group!(benches, responses);
criterion_main!(benches);
