//! `fusion-gen init-openapi` (issue 27): the starter definitions it writes from an OpenAPI
//! description (one tool per tag, one presenter per response component that `$ref`s it), that
//! they generate with no error, what it leaves out, and that it never overwrites a file
//! without `--force`. That the generated code compiles is `tests/init-openapi`'s check.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use fusion_gen::{Options, SourceFile, generate_with_warnings};

use crate::common;
use common::{assert_exit, stderr};

const PETSTORE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/fixtures/operations/petstore.yaml"
);
const BLOCKFROST: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../examples/blockfrost-server/schemas/blockfrost.yaml"
);

/// Runs `fusion-gen init-openapi <args>` in `dir`.
fn init(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fusion-gen"))
        .current_dir(dir)
        .arg("init-openapi")
        .args(args)
        .output()
        .expect("fusion-gen runs")
}

/// The files of `dir`, by name, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("read dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Generates `dir` as the command would: the number of files, or the rendered errors.
fn generate(dir: &Path) -> Result<usize, String> {
    let sources: Vec<SourceFile> = files(dir)
        .into_iter()
        .map(|name| SourceFile::new(name.clone(), fs::read_to_string(dir.join(&name)).unwrap()))
        .collect();
    generate_with_warnings(&sources, &Options::default())
        .map(|generated| generated.files.len())
        .map_err(|errors| {
            errors.render(|path| {
                sources
                    .iter()
                    .find(|s| s.path == path)
                    .map(|s| s.text.as_str())
            })
        })
}

#[test]
fn the_pet_store_starter_binds_each_tag_and_generates() {
    let dir = tempfile::tempdir().expect("temp dir");
    let output = init(dir.path(), &[PETSTORE, "-o", "starter"]);
    assert_exit(&output, 0);
    let starter = dir.path().join("starter");
    assert_eq!(
        files(&starter),
        ["pet.yaml", "pets.tool.yaml", "petstore.yaml"]
    );
    // The description is copied as it is, beside the files that name it.
    assert_eq!(
        fs::read_to_string(starter.join("petstore.yaml")).unwrap(),
        fs::read_to_string(PETSTORE).unwrap()
    );
    let tool = fs::read_to_string(starter.join("pets.tool.yaml")).unwrap();
    for expected in [
        "  name: pets\n",
        "  openapi: \"petstore.yaml\"\n",
        "    list_pets:\n      operation: \"listPets\"\n      returns: { type: array, items: { $ref: \"pet.yaml\" } }\n",
        "    create_pet:\n      operation: \"createPet\"\n      returns: \"pet.yaml\"\n",
        "    get_pet:\n      operation: \"getPet\"\n      returns: \"pet.yaml\"\n",
        // A 204: no presenter.
        "    delete_pet:\n      operation: \"deletePet\"\n",
    ] {
        assert!(tool.contains(expected), "{expected:?} in:\n{tool}");
    }
    // The presenter references the component in place; it copies none of its fields.
    let presenter = fs::read_to_string(starter.join("pet.yaml")).unwrap();
    assert!(presenter.contains("title: \"Pet\"\ntype: object\nallOf:\n  - $ref: \"petstore.yaml#/components/schemas/Pet\"\n"), "{presenter}");
    assert!(!presenter.contains("properties"), "{presenter}");
    // The `media` tag's two operations cannot be called by the generated handler: each is a
    // located warning, and no tool is written for a tag with nothing left.
    let err = stderr(&output);
    assert!(
        err.contains(
            "PUT /pets/{petId}/photo is left out of the starter: no JSON content, only `image/png`"
        ),
        "{err}"
    );
    assert!(err.contains("petstore.yaml:64:9"), "{err}");
    assert!(
        err.contains("GET /session is left out of the starter: `cookie` parameters"),
        "{err}"
    );
    assert!(
        err.contains(
            "3 files written (1 tools, 1 presenters, the description); 2 operations left out"
        ),
        "{err}"
    );
    assert_eq!(generate(&starter), Ok(4));
}

#[test]
fn operations_without_tags_or_ids_are_bound_by_method_and_path() {
    let dir = tempfile::tempdir().expect("temp dir");
    let description = "openapi: 3.1.0\ninfo: { title: Shop, version: \"1\" }\npaths:\n  /orders/{id}:\n    get:\n      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]\n      responses:\n        \"200\":\n          description: One\n          content: { application/json: { schema: { $ref: \"#/components/schemas/Order\" } } }\n    delete:\n      operationId: cancel\n      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]\n      responses: { \"204\": { description: Gone } }\n  /orders:\n    get:\n      responses:\n        \"200\":\n          description: All\n          content: { application/json: { schema: { type: array, items: { $ref: \"#/components/schemas/Order\" } } } }\n  /v2/orders:\n    get:\n      operationId: cancel\n      responses:\n        \"200\":\n          description: All again\n          content: { application/json: { schema: { type: object, properties: { n: { type: integer } } } } }\ncomponents:\n  schemas:\n    Order: { type: object, required: [id], properties: { id: { type: string } } }\n";
    fs::write(dir.path().join("shop.yaml"), description).unwrap();
    let output = init(dir.path(), &["shop.yaml", "-o", "out"]);
    assert_exit(&output, 0);
    let out = dir.path().join("out");
    assert_eq!(
        files(&out),
        [
            "order.yaml",
            "orders.tool.yaml",
            "shop.yaml",
            "v2.tool.yaml"
        ]
    );
    let tool = fs::read_to_string(out.join("orders.tool.yaml")).unwrap();
    // No tag: grouped by the first path segment. No operationId, or one two operations share:
    // bound by method and path, the name made of them.
    for expected in [
        "    get_orders_by_id:\n      operation: \"GET /orders/{id}\"\n      returns: \"order.yaml\"\n",
        "    delete_orders_by_id:\n      operation: \"DELETE /orders/{id}\"\n",
        "    get_orders:\n      operation: \"GET /orders\"\n      returns: { type: array, items: { $ref: \"order.yaml\" } }\n",
    ] {
        assert!(tool.contains(expected), "{expected:?} in:\n{tool}");
    }
    let v2 = fs::read_to_string(out.join("v2.tool.yaml")).unwrap();
    // `cancel` is the id of two operations, so it names neither; this one's inline response
    // is left to the generator's own presenter (no `returns`).
    assert!(
        v2.contains("    get_v2_orders:\n      operation: \"GET /v2/orders\"\n"),
        "{v2}"
    );
    assert!(!v2.contains("returns"), "{v2}");
    assert_eq!(generate(&out).map(|n| n > 0), Ok(true));
}

/// A description split over files (DigitalOcean's `get: {$ref: resources/….yml}`, a path item
/// `{$ref: paths/….yaml}`) has none of those operations' parameters, body or responses in the
/// document: each is left out with a warning that says to bundle it, not bound as an operation
/// that takes and returns nothing (nor refused for a path parameter it does not declare).
#[test]
fn operations_in_other_files_are_left_out_with_a_warning() {
    let dir = tempfile::tempdir().expect("temp dir");
    let description = "openapi: 3.0.3\ninfo: { title: Split, version: \"1\" }\npaths:\n  /keys/{key_id}:\n    get:\n      $ref: resources/keys_get.yml\n  /keys:\n    get:\n      $ref: resources/keys_list.yml\n  /pets:\n    $ref: paths/pets.yaml\n  /health:\n    get:\n      operationId: health\n      responses: { \"204\": { description: Up } }\n";
    fs::write(dir.path().join("split.yaml"), description).unwrap();
    let output = init(dir.path(), &["split.yaml", "-o", "out"]);
    assert_exit(&output, 0);
    // Compared without the line breaks and margins of the rendering.
    let squeezed = |text: &str| -> String {
        text.chars()
            .filter(|c| !c.is_whitespace() && *c != '│')
            .collect()
    };
    let err = stderr(&output);
    for expected in [
        "GET /keys/{key_id} is left out of the starter: the operation is a `$ref` (`resources/keys_get.yml`), not an operation object",
        "GET /keys is left out of the starter: the operation is a `$ref`",
        "the operations of `/pets` are left out of the starter: its path item is a `$ref` (`paths/pets.yaml`)",
        "bundle the description into one file",
        "3 operations left out",
    ] {
        assert!(
            squeezed(&err).contains(&squeezed(expected)),
            "{expected:?} in:\n{err}"
        );
    }
    assert!(!err.contains("no path parameter"), "{err}");
    let out = dir.path().join("out");
    assert_eq!(files(&out), ["health.tool.yaml", "split.yaml"]);
    assert_eq!(generate(&out).map(|n| n > 0), Ok(true));

    // Nothing but path items in other files: nothing to bind, and why.
    let only = "openapi: 3.0.3\ninfo: { title: Split, version: \"1\" }\npaths:\n  /pets:\n    $ref: paths/pets.yaml\n";
    fs::write(dir.path().join("only.yaml"), only).unwrap();
    let output = init(dir.path(), &["only.yaml", "-o", "none"]);
    assert_exit(&output, 3);
    assert!(
        stderr(&output).contains("its path item is a `$ref`"),
        "{}",
        stderr(&output)
    );
    assert!(!dir.path().join("none").exists());

    // Operations that are all left out: an error that says so, and nothing written.
    let all_out = "openapi: 3.0.3\ninfo: { title: Split, version: \"1\" }\npaths:\n  /keys:\n    get:\n      $ref: resources/keys_list.yml\n  /pets:\n    $ref: paths/pets.yaml\n";
    fs::write(dir.path().join("all_out.yaml"), all_out).unwrap();
    let output = init(dir.path(), &["all_out.yaml", "-o", "empty"]);
    assert_exit(&output, 3);
    let err = stderr(&output);
    for expected in [
        "GET /keys is left out of the starter",
        "the one operation selected could not be bound, so no tool would be written",
    ] {
        assert!(
            squeezed(&err).contains(&squeezed(expected)),
            "{expected:?} in:\n{err}"
        );
    }
    assert!(!dir.path().join("empty").exists());
}

/// An API in GitHub's conventions (`tests/corpus/bound/api.yaml`): operationIds that repeat
/// their tag (`issues/list-for-repo` of tag `issues`) name actions without it, an API parameter
/// named `action` and parameters of one name with other schemas in other operations of a tag
/// all generate.
#[test]
fn operation_ids_that_repeat_their_tag_name_actions_without_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let api = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/corpus/bound/api.yaml"
    );
    fs::copy(api, dir.path().join("api.yaml")).unwrap();
    let output = init(dir.path(), &["api.yaml", "-o", "out"]);
    assert_exit(&output, 0);
    let out = dir.path().join("out");
    let issues = fs::read_to_string(out.join("issues.tool.yaml")).unwrap();
    for expected in [
        "    list_for_repo:\n      operation: \"issues/list-for-repo\"\n",
        "    create:\n      operation: \"issues/create\"\n",
        "    get:\n      operation: \"issues/get\"\n",
        // Another prefix than the tag stays.
        "    search_issues:\n      operation: \"search/issues\"\n",
    ] {
        assert!(issues.contains(expected), "{expected:?} in:\n{issues}");
    }
    let repos = fs::read_to_string(out.join("repos.tool.yaml")).unwrap();
    assert!(repos.contains("    update:\n"), "{repos}");
    assert!(repos.contains("    create_dispatch_event:\n"), "{repos}");
    assert_eq!(generate(&out).map(|n| n > 0), Ok(true));
}

/// `--tag` and `--operation` keep the tools and actions a user's tasks need; a name the
/// description does not have is an error naming the nearest.
#[test]
fn tags_and_operations_select_what_the_starter_binds() {
    let dir = tempfile::tempdir().expect("temp dir");
    let api = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/corpus/bound/api.yaml"
    );
    fs::copy(api, dir.path().join("api.yaml")).unwrap();
    let output = init(
        dir.path(),
        &[
            "api.yaml",
            "-o",
            "out",
            "--tag",
            "issues",
            "--operation",
            "issues/get",
            "--operation",
            "search/issues",
        ],
    );
    assert_exit(&output, 0);
    let out = dir.path().join("out");
    assert!(!out.join("repos.tool.yaml").exists());
    let issues = fs::read_to_string(out.join("issues.tool.yaml")).unwrap();
    assert!(issues.contains("    get:\n"), "{issues}");
    assert!(issues.contains("    search_issues:\n"), "{issues}");
    assert!(!issues.contains("list_for_repo"), "{issues}");
    assert_eq!(generate(&out).map(|n| n > 0), Ok(true));
    let output = init(dir.path(), &["api.yaml", "-o", "other", "--tag", "isues"]);
    assert_exit(&output, 3);
    let text = stderr(&output);
    assert!(
        text.contains("the description has no tag `isues`"),
        "{text}"
    );
    assert!(text.contains("did you mean `issues`?"), "{text}");
    assert!(
        !dir.path().join("other").exists(),
        "nothing is written on error"
    );
}

#[test]
fn blockfrost_s_full_description_starts_and_generates() {
    let dir = tempfile::tempdir().expect("temp dir");
    let output = init(dir.path(), &[BLOCKFROST, "-o", "starter"]);
    assert_exit(&output, 0);
    let starter = dir.path().join("starter");
    let names = files(&starter);
    let tools: Vec<&String> = names.iter().filter(|n| n.ends_with(".tool.yaml")).collect();
    // One tool per tag that has an operation the handler can call (`Cardano » Blocks` →
    // `cardano_blocks`).
    assert_eq!(tools.len(), 18, "{names:?}");
    assert!(names.contains(&"cardano_blocks.tool.yaml".to_owned()));
    let blocks = fs::read_to_string(starter.join("cardano_blocks.tool.yaml")).unwrap();
    assert!(
        blocks.contains("    get_blocks_by_hash_or_number:\n      operation: \"GET /blocks/{hash_or_number}\"\n      returns: \"block_content.yaml\"\n"),
        "{blocks}"
    );
    // What the handler cannot call is listed where it would have been.
    assert!(
        blocks.contains("  #   GET /blocks/latest/txs: the response is neither an object nor a list of objects\n"),
        "{blocks}"
    );
    let err = stderr(&output);
    assert!(
        err.contains(
            "49 files written (18 tools, 30 presenters, the description); 12 operations left out"
        ),
        "{err}"
    );
    let generated = generate(&starter).expect("the starter generates");
    assert!(generated > 49, "{generated}");
}

#[test]
fn existing_files_are_kept_unless_forced() {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::create_dir(dir.path().join("out")).unwrap();
    fs::write(dir.path().join("out/pet.yaml"), "# mine\n").unwrap();
    let output = init(dir.path(), &[PETSTORE, "-o", "out"]);
    assert_exit(&output, 5);
    assert!(
        stderr(&output).contains("already holds `pet.yaml`: nothing was written"),
        "{}",
        stderr(&output)
    );
    assert!(stderr(&output).contains("--force"));
    assert_eq!(files(&dir.path().join("out")), ["pet.yaml"]);
    assert_eq!(
        fs::read_to_string(dir.path().join("out/pet.yaml")).unwrap(),
        "# mine\n"
    );
    let output = init(dir.path(), &[PETSTORE, "-o", "out", "--force"]);
    assert_exit(&output, 0);
    assert!(
        fs::read_to_string(dir.path().join("out/pet.yaml"))
            .unwrap()
            .contains("allOf")
    );
    // The description already in the output folder is not a file in the way.
    fs::remove_file(dir.path().join("out/pet.yaml")).unwrap();
    fs::remove_file(dir.path().join("out/pets.tool.yaml")).unwrap();
    let output = init(dir.path(), &["out/petstore.yaml", "-o", "out"]);
    assert_exit(&output, 0);
}

#[test]
fn descriptions_it_cannot_read_are_located_errors() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "broken.yaml",
            "openapi: 3.0.3\npaths: {\n",
            &["broken.yaml:"],
        ),
        (
            "swagger.yaml",
            "swagger: \"2.0\"\ninfo: { title: Old, version: \"1\" }\n",
            &["Swagger 2.0 documents are not read", "swagger.yaml:1:1"],
        ),
        (
            "old.json",
            "{\"openapi\": \"2.5\", \"paths\": {}}",
            &["unsupported OpenAPI version `2.5`", "old.json:1:13"],
        ),
        (
            "presenter.yaml",
            "title: Book\ntype: object\n",
            &["not an OpenAPI description", "presenter.yaml:1:1"],
        ),
        (
            "empty.yaml",
            "openapi: 3.1.0\ninfo: { title: Empty, version: \"1\" }\npaths: {}\n",
            &["the description has no operations", "empty.yaml:3:"],
        ),
    ];
    for (name, text, expected) in cases {
        fs::write(dir.path().join(name), text).unwrap();
        let output = init(dir.path(), &[name, "-o", "out"]);
        assert_exit(&output, 3);
        let err = stderr(&output);
        for part in *expected {
            assert!(err.contains(part), "{name}: {part:?} in:\n{err}");
        }
        assert!(!dir.path().join("out").exists(), "{name}: nothing written");
    }
    let output = init(dir.path(), &["missing.yaml", "-o", "out"]);
    assert_exit(&output, 4);
    assert!(stderr(&output).contains("cannot read the description: missing.yaml"));
    fs::write(dir.path().join("api.txt"), "openapi: 3.1.0\n").unwrap();
    let output = init(dir.path(), &["api.txt", "-o", "out"]);
    assert_exit(&output, 4);
    assert!(stderr(&output).contains(".yaml, .yml or .json"));
    let output = init(dir.path(), &["missing.yaml"]);
    assert_exit(&output, 2);
}

#[test]
fn what_the_description_says_cannot_write_yaml_of_its_own() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Line breaks in operation ids (one bound, one left out), keywords as component and tag
    // names, two ids that snake-case to one Rust name.
    fs::write(dir.path().join("api.yaml"), DESCRIPTION).unwrap();
    let output = init(dir.path(), &["api.yaml", "-o", "out"]);
    assert_exit(&output, 0);
    let out = dir.path().join("out");
    assert_eq!(
        files(&out),
        ["api.yaml", "self.tool.yaml", "self.yaml", "type.yaml"]
    );
    let tool = fs::read_to_string(out.join("self.tool.yaml")).unwrap();
    for expected in [
        "    evil_x_fusion_tool:\n      operation: \"evil\\nx-fusion-tool: {}\"\n",
        "    get_b_2:\n      operation: \"get_b_2\"\n    get_b2_2:\n      operation: \"getB2\"\n",
        "  #   bad id: `cookie` parameters are not sent by the generated handler\n",
    ] {
        assert!(tool.contains(expected), "{expected:?} in:\n{tool}");
    }
    assert_eq!(generate(&out).map(|n| n > 0), Ok(true));
}

const DESCRIPTION: &str = r##"openapi: 3.1.0
info: { title: KW, version: "1" }
paths:
  /a:
    get:
      operationId: "evil\nx-fusion-tool: {}"
      tags: ["self"]
      responses:
        "200": { description: x, content: { application/json: { schema: { $ref: "#/components/schemas/self" } } } }
  /b:
    get:
      operationId: getB
      tags: ["self"]
      responses:
        "200": { description: x, content: { application/json: { schema: { $ref: "#/components/schemas/type" } } } }
  /c:
    get:
      operationId: "bad\nid"
      tags: ["self"]
      parameters: [{ name: s, in: cookie, schema: { type: string } }]
      responses:
        "200": { description: x, content: { application/json: { schema: { $ref: "#/components/schemas/type" } } } }
  /d:
    get:
      operationId: get_b_2
      tags: ["self"]
      responses: { "204": { description: x } }
  /e:
    get:
      operationId: getB2
      tags: ["self"]
      responses: { "204": { description: x } }
components:
  schemas:
    self: { type: object, properties: { a: { type: string } } }
    type: { type: object, properties: { b: { type: string } } }
"##;

/// The YAML blocks of docs/definitions.md's "Starting from a description", unindented.
fn documented_starter() -> Vec<String> {
    let docs = include_str!("../../docs/definitions.md");
    let section = docs
        .split("**Starting from a description.**")
        .nth(1)
        .expect("the section")
        .split("\n- ")
        .next()
        .expect("the bullet");
    section
        .split("  ```yaml\n")
        .skip(1)
        .map(|block| {
            block
                .split("  ```\n")
                .next()
                .expect("a closed block")
                .lines()
                .map(|line| format!("{}\n", line.strip_prefix("  ").unwrap_or(line)))
                .collect()
        })
        .collect()
}

#[test]
fn the_documented_starter_is_what_the_command_writes() {
    let dir = tempfile::tempdir().expect("temp dir");
    assert_exit(&init(dir.path(), &[PETSTORE, "-o", "out"]), 0);
    let written = |name: &str| fs::read_to_string(dir.path().join("out").join(name)).unwrap();
    assert_eq!(
        documented_starter(),
        [written("pets.tool.yaml"), written("pet.yaml")]
    );
}

/// A vendor-shaped component: links, renderings, nested users (nullable, required), a list of
/// them, a small object and union, a map, and keys that are not plain YAML (a line break, a
/// YAML boolean, a `#`).
const VENDOR: &str = r##"openapi: 3.0.3
info: { title: Tracker, version: "1" }
paths:
  /tickets/{id}:
    get:
      operationId: tickets/get
      tags: [tickets]
      parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
      responses:
        "200": { description: x, content: { application/json: { schema: { $ref: "#/components/schemas/ticket" } } } }
components:
  schemas:
    user:
      type: object
      required: [id, login, avatar_url]
      properties:
        id: { type: integer }
        login: { type: string }
        avatar_url: { type: string }
        html_url: { type: string }
        site_admin: { type: boolean }
    nullable-user:
      nullable: true
      allOf: [{ $ref: "#/components/schemas/user" }]
    ticket:
      type: object
      required: [id, title, url, author]
      properties:
        id: { type: integer }
        url: { type: string }
        html_url: { type: string }
        comments_url: { type: string }
        title: { type: string }
        body: { type: string, nullable: true }
        body_html: { type: string }
        author: { $ref: "#/components/schemas/user" }
        assignee: { $ref: "#/components/schemas/nullable-user" }
        watchers: { type: array, items: { $ref: "#/components/schemas/user" } }
        counts: { type: object, properties: { open: { type: integer }, closed: { type: integer } } }
        labels:
          type: array
          items: { oneOf: [{ type: string }, { type: object, properties: { name: { type: string } } }] }
        extra: { type: object, additionalProperties: { type: string } }
        "on": { type: boolean }
        "two\nlines": { type: string }
        "a#b": { type: string }
"##;

#[test]
fn starter_presenters_are_cut_for_an_agent() {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::write(dir.path().join("api.yaml"), VENDOR).unwrap();
    let output = init(dir.path(), &["api.yaml", "-o", "out"]);
    assert_exit(&output, 0);
    let out = dir.path().join("out");
    let presenter = fs::read_to_string(out.join("ticket.yaml")).unwrap();
    let field = |key: &str, pointer: &str| format!("  {key}: {{ $ref: \"api.yaml#{pointer}\" }}\n");
    let expected_body = [
        "title: \"ticket\"\ntype: object\n".to_owned(),
        // Only what it keeps is required; `url` is a link beside `html_url`, so left out.
        "required: [id, title, author]\nproperties:\n".to_owned(),
        field("id", "/components/schemas/ticket/properties/id"),
        field("html_url", "/components/schemas/ticket/properties/html_url"),
        field("title", "/components/schemas/ticket/properties/title"),
        // Free text is cut where the agent reads it.
        "  body: { $ref: \"api.yaml#/components/schemas/ticket/properties/body\", x-fusion-max-chars: 1000 }\n".to_owned(),
        // A nested object cut to what identifies it, keeping what it requires.
        "  author:\n    type: object\n    required: [id, login]\n    properties:\n".to_owned(),
        format!("    {}", field("id", "/components/schemas/user/properties/id")),
        format!("    {}", field("login", "/components/schemas/user/properties/login")),
        format!("    {}", field("html_url", "/components/schemas/user/properties/html_url")),
        // 3.0's `nullable` on the component it reaches through `allOf` stays.
        "  assignee:\n    type: [object, \"null\"]\n    required: [id, login]\n    properties:\n"
            .to_owned(),
        format!("    {}", field("id", "/components/schemas/user/properties/id")),
        format!("    {}", field("login", "/components/schemas/user/properties/login")),
        format!("    {}", field("html_url", "/components/schemas/user/properties/html_url")),
        "  watchers:\n    type: array\n    items:\n      type: object\n      required: [id, login]\n      properties:\n".to_owned(),
        format!("      {}", field("id", "/components/schemas/user/properties/id")),
        format!("      {}", field("login", "/components/schemas/user/properties/login")),
        format!("      {}", field("html_url", "/components/schemas/user/properties/html_url")),
        // Small, and nothing identifies it: kept whole; so is a union of small members.
        field("counts", "/components/schemas/ticket/properties/counts"),
        field("labels", "/components/schemas/ticket/properties/labels"),
        field("\"on\"", "/components/schemas/ticket/properties/on"),
        // JSON's escapes, which YAML's double-quoted style reads the same.
        "  \"two\\nlines\": { $ref: \"api.yaml#/components/schemas/ticket/properties/two\\nlines\" }\n"
            .to_owned(),
        field("\"a#b\"", "/components/schemas/ticket/properties/a#b"),
        "x-fusion:\n  agent-limit: 20\n".to_owned(),
    ]
    .concat();
    assert!(presenter.ends_with(&expected_body), "{presenter}");
    for left_out in [
        "#   url: { $ref: \"api.yaml#/components/schemas/ticket/properties/url\" }\n",
        "#   comments_url: { $ref: \"api.yaml#/components/schemas/ticket/properties/comments_url\" }\n",
        "#   body_html: { $ref: \"api.yaml#/components/schemas/ticket/properties/body_html\" }\n",
        "#   author: cut to what identifies it; also has avatar_url, site_admin\n",
        "#   extra: { $ref: \"api.yaml#/components/schemas/ticket/properties/extra\" }\n",
    ] {
        assert!(
            presenter.contains(left_out),
            "{left_out:?} in:\n{presenter}"
        );
    }
    // A key's line break is one space in the comment, never a line of YAML of its own.
    assert!(
        presenter.lines().all(|line| line.starts_with('#')
            || line.starts_with(' ')
            || ["title:", "type:", "required:", "properties:", "x-fusion:"]
                .iter()
                .any(|k| line.starts_with(k))),
        "{presenter}"
    );
    assert_eq!(generate(&out).map(|n| n > 0), Ok(true));
}
