//! oclgrind-tui: the debugger's terminal interface.
//!
//! `app` is the model: what the debugger reported and what the user does (keys, clicks), with
//! no terminal in it; `variables`, `memory` and `grid` model three of its panes, `layout` where
//! the panes go, `keymap` and `theme` the user's keys and colours (`config` finds their files).
//! `ui` draws the model, a module per pane (`highlight` colours source and IR for it).
//! `frontend` joins the two to the engine: it is the engine's `Frontend`, and runs the terminal
//! on a thread of its own; `restore` gives the terminal back however the interface ends.

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
