//! UI blocks (wire format §4): `<ui_passthrough ATTRS>⏎CONTENT⏎</ui_passthrough>`.
//!
//! Text handed to a helper is escaped for where it lands, as a value from data is there (the §4
//! deviation, [`crate::escape`]): a title or block type as an attribute
//! ([`crate::escape::attr_value`]), table cells as cells ([`crate::escape::cell`]), summary and
//! list lines as lines ([`crate::escape::line`]), markdown, code and diagram text as multi-line
//! content ([`crate::escape::content`]), and `json` and `echarts` blocks as JSON text
//! ([`crate::escape::json_text`]). Hook code that formats an agent's argument into a block
//! (`UiBlock::summary(&format!("Patient {id}"))`) then cannot close it or forge another one.
//!
//! The `_raw` helpers ([`UiBlock::markdown_raw`], [`UiBlock::summary_raw`], ...) take their text
//! verbatim, as upstream's do: for static text checked for block tags and for text whose values
//! are already escaped for their context, which is what generated presenters write (they escape
//! each value where it is interpolated, since only they know which parts came from data).

use std::borrow::Cow;

use serde::Serialize;

use crate::escape;
use crate::json::{self, JsonStyle};

mod rows;

pub use rows::{ListWriter, TableWriter};

/// The `width` attribute of a UI block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Width {
    /// `width="full"`.
    Full,
    /// `width="half"`.
    Half,
    /// `width="third"`.
    Third,
}

impl Width {
    /// The attribute value as written on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Width::Full => "full",
            Width::Half => "half",
            Width::Third => "third",
        }
    }
}

/// One UI block: its type, content and optional presentation attributes.
///
/// `Cow<'static, str>` for the type and title because they are nearly always literals in generated
/// code; a literal then costs no allocation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UiBlock {
    /// The `type` attribute (`echarts`, `markdown`, a code block's language, ...).
    pub block_type: Cow<'static, str>,
    /// The text between the opening and closing tags.
    pub content: String,
    /// The `title` attribute; an empty title is not emitted.
    pub title: Option<Cow<'static, str>>,
    /// The `width` attribute.
    pub width: Option<Width>,
    /// The `priority` attribute (`priority="0"` is emitted; it never reorders blocks).
    pub priority: Option<i64>,
}

impl UiBlock {
    /// A block of any type with this content: the type escaped as an attribute, the content as
    /// multi-line content ([`crate::escape::content`]: it keeps its lines, cannot close the
    /// block or open a code fence).
    pub fn custom(block_type: impl Into<Cow<'static, str>>, content: impl Into<String>) -> Self {
        Self::custom_raw(
            escaped_cow(block_type.into(), escape::attr_value),
            escaped(content.into(), escape::content),
        )
    }

    /// A block of any type with this content, both verbatim: the base of every helper.
    pub fn custom_raw(
        block_type: impl Into<Cow<'static, str>>,
        content: impl Into<String>,
    ) -> Self {
        Self {
            block_type: block_type.into(),
            content: content.into(),
            title: None,
            width: None,
            priority: None,
        }
    }

    /// An ECharts chart: `fence("echarts", config as pretty JSON)`, its text made safe in the
    /// block by [`crate::escape::json_text`] (the same JSON value).
    ///
    /// # Errors
    /// When `config` fails to serialize (see [`json::write_serialize`]).
    pub fn echarts<T: Serialize + ?Sized>(config: &T) -> Result<Self, serde_json::Error> {
        Ok(Self::custom_raw("echarts", fenced_json("echarts", config)?))
    }

    /// A Mermaid diagram: `fence("mermaid", diagram)`, the diagram escaped as multi-line
    /// content.
    pub fn mermaid(diagram: &str) -> Self {
        Self::mermaid_raw(&escape::content(diagram))
    }

    /// A Mermaid diagram: `fence("mermaid", diagram)`, the diagram verbatim.
    pub fn mermaid_raw(diagram: &str) -> Self {
        Self::custom_raw("mermaid", fence("mermaid", diagram))
    }

    /// Markdown, not fenced, escaped as multi-line content: its lines are kept, `&`, `<` and
    /// runs of three backticks are not markup.
    pub fn markdown(md: impl Into<String>) -> Self {
        Self::markdown_raw(escaped(md.into(), escape::content))
    }

    /// Markdown, verbatim and not fenced.
    pub fn markdown_raw(md: impl Into<String>) -> Self {
        Self::custom_raw("markdown", md)
    }

    /// A code block whose type is its language: `fence(lang, code)`, the language escaped as an
    /// attribute, the code as multi-line content.
    pub fn code_block(lang: impl Into<Cow<'static, str>>, code: &str) -> Self {
        Self::code_block_raw(
            escaped_cow(lang.into(), escape::attr_value),
            &escape::content(code),
        )
    }

    /// A code block whose type is its language: `fence(lang, code)`, both verbatim.
    pub fn code_block_raw(lang: impl Into<Cow<'static, str>>, code: &str) -> Self {
        let lang = lang.into();
        let content = fence(&lang, code);
        Self::custom_raw(lang, content)
    }

    /// A JSON block: `fence("json", value as pretty JSON)`, its text made safe in the block by
    /// [`crate::escape::json_text`] (the same JSON value).
    ///
    /// # Errors
    /// When `value` fails to serialize (see [`json::write_serialize`]).
    pub fn json<T: Serialize + ?Sized>(value: &T) -> Result<Self, serde_json::Error> {
        Ok(Self::custom_raw("json", fenced_json("json", value)?))
    }

    /// A Markdown table: header line, `---` separator line, then one line per row, every header
    /// and cell escaped as a cell ([`crate::escape::cell`]: its `|` and line breaks add no cell
    /// or row).
    ///
    /// With no rows the text ends with the newline after the separator (`| A |⏎| --- |⏎`),
    /// as upstream joins `[header, separator, rows.join(⏎)]` with ⏎.
    pub fn table<H, R, C>(headers: &[H], rows: &[R]) -> Self
    where
        H: AsRef<str>,
        R: AsRef<[C]>,
        C: AsRef<str>,
    {
        table_with(headers, rows, escape::push_cell)
    }

    /// [`UiBlock::table`] with headers and cells verbatim.
    pub fn table_raw<H, R, C>(headers: &[H], rows: &[R]) -> Self
    where
        H: AsRef<str>,
        R: AsRef<[C]>,
        C: AsRef<str>,
    {
        table_with(headers, rows, String::push_str)
    }

    /// A Markdown list: one `- item` line per item, each escaped as a line
    /// ([`crate::escape::line`]: an item stays one line).
    pub fn list<I: AsRef<str>>(items: &[I]) -> Self {
        list_with(items, escape::push_line)
    }

    /// [`UiBlock::list`] with the items verbatim.
    pub fn list_raw<I: AsRef<str>>(items: &[I]) -> Self {
        list_with(items, String::push_str)
    }

    /// A summary: `📊 **Summary**: ` followed by the text escaped as a line.
    pub fn summary(text: &str) -> Self {
        Self::summary_raw(&escape::line(text))
    }

    /// A summary: `📊 **Summary**: ` followed by the text, verbatim.
    pub fn summary_raw(text: &str) -> Self {
        Self::custom_raw("summary", format!("📊 **Summary**: {text}"))
    }

    /// The truncation block of the agent limit (§7), which the builder puts first among UI blocks.
    pub fn truncation(shown: usize, hidden: usize) -> Self {
        Self::truncation_naming(shown, hidden, &[])
    }

    /// [`UiBlock::truncation`] naming the tool's filter parameters, a deviation (§7): with
    /// `filters` `["status", "author"]` the text ends `Use filters to narrow results: status,
    /// author.` instead of `… results.`; with none it is upstream's text. The names are escaped
    /// as a summary line's values are ([`crate::escape::line`]).
    pub fn truncation_naming(shown: usize, hidden: usize, filters: &[&str]) -> Self {
        let mut text = format!(
            "⚠️ Dataset truncated. {shown} shown, {hidden} hidden. Use filters to narrow results"
        );
        for (index, name) in filters.iter().enumerate() {
            text.push_str(if index == 0 { ": " } else { ", " });
            escape::push_line(&mut text, name);
        }
        text.push('.');
        Self::summary_raw(&text)
    }

    /// Sets the title, escaped as an attribute value ([`crate::escape::attr_value`]).
    #[must_use]
    pub fn title(self, title: impl Into<Cow<'static, str>>) -> Self {
        self.title_raw(escaped_cow(title.into(), escape::attr_value))
    }

    /// Sets the title, verbatim.
    #[must_use]
    pub fn title_raw(mut self, title: impl Into<Cow<'static, str>>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// Sets the width.
    #[must_use]
    pub fn width(mut self, width: Width) -> Self {
        self.width = Some(width);
        self
    }

    /// Sets the priority.
    #[must_use]
    pub fn priority(mut self, priority: i64) -> Self {
        self.priority = Some(priority);
        self
    }

    /// Appends the block as it goes on the wire, attributes in the order
    /// `type`, `title`, `width`, `priority`.
    pub fn write_to(&self, out: &mut String) {
        self.write_head(out);
        out.push_str(&self.content);
        out.push_str(TAIL);
    }

    /// Starts the block's wire text, to be written in place: its opening tag and its content so
    /// far, then whatever the caller appends through the writer.
    ///
    /// A block built apart, as [`UiBlock::render`] takes it, is copied whole into its wire text;
    /// for a table of every row of a collection, that copy is a good part of the block's cost.
    pub fn into_writer(mut self) -> UiWriter {
        let content = std::mem::take(&mut self.content);
        // Attributes and tags add well under 128 bytes.
        let mut text = String::with_capacity(content.len() + 128);
        self.write_head(&mut text);
        let start = text.len();
        text.push_str(&content);
        UiWriter {
            block: self,
            text,
            start,
        }
    }

    /// The opening tag: `<ui_passthrough ATTRS>` and the line break after it.
    fn write_head(&self, out: &mut String) {
        out.push_str("<ui_passthrough type=\"");
        out.push_str(&self.block_type);
        out.push('"');
        if let Some(title) = self.title.as_deref().filter(|title| !title.is_empty()) {
            out.push_str(" title=\"");
            out.push_str(title);
            out.push('"');
        }
        if let Some(width) = self.width {
            out.push_str(" width=\"");
            out.push_str(width.as_str());
            out.push('"');
        }
        if let Some(priority) = self.priority {
            out.push_str(" priority=\"");
            out.push_str(itoa::Buffer::new().format(priority));
            out.push('"');
        }
        out.push_str(">\n");
    }

    /// The block as it goes on the wire.
    pub fn render(&self) -> String {
        // Attributes and tags add well under 128 bytes; one allocation covers the common case.
        let mut out = String::with_capacity(self.content.len() + 128);
        self.write_to(&mut out);
        out
    }
}

/// The closing tag and the line break before it.
const TAIL: &str = "\n</ui_passthrough>";

/// A UI block being written straight into its wire text (see [`UiBlock::into_writer`]); the
/// response builder takes it as it is with [`crate::ResponseBuilder::ui`].
///
/// It dereferences to that text, so whatever appends to a `String` (the escapes, the number and
/// JSON writers) appends content. Append only: the opening tag is at the start of the same text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UiWriter {
    /// The block's attributes; its content is in `text`.
    block: UiBlock,
    text: String,
    /// Where the content starts in `text`.
    start: usize,
}

impl UiWriter {
    /// Closes the block: its wire text, and the block with its content as the range of that
    /// text it occupies (the block's own `content` left empty).
    pub(crate) fn finish(self) -> WrittenUi {
        let Self {
            block,
            mut text,
            start,
        } = self;
        let content = start..text.len();
        text.push_str(TAIL);
        WrittenUi {
            block,
            text,
            content,
        }
    }
}

impl From<UiBlock> for UiWriter {
    /// A block built apart, written into its wire text whole.
    fn from(block: UiBlock) -> Self {
        block.into_writer()
    }
}

impl std::ops::Deref for UiWriter {
    type Target = String;

    fn deref(&self) -> &String {
        &self.text
    }
}

impl std::ops::DerefMut for UiWriter {
    fn deref_mut(&mut self) -> &mut String {
        &mut self.text
    }
}

/// A UI block in its wire text, as the response builder keeps it: the text goes on the wire as
/// is, and the block (for prompts and the test view) finds its content in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WrittenUi {
    /// The attributes; `content` is empty.
    pub(crate) block: UiBlock,
    /// `<ui_passthrough ATTRS>⏎CONTENT⏎</ui_passthrough>`.
    pub(crate) text: String,
    /// Where the content is in `text`.
    pub(crate) content: std::ops::Range<usize>,
}

impl WrittenUi {
    /// The content, as written.
    pub(crate) fn content(&self) -> &str {
        self.text.get(self.content.clone()).unwrap_or_default()
    }
}

/// A fenced block: "```" + lang + ⏎ + body + ⏎ + "```". Every fenced helper goes through here
/// (the JSON helpers share its layout code and serialize straight into the block).
///
/// When the body holds a run of three backticks or more, the fence is one backtick longer than
/// its longest run, so that nothing in the body closes it (CommonMark closes a fence only with a
/// run at least as long as the opening one); any other body gets the three backticks of upstream.
pub fn fence(lang: &str, body: &str) -> String {
    let mut out = String::with_capacity(body.len() + lang.len() + 8);
    let ticks = fence_ticks(body);
    let Ok(()) = fence_with(&mut out, lang, ticks, |out| {
        out.push_str(body);
        Ok::<(), std::convert::Infallible>(())
    });
    out
}

/// How many backticks fence `body`: three, or one more than its longest run of backticks.
pub(crate) fn fence_ticks(body: &str) -> usize {
    let mut longest = 0;
    let mut run = 0;
    // A scan for the byte alone: backticks are rare, and a body is written once.
    for byte in body.bytes() {
        if byte == b'`' {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    if longest < 3 { 3 } else { longest + 1 }
}

/// The one place that knows the fence layout; `body` appends the fenced text.
fn fence_with<E>(
    out: &mut String,
    lang: &str,
    ticks: usize,
    body: impl FnOnce(&mut String) -> Result<(), E>,
) -> Result<(), E> {
    push_ticks(out, ticks);
    out.push_str(lang);
    out.push('\n');
    body(out)?;
    out.push('\n');
    push_ticks(out, ticks);
    Ok(())
}

fn push_ticks(out: &mut String, ticks: usize) {
    for _ in 0..ticks {
        out.push('`');
    }
}

/// The fence around a value's pretty JSON, made safe in a block by [`escape::json_text`].
fn fenced_json<T: Serialize + ?Sized>(lang: &str, value: &T) -> Result<String, serde_json::Error> {
    let mut text = String::new();
    json::write_serialize(&mut text, value, JsonStyle::Pretty)?;
    let text = escaped(text, escape::json_text);
    // Pretty JSON has backticks only inside strings, mid-line, where no reader ends a fence.
    let mut out = String::with_capacity(text.len() + lang.len() + 8);
    let Ok(()) = fence_with(&mut out, lang, 3, |out| {
        out.push_str(&text);
        Ok::<(), std::convert::Infallible>(())
    });
    Ok(out)
}

/// `text` through `escape`, kept as it is when there is nothing to escape.
fn escaped(text: String, escape: fn(&str) -> Cow<'_, str>) -> String {
    match escape(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(escaped) => escaped,
    }
}

/// [`escaped`] for a `Cow`: a clean literal stays borrowed.
fn escaped_cow(text: Cow<'static, str>, escape: fn(&str) -> Cow<'_, str>) -> Cow<'static, str> {
    let owned = match escape(&text) {
        Cow::Borrowed(_) => None,
        Cow::Owned(escaped) => Some(escaped),
    };
    owned.map_or(text, Cow::Owned)
}

/// A table whose headers and cells go through `push` (an escape, or `push_str`).
fn table_with<H, R, C>(headers: &[H], rows: &[R], push: fn(&mut String, &str)) -> UiBlock
where
    H: AsRef<str>,
    R: AsRef<[C]>,
    C: AsRef<str>,
{
    let mut out = String::new();
    let mut table = TableWriter::start(
        &mut out,
        headers.iter().map(AsRef::as_ref),
        push,
        rows.len(),
    );
    for row in rows {
        table.row();
        for (index, cell) in row.as_ref().iter().enumerate() {
            if index > 0 {
                table.next_cell();
            }
            push(&mut table, cell.as_ref());
        }
        table.end_row();
    }
    table.finish();
    UiBlock::custom_raw("markdown", out)
}

/// A list whose items go through `push` (an escape, or `push_str`).
fn list_with<I: AsRef<str>>(items: &[I], push: fn(&mut String, &str)) -> UiBlock {
    let mut out = String::new();
    let mut list = ListWriter::start(&mut out, items.len());
    for item in items {
        list.item();
        push(&mut list, item.as_ref());
    }
    list.finish();
    UiBlock::custom_raw("markdown", out)
}
