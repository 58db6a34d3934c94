//! The OpenCL runtime with the plain `cl*` names, for `LD_PRELOAD` (the `oclgrind` launcher
//! preloads it): each name forwards to the implementation in `oclgrind-runtime`.

use oclgrind_runtime::cl::*;
use oclgrind_runtime::{export_entry_points, for_each_entry_point};

for_each_entry_point!(export_entry_points);
