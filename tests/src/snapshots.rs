//! The snapshot corpus, compiled. Each file is the single-file output for one corpus folder
//! (`tests/corpus/<feature>/`), checked byte for byte by `tests/tests/snapshots.rs`.
//!
//! `rustfmt::skip`: the snapshots are the generator's exact bytes (prettyplease), not rustfmt's.

/// Enums: values that are not identifiers (`in-progress`, `2x`, `""`), `$defs` enums shared across files.
#[rustfmt::skip]
#[path = "../snapshots/enums.rs"]
pub mod enums;

/// Nesting: inline objects in objects and arrays, arrays of arrays, an object without properties.
#[rustfmt::skip]
#[path = "../snapshots/nesting.rs"]
pub mod nesting;

/// References: across files, into a subfolder and back with `../`, `#/$defs/X`, `file#/$defs/Y`, JSON to YAML.
#[rustfmt::skip]
#[path = "../snapshots/refs.rs"]
pub mod refs;

/// Cycles: a tree through `Vec`, an optional self reference (boxed), mutual recursion A → B → A.
#[rustfmt::skip]
#[path = "../snapshots/cycles.rs"]
pub mod cycles;

/// Keywords: fields named `type`, `match`, `ref`, `gen`, `self`, `async`; a presenter titled `Self`; types named like prelude items.
#[rustfmt::skip]
#[path = "../snapshots/keywords.rs"]
pub mod keywords;

/// Odd names: keys with dashes, digits, spaces, dots, non-ASCII letters and JSON escapes.
#[rustfmt::skip]
#[path = "../snapshots/odd_names.rs"]
pub mod odd_names;

/// Nullable: required and optional nullable fields, a nullable object, an array of nullable items.
#[rustfmt::skip]
#[path = "../snapshots/nullable.rs"]
pub mod nullable;

/// Behaviours: rules with every condition and placeholder form, collection rules, agent limits
/// (default and custom summary), compact data blocks; the upstream goldens' presenter.
#[rustfmt::skip]
#[path = "../snapshots/behaviours.rs"]
pub mod behaviours;

/// Tools: the upstream goldens' `billing` tool (`_select`, handler errors, discriminator errors)
/// and a `ledger` tool with every input kind, a collection return and a TOON description.
#[rustfmt::skip]
#[path = "../snapshots/tools.rs"]
pub mod tools;

/// Redaction: default and custom censors on strings, numbers, enums, arrays, a `$ref` object and
/// a nested field; a TOON presenter whose rows are a table with redacted cells.
#[rustfmt::skip]
#[path = "../snapshots/redaction.rs"]
pub mod redaction;

/// Clipping: `x-fusion-max-chars` on required, nullable and optional strings, in JSON and in a
/// TOON table.
#[rustfmt::skip]
#[path = "../snapshots/clipping.rs"]
pub mod clipping;

/// Bench: the 10k-row benchmark row with behaviours that read the first row or aggregates, and
/// with a table that reads every row (tests/benches/responses.rs).
#[rustfmt::skip]
#[path = "../snapshots/bench.rs"]
pub mod bench;

/// Composition: `allOf` of a `$ref` and an inline object merged into one struct, an `allOf` that
/// wraps one `$ref`, deprecated types and fields, annotations and bounds kept as docs.
#[rustfmt::skip]
#[path = "../snapshots/composition.rs"]
pub mod composition;

/// Names: two files under one title (the copy is named from its file), keys that convert to one
/// identifier (`+1`/`-1`, `first-name`/`first_name`), `x-fusion-name` on fields and types, and a
/// `_select` enum over the colliding keys.
#[rustfmt::skip]
#[path = "../snapshots/names.rs"]
pub mod names;

/// Wire: MCP Fusion's other wire features, matched against its own sources
/// (`tests/fixtures/upstream/wire.json`): egress caps on a tool and an action, state sync, auto
/// rules and static directives.
#[rustfmt::skip]
#[path = "../snapshots/wire.rs"]
pub mod wire;

/// Unions: `oneOf` of a string and an object, `anyOf` with a `null` branch (a nullable
/// reference), two object branches told apart by a `const`, lists of primitive types.
#[rustfmt::skip]
#[path = "../snapshots/unions.rs"]
pub mod unions;

/// Computed placeholders: every transform (`divide`, `multiply`, `round`, `percent`, `date`,
/// `length`) on each kind of source, in texts and chart configurations.
#[rustfmt::skip]
#[path = "../snapshots/computed.rs"]
pub mod computed;

/// Parameters: presenters whose generated block code reads only some of its parameters (each
/// unread one is `_`-prefixed, never silenced), a presenter titled `C`, fields named like the
/// generated code's own parameters.
#[rustfmt::skip]
#[path = "../snapshots/params.rs"]
pub mod params;

/// Bounds: `minimum`/`maximum` (exclusive too, exact on integers), `minLength`/`maxLength` in
/// UTF-16 units, `pattern`, `minItems`/`maxItems`, `uniqueItems` on tool arguments, matched
/// against upstream (`tests/fixtures/upstream/bounds.json`).
#[rustfmt::skip]
#[path = "../snapshots/bounds.rs"]
pub mod bounds;

/// Unions and maps in tool arguments: a union tried in order, a tagged one, a list of primitive
/// types, maps of typed and of any values, read as zod reads them.
#[rustfmt::skip]
#[path = "../snapshots/tool_unions.rs"]
pub mod tool_unions;

/// Open API: presenters over an Open API 3.0 YAML and a 3.1 JSON document's components (`nullable`
/// beside `type`, `enum`, `$ref`, `allOf` and `oneOf`; the annotations of Open API; only what is
/// reached).
#[rustfmt::skip]
#[path = "../snapshots/openapi.rs"]
pub mod openapi;

/// Union presenters: a presenter over a tagged union of objects (a branch from another file's
/// `$defs`, a redacted nullable key), a TOON one over an untagged `anyOf`, and `_select` over
/// every branch's keys.
#[rustfmt::skip]
#[path = "../snapshots/union_presenters.rs"]
pub mod union_presenters;

/// Flat exposition: a `charges` tool whose four actions are MCP tools of their own (per-action
/// annotations, schemas, TOON descriptions and `_select`), and a structured `payouts` tool.
#[rustfmt::skip]
#[path = "../snapshots/flat.rs"]
pub mod flat;

/// Operation-bound tools: an issue tracker's Open API operations as a grouped `issues` tool (a
/// parameter of one name with another schema in another action, a map capped by
/// `maxProperties`) and a flat `repos` tool (a large, boxed input), each with its generated
/// HTTP handler.
#[rustfmt::skip]
#[path = "../snapshots/bound.rs"]
pub mod bound;

/// Descriptions: upstream's default tool descriptions (the `Workflow:` block, an action that
/// inherits the tool's description, one action, nothing to add), against the golden of
/// `tests/fixtures/upstream/descriptions.json`.
#[rustfmt::skip]
#[path = "../snapshots/descriptions.rs"]
pub mod descriptions;
