//! Rust code for declared UI blocks (wire format §4) and embeds (§8). Each block is built in one
//! `String` and handed to the runtime's `UiBlock`, whose single `fence` lays out fenced blocks.

use crate::definition::WidthDef;
use crate::model::{EmbedModel, FieldType, JsonPiece, TextPart, UiKind, UiModel};

use super::behaviour::{Context, Escape};
use super::code::{InternalError, ItemRef, literal};

/// A loop running `body` for every kept item (`item` and `index` in scope). After the first
/// item it reserves room for the others at the first one's size: the content of a 10k-row table
/// would otherwise be reallocated about twenty times.
fn per_item(body: &str) -> String {
    format!(
        "let start = content.len();\nfor (index, item) in kept.iter().enumerate() {{\n{body}if index == 0 {{ content.reserve((content.len() - start) * (kept.len() - 1)); }}\n}}\n"
    )
}

impl Context<'_> {
    /// Statements that push one UI block into `builder`. `item` is in scope for an item block,
    /// `kept` and `total` for a collection block.
    pub fn ui_block(&self, ui: &UiModel, collection: bool) -> String {
        let rt = self.rt;
        let (content, constructor) = self.ui_content(&ui.kind, collection);
        let binding = if content.is_empty() {
            "let content"
        } else {
            "let mut content"
        };
        let mut code = format!(
            "{binding} = ::std::string::String::new();\n{content}let block = {constructor}"
        );
        if let Some(title) = &ui.title {
            match title.as_slice() {
                [] => code.push_str(".title(\"\")"),
                [TextPart::Literal(text)] => code.push_str(&format!(".title({})", literal(text))),
                parts => {
                    let build = self.push_parts_into(parts, "title", Escape::Attribute);
                    code = format!(
                        "let mut title = ::std::string::String::new();\n{build}{code}.title(title)"
                    );
                }
            }
        }
        if let Some(width) = ui.width {
            let variant = match width {
                WidthDef::Full => "Full",
                WidthDef::Half => "Half",
                WidthDef::Third => "Third",
            };
            code.push_str(&format!(".width({rt}::Width::{variant})"));
        }
        if let Some(priority) = ui.priority {
            code.push_str(&format!(".priority({priority}_i64)"));
        }
        code.push_str(";\nbuilder.push_ui(block);");
        code
    }

    /// Statements filling `content`, and the expression that makes the block from it.
    fn ui_content(&self, kind: &UiKind, collection: bool) -> (String, String) {
        let rt = self.rt;
        let text = |parts: &[TextPart]| self.push_parts_into(parts, "content", Escape::Content);
        let line = |parts: &[TextPart]| self.push_parts_into(parts, "content", Escape::Line);
        match kind {
            UiKind::Table { columns, headers } => {
                let head = format!(
                    "| {} |\n|{}",
                    headers.join(" | "),
                    headers.iter().map(|_| " --- |").collect::<String>()
                );
                let mut row = String::from("content.push_str(\"\\n| \");\n");
                for (index, &field) in columns.iter().enumerate() {
                    if index > 0 {
                        row.push_str("content.push_str(\" | \");\n");
                    }
                    row.push_str(&self.push_field_into(field, "content", Escape::Cell));
                    row.push('\n');
                }
                row.push_str("content.push_str(\" |\");\n");
                let rows = if collection {
                    // §4: a table without rows still ends its separator line.
                    format!(
                        "{}if kept.is_empty() {{ content.push('\\n'); }}\n",
                        per_item(&row)
                    )
                } else {
                    row
                };
                (
                    format!("content.push_str({});\n{rows}", literal(&head)),
                    format!("{rt}::UiBlock::markdown(content)"),
                )
            }
            UiKind::List(parts) => {
                let item = format!("content.push_str(\"- \");\n{}", line(parts));
                let body = if collection {
                    per_item(&format!("if index > 0 {{ content.push('\\n'); }}\n{item}"))
                } else {
                    item
                };
                (body, format!("{rt}::UiBlock::markdown(content)"))
            }
            UiKind::Markdown(parts) => (text(parts), format!("{rt}::UiBlock::markdown(content)")),
            UiKind::Summary(parts) => (line(parts), format!("{rt}::UiBlock::summary(&content)")),
            UiKind::Mermaid(parts) => (text(parts), format!("{rt}::UiBlock::mermaid(&content)")),
            UiKind::Code { lang, code } => (
                text(code),
                format!("{rt}::UiBlock::code_block({}, &content)", literal(lang)),
            ),
            UiKind::Json(field) => {
                let value = match (field, collection) {
                    (_, true) => "kept".to_owned(),
                    (None, false) => "item".to_owned(),
                    (Some(field), false) => format!("&item.{}", self.field(*field).1),
                };
                (
                    format!(
                        "{rt}::json::JsonWriter::new(&mut content, {rt}::json::JsonStyle::Pretty).value({value});\n"
                    ),
                    format!(
                        "{rt}::UiBlock::custom(\"json\", {rt}::fence(\"json\", &{rt}::escape::json_text(&content)))"
                    ),
                )
            }
            UiKind::Echarts(pieces) => {
                let mut body = String::new();
                for piece in pieces {
                    match piece {
                        JsonPiece::Text(fixed) => {
                            body.push_str(&format!("content.push_str({});\n", literal(fixed)))
                        }
                        JsonPiece::Value(part, depth) => {
                            body.push_str(&self.json_value(part, *depth))
                        }
                    }
                }
                (
                    body,
                    format!(
                        "{rt}::UiBlock::custom(\"echarts\", {rt}::fence(\"echarts\", &{rt}::escape::json_text(&content)))"
                    ),
                )
            }
        }
    }

    /// A placeholder of a chart configuration, written as JSON.
    fn json_value(&self, part: &TextPart, depth: usize) -> String {
        let rt = self.rt;
        let writer = format!(
            "{rt}::json::JsonWriter::at_depth(&mut content, {rt}::json::JsonStyle::Pretty, {depth})"
        );
        match part {
            TextPart::Field(field) => format!("{writer}.value(&item.{});\n", self.field(*field).1),
            TextPart::Column(field) => format!(
                "{{\nlet mut writer = {writer};\nlet mut column = writer.array();\nfor item in kept {{ column.element(&item.{}); }}\ncolumn.end();\n}}\n",
                self.field(*field).1
            ),
            TextPart::Sum(field) => format!("{};\n", self.write_sum(*field, "content")),
            TextPart::Computed(computed) => self.json_computed(computed, &writer),
            other => self.push_parts_into(std::slice::from_ref(other), "content", Escape::Content),
        }
    }

    /// Statements that embed a child presenter's blocks for the item's field (§8). `repeat`
    /// (a `bool` in scope) marks collection elements after the first.
    pub fn embed(&self, embed: &EmbedModel) -> Result<String, InternalError> {
        let rt = self.rt;
        let (def, name) = self.field(embed.field);
        let presenter = self.names.presenters[embed.presenter_module]
            .as_deref()
            .ok_or_else(|| {
                InternalError(format!(
                    "`{}` embeds the presenter of module `{}`, which has none",
                    def.key, self.names.modules[embed.presenter_module]
                ))
            })?;
        let presenter_path = ItemRef::in_module(
            self.names,
            embed.presenter_module,
            presenter,
            Some(self.model.types[self.item].module),
        );
        let present = |value: &str, repeat: &str| {
            format!(
                "let mut child = {rt}::ResponseBuilder::new(::std::string::String::new());\n{presenter_path}.item_blocks({value}, &mut child);\nbuilder.push_embed(child.build(), {repeat});\n"
            )
        };
        let nullable_elements = matches!(def.ty.non_null(), FieldType::Array(element) if matches!(**element, FieldType::Nullable(_)));
        Ok(match (embed.many, def.is_option()) {
            (false, true) => format!(
                "if let ::core::option::Option::Some(value) = {} {{\n{}}}\n",
                self.option_place(def, &name),
                present("value", "repeat")
            ),
            (false, false) => format!("{{\n{}}}\n", present(&format!("&item.{name}"), "repeat")),
            (true, optional) => {
                let values = if def.is_double_option() {
                    format!("item.{name}.iter().flatten().flatten()")
                } else if optional {
                    format!("item.{name}.iter().flatten()")
                } else {
                    format!("item.{name}.iter()")
                };
                let values = if nullable_elements {
                    format!("{values}.flatten()")
                } else {
                    values
                };
                format!(
                    "for (index, value) in {values}.enumerate() {{\n{}}}\n",
                    present("value", "repeat || index > 0")
                )
            }
        })
    }
}
