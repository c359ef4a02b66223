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
        Selection { all: false, fields }
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

#[cfg(test)]
mod tests {
    use super::*;

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
