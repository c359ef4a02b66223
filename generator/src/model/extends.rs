//! `extends`: a presenter built on another presenter's definition, as upstream's
//! `extendPresenter` (`presenter/definePresenter.ts`) merges a base config with overrides.
//!
//! The schema is the base's properties followed by the presenter's own, merged as `allOf` merges
//! branches (so a key both declare differently is a located error); the behaviour is merged field
//! by field with upstream's strategy: rules concatenated (the base's first), embeds concatenated,
//! redaction kept per field; everything else is the presenter's own declaration when it has one,
//! else the base's.

use super::BehaviourModel;
use super::behaviour::BehaviourResolver;
use super::refs::{join_relative, relative_to};
use super::resolve::{Resolver, schema_kind};
use crate::definition::{Behaviour, JsonType};
use crate::diagnostics::did_you_mean;

/// Where a presenter's `extends` is written.
const EXTENDS: &str = "/x-fusion/extends";

impl<'a> Resolver<'a> {
    /// Finds the base of every presenter that `extends` one, and reports targets that are not
    /// presenter files and chains that come back to where they started. A presenter whose
    /// `extends` is in error, or in a cycle, keeps only its own declarations.
    pub(super) fn link_bases(&mut self) -> Vec<Option<usize>> {
        let definitions = self.definitions;
        let mut bases = vec![None; definitions.len()];
        for (file, (document, schema)) in definitions.iter().enumerate() {
            let Some(target) = schema.fusion.as_ref().and_then(|f| f.extends.as_deref()) else {
                continue;
            };
            // Only a presenter extends; `x-fusion` elsewhere is reported where it is written.
            if schema.tool.is_some() || schema_kind(schema) != Some(JsonType::Object) {
                continue;
            }
            if target.contains('#') {
                self.report(
                    file,
                    EXTENDS,
                    format!(
                        "`extends` names a presenter file, and `{target}` names a place inside one"
                    ),
                    Some("write the file alone (`base.yaml`): a presenter is a whole file".into()),
                );
                continue;
            }
            let path = join_relative(&document.path, target);
            let Some(&base) = self.files.get(path.as_str()) else {
                if self.broken.contains(&path) {
                    self.incomplete.insert(file);
                } else {
                    let mut candidates: Vec<String> = self
                        .files
                        .keys()
                        .map(|k| relative_to(&document.path, k))
                        .collect();
                    candidates.sort();
                    let help = did_you_mean(target, candidates.iter().map(String::as_str))
                        .map(|s| format!("did you mean `{s}`?"))
                        .unwrap_or_else(|| {
                            "the path is relative to the file that holds `extends`".into()
                        });
                    self.report(
                        file,
                        EXTENDS,
                        format!("`extends`: no definition file `{target}`"),
                        Some(help),
                    );
                }
                continue;
            };
            let base_schema = &definitions[base].1;
            let what = if base_schema.tool.is_some() {
                Some("a tool file")
            } else if base_schema.reference.is_some()
                || schema_kind(base_schema) != Some(JsonType::Object)
            {
                Some(if base_schema.kind.is_none() && base_schema.has_defs() {
                    "a library of `$defs`"
                } else {
                    "a definition whose root is not an object"
                })
            } else {
                None
            };
            if let Some(what) = what {
                self.report(
                    file,
                    EXTENDS,
                    format!("`extends` names `{target}`, which is {what}, not a presenter"),
                    Some("a presenter extends another presenter: a file whose root is `type: object`".into()),
                );
                continue;
            }
            bases[file] = Some(base);
        }
        self.break_cycles(&mut bases);
        bases
    }

    /// Reports, at each presenter of a cycle of `extends`, the chain from it back to itself, and
    /// unlinks the cycle so that merging ends.
    fn break_cycles(&mut self, bases: &mut [Option<usize>]) {
        let mut in_cycle = vec![false; bases.len()];
        for start in 0..bases.len() {
            let mut chain = vec![start];
            let mut at = bases[start];
            while let Some(next) = at {
                if next == start {
                    in_cycle[start] = true;
                    break;
                }
                // A chain that loops without `start` is reported from its own members.
                if chain.contains(&next) || chain.len() > bases.len() {
                    break;
                }
                chain.push(next);
                at = bases[next];
            }
            if in_cycle[start] {
                let path = |file: usize| self.definitions[file].0.path.as_str();
                let mut names: Vec<&str> = chain.iter().map(|&f| path(f)).collect();
                names.push(path(start));
                let message = format!("`extends` forms a cycle: {}", names.join(" → "));
                self.report(
                    start,
                    EXTENDS,
                    message,
                    Some("a presenter cannot extend itself, directly or through its bases: remove one `extends` of the cycle".into()),
                );
            }
        }
        for (file, cyclic) in in_cycle.into_iter().enumerate() {
            if cyclic {
                bases[file] = None;
            }
        }
    }

    /// The `x-fusion` of the presenter in `file` and of its bases, the furthest base first; a
    /// base without `x-fusion` adds only its properties.
    pub(super) fn behaviour_layers(&self, file: usize) -> Vec<&'a Behaviour> {
        let definitions = self.definitions;
        let mut layers = Vec::new();
        let mut at = Some(file);
        while let Some(current) = at {
            if let Some(behaviour) = &definitions[current].1.fusion {
                layers.push(behaviour);
            }
            at = self.bases[current];
        }
        layers.reverse();
        layers
    }
}

/// Resolves every layer against the presenter's own item struct (which holds every base's
/// fields) and merges them as `extendPresenter` does. Only the presenter's own layer (the last)
/// reports problems: each base reports its own in its own file.
pub(super) fn resolve_layers(
    resolver: &mut BehaviourResolver<'_>,
    layers: &[&Behaviour],
) -> BehaviourModel {
    let Some((own, bases)) = layers.split_last() else {
        return BehaviourModel::default();
    };
    if bases.is_empty() {
        return resolver.resolve(own);
    }
    // Upstream's `autoRules: overrides.autoRules ?? base.autoRules`, applied once to the merged
    // schema, before every rule.
    let auto_rules = layers.iter().rev().find_map(|l| l.auto_rules) == Some(true);
    let mut models = Vec::with_capacity(layers.len());
    for (index, layer) in layers.iter().enumerate() {
        let reported = resolver.errors.len();
        let layer = Behaviour {
            auto_rules: None,
            ..(*layer).clone()
        };
        models.push(resolver.resolve(&layer));
        if index + 1 < layers.len() {
            resolver.errors.truncate(reported);
        }
    }
    report_repeated_embeds(resolver, bases, own);

    let mut merged = BehaviourModel::default();
    if auto_rules {
        merged.rules = resolver.auto_rules();
    }
    for model in &mut models {
        merged.directives.append(&mut model.directives);
        merged.rules.append(&mut model.rules);
        for embed in model.embeds.drain(..) {
            if !merged.embeds.iter().any(|e| e.field == embed.field) {
                merged.embeds.push(embed);
            }
        }
    }
    // Every other field: the nearest layer that declares it wins (`overrides.x ?? base.x`).
    let nearest = |declares: fn(&Behaviour) -> bool| layers.iter().rposition(|l| declares(l));
    if let Some(i) = nearest(|l| l.collection_rules.is_some()) {
        merged.collection_rules = std::mem::take(&mut models[i].collection_rules);
    }
    if let Some(i) = nearest(|l| l.agent_limit.is_some()) {
        merged.agent_limit = models[i].agent_limit.take();
    }
    if let Some(i) = nearest(|l| l.data_format.is_some()) {
        merged.data_format = models[i].data_format;
    }
    if let Some(i) = nearest(|l| l.ui.is_some()) {
        merged.ui = std::mem::take(&mut models[i].ui);
    }
    if let Some(i) = nearest(|l| l.collection_ui.is_some()) {
        merged.collection_ui = std::mem::take(&mut models[i].collection_ui);
    }
    if let Some(i) = nearest(|l| l.suggestions.is_some()) {
        merged.suggestions = std::mem::take(&mut models[i].suggestions);
    }
    if let Some(i) = nearest(|l| l.collection_suggestions.is_some()) {
        merged.collection_suggestions = models[i].collection_suggestions.take();
    }
    merged
}

/// An embed the presenter declares that a base already declares: upstream would present the
/// child twice and repeat its blocks; here it is an error at the repeated entry.
fn report_repeated_embeds(
    resolver: &mut BehaviourResolver<'_>,
    bases: &[&Behaviour],
    own: &Behaviour,
) {
    for (index, name) in own.embed.iter().flatten().enumerate() {
        if bases
            .iter()
            .any(|b| b.embed.iter().flatten().any(|n| n == name))
        {
            resolver.report(
                &format!("/x-fusion/embed/{index}"),
                format!("`{name}` is already embedded by the presenter this one extends"),
                Some("embeds are inherited: remove this entry".into()),
            );
        }
    }
}
