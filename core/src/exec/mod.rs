//! Execution of lowered kernels: launches spread work-groups over worker threads. A
//! work-group's work-items run together (`warp`: one dispatch per op for all those at the same
//! pc) when nothing watches single ops, else one at a time until each finishes or reaches a
//! barrier (`group`'s scheduler, `interp`'s loop: the debugger, the Uninitialized checker,
//! plugins that see every op or every access as it happens). Both run each op through `step`,
//! its one definition. The race detector watches warps: a group whose work-items turn out to
//! depend on their order is undone (`undo`) and runs again one work-item at a time. How a
//! launch runs is decided once, before it starts (`plan::LaunchPlan`).
//!
//! The files import one way, top to bottom (and the methods each adds to `GroupRunner` call
//! only those of files below it):
//!
//! ```text
//! launch         the launch, its worker threads, run_group (lanes or turns)
//! debug_run      debugged launches: groups parked and resumed
//! travel         a debugged group going back and forth in its history
//! warp           the lane executor (falls back to the scheduler when lanes wait for each other)
//! group          the scheduler of a group's work-items: turns, barriers, divergence
//! interp         the scalar executor's loop
//! step, runner   each op's one definition; GroupRunner, a worker's state (the files above
//!                add their methods to it)
//! memops, env    memory ops; what builtins see
//! async_copy, shadow_memory, checks
//! shared         what they all share: Launch, Where (and Here), Mems
//! recorder       what a debugged group's ops change, made into its history
//! machine, items, debug, kernel, plan, workitem, shadow_values, history, journal, ...:
//!                plain data and leaves
//! ```

mod async_copy;
mod atomic;
mod batch;
mod checks;
mod combine;
pub mod debug;
mod debug_run;
mod env;
mod group;
pub mod history;
mod interp;
mod items;
mod journal;
mod kernel;
mod launch;
pub mod machine;
mod memops;
mod plan;
pub mod pure_ops;
mod recorder;
mod runner;
pub(crate) mod shadow_memory;
mod shadow_values;
mod shared;
mod step;
mod travel;
mod undo;
mod warp;
mod workitem;

pub use machine::Machine;
/// How a vector op moves its elements, for the builtins' test environment.
#[cfg(test)]
pub(crate) use memops::{load_lanes, store_lanes};
pub use workitem::{Frame, WiIds};

pub use kernel::KernelInstance;
pub use launch::{claim_launch_id, launch, launch_as, ArgValue, LaunchError, LaunchStats, NDRange};
