//! Checks of keyword combinations that the meta-schema cannot express.

use super::resolve::Resolver;
use heck::{ToSnakeCase, ToUpperCamelCase};
use serde_json::Value;

use crate::definition::{JsonType, Schema, TypeKeyword};

/// What an `x-fusion-name` names, which decides the case it must have.
#[derive(Clone, Copy)]
pub(super) enum NameCase {
    Type,
    Field,
}

impl Resolver<'_> {
    /// The `x-fusion-name` of a schema, when it is an identifier of the case Rust expects
    /// there (a generated crate denies warnings, `non_snake_case` among them); else reported.
    pub(super) fn chosen_name(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &Schema,
        case: NameCase,
    ) -> Option<String> {
        let name = schema.fusion_name.as_ref()?;
        let (conventional, what) = match case {
            NameCase::Type => (name.to_upper_camel_case(), "a type name in UpperCamelCase"),
            NameCase::Field => (name.to_snake_case(), "a field name in snake_case"),
        };
        let keyword = crate::naming::is_keyword(name);
        let identifier = syn::parse_str::<syn::Ident>(name).is_ok();
        if keyword || !identifier || conventional != *name {
            let help = if !conventional.is_empty()
                && syn::parse_str::<syn::Ident>(&conventional).is_ok()
                && !crate::naming::is_keyword(&conventional)
            {
                format!("write `{conventional}`")
            } else {
                format!("`x-fusion-name` must be {what}, and not a Rust keyword")
            };
            self.report(
                file,
                &format!("{pointer}/x-fusion-name"),
                format!("`{name}` is not {what}"),
                Some(help),
            );
            return None;
        }
        Some(name.clone())
    }

    /// Checks `type` and returns whether it makes the value nullable; `None` when it is invalid.
    pub(super) fn check_type_keyword(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &Schema,
    ) -> Option<bool> {
        match &schema.kind {
            Some(TypeKeyword::Several(types)) => {
                let non_null: Vec<JsonType> = types
                    .iter()
                    .copied()
                    .filter(|t| *t != JsonType::Null)
                    .collect();
                // `[string]` is `string`, as JSON Schema reads a list of one.
                if let [only] = types.as_slice()
                    && *only != JsonType::Null
                {
                    return Some(false);
                }
                if non_null.len() != 1 || types.len() != 2 {
                    self.report(file, &format!("{pointer}/type"), "a list of types must be one type and \"null\"", Some("write `type: [string, \"null\"]` for a nullable string; unions are not supported".into()));
                    return None;
                }
                Some(true)
            }
            Some(TypeKeyword::One(JsonType::Null)) => {
                self.report(
                    file,
                    &format!("{pointer}/type"),
                    "`type: null` alone describes no data",
                    Some("use `[T, \"null\"]` for a nullable value".into()),
                );
                None
            }
            _ => Some(false),
        }
    }

    /// Reports the keywords of another type than the schema's, where they are not no-ops.
    ///
    /// Beside an explicit `type`, a keyword of another type (`maxLength` on an integer,
    /// `properties` on an array) constrains nothing in JSON Schema: it is documentation, kept in
    /// the doc comment, never enforced (not on tool arguments either). Without `type`, the type
    /// is inferred from the keywords, and JSON Schema applies each to the values of its own
    /// type: `{properties: …, items: …}` takes objects and arrays both, a union the generated
    /// struct would not read, so the keyword that does not fit stays an error. `allOf` applies
    /// to every type (it is no type's keyword): beside `type: string` it still constrains the
    /// value, so it stays an error where it does not fit.
    pub(super) fn check_keywords_fit(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &Schema,
        kind: JsonType,
    ) {
        let typed = schema.kind.is_some();
        let misplaced = [
            (
                schema.properties.is_some() && kind != JsonType::Object,
                "properties",
                "object",
            ),
            (
                schema.required.is_some() && kind != JsonType::Object,
                "required",
                "object",
            ),
            (
                schema.additional_properties.is_some() && kind != JsonType::Object,
                "additionalProperties",
                "object",
            ),
            (
                schema.all_of.is_some() && kind != JsonType::Object,
                "allOf",
                "object",
            ),
            (
                (schema.items.is_some() || schema.prefix_items.is_some())
                    && kind != JsonType::Array,
                "items",
                "array",
            ),
            (
                schema.min_items.is_some() && kind != JsonType::Array,
                "minItems",
                "array",
            ),
            (
                schema.max_items.is_some() && kind != JsonType::Array,
                "maxItems",
                "array",
            ),
            (
                schema.unique_items.is_some() && kind != JsonType::Array,
                "uniqueItems",
                "array",
            ),
            (
                schema.min_length.is_some() && kind != JsonType::String,
                "minLength",
                "string",
            ),
            (
                schema.max_length.is_some() && kind != JsonType::String,
                "maxLength",
                "string",
            ),
            (
                schema.pattern.is_some() && kind != JsonType::String,
                "pattern",
                "string",
            ),
            (
                schema.enum_values.is_some() && kind != JsonType::String,
                "enum",
                "string",
            ),
            (
                schema.const_value.is_some() && kind != JsonType::String,
                "const",
                "string",
            ),
        ];
        let numeric = matches!(kind, JsonType::Integer | JsonType::Number);
        let numeric_bounds = [
            ("minimum", schema.minimum.is_some()),
            ("maximum", schema.maximum.is_some()),
            ("exclusiveMinimum", schema.exclusive_minimum.is_some()),
            ("exclusiveMaximum", schema.exclusive_maximum.is_some()),
            ("multipleOf", schema.multiple_of.is_some()),
        ];
        for (keyword, present) in numeric_bounds {
            if present && !numeric && !typed {
                self.report(
                    file,
                    &format!("{pointer}/{keyword}"),
                    format!(
                        "`{keyword}` only applies to `type: integer` or `number`, not `{}`",
                        kind.as_str()
                    ),
                    Some(format!("remove `{keyword}`, or make the value a number")),
                );
            }
        }
        for (wrong, keyword, fits) in misplaced {
            if wrong && (!typed || keyword == "allOf") {
                self.report(
                    file,
                    &format!("{pointer}/{keyword}"),
                    format!(
                        "`{keyword}` only applies to `type: {fits}`, not `{}`",
                        kind.as_str()
                    ),
                    Some(format!(
                        "remove `{keyword}`, or make the value `type: {fits}`"
                    )),
                );
            }
        }
    }

    /// The values of a string `enum` or `const`, checked; `None` for a plain string.
    pub(super) fn string_values(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &Schema,
    ) -> Option<Vec<String>> {
        match (&schema.enum_values, &schema.const_value) {
            (Some(_), Some(_)) => {
                self.report(
                    file,
                    &format!("{pointer}/const"),
                    "`const` and `enum` cannot stand together",
                    Some("`const: x` is `enum: [x]`: keep one of them".into()),
                );
                None
            }
            (None, Some(Value::String(value))) => Some(vec![value.clone()]),
            (None, Some(other)) => {
                self.report(
                    file,
                    &format!("{pointer}/const"),
                    format!("a `const` of a string schema must be a string, not `{other}`"),
                    Some("quote the value, or drop `const` and bound the value in code".into()),
                );
                None
            }
            (Some(_), None) => {
                // Values of other types took the enum of values (`literal_type`) before this.
                let values = schema.string_enum().unwrap_or_default();
                let strings: Vec<String> =
                    values.iter().flatten().map(|s| (*s).to_owned()).collect();
                if strings.is_empty() {
                    self.report(
                        file,
                        &format!("{pointer}/enum"),
                        "an enum needs at least one string value",
                        None,
                    );
                }
                for (i, value) in values.iter().enumerate() {
                    if value.is_some() && values[..i].contains(value) {
                        let value = value.unwrap_or_default();
                        self.report(
                            file,
                            &format!("{pointer}/enum/{i}"),
                            format!("duplicate enum value `{value}`"),
                            None,
                        );
                    }
                }
                Some(strings)
            }
            (None, None) => None,
        }
    }

    /// Whether `null` is an allowed value of the enum (JSON Schema 2020-12's nullable enum).
    /// With a `type` that does not list `"null"`, the `null` could never validate: an error.
    pub(super) fn null_in_enum(&mut self, file: usize, pointer: &str, schema: &Schema) -> bool {
        let Some(at) = schema.enum_values.iter().flatten().position(Value::is_null) else {
            return false;
        };
        match &schema.kind {
            None => true,
            Some(TypeKeyword::Several(types)) if types.contains(&JsonType::Null) => true,
            Some(_) => {
                self.report(
                    file,
                    &format!("{pointer}/enum/{at}"),
                    "`null` is in `enum` but not in `type`",
                    Some("write `type: [string, \"null\"]` for a nullable enum".into()),
                );
                false
            }
        }
    }
}
