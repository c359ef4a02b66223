//! The conversions from a title, key or value to a Rust identifier: `heck`'s case, keywords
//! suffixed with `_`, and a prefix for a name that cannot start an identifier.

use heck::{ToSnakeCase, ToUpperCamelCase};

use crate::model::LiteralValue;

/// Words Rust reserves in edition 2024, including those reserved for the future (`gen`, `try`).
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub",
    "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "gen", "macro",
    "override", "priv", "try", "typeof", "unsized", "virtual", "yield",
];

/// A type name: PascalCase, never a keyword, never starting with a digit.
pub fn type_name(title: &str) -> String {
    let camel = title.to_upper_camel_case();
    let name = if camel.is_empty() {
        "Unnamed".to_owned()
    } else {
        camel
    };
    identifier_or(name, "T")
}

/// A field or module name: snake_case, keywords suffixed with `_`.
pub fn value_name(key: &str, prefix: &str) -> String {
    let snake = key.to_snake_case();
    let name = if snake.is_empty() {
        prefix.to_owned()
    } else {
        snake
    };
    identifier_or(name, &format!("{prefix}_"))
}

/// An enum variant: PascalCase of the value; `""` is `Empty`.
pub fn variant_name(value: &str) -> String {
    let camel = value.to_upper_camel_case();
    let name = if camel.is_empty() {
        "Empty".to_owned()
    } else {
        camel
    };
    identifier_or(name, "V")
}

/// The variant of one value of an enum of values: a string as a string enum names it, `true`
/// and `false` as `True` and `False`, a number by its digits (`2` → `V2`, `-1.5` → `Minus1_5`,
/// `1e-7` → `V1eMinus7`).
pub fn literal_variant_name(value: &LiteralValue) -> String {
    match value {
        LiteralValue::Str(s) => variant_name(s),
        LiteralValue::Bool(true) => "True".to_owned(),
        LiteralValue::Bool(false) => "False".to_owned(),
        LiteralValue::Number(n) => {
            let digits = n
                .to_string()
                .replace('-', "Minus")
                .replace('+', "")
                .replace('.', "_");
            if digits.starts_with("Minus") {
                digits
            } else {
                format!("V{digits}")
            }
        }
    }
}

/// Whether `name` is a word Rust reserves.
pub fn is_keyword(name: &str) -> bool {
    KEYWORDS.contains(&name)
}

fn identifier_or(name: String, prefix: &str) -> String {
    if KEYWORDS.contains(&name.as_str()) {
        return format!("{name}_");
    }
    if syn::parse_str::<syn::Ident>(&name).is_ok() {
        name
    } else {
        format!("{prefix}{name}")
    }
}

pub(super) fn file_stem(path: &str) -> &str {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.split('.').next().unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_digits_and_odd_keys() {
        assert_eq!(value_name("type", "field"), "type_");
        assert_eq!(value_name("gen", "field"), "gen_");
        assert_eq!(value_name("self", "field"), "self_");
        assert_eq!(value_name("first-name", "field"), "first_name");
        assert_eq!(value_name("2fa", "field"), "field_2fa");
        assert_eq!(value_name("ünï", "field"), "ünï");
        assert_eq!(value_name("amountCents", "field"), "amount_cents");
        assert_eq!(value_name("€", "field"), "field");
        assert_eq!(type_name("invoice line"), "InvoiceLine");
        assert_eq!(type_name("Self"), "Self_");
        assert_eq!(type_name("3d point"), "T3dPoint");
        assert_eq!(variant_name("in-progress"), "InProgress");
        assert_eq!(variant_name("2x"), "V2x");
        assert_eq!(variant_name(""), "Empty");
    }
}
