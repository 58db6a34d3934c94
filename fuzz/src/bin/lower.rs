//! Fuzz target: LLVM bitcode or IR, lowered as a program build lowers it.
fn main() {
    afl::fuzz!(|data: &[u8]| oclgrind_fuzz::lower(data));
}
