//! No code: see `tests/handshake.rs`.
