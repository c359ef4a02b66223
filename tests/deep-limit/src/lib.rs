//! The deepest chain of each shape the generator accepts (see `build.rs`), compiled with rustc's
//! default recursion limit, returned by a tool, and read from JSON.

/// What `build.rs` generated.
pub mod generated {
    fusion_runtime::include_generated!();
}

#[cfg(test)]
mod tests {
    use super::generated::{Arrays, Chain, Doubling, Inline, Ring};

    /// Each shape reads a value three levels deep: the types are usable, not only declared.
    #[test]
    fn every_shape_at_the_limit_reads_a_value() {
        let nested = r#"{"v": "1", "c": {"v": "2", "c": {"v": "3"}}}"#;
        let inline: Inline = serde_json::from_str(nested).expect("inline");
        assert_eq!(inline.v.as_deref(), Some("1"));
        let arrays: Arrays =
            serde_json::from_str(r#"{"v": "1", "c": [{"v": "2", "c": [{"v": "3"}]}]}"#)
                .expect("arrays");
        assert_eq!(arrays.c.as_ref().map(Vec::len), Some(1));
        let linked = r#"{"a": {"v": "1", "a": {"v": "2", "a": {"v": "3"}}}}"#;
        let _: Chain = serde_json::from_str(linked).expect("chain");
        let _: Ring = serde_json::from_str(linked).expect("ring");
        let doubling: Doubling =
            serde_json::from_str(r#"{"a": {"v": "1", "a": {"v": "2"}, "b": {"v": "3"}}}"#)
                .expect("doubling");
        assert!(doubling.a.is_some());
    }

    /// Boxing keeps the doubling chain's outermost struct small: by value it would hold 2^46
    /// copies of its innermost.
    #[test]
    fn the_doubling_chain_is_small() {
        assert!(std::mem::size_of::<Doubling>() < 4096);
    }
}
