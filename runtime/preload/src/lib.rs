//! The OpenCL runtime with the plain `cl*` names, for `LD_PRELOAD` (the `oclgrind` launcher
//! preloads it): each name forwards to the implementation in `oclgrind-runtime`.

use oclgrind_runtime::cl::*;
use oclgrind_runtime::{export_entry_points, for_each_entry_point};

for_each_entry_point!(export_entry_points);

/// The leak report (`--leak-check`) is registered when the library is loaded, before the
/// program starts: it then runs after every library's finaliser (see `leaks`).
#[used]
#[link_section = ".init_array"]
static REGISTER_LEAK_REPORT: extern "C" fn() = register_leak_report;

extern "C" fn register_leak_report() {
    oclgrind_runtime::leaks::report_after_finalisers();
}
