//! oclgrind-debug-protocol: what the debugger's engine and its front-ends exchange, and
//! nothing of the simulator, so that a front-end (the TUI) builds without LLVM.
//!
//! `protocol` is the plain data (commands, events, replies); `Frontend` is what the engine
//! calls. `commands` parses Oclgrind's command lines into commands, `render` prints events
//! and replies as Oclgrind does, and `text` holds the small conventions both sides share
//! (file names, number formatting).

pub mod commands;
pub mod protocol;
pub mod render;
pub mod text;

pub use oclgrind_diagnostic as diagnostic;
use protocol::{Command, Event};

/// How the engine talks to the user.
pub trait Frontend: Send {
    fn event(&mut self, event: &Event);
    /// The next command; `None` when input has ended (the session then ends like `quit`).
    fn command(&mut self) -> Option<Command>;
}
