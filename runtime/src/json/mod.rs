//! JSON exactly as JavaScript's `JSON.stringify` prints it (wire format §3).

mod serialize;

pub use serialize::{to_compact, to_pretty, write_serialize};

/// The layout of a JSON data block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum JsonStyle {
    /// `JSON.stringify(value, null, 2)`: two-space indent, `": "` after keys. The default.
    #[default]
    Pretty,
    /// `JSON.stringify(value)`: no whitespace at all.
    Compact,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serialize_path_prints_javascript_numbers_and_layout() {
        let value = serde_json::json!({"a": 1, "b": [1, 2], "f": 4500.0, "e": {}, "l": [], "z": -0.0, "big": 1e21});
        assert_eq!(
            to_pretty(&value).unwrap(),
            "{\n  \"a\": 1,\n  \"b\": [\n    1,\n    2\n  ],\n  \"f\": 4500,\n  \"e\": {},\n  \"l\": [],\n  \"z\": 0,\n  \"big\": 1e+21\n}"
        );
        assert_eq!(
            to_compact(&value).unwrap(),
            r#"{"a":1,"b":[1,2],"f":4500,"e":{},"l":[],"z":0,"big":1e+21}"#
        );
    }
}
