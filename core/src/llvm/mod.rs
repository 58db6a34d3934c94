//! Everything that touches LLVM.

pub mod ir;
