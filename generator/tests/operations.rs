//! OpenAPI operations as tool actions (issue 27): a tool file binds its actions to operations of
//! a document in the input folder (`tests/fixtures/operations/petstore.yaml`); arguments come
//! from parameters and the JSON body, the presenter from the 2xx JSON response; what cannot be
//! expressed is an error located in the document, or, for an operation a selection takes, a
//! warning that names it.

use fusion_gen::{Diagnostic, Options, SourceFile, generate_with_warnings};

const API: &str = include_str!("../../tests/fixtures/operations/petstore.yaml");
const TOOL: &str = include_str!("../../tests/fixtures/operations/pets.tool.yaml");

fn run(files: &[(&str, &str)]) -> Result<fusion_gen::Generated, Vec<Diagnostic>> {
    let sources: Vec<SourceFile> = files
        .iter()
        .map(|(path, text)| SourceFile::new(*path, *text))
        .collect();
    generate_with_warnings(&sources, &Options::default()).map_err(|d| d.0)
}

fn module<'a>(generated: &'a fusion_gen::Generated, name: &str) -> &'a str {
    &generated
        .files
        .iter()
        .find(|f| f.path == name)
        .unwrap_or_else(|| panic!("no {name}"))
        .contents
}

fn summary(d: &Diagnostic) -> (String, String, u32) {
    (
        d.file.clone(),
        d.pointer.clone(),
        d.location.expect("located").line,
    )
}

#[test]
fn bound_actions_take_parameters_and_body_and_present_the_response() {
    let generated = run(&[("api/petstore.yaml", API), ("api/pets.tool.yaml", TOOL)])
        .unwrap_or_else(|d| panic!("{d:#?}"));
    assert!(generated.warnings.is_empty(), "{:#?}", generated.warnings);
    let tool = module(&generated, "pets_tool.rs");
    // Declared actions first, then the tag's others, named from their operation ids.
    assert!(
        tool.contains(
            r#"pub const ACTIONS: &[&str] = &["get", "list", "create_pet", "delete_pet"];"#
        ),
        "{tool}"
    );
    // A `$ref`'d path-level parameter, required, with its description; a header; query arrays.
    for field in [
        "pub pet_id: ::std::string::String,",
        "pub x_request_id: ::core::option::Option<::std::string::String>,",
        "pub tags: ::core::option::Option<::std::vec::Vec<::std::string::String>>,",
        "pub per_page: ::core::option::Option<i64>,",
        "pub body: super::petstore::NewPet,",
    ] {
        assert!(tool.contains(field), "{field} in\n{tool}");
    }
    assert!(tool.contains(r#"\"petId\":{\"type\":\"string\",\"description\":\"The pet's id. Required for: get, delete_pet\"}"#));
    assert!(tool.contains(r#"\"per_page\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":100"#));
    assert!(tool.contains(r#"\"body\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\",\"minLength\":1}"#));
    // The list returns a collection of the `Pet` presenter written for the response component;
    // `delete_pet` (204, no body) answers with a response of its own.
    assert!(
        tool.contains("Reply<::std::vec::Vec<super::pet::Pet>>"),
        "{tool}"
    );
    assert!(tool.contains("__rt::ToolResponse"));
    let presenter = module(&generated, "pet.rs");
    assert!(presenter.contains("from `api/petstore-responses/Pet.json`"));
    // Hints from the methods: `get` is read-only, `delete_pet` destructive.
    assert!(
        tool.contains("destructive_hint: true") || tool.contains("destructive: true"),
        "{tool}"
    );
}

#[test]
fn what_the_handler_cannot_send_is_an_error_in_the_document() {
    let tool = "x-fusion-tool:\n  name: media\n  openapi: petstore.yaml\n  actions:\n    photo: { operation: uploadPhoto }\n    session: { operation: getSession }\n    missing: { operation: getPets }\n";
    let found = run(&[("petstore.yaml", API), ("media.tool.yaml", tool)]).unwrap_err();
    let found: Vec<_> = found.iter().filter(|d| !d.is_warning()).collect();
    assert_eq!(
        found.iter().map(|d| summary(d)).collect::<Vec<_>>(),
        vec![
            (
                "media.tool.yaml".into(),
                "/x-fusion-tool/actions/missing/operation".into(),
                7
            ),
            (
                "petstore.yaml".into(),
                "/paths/~1pets~1{petId}~1photo/put/requestBody/content".into(),
                64
            ),
            (
                "petstore.yaml".into(),
                "/paths/~1session/get/parameters/0/in".into(),
                74
            ),
        ],
        "{found:#?}"
    );
    assert_eq!(
        found[0].message,
        "`petstore.yaml` has no operation `getPets`"
    );
    assert_eq!(found[0].help.as_deref(), Some("did you mean `getPet`?"));
    assert_eq!(found[1].message, "no JSON content, only `image/png`");
    assert!(found[2].message.contains("`cookie` parameters"));
}

#[test]
fn a_selection_leaves_out_what_it_cannot_bind_with_a_warning() {
    let tool = "x-fusion-tool:\n  name: media\n  openapi: petstore.yaml\n  operations: { tags: [media], ids: ['get*', 'nothing*'] }\n";
    let found = run(&[("petstore.yaml", API), ("media.tool.yaml", tool)]).unwrap_err();
    // `nothing*` selects nothing: an error at the glob. The two media operations are warnings.
    let (warnings, errors): (Vec<_>, Vec<_>) = found.iter().partition(|d| d.is_warning());
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].pointer, "/x-fusion-tool/operations/ids/1");
    let _ = warnings;
    let tool = "x-fusion-tool:\n  name: media\n  openapi: petstore.yaml\n  operations: { tags: [media], ids: ['get*'] }\n";
    let generated = run(&[("petstore.yaml", API), ("media.tool.yaml", tool)])
        .unwrap_or_else(|d| panic!("{d:#?}"));
    let messages: Vec<&str> = generated
        .warnings
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(messages.len(), 2, "{messages:#?}");
    assert!(
        messages[0].starts_with(
            "PUT /pets/{petId}/photo is left out of the tool `media.tool.yaml`: no JSON content"
        ),
        "{messages:?}"
    );
    assert!(
        messages[1].starts_with("GET /session is left out"),
        "{messages:?}"
    );
    let tool_rs = module(&generated, "media_tool.rs");
    assert!(
        tool_rs.contains(r#"pub const ACTIONS: &[&str] = &["get_pet"];"#),
        "{tool_rs}"
    );
}

#[test]
fn a_tool_must_name_a_document_that_is_there() {
    let tool = "x-fusion-tool:\n  name: pets\n  openapi: petstor.yaml\n  actions:\n    get: { operation: getPet }\n";
    let found = run(&[("petstore.yaml", API), ("pets.tool.yaml", tool)]).unwrap_err();
    assert_eq!(
        summary(&found[0]),
        ("pets.tool.yaml".into(), "/x-fusion-tool/openapi".into(), 3)
    );
    assert_eq!(
        found[0].help.as_deref(),
        Some("did you mean `petstore.yaml`?")
    );
    let tool = "x-fusion-tool:\n  name: pets\n  actions:\n    get: { operation: getPet, input: { type: object } }\n";
    let found = run(&[("petstore.yaml", API), ("pets.tool.yaml", tool)]).unwrap_err();
    assert_eq!(
        found[0].message,
        "operations are bound, but the tool names no OpenAPI document"
    );
}

/// The tool file of docs/definitions.md ("Operations as actions"), as written there.
fn documented_tool() -> String {
    let doc = include_str!("../../docs/definitions.md");
    let section = doc
        .split("## Operations as actions")
        .nth(1)
        .expect("the section");
    let block = section.split("```yaml\n").nth(1).expect("a YAML block");
    block.split("```").next().expect("its end").to_owned()
}

#[test]
fn the_documented_tool_generates_with_its_own_presenter() {
    let presenter = "title: PetView\ntype: object\nallOf:\n  - $ref: 'petstore.yaml#/components/schemas/Pet'\nx-fusion:\n  rules: [\"Pets are never sold to strangers.\"]\n";
    let tool = documented_tool();
    let generated = run(&[
        ("petstore.yaml", API),
        ("pets.tool.yaml", &tool),
        ("pet.yaml", presenter),
    ])
    .unwrap_or_else(|d| panic!("{d:#?}"));
    let tool = module(&generated, "pets_tool.rs");
    // `list` returns the author's presenter; `get` the one written for the component.
    assert!(
        tool.contains("Reply<::std::vec::Vec<super::pet::PetView>>"),
        "{tool}"
    );
    assert!(
        tool.contains(
            r#"pub const ACTIONS: &[&str] = &["get", "list", "create_pet", "delete_pet"];"#
        )
    );
}

/// An operation without parameters or body (Blockfrost's `GET /epochs/latest`) is an action
/// without input: its API method and its handler delegate take no arguments, as the handler
/// trait's method does, and the request is built from `()`.
#[test]
fn an_operation_without_parameters_takes_no_arguments() {
    let api = "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths:\n  /latest:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: { type: object, properties: { epoch: { type: integer } } }\n";
    let tool = "x-fusion-tool:\n  name: epochs\n  openapi: api.yaml\n  actions:\n    latest: { operation: GET /latest }\n";
    let generated =
        run(&[("api.yaml", api), ("epochs.tool.yaml", tool)]).unwrap_or_else(|d| panic!("{d:#?}"));
    let code = module(&generated, "epochs_tool.rs");
    // The handler trait's method, the API trait's and the delegate: one signature, no `args`.
    let flat = code.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(
        flat.matches("fn latest( &self, ) -> impl").count(),
        3,
        "{code}"
    );
    assert!(!code.contains("args: ()"), "{code}");
    assert!(code.contains("self.0.latest()"), "{code}");
    assert!(code.contains(".data(&LATEST_OPERATION, ())"), "{code}");
}

/// Blockfrost's whole description (vendored for `examples/blockfrost-server`, 129 operations in
/// 20 tags, none with an `operationId`): a tool that takes every tag binds 117 operations, named
/// from their method and path (the `anyOf` of two objects that `GET /pools/{pool_id}/metadata`
/// answers included), and leaves out the 12 the handler cannot call, each with a warning located
/// in the document that says why (lists of strings, binary or CBOR bodies).
#[test]
fn blockfrost_whole_description_binds_what_the_handler_can_call() {
    let api = include_str!("../../examples/blockfrost-server/schemas/blockfrost.yaml");
    let tags = [
        "Health",
        "Metrics",
        "Cardano » Accounts",
        "Cardano » Addresses",
        "Cardano » Assets",
        "Cardano » Blocks",
        "Cardano » Epochs",
        "Cardano » Governance",
        "Cardano » Ledger",
        "Cardano » Mempool",
        "Cardano » Metadata",
        "Cardano » Network",
        "Cardano » Pools",
        "Cardano » Scripts",
        "Cardano » Transactions",
        "Cardano » Utilities",
        "IPFS » Add",
        "IPFS » Gateway",
        "IPFS » Pins",
        "Nut.link",
    ];
    let tool = format!(
        "x-fusion-tool:\n  name: all\n  openapi: blockfrost.yaml\n  operations:\n    tags: [{}]\n",
        tags.map(|t| format!("\"{t}\"")).join(", ")
    );
    let generated = run(&[("blockfrost.yaml", api), ("all.tool.yaml", &tool)])
        .unwrap_or_else(|d| panic!("{d:#?}"));
    let code = module(&generated, "all_tool.rs");
    let start = code
        .find("pub const ACTIONS: &[&str] = &[")
        .expect("ACTIONS");
    let end = start + code[start..].find("];").expect("end of ACTIONS");
    assert_eq!(code[start..end].matches('"').count() / 2, 117);
    assert!(code.contains("\"get_assets_asset\""), "{code}");
    assert!(code.contains("\"get_pools_pool_id_metadata\""), "{code}");
    let mut left_out: Vec<String> = generated
        .warnings
        .iter()
        .map(|w| {
            assert_eq!(w.file, "blockfrost.yaml");
            assert!(w.location.is_some(), "{w:?}");
            w.message
                .split(" is left out")
                .next()
                .unwrap_or_default()
                .to_owned()
        })
        .collect();
    // `POST /tx/submit` has two reasons: a CBOR body and a string response.
    left_out.sort();
    left_out.dedup();
    assert_eq!(
        left_out,
        [
            "GET /addresses/{address}/txs",
            "GET /assets/{asset}/txs",
            "GET /blocks/latest/txs",
            "GET /blocks/{hash_or_number}/txs",
            "GET /epochs/{number}/blocks",
            "GET /epochs/{number}/blocks/{pool_id}",
            "GET /ipfs/gateway/{IPFS_path}",
            "GET /pools",
            "GET /pools/{pool_id}/blocks",
            "POST /ipfs/add",
            "POST /tx/submit",
            "POST /utils/txs/evaluate",
        ]
    );
}

/// A 2xx response that is a union of objects (`anyOf` of two components, as Blockfrost's pool
/// metadata or an empty object) is presented by a presenter over the union, written in place
/// without `type: object` (beside which the `$ref` branches would be refused); a union with a
/// branch that is no object is still left out with its warning.
#[test]
fn a_response_that_is_a_union_of_objects_is_presented() {
    let api = "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths:\n  /meta:\n    get:\n      tags: [m]\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                anyOf: [{ $ref: '#/components/schemas/meta' }, { $ref: '#/components/schemas/empty' }]\n  /either:\n    get:\n      tags: [m]\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                oneOf: [{ $ref: '#/components/schemas/meta' }, { type: string }]\ncomponents:\n  schemas:\n    meta:\n      type: object\n      required: [url]\n      properties: { url: { type: string } }\n    empty: { type: object }\n";
    let tool = "x-fusion-tool:\n  name: pools\n  openapi: api.yaml\n  operations: { tags: [m] }\n";
    let generated =
        run(&[("api.yaml", api), ("pools.tool.yaml", tool)]).unwrap_or_else(|d| panic!("{d:#?}"));
    let code = module(&generated, "pools_tool.rs");
    assert!(
        code.contains(r#"pub const ACTIONS: &[&str] = &["get_meta"];"#),
        "{code}"
    );
    assert!(code.contains("super::get_meta::GetMeta"), "{code}");
    let presenter = module(&generated, "get_meta.rs");
    assert!(
        presenter.contains("from `api-responses/get_meta.json`"),
        "{presenter}"
    );
    assert_eq!(generated.warnings.len(), 1, "{:#?}", generated.warnings);
    assert!(
        generated.warnings[0]
            .message
            .starts_with("GET /either is left out of the tool `pools.tool.yaml`: the response is neither an object nor a list of objects"),
        "{:#?}",
        generated.warnings
    );
}

/// A body property named like a keyword that holds data (`default`, `enum`, `examples`,
/// `const`; PagerDuty's `PUT /enrichment/event_enrichments/default` takes a nullable `default`)
/// is a schema like any other: its `$ref` is rewritten to the document and its 3.0 `nullable`
/// read, as for a property of any other name.
#[test]
fn a_property_named_like_a_data_keyword_is_a_schema() {
    let api = "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths:\n  /default:\n    put:\n      operationId: setDefault\n      requestBody:\n        content:\n          application/json:\n            schema:\n              type: object\n              properties:\n                default: { nullable: true, allOf: [{ $ref: '#/components/schemas/Ref' }] }\n                enum: { $ref: '#/components/schemas/Ref' }\n                examples: { type: string, nullable: true }\n      responses:\n        '204': { description: done }\ncomponents:\n  schemas:\n    Ref:\n      type: object\n      properties: { id: { type: string } }\n";
    let tool = "x-fusion-tool:\n  name: enrichments\n  openapi: api.yaml\n  actions:\n    set_default: { operation: setDefault }\n";
    let generated = run(&[("api.yaml", api), ("enrichments.tool.yaml", tool)])
        .unwrap_or_else(|d| panic!("{d:#?}"));
    let code = module(&generated, "enrichments_tool.rs");
    for field in [
        "pub default: ::core::option::Option<::core::option::Option<super::api::Ref>>,",
        "pub enum_: ::core::option::Option<super::api::Ref>,",
        "pub examples: ::core::option::Option<::core::option::Option<::std::string::String>>,",
    ] {
        assert!(code.contains(field), "{field} in\n{code}");
    }
}

/// A schema may `$ref` any schema of the document, not only `components.schemas`: PagerDuty's
/// refer to a parameter's (`#/components/parameters/state/schema`, from a component and from a
/// body) and to a response's (`#/components/responses/Data/content/application~1json/schema`,
/// as another operation's response). Each is read as the schema it refers to.
#[test]
fn a_schema_may_refer_to_the_schema_of_a_parameter_or_a_response() {
    let api = "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths:\n  /runs:\n    get:\n      operationId: listRuns\n      parameters: [{ $ref: '#/components/parameters/state' }]\n      responses:\n        '200': { $ref: '#/components/responses/Data' }\n    put:\n      operationId: putRun\n      requestBody:\n        content:\n          application/json:\n            schema:\n              type: object\n              properties:\n                state: { $ref: '#/components/parameters/state/schema' }\n                run: { $ref: '#/components/schemas/Run' }\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: { $ref: '#/components/responses/Data/content/application~1json/schema' }\ncomponents:\n  parameters:\n    state:\n      name: state\n      in: query\n      schema: { type: string, enum: [queued, done], nullable: true }\n  responses:\n    Data:\n      description: ok\n      content:\n        application/json:\n          schema:\n            type: object\n            properties: { runs: { type: array, items: { $ref: '#/components/schemas/Run' } } }\n  schemas:\n    Run:\n      type: object\n      properties:\n        state: { description: The run's state, $ref: '#/components/parameters/state/schema' }\n";
    let tool = "x-fusion-tool:\n  name: runs\n  openapi: api.yaml\n  actions:\n    list: { operation: listRuns }\n    put: { operation: putRun }\n";
    let generated =
        run(&[("api.yaml", api), ("runs.tool.yaml", tool)]).unwrap_or_else(|d| panic!("{d:#?}"));
    let code = module(&generated, "runs_tool.rs");
    assert!(
        code.contains(
            r#"\"state\":{\"type\":[\"string\",\"null\"],\"enum\":[\"queued\",\"done\",null]"#
        ),
        "{code}"
    );
    let api = module(&generated, "api.rs");
    assert!(api.contains("The run's state"), "{api}");
}

/// `allOf` of a `$ref` beside branches that say nothing of the value (Box's
/// `allOf: [{$ref: MetadataFilterValue}, {example: online}, {x-box-example-key: category}]`,
/// the `$ref` a union of a string, a number and others) is the referenced schema, as
/// `allOf: [{$ref: X}]` alone is: there is nothing to merge.
#[test]
fn all_of_a_ref_and_annotations_is_the_ref() {
    let api = "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths:\n  /search:\n    get:\n      operationId: search\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: { $ref: '#/components/schemas/Filter' }\ncomponents:\n  schemas:\n    Filter:\n      type: object\n      properties:\n        filters:\n          type: object\n          additionalProperties:\n            allOf:\n              - $ref: '#/components/schemas/Value'\n              - example: online\n              - x-box-example-key: category\n        one:\n          allOf: [{ description: The value }, { $ref: '#/components/schemas/Value' }]\n    Value:\n      oneOf: [{ type: string }, { type: number }]\n";
    let tool = "x-fusion-tool:\n  name: search\n  openapi: api.yaml\n  actions:\n    search: { operation: search }\n";
    let generated =
        run(&[("api.yaml", api), ("search.tool.yaml", tool)]).unwrap_or_else(|d| panic!("{d:#?}"));
    let code: String = generated
        .files
        .iter()
        .map(|f| f.contents.as_str())
        .collect();
    for field in [
        "pub additional_properties: __rt::IndexMap<::std::string::String, Value>,",
        "pub one: ::core::option::Option<super::api::Value>,",
    ] {
        assert!(code.contains(field), "{field} in\n{code}");
    }
}

/// An `allOf` branch whose target is itself only a `$ref` (Asana's
/// `UserBaseResponse: {allOf: [{$ref: UserBase}, {properties: …}]}` with
/// `UserBase: {$ref: UserCompact}`) merges the object that chain ends at, as a direct `$ref`
/// to it would.
#[test]
fn an_all_of_branch_through_an_alias_merges_its_target() {
    let api = "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths:\n  /users/{id}:\n    get:\n      operationId: getUser\n      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: { $ref: '#/components/schemas/UserResponse' }\ncomponents:\n  schemas:\n    UserCompact:\n      type: object\n      properties: { gid: { type: string }, name: { type: string } }\n    UserBase: { $ref: '#/components/schemas/UserCompact' }\n    UserAlias: { $ref: '#/components/schemas/UserBase' }\n    UserResponse:\n      allOf:\n        - $ref: '#/components/schemas/UserAlias'\n        - type: object\n          properties: { email: { type: string } }\n";
    let tool = "x-fusion-tool:\n  name: users\n  openapi: api.yaml\n  actions:\n    get: { operation: getUser }\n";
    let generated =
        run(&[("api.yaml", api), ("users.tool.yaml", tool)]).unwrap_or_else(|d| panic!("{d:#?}"));
    let code: String = generated
        .files
        .iter()
        .map(|f| f.contents.as_str())
        .collect();
    for field in [
        "pub gid: ::core::option::Option<::std::string::String>,",
        "pub email: ::core::option::Option<::std::string::String>,",
    ] {
        assert!(code.contains(field), "{field} in\n{code}");
    }
}
