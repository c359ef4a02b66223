//! The tool response: MCP's `CallToolResult` (wire format §1) and the test view (§15).

use std::borrow::Cow;
use std::ops::Range;

use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};

use crate::json;
use crate::ui::UiBlock;

/// A finished tool response, serialized as MCP's `CallToolResult`:
/// `{"content":[{"type":"text","text":"..."}, ...], "isError": bool?, "structuredContent": value?}`.
///
/// Every content item is a text block. Absent fields are omitted. The test view (§15) rides along
/// outside the serialized form.
///
/// To convert into another MCP library's result type, take it apart with
/// [`ToolResponse::into_parts`]: the texts, `isError` and `structuredContent` map one to one.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ToolResponse {
    texts: Vec<String>,
    is_error: Option<bool>,
    structured_content: Option<serde_json::Value>,
    // Boxed: most responses carry no view, and the view is never on the wire.
    view: Option<Box<ViewParts>>,
}

impl ToolResponse {
    /// A response made of these text blocks, in this order, with no `isError`.
    pub fn from_texts(texts: Vec<String>) -> Self {
        Self {
            texts,
            ..Self::default()
        }
    }

    /// A response with a single text block.
    pub fn text(text: impl Into<String>) -> Self {
        Self::from_texts(vec![text.into()])
    }

    /// Sets `isError` (an explicit `false` is emitted, as a `warning` tool error requires).
    #[must_use]
    pub fn with_is_error(mut self, is_error: bool) -> Self {
        self.is_error = Some(is_error);
        self
    }

    /// Sets `structuredContent`.
    #[must_use]
    pub fn with_structured_content(mut self, value: serde_json::Value) -> Self {
        self.structured_content = Some(value);
        self
    }

    /// The text blocks, in wire order.
    pub fn texts(&self) -> &[String] {
        &self.texts
    }

    /// The first text block: the data block of a success, the envelope of an error.
    pub fn first_text(&self) -> Option<&str> {
        self.texts.first().map(String::as_str)
    }

    /// `isError`, when set.
    pub fn is_error(&self) -> Option<bool> {
        self.is_error
    }

    /// `structuredContent`, when set.
    pub fn structured_content(&self) -> Option<&serde_json::Value> {
        self.structured_content.as_ref()
    }

    /// The text blocks, `isError` and `structuredContent`, dropping the test view.
    pub fn into_parts(self) -> (Vec<String>, Option<bool>, Option<serde_json::Value>) {
        (self.texts, self.is_error, self.structured_content)
    }

    /// The text blocks, dropping everything else (embedding a child Presenter's blocks, §8).
    pub fn into_texts(self) -> Vec<String> {
        self.texts
    }

    /// The `CallToolResult` as compact JSON, numbers printed as JavaScript prints them.
    pub fn to_json(&self) -> String {
        // Every part is a String, a bool or a serde_json::Value with string keys: serialization
        // cannot fail, so there is no error worth handing to the caller.
        json::to_compact(self).expect("a ToolResponse always serializes")
    }

    /// The structured view of a Presenter-built response (§15); `None` for any other response.
    pub fn test_view(&self) -> Option<TestView<'_>> {
        self.view.as_deref().map(|parts| TestView {
            parts,
            texts: &self.texts,
        })
    }

    /// Sets `structuredContent` to the wire data of a Presenter response (its test view's data),
    /// wrapped as `{"items": data}` when `collection`. Errors and responses without a view are
    /// returned unchanged: an error never carries `structuredContent`, which clients would
    /// validate against the output schema and then hide the real message.
    #[must_use]
    pub fn with_structured_data(mut self, collection: bool) -> Self {
        if self.is_error == Some(true) {
            return self;
        }
        let Some(data) = self.test_view().and_then(|view| view.try_data()) else {
            return self;
        };
        let value = if collection {
            let mut wrapper = serde_json::Map::with_capacity(1);
            wrapper.insert("items".to_owned(), data);
            serde_json::Value::Object(wrapper)
        } else {
            data
        };
        self.structured_content = Some(value);
        self
    }

    pub(crate) fn set_view(&mut self, parts: ViewParts) {
        self.view = Some(Box::new(parts));
    }

    /// Puts a text block before every other (state sync's `<cache_invalidation>`, §17); the test
    /// view still finds the data block, now one further.
    pub(crate) fn prepend_text(&mut self, text: String) {
        self.texts.insert(0, text);
        if let Some(view) = &mut self.view {
            view.data_at += 1;
        }
    }
}

impl Serialize for ToolResponse {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let len = 1
            + usize::from(self.is_error.is_some())
            + usize::from(self.structured_content.is_some());
        let mut map = serializer.serialize_map(Some(len))?;
        map.serialize_entry("content", &TextItems(&self.texts))?;
        if let Some(is_error) = self.is_error {
            map.serialize_entry("isError", &is_error)?;
        }
        if let Some(value) = &self.structured_content {
            map.serialize_entry("structuredContent", value)?;
        }
        map.end()
    }
}

/// The `content` array: each text as `{"type":"text","text":...}`, without building the items.
struct TextItems<'a>(&'a [String]);

impl Serialize for TextItems<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|text| TextItem(text)))
    }
}

struct TextItem<'a>(&'a str);

impl Serialize for TextItem<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut item = serializer.serialize_struct("TextContent", 2)?;
        item.serialize_field("type", "text")?;
        item.serialize_field("text", self.0)?;
        item.end()
    }
}

/// Where the test view finds the wire data of a Presenter response.
///
/// The data block is already the wire data whenever it is JSON, so the common case stores nothing
/// and [`TestView::data`] parses the block on demand: a test pays, the hot path does not. Only a
/// TOON data block, which cannot be read back as JSON here, needs a compact JSON copy.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum ViewData {
    /// The data block is JSON (pretty or compact): parse it.
    #[default]
    DataBlock,
    /// The data block is not JSON (TOON): this is the same wire data as compact JSON.
    Json(String),
}

/// What a Presenter response keeps for its test view; the blocks were rendered from these parts,
/// so keeping them costs no copy, and the UI blocks' content is read from their texts.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct ViewParts {
    pub(crate) data: ViewData,
    /// The index of the data block among the texts: 0, unless blocks were put before it.
    pub(crate) data_at: usize,
    pub(crate) system_rules: Vec<Cow<'static, str>>,
    /// Each UI block's attributes (its `content` empty) and where its content is in its text;
    /// the UI blocks' texts follow the data block's, in this order.
    pub(crate) ui_blocks: Vec<(UiBlock, Range<usize>)>,
}

/// The structured view of a Presenter-built response (§15): `{data, system_rules, ui_blocks}`.
///
/// A borrowed view rather than a stored struct: `data` and the UI blocks' content live in the
/// response's own texts, and borrowing lets the view read them there instead of keeping a second
/// copy.
#[derive(Debug, Clone, Copy)]
pub struct TestView<'a> {
    parts: &'a ViewParts,
    texts: &'a [String],
}

impl<'a> TestView<'a> {
    /// The wire data (after `_select` and redaction), as a JSON value.
    ///
    /// # Panics
    /// When the Presenter declared a JSON data block that is not JSON; that is a bug in the
    /// Presenter, and this is test-only code.
    pub fn data(&self) -> serde_json::Value {
        self.try_data().expect("the test view's data is JSON")
    }

    /// [`TestView::data`], `None` where it would panic.
    pub fn try_data(&self) -> Option<serde_json::Value> {
        let text = match &self.parts.data {
            ViewData::DataBlock => self.text(self.parts.data_at),
            ViewData::Json(json) => json,
        };
        serde_json::from_str(text).ok()
    }

    /// The Presenter's own rules, without the `<domain_rules>` wrapping and without embedded ones.
    pub fn system_rules(&self) -> &'a [Cow<'static, str>] {
        &self.parts.system_rules
    }

    /// The Presenter's UI blocks in wire order, the truncation block (§7) first when present.
    ///
    /// Made on demand: the response keeps each block's content only in its wire text.
    pub fn ui_blocks(&self) -> Vec<UiBlock> {
        let first = self.parts.data_at + 1;
        self.parts
            .ui_blocks
            .iter()
            .enumerate()
            .map(|(index, (block, content))| UiBlock {
                content: self
                    .text(first + index)
                    .get(content.clone())
                    .unwrap_or_default()
                    .to_owned(),
                ..block.clone()
            })
            .collect()
    }

    /// The text block at `index`, empty when there is none.
    fn text(&self, index: usize) -> &'a str {
        self.texts.get(index).map_or("", String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absent_fields_are_omitted_and_false_is_kept() {
        assert_eq!(
            ToolResponse::text("OK").to_json(),
            r#"{"content":[{"type":"text","text":"OK"}]}"#
        );
        let warning = ToolResponse::text("w").with_is_error(false);
        assert_eq!(
            warning.to_json(),
            r#"{"content":[{"type":"text","text":"w"}],"isError":false}"#
        );
        let structured =
            ToolResponse::text("{}").with_structured_content(serde_json::json!({"t": 4500.0}));
        assert_eq!(
            structured.to_json(),
            r#"{"content":[{"type":"text","text":"{}"}],"structuredContent":{"t":4500}}"#
        );
    }

    #[test]
    fn plain_responses_have_no_test_view() {
        assert!(ToolResponse::text("OK").test_view().is_none());
    }
}
