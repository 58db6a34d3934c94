//! oclgrind-core: the OpenCL device simulator.

pub mod builtins;
pub mod bytecode;
pub mod exec;
pub mod llvm;
pub mod memory;
