//! What an interactive debugger (compat §5) needs from execution: places to stop, a view of a
//! stopped work-item, and control over which work-item runs next.
//!
//! A launch with a debugger attached runs in debug mode: before every instruction the
//! interpreter checks the debugger's stop bits for that instruction and its `attention` flag
//! (two loads). When either is set it calls `DebugHook::stopped` with a view of the work-item;
//! the debugger may block there for as long as the user inspects. Work-groups keep every
//! work-item's state so that the debugger can switch between them, and a worker can park its
//! work-group for another to take over.

use std::borrow::Cow;
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

use super::history::{History, Layer, OpRecords, Record};
use super::journal::Journal;
use super::kernel::KernelInstance;
use super::recorder::Recorder;
use super::workitem::{query, Frame, WiIds};
use crate::builtins;
use crate::bytecode::{Pc, WiQuery};
use crate::counts::BlockCounts;
use crate::memory::{load_bytes, resolve, store_bytes, AddrSpace, ArenaMemory, GlobalView};
use crate::plugins::LaunchInfo;
use crate::program::KernelCode;

/// Instructions to stop before: one bit per instruction of each function of the kernel.
pub struct StopSet {
    funcs: Vec<Vec<AtomicU64>>,
}

impl StopSet {
    pub fn new(code: &KernelCode) -> StopSet {
        StopSet {
            funcs: code
                .functions
                .iter()
                .map(|f| {
                    (0..f.code.len().div_ceil(64))
                        .map(|_| AtomicU64::new(0))
                        .collect()
                })
                .collect(),
        }
    }

    /// The stop bits of one function, for the interpreter to keep at hand while it runs
    /// that function (an unknown function has none).
    #[inline(always)]
    pub fn function(&self, func: u32) -> &[AtomicU64] {
        self.funcs.get(func as usize).map_or(&[], Vec::as_slice)
    }

    /// Whether instruction `pc` of function `func` is a stop.
    pub fn get(&self, func: u32, pc: usize) -> bool {
        Self::is_set(self.function(func), pc)
    }

    /// Whether `pc` has its bit in `bits` (out of range reads as "no stop").
    #[inline(always)]
    pub fn is_set(bits: &[AtomicU64], pc: usize) -> bool {
        bits.get(pc / 64)
            .is_some_and(|w| w.load(Relaxed) >> (pc % 64) & 1 != 0)
    }

    pub fn set(&self, func: u32, pc: Pc, on: bool) {
        if let Some(w) = self
            .funcs
            .get(func as usize)
            .and_then(|f| f.get(pc as usize / 64))
        {
            let bit = 1u64 << (pc % 64);
            if on {
                w.fetch_or(bit, Relaxed);
            } else {
                w.fetch_and(!bit, Relaxed);
            }
        }
    }

    pub fn clear(&self) {
        for w in self.funcs.iter().flatten() {
            w.store(0, Relaxed);
        }
    }
}

/// When the interpreter calls the debugger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// Before the instruction at the view's pc (a stop bit, or `attention`).
    Instruction,
    /// The work-item has just reached a barrier.
    Barrier,
    /// The work-item has just finished.
    Finished,
}

/// What a work-item does after the debugger returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resume {
    /// Carry on (the debugger may have changed the stop bits).
    Continue,
    /// Run the work-item with this global id next; this one keeps its place.
    SwitchTo([u64; 3]),
    /// Hand the work-group back to the launch (parked), so that another worker can run the
    /// work-item the debugger wants.
    Park,
    /// Move the work-group to this position of its history (`HistoryView`), then stop there
    /// again. In the past, `Continue` goes on one op at a time.
    Travel(u64),
}

/// Where a work-item is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WiState {
    NotStarted,
    /// Started and ready to run (it was switched away from, or released from a barrier).
    Suspended,
    Running,
    AtBarrier,
    /// Waiting for its sub-group at a sub-group function or `sub_group_barrier`
    /// (`Op::SubGroupMeet`).
    AtSubGroupCall,
    Finished,
}

const STATES: [WiState; 6] = [
    WiState::NotStarted,
    WiState::Suspended,
    WiState::Running,
    WiState::AtBarrier,
    WiState::AtSubGroupCall,
    WiState::Finished,
];

impl WiState {
    /// The state as a byte (shared between threads, kept in a group's history).
    pub(crate) fn code(self) -> u8 {
        STATES.iter().position(|&s| s == self).unwrap_or(0) as u8
    }

    pub(crate) fn from_code(code: u8) -> WiState {
        STATES
            .get(code as usize)
            .copied()
            .unwrap_or(WiState::NotStarted)
    }
}

/// The launch's answers about work-items other than the stopped one.
pub trait LaunchQuery {
    /// The state of the work-item with this global id; `None` if it is not in the NDRange.
    fn work_item(&self, global: [u64; 3]) -> Option<WiState>;
    /// How far the launch has got.
    fn progress(&self) -> LaunchProgress;
}

/// How far a debug launch has got, work-group by work-group.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LaunchProgress {
    /// Work-groups in the launch.
    pub total: u64,
    pub finished: u64,
    /// The finished groups as ranges of linear indices (x fastest), ascending.
    pub finished_ranges: Vec<(u64, u64)>,
    /// Each group that has started and not finished, in order, with its work-items' states.
    pub started: Vec<([u64; 3], Vec<WiState>)>,
}

/// A debugger attached to a launch, as its executors see it: the hook that hears of stops,
/// the launch's stop bits, and its answers about other work-items (`debug_run::DebugRun`,
/// which runs the launch's groups).
pub(crate) struct Attached<'a> {
    pub hook: &'a dyn DebugHook,
    pub stops: &'a StopSet,
    pub progress: &'a (dyn LaunchQuery + Sync),
    /// The launch's global writes, while its groups record their history.
    pub journal: Option<&'a Journal>,
}

/// A debugger attached to a context.
pub trait DebugHook: Send + Sync {
    /// A launch begins (before any work-group): the debugger sets its stops for the kernel.
    /// `counts` (when the program counts instructions) fill as the launch runs: they can be
    /// read at any stop, and are complete at `launch_end`.
    fn launch_begin(
        &self,
        info: &LaunchInfo,
        kernel: &KernelInstance,
        stops: &StopSet,
        counts: Option<Arc<BlockCounts>>,
    );
    /// The launch has ended.
    fn launch_end(&self, info: &LaunchInfo);
    /// Read before every instruction of a debug run: when set, the next instruction of every
    /// worker calls `stopped`.
    fn attention(&self) -> &AtomicBool;
    /// A work-item is at a stop (see `Moment`). Blocks while the debugger wants it held.
    fn stopped(&self, view: &WorkItemView, moment: Moment) -> Resume;
    /// Kernel `printf` output: the debugger's front-end shows it where the user looks.
    fn output(&self, bytes: &[u8]);
    /// The calling worker has no more work-groups to run in this launch.
    fn worker_done(&self);
}

thread_local! {
    static DEBUG_WORKER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the calling thread is running work-groups of a debug launch (a diagnostic it logs
/// belongs to a work-item the debugger can stop at).
pub fn in_debug_worker() -> bool {
    DEBUG_WORKER.with(|w| w.get())
}

/// Marks the calling thread as a debug worker while it lives.
pub(crate) struct DebugWorker<'h>(pub &'h dyn DebugHook);

impl<'h> DebugWorker<'h> {
    pub fn enter(hook: &'h dyn DebugHook) -> DebugWorker<'h> {
        DEBUG_WORKER.with(|w| w.set(true));
        DebugWorker(hook)
    }
}

impl Drop for DebugWorker<'_> {
    fn drop(&mut self) {
        DEBUG_WORKER.with(|w| w.set(false));
        self.0.worker_done();
    }
}

/// A stopped work-item, as the debugger sees it.
pub struct WorkItemView<'a> {
    pub info: &'a LaunchInfo,
    pub kernel: &'a KernelInstance,
    pub ids: WiIds,
    pub group: [u64; 3],
    /// The current function and the instruction it stopped before.
    pub func: u32,
    pub pc: Pc,
    /// First register slot of the current frame.
    pub base: u32,
    /// The callers' frames, outermost first.
    pub frames: &'a [Frame],
    pub regs: &'a [u64],
    /// The registers' shadows (uninitialised bits), with `--uninitialized`.
    pub shadow: Option<&'a [u64]>,
    pub state: WiState,
    /// The launch's stop bits (the debugger changes them as breakpoints come and go).
    pub stops: &'a StopSet,
    pub(crate) private: &'a ArenaMemory,
    pub(crate) local: &'a ArenaMemory,
    pub(crate) global: &'a GlobalView,
    pub(crate) launch: &'a dyn LaunchQuery,
    /// What the debugger changed while the work-item was stopped, in order: seen at once by
    /// the view's reads, applied to the work-item by `apply_edits` before it runs on.
    pub(crate) edits: RefCell<Vec<Edit>>,
    /// The group's history, while it is recorded.
    pub(crate) history: Option<HistoryView<'a>>,
}

/// A debugged group's history, as the debugger reads it at a stop: position *k* is the state
/// before the group's *k*-th op.
#[derive(Clone, Copy)]
pub struct HistoryView<'a> {
    pub(crate) log: &'a History,
    pub(crate) journal: &'a Journal,
    /// Where the stop is: the frontier at the present.
    pub position: u64,
}

/// One op of a group's past, as the debugger searches it.
pub struct PastOp<'a> {
    /// Its position: travelling there shows the state before it.
    pub position: u64,
    /// The work-item that ran it (its local linear index), the function and the op.
    pub item: u32,
    pub func: u32,
    pub pc: Pc,
    /// It called a function, or returned from one.
    pub call: bool,
    pub ret: bool,
    records: OpRecords<'a>,
    journal: &'a Journal,
}

impl<'a> HistoryView<'a> {
    /// The first position kept.
    pub fn start(&self) -> u64 {
        self.log.start()
    }

    /// The present: the position after the last op run.
    pub fn frontier(&self) -> u64 {
        self.log.frontier()
    }

    /// Whether the stop is in the past.
    pub fn in_past(&self) -> bool {
        self.position < self.log.frontier()
    }

    /// Bytes the history holds: the group's log and the launch's journal of global writes.
    pub fn bytes(&self) -> u64 {
        self.log.bytes() + self.journal.bytes()
    }

    /// The same history, read from another position.
    pub fn at(self, position: u64) -> HistoryView<'a> {
        HistoryView { position, ..self }
    }

    /// Most bytes the group's log keeps (`--history-size`).
    pub fn limit(&self) -> u64 {
        self.log.cap()
    }

    /// The ops before the stop, newest first.
    pub fn back(&self) -> impl Iterator<Item = PastOp<'a>> + 'a {
        let journal = self.journal;
        self.log.back(self.position).map(move |records| {
            let (mut call, mut ret) = (false, false);
            for r in records.records() {
                match r {
                    Record::Call { .. } => call = true,
                    Record::Ret { .. } => ret = true,
                    _ => {}
                }
            }
            PastOp {
                position: records.position,
                item: records.at.item,
                func: records.at.func,
                pc: records.at.pc,
                call,
                ret,
                records,
                journal,
            }
        })
    }
}

impl<'a> PastOp<'a> {
    /// The op's records, in the order they were made.
    pub fn records(&self) -> impl Iterator<Item = Record<'a>> + 'a {
        self.records.records()
    }

    /// The memory the op changed, newest first: `each(space, address, old, new)`. Global
    /// writes include those other groups made after it, before its group's next op.
    pub fn writes(&self, mut each: impl FnMut(AddrSpace, u64, &[u8], &[u8])) {
        for r in self.records.records_back() {
            match r {
                Record::Mem {
                    layer: Layer::Data,
                    space,
                    addr,
                    old,
                    new,
                } => each(space, addr, old, new),
                Record::Global { from, to } => {
                    (self.journal).each_back(from, to, |addr, old, new| {
                        each(AddrSpace::Global, addr, old, new)
                    })
                }
                _ => {}
            }
        }
    }
}

/// A change the debugger makes to a stopped work-item's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Edit {
    /// Bytes written to memory at a resolved (non-generic) address.
    Memory {
        space: AddrSpace,
        addr: u64,
        bytes: Vec<u8>,
    },
    /// A register slot (an index into the whole register file) set to new bits.
    Register { slot: usize, bits: u64 },
}

/// Global and constant memory are one memory.
fn same_memory(a: AddrSpace, b: AddrSpace) -> bool {
    let class = |s| match s {
        AddrSpace::Constant => AddrSpace::Global,
        AddrSpace::Generic => AddrSpace::Private,
        s => s,
    };
    class(a) == class(b)
}

/// Applies what the debugger changed (`WorkItemView::edits`) to the work-item it was shown:
/// its registers (and their shadows), its private memory, its group's local memory and global
/// memory. What is written becomes initialised.
/// A debugged group's history (`history`) gets the changes, as edits.
pub(crate) fn apply_edits(
    edits: Vec<Edit>,
    regs: &mut [u64],
    mut shadow: Option<&mut [u64]>,
    private: &mut ArenaMemory,
    local: &mut ArenaMemory,
    global: &GlobalView,
    mut history: Option<&mut Recorder>,
) {
    for edit in edits {
        if let (Some(rec), Edit::Memory { space, addr, bytes }) = (history.as_deref_mut(), &edit) {
            // Its old bytes, before the write: flushed as an edit before the next op.
            let len = bytes.len() as u64;
            let (found, shadow) = match space {
                AddrSpace::Private | AddrSpace::Generic => (
                    private.view().locate(*addr, len),
                    private.shadow_places(*addr, len),
                ),
                AddrSpace::Local => (
                    local.view().locate(*addr, len),
                    local.shadow_places(*addr, len),
                ),
                AddrSpace::Global | AddrSpace::Constant => {
                    (global.mem().locate_any(*addr, len), None)
                }
            };
            if let Some((p, _)) = found {
                let space = match space {
                    AddrSpace::Generic => AddrSpace::Private,
                    s => *s,
                };
                rec.written(space, (*addr, p, len), shadow);
            }
        }
        match edit {
            Edit::Register { slot, bits } => {
                if let Some(r) = regs.get_mut(slot) {
                    if let Some(rec) = history.as_deref_mut() {
                        rec.edited_register(slot as u32, *r, bits);
                    }
                    *r = bits;
                }
                if let Some(s) = shadow.as_deref_mut().and_then(|s| s.get_mut(slot)) {
                    *s = 0;
                }
            }
            Edit::Memory { space, addr, bytes } => match space {
                AddrSpace::Private | AddrSpace::Generic => {
                    private.write(addr, &bytes);
                }
                AddrSpace::Local => {
                    local.write(addr, &bytes);
                }
                AddrSpace::Global | AddrSpace::Constant => write_global(global, addr, &bytes),
            },
        }
    }
}

/// Writes bytes to a live global buffer and marks them initialised.
fn write_global(global: &GlobalView, addr: u64, bytes: &[u8]) {
    let len = bytes.len() as u64;
    if let Some((p, _)) = global.mem().locate_any(addr, len) {
        // SAFETY: locate_any checked that the range lies in one live buffer; the bytes are
        // stored with relaxed atomics, as every access to shared memory is.
        unsafe { store_bytes(p, bytes) };
        if let Some(s) = global.shadow_to_write(addr, false) {
            // SAFETY: the shadow of the same range, which has the buffer's size.
            unsafe { store_bytes(s, &vec![0; bytes.len()]) };
        }
    }
}

impl WorkItemView<'_> {
    /// `len` bytes of memory at `addr` as this work-item sees it; `None` unless one live
    /// allocation holds them all.
    pub fn read(&self, space: AddrSpace, addr: u64, len: u64) -> Option<Vec<u8>> {
        let (space, addr) = resolve(space, addr);
        // The range is checked before anything is allocated: the length may come from a user.
        let within = |(a, b): (u64, &[u8])| {
            addr >= a
                && addr
                    .checked_add(len)
                    .is_some_and(|end| end <= a + b.len() as u64)
        };
        let arena = match space {
            AddrSpace::Private | AddrSpace::Generic => Some(self.private),
            AddrSpace::Local => Some(self.local),
            AddrSpace::Global | AddrSpace::Constant => None,
        };
        if let Some(arena) = arena {
            if !arena.buffers().any(within) {
                return None;
            }
            let mut out = vec![0u8; usize::try_from(len).ok()?];
            if !arena.read(addr, &mut out) {
                return None;
            }
            self.overlay(space, addr, &mut out, |b| b);
            return Some(out);
        }
        let (p, _) = self.global.mem().locate_any(addr, len)?;
        let mut out = vec![0u8; usize::try_from(len).ok()?];
        // SAFETY: locate() checked that the range lies in one live buffer.
        unsafe { load_bytes(p, &mut out) };
        self.overlay(space, addr, &mut out, |b| b);
        Some(out)
    }

    /// Puts the bytes of the debugger's pending memory edits over `out` (read at `addr`):
    /// each edited byte becomes `value(edited byte)`.
    fn overlay(&self, space: AddrSpace, addr: u64, out: &mut [u8], value: impl Fn(u8) -> u8) {
        for edit in self.edits.borrow().iter() {
            let Edit::Memory {
                space: s,
                addr: at,
                bytes,
            } = edit
            else {
                continue;
            };
            if !same_memory(*s, space) {
                continue;
            }
            let lo = addr.max(*at);
            let hi = (addr + out.len() as u64).min(at + bytes.len() as u64);
            for a in lo..hi {
                out[(a - addr) as usize] = value(bytes[(a - at) as usize]);
            }
        }
    }

    /// Queues a write of `bytes` at `addr` (a work-item's own private memory, its group's
    /// local memory, global memory), to be applied before the work-item runs on; reads of
    /// the view see it at once. False, writing nothing, unless one live allocation holds
    /// all the bytes.
    pub(crate) fn queue_write(&self, space: AddrSpace, addr: u64, bytes: &[u8]) -> bool {
        let (space, addr) = resolve(space, addr);
        if bytes.is_empty() || self.read(space, addr, bytes.len() as u64).is_none() {
            return false;
        }
        self.edits.borrow_mut().push(Edit::Memory {
            space,
            addr,
            bytes: bytes.to_vec(),
        });
        true
    }

    /// Queues setting register slot `slot` (of the whole register file) to `bits`; false if
    /// there is no such slot.
    pub(crate) fn queue_register(&self, slot: usize, bits: u64) -> bool {
        if slot >= self.regs.len() {
            return false;
        }
        self.edits.borrow_mut().push(Edit::Register { slot, bits });
        true
    }

    /// The edits made through this view, taken out to be applied.
    pub(crate) fn take_edits(&self) -> Vec<Edit> {
        std::mem::take(&mut *self.edits.borrow_mut())
    }

    /// The shadows of `len` bytes at `addr` (which bits are uninitialised), when the launch
    /// keeps them (`--uninitialized`); `None` otherwise or unless one allocation holds them.
    pub fn read_shadow(&self, space: AddrSpace, addr: u64, len: u64) -> Option<Vec<u8>> {
        let (space, addr) = resolve(space, addr);
        let mut out = vec![0u8; usize::try_from(len).ok().filter(|&n| n <= 1 << 24)?];
        let found = match space {
            AddrSpace::Private | AddrSpace::Generic => self.private.read_shadow(addr, &mut out),
            AddrSpace::Local => self.local.read_shadow(addr, &mut out),
            AddrSpace::Global => self.global.read_shadow(addr, &mut out),
            // Constant memory is always initialised.
            AddrSpace::Constant => return None,
        };
        // What the debugger wrote is initialised.
        self.overlay(space, addr, &mut out, |_| 0);
        found.then_some(out)
    }

    /// (address, size) of every buffer of a memory (global includes constant).
    pub fn buffer_ranges(&self, space: AddrSpace) -> Vec<(u64, u64)> {
        match space {
            AddrSpace::Global | AddrSpace::Constant => self.global.buffers(),
            AddrSpace::Local => self
                .local
                .buffers()
                .map(|(a, b)| (a, b.len() as u64))
                .collect(),
            AddrSpace::Private | AddrSpace::Generic => self
                .private
                .buffers()
                .map(|(a, b)| (a, b.len() as u64))
                .collect(),
        }
    }

    /// How far the launch has got.
    pub fn progress(&self) -> LaunchProgress {
        self.launch.progress()
    }

    /// The state of any work-item of the launch (`None` outside the NDRange).
    pub fn work_item(&self, global: [u64; 3]) -> Option<WiState> {
        if global == self.ids.global {
            return Some(self.state);
        }
        self.launch.work_item(global)
    }

    /// What the work-item function `name` (`get_global_id`, `get_sub_group_local_id`, ...)
    /// returns to this work-item given `args`, as the kernel's own call would: None when
    /// `name` is no such function, `Err(n)` when it takes `n` arguments instead.
    pub fn work_item_function(&self, name: &str, args: &[u64]) -> Option<Result<u64, usize>> {
        let info = self.info;
        let size: [u64; 3] = std::array::from_fn(|d| {
            let l = info.local_size[d];
            l.min(info.global_size[d].saturating_sub(self.group[d] * l))
        });
        if let Some(q) = builtins::workitem::query_named(name) {
            let arity = usize::from(builtins::workitem::takes_dim(q));
            if args.len() != arity {
                return Some(Err(arity));
            }
            let dim = args.first().copied().unwrap_or(0);
            return Some(Ok(query(q, dim, &self.ids, &self.group, &size, info)));
        }
        let q = builtins::subgroups::query_named(name)?;
        if !args.is_empty() {
            return Some(Err(0));
        }
        let me = query(
            WiQuery::LocalLinearId,
            0,
            &self.ids,
            &self.group,
            &size,
            info,
        );
        let shape = (me, size.iter().product(), info.group_size());
        let n = info.sub_group_size.max(1);
        Some(Ok(builtins::subgroups::answer(q, n, shape)))
    }

    /// The code of the kernel, its functions and debug information.
    pub fn code(&self) -> &KernelCode {
        &self.kernel.code
    }

    /// The group's history, while it is recorded.
    pub fn history(&self) -> Option<HistoryView<'_>> {
        self.history
    }

    /// The size of the work-item's group (smaller at the edge of a non-uniform NDRange).
    fn group_size(&self) -> [u64; 3] {
        let info = self.info;
        std::array::from_fn(|d| {
            let start = self.group[d] * info.local_size[d];
            info.local_size[d].min(info.global_size[d] - start)
        })
    }

    /// The work-item's local linear index, as its group's history names work-items.
    pub fn item_index(&self) -> u32 {
        let (size, q) = (self.group_size(), WiQuery::LocalLinearId);
        query(q, 0, &self.ids, &self.group, &size, self.info) as u32
    }

    /// The global id of work-item `item` (a local linear index) of this group.
    pub fn global_id_of(&self, item: u32) -> [u64; 3] {
        let info = self.info;
        let size = self.group_size();
        let item = item as u64;
        let local = [
            item % size[0],
            (item / size[0]) % size[1],
            item / (size[0] * size[1]),
        ];
        std::array::from_fn(|d| {
            info.global_offset[d] + self.group[d] * info.local_size[d] + local[d]
        })
    }

    /// Register slots of the frame that starts at `base`.
    pub fn frame_regs(&self, base: u32) -> Cow<'_, [u64]> {
        self.with_register_edits(self.regs, base, |bits| bits)
    }

    /// The shadows of the registers of the frame that starts at `base`, with
    /// `--uninitialized`.
    pub fn frame_shadow(&self, base: u32) -> Option<Cow<'_, [u64]>> {
        let shadow = self.shadow?;
        Some(self.with_register_edits(shadow, base, |_| 0))
    }

    /// The slots of `file` from `base` on, with the registers the debugger set
    /// (`value(new bits)` in their place).
    fn with_register_edits<'s>(
        &self,
        file: &'s [u64],
        base: u32,
        value: impl Fn(u64) -> u64,
    ) -> Cow<'s, [u64]> {
        let base = base as usize;
        let slots = file.get(base..).unwrap_or(&[]);
        let edits = self.edits.borrow();
        let mut out = Cow::Borrowed(slots);
        for edit in edits.iter() {
            if let Edit::Register { slot, bits } = *edit {
                if let Some(r) = slot.checked_sub(base).filter(|&i| i < slots.len()) {
                    out.to_mut()[r] = value(bits);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_bits() {
        let s = StopSet {
            funcs: vec![(0..2).map(|_| AtomicU64::new(0)).collect()],
        };
        assert!(!s.get(0, 70));
        s.set(0, 70, true);
        assert!(s.get(0, 70));
        assert!(!s.get(0, 71));
        assert!(!s.get(1, 0));
        assert!(!s.get(0, 500));
        s.set(0, 500, true);
        s.clear();
        assert!(!s.get(0, 70));
    }
}
