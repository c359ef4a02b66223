//! The contract between generated presenters and the response they build.

use crate::builder::ResponseBuilder;
use crate::response::{ToolResponse, ViewData};
use crate::select::Selection;

/// A presenter generated from a definition: it knows how to write its item type's data block and
/// turns an item or a collection into a finished response (wire format §2, §3, §6, §9).
///
/// Generated code implements the writers and the `*_selected` methods with the declared
/// behaviour; the plain `present` methods select every field. A hand-written presenter gets the
/// same response layout by implementing the two writers alone.
pub trait Presenter {
    /// The typed item this presenter shows.
    type Item;

    /// Appends the data block of one item to `out`, cut to `selection`.
    fn write_data(&self, item: &Self::Item, selection: &Selection, out: &mut String);

    /// Appends the data block of a collection to `out`, each element cut to `selection`.
    fn write_collection_data(&self, items: &[Self::Item], selection: &Selection, out: &mut String);

    /// The response for one item: its data block, and the test view (§15).
    fn present(&self, item: &Self::Item) -> ToolResponse {
        self.present_selected(item, &Selection::all())
    }

    /// The response for a collection: its data block, and the test view (§15).
    fn present_collection(&self, items: &[Self::Item]) -> ToolResponse {
        self.present_collection_selected(items, &Selection::all())
    }

    /// [`Presenter::present`] with the data block cut to `selection`; rules and UI blocks still
    /// see the whole item (§9).
    fn present_selected(&self, item: &Self::Item, selection: &Selection) -> ToolResponse {
        let mut data = String::new();
        self.write_data(item, selection, &mut data);
        ResponseBuilder::new(data)
            .presenter_view(ViewData::DataBlock)
            .build()
    }

    /// [`Presenter::present_collection`] with every element cut to `selection`.
    fn present_collection_selected(
        &self,
        items: &[Self::Item],
        selection: &Selection,
    ) -> ToolResponse {
        let mut data = String::new();
        self.write_collection_data(items, selection, &mut data);
        ResponseBuilder::new(data)
            .presenter_view(ViewData::DataBlock)
            .build()
    }
}
