//! `fusion_gen::render` (what `fusion-gen tokens` measures) against the generated presenters of
//! `schemas/` (compiled here from `generated/`), byte for byte: on the sample data of
//! `tests/fixtures/samples/` (and the benchmark rows), for a collection and for one item, with
//! and without `_select`, every block of the declared data format and the data block in every
//! layout (pretty and compact JSON, TOON with pipe, comma and tab).

use std::path::Path;

use fusion_gen::model::Model;
use fusion_gen::render::report::most_used_fields;
use fusion_gen::render::{DataLayout, check_sample, find_presenter, kept_count, render};
use fusion_runtime::json::{JsonStyle, JsonWriter, WriteJson, to_json};
use fusion_runtime::toon::{ToonOptions, WriteToon, encode_typed, encode_typed_slice};
use fusion_runtime::{Presenter, Selection};
use fusion_tests::generated::{
    Client, ClientPresenter, Invoice, InvoicePresenter, InvoiceRow, InvoiceRowPresenter, Ticket,
    TicketPresenter,
};
use serde::de::DeserializeOwned;
use serde_json::Value;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn model() -> Model {
    let (sources, _) =
        fusion_gen::fs::read_definitions(&root().join("schemas")).expect("schemas/ is readable");
    fusion_gen::resolve_model(&sources).expect("schemas/ is valid")
}

fn sample(path: &str) -> Value {
    let text = std::fs::read_to_string(root().join(path)).expect("the sample is readable");
    serde_json::from_str(&text).expect("the sample is JSON")
}

/// What a generated type offers for `_select` in JSON (an inherent method, not a trait one).
type SelectJson<T> = fn(&T, &mut JsonWriter<'_>, &Selection);

/// The generated data block of `items` in `layout` with `selection`.
fn generated_data<T: WriteJson + WriteToon>(
    items: &[T],
    collection: bool,
    layout: DataLayout,
    selection: &Selection,
    select_json: SelectJson<T>,
) -> String {
    let json = |style| {
        if selection.is_all() {
            if collection {
                to_json(items, style)
            } else {
                to_json(&items[0], style)
            }
        } else {
            let mut out = String::new();
            let mut writer = JsonWriter::new(&mut out, style);
            if collection {
                let mut array = writer.array();
                for item in items {
                    select_json(item, array.next_element(), selection);
                }
                array.end();
            } else {
                select_json(&items[0], &mut writer, selection);
            }
            out
        }
    };
    match layout {
        DataLayout::Pretty => json(JsonStyle::Pretty),
        DataLayout::Compact => json(JsonStyle::Compact),
        DataLayout::Toon(delimiter) => {
            let options = ToonOptions::new().with_delimiter(delimiter);
            if collection {
                encode_typed_slice(items, selection, &options)
            } else {
                encode_typed(&items[0], selection, &options)
            }
        }
    }
}

/// Every rendering of `data` by the model's presenter `name` against `presenter`'s.
fn same_bytes<P: Presenter>(
    model: &Model,
    name: &str,
    presenter: &P,
    fields: &'static [&'static str],
    select_json: SelectJson<P::Item>,
    data: &Value,
) where
    P::Item: DeserializeOwned + WriteJson + WriteToon,
{
    let module = find_presenter(model, name).expect("a presenter");
    let checked = check_sample(model, module, data).expect("the sample fits");
    let collection = data.is_array();
    let items: Vec<P::Item> = if collection {
        serde_json::from_value(data.clone()).expect("the generated types read the sample")
    } else {
        vec![serde_json::from_value(data.clone()).expect("the generated type reads the sample")]
    };
    let kept = if collection {
        kept_count(model, module, items.len())
    } else {
        1
    };
    let declared = DataLayout::declared(
        model.modules[module]
            .presenter
            .as_ref()
            .expect("a presenter")
            .behaviour
            .data_format,
    );
    let mut top = most_used_fields(model, module, &checked, 3);
    let mut selections = vec![None, Some(top.clone())];
    // An agent may list the fields in any order: the data block keeps its order (§9).
    top.reverse();
    selections.push(Some(top));
    for keys in selections {
        let selection = match &keys {
            Some(keys) => Selection::from_names(fields, keys).expect("selectable keys"),
            None => Selection::all(),
        };
        let response = if collection {
            presenter.present_collection_selected(&items, &selection)
        } else {
            presenter.present_selected(&items[0], &selection)
        };
        let texts = response.texts();
        assert!(!texts.is_empty(), "{name}: an empty response");
        same(
            &render(model, module, &checked, declared, keys.as_deref()),
            texts,
            &format!("{name}: the declared layout, _select {keys:?}"),
        );
        for layout in DataLayout::ALL {
            let rendered = render(model, module, &checked, layout, keys.as_deref());
            let data = generated_data(&items[..kept], collection, layout, &selection, select_json);
            let what = format!("{name}: {}, _select {keys:?}", layout.name());
            same(&rendered[..1], &[data], &what);
            same(&rendered[1..], &texts[1..], &what);
        }
    }
}

/// Fails on the first block that differs, showing only where it differs (responses are long).
fn same(rendered: &[String], generated: &[String], what: &str) {
    assert_eq!(
        rendered.len(),
        generated.len(),
        "{what}: the number of blocks"
    );
    for (index, (left, right)) in rendered.iter().zip(generated).enumerate() {
        if left != right {
            let at = left
                .char_indices()
                .zip(right.chars())
                .find(|((_, a), b)| a != b)
                .map_or(left.len().min(right.len()), |((i, _), _)| i);
            let from = left[..at]
                .char_indices()
                .rev()
                .nth(80)
                .map_or(0, |(i, _)| i);
            let excerpt = |text: &str| text[from..].chars().take(200).collect::<String>();
            panic!(
                "{what}: block {index} differs at byte {at}\nrendered:  {:?}\ngenerated: {:?}",
                excerpt(left),
                excerpt(right)
            );
        }
    }
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
