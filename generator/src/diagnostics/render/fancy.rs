//! miette's graphical renderer, the command line's (feature `fancy`).

use std::fmt;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};

use super::{byte_offset, token_len};
use crate::diagnostics::{Diagnostic, Severity, one_line_for_terminal};

/// The diagnostic drawn by miette, with a snippet of `source` when there is one.
pub(super) fn render(diagnostic: &Diagnostic, source: Option<&str>) -> String {
    let report = Report {
        diagnostic,
        source: source
            .map(|text| NamedSource::new(one_line_for_terminal(&diagnostic.file), text.to_owned())),
    };
    let mut out = String::new();
    let handler =
        GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
    if handler.render_report(&mut out, &report).is_err() {
        out = diagnostic.to_string();
    }
    out
}

struct Report<'a> {
    diagnostic: &'a Diagnostic,
    source: Option<NamedSource<String>>,
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.diagnostic, f)
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagnostic.message)?;
        if !self.diagnostic.pointer.is_empty() {
            write!(
                f,
                " (at {})",
                one_line_for_terminal(&self.diagnostic.pointer)
            )?;
        }
        let snippet_shown = self.source.as_ref().is_some_and(|source| {
            self.diagnostic
                .location
                .and_then(|at| byte_offset(source.inner(), at))
                .is_some()
        });
        if !snippet_shown && !self.diagnostic.file.is_empty() {
            write!(f, " in {}", one_line_for_terminal(&self.diagnostic.file))?;
            if let Some(at) = self.diagnostic.location {
                write!(f, ":{}:{}", at.line, at.column)?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for Report<'_> {}

impl miette::Diagnostic for Report<'_> {
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diagnostic.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.diagnostic
            .help
            .as_ref()
            .map(|help| Box::new(help) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source
            .as_ref()
            .map(|source| source as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let source = self.source.as_ref()?;
        let at = self.diagnostic.location?;
        let offset = byte_offset(source.inner(), at)?;
        let len = token_len(&source.inner()[offset..]);
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some("here".into()),
            SourceSpan::new(offset.into(), len),
        ))))
    }
}
