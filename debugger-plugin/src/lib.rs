//! oclgrind-debugger: the interactive debugger (compat §5).
//!
//! `engine` decides when work-items stop and runs the user's commands; `protocol` (from the
//! oclgrind-debug-protocol crate, which front-ends use without the simulator) is what it
//! exchanges with a front-end, `line` the line-mode front-end, `remote` the engine's end of a
//! front-end in another process. `target` is the debugger's view of a stopped work-item,
//! `inspect` reads one (frames, variables, memory), `expr` evaluates the expressions of
//! `print`, `display`, `watch` and breakpoint conditions, and `format` turns values and memory
//! into text.

pub mod engine;
pub mod expr;
pub mod files;
pub mod format;
pub mod inspect;
pub mod line;
pub mod remote;
pub mod target;

pub use engine::{Engine, Frontend};
pub use line::LineFrontend;
pub use oclgrind_debug_protocol::protocol;
