//! Checks of keyword combinations that the meta-schema cannot express.

use std::collections::HashMap;

use super::resolve::Resolver;
use crate::definition::{JsonType, Schema, TypeKeyword};

impl Resolver<'_> {
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

    pub(super) fn check_keywords_fit(
        &mut self,
        file: usize,
        pointer: &str,
        schema: &Schema,
        kind: JsonType,
    ) {
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
                schema.items.is_some() && kind != JsonType::Array,
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
            if present && !numeric {
                self.report(
                    file,
                    &format!("{pointer}/{keyword}"),
                    format!(
                        "`{keyword}` only applies to `type: integer` or `number`, not `{}`",
                        kind.as_str()
                    ),
                    None,
                );
            }
        }
        for (wrong, keyword, fits) in misplaced {
            if wrong {
                self.report(
                    file,
                    &format!("{pointer}/{keyword}"),
                    format!(
                        "`{keyword}` only applies to `type: {fits}`, not `{}`",
                        kind.as_str()
                    ),
                    None,
                );
            }
        }
        if schema.additional_properties == Some(true) {
            self.report(file, &format!("{pointer}/additionalProperties"), "`additionalProperties: true` is not supported", Some("the schema is an allow-list: declare every field the data may carry, or write `false`".into()));
        }
    }

    pub(super) fn check_enum_values(&mut self, file: usize, pointer: &str, values: &[String]) {
        if values.is_empty() {
            self.report(
                file,
                &format!("{pointer}/enum"),
                "an enum needs at least one value",
                None,
            );
        }
        for (i, value) in values.iter().enumerate() {
            if values[..i].contains(value) {
                self.report(
                    file,
                    &format!("{pointer}/enum/{i}"),
                    format!("duplicate enum value `{value}`"),
                    None,
                );
            }
        }
    }

    pub(super) fn check_presenter_names(&mut self) {
        let mut seen: HashMap<String, usize> = HashMap::new();
        for file in 0..self.model.modules.len() {
            let Some(presenter) = &self.model.modules[file].presenter else {
                continue;
            };
            let title = presenter.title.clone();
            if let Some(&first) = seen.get(&title) {
                let first_path = self.definitions[first].0.path.clone();
                self.report(
                    file,
                    "/title",
                    format!("duplicate presenter name `{title}`, also defined in {first_path}"),
                    Some("give one of them another `title`".into()),
                );
            } else {
                seen.insert(title, file);
            }
        }
    }
}
