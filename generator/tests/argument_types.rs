//! Types read only from tool arguments get what reading needs and no response writers; a type
//! that is also data keeps them (issue 8: "only what is used").

use fusion_gen::{Options, SourceFile, generate};

fn generated(sources: &[SourceFile]) -> String {
    match generate(sources, &Options::default()) {
        Ok(files) => files
            .iter()
            .map(|file| file.contents.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        Err(diagnostics) => panic!("{diagnostics}"),
    }
}

#[test]
fn an_enum_read_only_from_arguments_has_no_writers() {
    let code = generated(&[
        SourceFile::new(
            "ticket.yaml",
            "\
title: Ticket
type: object
properties:
  id: { type: string }
  status: { $ref: '#/$defs/Status' }
$defs:
  Status: { enum: [open, closed] }
",
        ),
        SourceFile::new(
            "tickets.tool.yaml",
            "\
x-fusion-tool:
  name: tickets
  description: Tickets.
  select: true
  actions:
    list:
      description: Tickets by status and sort order.
      input:
        type: object
        properties:
          status: { $ref: 'ticket.yaml#/$defs/Status' }
          order: { enum: [newest, oldest] }
          page: { type: object, properties: { size: { type: integer } } }
      returns: { type: array, items: { $ref: ticket.yaml } }
",
        ),
    ]);
    for argument_only in [
        "TicketsListInputOrder",
        "TicketsListInputPage",
        "TicketsSelect",
    ] {
        assert!(
            code.contains(&format!(" {argument_only} {{\n")),
            "{argument_only} is generated"
        );
        for writer in ["WriteJson", "ToonElement", "ToonObject"] {
            assert!(
                !code.contains(&format!("{writer} for {argument_only} ")),
                "{argument_only} gets no {writer}"
            );
        }
        // An enum's writers come from `wire_enum!`, which leaves them out when told `read_only`.
        assert!(
            !code.contains(&format!("wire_enum!({argument_only} ")),
            "{argument_only} gets no writers from wire_enum!"
        );
    }
    for enum_name in ["TicketsListInputOrder", "TicketsSelect"] {
        assert!(
            code.contains(&format!("wire_enum!(read_only {enum_name} {{")),
            "{enum_name} is read only"
        );
    }
    // The enum the ticket holds is data too: its writers stay.
    assert!(
        code.contains("__rt::wire_enum!(Status {"),
        "Status keeps its writers"
    );
}
