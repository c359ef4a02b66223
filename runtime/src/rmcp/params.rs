//! The answer to a request rmcp could not read as its method's typed request. rmcp decodes a
//! client request as an untagged union whose last member takes any method and any params, so
//! `tools/call` with `"arguments": "x"` does not fail to decode: it becomes a custom request,
//! and the default answer to that is Method not found (`-32601`) with the method as the whole
//! message, which tells the client nothing of its mistake. A method MCP defines reaches here
//! only when its params did not read, so the answer is Invalid params (`-32602`) saying why.

use rmcp::ErrorData;
use rmcp::model::ErrorCode;
use serde_json::{Map, Value};

/// What a member of a method's params must be.
#[derive(Clone, Copy)]
enum Kind {
    String,
    Object,
}

/// A member of a method's params that is checked by name: the usual mistakes, named in the
/// answer. A required member may not be missing; no member may be of another kind (`null`
/// reads as absent).
struct Member {
    name: &'static str,
    kind: Kind,
    required: bool,
}

const fn member(name: &'static str, kind: Kind, required: bool) -> Member {
    Member {
        name,
        kind,
        required,
    }
}

const META: Member = member("_meta", Kind::Object, false);
const CURSOR: [Member; 2] = [member("cursor", Kind::String, false), META];
const NAMED: [Member; 3] = [
    member("name", Kind::String, true),
    member("arguments", Kind::Object, false),
    META,
];
const URI: [Member; 2] = [member("uri", Kind::String, true), META];

/// The client requests of MCP (as rmcp 3 reads them), whether each needs params, and the
/// members checked by name.
const METHODS: &[(&str, bool, &[Member])] = &[
    ("tools/call", true, &NAMED),
    ("tools/list", false, &CURSOR),
    ("prompts/get", true, &NAMED),
    ("prompts/list", false, &CURSOR),
    ("resources/list", false, &CURSOR),
    ("resources/templates/list", false, &CURSOR),
    ("resources/read", true, &URI),
    ("resources/subscribe", true, &URI),
    ("resources/unsubscribe", true, &URI),
    ("resources/directory/read", true, &URI),
    ("initialize", true, &[META]),
    ("ping", false, &[META]),
    ("server/discover", false, &[META]),
    ("completion/complete", true, &[META]),
    (
        "logging/setLevel",
        true,
        &[member("level", Kind::String, true), META],
    ),
    ("subscriptions/listen", false, &[META]),
    ("tasks/get", true, &[META]),
    ("tasks/update", true, &[META]),
    ("tasks/cancel", true, &[META]),
    ("skills/list", false, &CURSOR),
    ("skills/get", true, &[META]),
];

/// The Invalid params error for a request of `method` whose params rmcp could not read; `None`
/// when `method` is not one MCP defines (then it is indeed not found).
pub(super) fn malformed(method: &str, params: Option<&Value>) -> Option<ErrorData> {
    let (_, needed, members) = METHODS.iter().find(|(known, _, _)| *known == method)?;
    let reason = match params {
        Some(Value::Object(params)) => checked(params, members),
        None | Some(Value::Null) if *needed => Some(format!("{method} needs params")),
        None | Some(Value::Null) => None,
        // Params of another kind fail rmcp's decoding of any request; say it all the same.
        Some(other) => Some(format!("params must be an object, not {}", kind_of(other))),
    };
    let reason = reason
        .unwrap_or_else(|| format!("the params of {method} do not have the form MCP defines"));
    Some(ErrorData::new(
        ErrorCode::INVALID_PARAMS,
        format!("Invalid params: {reason}"),
        None,
    ))
}

/// The first member of `members` that is missing or of the wrong kind, as the reason.
fn checked(params: &Map<String, Value>, members: &[Member]) -> Option<String> {
    members.iter().find_map(|member| {
        let (wanted, found) = match (params.get(member.name), member.kind) {
            (None | Some(Value::Null), _) => {
                return member
                    .required
                    .then(|| format!("\"{}\" is missing", member.name));
            }
            (Some(Value::String(_)), Kind::String) | (Some(Value::Object(_)), Kind::Object) => {
                return None;
            }
            (Some(found), Kind::String) => ("a string", found),
            (Some(found), Kind::Object) => ("an object", found),
        };
        Some(format!(
            "\"{}\" must be {wanted}, not {}",
            member.name,
            kind_of(found)
        ))
    })
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn message(method: &str, params: Value) -> Option<String> {
        malformed(method, Some(&params)).map(|error| {
            assert_eq!(error.code, ErrorCode::INVALID_PARAMS);
            error.message.into_owned()
        })
    }

    #[test]
    fn the_usual_mistakes_of_tools_call_are_named() {
        let cases = [
            (
                json!({"name": "billing", "arguments": "x"}),
                r#"Invalid params: "arguments" must be an object, not a string"#,
            ),
            (
                json!({"name": "billing", "arguments": [1]}),
                r#"Invalid params: "arguments" must be an object, not an array"#,
            ),
            (
                json!({"arguments": {}}),
                r#"Invalid params: "name" is missing"#,
            ),
            (
                json!({"name": 7}),
                r#"Invalid params: "name" must be a string, not a number"#,
            ),
        ];
        for (params, expected) in cases {
            assert_eq!(message("tools/call", params).as_deref(), Some(expected));
        }
        assert_eq!(
            malformed("tools/call", None).map(|error| error.message.into_owned()),
            Some("Invalid params: tools/call needs params".to_owned())
        );
    }

    #[test]
    fn another_mistake_of_a_known_method_is_still_invalid_params() {
        assert_eq!(
            message("tools/list", json!({"cursor": 3})).as_deref(),
            Some(r#"Invalid params: "cursor" must be a string, not a number"#)
        );
        assert_eq!(
            message("completion/complete", json!({"ref": 1})).as_deref(),
            Some(
                "Invalid params: the params of completion/complete do not have the form MCP defines"
            )
        );
    }

    #[test]
    fn an_unknown_method_is_left_to_method_not_found() {
        assert!(message("tools/cal", json!({"name": "x"})).is_none());
    }
}
