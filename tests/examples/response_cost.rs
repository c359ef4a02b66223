//! Builds one 10k-invoice response once, for instruction counts under callgrind, which stay the
//! same whatever else the machine runs (criterion's wall times on a shared 2-core machine do not):
//!
//! ```text
//! cargo build --release -p fusion-tests --example response_cost
//! for what in parse data compact serde_pretty serde_compact behaviours table; do
//!   valgrind --tool=callgrind --callgrind-out-file=/tmp/$what.out \
//!     target/release/examples/response_cost $what
//! done
//! ```
//!
//! `parse` reads the rows only; `data` writes the data block alone (pretty), `compact` the same
//! rows through the generated writer in compact style, `serde_pretty` / `serde_compact` through
//! `serde_json::to_string_pretty` / `to_string` (the peers); `behaviours` builds the
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
        "compact" => {
            let rows: Vec<ReviewedRow> = serde_json::from_str(&text).expect("rows");
            fusion_runtime::json::to_json(&rows[..], fusion_runtime::json::JsonStyle::Compact).len()
        }
        "serde_pretty" => {
            let rows: Vec<ReviewedRow> = serde_json::from_str(&text).expect("rows");
            serde_json::to_string_pretty(&rows).expect("rows").len()
        }
        "serde_compact" => {
            let rows: Vec<ReviewedRow> = serde_json::from_str(&text).expect("rows");
            serde_json::to_string(&rows).expect("rows").len()
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
