//! The command-line front ends: the `oclgrind` launcher and `oclgrind-kernel`.
//! Thin: parse, set up a context, hand over to the core.

pub use oclgrind_simfile::format;
pub mod compare;
pub mod kernel_cmd;
pub mod launcher;
pub mod options;
pub mod sim_launch;
pub use oclgrind_simfile::sim;
