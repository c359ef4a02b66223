//! Presenters over OpenAPI components (`tests/corpus/openapi/`): OpenAPI 3.0's `nullable` reads
//! as `type: [T, "null"]` wherever it stands, and the data block keeps an explicit `null` apart
//! from an absent key, as MCP Fusion (zod) does.

use fusion_runtime::toon::{ToonOptions, encode_value, write_toon};
use fusion_runtime::{Presenter, Selection};
use fusion_tests::snapshots::openapi::{
    Address, Customer, Order, OrderChannel, OrderView, OrderViewPresenter, Payment,
};
use serde_json::json;

fn view() -> serde_json::Value {
    json!({
        "order": {
            "id": 7,
            "status": "paid",
            "channel": null,
            "customer": null,
            "shipping": {"city": "Lyon"},
            "coupon": null,
            "payment": {"kind": "transfer", "iban": "FR76", "bic": "dropped"},
            "internal_margin": 0.4
        },
        "invoices": [{
            "number": "INV-1",
            "amount": {"currency": "EUR", "cents": 1250},
            "paid_at": null,
            "note": null,
            "payer": {"name": "Acme"},
            "metadata": {"po": "42"}
        }]
    })
}

#[test]
fn nullable_reads_as_a_null_type_beside_every_keyword() {
    let view: OrderView = serde_json::from_value(view()).expect("fits");
    let order: &Order = &view.order;
    // Beside an enum, optional: three states, here `null`.
    assert_eq!(order.channel, Some(None));
    // Beside a `$ref`, required: `null` is a value.
    assert_eq!(order.customer, None::<Customer>);
    // Beside `allOf: [$ref]`, optional.
    assert_eq!(
        order.shipping,
        Some(Some(Address {
            city: "Lyon".into(),
            zip: None
        }))
    );
    assert_eq!(order.coupon, None);
    // Beside `oneOf` (a nullable component): the branch that fits; `discriminator` is read as
    // documentation, so `Card`, tried first, does not fit a transfer.
    assert!(matches!(&order.payment, Some(Some(Payment::Transfer(t))) if t.iban == "FR76"));
    let with_channel: Order = serde_json::from_value(
        json!({"id": 1, "status": "placed", "channel": "web", "customer": {"id": "c"}, "coupon": "X"}),
    )
    .expect("fits");
    assert_eq!(with_channel.channel, Some(Some(OrderChannel::Web)));
}

#[test]
fn a_required_nullable_key_that_is_missing_is_an_error() {
    let missing =
        serde_json::from_value::<Order>(json!({"id": 1, "status": "paid", "coupon": null}));
    let message = missing.expect_err("customer is required").to_string();
    assert!(message.contains("customer"), "{message}");
    // OpenAPI 3.0's `exclusiveMinimum: true` is not enforced on presenter data, but the enum is.
    let wrong = serde_json::from_value::<Order>(
        json!({"id": 1, "status": "lost", "customer": null, "coupon": null}),
    );
    assert!(wrong.is_err());
}

#[test]
fn the_data_block_keeps_explicit_nulls_and_drops_undeclared_keys() {
    let view: OrderView = serde_json::from_value(view()).expect("fits");
    let mut out = String::new();
    OrderViewPresenter.write_data(&view, &Selection::all(), &mut out);
    let expected = json!({
        "order": {
            "id": 7,
            "status": "paid",
            "channel": null,
            "customer": null,
            "shipping": {"city": "Lyon"},
            "coupon": null,
            "payment": {"kind": "transfer", "iban": "FR76"}
        },
        "invoices": [{
            "number": "INV-1",
            "amount": {"currency": "EUR", "cents": 1250},
            "paid_at": null,
            "note": null,
            "payer": {"name": "Acme"},
            "metadata": {"po": "42"}
        }]
    });
    assert_eq!(
        out,
        serde_json::to_string_pretty(&expected).expect("prints")
    );
    let options = ToonOptions::pipe();
    let mut typed = String::new();
    write_toon(&mut typed, &view, &Selection::all(), &options);
    assert_eq!(typed, encode_value(&expected, &options));
}

#[test]
fn a_presenter_made_of_a_component_reads_its_enums_in_conditions() {
    use fusion_tests::snapshots::openapi::{OrderSummary, OrderSummaryPresenter};
    let summary: OrderSummary = serde_json::from_value(json!({
        "id": 9, "status": "shipped", "channel": "store", "customer": null, "coupon": null
    }))
    .expect("fits");
    let response = OrderSummaryPresenter.present(&summary);
    let texts = response.texts();
    let rules = texts
        .iter()
        .find(|t| t.contains("<domain_rules>"))
        .expect("rules");
    assert!(
        rules.contains("Order 9 has shipped: no more changes."),
        "{rules}"
    );
    assert!(rules.contains("Order 9 was placed in a store."), "{rules}");
}
