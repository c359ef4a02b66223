//! `x-fusion-max-chars`: which properties may be cut where the agent reads them.

use super::FieldType;
use super::resolve::Resolver;
use crate::definition::Schema;

impl Resolver<'_> {
    /// The limit of a property's `x-fusion-max-chars`, checked to sit on a string that is not
    /// redacted; `None` (with an error reported) otherwise.
    pub(super) fn max_chars(
        &mut self,
        file: usize,
        pointer: &str,
        property: &Schema,
        ty: &FieldType,
    ) -> Option<u32> {
        let max_chars = property.max_chars?.get();
        let at = format!("{pointer}/x-fusion-max-chars");
        if property
            .redact
            .as_ref()
            .is_some_and(|r| r.censor().is_some())
        {
            self.report(
                file,
                &at,
                "`x-fusion-max-chars` beside `x-fusion-redact`: the agent reads the censor, never \
                 the text",
                Some("remove one of the two".into()),
            );
            return None;
        }
        if *ty.non_null() != FieldType::String {
            self.report(
                file,
                &at,
                "`x-fusion-max-chars` applies to a string property",
                Some(
                    "put it on the property whose type is `string` (an array's strings, an \
                     object's or a union's are not cut)"
                        .into(),
                ),
            );
            return None;
        }
        Some(max_chars)
    }
}
