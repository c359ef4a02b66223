//! UI blocks (wire format §4): `<ui_passthrough ATTRS>⏎CONTENT⏎</ui_passthrough>`.
//!
//! Every helper takes its text verbatim ("same": static text authored in a definition is emitted as
//! written). Values interpolated from data must be escaped for their context first: table cells
//! with [`crate::escape::push_cell`], summary and list lines with [`crate::escape::push_line`],
//! other content with [`crate::escape::push_content`], the title with
//! [`crate::escape::push_attr_value`]. That is the §4 deviation, and it is the caller's job because
//! only the caller knows which parts of a text came from data.

use std::borrow::Cow;

use serde::Serialize;

use crate::json::{self, JsonStyle};

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
    /// A block of any type with this content: a custom block, or the base of every helper.
    pub fn custom(block_type: impl Into<Cow<'static, str>>, content: impl Into<String>) -> Self {
        Self {
            block_type: block_type.into(),
            content: content.into(),
            title: None,
            width: None,
            priority: None,
        }
    }

    /// An ECharts chart: `fence("echarts", config as pretty JSON)`.
    ///
    /// # Errors
    /// When `config` fails to serialize (see [`json::write_serialize`]).
    pub fn echarts<T: Serialize + ?Sized>(config: &T) -> Result<Self, serde_json::Error> {
        Ok(Self::custom("echarts", fenced_json("echarts", config)?))
    }

    /// A Mermaid diagram: `fence("mermaid", diagram)`.
    pub fn mermaid(diagram: &str) -> Self {
        Self::custom("mermaid", fence("mermaid", diagram))
    }

    /// Markdown, verbatim and not fenced.
    pub fn markdown(md: impl Into<String>) -> Self {
        Self::custom("markdown", md)
    }

    /// A code block whose type is its language: `fence(lang, code)`.
    pub fn code_block(lang: impl Into<Cow<'static, str>>, code: &str) -> Self {
        let lang = lang.into();
        let content = fence(&lang, code);
        Self::custom(lang, content)
    }

    /// A JSON block: `fence("json", value as pretty JSON)`.
    ///
    /// # Errors
    /// When `value` fails to serialize (see [`json::write_serialize`]).
    pub fn json<T: Serialize + ?Sized>(value: &T) -> Result<Self, serde_json::Error> {
        Ok(Self::custom("json", fenced_json("json", value)?))
    }

    /// A Markdown table: header line, `---` separator line, then one line per row. Cells are
    /// verbatim: a cell from data goes through [`crate::escape::cell`], or its `|` and line
    /// breaks add cells and rows.
    ///
    /// With no rows the text ends with the newline after the separator (`| A |⏎| --- |⏎`),
    /// as upstream joins `[header, separator, rows.join(⏎)]` with ⏎.
    pub fn table<H, R, C>(headers: &[H], rows: &[R]) -> Self
    where
        H: AsRef<str>,
        R: AsRef<[C]>,
        C: AsRef<str>,
    {
        let mut out = String::new();
        push_table_row(&mut out, headers.iter().map(AsRef::as_ref));
        out.push('\n');
        push_table_row(&mut out, headers.iter().map(|_| "---"));
        out.push('\n');
        for (index, row) in rows.iter().enumerate() {
            if index > 0 {
                out.push('\n');
            }
            push_table_row(&mut out, row.as_ref().iter().map(AsRef::as_ref));
        }
        Self::custom("markdown", out)
    }

    /// A Markdown list: one `- item` line per item (verbatim: escape data with
    /// [`crate::escape::line`] so an item stays one line).
    pub fn list<I: AsRef<str>>(items: &[I]) -> Self {
        let mut out = String::new();
        for (index, item) in items.iter().enumerate() {
            if index > 0 {
                out.push('\n');
            }
            out.push_str("- ");
            out.push_str(item.as_ref());
        }
        Self::custom("markdown", out)
    }

    /// A summary: `📊 **Summary**: ` followed by the text (verbatim: escape data with
    /// [`crate::escape::line`]).
    pub fn summary(text: &str) -> Self {
        Self::custom("summary", format!("📊 **Summary**: {text}"))
    }

    /// The truncation block of the agent limit (§7), which the builder puts first among UI blocks.
    pub fn truncation(shown: usize, hidden: usize) -> Self {
        Self::summary(&format!(
            "⚠️ Dataset truncated. {shown} shown, {hidden} hidden. Use filters to narrow results."
        ))
    }

    /// Sets the title (verbatim: escape data-derived parts with [`crate::escape::attr_value`]).
    #[must_use]
    pub fn title(mut self, title: impl Into<Cow<'static, str>>) -> Self {
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
        out.push_str(&self.content);
        out.push_str("\n</ui_passthrough>");
    }

    /// The block as it goes on the wire.
    pub fn render(&self) -> String {
        // Attributes and tags add well under 128 bytes; one allocation covers the common case.
        let mut out = String::with_capacity(self.content.len() + 128);
        self.write_to(&mut out);
        out
    }
}

/// A fenced block: "```" + lang + ⏎ + body + ⏎ + "```". Every fenced helper goes through here
/// (the JSON helpers share its layout code and serialize straight into the block).
pub fn fence(lang: &str, body: &str) -> String {
    let mut out = String::with_capacity(body.len() + lang.len() + 8);
    let Ok(()) = fence_with(&mut out, lang, |out| {
        out.push_str(body);
        Ok::<(), std::convert::Infallible>(())
    });
    out
}

/// The one place that knows the fence layout; `body` appends the fenced text.
fn fence_with<E>(
    out: &mut String,
    lang: &str,
    body: impl FnOnce(&mut String) -> Result<(), E>,
) -> Result<(), E> {
    out.push_str("```");
    out.push_str(lang);
    out.push('\n');
    body(out)?;
    out.push_str("\n```");
    Ok(())
}

/// The fence around a value's pretty JSON, serialized straight into the block's buffer.
fn fenced_json<T: Serialize + ?Sized>(lang: &str, value: &T) -> Result<String, serde_json::Error> {
    let mut out = String::new();
    fence_with(&mut out, lang, |out| {
        json::write_serialize(out, value, JsonStyle::Pretty)
    })?;
    Ok(out)
}

/// `| c1 | c2 |`: upstream's `` `| ${cells.join(' | ')} |` ``.
fn push_table_row<'a>(out: &mut String, cells: impl Iterator<Item = &'a str>) {
    out.push_str("| ");
    for (index, cell) in cells.enumerate() {
        if index > 0 {
            out.push_str(" | ");
        }
        out.push_str(cell);
    }
    out.push_str(" |");
}
