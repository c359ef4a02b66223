//! State sync (wire format §17): the `<cache_invalidation>` block an action that changes data
//! puts first in its successes, as MCP Fusion's `state-sync/ResponseDecorator.ts` writes it.

use crate::escape::push_attr;
use crate::response::ToolResponse;

/// `<cache_invalidation cause="CAUSE" domains="P1, P2" />`, both attributes escaped as upstream's
/// `escapeXmlAttr` (all five of `&` `<` `>` `"` `'`).
pub fn invalidation_block(cause: &str, patterns: &[&str]) -> String {
    let mut out = String::with_capacity(48 + cause.len() + patterns.len() * 16);
    out.push_str("<cache_invalidation cause=\"");
    push_attr(&mut out, cause);
    out.push_str("\" domains=\"");
    push_attr(&mut out, &patterns.join(", "));
    out.push_str("\" />");
    out
}

/// Puts the invalidation block before every block of `response`, unless it is an error
/// (`isError: true`), as upstream's `StateSyncLayer.decorateResult` does: a failed call changed
/// nothing. `cause` is the action as `tool.action`.
pub fn invalidate(mut response: ToolResponse, cause: &str, patterns: &[&str]) -> ToolResponse {
    if response.is_error() == Some(true) {
        return response;
    }
    response.prepend_text(invalidation_block(cause, patterns));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_are_escaped_and_errors_are_left_alone() {
        assert_eq!(
            invalidation_block("a&b.<c>", &["x.*", "'q\""]),
            r#"<cache_invalidation cause="a&amp;b.&lt;c&gt;" domains="x.*, &apos;q&quot;" />"#
        );
        let failed = ToolResponse::text("no").with_is_error(true);
        assert_eq!(invalidate(failed.clone(), "t.a", &["t.*"]), failed);
        let warning = invalidate(
            ToolResponse::text("w").with_is_error(false),
            "t.a",
            &["t.*"],
        );
        assert_eq!(warning.texts().len(), 2);
    }
}
