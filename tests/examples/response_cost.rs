//! Builds one 10k-invoice response once, for instruction counts under callgrind, which stay the
//! same whatever else the machine runs (criterion's wall times on a shared 2-core machine do not):
//!
//! ```text
//! cargo build --release -p fusion-tests --example response_cost
//! for what in parse data behaviours table; do
//!   valgrind --tool=callgrind --callgrind-out-file=/tmp/$what.out \
//!     target/release/examples/response_cost $what
//! done
//! ```
//!
//! `parse` reads the rows only; `data` writes the data block alone; `behaviours` builds the
//! response with rules, collection rules, a summary and suggestions; `table` adds a table UI
//! block. Subtract `parse` from each; the ratios are what `benches/responses.rs` times.

use fusion_runtime::{Presenter, Selection};
use fusion_tests::snapshots::bench::{
    ReviewedRow, ReviewedRowPresenter, TabledRow, TabledRowPresenter,
};

fn main() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/bench/invoices-10k.json"
    );
    let text = std::fs::read_to_string(path).expect("benchmark data is readable");
    let which = std::env::args().nth(1).unwrap_or_else(|| "data".into());
    let bytes: usize = match which.as_str() {
        "parse" => serde_json::from_str::<Vec<ReviewedRow>>(&text)
            .expect("rows")
            .len(),
        "data" => {
            let rows: Vec<ReviewedRow> = serde_json::from_str(&text).expect("rows");
            let mut out = String::new();
            ReviewedRowPresenter.write_collection_data(&rows, &Selection::all(), &mut out);
            out.len()
        }
        "behaviours" => {
            let rows: Vec<ReviewedRow> = serde_json::from_str(&text).expect("rows");
            let response = ReviewedRowPresenter.present_collection(&rows);
            response.texts().iter().map(String::len).sum()
        }
        _ => {
            let rows: Vec<TabledRow> = serde_json::from_str(&text).expect("rows");
            let response = TabledRowPresenter.present_collection(&rows);
            response.texts().iter().map(String::len).sum()
        }
    };
    println!("{which}: {bytes} bytes");
}
