//! Fuzz target: the debug protocol's JSON lines, as both ends of the socket decode them.
fn main() {
    afl::fuzz!(|data: &[u8]| oclgrind_fuzz::protocol(data));
}
