//! Concurrency limits per tool or action (issue 42), declared in the tool file
//! (`concurrency: { max-active, max-queue }`) and handed by generated code to the server through
//! [`crate::ServedTool::limits`]; `fusion_runtime::rmcp::FusionServer` enforces them and can
//! override them.

/// How many calls may run at once and how many may wait for a slot; a call beyond both is
/// refused at once with `SERVER_BUSY` (load shedding, as MCP Fusion's `ConcurrencyGuard`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Concurrency {
    /// Calls running at once (at least 1: 0 reads as 1, as upstream's `Math.max(1, …)`).
    pub max_active: u32,
    /// Calls waiting for a slot, first come first served; 0 refuses every call beyond
    /// `max_active`.
    pub max_queue: u32,
}

impl Concurrency {
    /// `max_active` running, `max_queue` waiting.
    pub const fn new(max_active: u32, max_queue: u32) -> Self {
        Self {
            max_active,
            max_queue,
        }
    }
}

/// The concurrency limits a tool declares: the tool's own, shared by its actions that declare
/// none, and each action's own. Every call goes through one limit at most: its action's, else
/// the tool's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The tool's limit (`x-fusion-tool/concurrency`).
    pub tool: Option<Concurrency>,
    /// The actions' own limits (`actions/<name>/concurrency`), by action name.
    pub actions: &'static [(&'static str, Concurrency)],
}

impl Limits {
    /// No limit at all: what a tool that declares none has.
    pub const NONE: Limits = Limits {
        tool: None,
        actions: &[],
    };
}

impl Default for Limits {
    fn default() -> Self {
        Self::NONE
    }
}
