//! The document walk: root forms (§5), objects (§8), arrays (§9) and list items (§10).
//!
//! Line discipline: whoever starts a line writes its indentation (or, for every line but the
//! document's first, `\n` and the indentation), and a value writes from the current position to
//! the end of its last line. That is what lets an object's first field sit on a list item's
//! hyphen line with no special casing beyond choosing its depth.

use serde_json::{Map, Number, Value};

use super::quote::{write_key, write_quoted, write_string};
use super::tabular::{self, Group};
use super::{Delimiter, ToonOptions};
use crate::number::{write_f64, write_i64, write_u64};

/// Spaces for indentation, pushed in slices instead of one `char` at a time.
const SPACES: &str = "                                                                ";

/// Appends `count` spaces.
pub(crate) fn push_spaces(out: &mut String, mut count: usize) {
    while count > SPACES.len() {
        out.push_str(SPACES);
        count -= SPACES.len();
    }
    out.push_str(&SPACES[..count]);
}

/// Appends a JSON number as JavaScript prints it (§2): integers exactly, floats in the shortest
/// round-trip form, through [`crate::number`] so TOON and the JSON data block agree.
pub fn write_number(out: &mut String, n: &Number) {
    if let Some(i) = n.as_i64() {
        write_i64(out, i);
    } else if let Some(u) = n.as_u64() {
        write_u64(out, u);
    } else {
        write_f64(out, n.as_f64().unwrap_or(f64::NAN));
    }
}

/// Appends a primitive value (`null`, a boolean, a number or a string quoted per
/// [`write_string`] for `delimiter`).
///
/// Arrays and objects are not primitives and have no one-line form; they are written as `null`
/// so that a caller's mistake shows in the output instead of corrupting the layout.
pub fn write_primitive(out: &mut String, value: &Value, delimiter: Delimiter) {
    match value {
        Value::String(s) => write_string(out, s, delimiter),
        Value::Number(n) => write_number(out, n),
        Value::Bool(true) => out.push_str("true"),
        Value::Bool(false) => out.push_str("false"),
        Value::Null | Value::Array(_) | Value::Object(_) => out.push_str("null"),
    }
}

/// Appends an array header without its colon: `key[N]`, `key[N|]`, `key[N\t]`, or `[N…]` when
/// `key` is `None` (root and list-item arrays).
pub fn write_array_header(out: &mut String, key: Option<&str>, len: usize, delimiter: Delimiter) {
    if let Some(key) = key {
        write_key(out, key);
    }
    out.push('[');
    write_u64(out, len as u64);
    out.push_str(delimiter.header_symbol());
    out.push(']');
}

/// Appends a keyed-table header without its field list and colon: `key[N:]`, `key[N:|]`,
/// `key[N:\t]`, or `[N:…]` at the root (§9.5).
pub fn write_keyed_header(out: &mut String, key: Option<&str>, len: usize, delimiter: Delimiter) {
    if let Some(key) = key {
        write_key(out, key);
    }
    out.push('[');
    write_u64(out, len as u64);
    out.push(':');
    out.push_str(delimiter.header_symbol());
    out.push(']');
}

fn is_primitive(value: &Value) -> bool {
    !matches!(value, Value::Array(_) | Value::Object(_))
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
pub(crate) struct Encoder<'o> {
    out: &'o mut String,
    delimiter: Delimiter,
    indent: usize,
}

impl<'o> Encoder<'o> {
    pub(crate) fn new(out: &'o mut String, options: &ToonOptions) -> Self {
        Self {
            out,
            delimiter: options.delimiter,
            indent: options.indent,
        }
    }

    pub(crate) fn root(&mut self, value: &Value) {
        match value {
            Value::Object(object) => match tabular::keyed_table(object) {
                Some(group) => self.keyed_table(None, object, &group, 0),
                None => self.fields(object.iter(), 0, false),
            },
            Value::Array(items) => self.array(None, items, 0, Position::Root),
            // A decoder strips U+FEFF at the start of the document as a byte-order mark (§12),
            // so a root string that starts with one keeps it only inside quotes.
            Value::String(s) if s.starts_with('\u{feff}') => write_quoted(self.out, s),
            primitive => write_primitive(self.out, primitive, self.delimiter),
        }
    }

    fn new_line(&mut self, depth: usize) {
        self.out.push('\n');
        push_spaces(self.out, depth * self.indent);
    }

    /// Writes fields at `depth`, each on its own line; `on_fresh_line` is false only when the
    /// cursor already stands where the first field belongs (document start).
    fn fields<'v>(
        &mut self,
        fields: impl Iterator<Item = (&'v String, &'v Value)>,
        depth: usize,
        mut on_fresh_line: bool,
    ) {
        for (key, value) in fields {
            if on_fresh_line {
                self.new_line(depth);
            }
            on_fresh_line = true;
            self.field(key, value, depth);
        }
    }

    /// Writes `key…` from the cursor; nested content goes to `depth + 1`.
    fn field(&mut self, key: &str, value: &Value, depth: usize) {
        match value {
            Value::Object(object) => {
                if let Some(group) = tabular::keyed_table(object) {
                    self.keyed_table(Some(key), object, &group, depth);
                } else {
                    write_key(self.out, key);
                    self.out.push(':');
                    self.fields(object.iter(), depth + 1, true);
                }
            }
            Value::Array(items) => self.array(Some(key), items, depth, Position::Field),
            primitive => {
                write_key(self.out, key);
                self.out.push_str(": ");
                write_primitive(self.out, primitive, self.delimiter);
            }
        }
    }

    /// Writes an array's header from the cursor; elements or rows go to `depth + 1`.
    fn array(&mut self, key: Option<&str>, items: &[Value], depth: usize, position: Position) {
        let delimiter = self.delimiter;
        if items.is_empty() {
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
        write_array_header(self.out, key, items.len(), delimiter);
        if items.iter().all(is_primitive) {
            self.out.push_str(": ");
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    self.out.push(delimiter.as_char());
                }
                write_primitive(self.out, item, delimiter);
            }
            return;
        }
        if position != Position::Item
            && let Some(group) = tabular::array_table(items)
        {
            group.write_fields(self.out, delimiter);
            self.out.push(':');
            for (i, item) in items.iter().enumerate() {
                let row_start = self.out.len();
                self.new_line(depth + 1);
                if let Value::Object(object) = item {
                    group.write_row(self.out, object, delimiter);
                }
                if i == 0 {
                    // Rows of one table are alike: sizing the rest after the first saves the
                    // repeated doubling (and page faults) of a large document.
                    self.out
                        .reserve((self.out.len() - row_start) * (items.len() - 1));
                }
            }
            return;
        }
        self.out.push(':');
        for item in items {
            self.new_line(depth + 1);
            self.list_item(item, depth + 1);
        }
    }

    /// Writes one list element from the cursor, which stands after the indentation of `depth`.
    fn list_item(&mut self, item: &Value, depth: usize) {
        match item {
            Value::Object(object) => {
                let mut fields = object.iter();
                let Some((first_key, first_value)) = fields.next() else {
                    // An empty object is a bare hyphen: `- ` would leave a trailing space.
                    self.out.push('-');
                    return;
                };
                self.out.push_str("- ");
                // The first field rides on the hyphen line but belongs one level deeper (§10),
                // so its own content, tabular rows included, lands at `depth + 2`.
                self.field(first_key, first_value, depth + 1);
                self.fields(fields, depth + 1, true);
            }
            Value::Array(items) => {
                self.out.push_str("- ");
                self.array(None, items, depth, Position::Item);
            }
            primitive => {
                self.out.push_str("- ");
                write_primitive(self.out, primitive, self.delimiter);
            }
        }
    }

    /// Writes a keyed table (§9.5) from the cursor: header, then one `entrykey: cells` row per
    /// entry at `depth + 1`.
    fn keyed_table(
        &mut self,
        key: Option<&str>,
        object: &Map<String, Value>,
        group: &Group<'_>,
        depth: usize,
    ) {
        let delimiter = self.delimiter;
        write_keyed_header(self.out, key, object.len(), delimiter);
        group.write_fields(self.out, delimiter);
        self.out.push(':');
        for (entry_key, entry) in object {
            self.new_line(depth + 1);
            write_key(self.out, entry_key);
            self.out.push_str(": ");
            if let Value::Object(row) = entry {
                group.write_row(self.out, row, delimiter);
            }
        }
    }
}
