//! Computed placeholders (`{amount_cents | divide: 100 | round: 2}`) on checked sample values:
//! the source value read from the sample as the generated code reads it from its struct, then
//! the runtime's own transform chain (`compute::push`, `compute::write_json`), which the
//! generated code calls too.

use fusion_runtime::json::JsonWriter;
use fusion_runtime::vocabulary::compute::{self, Operand, Transform};
use serde_json::{Map, Value};

use crate::model::{Computed, FieldType, TextPart};

use super::blocks::{Escape, Presenting, Scope};

impl Presenting<'_> {
    /// The source of a computed placeholder, `None` when the field is absent or `null`.
    fn source<'v>(
        &self,
        source: &TextPart,
        scope: Scope<'_>,
        item: Option<&'v Map<String, Value>>,
    ) -> Option<Operand<'v>> {
        let kept = scope.kept.len() as i128;
        Some(match source {
            TextPart::Field(field) | TextPart::Column(field) => {
                let value = self.value(*field, item?)?;
                match (self.fields[*field].ty.non_null(), value) {
                    (FieldType::Integer(_), Value::Number(n)) => Operand::Integer(
                        n.as_i64()
                            .map(i128::from)
                            .or_else(|| n.as_u64().map(i128::from))?,
                    ),
                    (FieldType::Number, Value::Number(n)) => Operand::Float(n.as_f64()?),
                    (FieldType::Array(_), Value::Array(items)) => Operand::Array(items.len()),
                    (_, Value::String(s)) => Operand::Text(s),
                    _ => return None,
                }
            }
            TextPart::Sum(field) => match self.fields[*field].ty.non_null() {
                FieldType::Integer(_) => Operand::Integer(self.integer_sum(*field, scope.kept)),
                _ => Operand::Float(self.float_sum(*field, scope.kept)),
            },
            TextPart::Hidden => Operand::Integer(scope.total as i128 - kept),
            TextPart::Total => Operand::Integer(scope.total as i128),
            // `Count` and `Shown`; the model gives no other source.
            _ => Operand::Integer(kept),
        })
    }

    /// Appends a computed placeholder (nothing when its field is absent or `null`).
    pub(super) fn push_computed(
        &self,
        computed: &Computed,
        scope: Scope<'_>,
        escape: Escape,
        out: &mut String,
    ) {
        if let Some(source) = self.source(&computed.source, scope, scope.item) {
            compute::push(out, source, &steps(computed), escape);
        }
    }

    /// Writes a computed placeholder as a JSON value (`null` when its field is absent or
    /// `null`); a column's values each go through the transforms, into an array.
    pub(super) fn json_computed(
        &self,
        computed: &Computed,
        scope: Scope<'_>,
        writer: &mut JsonWriter<'_>,
    ) {
        let steps = steps(computed);
        if let TextPart::Column(_) = computed.source {
            let mut column = writer.array();
            for item in scope.kept {
                let source = self.source(&computed.source, scope, Some(item));
                compute::write_json(column.next_element(), source, &steps);
            }
            column.end();
        } else {
            let source = self.source(&computed.source, scope, scope.item);
            compute::write_json(writer, source, &steps);
        }
    }
}

fn steps(computed: &Computed) -> Vec<Transform<'_>> {
    computed
        .steps
        .iter()
        .map(|step| step.at_run_time())
        .collect()
}
