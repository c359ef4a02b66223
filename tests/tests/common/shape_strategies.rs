//! Instances of every generated type for the TOON shape tests, with optional fields drawn at a
//! per-collection presence rate `p` (0, ½ or 1): at 0 and 1 the items of a slice share their key
//! sets, so tables with optional fields and nested columns occur as often as list forms.

use fusion_tests::generated::{
    Client, ClientTier, Invoice, InvoiceLine, InvoiceLineDiscount, InvoiceStatus, Person, Ticket,
    TicketEscalation, TicketMessagesItem, TicketPriority,
};
use fusion_tests::snapshots::{behaviours, cycles, nullable, odd_names};
use proptest::collection::vec;
use proptest::option::weighted;
use proptest::prelude::*;

/// Strings that exercise every quoting rule of TOON §7.2 and the three delimiters.
pub fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[-#:|,\t \"\\\\\\[\\]{}a-c0-9.eE+\n\u{1}é]{0,6}",
        prop::sample::select(vec![
            "", "true", "null", "-1", "05", "1e5", " a", "[x]", "ok"
        ])
        .prop_map(str::to_owned),
    ]
}

/// Floats with non-finite values (both paths write `null`), `-0` and integral values.
pub fn number() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        prop::sample::select(vec![0.0, -0.0, 1e21, 1e-7, 0.19, f64::NAN, f64::INFINITY]),
        (-1000i64..1000).prop_map(|i| i as f64),
    ]
}

/// A presence rate: every optional field absent, present, or either.
pub fn rate() -> impl Strategy<Value = f64> {
    prop::sample::select(vec![0.0, 0.5, 1.0])
}

/// `Some` at rate `p`; the ends are exact (`weighted` takes only rates strictly inside 0..1).
fn opt<S: Strategy + 'static>(p: f64, s: S) -> BoxedStrategy<Option<S::Value>>
where
    S::Value: Clone,
{
    if p <= 0.0 {
        Just(None).boxed()
    } else if p >= 1.0 {
        s.prop_map(Some).boxed()
    } else {
        weighted(p, s).boxed()
    }
}

/// An optional nullable value: present at rate `p`, and then `null` or a value alike, so that
/// all three states (absent, `null`, a value) meet in one collection.
fn three_state<S: Strategy + 'static>(p: f64, s: S) -> BoxedStrategy<Option<Option<S::Value>>>
where
    S::Value: Clone,
{
    opt(p, weighted(0.5, s))
}

fn pick<T: Clone + std::fmt::Debug + 'static>(all: &[T]) -> impl Strategy<Value = T> + use<T> {
    prop::sample::select(all.to_vec())
}

pub fn client(p: f64) -> impl Strategy<Value = Client> {
    (
        text(),
        text(),
        three_state(p, text()),
        opt(p, pick(&ClientTier::ALL)),
    )
        .prop_map(|(id, name, email, tier)| Client {
            id,
            name,
            email,
            tier,
        })
}

pub fn invoice(p: f64) -> impl Strategy<Value = Invoice> {
    let discount = (number(), opt(p, text()))
        .prop_map(|(percent, reason)| InvoiceLineDiscount { percent, reason });
    let line = (text(), any::<i64>(), any::<i64>(), opt(p, discount)).prop_map(
        |(sku, quantity, unit_cents, discount)| InvoiceLine {
            sku,
            quantity,
            unit_cents,
            discount,
        },
    );
    (
        (text(), any::<i64>(), pick(&InvoiceStatus::ALL)),
        (opt(p, text()), three_state(p, text()), opt(p, number())),
        (client(p), opt(p, vec(line, 0..4))),
    )
        .prop_map(
            |((id, amount_cents, status), (due, paid_at, tax_rate), (client, lines))| Invoice {
                id,
                amount_cents,
                status,
                due,
                paid_at,
                tax_rate,
                client,
                lines,
            },
        )
}

fn person(p: f64) -> impl Strategy<Value = Person> {
    (text(), opt(p, text())).prop_map(|(name, email)| Person { name, email })
}

pub fn ticket(p: f64) -> impl Strategy<Value = Ticket> {
    let message = (person(p), text(), text(), opt(p, any::<bool>())).prop_map(
        |(author, body, sent_at, internal)| TicketMessagesItem {
            author,
            body,
            sent_at,
            internal,
        },
    );
    let escalation = (any::<i64>(), opt(p, text()))
        .prop_map(|(level, reason)| TicketEscalation { level, reason });
    (
        (any::<i64>(), text(), pick(&TicketPriority::ALL)),
        (person(p), opt(p, person(p)), opt(p, vec(text(), 0..4))),
        (vec(message, 0..4), three_state(p, escalation)),
    )
        .prop_map(
            |((id, subject, priority), (opened_by, assignee, tags), (messages, escalation))| {
                Ticket {
                    id,
                    subject,
                    priority,
                    opened_by,
                    assignee,
                    tags,
                    messages,
                    escalation,
                }
            },
        )
}

pub fn odd_person(p: f64) -> impl Strategy<Value = odd_names::OddPerson> {
    let über = opt(p, number()).prop_map(|x_y| odd_names::OddPersonÜberItem { x_y });
    (
        (
            text(),
            any::<bool>(),
            opt(p, text()),
            opt(p, any::<i64>()),
            opt(p, text()),
        ),
        (
            opt(p, text()),
            opt(p, text()),
            text(),
            opt(p, text()),
            opt(p, text()),
        ),
        opt(p, über),
    )
        .prop_map(
            |(
                (first_name, field_2fa, ünï, with_space, a_b),
                (upper, camel_case, quo_te, back_slash, tab_key),
                über_item,
            )| {
                odd_names::OddPerson {
                    first_name,
                    field_2fa,
                    ünï,
                    with_space,
                    a_b,
                    upper,
                    camel_case,
                    quo_te,
                    back_slash,
                    tab_key,
                    über_item,
                }
            },
        )
}

pub fn reading(p: f64) -> impl Strategy<Value = nullable::Reading> {
    let place = (number(), three_state(p, number()))
        .prop_map(|(lat, lon)| nullable::ReadingPlace { lat, lon });
    (
        (
            any::<i64>(),
            opt(p, number()),
            opt(p, text()),
            three_state(p, text()),
        ),
        (opt(p, place), opt(p, vec(opt(p, any::<i64>()), 0..4))),
        (
            three_state(p, vec(any::<bool>(), 0..4)),
            three_state(p, pick(&nullable::ReadingLevel::ALL)),
        ),
    )
        .prop_map(
            |((id, value, note, comment), (place, samples), (flags, level))| nullable::Reading {
                id,
                value,
                note,
                comment,
                place,
                samples,
                flags,
                level,
            },
        )
}

pub fn account(p: f64) -> impl Strategy<Value = behaviours::Account> {
    (
        (
            any::<i64>(),
            text(),
            number(),
            pick(&behaviours::AccountPlan::ALL),
        ),
        (any::<bool>(), three_state(p, text()), opt(p, any::<i64>())),
    )
        .prop_map(
            |((id, owner, balance, plan), (active, note, credit_limit))| behaviours::Account {
                id,
                owner,
                balance,
                plan,
                active,
                note,
                credit_limit,
            },
        )
}

pub fn ledger(p: f64) -> impl Strategy<Value = behaviours::Ledger> {
    let entry = (text(), number()).prop_map(|(label, amount)| behaviours::Entry { label, amount });
    (
        any::<i64>(),
        text(),
        number(),
        three_state(p, text()),
        vec(entry, 0..4),
    )
        .prop_map(|(id, owner, balance, memo, entries)| behaviours::Ledger {
            id,
            owner,
            balance,
            memo,
            entries,
        })
}

pub fn status_row() -> impl Strategy<Value = behaviours::StatusRow> {
    (text(), text()).prop_map(|(id, status)| behaviours::StatusRow { id, status })
}

/// Trees up to 3 levels deep (the cycle through `Vec` children and a boxed optional parent).
pub fn tree() -> impl Strategy<Value = cycles::Tree> {
    let leaf = text().prop_map(|label| cycles::Tree {
        label,
        children: Vec::new(),
        parent: None,
    });
    leaf.prop_recursive(3, 16, 3, |inner| {
        (
            text(),
            vec(inner.clone(), 0..3),
            proptest::option::of(inner.prop_map(Box::new)),
        )
            .prop_map(|(label, children, parent)| cycles::Tree {
                label,
                children,
                parent,
            })
    })
}

/// Graphs of the mutually recursive `NodeA` → `NodeB` → `NodeA`, up to 3 levels deep.
pub fn graph(p: f64) -> impl Strategy<Value = cycles::Graph> {
    let leaf = any::<i64>().prop_map(|id| cycles::NodeA { id, next: None });
    let node = leaf.prop_recursive(3, 16, 3, move |inner| {
        let b = (
            number(),
            opt(p, inner.clone().prop_map(Box::new)),
            opt(p, vec(inner, 0..3)),
        )
            .prop_map(|(weight, back, many)| cycles::NodeB { weight, back, many });
        (any::<i64>(), opt(p, b.prop_map(Box::new)))
            .prop_map(|(id, next)| cycles::NodeA { id, next })
    });
    (text(), opt(p, node)).prop_map(|(name, start)| cycles::Graph { name, start })
}
