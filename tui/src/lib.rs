//! oclgrind-tui: the debugger's terminal interface.
//!
//! `app` is the model (what the debugger reported, what the user does; no terminal in it),
//! `ui` draws it, one function per pane (`highlight` colours the source once for it), and `frontend` joins the two to the engine: it is
//! the engine's `Frontend`, and runs the terminal on a thread of its own.

pub mod app;
pub mod config;
pub mod frontend;
pub mod grid;
pub mod highlight;
pub mod keymap;
pub mod layout;
pub mod memory;
pub mod restore;
pub mod theme;
pub mod ui;
pub mod variables;

pub use frontend::{Tui, TuiFrontend};
