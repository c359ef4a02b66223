//! UI blocks (wire format §4) computed from checked sample values, as the code `emit::ui`
//! generates builds them: the same content, escaping and `UiBlock` constructors.

use fusion_runtime::escape;
use fusion_runtime::json::{JsonStyle, JsonWriter};
use fusion_runtime::{ListWriter, TableWriter, UiBlock, Width, fence};
use serde_json::{Map, Value};

use crate::definition::WidthDef;
use crate::model::{JsonPiece, TextPart, UiKind, UiModel, text_escape};

use super::blocks::{Escape, Presenting, Scope};
use super::sample::wire;

impl Presenting<'_> {
    /// One UI block (the generated `ui_block`).
    pub(super) fn ui_block(&self, ui: &UiModel, scope: Scope<'_>, collection: bool) -> UiBlock {
        let mut block = self.ui_content(ui, scope, collection);
        if let Some(title) = &ui.title {
            block = block.title_raw(self.text(title, scope, Escape::Attribute));
        }
        if let Some(width) = ui.width {
            block = block.width(match width {
                WidthDef::Full => Width::Full,
                WidthDef::Half => Width::Half,
                WidthDef::Third => Width::Third,
            });
        }
        if let Some(priority) = ui.priority {
            block = block.priority(priority);
        }
        block
    }

    /// Markdown, code and diagram text: each value on its line unless its field is `multiline`.
    fn ui_text(&self, parts: &[TextPart], multiline: &[usize], scope: Scope<'_>) -> String {
        parts
            .iter()
            .map(|part| {
                self.text(
                    std::slice::from_ref(part),
                    scope,
                    text_escape(part, multiline),
                )
            })
            .collect()
    }

    fn ui_content(&self, ui: &UiModel, scope: Scope<'_>, collection: bool) -> UiBlock {
        let kind = &ui.kind;
        let multiline = ui.multiline.as_slice();
        let items: Vec<&Map<String, Value>> = match scope.item {
            Some(item) if !collection => vec![item],
            _ => scope.kept.to_vec(),
        };
        match kind {
            UiKind::Table { columns, headers } => {
                let mut content = String::new();
                let headers = headers.iter().map(String::as_str);
                let mut table =
                    TableWriter::start(&mut content, headers, String::push_str, items.len());
                for item in &items {
                    table.row();
                    for (index, &field) in columns.iter().enumerate() {
                        if index > 0 {
                            table.next_cell();
                        }
                        self.push_field(field, item, Escape::Cell, &mut table);
                    }
                    table.end_row();
                }
                table.finish();
                UiBlock::markdown_raw(content)
            }
            UiKind::List(parts) => {
                let mut content = String::new();
                let mut list = ListWriter::start(&mut content, items.len());
                for item in &items {
                    list.item();
                    let here = Scope {
                        item: Some(item),
                        ..scope
                    };
                    list.push_str(&self.text(parts, here, Escape::Line));
                }
                list.finish();
                UiBlock::markdown_raw(content)
            }
            UiKind::Markdown(parts) => UiBlock::markdown_raw(self.ui_text(parts, multiline, scope)),
            UiKind::Summary(parts) => UiBlock::summary_raw(&self.text(parts, scope, Escape::Line)),
            UiKind::Mermaid(parts) => UiBlock::mermaid_raw(&self.ui_text(parts, multiline, scope)),
            UiKind::Code { lang, code } => {
                UiBlock::code_block_raw(lang.clone(), &self.ui_text(code, multiline, scope))
            }
            UiKind::Json(field) => {
                let value = match (field, collection, scope.item) {
                    (_, true, _) | (_, _, None) => {
                        Value::Array(items.iter().map(|item| self.item_json(item)).collect())
                    }
                    (None, false, Some(item)) => self.item_json(item),
                    // The field's own value, as the generated `.value(&item.field)` writes it:
                    // its redaction belongs to the parent's writer, `None` is `null`.
                    (Some(field), false, Some(item)) => {
                        let def = &self.fields[*field];
                        item.get(&def.key)
                            .map_or(Value::Null, |v| wire(self.model, &def.ty, v))
                    }
                };
                let mut content = String::new();
                JsonWriter::new(&mut content, JsonStyle::Pretty).value(&value);
                UiBlock::custom_raw("json", fence("json", &escape::json_text(&content)))
            }
            UiKind::Echarts(pieces) => {
                let mut content = String::new();
                for piece in pieces {
                    match piece {
                        JsonPiece::Text(fixed) => content.push_str(fixed),
                        JsonPiece::Value(part, depth) => {
                            self.json_value(part, *depth, scope, &mut content)
                        }
                    }
                }
                UiBlock::custom_raw("echarts", fence("echarts", &escape::json_text(&content)))
            }
        }
    }

    /// The whole item as its generated `WriteJson` writes it: every field, redacted.
    fn item_json(&self, item: &Map<String, Value>) -> Value {
        Value::Object(self.wire_item(item, None))
    }

    /// A placeholder of a chart configuration, as JSON at `depth`.
    fn json_value(&self, part: &TextPart, depth: usize, scope: Scope<'_>, out: &mut String) {
        let field_value = |field: usize, item: &Map<String, Value>| {
            let def = &self.fields[field];
            item.get(&def.key)
                .map_or(Value::Null, |v| wire(self.model, &def.ty, v))
        };
        match part {
            TextPart::Field(field) => {
                if let Some(item) = scope.item {
                    JsonWriter::at_depth(out, JsonStyle::Pretty, depth)
                        .value(&field_value(*field, item));
                }
            }
            TextPart::Column(field) => {
                let column: Vec<Value> = scope
                    .kept
                    .iter()
                    .map(|item| field_value(*field, item))
                    .collect();
                JsonWriter::at_depth(out, JsonStyle::Pretty, depth).value(&Value::Array(column));
            }
            TextPart::Sum(field) => self.write_sum(*field, scope.kept, out),
            TextPart::Computed(computed) => self.json_computed(
                computed,
                scope,
                &mut JsonWriter::at_depth(out, JsonStyle::Pretty, depth),
            ),
            other => out.push_str(&self.text(std::slice::from_ref(other), scope, Escape::Content)),
        }
    }
}
