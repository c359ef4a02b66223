//! Round-trip properties of the generated writers, on arbitrary instances of generated types
//! (`generated/` and the snapshot corpus):
//!
//! - the generated `WriteJson` impl (`to_json`, pretty and compact) writes exactly the bytes the
//!   runtime's generic Serialize path (`to_pretty` / `to_compact`) writes for the same value, so
//!   the typed fast path and the derive can never disagree on the wire;
//! - the output deserializes (serde_json) back to an equal value, and writing that again gives
//!   the same bytes;
//! - the generated TOON encoder (`WriteToon`) writes exactly what the generic encoder writes for
//!   the same data as a `Value`, for slices and items, any `_select`, all three delimiters
//!   (`common/toon_diff.rs`).
//!
//! Float equality is `f64`'s `==`: `-0.0` is written `0` and comes back as `0.0`, which `==`
//! counts as equal, and NaN and infinities (written `null`, as `JSON.stringify` does) are not
//! generated because `null` cannot come back as an `f64`. Exact comparison relies on serde_json
//! parsing floats correctly rounded: its `float_roundtrip` feature is on in this test build
//! (fusion-gen enables it).

use std::fmt::Debug;

use crate::common::toon_diff;

use fusion_runtime::json::{JsonStyle, WriteJson, to_compact, to_json, to_pretty};
use fusion_tests::generated::{
    Client, ClientTier, Invoice, InvoiceLine, InvoiceLineDiscount, InvoiceStatus, Person, Ticket,
    TicketEscalation, TicketMessagesItem, TicketPriority,
};
use fusion_tests::snapshots::{composition, cycles, nullable, odd_names, unions};
use proptest::collection::vec;
use proptest::option::of;
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Strings that stress escaping: any Unicode, plus a dense mix of quotes, backslashes, control
/// characters, DEL, non-ASCII, U+2028/U+2029 and astral characters.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[\\x00-\\x1f\"\\\\/a-z \u{7f}\u{80}é\u{2028}\u{2029}\u{fffd}😀]{0,12}",
        Just(String::new()),
    ]
}

/// An optional nullable value in each of its three states: absent, `null`, a value. A round
/// trip that lost an explicit `null` (or made one up) fails.
fn three_state<S: Strategy>(value: S) -> impl Strategy<Value = Option<Option<S::Value>>> {
    of(of(value))
}

/// Finite doubles: the whole range, decimal-looking values around the layout boundaries, and
/// the edge cases (negative zero, extremes, the smallest subnormal).
fn number() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>().prop_filter("finite", |v| v.is_finite()),
        (-1e7f64..1e7).prop_map(|v| (v * 100.0).round() / 100.0),
        (1u64..1_000_000_000_000_000, -30i32..30).prop_map(|(m, e)| m as f64 * 10f64.powi(e)),
        prop::sample::select(vec![
            0.0,
            -0.0,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE,
            5e-324,
            1e21,
            1e-7,
            0.1,
            4500.0,
            9_007_199_254_740_993.0,
        ]),
    ]
}

/// Integers: the whole range and its extremes.
fn integer() -> impl Strategy<Value = i64> {
    prop_oneof![
        any::<i64>(),
        prop::sample::select(vec![i64::MIN, i64::MAX, i64::MIN + 1, -1, 0, 1 << 53]),
    ]
}

fn client() -> impl Strategy<Value = Client> {
    (
        text(),
        text(),
        three_state(text()),
        of(prop::sample::select(ClientTier::ALL.to_vec())),
    )
        .prop_map(|(id, name, email, tier)| Client {
            id,
            name,
            email,
            tier,
        })
}

fn invoice_line() -> impl Strategy<Value = InvoiceLine> {
    let discount = (number(), of(text()))
        .prop_map(|(percent, reason)| InvoiceLineDiscount { percent, reason });
    (text(), integer(), integer(), of(discount)).prop_map(
        |(sku, quantity, unit_cents, discount)| InvoiceLine {
            sku,
            quantity,
            unit_cents,
            discount,
        },
    )
}

fn invoice() -> impl Strategy<Value = Invoice> {
    (
        text(),
        integer(),
        prop::sample::select(InvoiceStatus::ALL.to_vec()),
        of(text()),
        three_state(text()),
        of(number()),
        client(),
        of(vec(invoice_line(), 0..4)),
    )
        .prop_map(
            |(id, amount_cents, status, due, paid_at, tax_rate, client, lines)| Invoice {
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

fn person() -> impl Strategy<Value = Person> {
    (text(), of(text())).prop_map(|(name, email)| Person { name, email })
}

fn ticket() -> impl Strategy<Value = Ticket> {
    let message = (person(), text(), text(), of(any::<bool>())).prop_map(
        |(author, body, sent_at, internal)| TicketMessagesItem {
            author,
            body,
            sent_at,
            internal,
        },
    );
    let escalation =
        (integer(), of(text())).prop_map(|(level, reason)| TicketEscalation { level, reason });
    (
        integer(),
        text(),
        prop::sample::select(TicketPriority::ALL.to_vec()),
        person(),
        of(person()),
        of(vec(text(), 0..4)),
        vec(message, 0..3),
        three_state(escalation),
    )
        .prop_map(
            |(id, subject, priority, opened_by, assignee, tags, messages, escalation)| Ticket {
                id,
                subject,
                priority,
                opened_by,
                assignee,
                tags,
                messages,
                escalation,
            },
        )
}

fn odd_person() -> impl Strategy<Value = odd_names::OddPerson> {
    (
        (text(), any::<bool>(), of(text()), of(integer()), of(text())),
        (of(text()), of(text()), text(), of(text()), of(text())),
        of(of(number()).prop_map(|x_y| odd_names::OddPersonÜberItem { x_y })),
    )
        .prop_map(
            |(
                (first_name, field_2fa, ünï, with_space, a_b),
                (upper, camel_case, quo_te, back_slash, tab_key),
                über_item,
            )| odd_names::OddPerson {
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
            },
        )
}

fn reading() -> impl Strategy<Value = nullable::Reading> {
    let place = (number(), three_state(number()))
        .prop_map(|(lat, lon)| nullable::ReadingPlace { lat, lon });
    (
        integer(),
        of(number()),
        of(text()),
        three_state(text()),
        of(place),
        of(vec(of(integer()), 0..5)),
        three_state(vec(any::<bool>(), 0..5)),
        three_state(prop::sample::select(nullable::ReadingLevel::ALL.to_vec())),
    )
        .prop_map(|(id, value, note, comment, place, samples, flags, level)| {
            nullable::Reading {
                id,
                value,
                note,
                comment,
                place,
                samples,
                flags,
                level,
            }
        })
}

/// Trees up to 4 levels deep, with boxed optional parents and `Vec` children.
fn tree() -> impl Strategy<Value = cycles::Tree> {
    let leaf = text().prop_map(|label| cycles::Tree {
        label,
        children: Vec::new(),
        parent: None,
    });
    leaf.prop_recursive(4, 24, 3, |inner| {
        (
            text(),
            vec(inner.clone(), 0..3),
            of(inner.prop_map(Box::new)),
        )
            .prop_map(|(label, children, parent)| cycles::Tree {
                label,
                children,
                parent,
            })
    })
}

/// Graphs of the mutually recursive `NodeA` → `NodeB` → `NodeA`, up to 4 levels deep.
fn graph() -> impl Strategy<Value = cycles::Graph> {
    let leaf = integer().prop_map(|id| cycles::NodeA { id, next: None });
    let node = leaf.prop_recursive(4, 24, 3, |inner| {
        let b = (
            number(),
            of(inner.clone().prop_map(Box::new)),
            of(vec(inner, 0..3)),
        )
            .prop_map(|(weight, back, many)| cycles::NodeB { weight, back, many });
        (integer(), of(b.prop_map(Box::new))).prop_map(|(id, next)| cycles::NodeA { id, next })
    });
    (text(), of(node)).prop_map(|(name, start)| cycles::Graph { name, start })
}

/// Issues with every union shape: a string-or-object list, a nullable reference, a tagged pair,
/// lists of primitive types in every branch (so values an earlier branch also reads, like the
/// `Number` 5.0 that `score`'s `Integer` reads back, are generated too).
fn issue() -> impl Strategy<Value = unions::Issue> {
    use unions::{Bot, BotKind, IssueLabelsItem, IssuePerformedVia, IssueScore, IssueValue};
    use unions::{Label, User, UserKind};
    let user = || {
        text().prop_map(|login| User {
            kind: UserKind::User,
            login,
        })
    };
    let label = prop_oneof![
        text().prop_map(IssueLabelsItem::String),
        (text(), of(text()))
            .prop_map(|(name, color)| IssueLabelsItem::Label(Label { name, color })),
    ];
    let performer = prop_oneof![
        user().prop_map(IssuePerformedVia::User),
        text().prop_map(|slug| IssuePerformedVia::Bot(Bot {
            kind: BotKind::Bot,
            slug
        })),
    ];
    let value = prop_oneof![
        text().prop_map(IssueValue::String),
        number().prop_map(IssueValue::Number),
        integer().prop_map(IssueValue::Integer),
    ];
    let score = prop_oneof![
        integer().prop_map(IssueScore::Integer),
        number().prop_map(IssueScore::Number),
    ];
    (
        integer(),
        vec(label, 0..4),
        of(user()),
        performer,
        of(value),
        three_state(score),
    )
        .prop_map(
            |(id, labels, assignee, performed_via, value, score)| unions::Issue {
                id,
                labels,
                assignee,
                performed_via,
                value,
                score,
            },
        )
}

/// Events: a tagged union whose branches hold a map (`additionalProperties`), untagged unions
/// of objects, and a three-state tagged union whose tag key needs escaping.
fn event() -> impl Strategy<Value = unions::Event> {
    use unions::*;
    let reactions = vec((text(), integer()), 0..4).prop_map(|pairs| CommentedReactions {
        additional_properties: pairs.into_iter().collect(),
    });
    let payload = prop_oneof![
        integer().prop_map(|number| EventPayload::Opened(Opened {
            number,
            type_: OpenedType::Opened
        })),
        of(text()).prop_map(|reason| EventPayload::Closed(Closed {
            type_: ClosedType::Closed,
            reason
        })),
        (text(), of(reactions)).prop_map(|(body, reactions)| EventPayload::Commented(Commented {
            type_: CommentedType::Commented,
            body,
            reactions
        })),
    ];
    let history = prop_oneof![
        text().prop_map(|from| EventHistoryItem::Renamed(Renamed {
            action: RenamedAction::Edit,
            from
        })),
        text().prop_map(|title| EventHistoryItem::Retitled(Retitled {
            action: RetitledAction::Edit,
            title
        })),
    ];
    let origin = prop_oneof![
        text().prop_map(|url| EventOrigin::Web(Web {
            via: WebVia::Web,
            url
        })),
        (of(Just(ApiVia::Api)), text())
            .prop_map(|(via, client)| EventOrigin::Api(Api { via, client })),
    ];
    let hostile = prop_oneof![
        Just(EventHostile::Quoted(Quoted {
            k_i_nd: QuotedKiNd::AB
        })),
        of(integer()).prop_map(|n| EventHostile::Braced(Braced {
            k_i_nd: BracedKiNd::Empty,
            n
        })),
    ];
    (
        integer(),
        payload,
        of(vec(history, 0..3)),
        of(origin),
        three_state(hostile),
    )
        .prop_map(|(id, payload, history, origin, hostile)| Event {
            id,
            payload,
            history,
            origin,
            hostile,
        })
}

/// Any JSON value without floats (a float that happens to be integral reads back as an
/// integer: equal bytes, unequal `Value`s), nested up to 3 levels.
fn json_value() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::Value;
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        integer().prop_map(Value::from),
        text().prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 16, 3, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..3).prop_map(Value::Array),
            vec((text(), inner), 0..3).prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
        ]
    })
}

/// `additionalProperties: true` beside a declared key: extra keys of any value, in order. A
/// map key equal to the declared one would be read back into the field, so none is generated.
fn metadata() -> impl Strategy<Value = composition::RepositoryMetadata> {
    (of(text()), vec((text(), json_value()), 0..4)).prop_map(|(source, pairs)| {
        composition::RepositoryMetadata {
            source,
            additional_properties: pairs
                .into_iter()
                .filter(|(key, _)| key != "source")
                .collect(),
        }
    })
}

/// For values an untagged union may read back as an earlier branch: both writers agree byte
/// for byte in both styles, the bytes parse, and what they read back to writes the same bytes.
fn bytes_round_trip<T>(value: &T) -> Result<(), TestCaseError>
where
    T: WriteJson + Serialize + DeserializeOwned + Debug,
{
    for style in [JsonStyle::Pretty, JsonStyle::Compact] {
        let typed = to_json(value, style);
        let generic = match style {
            JsonStyle::Pretty => to_pretty(value),
            JsonStyle::Compact => to_compact(value),
        }
        .map_err(|e| TestCaseError::fail(format!("Serialize failed: {e}")))?;
        prop_assert_eq!(
            &typed,
            &generic,
            "{:?}: the generated writer and Serialize differ",
            style
        );
        let back: T = serde_json::from_str(&typed).map_err(|e| {
            TestCaseError::fail(format!("{style:?} output does not parse: {e}\n{typed}"))
        })?;
        prop_assert_eq!(to_json(&back, style), typed);
    }
    Ok(())
}

/// The property: both writers agree byte for byte in both styles, and the bytes read back to an
/// equal value that writes the same bytes again.
fn round_trips<T>(value: &T) -> Result<(), TestCaseError>
where
    T: WriteJson + Serialize + DeserializeOwned + PartialEq + Debug,
{
    let styles = [
        (JsonStyle::Pretty, to_pretty(value)),
        (JsonStyle::Compact, to_compact(value)),
    ];
    for (style, generic) in styles {
        let typed = to_json(value, style);
        let generic = generic.map_err(|e| TestCaseError::fail(format!("Serialize failed: {e}")))?;
        prop_assert_eq!(
            &typed,
            &generic,
            "{:?}: the generated writer and Serialize differ",
            style
        );
        let back: T = serde_json::from_str(&typed).map_err(|e| {
            TestCaseError::fail(format!("{style:?} output does not parse: {e}\n{typed}"))
        })?;
        prop_assert_eq!(
            &back,
            value,
            "{:?} output reads back differently: {}",
            style,
            typed
        );
        prop_assert_eq!(to_json(&back, style), typed);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn typed_toon_agrees_with_the_generic_encoder(
        invoices in vec(invoice(), 0..4),
        tickets in vec(ticket(), 0..4),
        people in vec(odd_person(), 0..4),
        readings in vec(reading(), 0..4),
        trees in vec(tree(), 0..3),
        graphs in vec(graph(), 0..3),
        issues in vec(issue(), 0..3),
        events in vec(event(), 0..3),
        selection in toon_diff::selection(8),
    ) {
        toon_diff::toon_agrees(&invoices, &selection)?;
        toon_diff::toon_agrees(&tickets, &selection)?;
        toon_diff::toon_agrees(&people, &selection)?;
        toon_diff::toon_agrees(&readings, &selection)?;
        toon_diff::toon_agrees(&trees, &selection)?;
        toon_diff::toon_agrees(&graphs, &selection)?;
        toon_diff::toon_agrees(&issues, &selection)?;
        toon_diff::toon_agrees(&events, &selection)?;
    }

    #[test]
    fn invoices_round_trip(mut value in invoice()) {
        // `client.email` is redacted (§10): the data block reads back as the censor, never the
        // clear value, so the round trip holds for a value that already shows the censor.
        value.client.email = value.client.email.map(|_| Some("[REDACTED]".to_owned()));
        round_trips(&value)?;
    }

    #[test]
    fn tickets_round_trip(value in ticket()) {
        round_trips(&value)?;
    }

    #[test]
    fn odd_names_round_trip(value in odd_person()) {
        round_trips(&value)?;
    }

    #[test]
    fn nullable_readings_round_trip(value in reading()) {
        round_trips(&value)?;
    }

    #[test]
    fn untagged_unions_round_trip_their_bytes(value in issue()) {
        bytes_round_trip(&value)?;
    }

    #[test]
    fn tagged_unions_and_maps_round_trip(value in event()) {
        round_trips(&value)?;
    }

    #[test]
    fn maps_of_any_value_round_trip(value in metadata()) {
        round_trips(&value)?;
    }

    #[test]
    fn trees_round_trip(value in tree()) {
        round_trips(&value)?;
    }

    #[test]
    fn mutually_recursive_graphs_round_trip(value in graph()) {
        round_trips(&value)?;
    }
}

/// Values the property cannot read back but whose bytes must still agree: non-finite numbers
/// are `null` on both paths, as `JSON.stringify` prints them.
#[test]
fn non_finite_numbers_are_null_on_both_paths() {
    for v in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let reading = nullable::Reading {
            id: 0,
            value: Some(v),
            note: None,
            comment: None,
            place: Some(nullable::ReadingPlace {
                lat: v,
                lon: Some(Some(v)),
            }),
            samples: None,
            flags: None,
            level: None,
        };
        for style in [JsonStyle::Pretty, JsonStyle::Compact] {
            let generic = match style {
                JsonStyle::Pretty => to_pretty(&reading),
                JsonStyle::Compact => to_compact(&reading),
            }
            .expect("serializes");
            assert_eq!(to_json(&reading, style), generic);
        }
        assert_eq!(
            to_json(&reading, JsonStyle::Compact),
            r#"{"id":0,"value":null,"note":null,"place":{"lat":null,"lon":null}}"#
        );
    }
}
