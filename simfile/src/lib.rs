//! Oclgrind's `.sim` launch files: the reader with Oclgrind's messages, this simulator's
//! extensions (the launch header, side files, views), the writer that captures use, and the
//! argument dumps both `oclgrind-kernel` and a capture's `.after` file print.

pub mod dump;
pub mod format;
pub mod sim;
pub mod write;
