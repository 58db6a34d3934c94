//! oclgrind-runtime: the OpenCL API on the simulator core.
//!
//! The implementation lives here; two thin libraries expose it: `preload/` exports the plain
//! `cl*` names (what `oclgrind ./app` preloads) and `icd/` is a driver for ICD loaders.

pub mod api;
mod capture;
pub mod cl;
mod command;
mod context;
mod device;
pub mod dispatch;
mod entry_points;
mod error;
mod event;
mod handle;
mod image;
mod info;
mod kernel;
pub mod leaks;
mod memobj;
mod platform;
mod program;
mod queue;
mod sampler;
mod stdio;
