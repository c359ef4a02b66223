//! The presenter plumbing every generated presenter shares: a generated presenter states what
//! is its own ([`Declared`]: its item type, data format, agent limit and the blocks its rules,
//! UI and suggestions add) and gets the rest here, once, as provided methods — the data block
//! writers, the responses with or without hooks, and the prompt messages.

use crate::builder::ResponseBuilder;
use crate::json::{JsonStyle, JsonWriter, WriteJson};
use crate::presenter::Presenter;
use crate::prompt::PromptMessage;
use crate::record::WriteSelected;
use crate::response::{ToolResponse, ViewData};
use crate::select::Selection;
use crate::toon::{ToonOptions, WriteToon, write_toon, write_toon_slice};

/// How a presenter writes its data block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DataFormat {
    /// JSON in the given layout.
    Json(JsonStyle),
    /// TOON with the pipe delimiter (wire format §11).
    Toon,
}

/// Rust code that adds blocks to presenter `P`'s responses, for logic no declaration can
/// express: implemented once per presenter a hooks value serves (`impl Hooks<InvoicePresenter>
/// for MyHooks`). Every method does nothing by default; `Context` is the request context the
/// caller passes (a tool passes its handler).
pub trait Hooks<P: Declared + ?Sized, Context: ?Sized = ()> {
    /// Called after the declared blocks of a single item: add UI blocks, rules, suggestions.
    fn item(&self, _item: &P::Item, _context: &Context, _builder: &mut ResponseBuilder) {}

    /// Called after the declared blocks of a collection, with the items kept by the agent limit.
    fn collection(&self, _items: &[P::Item], _context: &Context, _builder: &mut ResponseBuilder) {}
}

/// No hooks.
impl<P: Declared + ?Sized, Context: ?Sized> Hooks<P, Context> for () {}

/// A generated presenter's own declarations; [`Presenter`] and the responses with hooks and
/// the prompt messages follow from them.
pub trait Declared {
    /// The typed item this presenter shows.
    type Item: WriteJson + WriteSelected + WriteToon;

    /// The data block's format: pretty JSON unless the definition says otherwise.
    const FORMAT: DataFormat = DataFormat::Json(JsonStyle::Pretty);

    /// The agent limit: how many items of a collection are kept, all when `None`.
    const LIMIT: Option<usize> = None;

    /// Adds the blocks computed from one item (UI blocks, embedded presenters, rules) to
    /// `builder`; embedding presenters call it for their child values. None by default.
    fn item_blocks(&self, _item: &Self::Item, _builder: &mut ResponseBuilder) {}

    /// Adds the blocks computed from a collection to `builder`: the truncation block when
    /// items were cut, collection UI blocks, embeds of every kept item, item rules from the
    /// first kept item, then collection rules (wire format §6, §7, §8). By default the first
    /// kept item's [`Declared::item_blocks`], and none for an empty collection: what a presenter
    /// whose collections add nothing of their own gets (the generator writes this method only
    /// for the others).
    fn collection_blocks(&self, kept: &[Self::Item], _total: usize, builder: &mut ResponseBuilder) {
        if let Some(first) = kept.first() {
            self.item_blocks(first, builder);
        }
    }

    /// The items the agent limit keeps.
    fn kept(items: &[Self::Item]) -> &[Self::Item] {
        match Self::LIMIT {
            Some(limit) => &items[..items.len().min(limit)],
            None => items,
        }
    }

    /// The blocks of one item with `_select` applied to the data block and `hooks` called after
    /// the declared blocks, not yet built.
    fn item_builder(
        &self,
        item: &Self::Item,
        selection: &Selection,
        hooks: impl FnOnce(&mut ResponseBuilder),
    ) -> ResponseBuilder {
        let mut data = String::new();
        write_item::<Self>(item, selection, &mut data);
        let mut builder = ResponseBuilder::new(data);
        self.item_blocks(item, &mut builder);
        hooks(&mut builder);
        if let Some(note) = selection.note() {
            builder.directive(note.to_owned());
        }
        builder
    }

    /// The blocks of a collection cut to the agent limit, with `_select` applied to every
    /// element and `hooks` called with the kept items after the declared blocks, not yet built.
    fn collection_builder(
        &self,
        items: &[Self::Item],
        selection: &Selection,
        hooks: impl FnOnce(&[Self::Item], &mut ResponseBuilder),
    ) -> ResponseBuilder {
        collection_builder(self, items, selection, &[], hooks)
    }

    /// The response for one item, `_select` applied, `hooks` called after the declared blocks.
    fn present_hooked(
        &self,
        item: &Self::Item,
        selection: &Selection,
        hooks: impl FnOnce(&mut ResponseBuilder),
    ) -> ToolResponse {
        let view = view_data::<Self>(std::slice::from_ref(item), selection, false);
        self.item_builder(item, selection, hooks)
            .presenter_view(view)
            .build()
    }

    /// The response for a collection cut to the agent limit, `_select` applied to every
    /// element, `hooks` called with the kept items after the declared blocks.
    fn present_collection_hooked(
        &self,
        items: &[Self::Item],
        selection: &Selection,
        hooks: impl FnOnce(&[Self::Item], &mut ResponseBuilder),
    ) -> ToolResponse {
        present_filtered_collection(self, items, selection, &[], hooks)
    }

    /// One item's view as MCP prompt messages (wire format §19), as upstream's
    /// `PromptMessage.fromView(presenter.make(item))`: rules, then the data and UI blocks, then
    /// directives and suggestions.
    fn prompt_messages(&self, item: &Self::Item) -> Vec<PromptMessage> {
        self.item_builder(item, &Selection::all(), |_| {})
            .prompt_messages()
    }

    /// A collection's view as MCP prompt messages (wire format §19), cut to the agent limit.
    fn collection_prompt_messages(&self, items: &[Self::Item]) -> Vec<PromptMessage> {
        self.collection_builder(items, &Selection::all(), |_, _| {})
            .prompt_messages()
    }

    /// The response for one item with `_select` applied to the data block and `hooks` called
    /// with `context` after the declared blocks.
    fn present_with<C: ?Sized, H: Hooks<Self, C> + ?Sized>(
        &self,
        item: &Self::Item,
        selection: &Selection,
        hooks: &H,
        context: &C,
    ) -> ToolResponse {
        self.present_hooked(item, selection, |builder| {
            hooks.item(item, context, builder);
        })
    }

    /// The response for a collection, cut to the agent limit, with `_select` applied to every
    /// element and `hooks` called with `context` after the declared blocks.
    fn present_collection_with<C: ?Sized, H: Hooks<Self, C> + ?Sized>(
        &self,
        items: &[Self::Item],
        selection: &Selection,
        hooks: &H,
        context: &C,
    ) -> ToolResponse {
        self.present_collection_hooked(items, selection, |kept, builder| {
            hooks.collection(kept, context, builder);
        })
    }

    /// [`Declared::prompt_messages`] with `hooks` called with `context` after the declared
    /// blocks.
    fn prompt_messages_with<C: ?Sized, H: Hooks<Self, C> + ?Sized>(
        &self,
        item: &Self::Item,
        hooks: &H,
        context: &C,
    ) -> Vec<PromptMessage> {
        self.item_builder(item, &Selection::all(), |builder| {
            hooks.item(item, context, builder);
        })
        .prompt_messages()
    }

    /// [`Declared::collection_prompt_messages`] with `hooks` called with `context` after the
    /// declared blocks.
    fn collection_prompt_messages_with<C: ?Sized, H: Hooks<Self, C> + ?Sized>(
        &self,
        items: &[Self::Item],
        hooks: &H,
        context: &C,
    ) -> Vec<PromptMessage> {
        self.collection_builder(items, &Selection::all(), |kept, builder| {
            hooks.collection(kept, context, builder);
        })
        .prompt_messages()
    }
}

/// A generated presenter is a [`Presenter`] through its declarations.
impl<D: Declared> Presenter for D {
    type Item = D::Item;

    fn write_data(&self, item: &D::Item, selection: &Selection, out: &mut String) {
        write_item::<D>(item, selection, out);
    }

    fn write_collection_data(&self, items: &[D::Item], selection: &Selection, out: &mut String) {
        write_items::<D>(items, selection, out);
    }

    fn present_selected(&self, item: &D::Item, selection: &Selection) -> ToolResponse {
        self.present_hooked(item, selection, |_| {})
    }

    fn present_collection_selected(
        &self,
        items: &[D::Item],
        selection: &Selection,
    ) -> ToolResponse {
        self.present_collection_hooked(items, selection, |_, _| {})
    }
}

/// [`Declared::collection_builder`] for a tool action whose filter parameters are `filters`:
/// the truncation block names them ([`ResponseBuilder::filters`]).
fn collection_builder<D: Declared + ?Sized>(
    presenter: &D,
    items: &[D::Item],
    selection: &Selection,
    filters: &'static [&'static str],
    hooks: impl FnOnce(&[D::Item], &mut ResponseBuilder),
) -> ResponseBuilder {
    let kept = D::kept(items);
    let mut data = String::new();
    write_items::<D>(kept, selection, &mut data);
    let mut builder = ResponseBuilder::new(data);
    builder.filters(filters);
    presenter.collection_blocks(kept, items.len(), &mut builder);
    hooks(kept, &mut builder);
    if let Some(note) = selection.note() {
        builder.directive(note.to_owned());
    }
    builder
}

/// [`Declared::present_collection_hooked`] for a tool action whose filter parameters are
/// `filters`, which the truncation block names (what generated tools call).
pub(crate) fn present_filtered_collection<D: Declared + ?Sized>(
    presenter: &D,
    items: &[D::Item],
    selection: &Selection,
    filters: &'static [&'static str],
    hooks: impl FnOnce(&[D::Item], &mut ResponseBuilder),
) -> ToolResponse {
    let view = view_data::<D>(D::kept(items), selection, true);
    collection_builder(presenter, items, selection, filters, hooks)
        .presenter_view(view)
        .build()
}

/// Appends the data block of one item, cut to `selection`.
fn write_item<D: Declared + ?Sized>(item: &D::Item, selection: &Selection, out: &mut String) {
    match D::FORMAT {
        DataFormat::Toon => write_toon(out, item, selection, &ToonOptions::pipe()),
        DataFormat::Json(style) => write_json(item, selection, &mut JsonWriter::new(out, style)),
    }
}

/// Appends the data block of a collection, each element cut to `selection`.
fn write_items<D: Declared + ?Sized>(items: &[D::Item], selection: &Selection, out: &mut String) {
    match D::FORMAT {
        DataFormat::Toon => write_toon_slice(out, items, selection, &ToonOptions::pipe()),
        DataFormat::Json(style) => {
            write_json_items(items, selection, &mut JsonWriter::new(out, style))
        }
    }
}

/// One item as JSON, cut to `selection`.
#[inline]
fn write_json<T: WriteJson + WriteSelected>(
    item: &T,
    selection: &Selection,
    writer: &mut JsonWriter<'_>,
) {
    if selection.is_all() {
        item.write_json(writer);
    } else {
        item.write_json_selected(writer, selection);
    }
}

/// A JSON array of `items`, each cut to `selection`.
fn write_json_items<T: WriteJson + WriteSelected>(
    items: &[T],
    selection: &Selection,
    writer: &mut JsonWriter<'_>,
) {
    if selection.is_all() {
        items.write_json(writer);
    } else {
        let mut array = writer.array();
        array.each(items, |item, writer| {
            item.write_json_selected(writer, selection)
        });
        array.end();
    }
}

/// What the test view (§15) reads the data from: the JSON data block itself, or for a TOON
/// block the same wire data (selected, redacted) as compact JSON, an array when `collection`.
/// Only TOON presenters build it, and it costs one more rendering of the data per response,
/// about as long as the TOON text.
fn view_data<D: Declared + ?Sized>(
    items: &[D::Item],
    selection: &Selection,
    collection: bool,
) -> ViewData {
    if !matches!(D::FORMAT, DataFormat::Toon) {
        return ViewData::DataBlock;
    }
    let mut out = String::new();
    let mut writer = JsonWriter::new(&mut out, JsonStyle::Compact);
    if collection {
        write_json_items(items, selection, &mut writer);
    } else if let Some(item) = items.first() {
        write_json(item, selection, &mut writer);
    }
    ViewData::Json(out)
}
