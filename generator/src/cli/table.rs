//! The terminal tables of `fusion-gen tokens`: per presenter, its blocks, then the response per
//! data format, then the same with a typical `_select`; plain text, right-aligned numbers.

use fusion_gen::render::report::{LayoutSize, Size};

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
    for block in &report.blocks {
        let mut cells = vec![block.block.clone()];
        cells.extend(size_cells(&block.size));
        rows.push(cells);
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
