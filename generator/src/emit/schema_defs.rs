//! JSON Schemas of model types whose size is linear in the definitions.
//!
//! A type referenced once is written in place, as a hand-written schema would be. A type
//! referenced from two places or more (and every recursive type) is written once under `$defs`
//! and referenced as `{"$ref": "#/$defs/Name"}`: inlining those doubles the schema at every level
//! of a chain of types that each use the next twice. A type nested deeper than
//! [`MAX_INLINE_DEPTH`] goes to `$defs` too, so that no schema value is deeper than the
//! definitions' own nesting, whatever chain of single-use types they declare.

use std::collections::HashMap;

use serde_json::{Map, Value, json};

use crate::model::{FieldBounds, FieldDef, FieldType, LiteralValue, Model, TypeId, TypeKind};
use crate::naming::Names;

/// How many named types deep a schema is written in place before further types go to `$defs`.
pub const MAX_INLINE_DEPTH: usize = 16;

/// The `$defs` key of every model type: its Rust name, prefixed with its module's where two
/// modules use the same type name.
pub fn def_keys(model: &Model, names: &Names) -> Vec<String> {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for names in &names.types {
        *counts.entry(&names.name).or_default() += 1;
    }
    (0..model.types.len())
        .map(|id| {
            let name = &names.ty(id).name;
            if counts[name.as_str()] > 1 {
                format!("{}.{name}", names.module(model.types[id].module).name)
            } else {
                name.clone()
            }
        })
        .collect()
}

/// Writes the schemas of one JSON Schema document: its root and the `$defs` they share.
pub struct SchemaWriter<'m> {
    model: &'m Model,
    keys: &'m [String],
    /// References to each type among the document's roots and the bodies of the types they reach
    /// (each body counted once).
    uses: Vec<u32>,
    /// Types referenced through `$defs`, in the order first referenced; `written` of them done.
    queued: Vec<TypeId>,
    is_queued: Vec<bool>,
    /// Whether field schemas state their bounds: an input schema does (tool arguments enforce
    /// them), an output schema does not (presenter data only documents them, and a client that
    /// validates structured content must not refuse data the server does not check).
    bounds: bool,
}

impl<'m> SchemaWriter<'m> {
    /// A writer for a document whose roots are `roots` (field types) and `root_types` (types
    /// written at the document's root, which count as one use).
    pub fn new<'r>(
        model: &'m Model,
        keys: &'m [String],
        roots: impl IntoIterator<Item = &'r FieldType>,
        root_types: &[TypeId],
    ) -> Self {
        let mut uses = vec![0u32; model.types.len()];
        let mut walked = vec![false; model.types.len()];
        // An explicit stack: a chain of thousands of types must not recurse.
        let mut pending: Vec<&FieldType> = roots.into_iter().collect();
        let mut bodies: Vec<TypeId> = root_types.to_vec();
        for &id in root_types {
            uses[id] += 1;
        }
        loop {
            while let Some(ty) = pending.pop() {
                match ty {
                    FieldType::Named(id) => {
                        uses[*id] = uses[*id].saturating_add(1);
                        bodies.push(*id);
                    }
                    FieldType::Array(inner) | FieldType::Nullable(inner) => pending.push(inner),
                    FieldType::String
                    | FieldType::Integer(_)
                    | FieldType::Number
                    | FieldType::Boolean
                    | FieldType::Any => {}
                }
            }
            let Some(id) = bodies.pop() else { break };
            if std::mem::replace(&mut walked[id], true) {
                continue;
            }
            let def = &model.types[id];
            match &def.kind {
                TypeKind::Struct { fields } => pending.extend(fields.iter().map(|f| &f.ty)),
                TypeKind::Union { variants, .. } => pending.extend(variants.iter().map(|v| &v.ty)),
                TypeKind::Tuple { elements, .. } => pending.extend(elements.iter()),
                TypeKind::Enum { .. } | TypeKind::Literals { .. } => {}
            }
            pending.extend(def.extra.as_ref());
        }
        SchemaWriter {
            model,
            keys,
            uses,
            queued: Vec::new(),
            is_queued: vec![false; model.types.len()],
            bounds: false,
        }
    }

    /// Field schemas state their bounds (`minimum`, `maxLength`, `pattern`, …): for input schemas.
    #[must_use]
    pub fn with_bounds(mut self) -> Self {
        self.bounds = true;
        self
    }

    /// The schema of one property: its type's, with its `format`.
    pub fn field(&mut self, field: &FieldDef) -> Value {
        self.field_at(field, 0)
    }

    /// The body of a named type, written in place whatever its uses.
    pub fn body(&mut self, id: TypeId) -> Value {
        self.body_at(id, 0)
    }

    /// Adds `$defs` (every type referenced through it, each written once) to the document.
    pub fn finish(mut self, document: &mut Value) {
        let mut defs = Map::new();
        let mut next = 0;
        while let Some(&id) = self.queued.get(next) {
            next += 1;
            let body = self.body_at(id, 0);
            defs.insert(self.keys[id].clone(), body);
        }
        if !defs.is_empty()
            && let Some(object) = document.as_object_mut()
        {
            object.insert("$defs".into(), Value::Object(defs));
        }
    }

    fn field_at(&mut self, field: &FieldDef, depth: usize) -> Value {
        let mut schema = self.value(&field.ty, depth);
        if let (Some(format), Some(object)) = (&field.format, schema.as_object_mut()) {
            object.insert("format".into(), Value::String(format.clone()));
        }
        if self.bounds && !field.bounds.is_empty() {
            insert_bounds(&mut schema, &field.bounds);
        }
        // What an argument left out means (an API's own default page size, sort, state) is part
        // of what the agent is told, in input schemas.
        if self.bounds
            && let (Some(default), Some(object)) = (&field.default, schema.as_object_mut())
            && let Ok(default) = serde_json::from_str::<Value>(default)
        {
            object.insert("default".into(), default);
        }
        schema
    }

    fn value(&mut self, ty: &FieldType, depth: usize) -> Value {
        match ty {
            FieldType::String => json!({"type": "string"}),
            FieldType::Integer(_) => json!({"type": "integer"}),
            FieldType::Any => json!({}),
            FieldType::Number => json!({"type": "number"}),
            FieldType::Boolean => json!({"type": "boolean"}),
            FieldType::Named(id) => self.named(*id, depth),
            FieldType::Array(element) => {
                json!({"type": "array", "items": self.value(element, depth)})
            }
            FieldType::Nullable(inner) => or_null(self.value(inner, depth)),
        }
    }

    fn named(&mut self, id: TypeId, depth: usize) -> Value {
        if self.uses[id] < 2 && depth < MAX_INLINE_DEPTH {
            return self.body_at(id, depth + 1);
        }
        if !std::mem::replace(&mut self.is_queued[id], true) {
            self.queued.push(id);
        }
        json!({"$ref": format!("#/$defs/{}", crate::source::pointer_token(&self.keys[id]))})
    }

    fn body_at(&mut self, id: TypeId, depth: usize) -> Value {
        let model = self.model;
        let def = &model.types[id];
        match &def.kind {
            TypeKind::Enum { values } => json!({"type": "string", "enum": values}),
            // No values (`false`, `type: "null"` alone, whose uses add the `null`) is `enum: []`,
            // which no value matches, as the type reads none.
            TypeKind::Literals { values, .. } => json!({
                "enum": values.iter().map(LiteralValue::to_json).collect::<Vec<_>>()
            }),
            TypeKind::Tuple { elements, .. } => json!({
                "type": "array",
                "prefixItems": elements
                    .iter()
                    .map(|element| self.value(element, depth))
                    .collect::<Vec<_>>(),
                "items": false,
                "minItems": elements.len(),
            }),
            TypeKind::Union { variants, .. } => json!({
                "anyOf": variants
                    .iter()
                    .map(|v| self.value(&v.ty, depth))
                    .collect::<Vec<_>>()
            }),
            TypeKind::Struct { fields } => {
                let mut properties = Map::new();
                for field in fields {
                    let mut schema = self.field_at(field, depth);
                    if let (Some(description), Some(object)) =
                        (&field.description, schema.as_object_mut())
                    {
                        object.insert("description".into(), Value::String(description.clone()));
                    }
                    properties.insert(field.key.clone(), schema);
                }
                let required: Vec<&str> = fields
                    .iter()
                    .filter(|f| f.required)
                    .map(|f| f.key.as_str())
                    .collect();
                let mut schema = json!({"type": "object", "properties": properties});
                if !required.is_empty() {
                    schema["required"] = json!(required);
                }
                // Checked on tool arguments, so stated where bounds are (input schemas).
                if self.bounds {
                    let count = def.property_count;
                    for (keyword, bound) in
                        [("minProperties", count.min), ("maxProperties", count.max)]
                    {
                        if let Some(bound) = bound {
                            schema[keyword] = json!(bound);
                        }
                    }
                }
                if let Some(extra) = &def.extra {
                    let values = match extra {
                        FieldType::Any => Value::Bool(true),
                        other => self.value(other, depth),
                    };
                    if def.extra_keys.is_empty() {
                        schema["additionalProperties"] = values;
                    } else {
                        let patterns: serde_json::Map<String, Value> = def
                            .extra_keys
                            .iter()
                            .map(|pattern| (pattern.clone(), values.clone()))
                            .collect();
                        schema["patternProperties"] = Value::Object(patterns);
                    }
                }
                schema
            }
        }
    }
}

/// Adds the bound keywords to a field's schema, as the definition wrote them; an array's or a
/// nullable value's bounds sit beside its `type` (`null` passes them, as JSON Schema says), a
/// nullable reference's in the `anyOf` wrapper.
fn insert_bounds(schema: &mut Value, bounds: &FieldBounds) {
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    let numbers = [
        ("minimum", &bounds.minimum),
        ("exclusiveMinimum", &bounds.exclusive_minimum),
        ("maximum", &bounds.maximum),
        ("exclusiveMaximum", &bounds.exclusive_maximum),
    ];
    for (keyword, value) in numbers {
        if let Some(value) = value {
            object.insert(keyword.into(), Value::Number(value.clone()));
        }
    }
    let counts = [
        ("minLength", bounds.min_length),
        ("maxLength", bounds.max_length),
        ("minItems", bounds.min_items),
        ("maxItems", bounds.max_items),
    ];
    for (keyword, value) in counts {
        if let Some(value) = value {
            object.insert(keyword.into(), Value::from(value));
        }
    }
    if let Some(pattern) = &bounds.pattern {
        object.insert("pattern".into(), Value::String(pattern.clone()));
    }
    if bounds.unique_items {
        object.insert("uniqueItems".into(), Value::Bool(true));
    }
}

/// The schema that also accepts `null`.
fn or_null(mut schema: Value) -> Value {
    let null_branch = json!({"type": "null"});
    let Some(object) = schema.as_object_mut() else {
        return schema;
    };
    if object.is_empty() {
        return schema; // `{}` accepts null already.
    }
    if let Some(Value::String(kind)) = object.get("type").cloned() {
        object.insert("type".into(), json!([kind, "null"]));
        if let Some(Value::Array(values)) = object.get_mut("enum")
            && !values.contains(&Value::Null)
        {
            values.push(Value::Null);
        }
        return schema;
    }
    if object.get("type").is_some_and(|t| t.as_array().is_some()) {
        return schema; // a type list that says whether null is in.
    }
    if let Some(Value::Array(branches)) = object.get_mut("anyOf") {
        if !branches.contains(&null_branch) {
            branches.push(null_branch);
        }
        return schema;
    }
    json!({"anyOf": [schema, null_branch]})
}
