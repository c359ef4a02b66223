//! The egress guard (wire format §16): a byte cap on a response's text, as MCP Fusion's
//! `core/execution/EgressGuard.ts` applies it.

use crate::response::ToolResponse;

/// The smallest cap: a smaller one is raised to it, as upstream's `Math.max(1024, bytes)` does,
/// so the intervention text always fits with room to spare.
pub const MIN_PAYLOAD_BYTES: u64 = 1024;

/// Cuts `response` to `max_payload_bytes` bytes of UTF-8 text, as upstream's `applyEgressGuard`
/// does.
///
/// Within the cap (the sum of every block's UTF-8 length), the response is returned untouched.
/// Past it, blocks are kept while they fit in the cap minus the intervention text; the block that
/// does not fit is cut at the last character boundary at or before the budget, and gets
/// `⏎⏎[SYSTEM INTERVENTION: Payload truncated at {limit} …]`; later blocks are dropped, and when
/// the budget ran out exactly at a block boundary the last kept block gets the intervention
/// text. The truncated copy keeps `structuredContent` and an `isError: true`, but not an
/// `isError: false` (upstream sets it only when true), nor the test view: its data block is no
/// longer the presenter's.
pub fn guard(response: ToolResponse, max_payload_bytes: u64) -> ToolResponse {
    let limit = max_payload_bytes.max(MIN_PAYLOAD_BYTES);
    let total: u64 = response.texts().iter().map(|t| t.len() as u64).sum();
    if total <= limit {
        return response;
    }
    let suffix = truncation_suffix(limit);
    // The minimum cap is far above the suffix's ~160 bytes, so the budget is never empty: the
    // branch upstream keeps for a cap below its own suffix cannot be reached here.
    let mut remaining = limit - suffix.len() as u64;
    let (texts, is_error, structured) = response.into_parts();
    let count = texts.len();
    let mut kept = Vec::with_capacity(count);
    for mut text in texts {
        if remaining == 0 {
            break;
        }
        let len = text.len() as u64;
        if len <= remaining {
            remaining -= len;
            kept.push(text);
        } else {
            // `remaining < len <= usize::MAX`, so the conversion is exact.
            let cut = floor_char_boundary(&text, remaining as usize);
            text.truncate(cut);
            text.push_str(&suffix);
            kept.push(text);
            remaining = 0;
        }
    }
    if kept.len() < count {
        let trimmed = suffix.trim_start();
        if let Some(last) = kept.last_mut()
            && !last.ends_with(trimmed)
        {
            last.push_str(&suffix);
        }
    }
    let mut guarded = ToolResponse::from_texts(kept);
    if is_error == Some(true) {
        guarded = guarded.with_is_error(true);
    }
    if let Some(value) = structured {
        guarded = guarded.with_structured_content(value);
    }
    guarded
}

/// The text appended where the payload was cut.
pub fn truncation_suffix(limit: u64) -> String {
    format!(
        "\n\n[SYSTEM INTERVENTION: Payload truncated at {} to prevent memory crash. You MUST use pagination (limit/offset) or filters to retrieve smaller result sets.]",
        format_bytes(limit)
    )
}

/// The cap as upstream's `formatBytes` prints it: `(bytes / 2^20).toFixed(1)` + `MB` from 1 MiB,
/// `(bytes / 1024).toFixed(0)` + `KB` from 1 KiB, else `bytes` + `B`.
///
/// `toFixed` rounds the exact quotient half up (ties go to the larger number), which integer
/// arithmetic reproduces exactly; float formatting would round ties to even (`2560` is `3KB`
/// upstream, not `2KB`).
pub fn format_bytes(bytes: u64) -> String {
    const KIB: u128 = 1024;
    const MIB: u128 = 1024 * 1024;
    let bytes = u128::from(bytes);
    if bytes >= MIB {
        let tenths = (bytes * 10 + MIB / 2) / MIB;
        format!("{}.{}MB", tenths / 10, tenths % 10)
    } else if bytes >= KIB {
        format!("{}KB", (bytes + KIB / 2) / KIB)
    } else {
        format!("{bytes}B")
    }
}

/// The largest character boundary at or before `index`: upstream backs off over UTF-8
/// continuation bytes from the cut, which lands on the same place.
fn floor_char_boundary(text: &str, index: usize) -> usize {
    let mut end = index.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_are_formatted_as_upstream_rounds_them() {
        assert_eq!(format_bytes(1000), "1000B");
        assert_eq!(format_bytes(1024), "1KB");
        assert_eq!(format_bytes(1535), "1KB");
        assert_eq!(format_bytes(1536), "2KB");
        assert_eq!(format_bytes(2560), "3KB");
        assert_eq!(format_bytes(1_048_575), "1024KB");
        assert_eq!(format_bytes(1_048_576), "1.0MB");
        assert_eq!(format_bytes(1_310_720), "1.3MB");
    }

    #[test]
    fn a_cut_never_splits_a_character() {
        assert_eq!(floor_char_boundary("a€", 2), 1);
        assert_eq!(floor_char_boundary("a€", 4), 4);
        assert_eq!(floor_char_boundary("a€", 9), 4);
    }

    #[test]
    fn a_response_within_the_cap_is_untouched_and_a_warning_loses_is_error_false() {
        let small = ToolResponse::text("ok").with_is_error(false);
        assert_eq!(guard(small.clone(), 1024), small);
        let big = guard(
            ToolResponse::text("w".repeat(2000)).with_is_error(false),
            1024,
        );
        assert_eq!(big.is_error(), None);
        assert_eq!(big.texts()[0].len(), 1024);
    }
}
