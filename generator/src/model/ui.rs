//! UI blocks (wire format §4) declared in `x-fusion`, resolved against the item struct.

use crate::definition::{EmptyDef, JsonUiDef, UiDef, WidthDef};

use super::behaviour::static_text::Placement;
use super::behaviour::{BehaviourResolver, ConditionModel, Scope, TextPart};
use super::{FieldType, TypeKind};

/// A resolved UI block.
#[derive(Debug, Clone)]
pub struct UiModel {
    /// What the block shows.
    pub kind: UiKind,
    /// The title template.
    pub title: Option<Vec<TextPart>>,
    /// The width attribute.
    pub width: Option<WidthDef>,
    /// The priority attribute.
    pub priority: Option<i64>,
    /// The fields whose values keep their line breaks in markdown, code or mermaid text
    /// (`multiline`); other values there stay on one line.
    pub multiline: Vec<usize>,
    /// The block is shown only when this holds (over the item, or a collection's first kept
    /// item).
    pub when: Option<ConditionModel>,
    /// What an empty collection shows in the block's place (an item block: always `Show`).
    pub empty: EmptyModel,
}

impl UiModel {
    /// The markdown block an empty collection shows in this block's place (its `empty` text),
    /// with this block's title, width and priority.
    pub fn empty_block(&self, text: &[TextPart]) -> UiModel {
        UiModel {
            kind: UiKind::Markdown(text.to_vec()),
            multiline: Vec::new(),
            when: None,
            empty: EmptyModel::Show,
            ..self.clone()
        }
    }
}

/// How a placeholder's value is escaped in markdown, code or diagram text: on one line, unless
/// its field is one of `multiline` (what generated code and the in-process renderer both ask).
pub fn text_escape(part: &TextPart, multiline: &[usize]) -> fusion_runtime::escape::Context {
    use fusion_runtime::escape::Context;
    match part {
        TextPart::Field(field) if multiline.contains(field) => Context::Content,
        _ => Context::UiLine,
    }
}

/// What an empty collection shows in a collection UI block's place.
#[derive(Debug, Clone, PartialEq)]
pub enum EmptyModel {
    /// Nothing: no empty table, list or chart (the default).
    Skip,
    /// The block as for any collection (`empty: true`).
    Show,
    /// A markdown block of this text, with the block's attributes.
    Text(Vec<TextPart>),
}

/// What a UI block shows.
#[derive(Debug, Clone)]
pub enum UiKind {
    /// A markdown table: field indices and their headers.
    Table {
        /// Column fields.
        columns: Vec<usize>,
        /// Column headers.
        headers: Vec<String>,
    },
    /// One `- ` line per item.
    List(Vec<TextPart>),
    /// Markdown text.
    Markdown(Vec<TextPart>),
    /// A summary line.
    Summary(Vec<TextPart>),
    /// A fenced JSON block of the whole item/collection (`None`) or of a field.
    Json(Option<usize>),
    /// A fenced code block.
    Code {
        /// Language and block type.
        lang: String,
        /// The code template.
        code: Vec<TextPart>,
    },
    /// A mermaid diagram.
    Mermaid(Vec<TextPart>),
    /// An ECharts configuration: pretty JSON fixed at build time with values filled in.
    Echarts(Vec<JsonPiece>),
}

/// A piece of a chart configuration's pretty JSON text.
#[derive(Debug, Clone, PartialEq)]
pub enum JsonPiece {
    /// Fixed JSON text.
    Text(String),
    /// A value computed at run time, and the nesting depth it sits at.
    Value(TextPart, usize),
}

impl BehaviourResolver<'_> {
    /// Resolves a list of UI blocks; `collection` selects the placeholder rules of `collection-ui`.
    pub(super) fn ui_blocks(
        &mut self,
        blocks: Option<&[UiDef]>,
        pointer: &str,
        collection: bool,
    ) -> Vec<UiModel> {
        let mut resolved = Vec::new();
        for (index, block) in blocks.unwrap_or_default().iter().enumerate() {
            let here = format!("{pointer}/{index}");
            let scope = if collection {
                Scope::Collection
            } else {
                Scope::Item
            };
            let title = block
                .title
                .as_ref()
                .map(|t| self.text_at(t, &format!("{here}/title"), scope, Placement::Attribute));
            let when = block
                .when
                .as_ref()
                .map(|when| self.when(when, &format!("{here}/when")));
            let empty = self.empty(block.empty.as_ref(), &here, collection);
            if let Some(kind) = self.ui_kind(block, &here, collection) {
                let multiline = self.multiline(block, &kind, &here, collection);
                resolved.push(UiModel {
                    kind,
                    title,
                    width: block.width,
                    priority: block.priority,
                    multiline,
                    when,
                    empty,
                });
            }
        }
        resolved
    }

    /// What an empty collection shows for a block: `empty` is a `collection-ui` key.
    fn empty(&mut self, empty: Option<&EmptyDef>, here: &str, collection: bool) -> EmptyModel {
        let pointer = format!("{here}/empty");
        match (empty, collection) {
            (None, false) => EmptyModel::Show,
            (Some(_), false) => {
                self.report(
                    &pointer,
                    "an item's UI block has no empty collection to stand for",
                    Some("remove `empty`, or move the block to `collection-ui`".into()),
                );
                EmptyModel::Show
            }
            (None | Some(EmptyDef::Show(false)), true) => EmptyModel::Skip,
            (Some(EmptyDef::Show(true)), true) => EmptyModel::Show,
            (Some(EmptyDef::Text(text)), true) => {
                EmptyModel::Text(self.text(text, &pointer, Scope::Collection))
            }
        }
    }

    /// The fields of `multiline`: item fields of a markdown, code or mermaid block.
    fn multiline(
        &mut self,
        block: &UiDef,
        kind: &UiKind,
        here: &str,
        collection: bool,
    ) -> Vec<usize> {
        let Some(names) = &block.multiline else {
            return Vec::new();
        };
        let pointer = format!("{here}/multiline");
        if !matches!(
            kind,
            UiKind::Markdown(_) | UiKind::Code { .. } | UiKind::Mermaid(_)
        ) {
            self.report(
                &pointer,
                "only a markdown, code or mermaid block has multi-line values",
                Some("remove `multiline`: values elsewhere are written on one line".into()),
            );
            return Vec::new();
        }
        if collection {
            self.report(
                &pointer,
                "a collection's markdown, code or mermaid text has no item fields",
                Some("remove `multiline`".into()),
            );
            return Vec::new();
        }
        names
            .iter()
            .enumerate()
            .filter_map(|(i, name)| self.field(name, &format!("{pointer}/{i}")))
            .collect()
    }

    fn ui_kind(&mut self, block: &UiDef, here: &str, collection: bool) -> Option<UiKind> {
        let declared = [
            block.table.is_some(),
            block.list.is_some(),
            block.markdown.is_some(),
            block.summary.is_some(),
            block.json.is_some(),
            block.code.is_some(),
            block.echarts.is_some(),
            block.mermaid.is_some(),
        ];
        if declared.iter().filter(|&&d| d).count() != 1 {
            self.report(
                here,
                "a UI block declares exactly one of table, list, markdown, summary, json, code, echarts, mermaid",
                None,
            );
            return None;
        }
        let scope = if collection {
            Scope::Collection
        } else {
            Scope::Item
        };
        if let Some(table) = &block.table {
            let columns: Vec<usize> = table
                .columns
                .iter()
                .enumerate()
                .filter_map(|(i, name)| {
                    self.scalar_field(name, &format!("{here}/table/columns/{i}"))
                })
                .collect();
            let (headers, headers_at) = match &table.headers {
                Some(headers) => (headers.clone(), "headers"),
                None => (table.columns.clone(), "columns"),
            };
            for (i, header) in headers.iter().enumerate() {
                self.check_static(
                    header,
                    &format!("{here}/table/{headers_at}/{i}"),
                    Placement::Cell,
                );
            }
            if headers.len() != table.columns.len() {
                self.report(
                    &format!("{here}/table/headers"),
                    "give one header per column",
                    None,
                );
            }
            return Some(UiKind::Table { columns, headers });
        }
        if let Some(list) = &block.list {
            return Some(UiKind::List(self.text(
                list,
                &format!("{here}/list"),
                Scope::Item,
            )));
        }
        if let Some(markdown) = &block.markdown {
            return Some(UiKind::Markdown(self.text(
                markdown,
                &format!("{here}/markdown"),
                scope,
            )));
        }
        if let Some(summary) = &block.summary {
            return Some(UiKind::Summary(self.text(
                summary,
                &format!("{here}/summary"),
                scope,
            )));
        }
        if let Some(mermaid) = &block.mermaid {
            return Some(UiKind::Mermaid(self.text(
                mermaid,
                &format!("{here}/mermaid"),
                scope,
            )));
        }
        if let Some(code) = &block.code {
            self.check_static(&code.lang, &format!("{here}/code/lang"), Placement::Token);
            let parts = self.text(&code.code, &format!("{here}/code/code"), scope);
            return Some(UiKind::Code {
                lang: code.lang.clone(),
                code: parts,
            });
        }
        if let Some(json) = &block.json {
            return match json {
                JsonUiDef::Whole(true) => Some(UiKind::Json(None)),
                JsonUiDef::Whole(false) => {
                    self.report(
                        &format!("{here}/json"),
                        "`json: false` shows nothing",
                        Some("remove the block".into()),
                    );
                    None
                }
                JsonUiDef::Field(_) if collection => {
                    self.report(
                        &format!("{here}/json"),
                        "a collection's json block shows the whole collection",
                        Some("write `json: true`".into()),
                    );
                    None
                }
                JsonUiDef::Field(name) => self
                    .field(name, &format!("{here}/json"))
                    .map(|f| UiKind::Json(Some(f))),
            };
        }
        let config = block.echarts.as_ref()?;
        Some(UiKind::Echarts(self.echarts(
            config,
            &format!("{here}/echarts"),
            scope,
        )))
    }

    /// A field a table cell can show: a single value.
    fn scalar_field(&mut self, name: &str, pointer: &str) -> Option<usize> {
        let field = self.field(name, pointer)?;
        let scalar = match self.fields()[field].ty.non_null() {
            FieldType::Named(id) => matches!(self.types[*id].kind, TypeKind::Enum { .. }),
            FieldType::Array(_) | FieldType::Any => false,
            _ => true,
        };
        if !scalar {
            self.report(
                pointer,
                format!("the column `{name}` is not a single value"),
                Some("use a string, number, boolean or enum field".into()),
            );
            return None;
        }
        Some(field)
    }

    /// Lays the chart configuration out as pretty JSON now, leaving holes where placeholders are.
    fn echarts(
        &mut self,
        config: &serde_json::Value,
        pointer: &str,
        scope: Scope,
    ) -> Vec<JsonPiece> {
        let mut holes = Vec::new();
        let marked = self.mark_placeholders(config, pointer, scope, &mut holes);
        let text = fusion_runtime::json::to_pretty(&marked).unwrap_or_default();
        let mut pieces = Vec::new();
        let mut rest = text.as_str();
        for (index, part) in holes.into_iter().enumerate() {
            let marker = format!("\"\\u0000{index}\\u0000\"");
            let Some(at) = rest.find(&marker) else {
                continue;
            };
            let line_start = rest[..at].rfind('\n').map_or(0, |i| i + 1);
            let indent = rest[line_start..at].len() - rest[line_start..at].trim_start().len();
            pieces.push(JsonPiece::Text(rest[..at].to_owned()));
            pieces.push(JsonPiece::Value(part, indent / 2));
            rest = &rest[at + marker.len()..];
        }
        pieces.push(JsonPiece::Text(rest.to_owned()));
        pieces
    }

    fn mark_placeholders(
        &mut self,
        value: &serde_json::Value,
        pointer: &str,
        scope: Scope,
        holes: &mut Vec<TextPart>,
    ) -> serde_json::Value {
        use serde_json::Value;
        match value {
            Value::String(text)
                if text.starts_with('{') && text.ends_with('}') && !text.starts_with("{{") =>
            {
                let name = &text[1..text.len() - 1];
                let mut segments = name.split('|');
                let head = segments.next().unwrap_or_default();
                let column = head
                    .trim()
                    .strip_prefix("column:")
                    .filter(|_| scope == Scope::Collection);
                let part = match column {
                    // Each value of the column goes through the transforms.
                    Some(field) if name.contains('|') => self.field(field, pointer).and_then(|f| {
                        let flow = self.flow_of(f);
                        let source = TextPart::Column(f);
                        self.chain(source, flow, head.trim(), segments, name, pointer)
                    }),
                    Some(field) => self.scalar_field(field, pointer).map(TextPart::Column),
                    None => self.text(text, pointer, scope).into_iter().next(),
                };
                match part {
                    Some(part) => {
                        holes.push(part);
                        Value::String(format!("\u{0}{}\u{0}", holes.len() - 1))
                    }
                    None => Value::Null,
                }
            }
            Value::Array(items) => Value::Array(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        self.mark_placeholders(v, &format!("{pointer}/{i}"), scope, holes)
                    })
                    .collect(),
            ),
            Value::Object(fields) => Value::Object(
                fields
                    .iter()
                    .map(|(k, v)| {
                        (
                            k.clone(),
                            self.mark_placeholders(v, &format!("{pointer}/{k}"), scope, holes),
                        )
                    })
                    .collect(),
            ),
            other => other.clone(),
        }
    }
}
