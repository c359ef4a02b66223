//! The HTTP client's request building (`fusion_runtime::http_client::build`) on any JSON
//! arguments, for operations of every parameter kind: a request never leaves its operation's
//! path (no dot or empty segment where a parameter went, the same segments after a URL parser
//! normalises it, the base URL's origin), its query names only the operation's parameters, and
//! its header values hold no control character; a refusal is an argument error that renders.
#![no_main]

use fusion_runtime::http_client::{ApiError, In, Operation, Param, build};
use libfuzzer_sys::fuzz_target;

const fn param(name: &'static str, location: In, explode: bool) -> Param {
    Param {
        name,
        arg: name,
        location,
        explode,
    }
}

const OPERATIONS: &[Operation] = &[
    Operation {
        action: "pets/delete",
        method: "DELETE",
        path: "/pets/{petId}",
        params: &[param("petId", In::Path, false)],
        body: None,
        paging: None,
    },
    Operation {
        action: "issues/list",
        method: "GET",
        path: "/repos/{owner}/{repo}/issues",
        params: &[
            param("owner", In::Path, false),
            param("repo", In::Path, false),
            param("labels", In::Query, true),
            param("ids", In::Query, false),
            param("X-Trace", In::Header, false),
        ],
        body: None,
        paging: None,
    },
    Operation {
        action: "files/get",
        method: "GET",
        path: "/files/{stem}{ext}/raw",
        params: &[param("stem", In::Path, false), param("ext", In::Path, false)],
        body: None,
        paging: None,
    },
    Operation {
        action: "pets/create",
        method: "POST",
        path: "/owners/{owner}/pets",
        params: &[param("owner", In::Path, false), param("dry", In::Query, true)],
        body: Some("body"),
        paging: None,
    },
];

/// The base URL the request's path is appended to, with a path of its own.
const BASE: &str = "https://api.example/v1";

fuzz_target!(|data: &[u8]| {
    let Some((&selector, json)) = data.split_first() else {
        return;
    };
    let operation = &OPERATIONS[usize::from(selector) % OPERATIONS.len()];
    let Ok(args) = serde_json::from_slice::<serde_json::Value>(json) else {
        return;
    };
    match build(operation, &args) {
        Ok(request) => check(operation, &request),
        Err(error @ ApiError::Invalid { .. }) => {
            let text = error.response(operation).texts().join("");
            assert!(text.starts_with("<validation_error action=\""), "{text}");
        }
        Err(other) => panic!("building a request failed with {other:?}"),
    }
});

fn check(operation: &Operation, request: &fusion_runtime::http_client::Request) {
    let path = request.path();
    let template: Vec<&str> = operation.path.split('/').collect();
    let built: Vec<&str> = path.split('/').collect();
    assert_eq!(template.len(), built.len(), "{path}");
    for (template, built) in template.iter().zip(&built) {
        if template.contains('{') {
            assert!(!matches!(*built, "" | "." | ".."), "{path}");
        } else {
            assert_eq!(template, built, "{path}");
        }
    }
    let text = format!("{BASE}{}", request.path_and_query);
    let url = url::Url::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(url.origin(), url::Url::parse(BASE).unwrap().origin(), "{text}");
    assert_eq!(url.path(), format!("/v1{path}"), "the parser moved the path: {text}");
    for (name, _) in url.query_pairs() {
        assert!(
            operation
                .params
                .iter()
                .any(|p| p.location == In::Query && p.name == name),
            "query names `{name}`: {text}"
        );
    }
    assert_eq!(url.fragment(), None, "{text}");
    for (name, value) in &request.headers {
        assert!(
            operation
                .params
                .iter()
                .any(|p| p.location == In::Header && p.name == name),
            "header `{name}`"
        );
        assert!(!value.chars().any(char::is_control), "header `{name}`: {value:?}");
    }
}
