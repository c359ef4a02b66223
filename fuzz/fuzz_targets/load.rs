//! The loader on any text, read as YAML and as JSON: a document or a diagnostic, never a panic;
//! the diagnostic's line inside the input, and its rendering (miette, with the long-line cut)
//! never a panic either, whatever the line lengths.
#![no_main]

use fusion_gen::SourceFile;
use fusion_gen::load::load;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return; // The CLI rejects non-UTF-8 bytes before loading (with their offset).
    };
    for name in ["fuzz.yaml", "fuzz.json"] {
        let file = SourceFile::new(name, text);
        if let Err(diagnostic) = load(&file) {
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
