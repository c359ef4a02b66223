//! The loader on any text, read as YAML and as JSON: a document or a diagnostic, never a panic;
//! the diagnostic's line inside the input, and its rendering (miette, with the long-line cut)
//! never a panic either, whatever the line lengths. As JSON, the loader's own reader agrees with
//! serde_json: the same value when both read the text, and a refusal only where serde_json also
//! refuses, or for a key written twice (which serde_json resolves silently, the loader refuses).
#![no_main]

use fusion_gen::SourceFile;
use fusion_gen::load;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return; // The CLI rejects non-UTF-8 bytes before loading (with their offset).
    };
    for name in ["fuzz.yaml", "fuzz.json"] {
        let file = SourceFile::new(name, text);
        let loaded = load(&file).map(|document| document.value);
        if name == "fuzz.json" {
            agrees_with_serde_json(text, &loaded);
        }
        if let Err(diagnostic) = loaded {
            assert_eq!(diagnostic.file, name);
            if let Some(location) = diagnostic.location {
                // YAML breaks lines at `\n`, `\r\n` and a lone `\r` (a finding of this
                // target: a file of `\r`-separated lines is reported on the line YAML counts).
                let lines = text.replace("\r\n", "\n").split(['\n', '\r']).count() as u32;
                assert!(
                    location.line >= 1 && location.line <= lines + 1,
                    "{diagnostic:?}"
                );
            }
            let rendered = diagnostic.render(Some(text));
            assert!(rendered.contains(name), "{rendered}");
        }
    }
});

fn agrees_with_serde_json(
    text: &str,
    loaded: &Result<serde_json::Value, fusion_gen::Diagnostic>,
) {
    // The loader skips a leading byte order mark (editors on Windows write one), which
    // serde_json refuses: a finding of this target against its own check
    // (`fuzz/regressions/load/byte-order-mark`).
    let json = text.strip_prefix('\u{feff}').unwrap_or(text);
    match (serde_json::from_str::<serde_json::Value>(json), loaded) {
        (Ok(mut value), Ok(loaded)) => {
            let mut loaded = loaded.clone();
            zero_for_minus_zero(&mut value);
            zero_for_minus_zero(&mut loaded);
            assert_eq!(loaded, value, "{text:?}");
        }
        (Ok(_), Err(diagnostic)) => assert!(
            diagnostic.message.starts_with("duplicate key")
                || diagnostic.message.starts_with("the file nests deeper"),
            "serde_json reads {text:?}, the loader refuses it: {diagnostic:?}"
        ),
        // serde_json stops at 128 levels, the loader's budget is deeper.
        (Err(error), Ok(_)) => assert!(
            error.to_string().starts_with("recursion limit exceeded"),
            "the loader reads {text:?}, serde_json refuses it: {error}"
        ),
        (Err(_), Err(_)) => {}
    }
}

/// The loader reads `-0` as the integer 0, as YAML does, where serde_json makes it the float -0.0
/// (a finding of this target against its own first check: `fuzz/regressions/load/minus-zero`);
/// both sides are read with every negative zero as 0.
fn zero_for_minus_zero(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Number(number)
            if number
                .as_f64()
                .is_some_and(|n| n == 0.0 && n.is_sign_negative()) =>
        {
            *value = serde_json::Value::from(0);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(zero_for_minus_zero),
        serde_json::Value::Object(map) => map.values_mut().for_each(zero_for_minus_zero),
        _ => {}
    }
}
