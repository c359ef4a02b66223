//! The real binary over stdio answers a line it cannot read instead of leaving the client to
//! wait its whole timeout: a parse error (-32700, id null) for a lone surrogate, nesting past
//! serde_json's 128 levels, or invalid JSON, and the session goes on.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

#[test]
fn unreadable_lines_over_stdio_get_a_parse_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_billing-server"))
        .arg("stdio")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    let nested = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let lines = [
        r#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"\ud800"}}"#,
        nested.as_str(),
        "{not json",
    ];
    for line in lines {
        writeln!(input, "{line}").expect("writes");
        let mut reply = String::new();
        output.read_line(&mut reply).expect("a reply line");
        let reply: serde_json::Value = serde_json::from_str(&reply).expect("JSON");
        assert_eq!(reply["error"]["code"], -32700, "{line:.40}");
        assert_eq!(reply["id"], serde_json::Value::Null);
    }
    drop(input);
    child.wait().expect("the server ends with its input");
}
