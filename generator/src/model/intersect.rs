//! Two `allOf` declarations of one property that differ: the one declaration a value must fit to
//! satisfy both, when one of them is it (JSON Schema reads `allOf` as "every branch"), or, for
//! two lists of values with none in common (`enum: [foo]` and `enum: [bar]`, typify's
//! "unsatisfiable" schemas), the schema no value fits, with a warning. Declarations of two
//! different types stay a located conflict for the author to resolve.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use serde_json::Value;

use super::resolve::Resolver;
use crate::definition::{JsonType, Schema, TypeKeyword};

/// The schema no value fits (`false`): a property two branches declare incompatibly can never
/// be present.
static NEVER: LazyLock<Schema> = LazyLock::new(|| Schema {
    not: Some(Box::new(Schema::default())),
    ..Schema::default()
});

/// The schema no value fits, for a merged property that can never be present.
pub(super) fn never() -> &'static Schema {
    &NEVER
}

/// Whether `schema` is the merge's schema of no value.
pub(super) fn is_never(schema: &Schema) -> bool {
    std::ptr::eq(schema, &*NEVER)
}

/// A declaration: its file, pointer and schema.
pub(super) type Declaration<'a> = (usize, String, &'a Schema);

impl<'a> Resolver<'a> {
    /// The declaration that stands for both `earlier` and `later` of property `key`:
    /// `Some(None)` keeps the earlier, `Some(Some(d))` puts `d` in its place, and `None` when
    /// the two cannot be read as one (the caller reports the conflict).
    pub(super) fn merge_declarations(
        &mut self,
        earlier: (usize, &str, &'a Schema),
        later: (usize, &str, &'a Schema),
        key: &str,
    ) -> Option<Option<Declaration<'a>>> {
        let (a_file, a) = self.peel(earlier.0, earlier.2);
        let (_, b) = self.peel(later.0, later.2);
        let later_whole = (later.0, later.1.to_owned(), later.2);
        if constrains_nothing(b) {
            return Some(None);
        }
        if constrains_nothing(a) {
            return Some(Some(later_whole));
        }
        // `oneOf: [$ref X, null]` and `$ref X`: X.
        if let Some(reference) = &later.2.reference
            && a_file == earlier.0
            && branches(a).any(|branch| branch.reference.as_ref() == Some(reference))
        {
            return Some(Some(later_whole));
        }
        if let Some(reference) = &earlier.2.reference
            && branches(b).any(|branch| branch.reference.as_ref() == Some(reference))
        {
            return Some(None);
        }
        let never = match (strings(a), strings(b)) {
            (Some(Strings::Any), Some(Strings::Any)) => return None,
            (Some(Strings::Some(_)), Some(Strings::Any)) => return Some(None),
            (Some(Strings::Any), Some(Strings::Some(_))) => return Some(Some(later_whole)),
            (Some(Strings::Some(x)), Some(Strings::Some(y))) => {
                if y.is_subset(&x) {
                    return Some(Some(later_whole));
                }
                if x.is_subset(&y) {
                    return Some(None);
                }
                if !x.is_disjoint(&y) {
                    return None;
                }
                true
            }
            // Two types (`string` and `integer`) is a conflict the author resolves: reported.
            _ => false,
        };
        if !never {
            return None;
        }
        self.warn(
            later.0,
            later.1,
            format!("property `{key}` is declared twice, in ways no value fits both"),
            Some(format!(
                "it is also declared at {}#{}; the property can never be present (and an object that requires it has no value): make the declarations agree if a value was meant",
                self.definitions[earlier.0].0.path, earlier.1
            )),
        );
        Some(Some((later.0, later.1.to_owned(), &*NEVER)))
    }

    /// The schema a declaration stands for: `$ref`s followed (silently: an unresolved one is
    /// reported where the type is made) and `allOf` of one branch read as that branch.
    fn peel(&self, file: usize, schema: &'a Schema) -> (usize, &'a Schema) {
        let mut at = (file, schema);
        for _ in 0..16 {
            let (file, schema) = at;
            if let Some(reference) = &schema.reference {
                match self.peek_ref(file, reference) {
                    Some(next) => at = next,
                    None => return at,
                }
            } else if let Some([only]) = schema.all_of.as_deref()
                && schema.kind.is_none()
                && schema.properties.is_none()
            {
                at = (file, only);
            } else {
                return at;
            }
        }
        at
    }
}

/// The branches of a union schema (none for any other).
fn branches(schema: &Schema) -> impl Iterator<Item = &Schema> {
    schema.one_of.iter().chain(schema.any_of.iter()).flatten()
}

/// The strings a schema allows, when it is a string schema.
enum Strings {
    /// Any string.
    Any,
    /// These strings only.
    Some(BTreeSet<String>),
}

fn strings(schema: &Schema) -> Option<Strings> {
    let typed_string = matches!(schema.kind, Some(TypeKeyword::One(JsonType::String)));
    if !(typed_string || schema.kind.is_none()) || schema.reference.is_some() {
        return None;
    }
    let listed: Option<Vec<&Value>> = match (&schema.enum_values, &schema.const_value) {
        (Some(values), None) => Some(values.iter().collect()),
        (None, Some(value)) => Some(vec![value]),
        (None, None) => None,
        (Some(_), Some(_)) => return None,
    };
    match listed {
        Some(values) => values
            .iter()
            .map(|v| v.as_str().map(str::to_owned))
            .collect::<Option<BTreeSet<String>>>()
            .map(Strings::Some),
        None if typed_string && schema.one_of.is_none() && schema.any_of.is_none() => {
            Some(Strings::Any)
        }
        None => None,
    }
}

/// The one type a schema states, nullability aside.
fn single_type(schema: &Schema) -> Option<JsonType> {
    match &schema.kind {
        Some(TypeKeyword::One(kind)) => Some(*kind),
        _ => None,
    }
}

/// `integer` and `number`: every integer is a number, so the two agree.
fn numeric_pair(a: JsonType, b: JsonType) -> bool {
    matches!(
        (a, b),
        (JsonType::Integer, JsonType::Number) | (JsonType::Number, JsonType::Integer)
    )
}

/// Whether a schema says nothing but annotations (`{}`, `true`).
fn constrains_nothing(schema: &Schema) -> bool {
    schema.kind.is_none()
        && schema.reference.is_none()
        && schema.enum_values.is_none()
        && schema.const_value.is_none()
        && schema.not.is_none()
        && super::merge::asserts_only(schema)
        && schema.format.is_none()
        && schema.described_bounds().is_empty()
        && schema.unenforced_assertions().is_empty()
}

impl<'a> Resolver<'a> {
    /// `allOf` whose branches are values other than objects (`[{type: integer}, {minimum: 1}]`,
    /// strings with a pattern each): the value is the branch that says the most (the one with
    /// an `enum` or `const`, else the first with a `type`), the others' bounds documentation, as
    /// bounds on presenter data are. Branches of types no value has at once (a string and an
    /// object) make a type of no value, with a warning. `None` when the `allOf` merges objects.
    pub(super) fn primitive_all_of(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &'a Schema,
    ) -> Option<(usize, String, &'a Schema)> {
        let branches = schema.all_of.as_deref()?;
        if schema.properties.is_some() || schema.required.is_some() || branches.len() < 2 {
            return None;
        }
        let mut peeled = Vec::new();
        for (i, branch) in branches.iter().enumerate() {
            let (branch_file, target) = self.peel(file, branch);
            let at = if std::ptr::eq(target, branch) {
                format!("{pointer}/allOf/{i}")
            } else {
                // Where `peel` ended: a `$ref` target keeps its own location.
                return None;
            };
            peeled.push((branch_file, at, target));
        }
        let object_like = |s: &Schema| {
            single_type(s) == Some(JsonType::Object)
                || s.properties.is_some()
                || s.required.is_some()
                || s.all_of.is_some()
        };
        let typed: Vec<JsonType> = peeled
            .iter()
            .filter_map(|(_, _, s)| single_type(s))
            .chain(single_type(schema))
            .collect();
        let primitive = |t: &JsonType| !matches!(t, JsonType::Object | JsonType::Null);
        if !typed.iter().any(primitive) {
            return None;
        }
        let agree = typed
            .iter()
            .all(|t| *t == typed[0] || numeric_pair(*t, typed[0]));
        if !agree || peeled.iter().any(|(_, _, s)| object_like(s)) {
            self.warn(
                file,
                &format!("{pointer}/allOf"),
                "the branches of this `allOf` are of types no value has at once",
                Some("no value fits the schema, so its Rust type has no value: make the branches agree if a value was meant".into()),
            );
            return Some((file, pointer.to_owned(), &*NEVER));
        }
        let says_most = peeled
            .iter()
            .position(|(_, _, s)| s.enum_values.is_some() || s.const_value.is_some())
            .or_else(|| peeled.iter().position(|(_, _, s)| single_type(s).is_some()));
        says_most.map(|i| peeled.swap_remove(i))
    }
}
