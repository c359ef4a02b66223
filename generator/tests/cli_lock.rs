//! `fusion-gen lock` (issue 40): the capability lockfile written from copies of the example
//! schemas, and `--check` after each kind of change, with its exact report and exit code
//! (0 match, 1 breaking, 6 compatible or behavioural drift only, 4 no lockfile).

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use tempfile::TempDir;

use crate::common::{assert_exit, stderr};

/// A temp dir holding a copy of the repository's `schemas/`, locked into `schemas.lock.json`.
fn locked() -> TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    copy(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../schemas"),
        &dir.path().join("schemas"),
    );
    let output = lock(dir.path(), &[]);
    assert_exit(&output, 0);
    assert_eq!(stderr(&output), "schemas.lock.json: written (4 tools).\n");
    dir
}

fn copy(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("mkdir");
    for entry in fs::read_dir(from).expect("read schemas") {
        let path = entry.expect("entry").path();
        let target = to.join(path.file_name().expect("a name"));
        if path.is_dir() {
            copy(&path, &target);
        } else {
            fs::copy(&path, &target).expect("copy");
        }
    }
}

/// Runs `fusion-gen lock schemas -o schemas.lock.json args...` in `dir`.
fn lock(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fusion-gen"))
        .current_dir(dir)
        .args(["lock", "schemas", "-o", "schemas.lock.json"])
        .args(args)
        .output()
        .expect("fusion-gen runs")
}

/// Replaces `from` (which must be there) by `to` in `schemas/{file}`.
fn edit(dir: &Path, file: &str, from: &str, to: &str) {
    let path = dir.join("schemas").join(file);
    let text = fs::read_to_string(&path).expect("read");
    assert!(text.contains(from), "{file} holds {from:?}");
    fs::write(&path, text.replacen(from, to, 1)).expect("write");
}

/// `--check`'s report after the edits, with its exit code.
fn check(dir: &Path, code: i32) -> String {
    let output = lock(dir, &["--check"]);
    assert_exit(&output, code);
    stderr(&output)
}

/// How the lockfile prints the start of the `clients` tool's description (wire format §11), up
/// to its `Workflow:` lines; [`WORKFLOW`] is the lines as `schemas/` declares the actions.
const CLIENTS: &str = "Look up billed clients. Select operation via the `action` parameter. Actions: get, list\\n\\nWorkflow:\\n";
/// The `Workflow:` lines of the `clients` tool as `schemas/` declares its actions.
const WORKFLOW: &str = "- 'get': Get one client. Requires: id\\n- 'list': List clients";

const FOOTER: &str = "Review, then run `fusion-gen lock schemas -o schemas.lock.json` to accept.\n";

fn footer(breaking: usize, compatible: usize, behavioural: usize) -> String {
    format!(
        "\nschemas.lock.json does not match the surface: {breaking} breaking, {compatible} compatible, {behavioural} behavioural. {FOOTER}"
    )
}

#[test]
fn an_unchanged_surface_checks_clean_and_the_file_is_canonical_and_stable() {
    let dir = locked();
    assert_eq!(
        check(dir.path(), 0),
        "schemas.lock.json matches the surface (4 tools).\n"
    );
    let text = fs::read_to_string(dir.path().join("schemas.lock.json")).expect("lockfile");
    // Canonical: the same bytes when written again, keys sorted, digests present.
    let again = lock(dir.path(), &[]);
    assert_exit(&again, 0);
    assert_eq!(
        stderr(&again),
        "schemas.lock.json is up to date (4 tools).\n"
    );
    assert!(text.starts_with("{\n  \"digest\": \"sha256:"), "{text}");
    assert!(text.contains(
        "\n  \"fusion-lock\": 1,\n  \"tools\": {\n    \"billing\": {\n      \"actions\": {"
    ));
    assert_eq!(text.matches("\"digest\": \"sha256:").count(), 5);
}

#[test]
fn a_lockfile_edited_by_hand_is_drift() {
    let dir = locked();
    let path = dir.path().join("schemas.lock.json");
    let text = fs::read_to_string(&path).expect("lockfile");
    fs::write(
        &path,
        text.replacen("\"digest\": \"sha256:", "\"digest\": \"sha256:0", 1),
    )
    .expect("write");
    assert_eq!(
        check(dir.path(), 6),
        format!(
            "the lockfile describes the current surface but is not as `fusion-gen lock` writes it (edited by hand?)\n{}",
            footer(0, 0, 0)
        )
    );
}

#[test]
fn a_missing_lockfile_is_an_io_error() {
    let dir = locked();
    fs::remove_file(dir.path().join("schemas.lock.json")).expect("rm");
    let report = check(dir.path(), 4);
    assert!(
        report.starts_with("error: cannot read schemas.lock.json: "),
        "{report}"
    );
}

#[test]
fn a_renamed_tool_is_breaking() {
    let dir = locked();
    edit(
        dir.path(),
        "billing/clients.tool.yaml",
        "name: clients",
        "name: customers",
    );
    assert_eq!(
        check(dir.path(), 1),
        format!(
            "breaking:    tool `clients`: tool removed\ncompatible:  tool `customers`: tool added\n{}",
            footer(1, 1, 0)
        )
    );
}

#[test]
fn a_removed_parameter_is_breaking() {
    let dir = locked();
    edit(
        dir.path(),
        "billing/clients.tool.yaml",
        "          email: { type: string, format: email, description: Only the client billed at this address. }\n",
        "",
    );
    assert_eq!(
        check(dir.path(), 1),
        format!(
            "breaking:    tool `clients`, action `list`: parameter `email` removed\n{}",
            footer(1, 0, 0)
        )
    );
}

#[test]
fn removed_enum_values_are_breaking_and_an_optional_parameter_compatible() {
    let dir = locked();
    edit(
        dir.path(),
        "billing/clients.tool.yaml",
        "          tier: { $ref: \"client.yaml#/properties/tier\" }",
        "          tier: { type: string, enum: [free, pro] }\n          limit: { type: integer }",
    );
    assert_eq!(
        check(dir.path(), 1),
        format!(
            "breaking:    tool `clients`, action `list`: parameter `tier`: enum values removed: \"enterprise\"\n\
             compatible:  tool `clients`, action `list`: optional parameter `limit` added\n{}",
            footer(1, 1, 0)
        )
    );
}

#[test]
fn a_parameter_made_required_is_breaking() {
    let dir = locked();
    edit(
        dir.path(),
        "billing/clients.tool.yaml",
        "        type: object\n        properties:\n          tier:",
        "        type: object\n        required: [tier]\n        properties:\n          tier:",
    );
    assert_eq!(
        check(dir.path(), 1),
        format!(
            // The tool's description names each action's required fields (wire format §11).
            "behavioural: tool `clients`: description \"{CLIENTS}- 'get': Get one client. Requires: id\\n- 'list': List clients\" \
             → \"{CLIENTS}- 'get': Get one client. Requires: id\\n- 'list': List clients. Requires: tier\"\n\
             breaking:    tool `clients`, action `list`: parameter `tier` made required\n{}",
            footer(1, 0, 1)
        )
    );
}

#[test]
fn tightened_bounds_of_a_flat_tool_are_breaking() {
    let dir = locked();
    edit(
        dir.path(),
        "billing/reminders.tool.yaml",
        "minimum: 1,",
        "minimum: 5, maximum: 10,",
    );
    assert_eq!(
        check(dir.path(), 1),
        format!(
            "breaking:    tool `reminders_due`, action `due`: parameter `limit`: `minimum` tightened: 1 → 5\n\
             breaking:    tool `reminders_due`, action `due`: parameter `limit`: `maximum` tightened: none → 10\n{}",
            footer(2, 0, 0)
        )
    );
}

#[test]
fn a_read_only_action_made_destructive_is_breaking() {
    let dir = locked();
    edit(
        dir.path(),
        "billing/clients.tool.yaml",
        "      description: Get one client\n      read-only: true",
        "      description: Get one client\n      destructive: true",
    );
    // The grouped tool's annotations (what clients see) and the action's own.
    assert_eq!(
        check(dir.path(), 1),
        format!(
            // The tool's description marks the action `[DESTRUCTIVE]` (wire format §11).
            "behavioural: tool `clients`: description \"{CLIENTS}- 'get': Get one client. Requires: id\\n- 'list': List clients\" \
             → \"{CLIENTS}- 'get': Get one client. Requires: id [DESTRUCTIVE]\\n- 'list': List clients\"\n\
             breaking:    tool `clients`: annotation `read-only` true → false\n\
             breaking:    tool `clients`: annotation `destructive` false → true\n\
             breaking:    tool `clients`, action `get`: annotation `read-only` true → false\n\
             breaking:    tool `clients`, action `get`: annotation `destructive` false → true\n{}",
            footer(4, 0, 1)
        )
    );
}

#[test]
fn a_field_removed_from_what_the_agent_reads_is_breaking() {
    let dir = locked();
    edit(
        dir.path(),
        "billing/client.yaml",
        "  email: { type: [string, \"null\"], x-fusion-redact: true }   # the data block shows [REDACTED]\n",
        "",
    );
    let removed = |action: &str| {
        format!(
            "breaking:    tool `clients`, action `{action}`: field `email` removed from what the agent reads\n\
             breaking:    tool `clients`, action `{action}`: `_select` key `email` removed\n"
        )
    };
    assert_eq!(
        check(dir.path(), 1),
        format!("{}{}{}", removed("get"), removed("list"), footer(4, 0, 0))
    );
}

#[test]
fn a_field_newly_redacted_is_breaking() {
    let dir = locked();
    edit(
        dir.path(),
        "billing/client.yaml",
        "  name: { type: string }",
        "  name: { type: string, x-fusion-redact: true }",
    );
    assert_eq!(
        check(dir.path(), 1),
        format!(
            "breaking:    tool `clients`, action `get`: field `name` now redacted: the agent no longer reads its value\n\
             breaking:    tool `clients`, action `list`: field `name` now redacted: the agent no longer reads its value\n{}",
            footer(2, 0, 0)
        )
    );
}

/// A text cut, or cut shorter, is breaking (the agent reads less of it); cut later or no longer
/// is behavioural.
#[test]
fn a_field_cut_shorter_is_breaking_and_cut_later_is_behavioural() {
    let dir = locked();
    edit(
        dir.path(),
        "billing/client.yaml",
        "  name: { type: string }",
        "  name: { type: string, x-fusion-max-chars: 40 }",
    );
    let line = |class: &str, action: &str, change: &str| {
        format!("{class}tool `clients`, action `{action}`: field `name` {change}\n")
    };
    let shorter = "now cut at 40 characters: the agent reads less of it";
    assert_eq!(
        check(dir.path(), 1),
        format!(
            "{}{}{}",
            line("breaking:    ", "get", shorter),
            line("breaking:    ", "list", shorter),
            footer(2, 0, 0)
        )
    );
    assert_exit(&lock(dir.path(), &[]), 0);
    edit(
        dir.path(),
        "billing/client.yaml",
        "x-fusion-max-chars: 40",
        "x-fusion-max-chars: 80",
    );
    let later = "cut later or not at all: the agent reads more of it";
    assert_eq!(
        check(dir.path(), 6),
        format!(
            "{}{}{}",
            line("behavioural: ", "get", later),
            line("behavioural: ", "list", later),
            footer(0, 0, 2)
        )
    );
}

#[test]
fn an_added_field_and_action_are_compatible() {
    let dir = locked();
    edit(
        dir.path(),
        "billing/client.yaml",
        "  tier:",
        "  since: { type: string }\n  tier:",
    );
    edit(
        dir.path(),
        "billing/reminders.tool.yaml",
        "    send:",
        "    sent:\n      description: Reminders sent\n      read-only: true\n      input: { type: object, properties: {} }\n    send:",
    );
    let added = |action: &str| {
        format!(
            "compatible:  tool `clients`, action `{action}`: field `since` added\n\
             compatible:  tool `clients`, action `{action}`: `_select` key `since` added\n"
        )
    };
    assert_eq!(
        check(dir.path(), 6),
        format!(
            "{}{}compatible:  tool `reminders_sent`: tool added\n{}",
            added("get"),
            added("list"),
            footer(0, 5, 0)
        )
    );
}

#[test]
fn changed_rule_and_description_text_is_behavioural() {
    let dir = locked();
    edit(
        dir.path(),
        "billing/client.yaml",
        "on the {tier} plan",
        "on the {tier} tier",
    );
    edit(
        dir.path(),
        "billing/clients.tool.yaml",
        "description: Look up billed clients",
        "description: Look up the clients we bill",
    );
    let rule = |action: &str| {
        format!(
            "behavioural: tool `clients`, action `{action}`: rule 1 changed: \
             \"Client {{name}} is on the {{tier}} plan: check its limits before acting.\" when present(tier) → \
             \"Client {{name}} is on the {{tier}} tier: check its limits before acting.\" when present(tier)\n"
        )
    };
    assert_eq!(
        check(dir.path(), 6),
        format!(
            "behavioural: tool `clients`: description \"{CLIENTS}{WORKFLOW}\" → \"{}{WORKFLOW}\"\n{}{}{}",
            CLIENTS.replace("billed clients", "the clients we bill"),
            rule("get"),
            rule("list"),
            footer(0, 0, 3)
        )
    );
}

/// An API whose `pets` tag a tool takes whole: an added operation is an added action.
const PETS_API: &str = r##"openapi: 3.0.3
info: { title: Pets, version: "1" }
paths:
  /pets/{petId}:
    get:
      operationId: getPet
      tags: [pets]
      parameters:
        - { name: petId, in: path, required: true, schema: { type: string } }
        - { name: fields, in: query, schema: { type: string, enum: [short, full] } }
      responses:
        "200": { description: A pet, content: { application/json: { schema: { $ref: "#/components/schemas/Pet" } } } }
components:
  schemas:
    Pet: { type: object, required: [id], properties: { id: { type: string }, name: { type: string } } }
"##;

const PETS_TOOL: &str =
    "x-fusion-tool:\n  name: pets\n  openapi: api.yaml\n  operations: { tags: [pets] }\n";

#[test]
fn an_api_description_that_gains_an_operation_and_narrows_a_parameter() {
    let dir = tempfile::tempdir().expect("temp dir");
    let schemas = dir.path().join("schemas");
    fs::create_dir_all(&schemas).expect("mkdir");
    fs::write(schemas.join("api.yaml"), PETS_API).expect("write");
    fs::write(schemas.join("pets.tool.yaml"), PETS_TOOL).expect("write");
    assert_exit(&lock(dir.path(), &[]), 0);
    let locked = fs::read_to_string(dir.path().join("schemas.lock.json")).expect("lockfile");
    assert!(
        locked.contains("\"http\": {\n            \"method\": \"GET\",\n            \"path\": \"/pets/{petId}\"\n          },"),
        "{locked}"
    );

    // The API gains `DELETE /pets/{petId}` in the tag, and `fields` loses a value.
    let changed = PETS_API
        .replace("enum: [short, full]", "enum: [short]")
        .replace(
            "components:",
            "    delete:\n      operationId: deletePet\n      tags: [pets]\n      parameters:\n        - { name: petId, in: path, required: true, schema: { type: string } }\n      responses:\n        \"204\": { description: Deleted }\ncomponents:",
        );
    fs::write(schemas.join("api.yaml"), changed).expect("write");
    assert_eq!(
        check(dir.path(), 1),
        format!(
            // A DELETE in the grouped tool makes the tool itself destructive, not read-only.
            "behavioural: tool `pets`: description \"pets. Select operation via the `action` parameter. Actions: get_pet\" \
             → \"pets. Select operation via the `action` parameter. Actions: get_pet, delete_pet\\n\\nWorkflow:\\n\
             - 'get_pet': Requires: petId\\n- 'delete_pet': Requires: petId [DESTRUCTIVE]\"\n\
             breaking:    tool `pets`: annotation `read-only` true → false\n\
             breaking:    tool `pets`: annotation `destructive` false → true\n\
             breaking:    tool `pets`, action `get_pet`: parameter `fields`: enum values removed: \"full\"\n\
             compatible:  tool `pets`, action `delete_pet`: action added\n{}",
            footer(3, 1, 1)
        )
    );
}

// Signing (`--sign` / `--verify`). The keys are fixed (RFC 8032, section 7.1, tests 1 and 2) and
// Ed25519 signatures are deterministic, so every output is too.

/// The secret key of RFC 8032 test 1, as 64 hex digits (its 32-byte seed).
const SECRET_HEX: &str = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60\n";
/// Its public key.
const PUBLIC_HEX: &str = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
/// The same keys as `openssl genpkey -algorithm ed25519` and `openssl pkey -pubout` write them.
const SECRET_PEM: &str = "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g\n-----END PRIVATE KEY-----\n";
const PUBLIC_PEM: &str = "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=\n-----END PUBLIC KEY-----\n";
/// The public key of RFC 8032 test 2: another signer.
const OTHER_PUBLIC_HEX: &str = "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c\n";

/// `locked()`, signed with the test 1 key, with `secret.key` and `public.key` beside it.
fn signed() -> TempDir {
    let dir = locked();
    fs::write(dir.path().join("secret.key"), SECRET_HEX).expect("write");
    fs::write(dir.path().join("public.key"), format!("{PUBLIC_HEX}\n")).expect("write");
    fs::write(dir.path().join("other.key"), OTHER_PUBLIC_HEX).expect("write");
    let output = lock(dir.path(), &["--sign", "secret.key"]);
    assert_exit(&output, 0);
    assert_eq!(
        stderr(&output),
        format!(
            "schemas.lock.json is up to date (4 tools).\nschemas.lock.json.sig: signed (public key {PUBLIC_HEX}).\n"
        )
    );
    dir
}

/// Runs `fusion-gen args...` in `dir` (no input folder or lockfile added).
fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fusion-gen"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("fusion-gen runs")
}

/// `lock --verify KEY -o schemas.lock.json` (the signature alone), with its exit code.
fn verify_alone(dir: &Path, key: &str, code: i32) -> String {
    let output = run(dir, &["lock", "--verify", key, "-o", "schemas.lock.json"]);
    assert_exit(&output, code);
    stderr(&output)
}

fn verified() -> String {
    format!("schemas.lock.json: signature verified (public key {PUBLIC_HEX}).\n")
}

#[test]
fn a_signed_lockfile_verifies_alone_and_with_check() {
    let dir = signed();
    let signature = fs::read_to_string(dir.path().join("schemas.lock.json.sig")).expect("sig");
    let hex = signature
        .strip_prefix("ed25519:")
        .and_then(|s| s.strip_suffix('\n'))
        .expect("ed25519:<hex>\\n");
    assert_eq!(hex.len(), 128, "{signature}");
    assert!(
        hex.bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
    );

    assert_eq!(verify_alone(dir.path(), "public.key", 0), verified());
    let output = lock(dir.path(), &["--check", "--verify", "public.key"]);
    assert_exit(&output, 0);
    assert_eq!(
        stderr(&output),
        format!(
            "{}schemas.lock.json matches the surface (4 tools).\n",
            verified()
        )
    );

    // Deterministic: signing again, with the same key as PEM, gives the same bytes; the PEM
    // public key verifies it.
    fs::write(dir.path().join("secret.pem"), SECRET_PEM).expect("write");
    fs::write(dir.path().join("public.pem"), PUBLIC_PEM).expect("write");
    assert_exit(&lock(dir.path(), &["--sign", "secret.pem"]), 0);
    assert_eq!(
        fs::read_to_string(dir.path().join("schemas.lock.json.sig")).expect("sig"),
        signature
    );
    assert_eq!(verify_alone(dir.path(), "public.pem", 0), verified());
}

#[test]
fn a_lockfile_changed_after_signing_is_refused_before_any_comparison() {
    let dir = signed();
    let path = dir.path().join("schemas.lock.json");
    let text = fs::read_to_string(&path).expect("lockfile");
    fs::write(
        &path,
        text.replacen("\"read-only\": true", "\"read-only\": false", 1),
    )
    .expect("write");
    let refused = format!(
        "error: schemas.lock.json.sig does not verify: schemas.lock.json changed since it was signed, or another key than {PUBLIC_HEX} signed it\n"
    );
    assert_eq!(verify_alone(dir.path(), "public.key", 7), refused);
    let output = lock(dir.path(), &["--check", "--verify", "public.key"]);
    assert_exit(&output, 7);
    assert_eq!(stderr(&output), refused);
}

#[test]
fn another_key_does_not_verify() {
    let dir = signed();
    assert_eq!(
        verify_alone(dir.path(), "other.key", 7),
        "error: schemas.lock.json.sig does not verify: schemas.lock.json changed since it was signed, or another key than 3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c signed it\n"
    );
}

#[test]
fn a_missing_or_malformed_signature_is_refused() {
    let dir = signed();
    let sig = dir.path().join("schemas.lock.json.sig");
    let signature = fs::read_to_string(&sig).expect("sig");
    fs::write(&sig, signature.replacen("ed25519:", "", 1)).expect("write");
    let malformed = "error: schemas.lock.json.sig is not a signature (expected `ed25519:` and 128 hex digits)\n";
    assert_eq!(verify_alone(dir.path(), "public.key", 7), malformed);
    fs::write(&sig, &signature[..100]).expect("write");
    assert_eq!(verify_alone(dir.path(), "public.key", 7), malformed);

    fs::remove_file(&sig).expect("rm");
    let output = lock(dir.path(), &["--check", "--verify", "public.key"]);
    assert_exit(&output, 7);
    assert_eq!(
        stderr(&output),
        "error: schemas.lock.json is not signed: schemas.lock.json.sig does not exist\n"
    );
}

#[test]
fn a_key_file_that_is_not_a_key_is_a_clear_error() {
    let dir = signed();
    fs::write(dir.path().join("bad.key"), "not a key\n").expect("write");
    fs::write(dir.path().join("secret.pem"), SECRET_PEM).expect("write");
    let output = lock(dir.path(), &["--sign", "bad.key"]);
    assert_exit(&output, 4);
    assert_eq!(
        stderr(&output),
        "error: bad.key: not an Ed25519 secret key (expected 64 hex digits, 32 raw bytes, or PEM/DER)\n"
    );
    assert_eq!(
        verify_alone(dir.path(), "bad.key", 4),
        "error: bad.key: not an Ed25519 public key (expected 64 hex digits, 32 raw bytes, or PEM/DER)\n"
    );
    assert_eq!(
        verify_alone(dir.path(), "secret.pem", 4),
        "error: secret.pem: a private key, not a public key: give the public key (`openssl pkey -in KEY -pubout`)\n"
    );
    let missing = verify_alone(dir.path(), "none.key", 4);
    assert!(
        missing.starts_with("error: cannot read the key none.key: "),
        "{missing}"
    );
}

#[test]
fn a_drift_behind_a_valid_signature_is_reported_and_an_unsigned_rewrite_warned() {
    let dir = signed();
    edit(
        dir.path(),
        "billing/clients.tool.yaml",
        "description: Look up billed clients",
        "description: Look up the clients we bill",
    );
    let output = lock(dir.path(), &["--check", "--verify", "public.key"]);
    assert_exit(&output, 6);
    assert_eq!(
        stderr(&output),
        format!(
            "{}behavioural: tool `clients`: description \"Look up billed clients. {workflow}\" → \"Look up the clients we bill. {workflow}\"\n\
             \nschemas.lock.json does not match the surface: 0 breaking, 0 compatible, 1 behavioural. \
             Review, then run `fusion-gen lock schemas -o schemas.lock.json --sign KEY` to accept.\n",
            verified(),
            workflow = "Select operation via the `action` parameter. Actions: get, list\\n\\nWorkflow:\\n- 'get': Get one client. Requires: id\\n- 'list': List clients",
        )
    );
    let output = lock(dir.path(), &[]);
    assert_exit(&output, 0);
    assert_eq!(
        stderr(&output),
        "schemas.lock.json: written (4 tools).\n\
         warning: schemas.lock.json.sig signs the previous lockfile; sign again with --sign KEY\n"
    );
    assert_exit(&lock(dir.path(), &["--check", "--verify", "public.key"]), 7);
}

#[test]
fn verify_with_a_folder_but_no_check_is_a_usage_error() {
    let dir = signed();
    let output = lock(dir.path(), &["--verify", "public.key"]);
    assert_exit(&output, 2);
    assert_eq!(
        stderr(&output),
        "error: --verify writes nothing: add --check to compare the lockfile with schemas too, or drop the folder to check the signature alone\n"
    );
}

#[test]
fn lock_takes_the_size_limits_of_the_main_command() {
    let dir = locked();
    let output = lock(dir.path(), &["--max-file-size", "20"]);
    assert_exit(&output, 4);
    let err = stderr(&output);
    assert!(err.contains("more than the 20 bytes"), "{err}");
    let output = lock(dir.path(), &["--max-depth", "3"]);
    assert_exit(&output, 3);
    assert!(
        stderr(&output).contains("`max_depth`"),
        "{}",
        stderr(&output)
    );
    // The suggested command keeps the limits given.
    edit(
        dir.path(),
        "billing/clients.tool.yaml",
        "description: Look up billed clients",
        "description: Look up the clients we bill",
    );
    let output = lock(dir.path(), &["--check", "--max-nodes", "300000"]);
    assert_exit(&output, 6);
    assert!(
        stderr(&output).ends_with(
            "run `fusion-gen lock schemas -o schemas.lock.json --max-nodes 300000` to accept.\n"
        ),
        "{}",
        stderr(&output)
    );
}

/// A name holding an escape sequence or a direction override reaches the report escaped, as in
/// diagnostics: the terminal is neither cleared nor made to reorder the line.
#[test]
fn a_hostile_action_name_is_reported_escaped() {
    let dir = locked();
    edit(
        dir.path(),
        "billing/clients.tool.yaml",
        "    get:\n",
        "    \"get\\e[2J\\u202E\":\n",
    );
    let report = check(dir.path(), 1);
    assert!(!report.contains(['\u{1b}', '\u{202e}']), "{report:?}");
    assert!(
        report.contains(r"action `get\u{1b}[2J\u{202e}`: action added"),
        "{report}"
    );
}
