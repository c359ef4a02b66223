//! The renderer of `fusion-gen tokens` (`fusion_gen::Model::render`) against generated presenters: for
//! some data, every block of the declared data format and the data block in every layout (pretty
//! and compact JSON, TOON with pipe, comma and tab), without `_select`, with the three most used
//! fields and with them reversed.

use std::path::Path;

use fusion_gen::{DEFAULT_MAX_FILE_BYTES, DataLayout, Model};
use fusion_runtime::json::{JsonStyle, JsonWriter, WriteJson, to_json};
use fusion_runtime::toon::{ToonOptions, WriteToon, encode_typed, encode_typed_slice};
use fusion_runtime::{Presenter, Selection};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The model of a folder of definitions, relative to the repository's root.
pub fn model_of(folder: &str) -> Model {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let (sources, _) =
        fusion_gen::read_definitions_with(&root.join(folder), DEFAULT_MAX_FILE_BYTES)
            .expect("the folder is readable");
    fusion_gen::resolve_model(&sources).expect("the definitions are valid")
}

/// What a generated type offers for `_select` in JSON (an inherent method, not a trait one).
pub type SelectJson<T> = fn(&T, &mut JsonWriter<'_>, &Selection);

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
pub fn same_bytes<P: Presenter>(
    model: &Model,
    name: &str,
    presenter: &P,
    fields: &'static [&'static str],
    select_json: SelectJson<P::Item>,
    data: &Value,
) where
    P::Item: DeserializeOwned + WriteJson + WriteToon,
{
    let module = model.find_presenter(name).expect("a presenter");
    let checked = model.check_sample(module, data).expect("the sample fits");
    let collection = data.is_array();
    let items: Vec<P::Item> = if collection {
        serde_json::from_value(data.clone()).expect("the generated types read the sample")
    } else {
        vec![serde_json::from_value(data.clone()).expect("the generated type reads the sample")]
    };
    let kept = if collection {
        model.kept_count(module, items.len())
    } else {
        1
    };
    let declared = model.declared_layout(module).expect("a presenter");
    let mut top = model.most_used_fields(module, &checked, 3);
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
            &model.render(module, &checked, declared, keys.as_deref()),
            texts,
            &format!("{name}: the declared layout, _select {keys:?}"),
        );
        for layout in DataLayout::ALL {
            let rendered = model.render(module, &checked, layout, keys.as_deref());
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
