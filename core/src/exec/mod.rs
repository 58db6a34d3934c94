//! Execution of lowered kernels.

pub mod pure_ops;
pub mod semantics;
