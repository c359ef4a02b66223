//! `Debug` of a generated struct, through its [`Record`]: what `#[derive(Debug)]` writes, from
//! the one description of the fields every writer shares.
//!
//! The derive writes, per struct, one `&dyn Debug` per field into an array: the largest part of
//! what a crate of many structs compiled for `Debug`. Here the struct's code is one call.

use core::fmt;

use super::{Censor, Clip, FieldSink, FieldValue, Key, Record};

/// What a generated struct's `Debug` calls: `Name { member: value, … }`, as the derive prints
/// it, the declared fields named by `members` (schema order) and the undeclared keys it keeps
/// last, as the map they are in (`extra`: its member and the map).
///
/// A redacted field prints its censor where its value would be, and `None` where it holds
/// none: a log line is an egress too, and the value the data block never shows stays out of it.
///
/// # Errors
/// The formatter's.
pub fn debug<R: Record + ?Sized>(
    record: &R,
    name: &str,
    members: &'static [&'static str],
    extra: Option<(&str, &dyn fmt::Debug)>,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    let mut out = f.debug_struct(name);
    let mut sink = DebugSink {
        out: &mut out,
        member: "",
    };
    for (field, member) in members.iter().enumerate() {
        sink.member = member;
        // No struct has 2^16 fields: the generator numbers them in a u16.
        record.visit_field(field as u16, &mut sink);
    }
    if let Some((member, map)) = extra {
        out.field(member, map);
    }
    out.finish()
}

/// Prints each field it is handed under the member name [`debug`] set for it.
struct DebugSink<'o, 'f, 'b> {
    out: &'o mut fmt::DebugStruct<'f, 'b>,
    member: &'static str,
}

/// A redacted field's value: its censor, bare, or `None`.
struct Censored(Option<&'static str>);

impl fmt::Debug for Censored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(text) => f.write_str(text),
            None => f.write_str("None"),
        }
    }
}

impl<'a> FieldSink<'a> for DebugSink<'_, '_, '_> {
    fn field<T: FieldValue + ?Sized>(&mut self, _key: &'static Key, value: &'a T) {
        self.out.field(self.member, &value);
    }

    fn optional<T: FieldValue>(&mut self, _key: &'static Key, value: &'a Option<T>) {
        self.out.field(self.member, value);
    }

    fn censored(&mut self, _key: &'static Key, censor: Censor, has_value: bool) {
        self.out
            .field(self.member, &Censored(has_value.then_some(censor.text)));
    }

    fn censored_if(&mut self, _key: &'static Key, censor: Censor, presence: Option<bool>) {
        let text = (presence == Some(true)).then_some(censor.text);
        self.out.field(self.member, &Censored(text));
    }

    /// The whole text, as the derive prints it: `Debug` is for whoever holds the value.
    fn clipped(&mut self, _key: &'static Key, text: Option<Clip<'a>>) {
        match text {
            Some(text) => self.out.field(self.member, &text),
            None => self.out.field(self.member, &None::<()>),
        };
    }

    fn clipped_if(&mut self, _key: &'static Key, presence: Option<Option<Clip<'a>>>) {
        self.out.field(self.member, &presence.flatten());
    }

    /// Never handed one: [`debug`] prints the undeclared keys as the map they are in.
    fn entry<T: FieldValue + ?Sized>(&mut self, _key: &'a str, _value: &'a T) {}
}
