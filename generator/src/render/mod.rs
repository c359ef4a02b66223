//! Responses rendered from the model and sample data, without generating or running code: what a
//! generated presenter's `present_selected` / `present_collection_selected` returns for the same
//! data, byte for byte, in any data-block format (`fusion-gen tokens` measures them).
//!
//! Pure functions over the [`Model`] and `serde_json` values; the runtime's builder, UI blocks,
//! escaping, JSON writer and TOON encoder write the bytes, so they cannot drift from what
//! generated code writes; computed placeholders go through the runtime's `compute` writers with
//! the generated fallbacks (`computed.rs`). Samples are checked as the generated `Deserialize` checks them; a value
//! it would refuse is a [`SampleError`] with its JSON pointer.
//!
//! Not rendered, because no definition holds them: blocks that the presenter's hooks trait
//! (user code) adds, and what a tool adds around a presenter's response (the egress guard's
//! truncation, `<cache_invalidation>`); [`not_rendered`] says which apply.

mod blocks;
mod computed;
pub mod report;
mod sample;
mod ui;

use fusion_runtime::ResponseBuilder;
use fusion_runtime::json::{JsonStyle, JsonWriter};
use fusion_runtime::toon::{Delimiter, ToonOptions};
use serde_json::{Map, Value};

use crate::definition::DataFormat;
use crate::diagnostics::did_you_mean;
use crate::model::{FieldType, Model};

pub use blocks::Presenting;
pub use sample::SampleError;

/// A data-block layout: the three a definition can declare (`data-format`), TOON with every
/// delimiter the encoder supports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DataLayout {
    /// `JSON.stringify(value, null, 2)` (§3), `data-format: pretty` (the default).
    Pretty,
    /// `JSON.stringify(value)`, `data-format: compact`.
    Compact,
    /// TOON with this delimiter; `data-format: toon` is the pipe (§11).
    Toon(Delimiter),
}

impl DataLayout {
    /// Every layout, pretty JSON first (the baseline savings are measured against).
    pub const ALL: [DataLayout; 5] = [
        DataLayout::Pretty,
        DataLayout::Compact,
        DataLayout::Toon(Delimiter::Pipe),
        DataLayout::Toon(Delimiter::Comma),
        DataLayout::Toon(Delimiter::Tab),
    ];

    /// The layout a `data-format` declares.
    pub fn declared(format: DataFormat) -> Self {
        match format {
            DataFormat::Pretty => DataLayout::Pretty,
            DataFormat::Compact => DataLayout::Compact,
            DataFormat::Toon => DataLayout::Toon(Delimiter::Pipe),
        }
    }

    /// A stable name: `pretty`, `compact`, `toon-pipe`, `toon-comma`, `toon-tab`.
    pub fn name(self) -> &'static str {
        match self {
            DataLayout::Pretty => "pretty",
            DataLayout::Compact => "compact",
            DataLayout::Toon(Delimiter::Pipe) => "toon-pipe",
            DataLayout::Toon(Delimiter::Comma) => "toon-comma",
            DataLayout::Toon(Delimiter::Tab) => "toon-tab",
        }
    }

    /// Writes `value` as a data block in this layout.
    pub fn write(self, value: &Value, out: &mut String) {
        match self {
            DataLayout::Pretty => JsonWriter::new(out, JsonStyle::Pretty).value(value),
            DataLayout::Compact => JsonWriter::new(out, JsonStyle::Compact).value(value),
            DataLayout::Toon(delimiter) => fusion_runtime::toon::write_value(
                out,
                value,
                &ToonOptions::new().with_delimiter(delimiter),
            ),
        }
    }
}

/// Checked sample data for one presenter: one item, or a collection.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// The items, each as its generated struct holds it (keys in schema order).
    pub items: Vec<Map<String, Value>>,
    /// The sample was a JSON array: presented as a collection (agent limit, collection blocks).
    pub collection: bool,
}

/// The module whose presenter `name` names: its title (`Invoice`, any case), its file without
/// extension (`billing/invoice`) or that file's last segment (`invoice`) when no other presenter
/// file shares it.
///
/// # Errors
/// A message naming the closest presenter, or listing them all.
pub fn find_presenter(model: &Model, name: &str) -> Result<usize, String> {
    let stem = |file: &str| {
        let without = file.rsplit_once('.').map_or(file, |(stem, _)| stem);
        without.to_owned()
    };
    let presenters: Vec<(usize, String, String)> = model
        .modules
        .iter()
        .enumerate()
        .filter_map(|(index, module)| {
            let presenter = module.presenter.as_ref()?;
            Some((index, stem(&module.file), presenter.title.clone()))
        })
        .collect();
    let last = |path: &str| path.rsplit('/').next().unwrap_or(path).to_owned();
    let matches: Vec<usize> = presenters
        .iter()
        .filter(|(_, path, title)| {
            path == name || title.eq_ignore_ascii_case(name) || last(path) == name
        })
        .map(|(index, _, _)| *index)
        .collect();
    match matches.as_slice() {
        [one] => Ok(*one),
        [] => {
            let names: Vec<String> = presenters.iter().map(|(_, path, _)| last(path)).collect();
            Err(match did_you_mean(name, names.iter().map(String::as_str)) {
                Some(close) => format!("no presenter named `{name}`; did you mean `{close}`?"),
                None => format!(
                    "no presenter named `{name}`; the presenters are: {}",
                    names.join(", ")
                ),
            })
        }
        many => Err(format!(
            "`{name}` names {} presenters ({}); give the file path without extension",
            many.len(),
            many.iter()
                .map(|&i| stem(&model.modules[i].file))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Checks a sample for the presenter of `module`: a JSON array is a collection, an object is one
/// item.
///
/// # Errors
/// The first value the generated `Deserialize` would refuse, with its pointer.
pub fn check_sample(model: &Model, module: usize, data: &Value) -> Result<Sample, SampleError> {
    let item = presenter_item(model, module);
    let check = |value: &Value, pointer: &str| match sample::check(model, &item, value, pointer)? {
        Value::Object(map) => Ok(map),
        _ => Err(SampleError {
            pointer: pointer.to_owned(),
            message: "expected an object".into(),
        }),
    };
    match data {
        Value::Array(values) => Ok(Sample {
            items: values
                .iter()
                .enumerate()
                .map(|(i, v)| check(v, &format!("/{i}")))
                .collect::<Result<_, _>>()?,
            collection: true,
        }),
        other => Ok(Sample {
            items: vec![check(other, "")?],
            collection: false,
        }),
    }
}

fn presenter_item(model: &Model, module: usize) -> FieldType {
    FieldType::Named(
        model.modules[module]
            .presenter
            .as_ref()
            .map_or(0, |p| p.item),
    )
}

/// How many items the presenter shows of `total`: its agent limit cuts collections (§7).
pub fn kept_count(model: &Model, module: usize, total: usize) -> usize {
    model.modules[module]
        .presenter
        .as_ref()
        .and_then(|p| p.behaviour.agent_limit.as_ref())
        .map_or(total, |limit| total.min(limit.max as usize))
}

/// The response's text blocks for `sample`, as the presenter of `module` builds them with no
/// hooks, its data block in `layout` and cut to `selection`'s root keys (in that order) when
/// given. Every block but the data block is the same whatever the layout and selection (§9).
pub fn render(
    model: &Model,
    module: usize,
    sample: &Sample,
    layout: DataLayout,
    selection: Option<&[String]>,
) -> Vec<String> {
    let Some(presenter) = Presenting::of(model, module) else {
        return Vec::new();
    };
    let wire = |item: &Map<String, Value>| Value::Object(presenter.wire_item(item, selection));
    let mut data = String::new();
    if sample.collection {
        let kept: Vec<&Map<String, Value>> = sample
            .items
            .iter()
            .take(kept_count(model, module, sample.items.len()))
            .collect();
        layout.write(
            &Value::Array(kept.iter().map(|i| wire(i)).collect()),
            &mut data,
        );
        let mut builder = ResponseBuilder::new(data);
        presenter.collection_blocks(&kept, sample.items.len(), &mut builder);
        builder.build().into_texts()
    } else {
        let item = &sample.items[0];
        layout.write(&wire(item), &mut data);
        let mut builder = ResponseBuilder::new(data);
        presenter.item_blocks(item, &mut builder);
        builder.build().into_texts()
    }
}

/// What the response of `module`'s presenter can hold that [`render`] does not write, one
/// sentence each: its hooks (always: they are user code), and the blocks tools add around it.
pub fn not_rendered(model: &Model, module: usize) -> Vec<String> {
    let title = model.modules[module]
        .presenter
        .as_ref()
        .map_or("", |p| p.title.as_str());
    let mut notes = vec![format!(
        "Blocks added by hooks (user code, `Hooks<{title}Presenter>`) are not counted."
    )];
    for tool in model.modules.iter().filter_map(|m| m.tool.as_ref()) {
        for action in &tool.actions {
            if action.returns.as_ref().is_none_or(|r| r.module != module) {
                continue;
            }
            if !action.invalidates.is_empty() {
                notes.push(format!(
                    "`{}.{}` also prepends a `<cache_invalidation>` block (not counted).",
                    tool.name, action.name
                ));
            }
            if let Some(cap) = action.max_payload_bytes.or(tool.max_payload_bytes) {
                notes.push(format!(
                    "`{}.{}` truncates responses past {cap} bytes (egress guard; not applied here).",
                    tool.name, action.name
                ));
            }
        }
    }
    notes
}

/// The root keys of `module`'s presenter that `_select` can name, in schema order.
pub fn selectable_keys(model: &Model, module: usize) -> Vec<String> {
    let Some(presenter) = model.modules[module].presenter.as_ref() else {
        return Vec::new();
    };
    model
        .root_keys(presenter.item)
        .into_iter()
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests;
