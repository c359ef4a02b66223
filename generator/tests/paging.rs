//! Paged operations (issue 27): the paging style each list operation is detected to have, from
//! its query parameters and its 2xx response (page numbers, offsets, cursors in the body,
//! `Link` headers), an action's explicit `paging` that states or overrides it, and the errors
//! of a `paging` that cannot be, located in the tool file.

use fusion_gen::{Diagnostic, Options, SourceFile, generate_with_warnings};

/// One operation per style, each as a real API writes it.
const API: &str = r##"openapi: 3.0.3
info: { title: Paging, version: "1" }
paths:
  /blocks:
    get:
      operationId: listBlocks
      summary: Blockfrost's style, a plain array
      parameters:
        - { name: count, in: query, schema: { type: integer, minimum: 1, maximum: 100, default: 100 } }
        - { name: page, in: query, schema: { type: integer, minimum: 1, maximum: 21474836, default: 1 } }
        - { name: order, in: query, schema: { type: string, enum: [asc, desc], default: asc } }
      responses:
        "200": { description: Blocks, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } } } }
  /events:
    get:
      operationId: events
      parameters:
        - { name: offset, in: query, schema: { type: integer, minimum: 0 } }
        - { name: limit, in: query, schema: { type: integer, maximum: 500 } }
      responses:
        "200": { description: Events, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } } } }
  /channels:
    get:
      operationId: channels
      summary: Slack's style, a cursor in response_metadata
      parameters:
        - { name: cursor, in: query, schema: { type: string } }
        - { name: limit, in: query, schema: { type: integer, maximum: 500 } }
      responses:
        "200":
          description: Channels
          content:
            application/json:
              schema:
                type: object
                properties:
                  channels: { type: array, items: { $ref: "#/components/schemas/Item" } }
                  response_metadata: { type: object, properties: { next_cursor: { type: string } } }
  /issues:
    get:
      operationId: listIssues
      summary: GitHub's style, a Link header
      parameters:
        - { name: page, in: query, schema: { type: integer, minimum: 1, maximum: 21474836, default: 1 } }
        - { name: per_page, in: query, schema: { type: integer, default: 30, maximum: 100 } }
      responses:
        "200":
          description: Issues
          headers: { Link: { schema: { type: string } } }
          content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } } }
  /commits:
    get:
      operationId: commits
      parameters:
        - { name: since, in: query, schema: { type: string } }
        - { name: per_page, in: query, schema: { type: integer, default: 30, maximum: 100 } }
      responses:
        "200":
          description: Commits
          headers: { link: { schema: { type: string } } }
          content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } } }
  /feed:
    get:
      operationId: listFeed
      summary: A cursor parameter, but nothing says where the next one is
      parameters:
        - { name: after, in: query, schema: { type: string } }
        - { name: page_size, in: query, schema: { type: integer } }
      responses:
        "200":
          description: Feed
          content:
            application/json:
              schema: { type: object, properties: { items: { type: array, items: { $ref: "#/components/schemas/Item" } }, meta: { type: object, properties: { following: { type: string } } } } }
  /results:
    get:
      operationId: results
      summary: Django REST framework's style, the next page's URL in the body
      parameters:
        - { name: page, in: query, schema: { type: integer, minimum: 1, maximum: 21474836, default: 1 } }
        - { name: page_size, in: query, schema: { type: integer } }
      responses:
        "200":
          description: Results
          content:
            application/json:
              schema:
                type: object
                properties:
                  count: { type: integer }
                  next: { type: string, nullable: true, format: uri }
                  previous: { type: string, nullable: true, format: uri }
                  results: { type: array, items: { $ref: "#/components/schemas/Item" } }
  /customers:
    get:
      operationId: customers
      summary: Stripe's style, has_more and the last item's id
      parameters:
        - { name: starting_after, in: query, schema: { type: string } }
        - { name: limit, in: query, schema: { type: integer, maximum: 500 } }
      responses:
        "200":
          description: Customers
          content:
            application/json:
              schema:
                type: object
                properties:
                  object: { type: string }
                  data: { type: array, items: { $ref: "#/components/schemas/Item" } }
                  has_more: { type: boolean }
                  url: { type: string }
  /items/{id}:
    get:
      operationId: item
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        "200": { description: One item, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } }
components:
  schemas:
    Item: { type: object, properties: { id: { type: string } } }
"##;

fn run(tool: &str) -> Result<String, Vec<Diagnostic>> {
    let sources = [
        SourceFile::new("api.yaml", API),
        SourceFile::new("list.tool.yaml", tool),
    ];
    let generated = generate_with_warnings(&sources, &Options::default()).map_err(|d| d.0)?;
    let module = generated
        .files
        .iter()
        .find(|f| f.path == "list_tool.rs")
        .expect("the tool's module");
    // Compared without whitespace: what matters is the constant, not rustfmt's line breaks.
    Ok(module.contents.split_whitespace().collect())
}

/// The `paging` of the operation constant of `action`, without whitespace.
fn paging_of(module: &str, action: &str) -> String {
    let constant = format!("pubconst{}_OPERATION:", action.to_uppercase());
    let start = module
        .find(&constant)
        .unwrap_or_else(|| panic!("no {constant}"));
    let rest = &module[start..];
    let paging = rest.find("paging:").expect("a paging field") + "paging:".len();
    let end = rest[paging..].find("};").expect("the constant's end");
    rest[paging..paging + end].trim_end_matches(',').to_owned()
}

const SOME: &str = "::core::option::Option::Some";
const NONE: &str = "::core::option::Option::None";

fn paging(style: &str, size: &str, default: &str, max: &str, next: &str) -> String {
    format!(
        "{SOME}(__rt::paging::Paging{{style:__rt::paging::PageStyle::{style},size:{size},default_size:{default},max_size:{max},next:__rt::paging::NextFrom::{next},}})"
    )
}

fn tool(actions: &str) -> String {
    format!("x-fusion-tool:\n  name: list\n  openapi: api.yaml\n  actions:\n{actions}")
}

#[test]
fn each_style_is_detected_from_the_operation() {
    let module = run(&tool(
        "    blocks: { operation: listBlocks }\n    events: { operation: events }\n    channels: { operation: channels }\n    issues: { operation: listIssues }\n    commits: { operation: commits }\n    feed: { operation: listFeed }\n    results: { operation: results }\n    customers: { operation: customers }\n    item: { operation: item }\n",
    ))
    .unwrap_or_else(|d| panic!("{d:#?}"));
    let some = |n: &str| format!("{SOME}({n})");
    // Blockfrost: `page` from 1 with `count` (default and maximum 100); `order` is not paging.
    assert_eq!(
        paging_of(&module, "blocks"),
        paging(
            "Page{param:\"page\",first:1,}",
            &some("\"count\""),
            &some("100"),
            &some("100"),
            "FullPage"
        )
    );
    assert_eq!(
        paging_of(&module, "events"),
        paging(
            "Offset{param:\"offset\",}",
            &some("\"limit\""),
            NONE,
            &some("500"),
            "FullPage"
        )
    );
    // Slack: the next cursor one level down, in `response_metadata`.
    assert_eq!(
        paging_of(&module, "channels"),
        paging(
            "Cursor{param:\"cursor\",}",
            &some("\"limit\""),
            NONE,
            &some("500"),
            "Body(&[\"response_metadata\",\"next_cursor\"])"
        )
    );
    // GitHub: pages whose next one the `Link` header announces.
    assert_eq!(
        paging_of(&module, "issues"),
        paging(
            "Page{param:\"page\",first:1,}",
            &some("\"per_page\""),
            &some("30"),
            &some("100"),
            "Link"
        )
    );
    // No page parameter it knows, but a `link` header (any case) and a page size.
    assert_eq!(
        paging_of(&module, "commits"),
        paging(
            "Link",
            &some("\"per_page\""),
            &some("30"),
            &some("100"),
            "Link"
        )
    );
    // Page numbers in an object whose `next` is the next page's URL.
    assert_eq!(
        paging_of(&module, "results"),
        paging(
            "Page{param:\"page\",first:1,}",
            &some("\"page_size\""),
            NONE,
            NONE,
            "Body(&[\"next\"])"
        )
    );
    // Stripe: `has_more`, and the next page starts after the last item's `id`.
    assert_eq!(
        paging_of(&module, "customers"),
        paging(
            "Cursor{param:\"starting_after\",}",
            &some("\"limit\""),
            NONE,
            &some("500"),
            "LastItem{more:\"has_more\",list:\"data\",id:\"id\",}"
        )
    );
    // A cursor parameter with nowhere to read the next cursor from, and a single item: no paging.
    assert_eq!(paging_of(&module, "feed"), NONE);
    assert_eq!(paging_of(&module, "item"), NONE);
    // The generated handler asks for pages through `ApiClient::page`, with the presenter's
    // limit, and names no tool of its own (grouped exposition).
    assert!(
        module.contains("page(&BLOCKS_OPERATION,args,__rt::paging::agent_limit(&super::item::ItemPresenter),::core::option::Option::None,)"),
        "{module}"
    );
}

/// The example of docs/definitions.md ("Stating the paging"), as written there.
fn documented_actions() -> String {
    let doc = include_str!("../../docs/definitions.md");
    let section = doc
        .split("**Stating the paging.**")
        .nth(1)
        .expect("the section");
    let block = section.split("```yaml\n").nth(1).expect("a YAML block");
    let block = block.split("```").next().expect("its end");
    // The block is indented as a list item's: the tool file's `actions:` goes under
    // `x-fusion-tool`.
    let indent = block.len() - block.trim_start().len();
    block
        .lines()
        .map(|line| format!("  {}\n", line.get(indent..).unwrap_or_default()))
        .collect()
}

#[test]
fn an_action_states_or_overrides_its_paging() {
    let tool = format!(
        "x-fusion-tool:\n  name: list\n  openapi: api.yaml\n{}",
        documented_actions()
    );
    let module = run(&tool).unwrap_or_else(|d| panic!("{d:#?}\n{tool}"));
    assert_eq!(
        paging_of(&module, "feed"),
        paging(
            "Cursor{param:\"after\",}",
            &format!("{SOME}(\"page_size\")"),
            NONE,
            NONE,
            "Body(&[\"meta\",\"following\"])"
        )
    );
    assert_eq!(paging_of(&module, "blocks"), NONE);
    // Without `size`, the handler sends no page size; `next: count` instead of the header.
    assert_eq!(
        paging_of(&module, "issues"),
        paging(
            "Page{param:\"page\",first:0,}",
            NONE,
            NONE,
            NONE,
            "FullPage"
        )
    );
    assert!(
        !module.contains("call_paged(&BLOCKS_OPERATION"),
        "an action that does not page is called as before"
    );
}

#[test]
fn a_paging_that_cannot_be_is_an_error_located_in_the_tool_file() {
    let found = run(&tool(concat!(
        "    feed:\n      operation: listFeed\n      paging: { style: cursor, param: after }\n",
        "    blocks:\n      operation: listBlocks\n      paging: { style: page, param: pages, sise: count }\n",
        "    events:\n      operation: events\n      paging: { style: offset, param: offset, first: 1, next: 7 }\n",
        "    channels:\n      operation: channels\n      paging: { style: cursor, param: cursor, next: /response_metadata/next_cursr }\n",
        "    issues:\n      operation: listIssues\n      paging: { style: pages }\n",
        "    item:\n      operation: item\n      paging: true\n",
        "    own:\n      description: Answered by hand\n      paging: { style: page, param: page }\n",
    )))
    .unwrap_err();
    let found: Vec<(String, String, u32, String, String)> = found
        .iter()
        .filter(|d| !d.is_warning())
        .map(|d| {
            (
                d.file.clone(),
                d.pointer.clone(),
                d.location.expect("located").line,
                d.message.clone(),
                d.help.clone().unwrap_or_default(),
            )
        })
        .collect();
    let at = |action: &str, rest: &str| format!("/x-fusion-tool/actions/{action}/paging{rest}");
    let expected = vec![
        (
            at("feed", ""),
            7,
            "a `cursor` paging says nowhere where the next cursor is",
            "add `next: /meta/next_cursor` (the JSON pointer of the cursor in the response body) or `next: link` (a `Link` header)",
        ),
        (
            at("blocks", "/sise"),
            10,
            "`paging` has no key `sise`",
            "did you mean `size`?",
        ),
        (
            at("blocks", "/param"),
            10,
            "`pages` is not a query parameter of the operation",
            "did you mean `page`?",
        ),
        (
            at("events", "/first"),
            13,
            "`first` numbers pages, and this paging has none",
            "remove `first`: only `style: page` numbers its pages",
        ),
        (
            at("events", "/next"),
            13,
            "`next` is not where this paging's next page is announced",
            "`count` (a full page has a next one), `link` (a `Link` header) or the JSON pointer of the next page's URL or number in the response body (`/next`)",
        ),
        (
            at("channels", "/next"),
            16,
            "the response body has no field `/response_metadata/next_cursr`",
            "did you mean `/response_metadata/next_cursor`?",
        ),
        (
            at("issues", "/style"),
            19,
            "`pages` is not a paging style",
            "`page` (a page number), `offset` (the first item's index), `cursor` (a token the API hands out) or `link` (a `Link: <...>; rel=\"next\"` header)",
        ),
        (
            at("item", ""),
            22,
            "`paging` is neither `false` nor an object",
            "write `paging: false` when the operation does not page, or `paging: {style: page, param: page, size: per_page}` (leave it out to detect paging from the operation)",
        ),
        (
            at("own", ""),
            25,
            "`own` pages, but it is bound to no operation",
            "`paging` says how an operation's list pages: bind the action with `operation`, or remove `paging` (a handler of your own returns `Reply::More(items, More::cursor(param, &args, next))`, the same next-page suggestion)",
        ),
    ];
    let mut expected: Vec<(String, String, u32, String, String)> = expected
        .into_iter()
        .map(|(pointer, line, message, help)| {
            (
                "list.tool.yaml".to_owned(),
                pointer,
                line,
                message.to_owned(),
                help.to_owned(),
            )
        })
        .collect();
    let mut found = found;
    expected.sort();
    found.sort();
    assert_eq!(found, expected);
}

#[test]
fn paging_in_a_tool_that_binds_no_operation_is_an_error() {
    let sources = [SourceFile::new(
        "own.tool.yaml",
        "x-fusion-tool:\n  name: own\n  actions:\n    list:\n      description: Answered by hand\n      paging: { style: page, param: page }\n",
    )];
    let found = generate_with_warnings(&sources, &Options::default())
        .unwrap_err()
        .0;
    let found: Vec<(&str, &str, u32)> = found
        .iter()
        .map(|d| {
            (
                d.file.as_str(),
                d.pointer.as_str(),
                d.location.expect("located").line,
            )
        })
        .collect();
    assert_eq!(
        found,
        [("own.tool.yaml", "/x-fusion-tool/actions/list/paging", 6)]
    );
}

#[test]
fn a_flat_action_suggests_its_next_page_under_its_own_name() {
    let module = run(
        "x-fusion-tool:\n  name: list\n  exposition: flat\n  openapi: api.yaml\n  actions:\n    blocks: { operation: listBlocks }\n    item: { operation: item }\n",
    )
    .unwrap_or_else(|d| panic!("{d:#?}"));
    assert!(
        module.contains("self.client().page(&BLOCKS_OPERATION,args,__rt::paging::agent_limit(&super::item::ItemPresenter),::core::option::Option::Some(\"list_blocks\"),)"),
        "{module}"
    );
}
