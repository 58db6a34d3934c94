//! Fuzz target: `.sim` files (oclgrind-kernel's input).
fn main() {
    // Only read while inputs run: a panic (a finding) ends the process before it could matter.
    let program = std::panic::AssertUnwindSafe(oclgrind_fuzz::sim_program());
    afl::fuzz!(|data: &[u8]| oclgrind_fuzz::sim(data, &program));
}
