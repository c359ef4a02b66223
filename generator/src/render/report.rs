//! The measures of `fusion-gen tokens`: for one presenter and sample, the size in bytes and in
//! tokens of every block and of the whole response in each data layout, and of a typical
//! `_select`. Tokenizers are passed in (the engine does not ship them), so this stays pure.
//!
//! The JSON form of [`PresenterReport`] is the `--json` output; its shape is documented in the
//! README and is stable: fields are only ever added.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::model::Model;

use super::{DataLayout, Sample, kept_count, not_rendered, render, selectable_keys};

/// A tokenizer: its name (`o200k_base`) and a function counting the tokens of a text.
pub struct Tokenizer<'a> {
    /// The name in reports.
    pub name: &'static str,
    /// Counts the tokens of a text.
    pub count: &'a dyn Fn(&str) -> usize,
}

/// A text's size: UTF-8 bytes, and tokens per tokenizer (in the order they were given).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Size {
    /// UTF-8 bytes.
    pub bytes: usize,
    /// Tokens, keyed by tokenizer name.
    pub tokens: Map<String, Value>,
}

impl Size {
    fn of(texts: &[&str], tokenizers: &[Tokenizer<'_>]) -> Size {
        let mut tokens = Map::new();
        for tokenizer in tokenizers {
            let count: usize = texts.iter().map(|t| (tokenizer.count)(t)).sum();
            tokens.insert(tokenizer.name.to_owned(), count.into());
        }
        Size {
            bytes: texts.iter().map(|t| t.len()).sum(),
            tokens,
        }
    }

    /// The tokens of one tokenizer (0 when it was not measured).
    pub fn tokens_of(&self, tokenizer: &str) -> usize {
        self.tokens
            .get(tokenizer)
            .and_then(Value::as_u64)
            .unwrap_or_default() as usize
    }

    /// The percentage saved against `baseline`, per measure (`bytes` and each tokenizer), to
    /// one decimal; negative when this is larger.
    fn saving_against(&self, baseline: &Size) -> Map<String, Value> {
        let percent = |this: usize, base: usize| {
            if base == 0 {
                0.0
            } else {
                ((1.0 - this as f64 / base as f64) * 1000.0).round() / 10.0
            }
        };
        let mut saving = Map::new();
        saving.insert("bytes".into(), percent(self.bytes, baseline.bytes).into());
        for (name, _) in &self.tokens {
            saving.insert(
                name.clone(),
                percent(self.tokens_of(name), baseline.tokens_of(name)).into(),
            );
        }
        saving
    }
}

/// One block of the response other than the data block.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BlockSize {
    /// The block's first line, without its angle brackets (`ui_passthrough type="summary"`).
    pub block: String,
    /// Its size.
    #[serde(flatten)]
    pub size: Size,
}

/// The response in one data layout.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LayoutSize {
    /// `pretty`, `compact`, `toon-pipe`, `toon-comma` or `toon-tab`.
    pub format: &'static str,
    /// The presenter declares this layout (`data-format`): what it sends today.
    pub declared: bool,
    /// The data block.
    pub data: Size,
    /// Every block of the response.
    pub total: Size,
    /// Percent of the whole response saved against pretty JSON without `_select`, per measure.
    pub saving: Map<String, Value>,
}

/// A typical `_select`: the `k` root fields with the most non-null values in the sample.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SelectSize {
    /// How many fields were asked for.
    pub k: usize,
    /// The fields selected, in schema order.
    pub fields: Vec<String>,
    /// The response with that `_select`, per layout (savings against pretty JSON without it).
    pub formats: Vec<LayoutSize>,
}

/// What `fusion-gen tokens` measured for one presenter and sample.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PresenterReport {
    /// The presenter's title.
    pub presenter: String,
    /// Its definition file, relative to the definitions folder.
    pub file: String,
    /// `item` or `collection`.
    pub shape: &'static str,
    /// Items in the sample.
    pub items: usize,
    /// Items presented after the agent limit.
    pub kept: usize,
    /// The declared layout's name.
    pub declared_format: &'static str,
    /// The blocks other than the data block, which every layout shares.
    pub blocks: Vec<BlockSize>,
    /// The response per layout, pretty JSON first.
    pub formats: Vec<LayoutSize>,
    /// The response with a typical `_select`.
    pub select: SelectSize,
    /// What the response can hold that is not measured.
    pub notes: Vec<String>,
}

/// The `k` root fields with the most non-null values over the sample's items, ties in schema
/// order; returned in schema order (the order an agent reading the schema lists them in).
pub fn most_used_fields(model: &Model, module: usize, sample: &Sample, k: usize) -> Vec<String> {
    let keys = selectable_keys(model, module);
    let mut counted: Vec<(usize, usize)> = keys
        .iter()
        .enumerate()
        .map(|(index, key)| {
            let used = sample
                .items
                .iter()
                .filter(|item| item.get(key).is_some_and(|v| !v.is_null()))
                .count();
            (index, used)
        })
        .collect();
    counted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut chosen: Vec<usize> = counted.into_iter().take(k).map(|(i, _)| i).collect();
    chosen.sort_unstable();
    chosen.into_iter().map(|i| keys[i].clone()).collect()
}

/// Renders the sample in every layout, with and without the typical `_select` of `k` fields,
/// and measures every block. `step` is called after each of the `2 × 5` renderings (progress).
pub fn measure(
    model: &Model,
    module: usize,
    sample: &Sample,
    k: usize,
    tokenizers: &[Tokenizer<'_>],
    step: &mut dyn FnMut(),
) -> PresenterReport {
    let presenter = model.modules[module].presenter.as_ref();
    let declared = presenter.map_or(DataLayout::Pretty, |p| {
        DataLayout::declared(p.behaviour.data_format)
    });
    let fields = most_used_fields(model, module, sample, k);
    let mut blocks = Vec::new();
    let mut formats = Vec::new();
    let mut selected = Vec::new();
    let mut baseline: Option<Size> = None;
    for layout in DataLayout::ALL {
        for selection in [None, Some(fields.as_slice())] {
            let texts = render(model, module, sample, layout, selection);
            let all: Vec<&str> = texts.iter().map(String::as_str).collect();
            let data = Size::of(&all[..1.min(all.len())], tokenizers);
            if blocks.is_empty() && selection.is_none() {
                blocks = all
                    .iter()
                    .skip(1)
                    .map(|text| BlockSize {
                        block: block_label(text),
                        size: Size::of(&[text], tokenizers),
                    })
                    .collect();
            }
            // Blocks after the data block are the same in every rendering: measured once.
            let rest = blocks
                .iter()
                .fold((0, Map::new()), |(bytes, mut tokens), b| {
                    for (name, count) in &b.size.tokens {
                        let sum = tokens.get(name).and_then(Value::as_u64).unwrap_or_default()
                            + count.as_u64().unwrap_or_default();
                        tokens.insert(name.clone(), sum.into());
                    }
                    (bytes + b.size.bytes, tokens)
                });
            let mut total = Size {
                bytes: data.bytes + rest.0,
                tokens: Map::new(),
            };
            for tokenizer in tokenizers {
                let sum = data.tokens_of(tokenizer.name)
                    + rest
                        .1
                        .get(tokenizer.name)
                        .and_then(Value::as_u64)
                        .unwrap_or_default() as usize;
                total.tokens.insert(tokenizer.name.to_owned(), sum.into());
            }
            let base = baseline.get_or_insert_with(|| total.clone()).clone();
            let size = LayoutSize {
                format: layout.name(),
                declared: layout == declared,
                saving: total.saving_against(&base),
                data,
                total,
            };
            match selection {
                None => formats.push(size),
                Some(_) => selected.push(size),
            }
            step();
        }
    }
    let mut notes = not_rendered(model, module);
    let keys = selectable_keys(model, module);
    if fields.len() >= keys.len() {
        notes.push(format!(
            "The `_select` of {k} fields keeps all {} fields: it saves nothing here.",
            keys.len()
        ));
    }
    PresenterReport {
        presenter: presenter.map(|p| p.title.clone()).unwrap_or_default(),
        file: model.modules[module].file.clone(),
        shape: if sample.collection {
            "collection"
        } else {
            "item"
        },
        items: sample.items.len(),
        kept: if sample.collection {
            kept_count(model, module, sample.items.len())
        } else {
            1
        },
        declared_format: declared.name(),
        blocks,
        formats,
        select: SelectSize {
            k,
            fields,
            formats: selected,
        },
        notes,
    }
}

/// A block's first line without its angle brackets.
fn block_label(text: &str) -> String {
    let first = text.lines().next().unwrap_or_default();
    first
        .trim_start_matches('<')
        .trim_end_matches('>')
        .to_owned()
}
