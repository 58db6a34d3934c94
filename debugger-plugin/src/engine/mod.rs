//! The debugging engine (the InteractiveDebugger of compat §5): decides when a work-item
//! stops, holds it while the user inspects it, and carries out the user's commands.
//!
//! Workers call `stopped` from the interpreter (through the `DebugHook`). One of them at a
//! time holds the prompt: it shows the stop to the front-end and runs the commands it gets
//! back. While a prompt is up (and while stepping) `attention` is set, so every other worker
//! calls in at its next instruction and waits: debugging never needs `--num-threads 1`.
//!
//! What it remembers is in `state` (one `State` behind a lock), the program's lines in
//! `lines`; `stopping` decides whether a work-item stops (steps, breakpoints, watchpoints,
//! switches, lock-step turns), `interrupts` gets every worker's attention and handles Ctrl-C,
//! and `hook` is the simulator's side (`DebugHook` and `Plugin`), with the diagnostics it
//! forwards in `diagnostics`. `prompt` shows a stop and runs commands; each family of
//! commands has its module: `control` (step, next, finish, continue, quit), `breakpoints`
//! (breakpoints, watchpoints, displays), `inspection` (print, x, info, list, frames,
//! disassemble), `variables` (variables with their parts for a variables view, evaluating
//! one expression, setting a variable), `memory` (memory dumps, views and writes) and
//! `workitems` (switching, work-item and group states). A command answers with an `Answer` or a `CommandError`, which the prompt
//! turns into the protocol's events.

mod breakpoints;
mod control;
mod counts;
mod diagnostics;
mod errors;
mod hook;
mod inspection;
mod interrupts;
mod lines;
mod memory;
mod prompt;
mod reverse;
mod state;
mod stopping;
mod variables;
mod workitems;

use std::sync::{Arc, Condvar, Mutex, MutexGuard};

pub use errors::CommandError;
pub use interrupts::interrupt;
pub use oclgrind_debug_protocol::Frontend;

use state::State;

/// The interactive debugger: give it a front-end, and give it to a context as its debug hook
/// and as a plugin (for diagnostics and instruction counts).
pub struct Engine {
    state: Mutex<State>,
    /// Signalled whenever the state changes in a way a waiting worker may care about.
    changed: Condvar,
    /// Held while a prompt is up, so that events from other threads (kernel output) wait
    /// their turn.
    frontend: Mutex<Box<dyn Frontend>>,
}

impl Engine {
    pub fn new(frontend: Box<dyn Frontend>) -> Arc<Engine> {
        Arc::new(Engine {
            state: Mutex::new(State::new()),
            changed: Condvar::new(),
            frontend: Mutex::new(frontend),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn frontend(&self) -> MutexGuard<'_, Box<dyn Frontend>> {
        self.frontend.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for the state to change (another worker's stop ends, a launch ends).
    fn wait<'a>(&self, st: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        self.changed.wait(st).unwrap_or_else(|e| e.into_inner())
    }
}
