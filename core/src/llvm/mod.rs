//! Everything that touches LLVM: reading bitcode and lowering it to our bytecode.
//! No other module names an LLVM type.

pub mod binary;
mod consts;
pub(crate) mod dbgtext;
pub mod ir;
mod lower;
mod module;
mod param_access;
mod spin;
mod types;

pub use ir::{bitcode_to_text, ModuleInput};
pub use module::{lower_program, LowerOptions};
