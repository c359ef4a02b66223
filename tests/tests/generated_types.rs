//! Behaviour of the generated types: what deserializing lets in, what the writers put on the
//! wire, and how the generated enums, boxed cycles and presenters behave. Uses the checked-in
//! `generated/` modules and the compiled snapshot corpus.

use fusion_runtime::json::{JsonStyle, to_compact, to_json, to_pretty};
use fusion_runtime::{IntoToolResponse, Presenter, ToolResponse};
use fusion_tests::generated::{
    Client, ClientTier, Invoice, InvoiceLine, InvoiceLineDiscount, InvoicePresenter, InvoiceStatus,
    Person, Ticket, TicketPresenter, TicketPriority,
};
use fusion_tests::snapshots::{cycles, enums, keywords, nesting, nullable, odd_names, refs};
use serde_json::json;

/// An invoice row as a database would hand it over: undeclared columns at every level.
const INVOICE_ROW: &str = r#"{
  "ssn": "123-45-6789",
  "id": "INV-000001",
  "internal_cost": 1234,
  "amount_cents": 4500,
  "status": "overdue",
  "paid_at": null,
  "tax_rate": 0.2,
  "client": {
    "id": "C-1",
    "password_hash": "$argon2id$secret",
    "name": "Ada \"The Countess\" Lovelace",
    "email": null,
    "tier": "pro"
  },
  "lines": [
    {
      "sku": "A-1",
      "quantity": 2,
      "unit_cents": 1500,
      "cost_basis": 900,
      "discount": { "percent": 10, "reason": "loyal", "approved_by": "internal-bob" }
    },
    { "sku": "B-2", "quantity": 1, "unit_cents": 1500 }
  ]
}"#;

/// The data block of [`INVOICE_ROW`]: declared keys only, in schema order, absent and null
/// optional fields left out, `10.0` printed as JavaScript prints it, the redacted `email` that is
/// `null` left `null` (§10).
const INVOICE_BLOCK: &str = r#"{
  "id": "INV-000001",
  "amount_cents": 4500,
  "status": "overdue",
  "paid_at": null,
  "tax_rate": 0.2,
  "client": {
    "id": "C-1",
    "name": "Ada \"The Countess\" Lovelace",
    "email": null,
    "tier": "pro"
  },
  "lines": [
    {
      "sku": "A-1",
      "quantity": 2,
      "unit_cents": 1500,
      "discount": {
        "percent": 10,
        "reason": "loyal"
      }
    },
    {
      "sku": "B-2",
      "quantity": 1,
      "unit_cents": 1500
    }
  ]
}"#;

fn invoice() -> Invoice {
    serde_json::from_str(INVOICE_ROW).expect("the row deserializes into the generated Invoice")
}

/// Every secret of [`INVOICE_ROW`], none of which may reach a response.
const SECRETS: &[&str] = &[
    "ssn",
    "123-45-6789",
    "internal_cost",
    "1234",
    "password_hash",
    "argon2id",
    "cost_basis",
    "900",
    "approved_by",
    "internal-bob",
];

#[test]
fn undeclared_keys_are_dropped_when_deserializing() {
    let invoice = invoice();
    let expected = Invoice {
        id: "INV-000001".into(),
        amount_cents: 4500,
        status: InvoiceStatus::Overdue,
        due: None,
        // Sent as `null`: kept apart from absence, and written back as `null`.
        paid_at: Some(None),
        tax_rate: Some(0.2),
        client: Client {
            id: "C-1".into(),
            name: "Ada \"The Countess\" Lovelace".into(),
            email: Some(None),
            tier: Some(ClientTier::Pro),
        },
        lines: Some(vec![
            InvoiceLine {
                sku: "A-1".into(),
                quantity: 2,
                unit_cents: 1500,
                discount: Some(InvoiceLineDiscount {
                    percent: 10.0,
                    reason: Some("loyal".into()),
                }),
            },
            InvoiceLine {
                sku: "B-2".into(),
                quantity: 1,
                unit_cents: 1500,
                discount: None,
            },
        ]),
    };
    assert_eq!(invoice, expected);
}

/// The billing example's static rule (schemas/billing/invoice.yaml).
const CENTS_RULE: &str =
    "CRITICAL: amount_cents is in CENTS. Divide by 100 before showing an amount.";
/// Its conditional rule for the overdue invoice of [`invoice`].
const OVERDUE_RULE: &str = "Invoice INV-000001 is overdue: ask before sending a reminder.";
/// The rules block of [`invoice`].
const OVERDUE_RULES: &str = "<domain_rules>\n- CRITICAL: amount_cents is in CENTS. Divide by 100 before showing an amount.\n- Invoice INV-000001 is overdue: ask before sending a reminder.\n</domain_rules>";

#[test]
fn the_invoice_data_block_is_exact_and_holds_no_trace_of_undeclared_keys() {
    let invoice = invoice();
    assert_eq!(to_json(&invoice, JsonStyle::Pretty), INVOICE_BLOCK);
    let response = InvoicePresenter.present(&invoice);
    assert_eq!(response.texts()[0], INVOICE_BLOCK);
    assert!(
        response.texts().iter().any(|t| t == OVERDUE_RULES),
        "{:#?}",
        response.texts()
    );
    let wire = response.to_json();
    for secret in SECRETS {
        assert!(!wire.contains(secret), "`{secret}` leaked: {wire}");
    }
    // The Serialize derive (used by `success(&invoice)`) lets out exactly the same bytes.
    assert_eq!(to_pretty(&invoice).expect("serializes"), INVOICE_BLOCK);
}

#[test]
fn optional_fields_present_are_written_in_schema_order() {
    let mut invoice = invoice();
    invoice.due = Some("2025-01-31".into());
    invoice.paid_at = Some(Some("2025-02-01T10:00:00Z".into()));
    invoice.tax_rate = None;
    invoice.lines = Some(Vec::new());
    invoice.client.email = Some(Some("ada@example.com".into()));
    invoice.client.tier = None;
    assert_eq!(
        to_json(&invoice, JsonStyle::Compact),
        concat!(
            r#"{"id":"INV-000001","amount_cents":4500,"status":"overdue","due":"2025-01-31","#,
            r#""paid_at":"2025-02-01T10:00:00Z","client":{"id":"C-1","#,
            r#""name":"Ada \"The Countess\" Lovelace","email":"[REDACTED]"},"lines":[]}"#
        )
    );
    // An empty array stays `[]` in pretty output too, as `JSON.stringify` prints it.
    assert!(to_json(&invoice, JsonStyle::Pretty).ends_with("\"lines\": []\n}"));
}

#[test]
fn into_tool_response_is_the_presenter_response_and_the_view_is_the_data_block() {
    let invoice = invoice();
    let presented: ToolResponse = InvoicePresenter.present(&invoice);
    let converted = invoice.clone().into_tool_response();
    assert_eq!(converted, presented);
    assert_eq!(converted.is_error(), None);
    let view = converted
        .test_view()
        .expect("a presenter response has a test view");
    let parsed: serde_json::Value = serde_json::from_str(INVOICE_BLOCK).expect("the block is JSON");
    assert_eq!(view.data(), parsed);
    // The view is the wire data, not `serde_json::to_value`: the whole `f64` percent is the
    // integer `10` on the wire, as JavaScript prints it, where `to_value` keeps `10.0`.
    assert_eq!(view.data()["lines"][0]["discount"]["percent"], json!(10));
    assert_eq!(view.system_rules(), [CENTS_RULE, OVERDUE_RULE]);
    // The declared table, and the line count whose `when` holds: the invoice has lines.
    assert_eq!(view.ui_blocks().len(), 2, "the table and the line summary");
}

#[test]
fn a_collection_is_a_pretty_array_of_items() {
    let invoice = invoice();
    let response = InvoicePresenter.present_collection(&[invoice.clone(), invoice.clone()]);
    let block = response.first_text().expect("a data block");
    let indented = INVOICE_BLOCK.replace('\n', "\n  ");
    assert_eq!(block, format!("[\n  {indented},\n  {indented}\n]"));
    // The rest of the response (rules, UI, embeds) is pinned in tests/tests/billing_example.rs.
    assert_eq!(InvoicePresenter.present_collection(&[]).texts()[0], "[]");
    let item: serde_json::Value = serde_json::from_str(INVOICE_BLOCK).expect("the block is JSON");
    assert_eq!(
        response.test_view().expect("view").data(),
        json!([item.clone(), item])
    );
}

#[test]
fn the_ticket_presenter_drops_undeclared_keys_in_inline_and_shared_types() {
    let ticket: Ticket = serde_json::from_value(json!({
        "id": 7,
        "subject": "Login fails",
        "priority": "urgent",
        "opened_by": { "name": "Ada", "phone": "+44 000" },
        "messages": [
            { "author": { "name": "Bob", "email": "bob@example.com", "salary": 1 },
              "body": "line 1\nline 2\t\u{2028}", "sent_at": "2025-01-01T00:00:00Z",
              "ip": "10.0.0.1" }
        ],
        "escalation": null,
        "risk_score": 0.93
    }))
    .expect("the ticket deserializes");
    assert_eq!(ticket.priority, TicketPriority::Urgent);
    assert_eq!(
        ticket.opened_by,
        Person {
            name: "Ada".into(),
            email: None
        }
    );
    // The support ticket's data block is TOON (`data-format: toon`, wire format §11).
    let response = TicketPresenter.present(&ticket);
    assert_eq!(
        response.test_view().expect("view").data(),
        json!({
            "id": 7, "subject": "Login fails", "priority": "urgent",
            "opened_by": { "name": "Ada" },
            "messages": [{ "author": { "name": "Bob", "email": "bob@example.com" },
                           "body": "line 1\nline 2\t\u{2028}", "sent_at": "2025-01-01T00:00:00Z" }],
            "escalation": null
        })
    );
    let block = response.into_texts().remove(0);
    assert_eq!(
        block,
        concat!(
            "id: 7\nsubject: Login fails\npriority: urgent\nopened_by:\n  name: Ada\n",
            // One message: a table whose `author` column is a v4 nested column.
            "messages[1|]{author{name|email}|body|sent_at}:\n",
            "  Bob|bob@example.com|\"line 1\\nline 2\\t\u{2028}\"|\"2025-01-01T00:00:00Z\"\n",
            // Sent as `null`, so kept: absence and `null` are different data.
            "escalation: null"
        )
    );
    for secret in ["phone", "salary", "10.0.0.1", "risk_score"] {
        assert!(!block.contains(secret), "`{secret}` leaked: {block}");
    }
}

#[test]
fn odd_names_keep_their_original_key_on_the_wire() {
    let row = json!({
        "first-name": "Ada",
        "2fa": true,
        "ünï": "ü",
        "with space": 3,
        "a.b": "dot",
        "UPPER": "up",
        "camelCase": "camel",
        "quo\"te": "q",
        "back\\slash": "b",
        "tab\tkey": "t",
        "über-item": { "x-y": 1.5, "x_y": 99 },
        "first_name": "not this one"
    });
    let person: odd_names::OddPerson = serde_json::from_value(row).expect("deserializes");
    assert_eq!(person.first_name, "Ada");
    assert!(person.field_2fa);
    assert_eq!(person.ünï.as_deref(), Some("ü"));
    assert_eq!(person.with_space, Some(3));
    assert_eq!(person.a_b.as_deref(), Some("dot"));
    assert_eq!(person.upper.as_deref(), Some("up"));
    assert_eq!(person.camel_case.as_deref(), Some("camel"));
    assert_eq!(person.quo_te, "q");
    assert_eq!(person.back_slash.as_deref(), Some("b"));
    assert_eq!(person.tab_key.as_deref(), Some("t"));
    assert_eq!(
        person.über_item,
        Some(odd_names::OddPersonÜberItem { x_y: Some(1.5) })
    );
    let expected = concat!(
        r#"{"first-name":"Ada","2fa":true,"ünï":"ü","with space":3,"a.b":"dot","UPPER":"up","#,
        r#""camelCase":"camel","quo\"te":"q","back\\slash":"b","tab\tkey":"t","über-item":{"x-y":1.5}}"#
    );
    assert_eq!(to_json(&person, JsonStyle::Compact), expected);
    assert_eq!(to_compact(&person).expect("serializes"), expected);

    // The Rust field names are not wire names: a row spelled that way lacks the required keys.
    let error = serde_json::from_value::<odd_names::OddPerson>(json!({
        "first_name": "Ada", "field_2fa": true, "quo_te": "q"
    }))
    .expect_err("Rust names are not accepted as keys");
    assert!(
        error.to_string().contains("missing field `first-name`"),
        "{error}"
    );
}

#[test]
fn required_nullable_fields_write_null_and_absent_optional_fields_are_omitted() {
    let reading = nullable::Reading {
        id: 1,
        value: None,
        note: None,
        comment: None,
        place: None,
        samples: Some(vec![Some(1), None, Some(-3)]),
        flags: None,
        level: None,
    };
    assert_eq!(
        to_json(&reading, JsonStyle::Compact),
        r#"{"id":1,"value":null,"note":null,"place":null,"samples":[1,null,-3]}"#
    );
    assert_eq!(
        to_json(&reading, JsonStyle::Pretty),
        "{\n  \"id\": 1,\n  \"value\": null,\n  \"note\": null,\n  \"place\": null,\n  \"samples\": [\n    1,\n    null,\n    -3\n  ]\n}"
    );
    assert_eq!(
        to_pretty(&reading).expect("serializes"),
        to_json(&reading, JsonStyle::Pretty)
    );

    // An optional nullable field given as `null` is `Some(None)` and written back as `null`
    // (absent stays absent), as MCP Fusion keeps it; a nullable object holds its own optional
    // nullable field the same way.
    let parsed: nullable::Reading = serde_json::from_value(json!({
        "id": 2, "value": 0.5, "note": "n", "comment": null, "flags": null, "level": "high",
        "place": { "lat": 1.5, "lon": null }
    }))
    .expect("deserializes");
    assert_eq!(parsed.comment, Some(None));
    assert_eq!(parsed.samples, None);
    assert_eq!(
        to_json(&parsed, JsonStyle::Compact),
        r#"{"id":2,"value":0.5,"note":"n","comment":null,"place":{"lat":1.5,"lon":null},"flags":null,"level":"high"}"#
    );
    let response = nullable::ReadingPresenter.present(&parsed);
    assert_eq!(
        response.test_view().expect("view").data(),
        json!({"id": 2, "value": 0.5, "note": "n", "comment": null, "place": {"lat": 1.5, "lon": null}, "flags": null, "level": "high"})
    );

    // A required nullable key must be there: `null` is a value, absence is not.
    let missing = serde_json::from_value::<nullable::Reading>(json!({
        "id": 3, "note": null, "place": null
    }))
    .expect_err("`value` is required");
    assert_eq!(missing.to_string(), "missing field `value`");
}

#[test]
fn enums_convert_both_ways_in_schema_order() {
    assert_eq!(
        InvoiceStatus::ALL,
        [
            InvoiceStatus::Paid,
            InvoiceStatus::Pending,
            InvoiceStatus::Overdue
        ]
    );
    for status in InvoiceStatus::ALL {
        assert_eq!(status.as_str().parse::<InvoiceStatus>(), Ok(status));
        assert_eq!(status.to_string(), status.as_str());
        assert_eq!(
            to_json(&status, JsonStyle::Compact),
            format!("\"{}\"", status.as_str())
        );
        assert_eq!(
            serde_json::to_string(&status).expect("serializes"),
            format!("\"{status}\"")
        );
    }
    let error = "overdu".parse::<InvoiceStatus>().expect_err("not a value");
    assert_eq!(
        error.to_string(),
        "`overdu` is not a value of InvoiceStatus (expected one of: paid, pending, overdue)"
    );
    assert_eq!(error.value(), "overdu");
    assert_eq!(error.expected(), ["paid", "pending", "overdue"]);
    assert!(serde_json::from_str::<InvoiceStatus>("\"Paid\"").is_err());

    use enums::{JobLabel, JobSpeed, JobState, RetryPolicy};
    assert_eq!(JobState::InProgress.as_str(), "in-progress");
    assert_eq!("in-progress".parse(), Ok(JobState::InProgress));
    assert!("in_progress".parse::<JobState>().is_err());
    assert_eq!(
        JobSpeed::ALL.map(JobSpeed::as_str),
        ["1x", "2x", "10x"],
        "digit-first values get a prefixed variant and keep their value"
    );
    assert_eq!(JobSpeed::V2x.to_string(), "2x");
    assert_eq!(
        JobLabel::ALL.map(JobLabel::as_str),
        ["", "Self", "none", "UPPER case"]
    );
    assert_eq!("".parse(), Ok(JobLabel::Empty));
    assert_eq!(
        serde_json::from_str::<JobLabel>("\"\"").expect("the empty value"),
        JobLabel::Empty
    );
    assert_eq!(to_json(&JobLabel::Empty, JsonStyle::Pretty), "\"\"");
    assert_eq!(JobLabel::Self_.to_string(), "Self");
    assert_eq!(
        "x".parse::<JobLabel>()
            .expect_err("not a value")
            .to_string(),
        "`x` is not a value of JobLabel (expected one of: , Self, none, UPPER case)"
    );
    // One `$defs` enum, shared by another file's fields.
    let queue: enums::Queue = serde_json::from_value(json!({
        "name": "q", "policies": ["never", "on-failure"], "default_policy": "always"
    }))
    .expect("deserializes");
    assert_eq!(queue.policies, [RetryPolicy::Never, RetryPolicy::OnFailure]);
    assert_eq!(queue.default_policy, Some(RetryPolicy::Always));

    // Variants named like prelude values do not confuse the generated code.
    use keywords::Result as Outcome;
    assert_eq!("Err".parse(), Ok(Outcome::Err));
    assert_eq!(
        Outcome::ALL.map(Outcome::as_str),
        ["Ok", "Err", "Some", "None"]
    );
}

#[test]
fn keyword_fields_keep_their_keys() {
    let value: keywords::Self_ = serde_json::from_value(json!({
        "type": "t", "match": true, "ref": 1, "gen": "g", "self": "s", "async": 1.5,
        "crate": "c", "option": { "some": "x", "none": null }, "result": "None", "type_": "no"
    }))
    .expect("deserializes");
    assert_eq!(value.type_, "t");
    assert_eq!(value.result, Some(keywords::Result::None));
    let expected = r#"{"type":"t","match":true,"ref":1,"gen":"g","self":"s","async":1.5,"crate":"c","option":{"some":"x","none":null},"result":"None"}"#;
    assert_eq!(to_json(&value, JsonStyle::Compact), expected);
    assert_eq!(
        keywords::SelfPresenter
            .present(&value)
            .test_view()
            .expect("view")
            .data(),
        serde_json::from_str::<serde_json::Value>(expected).expect("JSON")
    );
}

#[test]
fn nested_inline_objects_and_arrays_of_arrays() {
    let row = json!({
        "name": "c",
        "meta": { "owner": { "id": 1, "contact": { "email": "e", "phone": "p" } } },
        "sections": [ { "title": "s", "entries": [ { "sku": "x", "price": -0.0 }, { "sku": "y" } ] } ],
        "matrix": [[1.5, 2], [], [1e21]],
        "grid": [[{ "x": 1 }, {}], []],
        "nothing": { "dropped": true }
    });
    let catalog: nesting::Catalog = serde_json::from_value(row).expect("deserializes");
    assert_eq!(
        to_json(&catalog, JsonStyle::Compact),
        concat!(
            r#"{"name":"c","meta":{"owner":{"id":1,"contact":{"email":"e"}}},"#,
            r#""sections":[{"title":"s","entries":[{"sku":"x","price":0},{"sku":"y"}]}],"#,
            r#""matrix":[[1.5,2],[],[1e+21]],"grid":[[{"x":1},{}],[]],"nothing":{}}"#
        )
    );
    assert_eq!(
        to_json(&catalog, JsonStyle::Pretty),
        to_pretty(&catalog).expect("serializes")
    );
    assert!(to_json(&catalog, JsonStyle::Pretty).ends_with("  \"nothing\": {}\n}"));
}

#[test]
fn references_share_one_type_across_files() {
    let order: refs::Order = serde_json::from_value(json!({
        "id": "O-1",
        "customer": {
            "name": "Ada",
            "currency": "EUR",
            "home": { "street": "1 Main St", "country": "UK",
                      "resident": { "name": "Ada", "home": null } }
        },
        "ship_to": { "street": "2 Side St", "country": "FR" },
        "total": { "amount": 4500, "currency": "EUR" },
        "refunds": [ { "amount": -100, "currency": "USD" } ]
    }))
    .expect("deserializes");
    // The same `types.yaml` enum behind a `$ref` from a JSON file and from a YAML `$defs`.
    let from_party: refs::Currency = order.customer.currency.expect("present");
    let from_money: refs::Currency = order.total.currency;
    assert_eq!(from_party, from_money);
    // `Address.resident` (in the subfolder) points back up to `party.json`: boxed both ways.
    let home: &refs::Address = order.customer.home.as_deref().expect("present");
    let resident: &refs::Party = home.resident.as_deref().expect("present");
    assert_eq!(resident.name, "Ada");
    assert_eq!(
        to_json(&order, JsonStyle::Compact),
        concat!(
            r#"{"id":"O-1","customer":{"name":"Ada","home":{"street":"1 Main St","country":"UK","#,
            r#""resident":{"name":"Ada"}},"currency":"EUR"},"ship_to":{"street":"2 Side St","#,
            r#""country":"FR"},"total":{"amount":4500,"currency":"EUR"},"#,
            r#""refunds":[{"amount":-100,"currency":"USD"}]}"#
        )
    );
}

#[test]
fn boxed_cyclic_types_round_trip() {
    use cycles::{Graph, NodeA, NodeB, Tree};
    let leaf = |label: &str| Tree {
        label: label.into(),
        children: Vec::new(),
        parent: None,
    };
    let tree = Tree {
        label: "root".into(),
        children: vec![
            Tree {
                label: "a".into(),
                children: vec![leaf("a1")],
                parent: Some(Box::new(leaf("root"))),
            },
            leaf("b"),
        ],
        parent: None,
    };
    let compact = to_json(&tree, JsonStyle::Compact);
    assert_eq!(
        compact,
        r#"{"label":"root","children":[{"label":"a","children":[{"label":"a1","children":[]}],"parent":{"label":"root","children":[]}},{"label":"b","children":[]}]}"#
    );
    assert_eq!(
        serde_json::from_str::<Tree>(&compact).expect("round trip"),
        tree
    );
    assert_eq!(
        serde_json::from_str::<Tree>(&to_json(&tree, JsonStyle::Pretty)).expect("round trip"),
        tree
    );

    let graph = Graph {
        name: "g".into(),
        start: Some(NodeA {
            id: 1,
            next: Some(Box::new(NodeB {
                weight: 0.5,
                back: Some(Box::new(NodeA { id: 2, next: None })),
                many: Some(vec![NodeA { id: 3, next: None }]),
            })),
        }),
    };
    let compact = to_json(&graph, JsonStyle::Compact);
    assert_eq!(
        compact,
        r#"{"name":"g","start":{"id":1,"next":{"weight":0.5,"back":{"id":2},"many":[{"id":3}]}}}"#
    );
    assert_eq!(
        serde_json::from_str::<Graph>(&compact).expect("round trip"),
        graph
    );
    assert_eq!(
        cycles::GraphPresenter
            .present(&graph)
            .test_view()
            .expect("view")
            .data(),
        serde_json::to_value(&graph).expect("to_value")
    );
}

#[test]
fn ticket_priority_from_str_and_presenter_collection() {
    assert_eq!("normal".parse(), Ok(TicketPriority::Normal));
    let ticket = Ticket {
        id: 1,
        subject: "s".into(),
        priority: TicketPriority::Low,
        opened_by: Person {
            name: "n".into(),
            email: None,
        },
        assignee: None,
        tags: Some(vec!["a\"b".into()]),
        messages: Vec::new(),
        escalation: None,
    };
    assert_eq!(
        to_json(&ticket, JsonStyle::Compact),
        r#"{"id":1,"subject":"s","priority":"low","opened_by":{"name":"n"},"tags":["a\"b"],"messages":[]}"#
    );
    let response = ticket.clone().into_tool_response();
    assert_eq!(response, TicketPresenter.present(&ticket));
}

/// The enums of values of `tests/corpus/enums/values.yaml`: exactly those JSON values in, each
/// written back as the schema writes it, in JSON and in TOON.
#[test]
fn enums_of_numbers_and_booleans_read_and_write_exactly_their_values() {
    use enums::values::{Disk, DiskBlockSize, DiskLabel, DiskNothing, DiskRatio, DiskSpare};
    use fusion_runtime::Selection;
    use fusion_runtime::toon::{ToonOptions, encode_typed, encode_value};
    let value = json!({
        "block_size": 18446744073709551615_u64, "offset": -1, "ratio": 1e-7, "flag": true,
        "label": false, "parity": null, "spare": null, "nothing": null
    });
    let disk: Disk = serde_json::from_value(value.clone()).unwrap();
    assert_eq!(disk.block_size, DiskBlockSize::V18446744073709551615);
    assert_eq!(disk.ratio, DiskRatio::V1eMinus7);
    assert_eq!(disk.label, DiskLabel::False);
    // Optional and nullable: `null` is kept apart from absence.
    assert_eq!(disk.spare, Some(None));
    assert_eq!(disk.nothing, Some(None));
    assert_eq!(
        to_json(&disk, JsonStyle::Pretty),
        serde_json::to_string_pretty(&value).unwrap()
    );
    let options = ToonOptions::default();
    assert_eq!(
        encode_typed(&disk, &Selection::all(), &options),
        encode_value(&value, &options)
    );
    // Numbers by value: `4096.0` is the schema's `4096`, written as the schema writes it.
    let other = json!({
        "block_size": 4096.0, "offset": 0, "ratio": 0.5, "flag": true, "label": "one",
        "parity": 2, "spare": 3
    });
    let disk: Disk = serde_json::from_value(other).unwrap();
    assert_eq!(disk.nothing, None);
    assert_eq!(disk.spare, Some(Some(DiskSpare::V3)));
    assert_eq!(
        to_json(&disk, JsonStyle::Compact),
        r#"{"block_size":4096,"offset":0,"ratio":0.5,"flag":true,"label":"one","parity":2,"spare":3}"#
    );
    // Anything else is refused where it stands.
    let refused = |text: &str| serde_json::from_str::<Disk>(text).unwrap_err().to_string();
    let base = r#""offset": 0, "ratio": 0.5, "flag": true, "label": 1, "parity": 1"#;
    assert_eq!(
        refused(&format!("{{\"block_size\": 513, {base}}}")),
        "invalid value: integer `513`, expected one of 512, 4096, 18446744073709551615 at line 1 column 18"
    );
    assert!(
        refused(&format!("{{\"block_size\": \"512\", {base}}}"))
            .contains("invalid value: string \"512\"")
    );
    assert!(
        refused(&format!("{{\"block_size\": 512, {base}, \"nothing\": 0}}"))
            .contains("expected null")
    );
    let no_flag = base.replace("true", "false");
    assert!(
        refused(&format!("{{\"block_size\": 512, {no_flag}}}"))
            .contains("invalid value: boolean `false`, expected true")
    );
    assert!(
        refused(
            &format!("{{\"block_size\": 512, {base}}}").replace("\"parity\": 1", "\"parity\": 3")
        )
        .contains("expected one of 1, 2, null")
    );
    assert_eq!(
        DiskLabel::ALL.map(DiskLabel::as_json),
        ["1", "\"one\"", "false"]
    );
    assert!(DiskNothing::ALL.is_empty());
}

/// `tests/corpus/unions/booleans.yaml`: `true` is any value, `false` and `not: true` a key
/// that may never appear, a list of types with `object` and `array` a union of the branches.
#[test]
fn boolean_schemas_and_lists_of_object_and_array_types() {
    use fusion_tests::snapshots::unions::booleans::{Flexible, FlexibleEither};
    // An optional key of any value keeps an explicit `null`: it is a value, not absence.
    let value = json!({
        "anything": {"x": [1, null]}, "free": null, "either": {"label": "l"}, "list": [true, "s"]
    });
    let flexible: Flexible = serde_json::from_value(value.clone()).unwrap();
    assert!(matches!(flexible.either, FlexibleEither::Object(_)));
    assert_eq!(flexible.free, Some(serde_json::Value::Null));
    assert_eq!(
        to_json(&flexible, JsonStyle::Pretty),
        serde_json::to_string_pretty(&value).unwrap()
    );
    for either in [json!("s"), json!([1, 2])] {
        let value = json!({"anything": null, "either": either});
        let flexible: Flexible = serde_json::from_value(value.clone()).unwrap();
        assert_eq!(
            to_json(&flexible, JsonStyle::Compact),
            serde_json::to_string(&value).unwrap()
        );
    }
    // `false`: a value that has the key is refused, whatever its value.
    for key in ["gone", "never"] {
        let error =
            serde_json::from_value::<Flexible>(json!({"anything": 1, "either": "s", key: null}))
                .unwrap_err()
                .to_string();
        assert!(error.contains("expected no value"), "{key}: {error}");
    }
    let error = serde_json::from_value::<Flexible>(json!({"anything": 1, "either": [1.5]}))
        .unwrap_err()
        .to_string();
    assert!(error.contains("did not match any variant"), "{error}");
}

/// `tests/corpus/nesting/tuples.yaml`: 2020-12 tuples (`prefixItems`, `items` past them) of one
/// length are tuple structs, read from and written as arrays of exactly that length.
#[test]
fn tuples_read_and_write_arrays_of_their_length() {
    use fusion_runtime::Selection;
    use fusion_runtime::toon::{ToonOptions, encode_typed, encode_value};
    use fusion_tests::snapshots::nesting::tuples::{Route, RouteStart};
    let value = json!({
        "start": [48.85, 2.35],
        "leg": ["north", {"name": "a"}, {"name": "b", "next": ["x", {"name": "c"}, {"name": "d"}, {"name": "e"}]}, {"name": "f"}],
        "legs": [[1, null], [2, "two"]]
    });
    let route: Route = serde_json::from_value(value.clone()).unwrap();
    assert_eq!(route.start, RouteStart(48.85, 2.35));
    assert_eq!(
        to_json(&route, JsonStyle::Pretty),
        serde_json::to_string_pretty(&value).unwrap()
    );
    let options = ToonOptions::default();
    assert_eq!(
        encode_typed(&route, &Selection::all(), &options),
        encode_value(&value, &options)
    );
    for start in [json!([1.0]), json!([1.0, 2.0, 3.0]), json!([1.0, "x"])] {
        assert!(serde_json::from_value::<Route>(json!({ "start": start })).is_err());
    }
    let error =
        serde_json::from_str::<Route>("{\"start\": [1, 2],\n \"leg\": [\"n\", {\"name\": \"a\"}]}")
            .unwrap_err();
    assert_eq!(error.line(), 2, "{error}");
}
