//! Plugins observe execution through the `Plugin` trait (compat §4.0 events, plus the faults the
//! core detects). Each plugin declares an interest mask so that the interpreter only builds the
//! events somebody listens to: with no listener, the hot loop pays nothing.

mod logger;
mod memcheck;

use std::sync::Arc;

pub use logger::Logger;
pub use memcheck::MemCheck;

use crate::diagnostics::{self, CodeRef, Entity, Level, Source};
use crate::memory::{AddrSpace, Fault};

/// Which events a plugin wants (a bit set).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Interest(pub u32);

impl Interest {
    pub const NONE: Interest = Interest(0);
    pub const LOG: Interest = Interest(1 << 0);
    pub const KERNEL: Interest = Interest(1 << 1);
    pub const WORK_GROUP: Interest = Interest(1 << 2);
    pub const WORK_ITEM: Interest = Interest(1 << 3);
    /// `instruction_executed` after every op: expensive.
    pub const INSTRUCTION: Interest = Interest(1 << 4);
    /// `memory_load` / `memory_store` / atomics from kernels.
    pub const MEMORY: Interest = Interest(1 << 5);
    pub const ALLOCATION: Interest = Interest(1 << 6);
    pub const HOST_MEMORY: Interest = Interest(1 << 7);
    pub const MAP: Interest = Interest(1 << 8);
    /// Refused or suspicious accesses found by the core (MemCheck's input).
    pub const FAULTS: Interest = Interest(1 << 9);
    pub const BARRIER: Interest = Interest(1 << 10);
}

impl std::ops::BitOr for Interest {
    type Output = Interest;
    fn bitor(self, o: Interest) -> Interest {
        Interest(self.0 | o.0)
    }
}

impl std::ops::BitOrAssign for Interest {
    fn bitor_assign(&mut self, o: Interest) {
        self.0 |= o.0;
    }
}

/// A kernel launch as plugins see it.
#[derive(Clone, Debug)]
pub struct LaunchInfo {
    pub kernel: String,
    pub work_dim: u32,
    pub global_offset: [u64; 3],
    pub global_size: [u64; 3],
    pub local_size: [u64; 3],
    pub num_groups: [u64; 3],
}

/// Where an event happened, and a way to report a diagnostic about it.
pub struct ExecContext<'a> {
    pub launch: &'a LaunchInfo,
    pub entity: Entity,
    pub at: Option<CodeRef<'a>>,
    pub source: Option<&'a Source>,
    pub(crate) sink: &'a dyn LogSink,
}

/// Where messages go: in order with the rest of the work-group's output.
pub trait LogSink {
    fn log(&self, level: Level, message: String);
}

impl ExecContext<'_> {
    pub fn log(&self, level: Level, message: String) {
        self.sink.log(level, message);
    }

    /// Reports `headline` with the standard kernel/entity/location lines.
    pub fn report(&self, level: Level, headline: &str) {
        let msg = diagnostics::standard(
            headline,
            &self.launch.kernel,
            &self.entity,
            self.at,
            self.source,
        );
        self.sink.log(level, msg);
    }
}

/// A memory access by a kernel.
#[derive(Clone, Copy, Debug)]
pub struct Access {
    pub space: AddrSpace,
    pub address: u64,
    pub size: u64,
}

/// An observer of the simulator. Every method is optional.
pub trait Plugin: Send + Sync {
    fn name(&self) -> &str;
    fn interests(&self) -> Interest;
    /// Plugins that are not thread-safe make kernels run on one worker thread.
    fn is_thread_safe(&self) -> bool {
        true
    }

    fn log(&self, _level: Level, _message: &str) {}
    fn kernel_begin(&self, _launch: &LaunchInfo) {}
    fn kernel_end(&self, _launch: &LaunchInfo) {}
    fn work_group_begin(&self, _launch: &LaunchInfo, _group: [u64; 3]) {}
    fn work_group_complete(&self, _launch: &LaunchInfo, _group: [u64; 3]) {}
    fn work_group_barrier(&self, _cx: &ExecContext, _fence: u32) {}
    fn work_item_begin(&self, _cx: &ExecContext) {}
    fn work_item_complete(&self, _cx: &ExecContext) {}
    fn instruction_executed(&self, _cx: &ExecContext) {}
    fn memory_load(&self, _cx: &ExecContext, _access: &Access) {}
    fn memory_store(&self, _cx: &ExecContext, _access: &Access, _data: &[u8]) {}
    fn memory_atomic_load(&self, _cx: &ExecContext, _access: &Access) {}
    fn memory_atomic_store(&self, _cx: &ExecContext, _access: &Access) {}
    fn memory_allocated(&self, _space: AddrSpace, _address: u64, _size: u64, _flags: u32) {}
    fn memory_deallocated(&self, _space: AddrSpace, _address: u64) {}
    fn host_memory_load(&self, _address: u64, _size: u64) {}
    fn host_memory_store(&self, _address: u64, _data: &[u8]) {}
    fn memory_map(&self, _address: u64, _offset: u64, _size: u64, _flags: u64) {}
    /// The end of a mapping `memory_map` announced (same buffer, offset and size).
    fn memory_unmap(&self, _address: u64, _offset: u64, _size: u64) {}
    /// An access the core refused (out of bounds) or flagged (read-only/write-only buffer).
    fn memory_fault(&self, _cx: &ExecContext, _fault: &Fault) {}
    /// An index into a fixed-size array exceeded its length (the access itself may be valid).
    fn array_index_fault(&self, _cx: &ExecContext, _index: i64, _len: u64) {}
}

/// The plugins of a context, with the union of their interests.
#[derive(Clone, Default)]
pub struct PluginSet {
    /// Each plugin with its interests, asked once.
    plugins: Vec<(Interest, Arc<dyn Plugin>)>,
    interests: Interest,
}

impl PluginSet {
    pub fn add(&mut self, p: Arc<dyn Plugin>) {
        let i = p.interests();
        self.interests |= i;
        self.plugins.push((i, p));
    }

    pub fn wants(&self, i: Interest) -> bool {
        self.interests.0 & i.0 != 0
    }

    pub fn all_thread_safe(&self) -> bool {
        self.plugins.iter().all(|(_, p)| p.is_thread_safe())
    }

    /// Plugins interested in `i`.
    pub fn each(&self, i: Interest) -> impl Iterator<Item = &Arc<dyn Plugin>> {
        self.plugins
            .iter()
            .filter(move |(interests, _)| interests.0 & i.0 != 0)
            .map(|(_, p)| p)
    }
}
