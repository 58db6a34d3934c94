//! Plugins observe execution (the events of compat §4.0, plus the faults the core detects).
//!
//! # The interface
//!
//! A plugin has two parts:
//!
//! * a [`Plugin`], shared by everything that runs in a context (`&self`, any thread): messages
//!   ([`Plugin::log`]), the host's side of memory (allocations, host reads and writes, maps),
//!   and the start and end of each kernel launch;
//! * a [`Worker`] per worker thread of a launch ([`Plugin::worker`]): the events of running
//!   kernels — work-groups, barriers, work-items, instructions, memory accesses, allocations of
//!   local and private memory, faults. A worker sees whole work-groups one after another, from
//!   one thread, so its state needs no lock; [`Worker::finish`] hands what it gathered back to
//!   its plugin before [`Plugin::kernel_end`] (as Miri keeps per-thread data apart from the
//!   engine). In debug runs, where the debugger parks work-groups and resumes them on other
//!   threads, each work-group gets a worker of its own that travels with it.
//!
//! Each plugin declares an [`Interest`] mask, asked once. The interpreter builds only the events
//! somebody listens to: with no listener, the hot loop pays nothing.
//!
//! Events that happen while a kernel runs come with an [`ExecContext`] (the entity, the op that
//! caused it as a [`Site`], and a way to log in order with the rest of its work-group's output);
//! work-group events with a [`GroupContext`], the end of a launch with a [`KernelContext`]. A
//! [`Site`] is two integers: a plugin keeps it to name an access in a later message (through
//! [`KernelRef::at`]) without holding on to anything. Messages are typed [`Diagnostic`]s:
//! a plugin builds one ([`ExecContext::diagnostic`] for the standard layout) and logs it;
//! every plugin that listens to the log gets it as data ([`Plugin::log`]).
//!
//! A launch's [`LaunchInfo`] names its buffers ([`NamedBuffer`]: pointer arguments and
//! kernel-scope `__local` variables by buffer index), so a plugin can tell which argument an
//! address is in. When the context goes away, each plugin may end the run with a line
//! ([`Plugin::summary`]; the RaceDetector counts the races it suppressed).
//!
//! Memory accesses come one at a time ([`Worker::memory_access`]) or many at once
//! ([`Worker::memory_accesses`]: one op's in several work-items, for an executor that runs a
//! work-group's work-items together, in runs of consecutive work-items at consecutive elements
//! or one element, [`LaneRun`]); the batched form defaults to calling the single one for each
//! access. Such an executor runs while plugins watch memory only if each of them takes a
//! group's events interleaved ([`Plugin::takes_interleaved_events`]) and says when their order
//! mattered ([`Worker::depends_on_order`]): the group is then undone and run again one
//! work-item after another ([`GroupContext::interleaved`] tells a worker which run it sees).
//!
//! Uses of uninitialised values ([`Worker::uninitialized_use`], with where the bits came
//! from, an [`Origin`]) are found by the core, which keeps a shadow beside every register and
//! byte of memory only while some plugin asks for [`Interest::UNINITIALIZED`]: plugins never
//! see register values, so a checker of them cannot be a plugin alone.

mod inst_counter;
mod logger;
mod memcheck;
mod perf;
mod races;
pub(crate) mod uninit;

use std::sync::Arc;

pub use inst_counter::InstructionCounter;
pub use logger::Logger;
pub use memcheck::MemCheck;
pub use perf::PerfLints;
pub use races::{RaceDetector, Suppressions as RaceSuppressions};
pub use uninit::Uninitialized;

pub use crate::bytecode::Site;
use crate::bytecode::{Function, InstInfo};
use crate::diagnostics::{self, At, Body, Diagnostic, Entity, Level, Rule, Source};
use crate::memory::{load_bytes, resolve, AddrSpace, ArenaMemory, Fault, MemView};
use crate::program::KernelCode;

/// Which events a plugin wants (a bit set).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Interest(pub u32);

impl Interest {
    pub const NONE: Interest = Interest(0);
    pub const LOG: Interest = Interest(1 << 0);
    /// `kernel_begin` / `kernel_end`.
    pub const KERNEL: Interest = Interest(1 << 1);
    pub const WORK_GROUP: Interest = Interest(1 << 2);
    pub const WORK_ITEM: Interest = Interest(1 << 3);
    /// `instruction_executed` after every op: expensive.
    pub const INSTRUCTION: Interest = Interest(1 << 4);
    /// Loads, stores and atomics of kernels.
    pub const MEMORY: Interest = Interest(1 << 5);
    /// Allocations: global buffers on the host, local memory per work-group, private memory
    /// per work-item.
    pub const ALLOCATION: Interest = Interest(1 << 6);
    pub const HOST_MEMORY: Interest = Interest(1 << 7);
    pub const MAP: Interest = Interest(1 << 8);
    /// Refused or suspicious accesses found by the core (MemCheck's input).
    pub const FAULTS: Interest = Interest(1 << 9);
    pub const BARRIER: Interest = Interest(1 << 10);
    /// Uses of uninitialised values (the Uninitialized plugin's input). Asking for them makes
    /// the core keep a shadow beside every value and byte of memory, which costs time.
    pub const UNINITIALIZED: Interest = Interest(1 << 11);
    /// How often each LLVM instruction ran, at the end of each launch
    /// ([`KernelContext::counts`]). Asking for them makes programs count their basic blocks
    /// as they run, which costs a little time.
    pub const INSTRUCTION_COUNTS: Interest = Interest(1 << 12);
    /// Loads and stores of kernels, for their addresses alone (never atomics; a store's bytes
    /// may be missing): batched from the lane executor like [`Interest::MEMORY`]'s, singly
    /// from the scalar one. Unlike `MEMORY`, it leaves the launch as it would run unwatched:
    /// groups never start over, atomics stay combined.
    pub const ADDRESSES: Interest = Interest(1 << 13);
    /// Where work-items went at conditional branches and switches ([`Worker::branches`]).
    pub const BRANCHES: Interest = Interest(1 << 14);

    pub fn contains(self, o: Interest) -> bool {
        self.0 & o.0 != 0
    }
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
    /// The launch's buffers that have a name in the source.
    pub named: Vec<NamedBuffer>,
    /// Global buffers (by index) of pointer arguments that no access of the launch can write
    /// (bound to no argument the kernel may write through): their loads cannot race.
    pub unwritten: Vec<u64>,
    /// Global buffers (by index) of pointer arguments that the launch accesses only
    /// atomically: their accesses cannot race.
    pub atomic_only: Vec<u64>,
    /// Tells the launch apart from the others of the process (launches may run at once).
    pub id: u64,
    /// Worker threads that may run its work-groups at once (fewer may start).
    pub threads: usize,
    /// Work-items in a sub-group (consecutive local linear ids; a group's last one may be
    /// smaller).
    pub sub_group_size: u64,
}

/// A buffer a launch can name: a pointer argument's, or a kernel-scope `__local` variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedBuffer {
    pub name: String,
    pub space: AddrSpace,
    /// The buffer index of its addresses.
    pub index: u64,
    /// The buffer holds the pixels of an image argument.
    pub image: bool,
}

impl LaunchInfo {
    /// Work-items in a full work-group.
    pub fn group_size(&self) -> u64 {
        self.local_size.iter().product()
    }

    /// A launch of `global` work-items in groups of `local`, with no offset (for tests).
    #[cfg(test)]
    pub(crate) fn for_test(work_dim: u32, global: [u64; 3], local: [u64; 3]) -> LaunchInfo {
        LaunchInfo {
            kernel: "k".into(),
            work_dim,
            global_offset: [0; 3],
            global_size: global,
            local_size: local,
            num_groups: std::array::from_fn(|d| global[d].div_ceil(local[d])),
            named: Vec::new(),
            unwritten: Vec::new(),
            atomic_only: Vec::new(),
            id: 0,
            threads: 1,
            sub_group_size: 32,
        }
    }

    /// A diagnostic about this launch.
    pub fn diagnostic(&self, rule: Rule, level: Level, headline: String, body: Body) -> Diagnostic {
        Diagnostic {
            level,
            rule,
            headline,
            kernel: Some(self.kernel.clone()),
            launch: Some(self.id),
            body,
            memory: None,
        }
    }

    /// The linear index of a work-group (x fastest).
    pub fn group_index(&self, group: [u64; 3]) -> u64 {
        let n = self.num_groups;
        (group[2] * n[1] + group[1]) * n[0] + group[0]
    }
}

/// The kernel being run, for turning sites into message lines.
#[derive(Clone, Copy)]
pub struct KernelRef<'a> {
    pub code: &'a KernelCode,
    pub source: Option<&'a Source>,
}

impl<'a> KernelRef<'a> {
    pub fn function(&self, site: Site) -> &'a Function {
        &self.code.functions[site.func as usize]
    }

    /// The LLVM instruction an op comes from (`InstInfo::speculated`, `seeds_cas`).
    pub fn inst(&self, site: Site) -> Option<&'a InstInfo> {
        let f = self.function(site);
        f.insts.get(f.op_info(site.pc).inst as usize)
    }

    /// Where a message points: the op's LLVM instruction, its source position and line;
    /// unknown without a site.
    pub fn at(&self, site: Option<Site>) -> At {
        diagnostics::at(&self.code.functions, site, self.source)
    }
}

/// Where messages go: in order with the rest of the work-group's output.
pub trait LogSink {
    fn log(&self, diagnostic: Diagnostic);
    /// Text for standard output (where kernel printf goes), in the same order.
    fn stdout(&self, _text: String) {}
}

/// The simulated memory an event lets a plugin read: the launch's global (and constant)
/// memory, and at memory accesses the work-group's local and the work-item's private memory.
#[derive(Clone, Copy, Default)]
pub struct Memories<'a> {
    pub(crate) global: Option<MemView<'a>>,
    pub(crate) local: Option<&'a ArenaMemory>,
    pub(crate) private: Option<&'a ArenaMemory>,
}

impl Memories<'_> {
    /// Reads `out.len()` bytes at `address` of `space` (a generic address is resolved first);
    /// false unless one buffer of a memory at hand holds them all.
    pub fn read(&self, space: AddrSpace, address: u64, out: &mut [u8]) -> bool {
        let (space, address) = resolve(space, address);
        match space {
            AddrSpace::Global | AddrSpace::Constant => {
                let Some((p, _)) = self
                    .global
                    .and_then(|g| g.locate_any(address, out.len() as u64))
                else {
                    return false;
                };
                // SAFETY: locate checked that the buffer holds the whole range.
                unsafe { load_bytes(p, out) };
                true
            }
            AddrSpace::Local => self.local.is_some_and(|m| m.read(address, out)),
            AddrSpace::Private => self.private.is_some_and(|m| m.read(address, out)),
            AddrSpace::Generic => false,
        }
    }
}

/// Where an event of a running kernel happened, and a way to report a diagnostic about it.
pub struct ExecContext<'a> {
    pub launch: &'a LaunchInfo,
    pub kernel: KernelRef<'a>,
    pub entity: Entity,
    /// The op that caused the event (none for a work-item's start and end).
    pub site: Option<Site>,
    /// What memory the event lets a plugin read.
    pub memory: Memories<'a>,
    pub(crate) sink: &'a dyn LogSink,
}

impl ExecContext<'_> {
    pub fn log(&self, diagnostic: Diagnostic) {
        self.sink.log(diagnostic);
    }

    /// A diagnostic in the standard layout about this event: its kernel, entity and op.
    pub fn diagnostic(&self, rule: Rule, level: Level, headline: String) -> Diagnostic {
        self.launch.diagnostic(
            rule,
            level,
            headline,
            Body::Standard {
                message: Vec::new(),
                entity: self.entity,
                at: self.kernel.at(self.site),
                origin: None,
                notes: Vec::new(),
            },
        )
    }

    /// Reports `headline` with the standard kernel/entity/location lines.
    pub fn report(&self, rule: Rule, level: Level, headline: String) {
        self.log(self.diagnostic(rule, level, headline));
    }
}

/// A work-group's begin or end.
pub struct GroupContext<'a> {
    pub launch: &'a LaunchInfo,
    pub kernel: KernelRef<'a>,
    /// The group's place in the launch's order (0, 1, ...), which is the order its output
    /// appears in: plugins that merge groups' results merge them in this order, so that they
    /// do not depend on how many threads ran the groups.
    pub seq: u64,
    pub group: [u64; 3],
    /// Work-items in this group (fewer than `launch.local_size` at the edge of a non-uniform
    /// NDRange).
    pub size: [u64; 3],
    /// At `work_group_begin`: whether the group's work-items run together, their events
    /// interleaved, the group starting over if a worker says that their order mattered
    /// ([`Plugin::takes_interleaved_events`]); false when they run one after another, in
    /// order (and at the other events).
    pub interleaved: bool,
    /// Whether the group runs under the interactive debugger, which may stop at any of its
    /// work-items' events: a checker then reports what it finds at once, not at the group's
    /// end.
    pub debugged: bool,
    /// What memory the event lets a plugin read (global memory).
    pub memory: Memories<'a>,
    pub(crate) sink: &'a dyn LogSink,
}

impl GroupContext<'_> {
    /// A message that appears in order with the group's other output.
    pub fn log(&self, diagnostic: Diagnostic) {
        self.sink.log(diagnostic);
    }
}

/// The end of a launch: every work-group has completed.
pub struct KernelContext<'a> {
    pub launch: &'a LaunchInfo,
    pub kernel: KernelRef<'a>,
    /// How often each basic block of the kernel ran (see [`crate::counts`]), when some plugin
    /// asked for [`Interest::INSTRUCTION_COUNTS`].
    pub counts: Option<&'a [u64]>,
    /// What memory a plugin can read now (global memory).
    pub memory: Memories<'a>,
    pub(crate) sink: &'a dyn LogSink,
}

impl KernelContext<'_> {
    /// A message after all of the launch's other output.
    pub fn log(&self, diagnostic: Diagnostic) {
        self.sink.log(diagnostic);
    }

    /// Text for standard output, after all of the launch's other output.
    pub fn print(&self, text: String) {
        self.sink.stdout(text);
    }
}

/// What an access does to memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessKind {
    Load,
    Store,
    /// An atomic read-modify-write (it reads and writes), or a compare-and-swap that swapped.
    Atomic,
    /// An atomic access that reads and writes nothing: a compare-and-swap that found another
    /// value than the one it expected.
    AtomicLoad,
}

impl AccessKind {
    pub fn reads(self) -> bool {
        self != AccessKind::Store
    }

    pub fn writes(self) -> bool {
        matches!(self, AccessKind::Store | AccessKind::Atomic)
    }

    pub fn atomic(self) -> bool {
        matches!(self, AccessKind::Atomic | AccessKind::AtomicLoad)
    }
}

/// A memory access by a kernel. Addresses are as the kernel sees them (compat §6.1), in the
/// named space (generic pointers are resolved first).
#[derive(Clone, Copy, Debug)]
pub struct Access<'d> {
    pub space: AddrSpace,
    pub address: u64,
    pub size: u64,
    pub kind: AccessKind,
    /// The bytes stored (stores and atomics: what memory holds afterwards); empty for loads.
    pub data: &'d [u8],
}

/// The accesses one op made in several work-items of a group at once (an executor running
/// the group's work-items together): one site, space, size and kind, in runs of work-items
/// of consecutive local linear indices ([`LaneRun`]), in the order they were made. Access `i`
/// (counting through the runs) stores `data[i * size..(i + 1) * size]` (stores and atomics;
/// `data` is empty for loads, and may be when no plugin asks for [`Interest::MEMORY`]).
#[derive(Clone, Copy, Debug)]
pub struct AccessBatch<'d> {
    pub site: Site,
    pub space: AddrSpace,
    pub size: u64,
    pub kind: AccessKind,
    pub runs: &'d [LaneRun],
    pub data: &'d [u8],
}

/// Accesses of `count` work-items, of local linear indices from `lane` on: each at the
/// element after the one before, from `address` on (`a[get_local_id(0)]`), or with
/// `broadcast` all at `address` (`tile[k]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaneRun {
    pub lane: u32,
    pub count: u32,
    pub address: u64,
    pub broadcast: bool,
}

impl LaneRun {
    /// A run of one access.
    pub fn one(lane: u32, address: u64) -> LaneRun {
        LaneRun {
            lane,
            count: 1,
            address,
            broadcast: false,
        }
    }

    /// The address of access `k` of the run, each `size` bytes.
    pub fn address_of(&self, k: u32, size: u64) -> u64 {
        if self.broadcast {
            self.address
        } else {
            self.address + k as u64 * size
        }
    }

    /// The runs of accesses of `lanes` at `addresses`, each `size` bytes (for tests).
    #[cfg(test)]
    pub(crate) fn gather(lanes: &[u32], addresses: &[u64], size: u64) -> Vec<LaneRun> {
        let (mut runs, mut gathering) = (Vec::new(), RunGatherer::new(size));
        for (&lane, &address) in lanes.iter().zip(addresses) {
            gathering.add(lane, address, &mut runs);
        }
        gathering.finish(&mut runs);
        runs
    }
}

/// Gathers accesses of `size` bytes into runs (`LaneRun`), the one being gathered kept
/// apart from those before it (in registers, while an executor's loop runs).
#[derive(Clone, Copy, Debug)]
pub struct RunGatherer {
    run: LaneRun,
    /// The lane and address that go on with the run's elements.
    next: (u32, u64),
    size: u64,
}

impl RunGatherer {
    pub fn new(size: u64) -> RunGatherer {
        RunGatherer {
            run: LaneRun {
                count: 0,
                ..LaneRun::one(0, 0)
            },
            next: (u32::MAX, 0),
            size,
        }
    }

    /// Adds the access of `lane` at `address`: to the run, or it ends the run (put in
    /// `runs`) and starts the next.
    #[inline(always)]
    pub fn add(&mut self, lane: u32, address: u64, runs: &mut Vec<LaneRun>) {
        let run = &mut self.run;
        if lane == self.next.0 {
            if address == self.next.1 && !run.broadcast {
                run.count += 1;
                self.next = (lane + 1, address + self.size);
                return;
            }
            if address == run.address && (run.broadcast || run.count == 1) {
                run.broadcast = true;
                run.count += 1;
                self.next.0 = lane + 1;
                return;
            }
        }
        if run.count > 0 {
            runs.push(*run);
        }
        *run = LaneRun::one(lane, address);
        self.next = (lane + 1, address + self.size);
    }

    /// Puts the run being gathered in `runs`; the gatherer starts afresh.
    pub fn finish(&mut self, runs: &mut Vec<LaneRun>) {
        if self.run.count > 0 {
            runs.push(self.run);
        }
        *self = RunGatherer::new(self.size);
    }
}

impl AccessBatch<'_> {
    /// Each access with its work-item's local linear index, as a single one.
    pub fn accesses(&self) -> impl Iterator<Item = (u32, Access<'_>)> + '_ {
        let n = self.size as usize;
        let each = self
            .runs
            .iter()
            .flat_map(move |r| (0..r.count).map(move |k| (r.lane + k, r.address_of(k, self.size))));
        each.enumerate().map(move |(i, (lane, address))| {
            let access = Access {
                space: self.space,
                address,
                size: self.size,
                kind: self.kind,
                data: self.data.get(i * n..(i + 1) * n).unwrap_or(&[]),
            };
            (lane, access)
        })
    }
}

/// Where the work-items of a [`BranchBatch`] went on: the pc (in the op's function) of the
/// block each one jumped to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Targets<'d> {
    /// Every one of them to this block.
    All(u32),
    /// Each to its own, in the order of [`BranchBatch::lanes`].
    Each(&'d [u32]),
}

/// One conditional branch or switch (`site`) decided in work-items of a group: their local
/// linear indices, ascending, and where they went.
#[derive(Clone, Copy, Debug)]
pub struct BranchBatch<'d> {
    pub site: Site,
    pub lanes: &'d [u32],
    pub to: Targets<'d>,
}

/// What an uninitialised value was used for (compat §4.6's four messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UninitKind {
    /// A value with uninitialised bits was stored to local or global memory.
    StoredValue,
    /// The address of a load was uninitialised.
    ReadAddress,
    /// The address of a store was uninitialised.
    WriteAddress,
    /// A branch, switch or compare-and-swap decided on an uninitialised value.
    ControlFlow,
    /// The element count or stride of an async copy was uninitialised.
    Index,
}

/// A use of an uninitialised value found by the core. `space` and `address` name the memory
/// accessed (stored values and addresses; zero otherwise).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UninitUse {
    pub kind: UninitKind,
    pub space: AddrSpace,
    pub address: u64,
    /// Where the uninitialised bits came from.
    pub origin: Origin,
    /// The register (of the function at the use's site) that held the uninitialised value,
    /// when one did: names the variable it is.
    pub operand: Option<u32>,
}

/// Where uninitialised bits came from: the core follows it beside every shadow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    Unknown,
    /// Private memory of a variable: the `alloca` op at `site`.
    PrivateVariable {
        site: Site,
    },
    /// An `undef` value (slot `slot` of function `func`): a variable the optimiser saw was
    /// never set.
    Undefined {
        func: u32,
        slot: u32,
    },
    /// A `__local` buffer of the work-group (by buffer index), never written before the read;
    /// `offset` locates the 4 bytes of it the bits were read from, when known.
    Local {
        index: u64,
        offset: Option<u64>,
    },
    /// A global buffer (by buffer index) the host never wrote.
    Global {
        index: u64,
    },
    /// A load the memory refused (out of bounds), whose value is unspecified.
    InvalidRead,
    /// Something of another kernel, which wrote the bits to global memory: described there
    /// (naming that kernel), since its sites mean nothing to the kernel running now.
    OtherKernel {
        described: std::sync::Arc<diagnostics::Origin>,
    },
}

/// An observer of the simulator. Every method is optional.
pub trait Plugin: Send + Sync {
    fn name(&self) -> &str;
    fn interests(&self) -> Interest;
    /// Plugins that are not thread-safe make kernels run on one worker thread.
    fn is_thread_safe(&self) -> bool {
        true
    }
    /// Whether its workers may get the events of a group's work-items interleaved between
    /// synchronisations (each work-item's in the order it made them, but not one work-item
    /// after the other as a scalar executor makes them), as when a group's work-items run
    /// together (the lane executor). Such a plugin gives the scalar executor's results
    /// whatever the interleaving, or says that it cannot ([`Worker::depends_on_order`]): the
    /// group then starts over, with `work_group_begin` again, its stores to global memory
    /// undone, and what the workers saw of it before is void.
    fn takes_interleaved_events(&self) -> bool {
        false
    }

    /// Whether its workers need not hear of accesses that cannot race: loads of the buffers a
    /// launch cannot write ([`LaunchInfo::unwritten`]) and atomics of those it accesses only
    /// atomically ([`LaunchInfo::atomic_only`]). The executor leaves them out when every
    /// plugin that watches memory says so.
    fn skips_accesses_that_cannot_race(&self) -> bool {
        false
    }

    /// A message of the simulator or a plugin (with [`Interest::LOG`]).
    fn log(&self, _diagnostic: &Diagnostic) {}
    fn kernel_begin(&self, _launch: &LaunchInfo) {}
    /// The state for one worker thread of a launch (see the module documentation); `None`
    /// when the plugin has no events of running kernels. It owns what it needs (an `Arc` of
    /// what the plugin shares with it), so that it can travel with a debugged work-group.
    fn worker(&self, _launch: &LaunchInfo) -> Option<Box<dyn Worker>> {
        None
    }
    /// After every worker of the launch has finished.
    fn kernel_end(&self, _cx: &KernelContext) {}
    /// A line to end the run with, logged when the context goes away.
    fn summary(&self) -> Option<String> {
        None
    }
    /// A global buffer was allocated (on the host).
    fn memory_allocated(&self, _space: AddrSpace, _address: u64, _size: u64, _flags: u32) {}
    fn memory_deallocated(&self, _space: AddrSpace, _address: u64) {}
    fn host_memory_load(&self, _address: u64, _size: u64) {}
    fn host_memory_store(&self, _address: u64, _data: &[u8]) {}
    fn memory_map(&self, _address: u64, _offset: u64, _size: u64, _flags: u64) {}
    /// The end of a mapping `memory_map` announced (same buffer, offset and size).
    fn memory_unmap(&self, _address: u64, _offset: u64, _size: u64) {}
}

/// A plugin's state on one worker thread of a launch. Every method is optional. `Send`: a
/// debugged work-group, with its workers, may be resumed on another thread.
pub trait Worker: Send {
    fn work_group_begin(&mut self, _cx: &GroupContext) {}
    /// Every work-item of the group has finished.
    fn work_group_complete(&mut self, _cx: &GroupContext) {}
    /// The group's work-items all reached a barrier (`cx.site`) with these fence flags
    /// (`CLK_LOCAL_MEM_FENCE` 1, `CLK_GLOBAL_MEM_FENCE` 2); async copies it waits for are
    /// done. The entity is the group.
    fn work_group_barrier(&mut self, _cx: &ExecContext, _fence: u32) {}
    /// The work-items of sub-group `sub_group` (local linear indices from
    /// `sub_group * LaunchInfo::sub_group_size` on) all reached a `sub_group_barrier`
    /// (`cx.site`) with these fence flags. The entity is the group.
    fn sub_group_barrier(&mut self, _cx: &ExecContext, _sub_group: u32, _fence: u32) {}
    fn work_item_begin(&mut self, _cx: &ExecContext) {}
    fn work_item_complete(&mut self, _cx: &ExecContext) {}
    fn instruction_executed(&mut self, _cx: &ExecContext) {}
    /// A load, store or atomic. The entity is the work-item, or the group for the accesses
    /// of async copies (which have no site of their own: `cx.site` is the wait).
    fn memory_access(&mut self, _cx: &ExecContext, _access: &Access) {}
    /// Many accesses at once: one op's in several work-items of the group (see
    /// [`AccessBatch`]), which may come interleaved with other work-items' events (see
    /// [`Plugin::takes_interleaved_events`]). By default, one `memory_access` each.
    fn memory_accesses(&mut self, cx: &GroupContext, batch: &AccessBatch) {
        for (lane, access) in batch.accesses() {
            let (lane, s) = (lane as u64, cx.size);
            let local = [lane % s[0], (lane / s[0]) % s[1], lane / (s[0] * s[1])];
            let global = std::array::from_fn(|d| {
                cx.group[d] * cx.launch.local_size[d] + local[d] + cx.launch.global_offset[d]
            });
            let each = ExecContext {
                launch: cx.launch,
                kernel: cx.kernel,
                entity: Entity::WorkItem {
                    global,
                    local,
                    group: cx.group,
                },
                site: Some(batch.site),
                memory: cx.memory,
                sink: cx.sink,
            };
            self.memory_access(&each, &access);
        }
    }
    /// A conditional branch or switch decided in some of the group's work-items (with
    /// [`Interest::BRANCHES`]): one work-item at a time from a scalar executor, many from one
    /// that runs them together.
    fn branches(&mut self, _cx: &GroupContext, _batch: &BranchBatch) {}
    /// Whether the events of the group so far show that the order in which its work-items'
    /// events interleaved matters ([`Plugin::takes_interleaved_events`]): the executor then
    /// runs the group again from its start, work-item after work-item. Asked at barriers and
    /// when the group's work-items have all finished.
    fn depends_on_order(&mut self) -> bool {
        false
    }
    /// The value of a speculated load (`KernelRef::speculated`, shown as it ran like any
    /// other) is used here (`cx.site`, which names the load): the read the source makes.
    fn speculated_use(&mut self, _cx: &ExecContext, _access: &Access) {}
    /// Local memory of a work-group (its buffers, at the group's begin) or private memory of
    /// a work-item (arguments and variables at its start, `alloca`s as they run).
    fn memory_allocated(
        &mut self,
        _cx: &ExecContext,
        _space: AddrSpace,
        _address: u64,
        _size: u64,
    ) {
    }
    /// An access the core refused (out of bounds) or flagged (read-only/write-only buffer).
    fn memory_fault(&mut self, _cx: &ExecContext, _fault: &Fault) {}
    /// An index into a fixed-size array exceeded its length (the access itself may be valid).
    fn array_index_fault(&mut self, _cx: &ExecContext, _index: i64, _len: u64) {}
    /// An uninitialised value was used (only with [`Interest::UNINITIALIZED`]).
    fn uninitialized_use(&mut self, _cx: &ExecContext, _use: &UninitUse) {}
    /// The launch is over for this worker: hand what it gathered to the plugin.
    fn finish(self: Box<Self>) {}
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
        self.interests.contains(i)
    }

    /// Whether every plugin that wants memory accesses or allocations, or hears of groups
    /// and barriers, takes their events interleaved ([`Plugin::takes_interleaved_events`]).
    pub fn take_interleaved_events(&self) -> bool {
        let i = Interest::MEMORY | Interest::ALLOCATION | Interest::WORK_GROUP | Interest::BARRIER;
        self.each(i).all(|p| p.takes_interleaved_events())
    }

    /// Whether every plugin that watches memory leaves out accesses that cannot race
    /// ([`Plugin::skips_accesses_that_cannot_race`]).
    pub fn skip_accesses_that_cannot_race(&self) -> bool {
        self.each(Interest::MEMORY)
            .all(|p| p.skips_accesses_that_cannot_race())
    }

    pub fn all_thread_safe(&self) -> bool {
        self.plugins.iter().all(|(_, p)| p.is_thread_safe())
    }

    pub fn all(&self) -> impl Iterator<Item = &Arc<dyn Plugin>> {
        self.plugins.iter().map(|(_, p)| p)
    }

    /// Plugins interested in `i`.
    pub fn each(&self, i: Interest) -> impl Iterator<Item = &Arc<dyn Plugin>> {
        self.plugins
            .iter()
            .filter(move |(interests, _)| interests.contains(i))
            .map(|(_, p)| p)
    }

    /// The workers of one worker thread (or one debugged work-group) of a launch.
    pub fn workers(&self, launch: &LaunchInfo) -> Workers {
        let list: Vec<_> = self
            .plugins
            .iter()
            .filter_map(|(i, p)| p.worker(launch).map(|w| (*i, w)))
            .collect();
        let interests = list.iter().fold(Interest::NONE, |a, (i, _)| a | *i);
        Workers { list, interests }
    }
}

/// The workers of the plugins, for one thread of a launch.
pub struct Workers {
    list: Vec<(Interest, Box<dyn Worker>)>,
    interests: Interest,
}

impl Workers {
    pub fn none() -> Workers {
        Workers {
            list: Vec::new(),
            interests: Interest::NONE,
        }
    }

    pub fn wants(&self, i: Interest) -> bool {
        self.interests.contains(i)
    }

    /// The workers interested in `i`.
    pub fn each(&mut self, i: Interest) -> impl Iterator<Item = &mut (dyn Worker + 'static)> {
        self.list
            .iter_mut()
            .filter(move |(interests, _)| interests.contains(i))
            .map(|(_, w)| &mut **w)
    }

    /// Whether a worker found that the group's work-items depend on the order they run in
    /// ([`Worker::depends_on_order`]).
    pub fn depend_on_order(&mut self) -> bool {
        self.list.iter_mut().any(|(_, w)| w.depends_on_order())
    }

    /// Hands every worker's results to its plugin.
    pub fn finish(self) {
        for (_, w) in self.list {
            w.finish();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::{KernelAttrs, KernelInfo};

    struct Discard;
    impl LogSink for Discard {
        fn log(&self, _: Diagnostic) {}
    }

    /// What a single access event showed: entity, site, address, kind, stored bytes.
    type Single = (Entity, Option<Site>, u64, AccessKind, Vec<u8>);

    /// Records the single events it gets.
    #[derive(Default)]
    struct Singles(Vec<Single>);
    impl Worker for Singles {
        fn memory_access(&mut self, cx: &ExecContext, a: &Access) {
            self.0
                .push((cx.entity, cx.site, a.address, a.kind, a.data.to_vec()));
        }
    }

    #[test]
    fn a_batch_arrives_as_single_accesses_by_default() {
        let code = KernelCode {
            info: KernelInfo {
                name: "k".into(),
                params: Vec::new(),
                attrs: KernelAttrs::default(),
            },
            param_access: Vec::new(),
            functions: Vec::new(),
            counted_blocks: 0,
            stack_slots: 0,
            locals: Vec::new(),
            privates: Vec::new(),
            debug: None,
        };
        let launch = LaunchInfo::for_test(1, [8, 1, 1], [4, 1, 1]);
        let cx = GroupContext {
            launch: &launch,
            kernel: KernelRef {
                code: &code,
                source: None,
            },
            seq: 1,
            group: [1, 0, 0],
            size: [4, 1, 1],
            interleaved: false,
            debugged: false,
            memory: Memories::default(),
            sink: &Discard,
        };
        let mut w = Singles::default();
        let batch = AccessBatch {
            site: Site { func: 0, pc: 7 },
            space: AddrSpace::Local,
            size: 4,
            kind: AccessKind::Store,
            runs: &LaneRun::gather(&[0, 3], &[16, 28], 4),
            data: &[1, 0, 0, 0, 2, 0, 0, 0],
        };
        w.memory_accesses(&cx, &batch);
        let site = Some(Site { func: 0, pc: 7 });
        assert_eq!(w.0.len(), 2);
        assert_eq!(w.0[0].1, site);
        assert_eq!((w.0[0].2, w.0[0].3), (16, AccessKind::Store));
        assert_eq!((w.0[1].2, w.0[1].3), (28, AccessKind::Store));
        assert_eq!(
            (&w.0[0].4[..], &w.0[1].4[..]),
            (&[1, 0, 0, 0][..], &[2, 0, 0, 0][..])
        );
        assert!(matches!(
            w.0[1].0,
            Entity::WorkItem {
                global: [7, 0, 0],
                ..
            }
        ));
    }
}
