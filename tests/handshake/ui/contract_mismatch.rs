// Code generated for another runtime contract: the handshake's message is the only error, though
// the module below calls runtime items that do not exist and derives through the runtime's serde.
::fusion_runtime::require_contract!(
    contract = 999,
    generator = "fusion-gen 9.0.0",
    runtime = "9.0.0",
    regenerate = "fusion-gen schemas -o generated"
);

pub mod invoice {
    use super::__rt;

    #[derive(::fusion_runtime::__private::serde::Serialize)]
    #[serde(crate = "__rt::__private::serde")]
    pub struct Invoice {
        pub id: u64,
    }

    impl __rt::Presenter for Invoice {
        fn present_somehow(&self) -> __rt::NoSuchType {
            __rt::__private::no_such_function(self.id, "wrong", 3)
        }
    }
}

fn main() {}
