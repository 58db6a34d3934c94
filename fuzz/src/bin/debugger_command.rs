//! Fuzz target: the debugger's command lines.
fn main() {
    afl::fuzz!(|data: &[u8]| oclgrind_fuzz::debugger_command(data));
}
