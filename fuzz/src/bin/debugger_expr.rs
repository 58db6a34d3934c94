//! Fuzz target: the debugger's expressions, parsed and evaluated against a fake work-item.
fn main() {
    let target = oclgrind_debugger::expr::fake::target();
    afl::fuzz!(|data: &[u8]| oclgrind_fuzz::debugger_expr(data, &target));
}
