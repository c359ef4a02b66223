//! Rust code for declared UI blocks (wire format §4) and embeds (§8). A block whose content goes on
//! the wire verbatim (table, list, markdown) is written in place into its wire text through the
//! runtime's `UiWriter`; any other is built in one `String` and handed to the runtime's `UiBlock`,
//! whose single `fence` lays out fenced blocks.

use proc_macro2::TokenStream;
use quote::quote;

use crate::definition::WidthDef;
use crate::model::{
    EmbedModel, EmptyModel, FieldType, JsonPiece, TextPart, UiKind, UiModel, text_escape,
};

use super::behaviour::{Context, Escape};
use super::code::{InternalError, ItemRef, Literal, Number, ident, literal};

/// How a block is made from the statements that write its content.
enum Made {
    /// A markdown block written in place into its wire text: `content` is its `UiWriter`.
    InPlace,
    /// A table or list written in place: `content` is the writer this call on the block's
    /// `UiWriter` starts (`.table(..)`, `.list(..)`), which `finish` ends.
    Writer(TokenStream),
    /// `content` is a `String`, made into the block by this expression.
    By(TokenStream),
}

impl Context<'_> {
    /// Statements that push one UI block into `builder` when its `when` holds (over the item, or
    /// a collection's first kept item), and for a collection what its `empty` says in its place
    /// when there is no item. `item` is in scope for an item block, `kept` and `total` for a
    /// collection block.
    pub fn ui_block(&self, ui: &UiModel, collection: bool) -> Result<TokenStream, InternalError> {
        let block = self.ui_block_always(ui, collection)?;
        let condition = ui.when.as_ref().map(|c| self.condition(c)).transpose()?;
        if !collection {
            return Ok(match condition {
                Some(condition) => quote! { if #condition { #block } },
                None => block,
            });
        }
        // A condition reads the first kept item: an empty collection has none.
        let shown = |block: TokenStream| match &condition {
            Some(condition) => quote! {
                if let ::core::option::Option::Some(item) = kept.first() && (#condition) { #block }
            },
            None => block,
        };
        Ok(match (&ui.empty, &condition) {
            (EmptyModel::Show, _) | (EmptyModel::Skip, Some(_)) => shown(block),
            (EmptyModel::Skip, None) => quote! { if !kept.is_empty() { #block } },
            (EmptyModel::Text(parts), _) => {
                let replacement = self.ui_block_always(&ui.empty_block(parts), true)?;
                // A condition makes `shown` an `if`, written as `else if`: clippy's
                // `collapsible_else_if` holds generated code to that.
                let shown = match &condition {
                    Some(_) => shown(block),
                    None => quote! { { #block } },
                };
                quote! { if kept.is_empty() { #replacement } else #shown }
            }
        })
    }

    /// Statements that push one UI block into `builder`, whatever the data.
    fn ui_block_always(
        &self,
        ui: &UiModel,
        collection: bool,
    ) -> Result<TokenStream, InternalError> {
        let rt = self.rt;
        let (content, made) = self.ui_content(&ui.kind, &ui.multiline, collection)?;
        let mut block = match &made {
            Made::By(block) => block.clone(),
            Made::InPlace | Made::Writer(_) => quote!(#rt::UiBlock::markdown_raw("")),
        };
        let mutable = (!content.is_empty()).then(|| quote!(mut));
        let mut title_text = TokenStream::new();
        if let Some(title) = &ui.title {
            match title.as_slice() {
                [] => block.extend(quote!(.title_raw(""))),
                [TextPart::Literal(text)] => {
                    let text = literal(text);
                    block.extend(quote!(.title_raw(#text)));
                }
                parts => {
                    let build = self.push_parts_into(parts, &ident("title"), Escape::Attribute)?;
                    title_text = quote! {
                        let mut title = ::std::string::String::new();
                        #build
                    };
                    block.extend(quote!(.title_raw(title)));
                }
            }
        }
        if let Some(width) = ui.width {
            let variant = ident(match width {
                WidthDef::Full => "Full",
                WidthDef::Half => "Half",
                WidthDef::Third => "Third",
            });
            block.extend(quote!(.width(#rt::Width::#variant)));
        }
        if let Some(priority) = ui.priority {
            let priority = Number::Int(priority.into(), "i64");
            block.extend(quote!(.priority(#priority)));
        }
        Ok(match made {
            Made::InPlace => quote! {
                #title_text
                let #mutable content = #block.into_writer();
                #content
                builder.ui(content);
            },
            Made::Writer(start) => quote! {
                #title_text
                let mut content = #block.into_writer()#start;
                #content
                builder.ui(content.finish());
            },
            Made::By(_) => quote! {
                #title_text
                let #mutable content = ::std::string::String::new();
                #content
                let block = #block;
                builder.ui(block);
            },
        })
    }

    /// Statements filling `content`, and how the block is made from it.
    fn ui_content(
        &self,
        kind: &UiKind,
        multiline: &[usize],
        collection: bool,
    ) -> Result<(TokenStream, Made), InternalError> {
        let rt = self.rt;
        let content = ident("content");
        // Markdown, code and diagram text: a value stays on its line unless its field is
        // declared `multiline`.
        let text = |parts: &[TextPart]| -> Result<TokenStream, InternalError> {
            let mut statements = TokenStream::new();
            for part in parts {
                statements.extend(self.push_parts_into(
                    std::slice::from_ref(part),
                    &content,
                    text_escape(part, multiline),
                )?);
            }
            Ok(statements)
        };
        let line = |parts: &[TextPart]| self.push_parts_into(parts, &content, Escape::Line);
        Ok(match kind {
            UiKind::Table { columns, headers } => {
                let headers = headers.iter().map(|header| literal(header));
                let mut row = quote! { content.row(); };
                for (index, &field) in columns.iter().enumerate() {
                    if index > 0 {
                        row.extend(quote! { content.next_cell(); });
                    }
                    row.extend(self.push_field_into(field, &content, Escape::Cell));
                }
                row.extend(quote! { content.end_row(); });
                let (rows, count) = if collection {
                    (quote! { for item in kept { #row } }, quote!(kept.len()))
                } else {
                    (row, quote!(1))
                };
                (rows, Made::Writer(quote!(.table(&[#(#headers),*], #count))))
            }
            UiKind::List(parts) => {
                let line = line(parts)?;
                let (items, count) = if collection {
                    (
                        quote! { for item in kept { content.item(); #line } },
                        quote!(kept.len()),
                    )
                } else {
                    (quote! { content.item(); #line }, quote!(1))
                };
                (items, Made::Writer(quote!(.list(#count))))
            }
            UiKind::Markdown(parts) => (text(parts)?, Made::InPlace),
            UiKind::Summary(parts) => (
                line(parts)?,
                Made::By(quote!(#rt::UiBlock::summary_raw(&content))),
            ),
            UiKind::Mermaid(parts) => (
                text(parts)?,
                Made::By(quote!(#rt::UiBlock::mermaid_raw(&content))),
            ),
            UiKind::Code { lang, code } => {
                let lang = literal(lang);
                (
                    text(code)?,
                    Made::By(quote!(#rt::UiBlock::code_block_raw(#lang, &content))),
                )
            }
            UiKind::Json(field) => {
                let value = match (field, collection) {
                    (_, true) => quote!(kept),
                    (None, false) => quote!(item),
                    (Some(field), false) => {
                        let name = self.field(*field).1;
                        quote!(&item.#name)
                    }
                };
                (
                    quote! {
                        #rt::json::JsonWriter::new(&mut content, #rt::json::JsonStyle::Pretty).value(#value);
                    },
                    Made::By(quote! {
                        #rt::UiBlock::custom_raw("json", #rt::fence("json", &#rt::escape::json_text(&content)))
                    }),
                )
            }
            UiKind::Echarts(pieces) => {
                let mut body = TokenStream::new();
                for piece in pieces {
                    body.extend(match piece {
                        JsonPiece::Text(fixed) => {
                            let fixed = literal(fixed);
                            quote! { content.push_str(#fixed); }
                        }
                        JsonPiece::Value(part, depth) => self.json_value(part, *depth)?,
                    });
                }
                (
                    body,
                    Made::By(quote! {
                        #rt::UiBlock::custom_raw("echarts", #rt::fence("echarts", &#rt::escape::json_text(&content)))
                    }),
                )
            }
        })
    }

    /// A placeholder of a chart configuration, written as JSON.
    fn json_value(&self, part: &TextPart, depth: usize) -> Result<TokenStream, InternalError> {
        let rt = self.rt;
        let depth = Literal::usize_unsuffixed(depth);
        let writer = quote! {
            #rt::json::JsonWriter::at_depth(&mut content, #rt::json::JsonStyle::Pretty, #depth)
        };
        Ok(match part {
            TextPart::Field(field) => {
                let name = self.field(*field).1;
                quote! { #writer.value(&item.#name); }
            }
            TextPart::Column(field) => {
                let name = self.field(*field).1;
                quote! {
                    {
                        let mut writer = #writer;
                        let mut column = writer.array();
                        for item in kept { column.element(&item.#name); }
                        column.end();
                    }
                }
            }
            TextPart::Sum(field) => {
                let write = self.write_sum(*field, &ident("content"));
                quote! { #write; }
            }
            TextPart::Computed(computed) => self.json_computed(computed, &writer),
            other => self.push_parts_into(
                std::slice::from_ref(other),
                &ident("content"),
                Escape::Content,
            )?,
        })
    }

    /// Statements that embed a child presenter's blocks for the item's field (§8). `repeat`
    /// (a `bool` in scope) marks collection elements after the first.
    pub fn embed(&self, embed: &EmbedModel) -> Result<TokenStream, InternalError> {
        let rt = self.rt;
        let (def, name) = self.field(embed.field);
        let presenter = self
            .names
            .module(embed.presenter_module)
            .presenter
            .as_ref()
            .map(|p| p.name.as_str())
            .ok_or_else(|| {
                InternalError(format!(
                    "`{}` embeds the presenter of module `{}`, which has none",
                    def.key,
                    self.names.module(embed.presenter_module).name
                ))
            })?;
        let presenter_path = ItemRef::in_module(
            self.names,
            embed.presenter_module,
            presenter,
            Some(self.model.types[self.item].module),
        );
        let present = |value: TokenStream, repeat: TokenStream| {
            quote! {
                let mut child = #rt::ResponseBuilder::new(::std::string::String::new());
                #rt::Declared::item_blocks(&#presenter_path, #value, &mut child);
                builder.embed(child.build(), #repeat);
            }
        };
        let nullable_elements = matches!(def.ty.non_null(), FieldType::Array(element) if matches!(**element, FieldType::Nullable(_)));
        Ok(match (embed.many, def.is_option()) {
            (false, true) => {
                let place = self.option_place(def, &name);
                let present = present(quote!(value), quote!(repeat));
                quote! {
                    if let ::core::option::Option::Some(value) = #place { #present }
                }
            }
            (false, false) => {
                let present = present(quote!(&item.#name), quote!(repeat));
                quote! { { #present } }
            }
            (true, optional) => {
                let mut values = if def.is_double_option() {
                    quote!(item.#name.iter().flatten().flatten())
                } else if optional {
                    quote!(item.#name.iter().flatten())
                } else {
                    quote!(item.#name.iter())
                };
                if nullable_elements {
                    values.extend(quote!(.flatten()));
                }
                let present = present(quote!(value), quote!(repeat || index > 0));
                quote! {
                    for (index, value) in #values.enumerate() { #present }
                }
            }
        })
    }
}
