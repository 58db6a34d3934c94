//! The command-line front ends: `oclgrind-kernel` (and later the `oclgrind` launcher).
//! Thin: parse, set up a context, hand over to the core.

pub mod format;
pub mod kernel_cmd;
pub mod options;
pub mod sim;
