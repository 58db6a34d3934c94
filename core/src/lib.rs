//! oclgrind-core: the OpenCL device simulator — compile, lower, execute, check.

pub mod builtins;
pub mod bytecode;
pub mod compile;
pub mod config;
pub mod context;
pub mod counts;
pub mod debugging;
pub mod debuginfo;
pub mod diagnostics;
pub mod exchange;
pub mod exec;
pub mod half;
pub mod image;
pub mod interrupt;
pub mod llvm;
pub mod memory;
pub mod output;
pub mod plugins;
pub mod program;
pub mod semantics;

pub use config::Config;
pub use context::{Context, KernelError, PlacedProgram, Program};
pub use exec::{
    claim_launch_id, launch, launch_as, ArgValue, KernelInstance, LaunchError, LaunchStats, NDRange,
};
