//! How an operation's pages are addressed and where its response says more follows: described
//! once for the generator, which detects them in a document (with `String`s and `Vec`s), and for
//! the HTTP client and [`super::More`], which read generated constants (`&'static`). Public
//! through [`crate::vocabulary::paging`] as well.

/// How the pages of an operation are addressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PageStyle<S = &'static str> {
    /// A page number (`page=3`), the first page being `first`.
    Page {
        /// The query parameter.
        param: S,
        /// The number of the first page (0 or 1).
        first: u64,
    },
    /// The index of the first item (`offset=40`).
    Offset {
        /// The query parameter.
        param: S,
    },
    /// An opaque token the API hands out for the next page (`cursor=...`).
    Cursor {
        /// The query parameter.
        param: S,
    },
    /// Only the `Link` header's next URL says where the next page is: its query parameters
    /// that the operation takes are the next page's arguments.
    Link,
}

/// Where the API says that more follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NextFrom<S = &'static str, P = &'static [&'static str]> {
    /// A page as large as the page size asked for (with no size known, any non-empty page)
    /// may be followed by another.
    FullPage,
    /// A field of the response body, by path (`["meta", "next_cursor"]`), holds the next
    /// cursor, the next page's URL (whose query gives its arguments) or its number; absent,
    /// `null` or `""` means the last page.
    Body(P),
    /// An RFC 8288 `Link` response header with `rel="next"`.
    Link,
    /// Stripe's style: a boolean field of the body (`has_more`) says whether more follows, and
    /// the cursor of the next page is the `id` of the last item of the list field (`data`).
    LastItem {
        /// The boolean field.
        more: S,
        /// The list field.
        list: S,
        /// The field of an item that is its cursor.
        id: S,
    },
}

/// How an operation pages, as generated from its OpenAPI description or the tool file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Paging<S = &'static str, P = &'static [&'static str]> {
    /// How pages are addressed.
    pub style: PageStyle<S>,
    /// The query parameter of the page size, when the API takes one.
    pub size: Option<S>,
    /// The page size the API uses when none is sent (its schema's `default`).
    pub default_size: Option<u64>,
    /// The largest page size the API accepts (its schema's `maximum`).
    pub max_size: Option<u64>,
    /// Where the API says that more follows.
    pub next: NextFrom<S, P>,
}

impl<S, P> Paging<S, P> {
    /// The page size to send when the agent gave none: the presenter's agent limit, within the
    /// API's maximum, so that the agent limit does not hide part of a page. `None` (the API's
    /// own default) without a size parameter or an agent limit.
    pub fn default_request_size(&self, limit: Option<usize>) -> Option<u64> {
        self.size.as_ref()?;
        let limit = u64::try_from(limit?).ok()?;
        Some(self.max_size.map_or(limit, |max| limit.min(max)).max(1))
    }
}
