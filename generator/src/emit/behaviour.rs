//! Rust code for a presenter's declared behaviour: conditions become boolean expressions over the
//! typed item, rule texts become pushes into one `String`. Values from data are escaped (wire
//! format §5 deviation); literal runs are written as they were authored.

use crate::model::IntKind;
use crate::model::{
    BehaviourModel, ConditionModel, FieldDef, FieldType, Model, RuleModel, SuggestionModel,
    TextPart, TypeId, TypeKind,
};
use crate::naming::{Names, PresenterNames};

use proc_macro2::TokenStream;
use quote::quote;

use super::code::{self, Ident, InternalError, Number, Place, Runtime, ident, literal};

/// The behaviour of one presenter, as code snippets the presenter template places.
pub struct BehaviourView {
    /// Static directives, as Rust string literals.
    pub directives: Vec<code::Literal>,
    /// `item_blocks`' parameter names: `item` and `builder`, or `_item` / `_builder` when the
    /// code never reads them (a parameter is never silenced with `let _ =`).
    pub item_params: (Ident, Ident),
    /// `collection_blocks`' parameter names: `kept`, `total`, `builder`, each `_`-prefixed when
    /// unread.
    pub collection_params: (Ident, Ident, Ident),
    /// Runs of consecutive static rules (no `when`, no placeholder), each one associated
    /// constant of the presenter, so that their text is in the code once.
    pub static_rules: Vec<StaticRules>,
    /// Item rules in declaration order (a static run is one push of its constant).
    pub rules: Vec<RuleView>,
    /// Collection rules in declaration order.
    pub collection_rules: Vec<RuleView>,
    /// Whether some item rule reads the item and is not `per-item` (a collection then reads
    /// its first element).
    pub reads_first_item: bool,
    /// The agent limit.
    pub limit: Option<Number>,
    /// Statements that push the truncation block, with `kept` and `total` in scope.
    pub truncation: TokenStream,
    /// `Pretty` or `Compact`: the data block's JSON style, or for a TOON data block the style of
    /// the test view's JSON (compact).
    pub json_style: Ident,
    /// Statements pushing each item UI block.
    pub ui: Vec<TokenStream>,
    /// Statements pushing each collection UI block.
    pub collection_ui: Vec<TokenStream>,
    /// Statements embedding each child presenter for `item`, with `repeat` in scope.
    pub embeds: Vec<TokenStream>,
    /// Item suggestions.
    pub suggestions: Vec<RuleView>,
    /// Some item suggestion that is not `per-item` reads the item: a collection then binds its
    /// first element (and binds nothing when none does, so no variable goes unused).
    pub suggestions_need_item: bool,
    /// Collection suggestions, which replace the item suggestions when declared.
    pub collection_suggestions: Option<Vec<RuleView>>,
    /// The data block is TOON (`data-format: toon`).
    pub toon: bool,
    /// The data block is pretty JSON, the runtime's default `Declared::FORMAT`: the presenter
    /// states no format.
    pub pretty_json: bool,
}

impl BehaviourView {
    /// Whether one item gets declared blocks: `Declared::item_blocks` is written only then
    /// (the runtime's default adds none).
    pub fn has_item_blocks(&self) -> bool {
        !(self.ui.is_empty()
            && self.embeds.is_empty()
            && self.directives.is_empty()
            && self.rules.is_empty()
            && self.suggestions.is_empty())
    }

    /// Whether the rules are written once, as the presenter's `item_rules`, which one item's
    /// blocks and a collection's (with its first item, none when empty) both call: when a rule
    /// reads the item and both are written, else there is nothing written twice. A `per-item`
    /// rule reads every kept item in a collection, so then each keeps its own.
    pub fn shares_item_rules(&self) -> bool {
        self.reads_first_item
            && self.rules.iter().all(|rule| rule.per_item.is_none())
            && self.has_collection_blocks()
    }

    /// Whether the presenter gets an inherent `impl` holding its static rules' constants and
    /// what its item and collection blocks share.
    pub fn has_inherent_items(&self) -> bool {
        !self.static_rules.is_empty()
            || self.shares_item_rules()
            || self.shares_item_embeds()
            || self.shares_item_suggestions()
    }

    /// Whether the embeds are written once, as the presenter's `item_embeds`, which one item's
    /// blocks and a collection's (for every kept item) both call: when both are written.
    pub fn shares_item_embeds(&self) -> bool {
        !self.embeds.is_empty() && self.has_item_blocks() && self.has_collection_blocks()
    }

    /// Whether the item suggestions are written once, as the presenter's `item_suggestions`,
    /// which one item's blocks and a collection's (with its first item) both call: when some
    /// reads the item, the collection declares no suggestions of its own, none is `per-item`
    /// (which reads every kept item) and both are written.
    pub fn shares_item_suggestions(&self) -> bool {
        self.suggestions_need_item
            && self.collection_suggestions.is_none()
            && self.suggestions.iter().all(|s| s.per_item.is_none())
            && self.has_item_blocks()
            && self.has_collection_blocks()
    }

    /// Whether a collection's declared blocks differ from its first item's (the agent limit's
    /// truncation block among them): `Declared::collection_blocks` is written only then, since
    /// the runtime's default adds the first kept item's `item_blocks`. They are the same when
    /// every rule reads the item (a collection reads its first element, and an empty one gets
    /// none) and the collection adds nothing of its own: no UI (an item's UI blocks are not a
    /// collection's), no embeds (a collection embeds every item), no directive (a collection
    /// states it even when empty), no collection rule or suggestion, no agent limit.
    pub fn has_collection_blocks(&self) -> bool {
        // A `per-item` rule or suggestion reads every kept item, not the first one's.
        let first_items_blocks = self.ui.is_empty()
            && self.embeds.is_empty()
            && self.directives.is_empty()
            && self
                .rules
                .iter()
                .all(|rule| rule.needs_item && rule.per_item.is_none())
            && self.suggestions.iter().all(|s| s.per_item.is_none());
        (self.has_item_blocks() && !first_items_blocks)
            || self.limit.is_some()
            || !self.collection_ui.is_empty()
            || !self.collection_rules.is_empty()
            || self.collection_suggestions.is_some()
    }
}

/// How values from data are escaped where they are interpolated (wire format §4, §5 deviation):
/// the runtime's one list of contexts, each a `fusion_runtime::escape` function.
pub use fusion_runtime::escape::Context as Escape;

/// One rule's code.
pub struct RuleView {
    /// The condition as a Rust expression over `item`, if any.
    pub condition: Option<TokenStream>,
    /// Statements that push the rule into `builder`.
    pub push: TokenStream,
    /// Whether the rule reads the item (so, in a collection, needs a first element).
    pub needs_item: bool,
    /// For a `per-item` rule or suggestion: the statements a collection runs instead, with
    /// `kept` and `builder` in scope (every kept item tested, one push listing the matched).
    pub per_item: Option<TokenStream>,
}

/// A run of consecutive static rules, written as `const NAME: &[&str] = &[...]`.
#[derive(Debug, Clone)]
pub struct StaticRules {
    /// The associated constant's name (`RULES`, `RULES_2`, …; `COLLECTION_RULES…` for collection
    /// rules): associated to the presenter, so no user type or field name can clash with it.
    pub name: Ident,
    /// The rules, as Rust string literals.
    pub rules: Vec<code::Literal>,
}

/// Code generation context: the item struct's fields and their Rust names.
pub struct Context<'a> {
    /// The model.
    pub model: &'a Model,
    /// All names.
    pub names: &'a Names,
    /// The item struct.
    pub item: TypeId,
    /// The item struct's fields; model indices in placeholders and conditions point into it.
    pub fields: &'a [FieldDef],
    /// The runtime path.
    pub rt: &'a Runtime,
}

impl Context<'_> {
    pub(super) fn field(&self, index: usize) -> (&FieldDef, Ident) {
        (
            &self.fields[index],
            ident(&self.names.ty(self.item).fields[index].name),
        )
    }

    /// An optional field's value as a place `if let Some(value) = …` binds to `&T`; a `null`
    /// of an optional nullable field reads as no value.
    pub(super) fn option_place(&self, def: &FieldDef, name: &Ident) -> TokenStream {
        if def.is_double_option() {
            quote!(item.#name.as_ref().and_then(::core::option::Option::as_ref))
        } else {
            quote!(&item.#name)
        }
    }

    /// An optional field of a `Copy` type (a number, a boolean, an enum) as an `Option<T>`.
    pub(super) fn option_copy(&self, def: &FieldDef, name: &Ident) -> TokenStream {
        if def.is_double_option() {
            quote!(item.#name.flatten())
        } else {
            quote!(item.#name)
        }
    }

    /// The view of a presenter's behaviour; `names` are the presenter's.
    pub fn view(
        &self,
        behaviour: &BehaviourModel,
        names: &PresenterNames,
    ) -> Result<BehaviourView, InternalError> {
        let mut static_rules = Vec::new();
        let rules = self.rules(&behaviour.rules, &names.rules, &mut static_rules)?;
        let reads_first_item = rules.iter().any(|r| r.needs_item && r.per_item.is_none());
        let collection_rules = self.rules(
            &behaviour.collection_rules,
            &names.collection_rules,
            &mut static_rules,
        )?;
        let limit = behaviour
            .agent_limit
            .as_ref()
            .map(|l| Number::Int(l.max.into(), "usize"));
        let rt = self.rt;
        let truncation = match behaviour
            .agent_limit
            .as_ref()
            .and_then(|l| l.summary.as_ref())
        {
            Some(parts) => {
                let push = self.push_parts(parts)?;
                let text = text_with_room(parts);
                quote! {
                    let mut text = #text;
                    #push
                    builder.ui_first(#rt::UiBlock::summary_raw(&text));
                }
            }
            // The builder names the filters of the tool action presenting the list, if any.
            None => quote! {
                builder.truncation(kept.len(), total - kept.len());
            },
        };
        let json_style = ident(match behaviour.data_format {
            crate::definition::DataFormat::Pretty => "Pretty",
            crate::definition::DataFormat::Compact | crate::definition::DataFormat::Toon => {
                "Compact"
            }
        });
        let toon = behaviour.data_format == crate::definition::DataFormat::Toon;
        let pretty_json = behaviour.data_format == crate::definition::DataFormat::Pretty;
        let suggestions: Vec<RuleView> = behaviour
            .suggestions
            .iter()
            .map(|s| self.suggestion(s))
            .collect::<Result<_, _>>()?;
        let name = |used: bool, name: &str, unused: &str| ident(if used { name } else { unused });
        let (item, builder) = super::uses::item_blocks(behaviour);
        let (kept, total, collection_builder) = super::uses::collection_blocks(behaviour);
        Ok(BehaviourView {
            item_params: (
                name(item, "item", "_item"),
                name(builder, "builder", "_builder"),
            ),
            collection_params: (
                name(kept, "kept", "_kept"),
                name(total, "total", "_total"),
                name(collection_builder, "builder", "_builder"),
            ),
            directives: behaviour.directives.iter().map(|d| literal(d)).collect(),
            static_rules,
            rules,
            collection_rules,
            reads_first_item,
            limit,
            truncation,
            json_style,
            ui: behaviour
                .ui
                .iter()
                .map(|u| self.ui_block(u, false))
                .collect::<Result<_, _>>()?,
            collection_ui: behaviour
                .collection_ui
                .iter()
                .map(|u| self.ui_block(u, true))
                .collect::<Result<_, _>>()?,
            embeds: behaviour
                .embeds
                .iter()
                .map(|e| self.embed(e))
                .collect::<Result<_, _>>()?,
            suggestions_need_item: suggestions
                .iter()
                .any(|s| s.needs_item && s.per_item.is_none()),
            suggestions,
            collection_suggestions: behaviour
                .collection_suggestions
                .as_ref()
                .map(|list| list.iter().map(|s| self.suggestion(s)).collect())
                .transpose()?,
            toon,
            pretty_json,
        })
    }

    fn suggestion(&self, suggestion: &SuggestionModel) -> Result<RuleView, InternalError> {
        let action = literal(&suggestion.action);
        let push = match suggestion.reason.as_slice() {
            [TextPart::Literal(text)] => {
                let text = literal(text);
                quote! { builder.suggest_raw(#action, #text); }
            }
            parts => {
                let push = self.push_parts(parts)?;
                let text = text_with_room(parts);
                quote! {
                    let mut text = #text;
                    #push
                    builder.suggest_raw(#action, text);
                }
            }
        };
        let per_item = if suggestion.per_item {
            Some(self.per_item(
                &suggestion.reason,
                suggestion.when.as_ref(),
                Escape::Line,
                |text| quote! { builder.suggest_raw(#action, #text); },
            )?)
        } else {
            None
        };
        Ok(RuleView {
            condition: suggestion
                .when
                .as_ref()
                .map(|c| self.condition(c))
                .transpose()?,
            push,
            needs_item: !suggestion.is_static(),
            per_item,
        })
    }

    /// The statements of a `per-item` text in a collection: `when` tested on every kept item,
    /// and when some match, one text whose placeholders each list the matched items' values,
    /// in order, separated by `, ` (a value that writes nothing, an absent optional field, is
    /// left out), handed to `push` (a `String` expression in, statements out).
    fn per_item(
        &self,
        parts: &[TextPart],
        when: Option<&ConditionModel>,
        escape: Escape,
        push: impl FnOnce(TokenStream) -> TokenStream,
    ) -> Result<TokenStream, InternalError> {
        let rt = self.rt;
        let condition = when.map(|c| self.condition(c)).transpose()?;
        if let [TextPart::Literal(text)] = parts {
            // No value to list: the text is written once when any kept item matches.
            let text = literal(text);
            let push = push(quote!(#text));
            let test = match condition {
                Some(condition) => quote!(kept.iter().any(|item| #condition)),
                None => quote!(!kept.is_empty()),
            };
            return Ok(quote! { if #test { #push } });
        }
        let matched = match condition {
            Some(condition) => quote! {
                let matched = kept.iter().filter(|&item| #condition).collect::<::std::vec::Vec<_>>();
            },
            None => quote! { let matched = kept.iter().collect::<::std::vec::Vec<_>>(); },
        };
        let target = ident("text");
        let mut statements = TokenStream::new();
        for part in parts {
            let write = self.push_parts_into(std::slice::from_ref(part), &target, escape)?;
            if let TextPart::Literal(_) = part {
                statements.extend(write);
                continue;
            }
            statements.extend(quote! {
                let mut listed = #rt::__private::listed::Listed::default();
                for &item in &matched {
                    let at = text.len();
                    #write
                    listed.separate(&mut text, at);
                }
            });
        }
        let push = push(quote!(text));
        let text = text_with_room(parts);
        Ok(quote! {
            #matched
            if !matched.is_empty() {
                let mut text = #text;
                #statements
                #push
            }
        })
    }

    /// The views of `rules`, each run of static ones pushed from a constant added to `runs`,
    /// named by `run_names` in order.
    fn rules(
        &self,
        rules: &[RuleModel],
        run_names: &[String],
        runs: &mut Vec<StaticRules>,
    ) -> Result<Vec<RuleView>, InternalError> {
        let mut views = Vec::new();
        let mut run: Vec<code::Literal> = Vec::new();
        // The runs of earlier calls are in `runs` too: this call's are counted from here.
        let first = runs.len();
        let mut flush = |run: &mut Vec<code::Literal>,
                         views: &mut Vec<RuleView>|
         -> Result<(), InternalError> {
            if run.is_empty() {
                return Ok(());
            }
            let name = run_names.get(runs.len() - first).ok_or_else(|| {
                InternalError("naming gave fewer names than there are runs of static rules".into())
            })?;
            let name = ident(name);
            views.push(RuleView {
                condition: None,
                push: quote! { builder.rules_raw(Self::#name); },
                needs_item: false,
                per_item: None,
            });
            runs.push(StaticRules {
                name,
                rules: std::mem::take(run),
            });
            Ok(())
        };
        for rule in rules {
            if rule.is_static() {
                run.push(literal(&rule.literal_text()));
            } else {
                flush(&mut run, &mut views)?;
                views.push(self.rule(rule)?);
            }
        }
        flush(&mut run, &mut views)?;
        Ok(views)
    }

    fn rule(&self, rule: &RuleModel) -> Result<RuleView, InternalError> {
        let needs_item = !rule.is_static();
        let push = match rule.parts.as_slice() {
            [] => quote! { builder.rule_raw(""); },
            [TextPart::Literal(text)] => {
                let text = literal(text);
                quote! { builder.rule_raw(#text); }
            }
            parts => {
                let push = self.push_parts_into(parts, &ident("text"), Escape::Rule)?;
                let text = text_with_room(parts);
                quote! {
                    let mut text = #text;
                    #push
                    builder.rule_raw(text);
                }
            }
        };
        let per_item = if rule.per_item {
            Some(
                self.per_item(&rule.parts, rule.when.as_ref(), Escape::Rule, |text| {
                    quote! { builder.rule_raw(#text); }
                })?,
            )
        } else {
            None
        };
        Ok(RuleView {
            condition: rule.when.as_ref().map(|c| self.condition(c)).transpose()?,
            push,
            needs_item,
            per_item,
        })
    }

    /// Statements appending each part to `text`, data escaped to stay on its line (a rule's
    /// values escape less: [`Escape::Rule`]).
    fn push_parts(&self, parts: &[TextPart]) -> Result<TokenStream, InternalError> {
        self.push_parts_into(parts, &ident("text"), Escape::Line)
    }

    /// Statements appending each part to the `String` named `target`.
    pub(super) fn push_parts_into(
        &self,
        parts: &[TextPart],
        target: &Ident,
        escape: Escape,
    ) -> Result<TokenStream, InternalError> {
        let rt = self.rt;
        let mut statements = TokenStream::new();
        for part in parts {
            statements.extend(match part {
                TextPart::Literal(text) => match single_char(text) {
                    Some(c) => {
                        let c = code::Literal::character(c);
                        quote! { #target.push(#c); }
                    }
                    None => {
                        let text = literal(text);
                        quote! { #target.push_str(#text); }
                    }
                },
                TextPart::Count | TextPart::Shown => {
                    quote! { #rt::__private::number::write_u64(&mut #target, kept.len() as u64); }
                }
                TextPart::Hidden => {
                    quote! { #rt::__private::number::write_u64(&mut #target, (total - kept.len()) as u64); }
                }
                TextPart::Total => quote! { #rt::__private::number::write_u64(&mut #target, total as u64); },
                TextPart::Sum(field) => {
                    let write = self.write_sum(*field, target);
                    quote! { #write; }
                }
                TextPart::Field(field) => self.push_field_into(*field, target, escape),
                TextPart::Computed(computed) => {
                    self.push_computed_into(computed, target, escape)
                }
                // `text` never yields columns: they exist only in chart configurations.
                TextPart::Column(_) => {
                    return Err(InternalError(
                        "a column placeholder outside a chart configuration".into(),
                    ));
                }
            });
        }
        Ok(statements)
    }

    /// The call that writes the sum of a numeric field over `kept` (one pass per use: collection
    /// texts are written once per response).
    pub(super) fn write_sum(&self, field: usize, target: &Ident) -> TokenStream {
        let rt = self.rt;
        let (expression, integer) = self.sum_expression(field);
        let writer = ident(if integer { "write_i128" } else { "write_f64" });
        quote!(#rt::__private::number::#writer(&mut #target, #expression))
    }

    /// The sum of a numeric field over `kept` as an expression (an `i128` for an integer field,
    /// then `true`, else an `f64`).
    pub(super) fn sum_expression(&self, field: usize) -> (TokenStream, bool) {
        let (def, name) = self.field(field);
        // Integers sum in i128: exact, and no overflow panic (debug) or wrap (release) on data.
        let integer = matches!(def.ty.non_null(), FieldType::Integer(_));
        let (ty, widen) = if integer {
            (quote!(i128), quote!(.map(i128::from)))
        } else {
            (quote!(f64), TokenStream::new())
        };
        let values = if def.is_option() {
            let value = self.option_copy(def, &name);
            quote!(filter_map(|item| #value))
        } else {
            quote!(map(|item| item.#name))
        };
        (quote!(kept.iter().#values #widen.sum::<#ty>()), integer)
    }

    /// Appends a field's value to `target`; absent optional values append nothing.
    pub(super) fn push_field_into(
        &self,
        field: usize,
        target: &Ident,
        escape: Escape,
    ) -> TokenStream {
        let (def, name) = self.field(field);
        if def.is_option() {
            let place = self.option_place(def, &name);
            let write = self.write_field_value(def, &Place::Ref(ident("value")), target, escape);
            quote! {
                if let ::core::option::Option::Some(value) = #place { #write }
            }
        } else {
            self.write_field_value(def, &Place::Field(quote!(item.#name)), target, escape)
        }
    }

    /// The statement appending a present value of the field `def`, at `place`, to `target`:
    /// copied for `Copy` values (numbers, booleans), borrowed for strings, the receiver of
    /// `as_str` for enums.
    pub(super) fn write_field_value(
        &self,
        def: &FieldDef,
        place: &Place,
        target: &Ident,
        escape: Escape,
    ) -> TokenStream {
        let rt = self.rt;
        let escape_fn = ident(escape.push_fn_name());
        let (copy, reference, receiver) = (place.copied(), place.borrowed(), place.receiver());
        match def.ty.non_null() {
            FieldType::String => quote! { #rt::escape::#escape_fn(&mut #target, #reference); },
            FieldType::Integer(kind) => {
                let write = write_integer(rt, quote!(&mut #target), *kind, copy);
                quote! { #write; }
            }
            FieldType::Number => quote! { #rt::__private::number::write_f64(&mut #target, #copy); },
            FieldType::Boolean => {
                quote! { #target.push_str(if #copy { "true" } else { "false" }); }
            }
            // Enum values are authored in the definition but are data here: a value such as
            // `</domain_rules>` or `a|b` is escaped like any string. When no value of the enum
            // has anything to escape here, which this generator checks with the same escape,
            // the value is copied as it is.
            FieldType::Named(id)
                if matches!(&self.model.types[*id].kind, TypeKind::Enum { values }
                    if values.iter().all(|value| matches!(escape.apply(value), std::borrow::Cow::Borrowed(_)))) =>
            {
                quote! { #target.push_str(#receiver.as_str()); }
            }
            _ => quote! { #rt::escape::#escape_fn(&mut #target, #receiver.as_str()); },
        }
    }
}

/// A call writing the integer `value` (of `kind`) into `out` as JSON and TOON print it: `i64`
/// and `u64` directly, the narrower kinds widened to `i64` (lossless).
pub(super) fn write_integer(
    rt: &Runtime,
    out: TokenStream,
    kind: IntKind,
    value: TokenStream,
) -> TokenStream {
    match kind {
        IntKind::I64 => quote!(#rt::__private::number::write_i64(#out, #value)),
        IntKind::U64 => quote!(#rt::__private::number::write_u64(#out, #value)),
        _ => quote!(#rt::__private::number::write_i64(#out, i64::from(#value))),
    }
}

/// The one character of a one-character text (clippy's `single_char_add_str` wants `push` then).
fn single_char(text: &str) -> Option<char> {
    let mut chars = text.chars();
    chars.next().filter(|_| chars.next().is_none())
}

/// Room a value takes in a text, as a guess: most ids, names, counts and dates fit.
const VALUE_ROOM: usize = 24;

/// A new `String` with room for the text `parts` make, its literal text and [`VALUE_ROOM`] per
/// value: a rule written for each row of a page grew its text three or four times from empty.
fn text_with_room(parts: &[TextPart]) -> TokenStream {
    let room: usize = parts
        .iter()
        .map(|part| match part {
            TextPart::Literal(text) => text.len(),
            _ => VALUE_ROOM,
        })
        .sum();
    let room = proc_macro2::Literal::usize_unsuffixed(room);
    quote! { ::std::string::String::with_capacity(#room) }
}
