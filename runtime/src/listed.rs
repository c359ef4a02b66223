//! The values a `per-item` placeholder lists (docs/definitions.md, "Rules for every item"):
//! one value per matched item, in item order, separated by `, `. A value that writes nothing
//! (an absent optional field) is left out with its separator, so the list never reads `a, , b`.

/// Separates the values of one listed placeholder as they are written into a text.
#[derive(Debug, Default, Clone, Copy)]
pub struct Listed {
    /// A value has been written: the next one that writes anything gets a separator.
    any: bool,
}

impl Listed {
    /// Called after a value was written into `text` from byte `at` on: puts `, ` before it
    /// when an earlier value was written, and nothing when the value wrote nothing.
    pub fn separate(&mut self, text: &mut String, at: usize) {
        if text.len() == at {
            return;
        }
        if self.any {
            text.insert_str(at, ", ");
        }
        self.any = true;
    }
}

#[cfg(test)]
mod tests {
    use super::Listed;

    fn list(values: &[&str]) -> String {
        let mut text = String::from("Overdue: ");
        let mut listed = Listed::default();
        for value in values {
            let at = text.len();
            text.push_str(value);
            listed.separate(&mut text, at);
        }
        text
    }

    #[test]
    fn values_are_separated_and_empty_ones_left_out() {
        assert_eq!(list(&["L-2", "L-4"]), "Overdue: L-2, L-4");
        assert_eq!(list(&["", "L-2", "", "L-4", ""]), "Overdue: L-2, L-4");
        assert_eq!(list(&["L-2"]), "Overdue: L-2");
        assert_eq!(list(&["", ""]), "Overdue: ");
    }
}
