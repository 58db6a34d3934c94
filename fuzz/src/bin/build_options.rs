//! Fuzz target: build options, tokenized and translated into clang's arguments.
fn main() {
    afl::fuzz!(|data: &[u8]| oclgrind_fuzz::build_options(data));
}
