//! Where an OpenAPI operation's parameters go: described once for the generator, which reads them
//! from a document (with `String`s), and for the HTTP client, which sends them (generated
//! `&'static str` constants). Public through [`crate::vocabulary::http`] and, with feature
//! `openapi`, [`crate::http_client`].

/// Where a parameter goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum In {
    /// A `{name}` segment of the path (style `simple`).
    Path,
    /// The query string (style `form`).
    Query,
    /// A request header (style `simple`).
    Header,
}

/// One parameter of an operation: its name, argument key, place and explode flag. `S` is
/// `&'static str` in generated constants and `String` where fusion-gen reads a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Param<S = &'static str> {
    /// The name in the request.
    pub name: S,
    /// The key of its argument: the name, unless the tool reserves it (an API's `action`
    /// parameter is the argument `action_param`); the request is sent under `name` whatever the
    /// key.
    pub arg: S,
    /// Where it goes.
    pub location: In,
    /// For a query array, one `name=value` pair per element (`explode: true`, form's default);
    /// else one pair of comma-separated values.
    pub explode: bool,
}
