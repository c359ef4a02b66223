//! Escapes for text placed inside the wire format's XML-like blocks.
//!
//! Three families, for three different contracts:
//!
//! - [`xml`] and [`attr`] are the escapes of the error envelopes (wire format §12). They are
//!   "same" behaviour: upstream applies them, so their exact character sets are part of the bytes.
//! - [`line()`], [`cell`], [`ui_line`], [`content`] and [`attr_value`] are the deviation of
//!   §4/§5: values interpolated from data at run time into rules, suggestions, summaries, table
//!   cells, UI content and titles. Upstream escapes nothing there. Each context escapes what
//!   would let a value change the structure around it:
//!
//!   | context | escaped |
//!   |---|---|
//!   | [`rule`]: declared rule lines | line breaks and controls; `<` only where it starts `</`, `<!`, `<?`, a wire format tag ([`WIRE_TAGS`]) or a name the value ends in |
//!   | [`line()`]: suggestion, summary and list lines | `&` `<`, line breaks and controls |
//!   | [`cell`]: markdown table cells | as [`line()`], plus `\|` and `\` |
//!   | [`ui_line`]: a value in markdown, code or diagram text | as [`line()`], plus backtick runs of three or more |
//!   | [`content`]: the same, for a value that may span lines | as [`ui_line`], but line breaks are kept |
//!   | [`attr_value`]: UI attributes (`title`) | `&` `<` `>` `"`, line breaks and controls |
//!
//!   "Controls" are the C0 controls but tab (U+0000..U+001F), DEL, the C1 controls
//!   (U+0080..U+009F, NEL and CSI among them) and the Unicode line and paragraph separators
//!   (U+2028, U+2029). Line feed and carriage return become the two characters `\n` and `\r`; the
//!   others become `\u{hex}` (`\u{1b}` for ESC, `\u{0}` for NUL). A backslash from data stays a
//!   single backslash in a line (a literal `\n` in data then reads like an escaped line feed, which
//!   forges nothing); in a cell it is doubled, since markdown would read `\|` as a pipe inside the
//!   cell and `\\|` as a backslash then a cell border.
//! - [`push_echo`], [`push_echo_attr`] and [`echo`] are for what an error repeats of the caller's
//!   text or a handler's (§12, Echoes): the error escapes plus line breaks and controls as a line
//!   writes them, so the repeated value stays on its line.
//!
//! Every escape that escapes `<` also escapes the characters a reader takes for `<` in a tag
//! ([`tag_bracket`]: fullwidth `＜`, small `﹤`, `‹`, `〈`, `⟨`, `˂`, ...), and every escape that
//! escapes `>` their `>` counterparts, as the numeric reference `&#xhex;`: one notion of a tag
//! for data at run time and for static text, which the generator rejects through the same
//! function.
//!
//! Each escape comes as `push_*` (appends to a caller's buffer: generated code builds a block in
//! one `String` and pays nothing when there is nothing to escape) and as a function returning
//! `Cow<str>` (borrows the input when it is already clean).

use std::borrow::Cow;

/// What a byte means to one escape: left alone, replaced, the first byte of a character that
/// may be a non-ASCII control or tag bracket (only then is the character decoded), or a backtick
/// (escaped in a run of three or more).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Clean,
    Escape,
    MaybeWide,
    Backtick,
}

/// The classes of all 256 byte values for one escape, and which non-ASCII characters it escapes.
struct Set {
    table: [Class; 256],
    /// The controls U+0080..U+009F, U+2028 and U+2029.
    controls: bool,
    /// Look-alikes of `<` (the set escapes `<`).
    open: bool,
    /// Look-alikes of `>` (the set escapes `>`).
    close: bool,
    /// `<` and its look-alikes are escaped only where they start what could forge a block
    /// ([`forges_tag`]); the other flagged characters as always.
    tags_only: bool,
}

/// Whether `chars` holds `byte`, in a `const fn`.
const fn holds(chars: &[u8], byte: u8) -> bool {
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == byte {
            return true;
        }
        i += 1;
    }
    false
}

impl Set {
    /// `chars` (ASCII) are escaped; with `controls`, so are the controls, except line feed and
    /// carriage return unless `breaks`; with `fences`, runs of three backticks or more.
    const fn new(chars: &[u8], controls: bool, breaks: bool, fences: bool) -> Self {
        let mut table = [Class::Clean; 256];
        let mut i = 0;
        while i < chars.len() {
            table[chars[i] as usize] = Class::Escape;
            i += 1;
        }
        if fences {
            table[b'`' as usize] = Class::Backtick;
        }
        let open = holds(chars, b'<');
        let close = holds(chars, b'>');
        if open || close {
            let mut lead = 0;
            while lead < BRACKET_LEADS.len() {
                table[BRACKET_LEADS[lead] as usize] = Class::MaybeWide;
                lead += 1;
            }
        }
        if controls {
            let mut byte = 0;
            while byte < 0x20 {
                let is_break = byte == b'\n' as usize || byte == b'\r' as usize;
                if byte != b'\t' as usize && (breaks || !is_break) {
                    table[byte] = Class::Escape;
                }
                byte += 1;
            }
            table[0x7f] = Class::Escape;
            // Lead bytes of U+0080..U+009F (0xC2 0x80..0x9F) and of U+2028/U+2029 (0xE2 0x80 0xA8/A9).
            table[0xc2] = Class::MaybeWide;
            table[0xe2] = Class::MaybeWide;
        }
        Self {
            table,
            controls,
            open,
            close,
            tags_only: false,
        }
    }

    /// This set, escaping `<` only where it starts what could forge a block.
    const fn tags_only(mut self) -> Self {
        self.tags_only = true;
        self
    }

    /// Whether the set escapes the non-ASCII character `c`.
    fn escapes_wide(&self, c: char) -> bool {
        (self.controls && is_wide_control(c))
            || match tag_bracket(c) {
                Some('<') => self.open,
                Some(_) => self.close,
                None => false,
            }
    }
}

/// Whether a non-ASCII character is one of the controls every data escape neutralises.
fn is_wide_control(c: char) -> bool {
    matches!(c, '\u{80}'..='\u{9f}' | '\u{2028}' | '\u{2029}')
}

/// The non-ASCII characters a reader takes for `<` in a tag, paired with their `>`.
///
/// What NFKC folds to `<` (fullwidth `＜`, small form `﹤`), the characters Unicode's
/// confusables list gives for `<` (`˂ ᐸ ᚲ ‹ ❮ 𝈶`), and the angle brackets drawn the same way
/// (`〈 〈 ⟨ ⧼ ❬ ❰`, and `︿`, which NFKC folds to `〈`). Double brackets (`《 ⟪ «`) are left
/// alone: nobody reads `《` as `<`. The generator's test checks every character against its own
/// reading of static text (NFKC, then look-alikes).
const TAG_BRACKETS: [(char, char); 15] = [
    ('\u{ff1c}', '\u{ff1e}'),   // ＜ ＞ fullwidth
    ('\u{fe64}', '\u{fe65}'),   // ﹤ ﹥ small form
    ('\u{2039}', '\u{203a}'),   // ‹ › single angle quotation marks
    ('\u{2329}', '\u{232a}'),   // 〈 〉 angle brackets (NFKC: 〈 〉)
    ('\u{3008}', '\u{3009}'),   // 〈 〉 CJK angle brackets
    ('\u{fe3f}', '\u{fe40}'),   // ︿ ﹀ their vertical presentation forms (NFKC: 〈 〉)
    ('\u{27e8}', '\u{27e9}'),   // ⟨ ⟩ mathematical angle brackets
    ('\u{29fc}', '\u{29fd}'),   // ⧼ ⧽ curved angle brackets
    ('\u{276c}', '\u{276d}'),   // ❬ ❭ medium angle bracket ornaments
    ('\u{276e}', '\u{276f}'),   // ❮ ❯ heavy angle quotation mark ornaments
    ('\u{2770}', '\u{2771}'),   // ❰ ❱ heavy angle bracket ornaments
    ('\u{2c2}', '\u{2c3}'),     // ˂ ˃ modifier letter arrowheads
    ('\u{1438}', '\u{1433}'),   // ᐸ ᐳ Canadian syllabics PA and PO
    ('\u{16b2}', '\u{16f3f}'),  // ᚲ runic kauna; 𖼿 Miao archaic zza (confusables for < and >)
    ('\u{1d236}', '\u{1d237}'), // 𝈶 𝈷 Greek instrumental notation
];

/// The lead bytes of every [`TAG_BRACKETS`] character in UTF-8, for the escape tables.
const BRACKET_LEADS: [u8; 6] = [0xcb, 0xe1, 0xe2, 0xe3, 0xef, 0xf0];

/// `<` or `>` when `c` is a non-ASCII character a reader takes for that bracket in a tag
/// (fullwidth `＜`, small `﹤`, `‹`, `〈`, `⟨`, `˂`, ...), `None` otherwise (also for `<` and `>`
/// themselves).
///
/// The run-time escapes neutralise these wherever they neutralise `<` or `>`, and the generator
/// reads static text through the same function when it looks for block tags, so data and static
/// text share one notion of a tag.
pub fn tag_bracket(c: char) -> Option<char> {
    if c.is_ascii() {
        return None;
    }
    TAG_BRACKETS.iter().find_map(|&(open, close)| {
        if c == open {
            Some('<')
        } else if c == close {
            Some('>')
        } else {
            None
        }
    })
}

/// Appends `s` to `out`, replacing each character the set escapes.
///
/// Copies clean runs as whole slices: escaping is rare, so the common path is one lookup per byte
/// and one `push_str`. Tables rather than a scan of the set per byte: tables and rules interpolate
/// a value per row, so this is on the hot path of collection UI blocks.
#[inline]
fn push_escaped(out: &mut String, s: &str, set: &Set) {
    // Most values have nothing to escape: one tight scan, inlined where the set is a constant,
    // then one copy; the rest out of line.
    match s
        .bytes()
        .position(|byte| set.table[usize::from(byte)] != Class::Clean)
    {
        None => out.push_str(s),
        Some(first) => push_escaped_from(out, s, set, first),
    }
}

/// [`push_escaped`] for a value with something to escape at `first` or after it.
#[cold]
fn push_escaped_from(out: &mut String, s: &str, set: &Set, first: usize) {
    let mut clean_from = 0;
    // The end of the last backtick run seen and whether it is escaped: a run is measured once,
    // at its first backtick.
    let mut run_end = 0;
    let mut run_escaped = false;
    for (index, byte) in s.bytes().enumerate().skip(first) {
        let c = match set.table[usize::from(byte)] {
            Class::Clean => continue,
            // Escaped ASCII never splits a UTF-8 sequence: ASCII bytes are never inside one.
            Class::Escape => char::from(byte),
            // Lead bytes only, so `index` is a character boundary.
            Class::MaybeWide => match s[index..].chars().next() {
                Some(c) if set.escapes_wide(c) => c,
                _ => continue,
            },
            Class::Backtick => {
                if index >= run_end {
                    run_end = index + s[index..].bytes().take_while(|&b| b == b'`').count();
                    run_escaped = run_end - index >= FENCE_RUN;
                }
                if !run_escaped {
                    continue;
                }
                '`'
            }
        };
        if set.tags_only
            && (c == '<' || tag_bracket(c) == Some('<'))
            && !forges_tag(&s[index + c.len_utf8()..])
        {
            continue;
        }
        out.push_str(&s[clean_from..index]);
        push_replacement(out, c);
        clean_from = index + c.len_utf8();
    }
    out.push_str(&s[clean_from..]);
}

/// The names of the tags the wire format writes: a block's (`domain_rules`, `tool_error`, ...)
/// and those inside one (`recovery`, `field`, ...). Lowercase; compared without regard to case.
pub const WIRE_TAGS: &[&str] = &[
    "action",
    "action_suggestions",
    "available_actions",
    "cache_invalidation",
    "dataset",
    "detail",
    "details",
    "domain_rules",
    "field",
    "llm_directives",
    "message",
    "more",
    "recovery",
    "retry_after",
    "system_guidance",
    "tool_error",
    "ui_passthrough",
    "validation_error",
    "visual_context",
];

/// Whether a `<` followed by `rest` (the rest of the value) could forge a block for a reader:
/// a closing tag or a declaration (`</`, `<!`, `<?`), a tag the wire format writes
/// ([`WIRE_TAGS`]), or what the value cannot see the end of: a `<` that ends it, or a tag name it
/// ends in the middle of (the next piece of the text could complete `<domain_r` or `</`). Names
/// are read as leniently as the generator reads static text: any case, spaces after the `<`, `-`
/// for `_`, zero-width characters skipped, and any other non-ASCII character (a look-alike
/// `／` or a Cyrillic letter) taken as forging. Everything else (`a < b`, `<= 3`, `<Lovelace>`,
/// `<b>`) reads as text, as the data block shows it.
fn forges_tag(rest: &str) -> bool {
    let rest = rest.trim_start_matches([' ', '\t']);
    let Some(next) = rest.chars().next() else {
        return true;
    };
    if matches!(next, '/' | '!' | '?') || !next.is_ascii() {
        return true;
    }
    // The longest wire tag is 18 bytes: a longer name is none of them.
    let mut name = [0u8; 24];
    let mut len = 0;
    let mut at_end = true;
    for c in rest.chars() {
        if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
            if len == name.len() {
                return false;
            }
            name[len] = if c == '-' {
                b'_'
            } else {
                c.to_ascii_lowercase() as u8
            };
            len += 1;
        } else if matches!(
            c,
            '\u{ad}' | '\u{200b}'..='\u{200d}' | '\u{2060}' | '\u{feff}'
        ) {
            continue;
        } else if !c.is_ascii() {
            return true;
        } else {
            at_end = false;
            break;
        }
    }
    let name = &name[..len];
    !name.is_empty()
        && WIRE_TAGS
            .iter()
            .any(|tag| tag.as_bytes() == name || (at_end && tag.as_bytes().starts_with(name)))
}

/// The shortest run of backticks that opens or closes a markdown code fence.
const FENCE_RUN: usize = 3;

/// The replacement of one escaped character: an entity for markup, a backslash escape otherwise.
fn push_replacement(out: &mut String, c: char) {
    match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '"' => out.push_str("&quot;"),
        '\'' => out.push_str("&apos;"),
        '|' => out.push_str("\\|"),
        '\\' => out.push_str("\\\\"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        // A backtick of a fence-long run: markdown reads `\`` as a backtick that fences nothing.
        '`' => out.push_str("\\`"),
        bracket if tag_bracket(bracket).is_some() => {
            out.push_str("&#x");
            push_hex(out, u32::from(bracket));
            out.push(';');
        }
        control => {
            out.push_str("\\u{");
            push_hex(out, u32::from(control));
            out.push('}');
        }
    }
}

/// `code` in lowercase hexadecimal without padding.
fn push_hex(out: &mut String, code: u32) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let digits = (32 - code.leading_zeros()).div_ceil(4).max(1);
    for shift in (0..digits).rev() {
        out.push(char::from(HEX[((code >> (shift * 4)) & 0xf) as usize]));
    }
}

fn escaped<'a>(s: &'a str, set: &Set) -> Cow<'a, str> {
    // A first pass that allocates nothing: most values have nothing to escape. Escaping into a
    // buffer and comparing would allocate for every value; a clean value writes nothing new.
    let mut out = String::new();
    match s
        .bytes()
        .position(|byte| set.table[usize::from(byte)] != Class::Clean)
    {
        None => Cow::Borrowed(s),
        Some(first) => {
            push_escaped_from(&mut out, s, set, first);
            if out.len() == s.len() {
                // Every replacement is longer than what it replaces, so the same length means
                // the set let every flagged byte through (a lead byte of a kept character, a
                // short backtick run): the output is the input.
                Cow::Borrowed(s)
            } else {
                Cow::Owned(out)
            }
        }
    }
}

/// Where a value from data is interpolated in a declared block (the §4/§5 deviation): the one
/// list of those contexts. Generated code calls each context's `push_*` function directly (its
/// name is [`Context::push_fn_name`]); the generator's in-process renderer calls [`Context::push`],
/// and the generator asks [`Context::apply`] whether a value needs escaping at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Context {
    /// A declared rule's line ([`rule`]).
    Rule,
    /// Suggestion, summary and list lines ([`line()`]).
    Line,
    /// Markdown table cells ([`cell`]).
    Cell,
    /// A value in markdown, code or diagram text, the default there ([`ui_line`]).
    UiLine,
    /// A `multiline` value in markdown, code or diagram text ([`content`]).
    Content,
    /// UI attribute values such as titles ([`attr_value`]).
    Attribute,
}

impl Context {
    /// Appends `s` escaped for this context.
    #[inline]
    pub fn push(self, out: &mut String, s: &str) {
        push_escaped(out, s, self.set());
    }

    /// `s` escaped for this context, borrowed when there is nothing to escape.
    pub fn apply(self, s: &str) -> Cow<'_, str> {
        escaped(s, self.set())
    }

    /// The name of this module's function that appends a value escaped for this context
    /// (`push_line`, ...), for code generators that call it directly.
    pub fn push_fn_name(self) -> &'static str {
        match self {
            Context::Rule => "push_rule",
            Context::Line => "push_line",
            Context::Cell => "push_cell",
            Context::UiLine => "push_ui_line",
            Context::Content => "push_content",
            Context::Attribute => "push_attr_value",
        }
    }

    fn set(self) -> &'static Set {
        match self {
            Context::Rule => RULE,
            Context::Line => LINE,
            Context::Cell => CELL,
            Context::UiLine => UI_LINE,
            Context::Content => CONTENT,
            Context::Attribute => ATTR_VALUE,
        }
    }
}

const LINE: &Set = &Set::new(b"&<", true, true, false);
const RULE: &Set = &Set::new(b"<", true, true, false).tags_only();
const UI_LINE: &Set = &Set::new(b"&<", true, true, true);
const CELL: &Set = &Set::new(b"&<|\\", true, true, false);
const CONTENT: &Set = &Set::new(b"&<", true, false, true);
const ATTR_VALUE: &Set = &Set::new(b"&<>\"", true, true, false);
const XML: &Set = &Set::new(b"&<", false, false, false);
const ATTR: &Set = &Set::new(b"&<>\"'", false, false, false);
const ECHO_ATTR: &Set = &Set::new(b"&<>\"'", true, true, false);
const BREAKS: &Set = &Set::new(b"", true, true, false);

/// Appends a run-time value for a declared rule (§5 deviation): line breaks and controls, so the
/// value stays on its line, and a `<` (or look-alike) only where it could forge a block: a
/// closing tag, a tag the wire format writes, or one the value ends in (see the module's table).
/// `&` and other `<` are written as they are, as the data block shows them.
#[inline]
pub fn push_rule(out: &mut String, s: &str) {
    push_escaped(out, s, RULE);
}

/// [`push_rule`] as a value, borrowed when there is nothing to escape.
pub fn rule(s: &str) -> Cow<'_, str> {
    escaped(s, RULE)
}

/// Appends a run-time value for a suggestion, summary or list line (§5 deviation): `&`,
/// `<`, line breaks and controls, so the value stays on its line.
#[inline]
pub fn push_line(out: &mut String, s: &str) {
    push_escaped(out, s, LINE);
}

/// A run-time value escaped for a rule, suggestion, summary or list line.
pub fn line(s: &str) -> Cow<'_, str> {
    escaped(s, LINE)
}

/// Appends a run-time value for markdown, code or diagram text that stays on its line (§4
/// deviation, the default for a value there): as [`push_line`], plus every backtick of a run of
/// three or more as `` \` ``, so the value can neither start a line of its own nor open or close
/// a code fence.
#[inline]
pub fn push_ui_line(out: &mut String, s: &str) {
    push_escaped(out, s, UI_LINE);
}

/// A run-time value escaped for one line of markdown, code or diagram text.
pub fn ui_line(s: &str) -> Cow<'_, str> {
    escaped(s, UI_LINE)
}

/// Appends a run-time value for a markdown table cell (§4 deviation): as [`push_line`], plus `|`
/// and `\`, so the value stays in its cell.
#[inline]
pub fn push_cell(out: &mut String, s: &str) {
    push_escaped(out, s, CELL);
}

/// A run-time value escaped for a markdown table cell.
pub fn cell(s: &str) -> Cow<'_, str> {
    escaped(s, CELL)
}

/// Appends a run-time value for multi-line UI content such as markdown or code (§4 deviation, a
/// field the definition declares `multiline`): `&`, `<`, controls and backtick runs as
/// [`push_ui_line`] escapes them; line breaks are kept, so a value may span lines but cannot close
/// the fence it sits in.
#[inline]
pub fn push_content(out: &mut String, s: &str) {
    push_escaped(out, s, CONTENT);
}

/// A run-time value escaped for multi-line UI content: as [`ui_line`], but line breaks are kept.
pub fn content(s: &str) -> Cow<'_, str> {
    escaped(s, CONTENT)
}

/// Appends a run-time value for a UI attribute such as `title` (§4 deviation): `&` `<` `>` `"`,
/// line breaks and controls.
#[inline]
pub fn push_attr_value(out: &mut String, s: &str) {
    push_escaped(out, s, ATTR_VALUE);
}

/// A run-time value escaped for a UI attribute: `&` `<` `>` `"`, line breaks and controls.
pub fn attr_value(s: &str) -> Cow<'_, str> {
    escaped(s, ATTR_VALUE)
}

/// JSON text (§3) made safe inside a block: every `<` and look-alike of it ([`tag_bracket`]),
/// DEL and wide control (U+0080..U+009F, U+2028, U+2029) becomes its `\uXXXX` escape.
///
/// JSON has these characters only inside strings (its whitespace is space, tab and line breaks),
/// where the escape is the same character, so the text still parses to the same value; a string
/// `</ui_passthrough>` then cannot close the UI block a `json` or `echarts` block sits in. The
/// writer of §3 already escapes the C0 controls.
pub fn json_text(json: &str) -> Cow<'_, str> {
    let unsafe_char =
        |c: char| c == '<' || c == '\u{7f}' || is_wide_control(c) || tag_bracket(c) == Some('<');
    if !json.contains(unsafe_char) {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if unsafe_char(c) {
            // A character past U+FFFF is its surrogate pair, as JSON writes it.
            for unit in c.encode_utf16(&mut [0; 2]) {
                out.push_str("\\u");
                let hex = format!("{unit:04x}");
                out.push_str(&hex);
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Appends error text escaped as upstream's `xml(s)` does (§12): `&` and `<` only.
pub fn push_xml(out: &mut String, s: &str) {
    push_escaped(out, s, XML);
}

/// Error text escaped as upstream's `xml(s)` (§12): `&` and `<` only; `>` and quotes stay raw,
/// which the goldens show (`<message>Not &lt;found> &amp; "x"</message>`).
pub fn xml(s: &str) -> Cow<'_, str> {
    escaped(s, XML)
}

/// Appends an error attribute value escaped as upstream's `attr(s)` (§12): all five of
/// `&` `<` `>` `"` `'`.
pub fn push_attr(out: &mut String, s: &str) {
    push_escaped(out, s, ATTR);
}

/// An error attribute value escaped as upstream's `attr(s)` (§12): all five of `&` `<` `>` `"` `'`.
pub fn attr(s: &str) -> Cow<'_, str> {
    escaped(s, ATTR)
}

/// Appends text an error envelope repeats from the caller or a handler (an argument, a key, a
/// handler's error text; wire format §12, Echoes): as upstream's [`xml`], plus line breaks and
/// controls as a rule line escapes them ([`push_line`]), so a repeated value stays on its line.
/// Every echo of an error's text goes through here or, in an attribute, [`push_echo_attr`].
pub fn push_echo(out: &mut String, s: &str) {
    push_escaped(out, s, LINE);
}

/// Appends an error attribute value that repeats the caller's text (a field path holding a map
/// key): as upstream's [`attr`], plus line breaks and controls as [`push_echo`] escapes them.
pub fn push_echo_attr(out: &mut String, s: &str) {
    push_escaped(out, s, ECHO_ATTR);
}

/// A value the caller sent, as an error text repeats it (wire format §12, Echoes): its first
/// [`ECHO_MAX_CHARS`](crate::__private::echo::ECHO_MAX_CHARS) characters (then `…`), with line
/// breaks and controls escaped as [`push_echo`] escapes them, so that it stays on its line.
/// Markup is left to the envelope, which escapes it: use this for a value a handler puts in a
/// [`tool_error`](crate::tool_error) message (`Invoice "{id}" does not exist.`), and for text
/// outside an envelope (a protocol error, an error's `Display`).
pub fn echo(value: &str) -> Cow<'_, str> {
    match crate::echo::cut(value) {
        Cow::Borrowed(value) => escaped(value, BREAKS),
        Cow::Owned(cut) => Cow::Owned(escaped(&cut, BREAKS).into_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_input_is_borrowed() {
        assert!(matches!(content("plain ✓ text\nnext"), Cow::Borrowed(_)));
        assert!(matches!(line("plain ✓ text – é"), Cow::Borrowed(_)));
        assert!(matches!(attr_value("a > b"), Cow::Owned(_)));
        assert!(matches!(xml("a > b"), Cow::Borrowed(_)));
    }

    /// A rule shows a value as the data block does, but for what could forge a block.
    #[test]
    fn rules_escape_only_what_forges_a_block() {
        assert!(matches!(rule("Ada <Lovelace> & co"), Cow::Borrowed(_)));
        assert!(matches!(rule("a < b, c<d, <b>bold</b"), Cow::Owned(_)));
        assert_eq!(rule("a < b, <b>bold</b>"), "a < b, <b>bold&lt;/b>");
        for (value, escaped) in [
            ("</domain_rules>", "&lt;/domain_rules>"),
            ("<DOMAIN_RULES>", "&lt;DOMAIN_RULES>"),
            ("<action_suggestions>", "&lt;action_suggestions>"),
            ("<tool_error code=\"X\">", "&lt;tool_error code=\"X\">"),
            ("<!-- x", "&lt;!-- x"),
            ("<?xml", "&lt;?xml"),
            // What the value ends in: the next piece of the text could complete it.
            ("x <", "x &lt;"),
            ("x <domain_r", "x &lt;domain_r"),
            ("x <Lovelace", "x <Lovelace"),
            ("a <= b", "a <= b"),
            ("< /domain_rules>", "&lt; /domain_rules>"),
            ("<Domain-Rules>", "&lt;Domain-Rules>"),
            ("<domain\u{200b}_rules>", "&lt;domain\u{200b}_rules>"),
            ("<dоmain_rules>", "&lt;dоmain_rules>"),
            ("＜/domain_rules＞", "&#xff1c;/domain_rules＞"),
            ("<／domain_rules>", "&lt;／domain_rules>"),
            ("a\n- forged", "a\\n- forged"),
            ("x &lt;/domain_rules>", "x &lt;/domain_rules>"),
        ] {
            assert_eq!(rule(value), escaped, "{value:?}");
        }
    }

    #[test]
    fn each_context_is_its_push_function() {
        type Push = fn(&mut String, &str);
        let contexts: [(Context, Push, &str); 6] = [
            (Context::Rule, push_rule, "push_rule"),
            (Context::Line, push_line, "push_line"),
            (Context::Cell, push_cell, "push_cell"),
            (Context::UiLine, push_ui_line, "push_ui_line"),
            (Context::Content, push_content, "push_content"),
            (Context::Attribute, push_attr_value, "push_attr_value"),
        ];
        let hostile = "a|b\\c\n```</ui_passthrough> \"t\" \u{2028}\u{1b}＜";
        for (context, push, name) in contexts {
            let (mut by_context, mut by_function) = (String::new(), String::new());
            context.push(&mut by_context, hostile);
            push(&mut by_function, hostile);
            assert_eq!(by_context, by_function, "{context:?}");
            assert_eq!(context.apply(hostile), by_function, "{context:?}");
            assert_eq!(context.push_fn_name(), name);
        }
        // The contexts differ where the table of the module says they do.
        assert_ne!(Context::Line.apply("a|b"), Context::Cell.apply("a|b"));
        assert_ne!(Context::Line.apply("a\nb"), Context::Content.apply("a\nb"));
        assert_ne!(Context::Line.apply("```"), Context::UiLine.apply("```"));
        assert_ne!(Context::Line.apply("\""), Context::Attribute.apply("\""));
    }

    #[test]
    fn each_family_escapes_its_own_set() {
        let raw = r#"A "q" & <b> 'x'"#;
        assert_eq!(content(raw), r#"A "q" &amp; &lt;b> 'x'"#);
        assert_eq!(line(raw), r#"A "q" &amp; &lt;b> 'x'"#);
        assert_eq!(xml(raw), r#"A "q" &amp; &lt;b> 'x'"#);
        assert_eq!(attr_value(raw), "A &quot;q&quot; &amp; &lt;b&gt; 'x'");
        assert_eq!(attr(raw), "A &quot;q&quot; &amp; &lt;b&gt; &apos;x&apos;");
    }

    #[test]
    fn line_breaks_and_controls_are_neutralised_per_context() {
        let raw = "a\nb\r\nc\td\0e\u{1b}[31mf\u{7f}\u{85}\u{9b}\u{2028}g|h\\i";
        assert_eq!(
            line(raw),
            "a\\nb\\r\\nc\td\\u{0}e\\u{1b}[31mf\\u{7f}\\u{85}\\u{9b}\\u{2028}g|h\\i"
        );
        assert_eq!(
            cell(raw),
            "a\\nb\\r\\nc\td\\u{0}e\\u{1b}[31mf\\u{7f}\\u{85}\\u{9b}\\u{2028}g\\|h\\\\i"
        );
        assert_eq!(
            content(raw),
            "a\nb\r\nc\td\\u{0}e\\u{1b}[31mf\\u{7f}\\u{85}\\u{9b}\\u{2028}g|h\\i"
        );
        assert_eq!(
            attr_value(raw),
            "a\\nb\\r\\nc\td\\u{0}e\\u{1b}[31mf\\u{7f}\\u{85}\\u{9b}\\u{2028}g|h\\i"
        );
        // The error escapes are upstream's and keep controls raw (§12 "same").
        assert_eq!(xml("a\nb\0"), "a\nb\0");
    }

    #[test]
    fn non_control_characters_behind_the_probed_lead_bytes_are_kept() {
        // U+00A0..U+00FF share the lead byte 0xC2/0xC3; U+2013 and U+20AC share 0xE2.
        let raw = "\u{a0}é – € ⁉";
        assert!(matches!(line(raw), Cow::Borrowed(_)));
        let mut out = String::from("x");
        push_cell(&mut out, "–\u{2029}–");
        assert_eq!(out, "x–\\u{2029}–");
    }

    #[test]
    fn json_text_keeps_the_value_and_drops_raw_less_than() {
        let json = "{\"<k>\": \"</ui_passthrough> \\\\u003c \u{7f}\u{85}\u{2028}\"}";
        let safe = json_text(json);
        assert_eq!(
            safe,
            r#"{"\u003ck>": "\u003c/ui_passthrough> \\u003c \u007f\u0085\u2028"}"#
        );
        let parsed: serde_json::Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(
            parsed,
            serde_json::from_str::<serde_json::Value>(json).unwrap()
        );
        assert!(matches!(json_text("{}"), Cow::Borrowed(_)));
    }

    #[test]
    fn look_alike_tag_brackets_are_escaped_wherever_their_ascii_bracket_is() {
        let forged = "x ＜/domain_rules＞ ﹤dataset﹥ ‹/ui_passthrough› 〈b〉 𝈶/x𝈷";
        let opened = "x &#xff1c;/domain_rules＞ &#xfe64;dataset﹥ &#x2039;/ui_passthrough› \
                      &#x3008;b〉 &#x1d236;/x𝈷";
        assert_eq!(line(forged), opened);
        assert_eq!(cell(forged), opened);
        assert_eq!(content(forged), opened);
        assert_eq!(xml(forged), opened);
        assert_eq!(
            attr_value(forged),
            "x &#xff1c;/domain_rules&#xff1e; &#xfe64;dataset&#xfe65; \
             &#x2039;/ui_passthrough&#x203a; &#x3008;b&#x3009; &#x1d236;/x&#x1d237;"
        );
        assert_eq!(json_text("\"＜/x𝈶＞\""), "\"\\uff1c/x\\ud834\\ude36＞\"");
        // Characters sharing their lead bytes are not brackets: CJK, emoji, other quotes.
        let kept = "日本語 ｶﾅ 「」 《》 « » 😀 ‐";
        assert!(matches!(line(kept), Cow::Borrowed(_)));
        assert!(matches!(attr_value(kept), Cow::Borrowed(_)));
        assert_eq!(tag_bracket('<'), None);
        assert_eq!(tag_bracket('＜'), Some('<'));
        assert_eq!(tag_bracket('›'), Some('>'));
    }

    #[test]
    fn ui_text_escapes_fence_long_backtick_runs_only() {
        assert_eq!(ui_line("a `b` ``c``"), "a `b` ``c``");
        assert_eq!(ui_line("```\n# x"), "\\`\\`\\`\\n# x");
        assert_eq!(content("x\n````\ny"), "x\n\\`\\`\\`\\`\ny");
        // Rules keep their backticks: a rule line is never inside a fence.
        assert_eq!(line("```"), "```");
    }

    #[test]
    fn echoes_are_cut_and_stay_on_their_line() {
        assert_eq!(
            echo("a\n- CRITICAL: x\u{85}\u{2028}\u{b}\u{c}"),
            "a\\n- CRITICAL: x\\u{85}\\u{2028}\\u{b}\\u{c}"
        );
        // Markup is the envelope's to escape.
        assert_eq!(echo("<b> & c"), "<b> & c");
        let long = "\n".repeat(200);
        assert_eq!(echo(&long), format!("{}…", "\\n".repeat(100)));
        let mut attr = String::new();
        push_echo_attr(&mut attr, "a\r\n\"'");
        assert_eq!(attr, "a\\r\\n&quot;&apos;");
    }

    #[test]
    fn push_appends_after_existing_text() {
        let mut out = String::from("title=");
        push_attr_value(&mut out, "é<");
        assert_eq!(out, "title=é&lt;");
    }
}
