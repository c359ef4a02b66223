//! fusion-gen engine.
