//! The contract between generated presenters and the response they build.

use crate::builder::ResponseBuilder;
use crate::response::{ToolResponse, ViewData};

/// A presenter generated from a definition: it knows how to write its item type's data block and
/// turns an item or a collection into a finished response (wire format §2, §3, §6).
///
/// Generated code implements the two writers; the provided methods assemble the response, so a
/// hand-written presenter gets the same response layout by implementing the writers alone.
pub trait Presenter {
    /// The typed item this presenter shows.
    type Item;

    /// Appends the data block of one item to `out`.
    fn write_data(&self, item: &Self::Item, out: &mut String);

    /// Appends the data block of a collection to `out`.
    fn write_collection_data(&self, items: &[Self::Item], out: &mut String);

    /// The response for one item: its data block, and the test view (§15).
    fn present(&self, item: &Self::Item) -> ToolResponse {
        let mut data = String::new();
        self.write_data(item, &mut data);
        ResponseBuilder::new(data)
            .presenter_view(ViewData::DataBlock)
            .build()
    }

    /// The response for a collection: its data block, and the test view (§15).
    fn present_collection(&self, items: &[Self::Item]) -> ToolResponse {
        let mut data = String::new();
        self.write_collection_data(items, &mut data);
        ResponseBuilder::new(data)
            .presenter_view(ViewData::DataBlock)
            .build()
    }
}
