//! The checks around every memory access: bounds, read-only/write-only buffers, alignment,
//! static array indices, and the plugin events they raise. Shared by the interpreter, the
//! builtins' environment and the work-group's async copies.

use super::shared::{Launch, Mems, Where};
use super::undo::RECORDING;
use crate::bytecode::{MemTy, RmwOp};
use crate::diagnostics::{Level, Rule};
use crate::memory::{
    flags, load_bytes, resolve, store_bytes, AddrSpace, Fault, FaultKind, GlobalView, Scalar,
    GLOBAL_OFFSET_BITS,
};
use crate::plugins::{Access, AccessBatch, AccessKind, Interest, LaneRun, Memories, Workers};

#[inline(always)]
pub(crate) unsafe fn load_mem(ty: MemTy, p: *const u8) -> u64 {
    match ty {
        MemTy::U8 => u8::load(p) as u64,
        MemTy::U16 => u16::load(p) as u64,
        MemTy::U32 => u32::load(p) as u64,
        MemTy::U64 => u64::load(p),
        MemTy::Bytes(n) => {
            let mut b = [0u8; 8];
            load_bytes(p, &mut b[..n as usize]);
            u64::from_le_bytes(b)
        }
    }
}

#[inline(always)]
pub(crate) unsafe fn store_mem(ty: MemTy, p: *mut u8, v: u64) {
    match ty {
        MemTy::U8 => u8::store(p, v as u8),
        MemTy::U16 => u16::store(p, v as u16),
        MemTy::U32 => u32::store(p, v as u32),
        MemTy::U64 => u64::store(p, v),
        MemTy::Bytes(n) => store_bytes(p, &v.to_le_bytes()[..n as usize]),
    }
}

/// Reports a fault to the plugins that check memory.
#[cold]
#[inline(never)]
pub(crate) fn fault(launch: &Launch, workers: &mut Workers, at: Where, f: Fault) {
    for w in workers.each(Interest::FAULTS) {
        launch.with_context(at, true, |cx| w.memory_fault(cx, &f));
    }
}

/// Reports an access whose address is not a multiple of its alignment (`align`: log2).
/// The access still happens.
#[inline(always)]
pub(crate) fn check_alignment(
    addr: u64,
    align: u8,
    is_store: bool,
    launch: &Launch,
    at: impl Fn() -> Where,
) {
    if addr & ((1u64 << align) - 1) != 0 {
        misaligned(launch, at(), is_store);
    }
}

#[cold]
#[inline(never)]
fn misaligned(launch: &Launch, at: Where, is_store: bool) {
    let what = if is_store { "store" } else { "load" };
    launch.report(
        at,
        Rule::MisalignedAccess,
        Level::Error,
        format!("Invalid memory {what} - source pointer is not aligned to the pointed type"),
    );
}

#[cold]
#[inline(never)]
pub(crate) fn array_index(launch: &Launch, workers: &mut Workers, at: Where, index: i64, len: u64) {
    for w in workers.each(Interest::FAULTS) {
        launch.with_context(at, true, |cx| w.array_index_fault(cx, index, len));
    }
}

/// Which way an access goes: atomics both read and write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    Load,
    Store,
    Atomic,
}

impl Dir {
    fn reads(self) -> bool {
        self != Dir::Store
    }

    fn writes(self) -> bool {
        self != Dir::Load
    }

    /// The buffer flags that can make an access of this direction a fault: a load from a
    /// read-only buffer is not one, and need not leave the fast path.
    #[inline(always)]
    pub(crate) fn suspicious_flags(self) -> u32 {
        match self {
            Dir::Load => flags::WRITE_ONLY | flags::MAPPED,
            Dir::Store => flags::READ_ONLY | flags::MAPPED,
            Dir::Atomic => flags::WRITE_ONLY | flags::READ_ONLY | flags::MAPPED,
        }
    }
}

/// Looks up an access (resolving generic pointers); reports refused and flagged accesses.
/// `None` means: skip the access.
#[inline(always)]
pub(crate) fn access(
    mems: &mut Mems,
    space: AddrSpace,
    addr: u64,
    size: u64,
    dir: Dir,
    launch: &Launch,
    at: impl Fn() -> Where,
) -> Option<*mut u8> {
    let (space, addr) = resolve(space, addr);
    let global = matches!(space, AddrSpace::Global | AddrSpace::Constant);
    if global && mems.pending.overlaps(addr, size) {
        mems.pending.flush(mems.undo);
    }
    located(mems, space, addr, size, dir, launch, at)
}

/// `access` of an address already resolved, leaving pending atomics pending (combining one
/// more into them).
#[inline(always)]
pub(crate) fn located(
    mems: &mut Mems,
    space: AddrSpace,
    addr: u64,
    size: u64,
    dir: Dir,
    launch: &Launch,
    at: impl Fn() -> Where,
) -> Option<*mut u8> {
    let located = match mems.view(space).locate(addr, size) {
        Some(found) => Some(found),
        None => mems.view(space).locate_svm(addr, size),
    };
    let flagged = match located {
        Some((_, fl)) => fl & dir.suspicious_flags() != 0,
        None => true,
    };
    if flagged {
        let access = Flagged {
            flags: located.map(|(_, fl)| fl),
            space,
            address: addr,
            size,
            dir,
        };
        report_access(access, launch, mems.workers, at());
        if located.is_none() && dir.reads() {
            mems.undo.needs_shadows |= mems.undo.speculating();
        }
    }
    let located = located.map(|(p, _)| p);
    if mems.undo.speculating()
        && space == AddrSpace::Local
        && located.is_some()
        && !mems.local.all_initialised()
    {
        deferred_local_access(mems, addr, size, dir);
    }
    if launch.plan.checks_global_shadows()
        && mems.undo.speculating()
        && space == AddrSpace::Global
        && located.is_some()
    {
        deferred_global_access(mems, &launch.global, addr, size, dir);
    }
    if let (true, true, Some(p)) = (dir.writes(), mems.undo.flags != 0, located) {
        keep_written(mems, &launch.global, space, (addr, p, size), dir);
    }
    located
}

/// A write about to be made at `p` (`addr` in `space`) while the undo log keeps something:
/// a speculating group's global store (the group may start over, `undo`; atomics keep their
/// own, `undone_atomic`; local and private memory start afresh then), a debugged group's
/// every write (its history).
#[cold]
#[inline(never)]
fn keep_written(
    mems: &mut Mems,
    global: &GlobalView,
    space: AddrSpace,
    (addr, p, size): (u64, *mut u8, u64),
    dir: Dir,
) {
    let in_global = matches!(space, AddrSpace::Global | AddrSpace::Constant);
    if mems.undo.speculating() && dir == Dir::Store && in_global {
        mems.undo.overwriting(p, size);
    }
    record_written(mems, global, space, (addr, p, size));
}

/// A debugged group's history keeps the `size` bytes at `p` (`addr` in a resolved `space`)
/// as they are before a write, with their shadow and origins (a shadow changes with its
/// bytes, and the history puts both back). A write of shadows alone, before the bytes' own
/// (a vector's lanes), calls it first too.
pub(crate) fn record_written(
    mems: &mut Mems,
    global: &GlobalView,
    space: AddrSpace,
    (addr, p, size): (u64, *mut u8, u64),
) {
    if mems.undo.flags & RECORDING == 0 {
        return;
    }
    let shadow = match space {
        AddrSpace::Private => mems.private.shadow_places(addr, size),
        AddrSpace::Local => mems.local.shadow_places(addr, size),
        AddrSpace::Global | AddrSpace::Constant => global.shadow_places(addr, size),
        AddrSpace::Generic => None,
    };
    if let Some(history) = mems.undo.history.as_deref_mut() {
        history.written(space, (addr, p, size), shadow);
    }
}

/// A local access of a group that runs without the shadows of its registers
/// (`ShadowPlan::Deferred`), while some of its local memory is not written yet: a read
/// of such bytes needs the shadows (the group starts over with them).
#[inline(never)]
fn deferred_local_access(mems: &mut Mems, addr: u64, size: u64, dir: Dir) {
    if !mems
        .local
        .deferred_access(addr, size, dir.reads(), dir.writes())
    {
        mems.undo.needs_shadows = true;
    }
}

/// A global access of a group that runs without the shadows of its registers while some
/// buffer holds uninitialised bits (`ShadowPlan::DeferredCheckingGlobals`): a read of such bits
/// needs the shadows (the group starts over with them); bytes it writes become initialised,
/// as every value of such a group is, their shadow kept to be undone with the data.
#[inline(never)]
fn deferred_global_access(mems: &mut Mems, global: &GlobalView, addr: u64, size: u64, dir: Dir) {
    let Some(shadow) = global.shadow_to_read(addr) else {
        return;
    };
    const CHUNK: usize = 64;
    let chunks = || {
        (0..size as usize)
            .step_by(CHUNK)
            .map(|at| (at, (size as usize - at).min(CHUNK)))
    };
    let mut bits = [0u8; CHUNK];
    let uninitialised = chunks().any(|(at, n)| {
        // SAFETY: the access was located in the buffer, whose shadow has its size.
        unsafe { load_bytes(shadow.add(at), &mut bits[..n]) };
        bits[..n].iter().any(|&b| b != 0)
    });
    if !uninitialised {
        return;
    }
    if dir.reads() {
        mems.undo.needs_shadows = true;
    } else {
        mems.undo.overwriting(shadow, size);
        for (at, n) in chunks() {
            // SAFETY: as above.
            unsafe { store_bytes(shadow.add(at), &[0; CHUNK][..n]) };
        }
    }
}

/// Keeps what undoes an atomic (`op` with `value`) on global memory at `p`, which held `old`,
/// while the group may start over (`undo`).
#[inline(always)]
pub(crate) fn undone_atomic(
    mems: &mut Mems,
    (space, addr): (AddrSpace, u64),
    p: *mut u8,
    size: u32,
    (op, value): (RmwOp, u64),
    old: u64,
) {
    if mems.undo.speculating() && resolve(space, addr).0 == AddrSpace::Global {
        mems.undo.atomic(p, size, (op, value), old);
    }
}

/// An access that was refused (`flags` None) or flagged.
struct Flagged {
    flags: Option<u32>,
    space: AddrSpace,
    address: u64,
    size: u64,
    dir: Dir,
}

/// The faults of a refused or flagged access, reads first as Oclgrind does.
#[cold]
#[inline(never)]
fn report_access(a: Flagged, launch: &Launch, workers: &mut Workers, at: Where) {
    let Flagged {
        flags,
        space,
        address,
        size,
        dir,
    } = a;
    let mut report = |kind, is_store| {
        let f = Fault {
            kind,
            space,
            address,
            size,
            is_store,
        };
        fault(launch, workers, at, f);
    };
    match flags {
        None => {
            if dir.reads() {
                report(FaultKind::OutOfBounds, false);
            }
            if dir.writes() {
                report(FaultKind::OutOfBounds, true);
            }
        }
        Some(fl) => {
            if dir.reads() && fl & flags::WRITE_ONLY != 0 {
                report(FaultKind::ReadFromWriteOnly, false);
            }
            if dir.writes() && fl & flags::READ_ONLY != 0 {
                report(FaultKind::WriteToReadOnly, true);
            }
            if fl & flags::MAPPED != 0 {
                if dir.reads() {
                    report(FaultKind::MappedAccess, false);
                }
                if dir.writes() {
                    report(FaultKind::MappedAccess, true);
                }
            }
        }
    }
}

/// Where plugins see an access at `address` of `space`: generic pointers in the space they
/// point into, SVM buffers' host addresses at their buffers' addresses (`MemView::canonical`).
#[inline(always)]
fn shown_address(mems: &Mems, space: AddrSpace, address: u64) -> (AddrSpace, u64) {
    let (space, address) = resolve(space, address);
    match space {
        AddrSpace::Global | AddrSpace::Constant => (space, mems.global.canonical(address)),
        _ => (space, address),
    }
}

/// Shows an access to the plugin workers that watch memory or addresses (after the caller
/// checked `launch.observe_memory`, or `observe_accesses` for a load or store). Generic
/// pointers are shown in the space they point into.
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn observe(
    launch: &Launch,
    mems: &mut Mems,
    at: Where,
    space: AddrSpace,
    address: u64,
    size: u64,
    kind: AccessKind,
    data: &[u8],
) {
    let (space, address) = shown_address(mems, space, address);
    let access = Access {
        space,
        address,
        size,
        kind,
        data,
    };
    // Plugins may read the memories the access could have touched.
    let Mems {
        global,
        local,
        private,
        workers,
        ..
    } = mems;
    let memory = Memories {
        global: Some(*global),
        local: Some(&**local),
        private: Some(&**private),
    };
    for w in workers.each(listeners(kind)) {
        launch.with_context_reading(at, true, memory, |cx| w.memory_access(cx, &access));
    }
}

/// Who hears of an access of `kind`: loads and stores go to the plugins that watch memory and
/// to those that want addresses alone, atomics only to the first.
#[inline(always)]
fn listeners(kind: AccessKind) -> Interest {
    match kind.atomic() {
        true => Interest::MEMORY,
        false => Interest::MEMORY | Interest::ADDRESSES,
    }
}

/// Shows one op's accesses in several work-items of group `group` (seq, ids, size) to the
/// plugin workers that watch memory (after the caller checked `launch.observe_memory`).
#[inline(never)]
pub(crate) fn observe_batch(
    launch: &Launch,
    workers: &mut Workers,
    group: (u64, [u64; 3], [u64; 3]),
    batch: &AccessBatch,
) {
    let global = matches!(batch.space, AddrSpace::Global | AddrSpace::Constant);
    let svm = global && launch.global.has_svm();
    if svm
        && batch
            .runs
            .iter()
            .any(|r| r.address >> GLOBAL_OFFSET_BITS == 0)
    {
        return observe_svm_batch(launch, workers, group, batch);
    }
    for w in workers.each(listeners(batch.kind)) {
        launch.with_group_context(group, |cx| w.memory_accesses(cx, batch));
    }
}

/// `observe_batch` of accesses at host addresses (SVM buffers'), shown at their buffers'
/// addresses as every other access is.
#[cold]
#[inline(never)]
fn observe_svm_batch(
    launch: &Launch,
    workers: &mut Workers,
    group: (u64, [u64; 3], [u64; 3]),
    batch: &AccessBatch,
) {
    let view = launch.global.mem();
    let runs: Vec<LaneRun> = (batch.runs.iter())
        .map(|r| LaneRun {
            address: view.canonical(r.address),
            ..*r
        })
        .collect();
    let batch = AccessBatch {
        runs: &runs,
        ..*batch
    };
    for w in workers.each(listeners(batch.kind)) {
        launch.with_group_context(group, |cx| w.memory_accesses(cx, &batch));
    }
}

/// Shows an atomic (`kind`: one that writes, or one that only reads) to the plugin workers
/// that watch memory (after the caller checked `launch.observe_memory`), with what memory
/// holds after one that writes; `ptr` is where the access went, if it was allowed.
#[cold]
#[inline(never)]
pub(crate) fn observe_atomic(
    launch: &Launch,
    mems: &mut Mems,
    at: Where,
    (space, address, size, kind): (AddrSpace, u64, u64, AccessKind),
    ptr: Option<*mut u8>,
) {
    let (after, n) = memory_after(ptr, size, kind);
    observe(launch, mems, at, space, address, size, kind, &after[..n]);
}

/// Whether an atomic at `address` of `space` is of a buffer whose atomics no plugin needs to
/// hear of (`Launch::quiet_atomics`: they cannot race).
#[inline(always)]
pub(crate) fn quiet_atomic(launch: &Launch, space: AddrSpace, address: u64) -> bool {
    !launch.quiet_atomics.is_empty() && {
        let (space, at) = resolve(space, address);
        space == AddrSpace::Global && launch.quiet_atomics.contains(&(at >> GLOBAL_OFFSET_BITS))
    }
}

/// What memory holds after an atomic of `kind` and `size` bytes (at most 8) at `ptr` (if it
/// was allowed; else zeros), and how many of the bytes count: none for one that only read.
#[inline(always)]
pub(crate) fn memory_after(ptr: Option<*mut u8>, size: u64, kind: AccessKind) -> ([u8; 8], usize) {
    let mut after = [0u8; 8];
    let n = if kind.writes() {
        (size as usize).min(8)
    } else {
        0
    };
    if let Some(p) = ptr {
        // SAFETY: the caller's access() checked the range.
        unsafe { load_bytes(p, &mut after[..n]) };
    }
    (after, n)
}

/// Shows an allocation of local or private memory to the plugin workers that watch them
/// (after the caller checked `launch.observe_allocations`).
#[cold]
#[inline(never)]
pub(crate) fn observe_allocation(
    launch: &Launch,
    workers: &mut Workers,
    (at, with_code): (Where, bool),
    space: AddrSpace,
    address: u64,
    size: u64,
) {
    for w in workers.each(Interest::ALLOCATION) {
        launch.with_context(at, with_code, |cx| {
            w.memory_allocated(cx, space, address, size)
        });
    }
}

/// The read the source makes where the value of a speculated load is used (see
/// `llvm::lower::speculated`), shown to the plugin workers that watch memory (after the
/// caller checked `launch.observe_memory`).
#[cold]
#[inline(never)]
pub(crate) fn speculated_use(
    launch: &Launch,
    mems: &mut Mems,
    at: Where,
    space: AddrSpace,
    address: u64,
    size: u32,
) {
    let (space, address) = shown_address(mems, space, address);
    let access = Access {
        space,
        address,
        size: size as u64,
        kind: AccessKind::Load,
        data: &[],
    };
    for w in mems.workers.each(Interest::MEMORY) {
        launch.with_context(at, true, |cx| w.speculated_use(cx, &access));
    }
}
