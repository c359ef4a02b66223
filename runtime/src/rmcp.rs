//! The bridge to rmcp, the official Rust MCP SDK (feature `rmcp`).

use rmcp::model::{CallToolResult, ContentBlock};

use crate::response::ToolResponse;

impl From<ToolResponse> for CallToolResult {
    /// Moves the text blocks into rmcp's result as they are; `isError` and `structuredContent`
    /// stay absent when the response leaves them absent (a Presenter response sets neither).
    fn from(response: ToolResponse) -> Self {
        let (texts, is_error, structured_content) = response.into_parts();
        let content: Vec<ContentBlock> = texts.into_iter().map(ContentBlock::text).collect();
        let mut result = CallToolResult::success(content);
        result.is_error = is_error;
        result.structured_content = structured_content;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{error, success_structured};

    fn wire(result: &CallToolResult) -> serde_json::Value {
        let mut value = serde_json::to_value(result).expect("rmcp results serialize");
        // rmcp adds the protocol's `resultType` discriminator; the blocks are what we compare.
        if let Some(object) = value.as_object_mut() {
            object.remove("resultType");
        }
        value
    }

    #[test]
    fn an_error_keeps_its_text_and_is_error() {
        let ours = error("boom", Some("E"));
        let expected: serde_json::Value = serde_json::from_str(&ours.to_json()).unwrap();
        assert_eq!(wire(&CallToolResult::from(ours)), expected);
    }

    #[test]
    fn structured_content_crosses_over() {
        let ours = success_structured(&serde_json::json!({"temperature": 22.5}));
        let expected: serde_json::Value = serde_json::from_str(&ours.to_json()).unwrap();
        assert_eq!(wire(&CallToolResult::from(ours)), expected);
    }
}
