//! Request building (no network: the client against a hostile API is tested in
//! `runtime/tests/http_client.rs`) and the tool errors of failures.

use super::*;
use serde_json::json;

const GET: Operation = Operation {
    action: "issues/list",
    method: "GET",
    path: "/repos/{owner}/{repo}/issues",
    params: &[
        Param {
            name: "owner",
            arg: "owner",
            location: In::Path,
            explode: false,
        },
        Param {
            name: "repo",
            arg: "repo",
            location: In::Path,
            explode: false,
        },
        Param {
            name: "labels",
            arg: "labels",
            location: In::Query,
            explode: true,
        },
        Param {
            name: "ids",
            arg: "ids",
            location: In::Query,
            explode: false,
        },
        Param {
            name: "page",
            arg: "page",
            location: In::Query,
            explode: true,
        },
        Param {
            name: "X-Trace",
            arg: "X-Trace",
            location: In::Header,
            explode: false,
        },
    ],
    body: None,
    paging: None,
};

#[test]
fn path_segments_are_percent_encoded() {
    let request = build(&GET, &json!({"owner": "a b/c?d#e", "repo": "ünï%"})).unwrap();
    assert_eq!(
        request.path_and_query,
        "/repos/a%20b%2Fc%3Fd%23e/%C3%BCn%C3%AF%25/issues"
    );
    assert!(
        build(&GET, &json!({"owner": "x"})).is_err(),
        "a missing path parameter"
    );
}

#[test]
fn query_arrays_explode_by_default_and_join_when_told() {
    let request = build(
        &GET,
        &json!({"owner": "o", "repo": "r", "labels": ["bug", "a&b"], "ids": [1, 2], "page": 3, "X-Trace": "t-1"}),
    )
    .unwrap();
    assert_eq!(
        request.path_and_query,
        "/repos/o/r/issues?labels=bug&labels=a%26b&ids=1,2&page=3"
    );
    assert_eq!(
        request.headers,
        vec![("X-Trace".to_owned(), "t-1".to_owned())]
    );
    // An absent or null optional parameter is not sent.
    let request = build(&GET, &json!({"owner": "o", "repo": "r", "page": null})).unwrap();
    assert_eq!(request.path_and_query, "/repos/o/r/issues");
    let smuggled = build(
        &GET,
        &json!({"owner": "o", "repo": "r", "X-Trace": "a\r\nHost: x"}),
    );
    assert!(matches!(smuggled, Err(ApiError::Invalid { .. })));
}

#[test]
fn the_body_is_the_json_of_its_argument() {
    const POST: Operation = Operation {
        action: "pets/create",
        method: "POST",
        path: "/pets",
        params: &[],
        body: Some("body"),
        paging: None,
    };
    let request = build(&POST, &json!({"body": {"name": "Rex", "tags": ["a"]}})).unwrap();
    assert_eq!(
        request.body.as_deref(),
        Some(&br#"{"name":"Rex","tags":["a"]}"#[..])
    );
    assert_eq!(request.path_and_query, "/pets");
}

#[test]
fn a_status_error_quotes_a_bounded_escaped_excerpt() {
    let body = format!("<tool_error>{}\u{7}", "x".repeat(600));
    let response = status_error(404, "Not Found", body.as_bytes(), 32, None);
    let text = response.texts().join("");
    assert!(
        text.contains("HTTP 404 Not Found: &lt;tool_error>xxxxxxxxxxxxxxxxxxxx…"),
        "{text}"
    );
    assert!(!text.contains("<tool_error>x"));
    assert!(text.len() < 300, "{text}");
}

const DELETE: Operation = Operation {
    action: "pets/delete",
    method: "DELETE",
    path: "/pets/{petId}",
    params: &[Param {
        name: "petId",
        arg: "petId",
        location: In::Path,
        explode: false,
    }],
    body: None,
    paging: None,
};

#[test]
fn a_path_value_that_would_leave_the_path_is_refused() {
    for value in [
        json!("."),
        json!(".."),
        json!(""),
        json!([".."]),
        json!([""]),
    ] {
        let refused = build(&DELETE, &json!({ "petId": value }));
        let Err(error @ ApiError::Invalid { .. }) = refused else {
            panic!("{value} was not refused: {refused:?}");
        };
        let text = error.response(&DELETE).texts().join("");
        assert!(
            text.starts_with("<validation_error action=\"pets/delete\">\n<field name=\"petId\">A path parameter cannot be empty, \".\" or \"..\": the request would leave the operation's path. You sent: "),
            "{text}"
        );
    }
    // Dots inside a value, or beside other text in its segment, are no dot segment.
    for (value, path) in [
        ("...", "/pets/..."),
        (".a", "/pets/.a"),
        ("a..", "/pets/a.."),
    ] {
        let request = build(&DELETE, &json!({ "petId": value })).unwrap();
        assert_eq!(request.path_and_query, path);
    }
    // Two parameters that make one segment together.
    const JOINED: Operation = Operation {
        action: "files/get",
        method: "GET",
        path: "/files/{stem}{ext}/raw",
        params: &[],
        body: None,
        paging: None,
    };
    assert!(build(&JOINED, &json!({"stem": ".", "ext": "."})).is_err());
    assert!(build(&JOINED, &json!({"stem": "", "ext": ""})).is_err());
    assert_eq!(
        build(&JOINED, &json!({"stem": "a", "ext": ".."}))
            .unwrap()
            .path_and_query,
        "/files/a../raw"
    );
}

#[test]
fn each_failure_advises_what_fits_it() {
    let text = |error: ApiError, operation: &Operation| error.response(operation).texts().join("");
    let post = Operation {
        method: "POST",
        ..DELETE
    };
    assert!(text(ApiError::Timeout, &DELETE).contains("retry the same call"));
    assert!(text(ApiError::Timeout, &post).contains("check with an action that reads"));
    for deterministic in [
        ApiError::Body("missing field `id`".into()),
        ApiError::Tls("invalid peer certificate: UnknownIssuer".into()),
        ApiError::Redirect {
            status: 302,
            to: "https://elsewhere.example".into(),
        },
    ] {
        let text = text(deterministic, &DELETE);
        assert!(text.contains("Retrying will not help"), "{text}");
        assert!(!text.contains("retry the same call"), "{text}");
    }
    let too_large = text(ApiError::TooLarge(1024), &GET);
    assert!(
        too_large.contains("Ask for less: narrow the call with 'labels', 'ids', 'page'."),
        "{too_large}"
    );
    assert!(
        text(ApiError::Connect("Connection refused".into()), &DELETE).contains("API_UNREACHABLE")
    );
    assert!(text(ApiError::Tls("x".into()), &DELETE).contains("API_TLS_ERROR"));
}

#[test]
fn statuses_advise_per_status_and_rate_limits_say_when() {
    let text = |status, limit| status_error(status, "R", b"{}", 64, limit).texts().join("");
    assert!(text(422, None).contains("Change the arguments"));
    assert!(text(404, None).contains("Check the identifiers"));
    assert!(text(401, None).contains("Retrying will not help"));
    assert!(text(503, None).contains("may be transient"));
    let limited = text(
        429,
        Some(RateLimit {
            retry_after: Some(42),
        }),
    );
    assert!(
        limited.starts_with("<tool_error code=\"RATE_LIMITED\""),
        "{limited}"
    );
    assert!(limited.contains("wait 42 seconds"), "{limited}");
    assert!(
        limited.contains("<retry_after>42 seconds</retry_after>"),
        "{limited}"
    );
}

#[cfg(feature = "http-client")]
#[test]
fn rate_limits_are_read_from_the_headers_apis_use() {
    let now = 1_700_000_000;
    let headers = |pairs: &'static [(&'static str, &'static str)]| {
        move |name: &str| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    };
    let after = |status, pairs| rate_limit(status, headers(pairs), now).map(|l| l.retry_after);
    assert_eq!(after(429, &[("retry-after", "7")]), Some(Some(7)));
    assert_eq!(after(429, &[]), Some(None));
    // GitHub's primary limit: 403 with the budget spent and the reset as epoch seconds.
    assert_eq!(
        after(
            403,
            &[
                ("x-ratelimit-remaining", "0"),
                ("x-ratelimit-reset", "1700000060")
            ]
        ),
        Some(Some(60))
    );
    // GitHub's secondary limit: 403 with `Retry-After`.
    assert_eq!(after(403, &[("retry-after", "30")]), Some(Some(30)));
    // A 403 that is no rate limit.
    assert_eq!(after(403, &[("x-ratelimit-remaining", "12")]), None);
    assert_eq!(after(429, &[("ratelimit-reset", "15")]), Some(Some(15)));
    // An HTTP date 90 s after `now`.
    assert_eq!(
        after(429, &[("retry-after", "Tue, 14 Nov 2023 22:14:50 GMT")]),
        Some(Some(90))
    );
}

/// An API parameter a tool reserves (`action`) is read from its renamed argument and sent under
/// the API's name; so is a path parameter.
#[test]
fn renamed_arguments_are_sent_under_the_apis_names() {
    const SUGGEST: Operation = Operation {
        action: "issues/suggest",
        method: "GET",
        path: "/items/{action}",
        params: &[
            Param {
                name: "action",
                arg: "action_param",
                location: In::Path,
                explode: false,
            },
            Param {
                name: "_select",
                arg: "select_param",
                location: In::Query,
                explode: true,
            },
        ],
        body: None,
        paging: None,
    };
    let request = build(
        &SUGGEST,
        &json!({"action": "suggest", "action_param": "view", "select_param": "a b"}),
    )
    .unwrap();
    assert_eq!(request.path_and_query, "/items/view?_select=a%20b");
    let advice = ApiError::TooLarge(64).response(&SUGGEST).texts().join("");
    assert!(
        advice.contains("narrow the call with 'select_param'."),
        "the agent's key, not the API's: {advice}"
    );
    let Err(error) = build(&SUGGEST, &json!({"action_param": ".."})) else {
        panic!("a dot segment through a renamed argument");
    };
    assert!(
        error
            .response(&SUGGEST)
            .texts()
            .join("")
            .contains("<field name=\"action_param\">"),
        "{error:?}"
    );
}
