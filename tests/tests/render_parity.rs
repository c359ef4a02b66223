//! `fusion_gen::Model::render` (what `fusion-gen tokens` measures) against the generated presenters of
//! `schemas/` (compiled here from `generated/`), byte for byte: on the sample data of
//! `tests/fixtures/samples/` (and the benchmark rows), for a collection and for one item, with
//! and without `_select`, every block of the declared data format and the data block in every
//! layout (pretty and compact JSON, TOON with pipe, comma and tab).

use std::path::Path;

use fusion_runtime::record::WriteSelected;
use fusion_tests::generated::{
    Client, ClientPresenter, Invoice, InvoicePresenter, InvoiceRow, InvoiceRowPresenter, Ticket,
    TicketPresenter,
};
use serde_json::Value;

use crate::common::render_parity;

use render_parity::{model_of, same_bytes};

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn model() -> fusion_gen::Model {
    model_of("schemas")
}

fn sample(path: &str) -> Value {
    let text = std::fs::read_to_string(root().join(path)).expect("the sample is readable");
    serde_json::from_str(&text).expect("the sample is JSON")
}

/// The invoice without its `lines`.
fn without_lines(invoice: &Value) -> Value {
    let mut invoice = invoice.clone();
    if let Some(fields) = invoice.as_object_mut() {
        fields.remove("lines");
    }
    invoice
}

#[test]
fn invoices_render_as_the_generated_presenter_writes_them() {
    let model = model();
    let invoices = sample("tests/fixtures/samples/invoices.json");
    let count = invoices.as_array().map_or(0, Vec::len);
    assert!(
        count > 50,
        "the sample must pass the agent limit of 50: {count}"
    );
    for data in [
        invoices.clone(),
        sample("tests/fixtures/samples/invoice.json"),
        Value::Array(invoices.as_array().expect("an array")[..3].to_vec()),
        // One item (the singular of `plural`), one without lines (a `when` that fails, item
        // and collection), and none (collection UI skipped or replaced by its `empty` text).
        Value::Array(invoices.as_array().expect("an array")[..1].to_vec()),
        without_lines(&sample("tests/fixtures/samples/invoice.json")),
        Value::Array(vec![without_lines(&sample(
            "tests/fixtures/samples/invoice.json",
        ))]),
        Value::Array(Vec::new()),
    ] {
        same_bytes(
            &model,
            "invoice",
            &InvoicePresenter,
            Invoice::FIELDS,
            Invoice::write_json_selected,
            &data,
        );
    }
}

#[test]
fn clients_rows_and_tickets_render_as_the_generated_presenters_write_them() {
    let model = model();
    let clients = sample("tests/fixtures/samples/clients.json");
    same_bytes(
        &model,
        "client",
        &ClientPresenter,
        Client::FIELDS,
        Client::write_json_selected,
        &clients,
    );
    for client in clients.as_array().expect("an array").iter().take(6) {
        same_bytes(
            &model,
            "client",
            &ClientPresenter,
            Client::FIELDS,
            Client::write_json_selected,
            client,
        );
    }
    let rows = sample("tests/fixtures/bench/invoices-100.json");
    same_bytes(
        &model,
        "invoice_row",
        &InvoiceRowPresenter,
        InvoiceRow::FIELDS,
        InvoiceRow::write_json_selected,
        &rows,
    );
    let tickets = sample("tests/fixtures/samples/tickets.json");
    same_bytes(
        &model,
        "ticket",
        &TicketPresenter,
        Ticket::FIELDS,
        Ticket::write_json_selected,
        &tickets,
    );
    for ticket in tickets.as_array().expect("an array") {
        same_bytes(
            &model,
            "ticket",
            &TicketPresenter,
            Ticket::FIELDS,
            Ticket::write_json_selected,
            ticket,
        );
    }
}
