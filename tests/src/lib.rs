//! Integration tests of fusion-gen.
