//! The runtime handshake (issue 23): code generated for another runtime contract fails to
//! compile with one message that names both versions and the fix, and no follow-on errors.

#[test]
fn a_mismatched_contract_fails_with_one_message() {
    trybuild::TestCases::new().compile_fail("ui/contract_mismatch.rs");
}
