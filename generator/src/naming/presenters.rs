//! Rust names of a presenter: its unit struct and the associated constants holding its runs of
//! static rules.

use super::PresenterNames;
use crate::model::{PresenterDef, RuleModel};

/// Names the presenter `def` of the item type named `item`.
pub(super) fn presenter_names(def: &PresenterDef, item: &str) -> PresenterNames {
    let rules = run_names(&def.behaviour.rules, "RULES");
    // Numbered apart from the item rules' runs, which `RULES_…` never equals.
    let collection_rules = run_names(&def.behaviour.collection_rules, "COLLECTION_RULES");
    PresenterNames {
        // Without the `_` a keyword type got (`Self_`), `Self_Presenter` would not be
        // UpperCamelCase and would warn, while `SelfPresenter` is no keyword.
        name: format!("{}Presenter", item.trim_end_matches('_')),
        rules,
        collection_rules,
    }
}

/// One constant per run of consecutive static rules (`RULES`, `RULES_2`, …): associated to the
/// presenter, whose other associated items have other names, so no user name can clash.
fn run_names(rules: &[RuleModel], prefix: &str) -> Vec<String> {
    let mut runs = 0;
    let mut in_run = false;
    for rule in rules {
        let is_static = rule.is_static();
        if is_static && !in_run {
            runs += 1;
        }
        in_run = is_static;
    }
    (0..runs)
        .map(|n| match n {
            0 => prefix.to_owned(),
            n => format!("{prefix}_{}", n + 1),
        })
        .collect()
}
