//! The capability lockfile (issue 40): the tool surface a server exposes, pinned in a canonical,
//! diff-friendly JSON file that is reviewed and checked in CI.
//!
//! `surface.rs` reads the surface off the resolved model (the emitter's own schema writers, so
//! the file states what the generated server advertises), [`Lockfile::render`] writes it in
//! canonical form with a sha256 digest per entry and one for the whole file, and [`diff`]
//! compares a committed file with the current surface, classifying each change as breaking,
//! compatible or behavioural. With the `sign` feature, `sign` signs and verifies a lockfile's
//! bytes with Ed25519 (a detached `.sig`). No I/O here: the CLI and [`crate::Builder`] read and
//! write.

mod contract;
pub mod diff;
mod schema;
#[cfg(feature = "sign")]
pub mod sign;
mod surface;
mod words;

use serde_json::{Map, Value};

use crate::emit::sha256::Sha256;
use crate::model::Model;
use crate::naming::Names;

pub use diff::{Class, Report};

/// The format version written as `fusion-lock`; a reader refuses any other.
pub const FORMAT_VERSION: u64 = 1;

/// A tool surface: one entry per served tool, keyed by the name MCP clients call.
#[derive(Debug, Clone, PartialEq)]
pub struct Lockfile {
    /// The entries, without their digests (those are computed when rendering).
    pub tools: Map<String, Value>,
}

impl Lockfile {
    /// The surface of a resolved model, named by `names` (the `$defs` keys of published schemas
    /// come from the Rust names, exactly as in generated code).
    pub fn from_model(model: &Model, names: &Names) -> Lockfile {
        Lockfile {
            tools: surface::extract(model, names),
        }
    }

    /// The canonical text: keys sorted at every level, two-space indentation, a final newline;
    /// each tool entry carries `digest` (sha256 of its canonical compact form) and the file
    /// carries `digest` over every entry, so a reviewer sees which tools moved and a deployment
    /// can pin the whole surface by one value.
    pub fn render(&self) -> String {
        let mut tools = Map::new();
        let mut whole = Sha256::new();
        for (name, entry) in sorted_entries(&self.tools) {
            let entry = canonical(entry);
            let digest = digest_of(&entry);
            whole.update(name.as_bytes());
            whole.update(b"\n");
            whole.update(digest.as_bytes());
            whole.update(b"\n");
            let mut entry = entry;
            if let Some(object) = entry.as_object_mut() {
                object.insert("digest".into(), Value::String(digest));
            }
            tools.insert(name.clone(), canonical(&entry));
        }
        let mut root = Map::new();
        root.insert(
            "digest".into(),
            Value::String(format!("sha256:{}", whole.finalize_hex())),
        );
        root.insert("fusion-lock".into(), Value::from(FORMAT_VERSION));
        root.insert("tools".into(), Value::Object(tools));
        let mut text = serde_json::to_string_pretty(&canonical(&Value::Object(root)))
            .expect("JSON values always serialize");
        text.push('\n');
        text
    }

    /// Reads a lockfile's text back (digests dropped: they are recomputed and compared as text).
    ///
    /// # Errors
    /// When the text is not JSON, not a lockfile, or of another format version.
    pub fn parse(text: &str) -> Result<Lockfile, String> {
        let value: Value =
            serde_json::from_str(text).map_err(|e| format!("not a lockfile (JSON: {e})"))?;
        let version = value.get("fusion-lock").and_then(Value::as_u64);
        if version != Some(FORMAT_VERSION) {
            return Err(format!(
                "not a lockfile of format {FORMAT_VERSION} (`fusion-lock` is {})",
                value.get("fusion-lock").unwrap_or(&Value::Null)
            ));
        }
        let Some(Value::Object(tools)) = value.get("tools") else {
            return Err("not a lockfile (no `tools` object)".into());
        };
        let tools = tools
            .iter()
            .map(|(name, entry)| {
                let mut entry = entry.clone();
                if let Some(object) = entry.as_object_mut() {
                    object.remove("digest");
                }
                (name.clone(), entry)
            })
            .collect();
        Ok(Lockfile { tools })
    }

    /// Compares the committed lockfile `text` with this (current) surface.
    ///
    /// # Errors
    /// When `text` is not a lockfile ([`Lockfile::parse`]).
    pub fn check(&self, text: &str) -> Result<Report, String> {
        let committed = Lockfile::parse(text)?;
        let mut report = diff::diff(&committed, self);
        // Same surface but other bytes: a hand edit (a digest, the layout). The committed file
        // must be exactly what `lock` writes, or its digests and signature mean nothing.
        report.not_canonical = report.changes.is_empty() && text != self.render();
        Ok(report)
    }
}

/// The entries in byte order of their names.
fn sorted_entries(tools: &Map<String, Value>) -> Vec<(&String, &Value)> {
    let mut entries: Vec<_> = tools.iter().collect();
    entries.sort_by(|a, b| a.0.cmp(b.0));
    entries
}

/// `value` with every object's keys in byte order (serde_json keeps insertion order in this
/// workspace, for the published schemas; the lockfile wants one order whatever built it).
pub(crate) fn canonical(value: &Value) -> Value {
    match value {
        Value::Object(object) => {
            let mut keys: Vec<&String> = object.keys().collect();
            keys.sort();
            Value::Object(
                keys.into_iter()
                    .map(|k| (k.clone(), canonical(&object[k])))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(items.iter().map(canonical).collect()),
        other => other.clone(),
    }
}

/// `sha256:` and the digest of a canonical value's compact text.
fn digest_of(value: &Value) -> String {
    let mut hash = Sha256::new();
    hash.update(value.to_string().as_bytes());
    format!("sha256:{}", hash.finalize_hex())
}
