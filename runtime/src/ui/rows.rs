//! Markdown tables and lists written row by row: the one layout of both, for generated
//! presenters (straight into a block's wire text, [`UiWriter::table`], [`UiWriter::list`]), the
//! [`crate::UiBlock::table`] and [`crate::UiBlock::list`] helpers, and the generator's in-process renderer.
//!
//! A table is `| H1 | H2 |⏎| --- | --- |`, then `⏎| c1 | c2 |` per row; with no rows it ends
//! with the line break after the separator (`| A |⏎| --- |⏎`), as upstream joins
//! `[header, separator, rows.join(⏎)]` with ⏎. A list is one `- item` line per item.
//!
//! What goes in a cell or an item is the caller's to escape (generated code escapes each value as
//! a cell or a line where it writes it): both writers dereference to the text, so whatever
//! appends to a `String` appends to the current cell or item.

use std::ops::{Deref, DerefMut};

use super::UiWriter;

/// A markdown table being written into `W` (a block's [`UiWriter`], or a `&mut String`).
#[derive(Debug)]
pub struct TableWriter<W> {
    out: W,
    rows: usize,
    /// The rows the caller expects, to reserve room for them after the first.
    expected: usize,
    /// Where the first row starts.
    first_row: usize,
}

impl<W: DerefMut<Target = String>> TableWriter<W> {
    /// Writes the header line through `push` (an escape, or `String::push_str` for checked
    /// text) and the separator line, expecting `rows` rows.
    pub fn start<'h>(
        mut out: W,
        headers: impl IntoIterator<Item = &'h str>,
        push: fn(&mut String, &str),
        rows: usize,
    ) -> Self {
        let mut columns = 0;
        push_row(
            &mut out,
            headers.into_iter().inspect(|_| columns += 1),
            push,
        );
        out.push('\n');
        push_row(&mut out, (0..columns).map(|_| "---"), String::push_str);
        let first_row = out.len();
        Self {
            out,
            rows: 0,
            expected: rows,
            first_row,
        }
    }

    /// Starts a row; its first cell follows.
    pub fn row(&mut self) {
        self.out.push_str("\n| ");
    }

    /// Ends a cell; the next cell of the row follows.
    pub fn next_cell(&mut self) {
        self.out.push_str(" | ");
    }

    /// Ends the row. After the first, room is reserved for the expected rest at its size: a table
    /// of every item of a 10k-item collection then grows once instead of doubling (and copying
    /// itself) about twenty times.
    pub fn end_row(&mut self) {
        self.out.push_str(" |");
        self.rows += 1;
        if self.rows == 1 {
            reserve_like(
                &mut self.out,
                self.first_row,
                self.expected.saturating_sub(1),
            );
        }
    }

    /// Ends the table; one without rows ends its separator line.
    pub fn finish(mut self) -> W {
        if self.rows == 0 {
            self.out.push('\n');
        }
        self.out
    }
}

/// A markdown list being written into `W` (a block's [`UiWriter`], or a `&mut String`).
#[derive(Debug)]
pub struct ListWriter<W> {
    out: W,
    items: usize,
    expected: usize,
    start: usize,
}

impl<W: DerefMut<Target = String>> ListWriter<W> {
    /// A list of `items` expected items, written from the end of `out`.
    pub fn start(out: W, items: usize) -> Self {
        let start = out.len();
        Self {
            out,
            items: 0,
            expected: items,
            start,
        }
    }

    /// Starts an item (`- `, on a line of its own after the first); its text follows. Room for
    /// the expected rest is reserved at the first item's size, as a table does.
    pub fn item(&mut self) {
        if self.items == 1 {
            reserve_like(&mut self.out, self.start, self.expected.saturating_sub(1));
        }
        if self.items > 0 {
            self.out.push('\n');
        }
        self.out.push_str("- ");
        self.items += 1;
    }

    /// Ends the list.
    pub fn finish(self) -> W {
        self.out
    }
}

/// `| c1 | c2 |`: upstream's `` `| ${cells.join(' | ')} |` ``, each cell through `push` (the
/// header and separator lines; rows are written cell by cell through the writer).
fn push_row<'a>(
    out: &mut String,
    cells: impl Iterator<Item = &'a str>,
    push: fn(&mut String, &str),
) {
    out.push_str("| ");
    for (index, cell) in cells.enumerate() {
        if index > 0 {
            out.push_str(" | ");
        }
        push(out, cell);
    }
    out.push_str(" |");
}

/// Reserves room for `rows` more rows the size of the one written from `row_start` to the end,
/// and for a block's closing tag. Rows differ in length, so an eighth more is reserved: pages
/// reserved and never written cost nothing, a reallocation near the end would copy everything.
fn reserve_like(text: &mut String, row_start: usize, rows: usize) {
    let rest = text.len().saturating_sub(row_start).saturating_mul(rows);
    text.reserve(
        rest.saturating_add(rest / 8)
            .saturating_add(super::TAIL.len()),
    );
}

macro_rules! text_of {
    ($writer:ident) => {
        impl<W: Deref<Target = String>> Deref for $writer<W> {
            type Target = String;

            fn deref(&self) -> &String {
                &self.out
            }
        }

        impl<W: DerefMut<Target = String>> DerefMut for $writer<W> {
            fn deref_mut(&mut self) -> &mut String {
                &mut self.out
            }
        }
    };
}

text_of!(TableWriter);
text_of!(ListWriter);

impl UiWriter {
    /// Starts a markdown table in the block with these headers, written as they are (checked
    /// text), expecting `rows` rows.
    pub fn table(self, headers: &[&str], rows: usize) -> TableWriter<UiWriter> {
        TableWriter::start(self, headers.iter().copied(), String::push_str, rows)
    }

    /// Starts a markdown list in the block, expecting `items` items.
    pub fn list(self, items: usize) -> ListWriter<UiWriter> {
        ListWriter::start(self, items)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::UiBlock;

    fn table(headers: &[&str], rows: &[&[&str]]) -> String {
        let mut text = String::new();
        let mut table = TableWriter::start(
            &mut text,
            headers.iter().copied(),
            String::push_str,
            rows.len(),
        );
        for row in rows {
            table.row();
            for (index, cell) in row.iter().enumerate() {
                if index > 0 {
                    table.next_cell();
                }
                table.push_str(cell);
            }
            table.end_row();
        }
        table.finish();
        text
    }

    #[test]
    fn a_table_is_upstreams_lines() {
        assert_eq!(
            table(&["A", "B"], &[&["1", "2"], &["3", ""]]),
            "| A | B |\n| --- | --- |\n| 1 | 2 |\n| 3 |  |"
        );
        assert_eq!(table(&["A"], &[]), "| A |\n| --- |\n");
    }

    #[test]
    fn a_list_is_one_line_per_item() {
        let mut text = String::from("x");
        let mut list = ListWriter::start(&mut text, 2);
        for item in ["a", "b"] {
            list.item();
            list.push_str(item);
        }
        list.finish();
        assert_eq!(text, "x- a\n- b");
        let block = UiBlock::markdown_raw("").into_writer().list(0).finish();
        assert!(!block.contains("- "));
    }
}
