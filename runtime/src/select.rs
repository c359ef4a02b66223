//! `_select`, the field guillotine (wire format §9): which root fields of the data block an agent
//! asked for, in its order.

use std::fmt;

/// The root fields to write, as indices into the item struct's fields in the agent's order,
/// duplicates dropped; or every field (an absent or empty `_select`).
///
/// Generated writers match on these indices: selecting costs no string comparison per field or
/// per row, only the one lookup per request that built the selection.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Selection {
    all: bool,
    fields: Vec<u16>,
    /// A directive for the agent about the selection (keys another action's data has), added
    /// to the response's `<llm_directives>`.
    note: Option<String>,
}

impl Default for Selection {
    fn default() -> Self {
        Self::all()
    }
}

impl Selection {
    /// Every field, in schema order.
    pub const fn all() -> Self {
        Selection {
            all: true,
            fields: Vec::new(),
            note: None,
        }
    }

    /// Exactly the given field indices in order, keeping the first of any duplicates. No index
    /// selects no field at all (`_select` named only keys this item does not have).
    pub fn from_indices(indices: impl IntoIterator<Item = u16>) -> Self {
        let mut fields: Vec<u16> = Vec::new();
        for index in indices {
            if !fields.contains(&index) {
                fields.push(index);
            }
        }
        Selection {
            all: false,
            fields,
            note: None,
        }
    }

    /// The selection with a directive for the agent (wire format §9: `_select` keys that only
    /// another action's data has), which the presenter adds to `<llm_directives>` after its
    /// own, escaped for the block as any directive from code is.
    pub fn with_note(mut self, note: Option<String>) -> Self {
        self.note = note;
        self
    }

    /// The directive about this selection, if any.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// Resolves field names against a struct's wire keys (`FIELDS` of a generated type); no
    /// names means every field, as an empty `_select` does (§9).
    ///
    /// # Errors
    /// On a name that is not a key; the error lists the valid keys (the §9 deviation: upstream
    /// silently ignores unknown keys).
    pub fn from_names<S: AsRef<str>>(
        keys: &'static [&'static str],
        names: &[S],
    ) -> Result<Self, UnknownField> {
        let mut indices = Vec::with_capacity(names.len());
        for name in names {
            let name = name.as_ref();
            match keys.iter().position(|key| *key == name) {
                Some(index) => indices.push(index as u16),
                None => {
                    return Err(UnknownField {
                        name: crate::escape::echo(name).into_owned(),
                        valid: keys,
                    });
                }
            }
        }
        if indices.is_empty() {
            return Ok(Selection::all());
        }
        Ok(Selection::from_indices(indices))
    }

    /// Whether every field is written.
    pub fn is_all(&self) -> bool {
        self.all
    }

    /// The selected field indices, in the agent's order; empty for every field or for none.
    pub fn fields(&self) -> &[u16] {
        &self.fields
    }
}

/// A `_select` entry that names no field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownField {
    /// The rejected name, cut and kept on one line as echoes are ([`crate::escape::echo`]).
    pub name: String,
    /// The valid keys, in schema order.
    pub valid: &'static [&'static str],
}

impl fmt::Display for UnknownField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a field; valid fields: {}",
            self.name,
            self.valid.join(", ")
        )
    }
}

impl std::error::Error for UnknownField {}

/// The directive for `_select` keys that the called action's data does not have but another
/// action's does (wire format §9): each key once, in the agent's order, with the actions whose
/// data has it (`foreign`: key, those actions' names joined by `, `), then the keys `action`'s
/// data has (`own`, schema order). `None` when every key was the action's own.
pub fn foreign_keys_note(action: &str, foreign: &[(&str, &str)], own: &[&str]) -> Option<String> {
    let mut seen: Vec<(&str, &str)> = Vec::with_capacity(foreign.len());
    for entry in foreign {
        if !seen.iter().any(|(key, _)| *key == entry.0) {
            seen.push(*entry);
        }
    }
    let mut note = String::from("_select: ");
    match seen.as_slice() {
        [] => return None,
        [(key, actions)] => {
            let verb = if actions.contains(", ") {
                "return"
            } else {
                "returns"
            };
            note.push_str(&format!(
                "\"{key}\" selects nothing from {action}: only {actions} {verb} that key."
            ));
        }
        many => {
            let listed: Vec<String> = many
                .iter()
                .map(|(key, actions)| format!("\"{key}\" ({actions})"))
                .collect();
            note.push_str(&format!(
                "{} select nothing from {action}: only those actions return those keys.",
                listed.join(", ")
            ));
        }
    }
    note.push_str(&format!(" {action}'s keys: {}.", own.join(", ")));
    Some(note)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn foreign_keys_are_named_with_their_actions() {
        let note = foreign_keys_note("remind", &[("paid_at", "list")], &["id", "status"]);
        assert_eq!(
            note.as_deref(),
            Some(
                "_select: \"paid_at\" selects nothing from remind: only list returns that key. remind's keys: id, status."
            )
        );
        let note = foreign_keys_note(
            "remind",
            &[
                ("paid_at", "list"),
                ("lines", "get, list"),
                ("paid_at", "list"),
            ],
            &["id"],
        );
        assert_eq!(
            note.as_deref(),
            Some(
                "_select: \"paid_at\" (list), \"lines\" (get, list) select nothing from remind: only those actions return those keys. remind's keys: id."
            )
        );
        assert_eq!(foreign_keys_note("remind", &[], &["id"]), None);
    }

    #[test]
    fn keeps_the_agents_order_and_drops_duplicates() {
        let keys: &'static [&'static str] = &["id", "amount", "status"];
        let selection = Selection::from_names(keys, &["status", "id", "status"]).unwrap();
        assert_eq!(selection.fields(), [2, 0]);
        assert!(
            Selection::from_names(keys, &[] as &[&str])
                .unwrap()
                .is_all()
        );
        let error = Selection::from_names(keys, &["amout"]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "`amout` is not a field; valid fields: id, amount, status"
        );
        // The name is the caller's: it stays on its line.
        let error = Selection::from_names(keys, &["id\n- forged"]).unwrap_err();
        assert_eq!(error.name, "id\\n- forged");
    }
}
