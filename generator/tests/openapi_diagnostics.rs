//! OpenAPI documents as `$ref` targets: recognised by their `openapi` key and never read as a
//! presenter definition; mistakes inside them are located in the document as written (file,
//! pointer, line and column), and only the components definitions reach are checked.

use fusion_gen::{Diagnostic, Options, SourceFile, generate};

fn run(files: &[(&str, &str)]) -> Result<Vec<fusion_gen::OutputFile>, Vec<Diagnostic>> {
    let sources: Vec<SourceFile> = files
        .iter()
        .map(|(path, text)| SourceFile::new(*path, *text))
        .collect();
    generate(&sources, &Options::default()).map_err(|d| d.0)
}

fn errors(files: &[(&str, &str)]) -> Vec<Diagnostic> {
    match run(files) {
        Ok(files) => panic!("expected errors, got {} files", files.len()),
        Err(found) => found,
    }
}

fn summary(d: &Diagnostic) -> (String, String, u32, u32) {
    let at = d.location.expect("located");
    (d.file.clone(), d.pointer.clone(), at.line, at.column)
}

const API: &str = r##"{
  "openapi": "3.0.3",
  "info": { "title": "T", "version": "1" },
  "paths": { "/x": { "get": { "responses": { "200": { "description": "ok" } } } } },
  "components": {
    "responses": { "NotFound": { "description": "no" } },
    "schemas": {
      "Issue": {
        "type": "object",
        "properties": {
          "id": { "type": "integer", "if": { "type": "string" } },
          "user": { "$ref": "#/components/schemas/Usr" },
          "tags": { "type": "object", "dependentSchemas": { "x": {} } }
        }
      },
      "User": { "type": "object", "properties": { "login": { "type": "string" } } },
      "Unreached": { "type": "object", "properties": { "x": { "if": {} } } }
    }
  }
}
"##;

const PRESENTER: &str = "\
type: object
properties:
  issue: { $ref: 'api.json#/components/schemas/Issue' }
  response: { $ref: 'api.json#/components/responses/NotFound' }
  typo: { $ref: 'api.json#/components/schemas/Isue' }
  whole: { $ref: api.json }
";

#[test]
fn mistakes_inside_the_document_are_located_there_and_all_reported_in_one_run() {
    let found = errors(&[("api.json", API), ("view.yaml", PRESENTER)]);
    let located: Vec<_> = found.iter().map(summary).collect();
    let at = |file: &str, pointer: &str| {
        found
            .iter()
            .find(|d| d.file == file && d.pointer == pointer)
            .unwrap_or_else(|| panic!("no error at {file} {pointer}: {located:?}"))
    };
    let not = at("api.json", "/components/schemas/Issue/properties/id/if");
    assert_eq!(summary(not).2, 11);
    assert_eq!(not.message, "unsupported keyword `if`");
    let pattern = at(
        "api.json",
        "/components/schemas/Issue/properties/tags/dependentSchemas",
    );
    assert_eq!((summary(pattern).2, summary(pattern).3), (13, 39));
    let unresolved = at("api.json", "/components/schemas/Issue/properties/user/$ref");
    assert_eq!((summary(unresolved).2, summary(unresolved).3), (12, 29));
    assert_eq!(
        unresolved.help.as_deref(),
        Some("did you mean `#/components/schemas/User`?")
    );
    let response = at("view.yaml", "/properties/response/$ref");
    assert!(
        response.message.contains("is not a schema"),
        "{}",
        response.message
    );
    let typo = at("view.yaml", "/properties/typo/$ref");
    assert_eq!(
        typo.help.as_deref(),
        Some("did you mean `api.json#/components/schemas/Issue`?")
    );
    let whole = at("view.yaml", "/properties/whole/$ref");
    assert!(
        whole.message.contains("is not a schema"),
        "{}",
        whole.message
    );
    // `Unreached` has an unsupported keyword too, but nothing uses it.
    assert!(
        found.iter().all(|d| !d.pointer.contains("Unreached")),
        "{located:?}"
    );
    assert_eq!(found.len(), 6, "{located:?}");
}

#[test]
fn the_document_is_not_a_definition_and_only_what_is_reached_becomes_types() {
    let api = "\
openapi: 3.1.0
info: { title: T, version: '1' }
paths: {}
components:
  schemas:
    User:
      type: object
      title: A user of the API
      required: [login]
      properties:
        login: { type: string }
        manager: { $ref: '#/components/schemas/User' }
    Unreached:
      type: object
      properties:
        x: { if: { type: string } }
";
    let presenter = "\
type: object
required: [user]
properties:
  user: { $ref: 'api.yaml#/components/schemas/User' }
";
    let files = run(&[("api.yaml", api), ("view.yaml", presenter)]).expect("generates");
    let api_module = files
        .iter()
        .find(|f| f.path.ends_with("api.rs"))
        .expect("the document's module");
    // Named from the component key, not its title; `Unreached` is not made.
    assert!(api_module.contents.contains("pub struct User {"));
    assert!(!api_module.contents.contains("Unreached"));
    assert!(!api_module.contents.contains("Presenter"));
}

#[test]
fn unsupported_versions_and_swagger_are_located_errors() {
    let found = errors(&[("old.yaml", "swagger: '2.0'\ninfo: {}\n")]);
    assert_eq!(
        summary(&found[0]),
        ("old.yaml".into(), "/swagger".into(), 1, 10)
    );
    assert!(
        found[0]
            .help
            .as_deref()
            .unwrap_or("")
            .contains("OpenAPI 3.0")
    );
    let found = errors(&[("new.yaml", "info: {}\nopenapi: 4.0.0\n")]);
    assert_eq!(
        summary(&found[0]),
        ("new.yaml".into(), "/openapi".into(), 2, 10)
    );
    assert_eq!(found[0].message, "unsupported OpenAPI version `4.0.0`");
}

#[test]
fn openapi_keywords_in_a_definition_say_where_they_belong() {
    let found = errors(&[(
        "a.yaml",
        "type: object\nproperties:\n  n: { type: string, nullable: true, example: x }\n",
    )]);
    let helps: Vec<_> = found
        .iter()
        .map(|d| (d.pointer.as_str(), d.help.clone()))
        .collect();
    assert_eq!(found.len(), 2, "{helps:?}");
    assert_eq!(found[0].pointer, "/properties/n/nullable");
    assert!(
        found[0]
            .help
            .as_deref()
            .unwrap_or("")
            .contains("type: [T, \"null\"]"),
        "{helps:?}"
    );
    assert_eq!(found[1].pointer, "/properties/n/example");
    assert!(
        found[1]
            .help
            .as_deref()
            .unwrap_or("")
            .contains("examples: [value]"),
        "{helps:?}"
    );
}

/// A vendor-scale mistake: a schema deep in the description that a bound action reaches,
/// through a response written inline (for which the generator writes a presenter of its own)
/// or through a component.
const BOUND_API: &str = "\
openapi: 3.0.3
info: { title: D, version: '1' }
paths:
  /things:
    get:
      operationId: things/list
      responses:
        '200':
          description: x
          content:
            application/json:
              schema:
                type: array
                items:
                  type: object
                  properties:
                    when: { type: string, if: { minLength: 1 } }
  /things/{id}:
    parameters: [{ $ref: '#/components/parameters/id' }]
    get:
      operationId: things/get
      responses:
        '200': { $ref: '#/components/responses/thing' }
components:
  parameters:
    id: { name: id, in: path, required: true, schema: { type: integer } }
  responses:
    thing: { description: x, content: { application/json: { schema: { $ref: '#/components/schemas/thing' } } } }
  schemas:
    thing:
      type: object
      properties:
        id: { type: integer }
        owner: { $ref: '#/components/schemas/owner' }
    owner:
      type: object
      properties:
        tags: { type: string, if: { minLength: 1 } }
";

const BOUND_TOOL: &str = "\
x-fusion-tool:
  name: things
  description: Things
  openapi: api.yaml
  actions:
    list: { operation: things/list }
    get: { operation: things/get }
";

#[test]
fn errors_in_a_description_name_the_action_that_reaches_them_in_a_file_that_exists() {
    let found = errors(&[("api.yaml", BOUND_API), ("things.tool.yaml", BOUND_TOOL)]);
    let found: Vec<(String, String, u32, u32, &str)> = found
        .iter()
        .map(|d| {
            let (file, pointer, line, column) = summary(d);
            (file, pointer, line, column, d.message.as_str())
        })
        .collect();
    assert_eq!(
        found,
        [
            // The inline response is presented by a document written in memory: the error is
            // where the description writes the schema, not in that document.
            (
                "api.yaml".to_owned(),
                "/paths/~1things/get/responses/200/content/application~1json/schema/items/properties/when/if".to_owned(),
                17,
                43,
                "unsupported keyword `if` (reached by the action `list` of the tool `things`, things.tool.yaml)",
            ),
            // Through a shared response, a shared parameter's path item and two components.
            (
                "api.yaml".to_owned(),
                "/components/schemas/owner/properties/tags/if".to_owned(),
                38,
                31,
                "unsupported keyword `if` (reached by the action `get` of the tool `things`, things.tool.yaml)",
            ),
        ]
    );
}
