//! Which parameters a presenter's generated `item_blocks` and `collection_blocks` read, worked
//! out from the model, so that each one they do not read is named `_x` in the signature
//! instead of being silenced in the body (`let _ = (item, &builder);`).
//!
//! The rules mirror what [`super::behaviour`] and [`super::ui`] emit: a field placeholder reads
//! `item` (in a collection, the kept items it is written for), `{count}`, `{sum:…}`, `{shown}`
//! and columns read `kept`, `{hidden}` reads `kept` and `total`, `{total}` reads `total`.

use crate::model::{BehaviourModel, TextPart, UiKind, UiModel};

/// What a piece of generated code reads.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Reads {
    /// The item (item scope), or the kept items (collection scope).
    pub data: bool,
    /// The count-like collection values over `kept`.
    pub kept: bool,
    /// The total before the agent limit.
    pub total: bool,
}

impl Reads {
    fn or(self, other: Reads) -> Reads {
        Reads {
            data: self.data || other.data,
            kept: self.kept || other.kept,
            total: self.total || other.total,
        }
    }

    const DATA: Reads = Reads {
        data: true,
        kept: false,
        total: false,
    };
}

/// What the parts of a text read.
pub fn parts(parts: &[TextPart]) -> Reads {
    parts
        .iter()
        .fold(Reads::default(), |reads, p| reads.or(part(p)))
}

fn part(part: &TextPart) -> Reads {
    let none = Reads::default();
    match part {
        TextPart::Literal(_) => none,
        TextPart::Field(_) => Reads::DATA,
        TextPart::Count | TextPart::Shown | TextPart::Sum(_) | TextPart::Column(_) => {
            Reads { kept: true, ..none }
        }
        TextPart::Hidden => Reads {
            kept: true,
            total: true,
            ..none
        },
        TextPart::Total => Reads {
            total: true,
            ..none
        },
        TextPart::Computed(computed) => self::part(&computed.source),
    }
}

/// What a UI block reads; `collection` blocks that repeat per kept item read `kept` whatever
/// their text.
pub fn ui(block: &UiModel, collection: bool) -> Reads {
    let title = block.title.as_deref().map(parts).unwrap_or_default();
    let body = match &block.kind {
        UiKind::Table { .. } | UiKind::Json(_) => Reads::DATA,
        UiKind::List(text) if collection => Reads::DATA.or(parts(text)),
        UiKind::List(text)
        | UiKind::Markdown(text)
        | UiKind::Summary(text)
        | UiKind::Mermaid(text)
        | UiKind::Code { code: text, .. } => parts(text),
        UiKind::Echarts(pieces) => pieces
            .iter()
            .filter_map(|piece| match piece {
                crate::model::JsonPiece::Value(value, _) => Some(part(value)),
                crate::model::JsonPiece::Text(_) => None,
            })
            .fold(Reads::default(), Reads::or),
    };
    // A condition reads the item, in a collection its first kept item; what an empty
    // collection shows is decided on `kept`.
    let gated = match &block.empty {
        crate::model::EmptyModel::Text(text) if collection => Reads::DATA.or(parts(text)),
        crate::model::EmptyModel::Skip if collection => Reads::DATA,
        _ => Reads::default(),
    };
    let when = if block.when.is_some() {
        Reads::DATA
    } else {
        Reads::default()
    };
    title.or(body).or(gated).or(when)
}

/// The parameters `item_blocks(item, builder)` reads.
pub fn item_blocks(behaviour: &BehaviourModel) -> (bool, bool) {
    let item = !behaviour.embeds.is_empty()
        || behaviour.ui.iter().any(|u| ui(u, false).data)
        || behaviour.rules.iter().any(|r| !r.is_static())
        || behaviour.suggestions.iter().any(|s| !s.is_static());
    let builder = !behaviour.ui.is_empty()
        || !behaviour.embeds.is_empty()
        || !behaviour.directives.is_empty()
        || !behaviour.rules.is_empty()
        || !behaviour.suggestions.is_empty();
    (item, builder)
}

/// The parameters `collection_blocks(kept, total, builder)` reads.
pub fn collection_blocks(behaviour: &BehaviourModel) -> (bool, bool, bool) {
    let limit = behaviour.agent_limit.is_some();
    let collection_ui = behaviour
        .collection_ui
        .iter()
        .fold(Reads::default(), |reads, u| reads.or(ui(u, true)));
    let collection_rules = behaviour
        .collection_rules
        .iter()
        .fold(Reads::default(), |reads, r| {
            // A condition tests the first kept item.
            let when = if r.when.is_some() {
                Reads::DATA
            } else {
                Reads::default()
            };
            reads.or(parts(&r.parts)).or(when)
        });
    let suggestions = match &behaviour.collection_suggestions {
        // Declared collection suggestions are written under `if !kept.is_empty()`.
        Some(list) => list
            .iter()
            .fold(Reads::DATA, |reads, s| reads.or(parts(&s.reason))),
        // Item suggestions are written from the first kept item, or under `!kept.is_empty()`.
        None if !behaviour.suggestions.is_empty() => Reads::DATA,
        None => Reads::default(),
    };
    let texts = collection_ui.or(collection_rules).or(suggestions);
    let kept = limit
        || !behaviour.embeds.is_empty()
        || behaviour.rules.iter().any(|r| !r.is_static())
        || texts.data
        || texts.kept;
    let total = limit || texts.total;
    let builder = limit
        || !behaviour.collection_ui.is_empty()
        || !behaviour.embeds.is_empty()
        || !behaviour.directives.is_empty()
        || !behaviour.rules.is_empty()
        || !behaviour.collection_rules.is_empty()
        || behaviour
            .collection_suggestions
            .as_ref()
            .is_some_and(|list| !list.is_empty())
        || !behaviour.suggestions.is_empty();
    (kept, total, builder)
}
