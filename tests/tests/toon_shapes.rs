//! Every generated type's TOON — one item (an object root) and slices, all three delimiters, any
//! `_select` — against the generic encoder on its redacting `Serialize` (`common/toon_diff.rs`):
//! `generated/` (Invoice with its Client, lines and discounts, Ticket, Client) and the corpus (odd names, nullable, cycles, behaviours; nesting and redaction are in
//! `toon_typed.rs`). Optional fields are drawn at one presence rate per slice (`shape_strategies`)
//! so that tables with optional fields, nested columns and keyed tables occur, not only lists.

use crate::common::shape_strategies;
use crate::common::toon_diff;

use fusion_runtime::Selection;
use fusion_runtime::toon::{ToonOptions, encode_typed, encode_typed_slice};
use fusion_tests::generated::{Person, Ticket, TicketMessagesItem, TicketPriority};
use proptest::collection::vec;
use proptest::prelude::*;
use shape_strategies as s;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn invoices(items in s::rate().prop_flat_map(|p| vec(s::invoice(p), 0..4)), selection in toon_diff::selection(8)) {
        toon_diff::toon_agrees(&items, &selection)?;
        let clients: Vec<_> = items.iter().map(|i| i.client.clone()).collect();
        toon_diff::toon_agrees(&clients, &selection)?;
        for invoice in &items {
            if let Some(lines) = &invoice.lines {
                toon_diff::toon_agrees(lines, &Selection::all())?;
                let discounts: Vec<_> = lines.iter().filter_map(|l| l.discount.clone()).collect();
                toon_diff::toon_agrees(&discounts, &Selection::all())?;
            }
        }
    }

    #[test]
    fn clients(items in s::rate().prop_flat_map(|p| vec(s::client(p), 0..5)), selection in toon_diff::selection(4)) {
        toon_diff::toon_agrees(&items, &selection)?;
    }

    #[test]
    fn tickets(items in s::rate().prop_flat_map(|p| vec(s::ticket(p), 0..4)), selection in toon_diff::selection(8)) {
        toon_diff::toon_agrees(&items, &selection)?;
        // The two `Person` fields alone: a keyed table whenever their key sets agree (§9.5).
        toon_diff::toon_agrees(&items, &Selection::from_indices([4, 3]))?;
        for ticket in &items {
            toon_diff::toon_agrees(&ticket.messages, &Selection::all())?;
            toon_diff::toon_agrees(std::slice::from_ref(&ticket.opened_by), &Selection::all())?;
            if let Some(Some(escalation)) = &ticket.escalation {
                toon_diff::toon_agrees(std::slice::from_ref(escalation), &Selection::all())?;
            }
        }
    }

    #[test]
    fn odd_names(items in s::rate().prop_flat_map(|p| vec(s::odd_person(p), 0..4)), selection in toon_diff::selection(11)) {
        toon_diff::toon_agrees(&items, &selection)?;
        let über: Vec<_> = items.iter().filter_map(|i| i.über_item.clone()).collect();
        toon_diff::toon_agrees(&über, &Selection::all())?;
    }

    #[test]
    fn nullable(items in s::rate().prop_flat_map(|p| vec(s::reading(p), 0..4)), selection in toon_diff::selection(8)) {
        toon_diff::toon_agrees(&items, &selection)?;
    }

    #[test]
    fn cycles(
        trees in vec(s::tree(), 0..3),
        graphs in s::rate().prop_flat_map(|p| vec(s::graph(p), 0..3)),
        selection in toon_diff::selection(3),
    ) {
        toon_diff::toon_agrees(&trees, &selection)?;
        toon_diff::toon_agrees(&graphs, &selection)?;
        for graph in &graphs {
            if let Some(start) = &graph.start {
                toon_diff::toon_agrees(std::slice::from_ref(start), &Selection::all())?;
            }
        }
    }

    #[test]
    fn behaviours(
        accounts in s::rate().prop_flat_map(|p| vec(s::account(p), 0..4)),
        ledgers in s::rate().prop_flat_map(|p| vec(s::ledger(p), 0..4)),
        rows in vec(s::status_row(), 0..4),
        selection in toon_diff::selection(7),
    ) {
        toon_diff::toon_agrees(&accounts, &selection)?;
        toon_diff::toon_agrees(&ledgers, &selection)?;
        toon_diff::toon_agrees(&rows, &selection)?;
        for ledger in &ledgers {
            toon_diff::toon_agrees(&ledger.entries, &Selection::all())?;
        }
    }
}

fn person(name: &str, email: Option<&str>) -> Person {
    Person {
        name: name.to_owned(),
        email: email.map(str::to_owned),
    }
}

fn ticket(assignee: Option<Person>, messages: Vec<TicketMessagesItem>) -> Ticket {
    Ticket {
        id: 7,
        subject: "Login".to_owned(),
        priority: TicketPriority::Urgent,
        opened_by: person("Ana", Some("a@x")),
        assignee,
        tags: Some(vec!["a".to_owned(), "b|c".to_owned()]),
        messages,
        escalation: None,
    }
}

fn message(author: Person, internal: Option<bool>) -> TicketMessagesItem {
    TicketMessagesItem {
        author,
        body: "hi".to_owned(),
        sent_at: "2024-01-01".to_owned(),
        internal,
    }
}

/// The shapes the spec singles out, each pinned to its exact text (and to the reference).
#[test]
fn spec_shapes_of_one_ticket() {
    let pipe = ToonOptions::pipe();
    // Messages whose authors share a key set: a table with a nested column (v4).
    let uniform = ticket(
        None,
        vec![
            message(person("Ana", None), Some(true)),
            message(person("Bo", None), Some(false)),
        ],
    );
    assert_eq!(
        encode_typed(&uniform, &Selection::from_indices([6]), &pipe),
        "messages[2|]{author{name}|body|sent_at|internal}:\n  Ana|hi|2024-01-01|true\n  Bo|hi|2024-01-01|false"
    );
    // One author with an email, one without: key sets differ, so list form, first field on the
    // hyphen line (§10) with its nested object one level below.
    let mixed = ticket(
        None,
        vec![
            message(person("Ana", Some("a@x")), None),
            message(person("Bo", None), None),
        ],
    );
    assert_eq!(
        encode_typed(&mixed, &Selection::from_indices([6, 5]), &pipe),
        "messages[2|]:\n  - author:\n      name: Ana\n      email: a@x\n    body: hi\n    sent_at: 2024-01-01\n  - author:\n      name: Bo\n    body: hi\n    sent_at: 2024-01-01\ntags[2|]: a|\"b|c\""
    );
    // Two root fields that are uniform objects: a keyed table (§9.5).
    let keyed = ticket(Some(person("Bo", Some("b@x"))), Vec::new());
    assert_eq!(
        encode_typed(&keyed, &Selection::from_indices([3, 4]), &pipe),
        "[2:|]{name|email}:\n  opened_by: Ana|a@x\n  assignee: Bo|b@x"
    );
    // Nothing selected: the empty root object is the empty document; empty arrays.
    assert_eq!(
        encode_typed(&keyed, &Selection::from_indices([9]), &pipe),
        ""
    );
    assert_eq!(
        encode_typed(&keyed, &Selection::from_indices([6]), &pipe),
        "messages: []"
    );
    assert_eq!(
        encode_typed_slice::<Ticket>(&[], &Selection::all(), &pipe),
        "[]"
    );
    for t in [&uniform, &mixed, &keyed] {
        for selection in [Selection::all(), Selection::from_indices([6, 3, 4])] {
            toon_diff::toon_agrees(std::slice::from_ref(t), &selection).expect("agrees");
        }
    }
}
