//! The document walk: root forms (§5), objects (§8), arrays (§9) and list items (§10), over the
//! borrowed view [`ToonValue`] — of generated types, or of a `serde_json::Value` for the generic
//! encoder. One walk for both is what makes typed and generic output the same bytes; the
//! differential tests of `tests/tests/toon_typed.rs` check it on every generated type.
//!
//! Every decision the spec leaves to the data — table or list (§9.3), keyed table (§9.5), the
//! hyphen line of a list item (§10), empty forms — is taken here per value. Line discipline:
//! whoever starts a line writes its indentation (or, for every line but the document's first,
//! `\n` and the indentation), and a value writes from the cursor to the end of its last line.
//! That is what lets an object's first field sit on a list item's hyphen line with no special
//! casing beyond choosing its depth.

use super::encoder::{push_spaces, write_array_header, write_keyed_header};
use super::quote::{write_key, write_quoted, write_string};
use super::shape::{Group, array_table, keyed_table};
use super::view::{ToonArray, ToonObj, ToonValue};
use super::{Delimiter, ToonOptions};
use crate::number::{write_f64, write_i64, write_u64};

/// Appends a primitive view; objects and arrays (never passed) write `null`, as
/// [`super::write_primitive`] does.
pub(crate) fn write_view_primitive(out: &mut String, value: ToonValue<'_>, delimiter: Delimiter) {
    match value {
        ToonValue::Str(s) => write_string(out, s, delimiter),
        ToonValue::Clipped(text) => text.write_toon(delimiter, out),
        ToonValue::Int(i) => write_i64(out, i),
        ToonValue::UInt(u) => write_u64(out, u),
        ToonValue::Float(f) => write_f64(out, f),
        ToonValue::Bool(true) => out.push_str("true"),
        ToonValue::Bool(false) => out.push_str("false"),
        ToonValue::Null | ToonValue::Object(_) | ToonValue::Array(_) => out.push_str("null"),
    }
}

/// Where an array stands, which decides its empty form and whether tabular form is allowed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Position {
    /// The whole document: `[]` when empty, tabular allowed.
    Root,
    /// An object field: `key: []` when empty, tabular allowed.
    Field,
    /// An element of a list: `[0]:` when empty (§9.2), never tabular (a keyless fields-bearing
    /// header is only valid at the root, §9.4).
    Item,
}

/// Writes one document into `out`.
pub(crate) struct Walker<'o> {
    out: &'o mut String,
    delimiter: Delimiter,
    indent: usize,
}

impl<'o> Walker<'o> {
    pub(crate) fn new(out: &'o mut String, options: &ToonOptions) -> Self {
        Self {
            out,
            delimiter: options.delimiter,
            indent: options.indent,
        }
    }

    /// The document of a root item (an object: empty text when no field is present) or of a
    /// root collection (an array).
    pub(crate) fn root(&mut self, value: ToonValue<'_>) {
        match value {
            ToonValue::Object(object) => match keyed_table(object) {
                Some(group) => self.keyed_table(None, object, &group, 0),
                None => self.fields(object, 0, false),
            },
            ToonValue::Array(items) => self.array(None, items, 0, Position::Root),
            // A decoder strips U+FEFF at the start of the document as a byte-order mark (§12),
            // so a root string that starts with one keeps it only inside quotes.
            ToonValue::Str(s) if s.starts_with('\u{feff}') => write_quoted(self.out, s),
            primitive => write_view_primitive(self.out, primitive, self.delimiter),
        }
    }

    fn new_line(&mut self, depth: usize) {
        self.out.push('\n');
        push_spaces(self.out, depth * self.indent);
    }

    /// Writes the present fields of `object` at `depth`, each on its own line; `on_fresh_line`
    /// is false only when the cursor already stands where the first field belongs.
    fn fields(&mut self, object: ToonObj<'_>, depth: usize, mut on_fresh_line: bool) {
        for (key, value) in object.fields() {
            if on_fresh_line {
                self.new_line(depth);
            }
            on_fresh_line = true;
            self.field(key, value, depth);
        }
    }

    /// Writes `key…` from the cursor; nested content goes to `depth + 1`.
    fn field(&mut self, key: &str, value: ToonValue<'_>, depth: usize) {
        match value {
            ToonValue::Object(object) => {
                if let Some(group) = keyed_table(object) {
                    self.keyed_table(Some(key), object, &group, depth);
                } else {
                    // An empty object leaves `key:` alone: `fields` writes nothing.
                    write_key(self.out, key);
                    self.out.push(':');
                    self.fields(object, depth + 1, true);
                }
            }
            ToonValue::Array(items) => self.array(Some(key), items, depth, Position::Field),
            primitive => {
                write_key(self.out, key);
                self.out.push_str(": ");
                write_view_primitive(self.out, primitive, self.delimiter);
            }
        }
    }

    /// Writes an array's header from the cursor; elements or rows go to `depth + 1`.
    fn array(
        &mut self,
        key: Option<&str>,
        items: &dyn ToonArray,
        depth: usize,
        position: Position,
    ) {
        let delimiter = self.delimiter;
        let len = items.toon_len();
        if len == 0 {
            match position {
                Position::Root => self.out.push_str("[]"),
                Position::Field => {
                    write_key(self.out, key.unwrap_or_default());
                    self.out.push_str(": []");
                }
                Position::Item => {
                    write_array_header(self.out, None, 0, delimiter);
                    self.out.push(':');
                }
            }
            return;
        }
        write_array_header(self.out, key, len, delimiter);
        if (0..len).all(|i| items.toon_item(i).is_primitive()) {
            self.out.push_str(": ");
            for i in 0..len {
                if i > 0 {
                    self.out.push(delimiter.as_char());
                }
                write_view_primitive(self.out, items.toon_item(i), delimiter);
            }
            return;
        }
        if position != Position::Item
            && let Some(group) = array_table(items)
        {
            group.write_fields(self.out, delimiter);
            self.out.push(':');
            for i in 0..len {
                let row_start = self.out.len();
                self.new_line(depth + 1);
                if let ToonValue::Object(object) = items.toon_item(i) {
                    group.write_row(self.out, object, delimiter);
                }
                if i == 0 {
                    // Rows of one table are alike: sizing the rest after the first saves the
                    // repeated doubling (and page faults) of a large document.
                    self.out.reserve((self.out.len() - row_start) * (len - 1));
                }
            }
            return;
        }
        self.out.push(':');
        for i in 0..len {
            self.new_line(depth + 1);
            self.list_item(items.toon_item(i), depth + 1);
        }
    }

    /// Writes one list element from the cursor, which stands after the indentation of `depth`.
    fn list_item(&mut self, item: ToonValue<'_>, depth: usize) {
        match item {
            ToonValue::Object(object) => {
                let mut fields = object.fields();
                let Some((first_key, first_value)) = fields.next() else {
                    // An empty object is a bare hyphen: `- ` would leave a trailing space.
                    self.out.push('-');
                    return;
                };
                self.out.push_str("- ");
                // The first field rides on the hyphen line but belongs one level deeper (§10),
                // so its own content, tabular rows included, lands at `depth + 2`.
                self.field(first_key, first_value, depth + 1);
                for (key, value) in fields {
                    self.new_line(depth + 1);
                    self.field(key, value, depth + 1);
                }
            }
            ToonValue::Array(items) => {
                self.out.push_str("- ");
                self.array(None, items, depth, Position::Item);
            }
            primitive => {
                self.out.push_str("- ");
                write_view_primitive(self.out, primitive, self.delimiter);
            }
        }
    }

    /// Writes a keyed table (§9.5) from the cursor: header, then one `entrykey: cells` row per
    /// present field at `depth + 1`.
    fn keyed_table(
        &mut self,
        key: Option<&str>,
        object: ToonObj<'_>,
        group: &Group<'_>,
        depth: usize,
    ) {
        let delimiter = self.delimiter;
        write_keyed_header(self.out, key, object.len(), delimiter);
        group.write_fields(self.out, delimiter);
        self.out.push(':');
        for (entry_key, entry) in object.fields() {
            self.new_line(depth + 1);
            write_key(self.out, entry_key);
            self.out.push_str(": ");
            if let ToonValue::Object(row) = entry {
                group.write_row(self.out, row, delimiter);
            }
        }
    }
}
