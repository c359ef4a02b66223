//! The terminal tables of `fusion-gen tokens`: per presenter, its blocks, then the response per
//! data format, then the same with a typical `_select`; plain text, right-aligned numbers.

use fusion_gen::{LayoutSize, Size};

use super::tokens::Measured;

const TOKENIZERS: [&str; 2] = ["o200k_base", "cl100k_base"];

/// Every presenter's tables, separated by a blank line.
pub fn render(measured: &[Measured]) -> String {
    measured
        .iter()
        .map(presenter)
        .collect::<Vec<_>>()
        .join("\n")
}

fn presenter(measured: &Measured) -> String {
    let report = &measured.report;
    let mut out = String::new();
    let shape = if report.shape == "collection" {
        let limit = if report.kept < report.items {
            format!(", {} kept by the agent limit", report.kept)
        } else {
            String::new()
        };
        format!("a collection of {} items{limit}", report.items)
    } else {
        "one item".to_owned()
    };
    out.push_str(&format!(
        "{} ({}): {shape}, sample {}\n\n",
        report.presenter, report.file, measured.sample
    ));
    let mut rows = vec![
        ["block", "bytes", "o200k", "cl100k"]
            .map(String::from)
            .to_vec(),
    ];
    rows.push(vec![
        "data (per format, below)".into(),
        String::new(),
        String::new(),
        String::new(),
    ]);
    // Consecutive blocks of the same kind (the embedded rules of every item) share one row.
    let mut index = 0;
    while index < report.blocks.len() {
        let label = &report.blocks[index].block;
        let run = report.blocks[index..]
            .iter()
            .take_while(|b| &b.block == label)
            .count();
        let group = &report.blocks[index..index + run];
        let mut cells = vec![if run > 1 {
            format!("{} ×{run}", short(label))
        } else {
            short(label)
        }];
        cells.push(
            group
                .iter()
                .map(|b| b.size.bytes)
                .sum::<usize>()
                .to_string(),
        );
        for tokenizer in TOKENIZERS {
            let tokens: usize = group.iter().map(|b| b.size.tokens_of(tokenizer)).sum();
            cells.push(tokens.to_string());
        }
        rows.push(cells);
        index += run;
    }
    if report.blocks.is_empty() {
        rows.push(vec!["(no other blocks)".into()]);
    }
    out.push_str(&align(&rows));
    out.push('\n');
    out.push_str(&formats(&report.formats));
    out.push('\n');
    out.push_str(&format!(
        "_select of the {} most used fields ({}):\n",
        report.select.k,
        report.select.fields.join(", ")
    ));
    out.push_str(&formats(&report.select.formats));
    out.push_str(
        "\n* the declared data-format. Saving: of the whole response against pretty JSON without _select.\nMost used: the fields with the most non-null values in the sample.\n",
    );
    for note in &report.notes {
        out.push_str(&format!("Note: {note}\n"));
    }
    out
}

/// A block label cut to 60 characters, so that the table stays narrow.
fn short(label: &str) -> String {
    if label.chars().count() > 60 {
        let cut: String = label.chars().take(59).collect();
        format!("{cut}…")
    } else {
        label.to_owned()
    }
}

fn size_cells(size: &Size) -> Vec<String> {
    let mut cells = vec![size.bytes.to_string()];
    cells.extend(TOKENIZERS.iter().map(|t| size.tokens_of(t).to_string()));
    cells
}

fn formats(layouts: &[LayoutSize]) -> String {
    let mut rows = vec![
        [
            "format",
            "data bytes",
            "o200k",
            "cl100k",
            "total bytes",
            "o200k",
            "cl100k",
            "saving o200k",
            "cl100k",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for layout in layouts {
        let mut cells = vec![format!(
            "{}{}",
            layout.format,
            if layout.declared { " *" } else { "" }
        )];
        cells.extend(size_cells(&layout.data));
        cells.extend(size_cells(&layout.total));
        for tokenizer in TOKENIZERS {
            let saving = layout
                .saving
                .get(tokenizer)
                .and_then(serde_json::Value::as_f64)
                .unwrap_or_default();
            cells.push(format!("{saving:.1}%"));
        }
        rows.push(cells);
    }
    align(&rows)
}

/// Lays rows out in columns two spaces apart: the first left-aligned, the others right-aligned.
fn align(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or_default();
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|cell| cell.chars().count())
                .max()
                .unwrap_or_default()
        })
        .collect();
    let mut out = String::new();
    for cells in rows {
        let mut line = String::from("  ");
        for (c, cell) in cells.iter().enumerate() {
            let pad = widths[c] - cell.chars().count();
            if c == 0 {
                line.push_str(cell);
                line.push_str(&" ".repeat(pad));
            } else {
                line.push_str("  ");
                line.push_str(&" ".repeat(pad));
                line.push_str(cell);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
