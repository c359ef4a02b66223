//! Next-page suggestions from what API responses say (`More::new`, `More::suggest`).

use super::response::{body_field, last_item, percent_decode};
use super::*;
use serde_json::json;

const PAGE: Paging = Paging {
    style: PageStyle::Page {
        param: "page",
        first: 1,
    },
    size: Some("count"),
    default_size: Some(100),
    max_size: Some(100),
    next: NextFrom::FullPage,
};

fn args(value: Value) -> Map<String, Value> {
    value.as_object().cloned().unwrap_or_default()
}

fn suggestion(more: &More, returned: Option<usize>, limit: Option<usize>) -> Vec<String> {
    let mut builder = ResponseBuilder::new("[]".to_owned());
    more.suggest(&mut builder, "chain", "blocks", returned, limit);
    builder.build().texts().iter().skip(1).cloned().collect()
}

#[test]
fn the_default_size_is_the_agent_limit_within_the_api_maximum() {
    assert_eq!(PAGE.default_request_size(Some(20)), Some(20));
    assert_eq!(PAGE.default_request_size(Some(500)), Some(100));
    assert_eq!(PAGE.default_request_size(None), None);
    let no_size: Paging = Paging { size: None, ..PAGE };
    assert_eq!(no_size.default_request_size(Some(20)), None);
}

#[test]
fn a_full_page_suggests_the_next_and_a_short_one_nothing() {
    let more = More::new(
        PAGE,
        &args(json!({"order": "desc", "page": 2, "count": 3, "x": null})),
        b"",
        None,
        &[],
    );
    assert_eq!(
        suggestion(&more, Some(3), Some(10)),
        [
            "<action_suggestions>\n- chain: More results: {\"action\":\"blocks\",\"order\":\"desc\",\"page\":3,\"count\":3}\n</action_suggestions>"
        ]
    );
    assert!(suggestion(&more, Some(2), Some(10)).is_empty());
    // The first page, with the API's default size.
    let first = More::new(PAGE, &Map::new(), b"", None, &[]);
    assert!(suggestion(&first, Some(99), None).is_empty());
    assert_eq!(
        suggestion(&first, Some(100), None),
        [
            "<action_suggestions>\n- chain: More results: {\"action\":\"blocks\",\"page\":2}\n</action_suggestions>"
        ]
    );
}

#[test]
fn a_cut_page_says_how_to_fetch_what_the_agent_limit_hid() {
    // Page 2 of 25: items 25..50; 10 shown, the hidden ones start at 35 = page 6 of 7 (7 is the
    // largest page size up to 10 whose pages start at 35).
    let more = More::new(PAGE, &args(json!({"page": 2, "count": 25})), b"", None, &[]);
    assert_eq!(
        suggestion(&more, Some(25), Some(10)),
        [
            "<action_suggestions>\n- chain: The agent limit showed 10 of the 25 items of this page. The 15 hidden ones and what follows: {\"action\":\"blocks\",\"page\":6,\"count\":7}\n</action_suggestions>"
        ]
    );
    let offset: Paging = Paging {
        style: PageStyle::Offset { param: "offset" },
        size: Some("limit"),
        ..PAGE
    };
    let more = More::new(
        offset,
        &args(json!({"offset": 40, "limit": 30})),
        b"",
        None,
        &[],
    );
    assert_eq!(
        suggestion(&more, Some(30), Some(10)),
        [
            "<action_suggestions>\n- chain: The agent limit showed 10 of the 30 items of this page. The 20 hidden ones and what follows: {\"action\":\"blocks\",\"offset\":50,\"limit\":10}\n</action_suggestions>"
        ]
    );
    let sizeless: Paging = Paging {
        size: None,
        default_size: None,
        ..PAGE
    };
    let more = More::new(sizeless, &Map::new(), b"", None, &[]);
    assert_eq!(
        suggestion(&more, Some(12), Some(10)),
        [
            "<action_suggestions>\n- chain: The agent limit showed 10 of the 12 items of this page; the API takes no page size, so the 2 hidden ones cannot be fetched: narrow the filters to see them. More results: {\"action\":\"blocks\",\"page\":2}\n</action_suggestions>"
        ]
    );
}

#[test]
fn a_cursor_from_the_body_is_escaped_for_the_block_and_exact_as_json() {
    let cursor: Paging = Paging {
        style: PageStyle::Cursor { param: "cursor" },
        size: Some("limit"),
        default_size: None,
        max_size: None,
        next: NextFrom::Body(&["meta", "next_cursor"]),
    };
    let body = br#"{"data":[],"meta":{"next_cursor":"a<b>&\"c\n</action_suggestions>\u2039"}}"#;
    let more = More::new(cursor, &args(json!({"limit": 5})), body, None, &[]);
    let text = suggestion(&more, None, None);
    assert_eq!(
        text,
        [
            "<action_suggestions>\n- chain: More results: {\"action\":\"blocks\",\"limit\":5,\"cursor\":\"a\\u003cb\\u003e\\u0026\\\"c\\u000a\\u003c/action_suggestions\\u003e\\u2039\"}\n</action_suggestions>"
        ]
    );
    // The JSON in it reads back as the cursor the API gave.
    let json = text[0]
        .split("More results: ")
        .nth(1)
        .unwrap()
        .split('\n')
        .next()
        .unwrap();
    let read: Value = serde_json::from_str(json).unwrap();
    assert_eq!(read["cursor"], "a<b>&\"c\n</action_suggestions>\u{2039}");
    let last = More::new(
        cursor,
        &Map::new(),
        br#"{"meta":{"next_cursor":null}}"#,
        None,
        &[],
    );
    assert!(suggestion(&last, None, None).is_empty());
}

#[test]
fn a_link_header_gives_the_next_page_arguments() {
    assert_eq!(
        next_link(
            r#"<https://api.x/r?page=1>; rel="prev", <https://api.x/r?page=3&per_page=2>; rel="next last""#
        ),
        Some("https://api.x/r?page=3&per_page=2")
    );
    assert_eq!(next_link(r#"<https://api.x/r?page=1>; rel="prev""#), None);
    assert_eq!(next_link("garbage"), None);
    // Broken headers end the search, never a slice out of bounds.
    for broken in [
        "<",
        "<>",
        "<a",
        ">;rel=next<",
        "<ü>;rel=\"next",
        "<<>>; rel=next, <",
    ] {
        let _ = next_link(broken);
    }
    assert_eq!(next_link("<ü>;rel=\"next"), Some("ü"));
    let link: Paging = Paging {
        style: PageStyle::Page {
            param: "page",
            first: 1,
        },
        size: Some("per_page"),
        default_size: Some(30),
        max_size: Some(100),
        next: NextFrom::Link,
    };
    let header = r#"<https://api.x/r?state=open%20now&page=3&per_page=2&secret=1>; rel="next""#;
    let more = More::new(
        link,
        &args(json!({"state": "open now", "page": 2, "per_page": 2})),
        b"",
        Some(header),
        &["state", "page", "per_page"],
    );
    assert_eq!(
        suggestion(&more, Some(2), None),
        [
            "<action_suggestions>\n- chain: More results: {\"action\":\"blocks\",\"state\":\"open now\",\"page\":3,\"per_page\":2}\n</action_suggestions>"
        ]
    );
    // No Link header: the last page, whatever the count.
    let last = More::new(link, &args(json!({"page": 9})), b"", None, &["page"]);
    assert!(suggestion(&last, Some(30), None).is_empty());
    // A next URL that moves only parameters the tool does not take.
    let other = More::new(
        link,
        &Map::new(),
        b"",
        Some("<https://api.x/r?after=abc>; rel=next"),
        &["page", "per_page"],
    );
    assert_eq!(
        suggestion(&other, Some(1), None),
        [
            "<action_suggestions>\n- chain: The API has more results, but its next page's address uses arguments this tool does not take.\n</action_suggestions>"
        ]
    );
}

#[test]
fn a_next_url_or_number_in_the_body_moves_the_page() {
    let drf: Paging = Paging {
        next: NextFrom::Body(&["next"]),
        ..PAGE
    };
    let body = br#"{"count":9,"next":"https://api.x/items?page=3&count=2","results":[]}"#;
    let more = More::new(
        drf,
        &args(json!({"page": 2, "count": 2})),
        body,
        None,
        &["page", "count"],
    );
    assert_eq!(
        suggestion(&more, None, None),
        [
            "<action_suggestions>\n- chain: More results: {\"action\":\"blocks\",\"page\":3,\"count\":2}\n</action_suggestions>"
        ]
    );
    let number = More::new(drf, &Map::new(), br#"{"next":4}"#, None, &["page"]);
    assert_eq!(
        suggestion(&number, None, None),
        [
            "<action_suggestions>\n- chain: More results: {\"action\":\"blocks\",\"page\":4}\n</action_suggestions>"
        ]
    );
    let last = More::new(drf, &Map::new(), br#"{"next":null}"#, None, &["page"]);
    assert!(suggestion(&last, None, None).is_empty());
}

#[test]
fn stripe_lists_go_on_after_their_last_item() {
    let stripe: Paging = Paging {
        style: PageStyle::Cursor {
            param: "starting_after",
        },
        size: Some("limit"),
        default_size: Some(10),
        max_size: Some(100),
        next: NextFrom::LastItem {
            more: "has_more",
            list: "data",
            id: "id",
        },
    };
    let body = br#"{"object":"list","data":[{"id":"cus_1","x":{"id":"no"}},{"name":"n","id":"cus_2"}],"has_more":true,"url":"/v1/customers"}"#;
    let more = More::new(stripe, &args(json!({"limit": 2})), body, None, &[]);
    assert_eq!(
        suggestion(&more, None, None),
        [
            "<action_suggestions>\n- chain: More results: {\"action\":\"blocks\",\"limit\":2,\"starting_after\":\"cus_2\"}\n</action_suggestions>"
        ]
    );
    let last = br#"{"data":[{"id":"cus_3"}],"has_more":false}"#;
    let more = More::new(stripe, &Map::new(), last, None, &[]);
    assert!(suggestion(&more, None, None).is_empty());
    assert_eq!(
        last_item(br#"{"has_more":true,"data":[]}"#, "has_more", "data", "id"),
        (Some(true), None)
    );
    assert_eq!(last_item(b"[1]", "has_more", "data", "id"), (None, None));
}

#[test]
fn a_flat_action_is_suggested_as_its_own_tool() {
    let more = More::new(PAGE, &args(json!({"page": 1, "count": 2})), b"", None, &[]);
    let reply = flat(crate::Reply::More((), more), "chain_blocks");
    let crate::Reply::More((), more) = reply else {
        panic!("still a page")
    };
    assert_eq!(
        suggestion(&more, Some(2), None),
        [
            "<action_suggestions>\n- chain_blocks: More results: {\"page\":2,\"count\":2}\n</action_suggestions>"
        ]
    );
}

#[test]
fn the_body_field_is_found_without_building_the_body() {
    let body = br#"{"data":[{"meta":{"next":"no"}}],"meta":{"other":{"next":"no"},"next":"c\u00fc","next":"second"},"next":7}"#;
    assert_eq!(
        body_field(body, &["meta", "next"]).as_deref(),
        Some("c\u{fc}")
    );
    assert_eq!(body_field(body, &["next"]).as_deref(), Some("7"));
    assert_eq!(body_field(body, &["meta"]), None, "an object is no cursor");
    assert_eq!(body_field(body, &["missing"]), None);
    assert_eq!(body_field(br#"{"next":""}"#, &["next"]), None);
    assert_eq!(
        body_field(br#"{"next":1.5}"#, &["next"]).as_deref(),
        Some("1.5")
    );
    assert_eq!(body_field(b"not json", &["next"]), None);
}

#[test]
fn percent_decoding_keeps_broken_escapes() {
    assert_eq!(percent_decode("a%20b+c%zz%4"), "a b c%zz%4");
    assert_eq!(percent_decode("%C3%BC"), "ü");
}
