//! Resolution of rules, texts and placeholders, agent limits and embeds against the item.

use crate::definition::{AgentLimit, Behaviour, RuleDef, SuggestionDef};
use crate::diagnostics::{Diagnostic, did_you_mean};

use super::static_text::{self, Placement};
use super::{BehaviourModel, EmbedModel, LimitModel, RuleModel, SuggestionModel, TextPart};
use crate::model::{FieldDef, FieldType, TypeDef, TypeKind};

/// What placeholders a text may use.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(in crate::model) enum Scope {
    Item,
    Collection,
    Summary,
}

/// Resolves `x-fusion` for a presenter whose item struct is `item`.
pub struct BehaviourResolver<'a> {
    /// The definition file, for diagnostics.
    pub file: &'a str,
    /// The item struct.
    pub item: &'a TypeDef,
    /// Every type, for enum values.
    pub types: &'a [TypeDef],
    /// The actions tool definitions declare, as `tool.action`, with the name the client calls.
    pub actions: &'a [(String, String)],
    /// Which module presents each presenter item type.
    pub presenter_of: std::collections::HashMap<usize, usize>,
    /// The actions that return this presenter, as `tool.action`, each with whether it returns
    /// a collection: `per-item` needs one that does.
    pub returned_by: Vec<(String, bool)>,
    /// Problems found.
    pub errors: Vec<Diagnostic>,
}

impl BehaviourResolver<'_> {
    pub(in crate::model) fn fields(&self) -> &[FieldDef] {
        self.item.fields()
    }

    pub(in crate::model) fn report(
        &mut self,
        pointer: &str,
        message: impl Into<String>,
        help: Option<String>,
    ) {
        let mut diagnostic = Diagnostic::error(self.file, pointer, message);
        diagnostic.help = help;
        self.errors.push(diagnostic);
    }

    /// Resolves the whole `x-fusion` object.
    pub fn resolve(&mut self, behaviour: &Behaviour) -> BehaviourModel {
        let mut rules = if behaviour.auto_rules == Some(true) {
            self.auto_rules()
        } else {
            Vec::new()
        };
        rules.extend(self.rules(behaviour.rules.as_deref(), "/x-fusion/rules", Scope::Item));
        let collection_rules = self.rules(
            behaviour.collection_rules.as_deref(),
            "/x-fusion/collection-rules",
            Scope::Collection,
        );
        let agent_limit = behaviour.agent_limit.as_ref().map(|limit| match limit {
            AgentLimit::Max(max) => {
                self.check_limit(*max, "/x-fusion/agent-limit");
                LimitModel {
                    max: *max,
                    summary: None,
                }
            }
            AgentLimit::Custom(custom) => {
                self.check_limit(custom.max, "/x-fusion/agent-limit/max");
                let summary = self.text(
                    &custom.summary,
                    "/x-fusion/agent-limit/summary",
                    Scope::Summary,
                );
                LimitModel {
                    max: custom.max,
                    summary: Some(summary),
                }
            }
        });
        let ui = self.ui_blocks(behaviour.ui.as_deref(), "/x-fusion/ui", false);
        let collection_ui = self.ui_blocks(
            behaviour.collection_ui.as_deref(),
            "/x-fusion/collection-ui",
            true,
        );
        let embeds = self.embeds(behaviour.embed.as_deref().unwrap_or_default());
        let directives = behaviour.directives.clone().unwrap_or_default();
        for (index, directive) in directives.iter().enumerate() {
            self.check_static(
                directive,
                &format!("/x-fusion/directives/{index}"),
                Placement::Text,
            );
        }
        BehaviourModel {
            directives,
            rules,
            collection_rules,
            agent_limit,
            data_format: behaviour.data_format.unwrap_or_default(),
            ui,
            collection_ui,
            embeds,
            suggestions: self.suggestions(
                behaviour.suggestions.as_deref(),
                "/x-fusion/suggestions",
                Scope::Item,
                behaviour.collection_suggestions.is_some(),
            ),
            collection_suggestions: behaviour.collection_suggestions.as_deref().map(|list| {
                self.suggestions(
                    Some(list),
                    "/x-fusion/collection-suggestions",
                    Scope::Collection,
                    false,
                )
            }),
        }
    }

    /// Suggestions: the action must be declared by a tool (wire format §5 deviation).
    /// `replaced`: `collection-suggestions` are declared beside these item suggestions.
    fn suggestions(
        &mut self,
        suggestions: Option<&[SuggestionDef]>,
        pointer: &str,
        scope: Scope,
        replaced: bool,
    ) -> Vec<SuggestionModel> {
        let mut resolved = Vec::new();
        for (index, suggestion) in suggestions.unwrap_or_default().iter().enumerate() {
            let here = format!("{pointer}/{index}");
            let reason = self.text(&suggestion.reason, &format!("{here}/reason"), scope);
            let when = suggestion
                .when
                .as_ref()
                .map(|when| self.when(when, &format!("{here}/when")));
            let declared = self
                .actions
                .iter()
                .find(|(name, _)| *name == suggestion.action);
            let Some((_, wire)) = declared else {
                let help = did_you_mean(
                    &suggestion.action,
                    self.actions.iter().map(|(n, _)| n.as_str()),
                )
                .map(|s| format!("did you mean `{s}`?"))
                .unwrap_or_else(|| {
                    let known: Vec<&str> = self.actions.iter().map(|(n, _)| n.as_str()).collect();
                    if known.is_empty() {
                        "no tool definition declares any action yet".to_owned()
                    } else {
                        format!("declared actions: {}", known.join(", "))
                    }
                });
                self.report(
                    &format!("{here}/action"),
                    format!("no tool declares the action `{}`", suggestion.action),
                    Some(help),
                );
                continue;
            };
            let mut resolved_one = SuggestionModel {
                action: wire.clone(),
                reason,
                when,
                per_item: false,
            };
            let reads_item = !resolved_one.is_static();
            resolved_one.per_item =
                self.per_item(suggestion.per_item, &here, scope, replaced, reads_item);
            resolved.push(resolved_one);
        }
        resolved
    }

    /// Whether a rule or suggestion at `here` is `per-item`, reporting the declarations where
    /// it would change nothing: in a collection's own texts (which see every kept item
    /// already), beside `collection-suggestions` (which replace item suggestions for a
    /// collection), on a text that reads no item (`reads_item` false: no `when`, no field), and
    /// in a presenter the tools return only as one item.
    fn per_item(
        &mut self,
        declared: Option<bool>,
        here: &str,
        scope: Scope,
        replaced_by_collection_suggestions: bool,
        reads_item: bool,
    ) -> bool {
        if declared != Some(true) {
            return false;
        }
        let at = format!("{here}/per-item");
        if scope == Scope::Item && !reads_item {
            self.report(
                &at,
                "`per-item` on a text that reads nothing of an item",
                Some("give it a `when` that picks the items, and a placeholder that names them (`{id}`), or remove `per-item`".into()),
            );
            return false;
        }
        if scope == Scope::Collection {
            self.report(
                &at,
                "`per-item` applies to `rules` and `suggestions`, which are computed from an item",
                Some("a collection's own texts see every kept item already (`{count}`, `{sum:field}`): move this one to `rules` or `suggestions` to test it on each item, or remove `per-item`".into()),
            );
            return false;
        }
        if replaced_by_collection_suggestions {
            self.report(
                &at,
                "`per-item` on a suggestion that a collection never writes: `collection-suggestions` replace the item suggestions there",
                Some("declare the per-item suggestion without `collection-suggestions`, or remove `per-item`".into()),
            );
            return false;
        }
        if !self.returned_by.is_empty() && self.returned_by.iter().all(|(_, many)| !many) {
            let actions: Vec<String> = self
                .returned_by
                .iter()
                .map(|(action, _)| format!("`{action}`"))
                .collect();
            self.report(
                &at,
                format!(
                    "`per-item` on a presenter that is returned only as one item (by {})",
                    actions.join(", ")
                ),
                Some(format!(
                    "one item's rules and suggestions are always computed from it: remove `per-item`, or return a list of it (`returns: {{ type: array, items: {{ $ref: {} }} }}`)",
                    self.file.rsplit('/').next().unwrap_or(self.file)
                )),
            );
            return false;
        }
        true
    }

    /// Embedded fields: each must hold an object (or array of objects) of a presenter's item type.
    fn embeds(&mut self, names: &[String]) -> Vec<EmbedModel> {
        let mut embeds = Vec::new();
        for (index, name) in names.iter().enumerate() {
            let pointer = format!("/x-fusion/embed/{index}");
            let Some(field) = self.field(name, &pointer) else {
                continue;
            };
            let (target, many) = match self.fields()[field].ty.non_null() {
                FieldType::Named(id) => (Some(*id), false),
                FieldType::Array(element) => match element.non_null() {
                    FieldType::Named(id) => (Some(*id), true),
                    _ => (None, true),
                },
                _ => (None, false),
            };
            match target.and_then(|id| self.presenter_of.get(&id).copied()) {
                Some(presenter_module) => embeds.push(EmbedModel { field, presenter_module, many }),
                None => self.report(
                    &pointer,
                    format!("`{name}` is not presented by a presenter, so it cannot be embedded"),
                    Some("embed a field whose schema is a `$ref` to a presenter definition (a file with `type: object` at its root)".into()),
                ),
            }
        }
        embeds
    }

    /// `auto-rules`: one static rule `key: description` per root property with a non-empty
    /// description, in schema order (upstream's `extractZodDescriptions`). The text is static, so
    /// it is checked where the description is written.
    pub(in crate::model) fn auto_rules(&mut self) -> Vec<RuleModel> {
        let described: Vec<(String, String)> = self
            .fields()
            .iter()
            .filter_map(|field| {
                let description = field.description.as_deref().filter(|d| !d.is_empty())?;
                Some((
                    format!("{}: {description}", field.key),
                    format!("{}/description", field.pointer),
                ))
            })
            .collect();
        described
            .into_iter()
            .map(|(text, pointer)| {
                self.check_static(&text, &pointer, Placement::Text);
                RuleModel {
                    parts: vec![TextPart::Literal(text)],
                    when: None,
                    per_item: false,
                }
            })
            .collect()
    }

    fn check_limit(&mut self, max: u32, pointer: &str) {
        if max == 0 {
            self.report(
                pointer,
                "an agent limit of 0 would hide every item",
                Some("use a limit of at least 1".into()),
            );
        }
    }

    fn rules(&mut self, rules: Option<&[RuleDef]>, pointer: &str, scope: Scope) -> Vec<RuleModel> {
        let mut resolved = Vec::new();
        for (index, rule) in rules.unwrap_or_default().iter().enumerate() {
            let (text, when, per_item, text_pointer) = match rule {
                RuleDef::Text(text) => (text, None, None, format!("{pointer}/{index}")),
                RuleDef::Conditional(rule) => (
                    &rule.text,
                    rule.when.as_ref(),
                    rule.per_item,
                    format!("{pointer}/{index}/text"),
                ),
            };
            let parts = self.text(text, &text_pointer, scope);
            let when = when.map(|when| self.when(when, &format!("{pointer}/{index}/when")));
            let here = format!("{pointer}/{index}");
            let mut rule = RuleModel {
                parts,
                when,
                per_item: false,
            };
            rule.per_item = self.per_item(per_item, &here, scope, false, !rule.is_static());
            resolved.push(rule);
        }
        resolved
    }

    /// Splits a text into literal runs and placeholders; `{{` and `}}` stand for braces. The
    /// text is written in block text (rules, suggestions, UI content).
    pub(in crate::model) fn text(
        &mut self,
        text: &str,
        pointer: &str,
        scope: Scope,
    ) -> Vec<TextPart> {
        self.text_at(text, pointer, scope, Placement::Text)
    }

    /// [`Self::text`] for a text written at `placement` (an attribute value, say), whose static
    /// parts are checked for what would break out of it.
    pub(in crate::model) fn text_at(
        &mut self,
        text: &str,
        pointer: &str,
        scope: Scope,
        placement: Placement,
    ) -> Vec<TextPart> {
        self.check_static(text, pointer, placement);
        let parts = self.split_text(text, pointer, scope);
        self.check_tag_starts(&parts, pointer);
        parts
    }

    /// Reports static text that cannot be written verbatim at `placement`.
    pub(in crate::model) fn check_static(
        &mut self,
        text: &str,
        pointer: &str,
        placement: Placement,
    ) {
        if let Some(problem) = static_text::check(text, placement) {
            self.report(pointer, problem.message, Some(problem.help));
        }
    }

    /// A static run that ends in a tag start (`</`) before a value that could finish the tag.
    fn check_tag_starts(&mut self, parts: &[TextPart], pointer: &str) {
        for pair in parts.windows(2) {
            let (TextPart::Literal(literal), value) = (&pair[0], &pair[1]) else {
                continue;
            };
            // A computed string (a date) falls back to the value as written when it does not
            // parse, so it can complete a tag as the plain value could; computed numbers cannot.
            let field = match value {
                TextPart::Field(field) => field,
                TextPart::Computed(computed) => match &computed.source {
                    TextPart::Field(field) => field,
                    _ => continue,
                },
                _ => continue,
            };
            if !static_text::ends_in_tag_start(literal) {
                continue;
            }
            // Numbers and booleans spell no tag name; an enum only when one of its values does,
            // with the `<` in the static text (a value's own `<` is escaped).
            let static_chars = literal.chars().count();
            let completes = match self.fields()[*field].ty.non_null() {
                FieldType::String => true,
                FieldType::Named(id) => match &self.types[*id].kind {
                    TypeKind::Enum { values } => values.iter().any(|value| {
                        static_text::block_tag(&format!("{literal}{value}"))
                            .is_some_and(|tag| tag.at < static_chars)
                    }),
                    // Placeholders of these are refused (`scalar_kind`): they write no text.
                    TypeKind::Struct { .. }
                    | TypeKind::Union { .. }
                    | TypeKind::Literals { .. }
                    | TypeKind::Tuple { .. } => false,
                },
                _ => false,
            };
            if completes {
                let key = self.fields()[*field].key.clone();
                self.report(
                    pointer,
                    format!("the text starts a tag right before `{{{key}}}`, whose value could complete it into a block tag"),
                    Some("a value cannot add `<`, but it can finish a tag that static text starts: put words between the `<` and the placeholder, or write the comparison in words".into()),
                );
            }
        }
    }

    fn split_text(&mut self, text: &str, pointer: &str, scope: Scope) -> Vec<TextPart> {
        let mut parts = Vec::new();
        let mut literal = String::new();
        let mut rest = text;
        while let Some(open) = rest.find(['{', '}']) {
            literal.push_str(&rest[..open]);
            let brace = &rest[open..];
            if brace.starts_with("{{") || brace.starts_with("}}") {
                literal.push_str(&brace[..1]);
                rest = &brace[2..];
                continue;
            }
            let Some(close) = brace.find('}').filter(|_| brace.starts_with('{')) else {
                self.report(
                    pointer,
                    "unbalanced `{` or `}` in the text",
                    Some("write `{{` and `}}` for literal braces".into()),
                );
                return parts;
            };
            if !literal.is_empty() {
                parts.push(TextPart::Literal(std::mem::take(&mut literal)));
            }
            if let Some(part) = self.placeholder(&brace[1..close], pointer, scope) {
                parts.push(part);
            }
            rest = &brace[close + 1..];
        }
        literal.push_str(rest);
        if !literal.is_empty() {
            parts.push(TextPart::Literal(literal));
        }
        parts
    }

    fn placeholder(&mut self, name: &str, pointer: &str, scope: Scope) -> Option<TextPart> {
        if name.contains('|') {
            return self.computed(name, pointer, scope);
        }
        let (part, _) = self.value_source(name, pointer, scope)?;
        if let TextPart::Field(field) = part
            && self.scalar_kind(field).is_none()
        {
            let help = if scope == Scope::Collection {
                "in collection rules, use {count} or {sum:field}"
            } else {
                "interpolate a string, number, boolean or enum field"
            };
            self.report(
                pointer,
                format!("cannot interpolate `{name}`: it is not a single value"),
                Some(help.into()),
            );
            return None;
        }
        Some(part)
    }

    /// The index of a root field, or a diagnostic with the closest name.
    /// A key whose uses another diagnostic explains is reported with that cause, or not at
    /// all when its declaration has an error of its own: either way `None`, so that the caller
    /// says nothing more of it.
    pub(in crate::model) fn field(&mut self, name: &str, pointer: &str) -> Option<usize> {
        if let Some(troubled) = self.item.troubled.iter().find(|t| t.key == name) {
            if let Some(cause) = &troubled.cause {
                let (message, help) = (cause.message.clone(), cause.help.clone());
                self.report(pointer, message, Some(help));
            }
            return None;
        }
        let found = self.fields().iter().position(|f| f.key == name);
        if found.is_none() && self.item.incomplete {
            return None;
        }
        if found.is_none() && matches!(self.item.kind, TypeKind::Union { .. }) {
            // No field is shared by construction: a value names the branch it is in only.
            self.report(
                pointer,
                format!(
                    "`{name}`: a presenter over a union (`{}`) cannot name fields in its rules, conditions, UI or suggestions",
                    self.item.title
                ),
                Some(
                    "keep this presenter's behaviour static (`{count}` works in collection rules), give each branch a presenter of its own, or compute the block in the hooks trait".into(),
                ),
            );
        } else if found.is_none() {
            let keys: Vec<String> = self.fields().iter().map(|f| f.key.clone()).collect();
            let help = did_you_mean(name, keys.iter().map(String::as_str))
                .map(|s| format!("did you mean `{s}`?"))
                .unwrap_or_else(|| format!("fields of `{}`: {}", self.item.title, keys.join(", ")));
            self.report(pointer, format!("unknown field `{name}`"), Some(help));
        }
        found
    }

    /// The field's scalar type, or `None` for arrays and objects.
    fn scalar_kind(&self, field: usize) -> Option<&FieldType> {
        match self.fields()[field].ty.non_null() {
            FieldType::Named(id) if !matches!(self.types[*id].kind, TypeKind::Enum { .. }) => None,
            // Any JSON value may be an object or an array: not a scalar to interpolate.
            FieldType::Array(_) | FieldType::Any => None,
            other => Some(other),
        }
    }
}
