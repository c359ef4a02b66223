//! The JSON reader: a `.json` file becomes the same located tree as a YAML file does, read as
//! JSON (RFC 8259) and nothing else.
//!
//! serde-saphyr reads JSON as YAML flow syntax, which brings YAML's limits to JSON files (an
//! implicit key of at most 1,024 characters, a node budget sized for configuration files) and
//! YAML's readings of what JSON forbids. serde_json gives no location for values, and the
//! diagnostics need one for every value and key, so this reader is written here: one pass over
//! the bytes, an explicit stack instead of recursion (so the depth budget, not the thread's
//! stack, bounds nesting), and columns counted incrementally so that a 13 MB one-line file costs
//! no more than a pretty-printed one.

use serde_json::Value;

use super::{Key, Node, NodeKind};

/// Why a JSON text could not be read, and where (1-based line and column, in characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Error {
    /// Not JSON: what was expected or found.
    Syntax(String, (u32, u32)),
    /// Nesting deeper than the depth budget, at the opening bracket that goes past it.
    TooDeep((u32, u32)),
}

/// A collection being read: its place, and its items so far.
enum Open {
    Seq((u32, u32), Vec<Node>),
    /// A mapping, and the key whose value is being read.
    Map((u32, u32), Vec<(Key, Node)>, Option<Key>),
}

/// Reads `text` as one JSON value, nesting at most `max_depth` arrays and objects.
pub(super) fn parse(text: &str, max_depth: usize) -> Result<Node, Error> {
    let mut reader = Reader::new(text);
    let mut stack: Vec<Open> = Vec::new();
    // Each turn reads one value (a scalar, or the opening of a collection) or closes one.
    loop {
        reader.skip_whitespace();
        let closed = match stack.last_mut() {
            Some(Open::Seq(_, items)) if reader.peek() == Some(b']') => {
                if !items.is_empty() {
                    return Err(reader.unexpected("a value after `,`"));
                }
                true
            }
            Some(Open::Map(_, entries, None)) if reader.peek() == Some(b'}') => {
                if !entries.is_empty() {
                    return Err(reader.unexpected("a key after `,`"));
                }
                true
            }
            _ => false,
        };
        let node = if closed {
            reader.pos += 1;
            reader.close(stack.pop())
        } else {
            if let Some(Open::Map(_, _, key @ None)) = stack.last_mut() {
                *key = Some(reader.key()?);
                reader.skip_whitespace();
            }
            match reader.value_or_open()? {
                Ok(node) => node,
                Err(open) => {
                    if stack.len() >= max_depth {
                        return Err(Error::TooDeep(reader.at_pos(reader.pos - 1)));
                    }
                    stack.push(open);
                    continue;
                }
            }
        };
        // A value is complete: it is the document, or goes into the collection that holds it,
        // and then closes collections as long as they end.
        let mut node = node;
        loop {
            match stack.last_mut() {
                None => {
                    reader.skip_whitespace();
                    if reader.pos < reader.bytes.len() {
                        return Err(reader.unexpected("the end of the file after the value"));
                    }
                    return Ok(node);
                }
                Some(Open::Seq(_, items)) => items.push(node),
                Some(Open::Map(_, entries, key)) => {
                    let key = key.take().expect("a map's value is read after its key");
                    entries.push((key, node));
                }
            }
            reader.skip_whitespace();
            let end = if matches!(stack.last(), Some(Open::Seq(..))) {
                b']'
            } else {
                b'}'
            };
            match reader.peek() {
                Some(b',') => {
                    reader.pos += 1;
                    break;
                }
                Some(c) if c == end => {
                    reader.pos += 1;
                    node = reader.close(stack.pop());
                }
                _ => {
                    let expected = if end == b']' {
                        "`,` or `]` after an array item"
                    } else {
                        "`,` or `}` after an object entry"
                    };
                    return Err(reader.unexpected(expected));
                }
            }
        }
    }
}

/// A position in the text, with the line and column bookkeeping.
struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    line: u32,
    /// Byte offset where the current line starts.
    line_start: usize,
    /// The last offset a column was counted to on the current line, and its column: columns
    /// are counted on from there, so each byte is counted once.
    counted: (usize, u32),
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Self {
        // A byte order mark is no content; editors on Windows write one.
        let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
        Reader {
            text,
            bytes: text.as_bytes(),
            pos: start,
            line: 1,
            line_start: start,
            counted: (start, 1),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// Line and column of the byte offset `pos` on the current line.
    fn at_pos(&mut self, pos: usize) -> (u32, u32) {
        if self.counted.0 < self.line_start || self.counted.0 > pos {
            self.counted = (self.line_start, 1);
        }
        let (from, column) = self.counted;
        let added = self.text[from..pos].chars().count() as u32;
        self.counted = (pos, column + added);
        (self.line, column + added)
    }

    fn here(&mut self) -> (u32, u32) {
        self.at_pos(self.pos)
    }

    /// Skips JSON whitespace, counting lines. A lone `\r` breaks a line too, as it does in YAML
    /// and in the snippets of diagnostics.
    fn skip_whitespace(&mut self) {
        while let Some(c) = self.peek() {
            match c {
                b' ' | b'\t' => self.pos += 1,
                b'\n' => self.new_line(self.pos + 1),
                b'\r' if self.bytes.get(self.pos + 1) == Some(&b'\n') => {
                    self.new_line(self.pos + 2)
                }
                b'\r' => self.new_line(self.pos + 1),
                _ => break,
            }
        }
    }

    fn new_line(&mut self, next: usize) {
        self.pos = next;
        self.line += 1;
        self.line_start = next;
        self.counted = (next, 1);
    }

    /// An error at the current position: what was expected, and what is there instead.
    fn unexpected(&mut self, expected: &str) -> Error {
        let at = self.here();
        let found = match self.text[self.pos..].chars().next() {
            None => "the end of the file".to_owned(),
            Some(c) if c.is_control() => format!("the control character U+{:04X}", c as u32),
            Some(c) => format!("`{c}`"),
        };
        Error::Syntax(format!("expected {expected}, found {found}"), at)
    }

    /// Reads an object key and its `:`.
    fn key(&mut self) -> Result<Key, Error> {
        if self.peek() != Some(b'"') {
            return Err(self.unexpected("a key in double quotes"));
        }
        let at = self.here();
        let value = self.string()?;
        self.skip_whitespace();
        if self.peek() != Some(b':') {
            return Err(self.unexpected("`:` after the key"));
        }
        self.pos += 1;
        Ok(Key { value, at })
    }

    /// Reads a scalar, or the opening bracket of a collection (returned to be filled).
    fn value_or_open(&mut self) -> Result<Result<Node, Open>, Error> {
        let at = self.here();
        let scalar = match self.peek() {
            Some(b'{') => {
                self.pos += 1;
                return Ok(Err(Open::Map(at, Vec::new(), None)));
            }
            Some(b'[') => {
                self.pos += 1;
                return Ok(Err(Open::Seq(at, Vec::new())));
            }
            Some(b'"') => Value::String(self.string()?),
            Some(b'-' | b'0'..=b'9') => self.number()?,
            Some(b't') if self.literal("true") => Value::Bool(true),
            Some(b'f') if self.literal("false") => Value::Bool(false),
            Some(b'n') if self.literal("null") => Value::Null,
            _ => return Err(self.unexpected("a value")),
        };
        Ok(Ok(Node {
            at,
            kind: NodeKind::Scalar(scalar),
        }))
    }

    fn literal(&mut self, word: &str) -> bool {
        let found = self.text[self.pos..].starts_with(word);
        if found {
            self.pos += word.len();
        }
        found
    }

    /// A finished collection as a node.
    fn close(&mut self, open: Option<Open>) -> Node {
        match open {
            Some(Open::Seq(at, items)) => Node {
                at,
                kind: NodeKind::Seq(items),
            },
            Some(Open::Map(at, entries, _)) => Node {
                at,
                kind: NodeKind::Map(entries),
            },
            None => unreachable!("only an open collection is closed"),
        }
    }

    /// Reads a number with JSON's grammar; its value is serde_json's reading of the same text.
    fn number(&mut self) -> Result<Value, Error> {
        let start = self.pos;
        let at = self.here();
        let digits = |reader: &mut Self| {
            let from = reader.pos;
            while matches!(reader.peek(), Some(b'0'..=b'9')) {
                reader.pos += 1;
            }
            reader.pos > from
        };
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        let leading_zero = self.peek() == Some(b'0');
        if !digits(self) {
            return Err(self.unexpected("a digit"));
        }
        if leading_zero && self.pos - start > 1 + usize::from(self.bytes[start] == b'-') {
            return Err(Error::Syntax(
                "a number may not start with `0` followed by digits".into(),
                at,
            ));
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if !digits(self) {
                return Err(self.unexpected("a digit after `.`"));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if !digits(self) {
                return Err(self.unexpected("a digit in the exponent"));
            }
        }
        let lexeme = &self.text[start..self.pos];
        // `-0` is the integer 0, as YAML read it: serde_json would make it the float -0.0.
        if lexeme == "-0" {
            return Ok(Value::from(0));
        }
        lexeme
            .parse::<serde_json::Number>()
            .map(Value::Number)
            .map_err(|_| {
                Error::Syntax(
                    format!("the number {lexeme} is out of range (a finite 64-bit number)"),
                    at,
                )
            })
    }

    /// Reads a string from its opening quote, unescaping.
    fn string(&mut self) -> Result<String, Error> {
        self.pos += 1;
        let mut out = String::new();
        loop {
            let run_start = self.pos;
            while let Some(c) = self.peek() {
                if c == b'"' || c == b'\\' || c < 0x20 {
                    break;
                }
                self.pos += 1;
            }
            // Stopped at an ASCII byte, so the run ends on a character boundary.
            out.push_str(&self.text[run_start..self.pos]);
            match self.peek() {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let escaped = self.escape()?;
                    out.push(escaped);
                }
                None => return Err(self.unexpected("`\"` to end the string")),
                Some(_) => {
                    return Err(self.unexpected(
                        "a string without raw control characters (write `\\n`, `\\t`, `\\u0001`)",
                    ));
                }
            }
        }
    }

    /// The character an escape after `\` stands for.
    fn escape(&mut self) -> Result<char, Error> {
        let simple = match self.peek() {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => {
                let backslash = self.pos - 1;
                self.pos += 1;
                return self
                    .unicode_escape()
                    .map_err(|error| error.unwrap_or_else(|| self.lone_surrogate(backslash)));
            }
            _ => {
                return Err(self.unexpected(
                    "an escape: `\\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t` or `\\u` and four hex digits",
                ));
            }
        };
        self.pos += 1;
        Ok(simple)
    }

    /// After `\u`: four hex digits, and a second escape for a surrogate pair. `Err(None)` is
    /// half a pair, reported at the escape by the caller.
    fn unicode_escape(&mut self) -> Result<char, Option<Error>> {
        let first = self.hex4().map_err(Some)?;
        if !(0xD800..0xDC00).contains(&first) {
            return char::from_u32(u32::from(first)).ok_or(None);
        }
        if !self.text[self.pos..].starts_with("\\u") {
            return Err(None);
        }
        self.pos += 2;
        let second = self.hex4().map_err(Some)?;
        if !(0xDC00..0xE000).contains(&second) {
            return Err(None);
        }
        let code = 0x10000 + ((u32::from(first) - 0xD800) << 10) + (u32::from(second) - 0xDC00);
        char::from_u32(code).ok_or(None)
    }

    fn hex4(&mut self) -> Result<u16, Error> {
        let digits = self.text.get(self.pos..self.pos + 4);
        let hex = digits.filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()));
        match hex.and_then(|d| u16::from_str_radix(d, 16).ok()) {
            Some(value) => {
                self.pos += 4;
                Ok(value)
            }
            None => Err(self.unexpected("four hex digits after `\\u`")),
        }
    }

    fn lone_surrogate(&mut self, escape: usize) -> Error {
        let at = self.at_pos(escape);
        Error::Syntax(
            "a `\\u` escape of half a surrogate pair, which is no character".into(),
            at,
        )
    }
}
