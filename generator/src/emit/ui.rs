//! Rust code for declared UI blocks (wire format §4) and embeds (§8). A block whose content goes on
//! the wire verbatim (table, list, markdown) is written in place into its wire text through the
//! runtime's `UiWriter`; any other is built in one `String` and handed to the runtime's `UiBlock`,
//! whose single `fence` lays out fenced blocks.

use crate::definition::WidthDef;
use crate::model::{EmbedModel, FieldType, JsonPiece, TextPart, UiKind, UiModel};

use super::behaviour::{Context, Escape};
use super::view::literal;

/// A loop running `body` for every kept item (`item` and `index` in scope) on a `UiWriter`. After
/// the first item it reserves room for the others at the first one's size: the content of a
/// 10k-row table would otherwise be reallocated about twenty times.
fn per_item(body: &str) -> String {
    format!(
        "let start = content.len();\nfor (index, item) in kept.iter().enumerate() {{\n{body}if index == 0 {{ content.reserve_rows(start, kept.len() - 1); }}\n}}\n"
    )
}

/// How a block is made from the statements that write its content.
enum Made {
    /// A markdown block written in place: `content` is its `UiWriter`.
    InPlace,
    /// `content` is a `String`, made into the block by this expression.
    By(String),
}

impl Context<'_> {
    /// Statements that push one UI block into `builder`. `item` is in scope for an item block,
    /// `kept` and `total` for a collection block.
    pub fn ui_block(&self, ui: &UiModel, collection: bool) -> String {
        let rt = self.rt;
        let (content, made) = self.ui_content(&ui.kind, collection);
        let binding = if content.is_empty() {
            "let content"
        } else {
            "let mut content"
        };
        let mut code = match &made {
            Made::InPlace => format!("{binding} = {rt}::UiBlock::markdown(\"\")"),
            Made::By(constructor) => format!(
                "{binding} = ::std::string::String::new();\n{content}let block = {constructor}"
            ),
        };
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
        match made {
            Made::InPlace => code.push_str(&format!(
                ".into_writer();\n{content}builder.push_ui_writer(content);"
            )),
            Made::By(_) => code.push_str(";\nbuilder.push_ui(block);"),
        }
        code
    }

    /// Statements filling `content`, and how the block is made from it.
    fn ui_content(&self, kind: &UiKind, collection: bool) -> (String, Made) {
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
                    Made::InPlace,
                )
            }
            UiKind::List(parts) => {
                let item = format!("content.push_str(\"- \");\n{}", line(parts));
                let body = if collection {
                    per_item(&format!("if index > 0 {{ content.push('\\n'); }}\n{item}"))
                } else {
                    item
                };
                (body, Made::InPlace)
            }
            UiKind::Markdown(parts) => (text(parts), Made::InPlace),
            UiKind::Summary(parts) => (
                line(parts),
                Made::By(format!("{rt}::UiBlock::summary(&content)")),
            ),
            UiKind::Mermaid(parts) => (
                text(parts),
                Made::By(format!("{rt}::UiBlock::mermaid(&content)")),
            ),
            UiKind::Code { lang, code } => (
                text(code),
                Made::By(format!(
                    "{rt}::UiBlock::code_block({}, &content)",
                    literal(lang)
                )),
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
                    Made::By(format!(
                        "{rt}::UiBlock::custom(\"json\", {rt}::fence(\"json\", &{rt}::escape::json_text(&content)))"
                    )),
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
                    Made::By(format!(
                        "{rt}::UiBlock::custom(\"echarts\", {rt}::fence(\"echarts\", &{rt}::escape::json_text(&content)))"
                    )),
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
    pub fn embed(&self, embed: &EmbedModel) -> String {
        let rt = self.rt;
        let (def, name) = self.field(embed.field);
        let presenter = self.names.presenters[embed.presenter_module]
            .clone()
            .unwrap_or_default();
        let presenter_path = if embed.presenter_module == self.model.types[self.item].module {
            presenter
        } else {
            format!(
                "super::{}::{presenter}",
                self.names.modules[embed.presenter_module]
            )
        };
        let present = |value: &str, repeat: &str| {
            format!(
                "let mut child = {rt}::ResponseBuilder::new(::std::string::String::new());\n{presenter_path}.item_blocks({value}, &mut child);\nbuilder.push_embed(child.build(), {repeat});\n"
            )
        };
        let nullable_elements = matches!(def.ty.non_null(), FieldType::Array(element) if matches!(**element, FieldType::Nullable(_)));
        match (embed.many, def.is_option()) {
            (false, true) => format!(
                "if let ::core::option::Option::Some(value) = {} {{\n{}}}\n",
                self.option_place(def, name),
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
        }
    }
}
