//! The lane executor: a work-group's work-items run together, one dispatch per op for all the
//! work-items at the same point of the same function (a warp of lanes).
//!
//! Each work-item keeps its own state, as in the scalar executor (registers, call stack,
//! private memory); what the lanes share is the dispatch: the register-only ops
//! (`register_ops!`, with `each_lane` running an op's body for every lane) and the common
//! memory and control-flow ops loop over the lanes inside the op's arm. Any other op runs
//! through the scalar executor, one op for each lane (`run_one`), so both executors have one
//! definition of what every op does.
//!
//! Which lanes run: those at the lowest position (the deepest call first, then the lowest pc)
//! among the work-items that can run, as many as keep their registers in the cache
//! (`WARP_REGISTER_BYTES`; the others at that position run next). After a branch that splits
//! a warp, the part at the lower pc runs on while the other waits; it meets the waiting lanes
//! again when it reaches their pc (the lowering lays a loop's blocks out before its exit and a
//! conditional's arms before their join), and they go on as one warp. Whatever the layout, every lane runs its own path: the
//! lanes only change how work-items interleave between barriers, which only racy kernels can
//! tell, and their output leaves in the scalar executor's order (`Sequencer::by_work_item`).
//!
//! Plugins that watch memory hear of each op's accesses in one batch. Under them a group runs
//! speculatively: its output waits for its end (`Sequencer::speculate`) and its stores to
//! global memory are logged (`undo`); when a plugin finds that the work-items depended on
//! their order (the race detector, on two of them touching the same bytes between barriers),
//! the group is undone and runs again under the scalar scheduler (`start_over`). Kernels with
//! atomics other than additions are not run so: undoing them would lose other groups' made in
//! between (`KernelCode::atomics_undoable`); nor are a launch's groups once most of those run
//! so had to start over (`Launch::lanes_pay`). Kernels that retry a compare-and-swap in a loop
//! never run on lanes (`KernelCode::retries_compare_exchange`): in lock-step every lane of a
//! warp tries and one succeeds a round, where one work-item at a time succeeds at once.

use super::atomic;
use super::checks::{self, access, array_index, check_alignment, load_mem, store_mem, Dir};
use super::combine::PendingAtomics;
use super::env::{Env, Mems};
use super::group::{
    allocate_locals, BarrierSite, GroupItems, GroupRunner, Plain, Stop, SPIN_LIMIT,
};
use super::interp::{query, Here};
use super::launch::Where;
use super::memops::{self, OpCx};
use super::pure_ops::register_ops;
use super::shadow::NoShadow;
use crate::bytecode::{MemTy, ScalarTy};
use crate::exec::debug::WiState;
use crate::memory::{AddrSpace, GLOBAL_OFFSET_BITS};
use crate::plugins::{AccessBatch, AccessKind, LaneRun, RunGatherer, Site};

/// The lanes that run together: all at `pc` of function `func`, with their frames at `base`
/// and `depth` calls deep.
#[derive(Default)]
pub(crate) struct Warp {
    func: u32,
    base: u32,
    pc: u32,
    depth: usize,
    /// Local linear indices, ascending.
    lanes: Vec<u32>,
    /// Each lane's slot in the group's items.
    slots: Vec<u32>,
    /// The lowest pc of another lane waiting in the same frame past `pc`: where this warp
    /// meets it (`u32::MAX`: none).
    meets: u32,
}

/// Where a warp stands after running: at a pc all its lanes share, or spread (each lane's state
/// written back already).
enum Exit {
    At(u32),
    Spread,
    /// At a pc after `SPIN_LIMIT` backward branches: perhaps waiting for a lane that waits.
    Looping(u32),
}

/// A worker's lane-executor state, kept from group to group (its buffers are reused).
#[derive(Default)]
pub(crate) struct Lanes {
    warp: Warp,
    /// Barriers released in the current group.
    interval: u64,
    /// The work-item that finished last as the scalar executor would see it: the highest
    /// index of the latest barrier interval in which any finished ((interval, index)).
    last: Option<(u64, u32)>,
    /// An op's accesses, gathered for the plugins.
    batch: LaneBatch,
}

/// One op's accesses in the lanes of a warp, gathered for the plugins (`AccessBatch`).
#[derive(Default)]
pub(crate) struct LaneBatch {
    runs: Vec<LaneRun>,
    data: Vec<u8>,
    /// The space, size and kind of the accesses joined (`join`).
    shape: Option<(AddrSpace, u64, AccessKind)>,
    /// The run of accesses `join` gathers.
    gathering: Option<RunGatherer>,
}

impl LaneBatch {
    /// Empties the batch (at once when it is: ops of unwatched runs pay one test).
    #[inline(always)]
    fn clear(&mut self) {
        if self.shape.take().is_some() {
            self.runs.clear();
            self.data.clear();
            self.gathering = None;
        }
    }

    /// Adds a lane's access when it has the batch's shape (or is the first), and is not of a
    /// generic pointer (whose spaces may differ); false when it must be shown on its own.
    #[inline(always)]
    pub(crate) fn join(
        &mut self,
        lane: u32,
        shape: (AddrSpace, u64, AccessKind),
        address: u64,
        data: &[u8],
    ) -> bool {
        if shape.0 == AddrSpace::Generic || self.shape.is_some_and(|s| s != shape) {
            return false;
        }
        self.shape = Some(shape);
        let gathering = self.gathering.get_or_insert(RunGatherer::new(shape.1));
        gathering.add(lane, address, &mut self.runs);
        self.add_data(data);
        true
    }

    /// Starts a batch of accesses of one shape (not of generic pointers) whose runs the
    /// caller gathers itself (a `RunGatherer` of its own, finished into `runs`).
    #[inline(always)]
    fn start(&mut self, shape: (AddrSpace, u64, AccessKind)) {
        debug_assert!(
            shape.0 != AddrSpace::Generic,
            "generic accesses are not batched"
        );
        self.shape = Some(shape);
    }

    /// The bytes an access stored.
    #[inline(always)]
    fn add_data(&mut self, data: &[u8]) {
        match data.len() {
            0 => {}
            // A scalar's bytes, without a call to copy them.
            n @ 1..=8 => self.data.extend((0..n).map(|k| data[k])),
            _ => self.data.extend_from_slice(data),
        }
    }

    fn of(
        &mut self,
        site: Site,
        (space, size, kind): (AddrSpace, u64, AccessKind),
    ) -> AccessBatch<'_> {
        if let Some(mut gathering) = self.gathering.take() {
            gathering.finish(&mut self.runs);
        }
        AccessBatch {
            site,
            space,
            size,
            kind,
            runs: &self.runs,
            data: &self.data,
        }
    }
}

impl Lanes {
    fn finished(&mut self, lane: u32) {
        let mark = (self.interval, lane);
        if self.last.is_none_or(|last| last < mark) {
            self.last = Some(mark);
        }
    }
}

/// The bytes of registers a warp's lanes may have, together: an op touches every lane's,
/// which stay in the first-level data cache when they fit (one warp for a group of 256
/// work-items ran plain matmul 15% and mandelbrot 25% slower than warps cut to 32 KiB, on a
/// core with 32 KiB of that cache; 8 and 16 KiB were slower again, 64 KiB about the same).
const WARP_REGISTER_BYTES: usize = 32 << 10;

/// The fewest lanes a warp is cut to.
const MIN_WARP: usize = 8;

/// Orders positions: the deepest call first, then by function, frame and pc.
pub(super) fn position(depth: usize, func: u32, base: u32, pc: u32) -> (usize, u32, u32, u32) {
    (usize::MAX - depth, func, base, pc)
}

impl GroupRunner<'_> {
    /// Runs the group's work-items (all of them at once) to their end. False when plugins
    /// watching memory found that the work-items depend on the order they run in
    /// (`Worker::depends_on_order`): the group must start over (`start_over`) and run as the
    /// scalar executor runs it.
    pub(super) fn run_lanes(&mut self, items: &mut GroupItems) -> bool {
        let speculating = self.launch.may_start_over;
        if speculating {
            self.undo.begin();
            self.launch.sequencer.speculate(self.seq);
        }
        // Local ids counted up in the order of their linear index (no division each).
        let mut local = [0u64; 3];
        for i in 0..items.count() {
            let slot = items.take_slot();
            self.start_work_item_at(&mut items.slots[slot as usize], local);
            items.entries[i].state = WiState::Suspended;
            items.entries[i].slot = slot;
            for (id, &size) in local.iter_mut().zip(&self.size) {
                *id += 1;
                if *id < size {
                    break;
                }
                *id = 0;
            }
        }
        // Taken out while the group runs, so that running it can borrow the runner.
        let mut warp = std::mem::take(&mut self.lanes.warp);
        (self.lanes.interval, self.lanes.last) = (0, None);
        let done = self.run_warps(items, &mut warp, speculating);
        self.lanes.warp = warp;
        if !done {
            return false;
        }
        self.note_last_finished(items);
        if speculating && (self.workers.depend_on_order() || self.undo.needs_shadows) {
            return false;
        }
        self.undo.end();
        true
    }

    /// The group's work-items depend on their order: what they did is undone, and the group
    /// is as before it ran, ready to run again.
    pub(super) fn start_over(&mut self, items: &mut GroupItems) {
        let count = items.count();
        self.undo.undo();
        self.launch.sequencer.discard(self.seq);
        self.local.clear();
        allocate_locals(self.launch, &mut self.local);
        self.asyncs.reset(count as u64);
        self.exchange.reset(self.size);
        items.reset(count);
        self.begin_group(false);
    }

    /// Names the work-item that finished last (so far) for the messages of the group's end.
    fn note_last_finished(&mut self, items: &GroupItems) {
        if let Some((_, i)) = self.lanes.last.take() {
            let wi = &items.slots[items.entries[i as usize].slot as usize];
            self.last_finished = (wi.ids, wi.func, wi.pc);
        }
    }

    /// The most lanes a warp in a function takes (`WARP_REGISTER_BYTES`).
    fn lanes_per_warp(&self) -> impl Fn(u32) -> usize + '_ {
        let functions = &self.launch.kernel.code.functions;
        move |func| {
            let slots = functions[func as usize].num_slots as usize;
            (WARP_REGISTER_BYTES / (slots.max(1) * 8)).max(MIN_WARP)
        }
    }

    /// Runs warps until every work-item has finished, releasing barriers on the way. False
    /// when the group must start over (`run_lanes`); when `speculating`, a group whose lanes
    /// wait for each other does.
    fn run_warps(&mut self, items: &mut GroupItems, warp: &mut Warp, speculating: bool) -> bool {
        loop {
            if !gather(items, warp, self.lanes_per_warp()) {
                if items.meeting > 0 {
                    self.release_sub_groups(items, &Plain);
                    continue;
                }
                if items.arrived == 0 {
                    return true;
                }
                self.release_lanes(items);
                if speculating && self.workers.depend_on_order() {
                    return false;
                }
                self.lanes.interval += 1;
                continue;
            }
            let exit = self.run_warp(items, warp);
            if let Exit::At(pc) | Exit::Looping(pc) = exit {
                for &s in &warp.slots {
                    items.slots[s as usize].pc = pc;
                }
            }
            let others = || {
                let ready = items.entries.iter();
                ready.filter(|e| e.state == WiState::Suspended).count() > warp.lanes.len()
            };
            if matches!(exit, Exit::Looping(_)) && others() {
                if speculating {
                    // Lanes that wait for each other depend on their order.
                    return false;
                }
                // The others may be what the loop waits for: the scalar scheduler finishes
                // the group, one work-item after the other (and notes who finishes last).
                self.note_last_finished(items);
                items.barrier = self.arrivals(items);
                self.take_turns(items, &Plain, None);
                return true;
            }
        }
    }

    /// All that can go on wait at a barrier: checks that they all reached the same one and
    /// releases it.
    fn release_lanes(&mut self, items: &mut GroupItems) {
        if let Some(site) = self.arrivals(items) {
            let count = items.count() as u64;
            self.release_barrier(&site, items.arrived as u64, count);
        }
        items.barrier = None;
        items.release_barrier(&Plain);
    }

    /// The barrier of the work-items waiting at one, as the first reached it; those that
    /// reached another are reported, in the order of their indices (as the scalar executor
    /// meets them).
    fn arrivals(&self, items: &GroupItems) -> Option<BarrierSite> {
        let mut first: Option<BarrierSite> = None;
        for entry in &items.entries {
            if entry.state != WiState::AtBarrier {
                continue;
            }
            let wi = &items.slots[entry.slot as usize];
            let site = BarrierSite::of(wi);
            match &first {
                None => first = Some(site),
                Some(f) if !f.same_as(&site) => self.report_divergence(f, &site, wi.ids),
                Some(_) => {}
            }
        }
        first
    }

    /// Runs `warp` until its lanes part, stop or meet others.
    fn run_warp(&mut self, items: &mut GroupItems, warp: &Warp) -> Exit {
        let launch = self.launch;
        let kernel = &launch.kernel.code;
        let func = &kernel.functions[warp.func as usize];
        let code = &func.code[..];
        let n = func.num_slots as usize;
        let (fidx, base) = (warp.func, warp.base as usize);
        let mut fps: Vec<*mut u64> = Vec::with_capacity(warp.slots.len());
        for &s in &warp.slots {
            let regs = &mut items.slots[s as usize].regs;
            assert!(
                base + n <= regs.len(),
                "a lane's frame lies past its registers"
            );
            // SAFETY: in bounds, as just checked.
            fps.push(unsafe { regs.as_mut_ptr().add(base) });
        }
        // A lane's frame. SAFETY: each pointer is to `n` registers of a different work-item,
        // which nothing else touches while the warp runs (the register vectors are not
        // resized: only calls grow them, and calls run through `run_one`, after which the
        // warp is gathered again).
        let frame = |fp: *mut u64| unsafe { std::slice::from_raw_parts_mut(fp, n) };
        macro_rules! each_lane {
            ($r:ident, $base:ident, $body:block) => {
                for &fp in fps.iter() {
                    let $r = frame(fp);
                    let $base = 0usize;
                    $body
                }
            };
        }
        let global = launch.global.mem();
        // Whether a warp's loads from `lo` on (in one buffer) are of a buffer whose loads no
        // plugin needs to hear of (`Launch::quiet_loads`).
        let quiet_loads = |lo: u64| launch.quiet_loads.contains(&(lo >> GLOBAL_OFFSET_BITS));
        // The memories as work-item `$wi` sees them.
        macro_rules! lane_mems {
            ($wi:expr) => {
                Mems {
                    global,
                    local: &mut self.local,
                    private: &mut $wi.private,
                    workers: &mut self.workers,
                    pending: &mut self.pending,
                    undo: &mut self.undo,
                }
            };
        }
        let (seq, group, size) = (self.seq, self.group, self.size);
        // What the ops of `memops` take: the memories and the op's place (the work-item `$ids`).
        macro_rules! op_cx {
            ($mems:ident, $ids:expr, $pc:expr, $batch:expr) => {
                OpCx {
                    mems: &mut $mems,
                    here: Here {
                        launch,
                        seq,
                        group,
                        ids: $ids,
                        func: fidx,
                        pc: $pc as u32,
                    },
                    batch: $batch,
                }
            };
        }
        let group_size = size;
        let observe = launch.observe_memory;
        let mut sh = NoShadow;
        let mut pc = warp.pc as usize;
        let mut backward = 0u32;
        // After a jump from `op_pc`: counts the backward ones.
        macro_rules! jumped {
            ($op_pc:expr) => {
                if pc <= $op_pc {
                    backward += 1;
                    if backward == SPIN_LIMIT {
                        return Exit::Looping(pc as u32);
                    }
                }
            };
        }
        loop {
            if pc as u32 >= warp.meets {
                return Exit::At(pc as u32);
            }
            let op_pc = pc;
            let op = &code[pc];
            pc += 1;
            let at = |ids| Where {
                seq,
                group,
                wi: Some(ids),
                func: fidx,
                pc: op_pc as u32,
            };
            // Shows the plugins the accesses of the op that the lanes gathered (`LaneBatch`).
            macro_rules! deliver_batch {
                () => {
                    if let Some(shape) = self.lanes.batch.shape {
                        let site = Site {
                            func: fidx,
                            pc: op_pc as u32,
                        };
                        let batch = self.lanes.batch.of(site, shape);
                        let group = (seq, group, group_size);
                        checks::observe_batch(launch, &mut self.workers, group, &batch);
                    }
                };
            }
            // One lane's access (slot `$slot`, registers at `$fp`) of `$size` bytes at the
            // address in register `$p`: alignment checked, MemCheck's `access` giving the host
            // pointer `$ptr` (`None`: reported), then `$body` with the frame `$r`. The ids are
            // read only when a report needs them (copying them for every lane cost a tenth of
            // a plain stencil run).
            macro_rules! lane_access {
                ($fp:expr, $slot:expr, ($p:ident, $space:ident, $size:expr, $align:ident),
                    $dir:expr, |$r:ident, $addr:ident, $ptr:ident| $body:expr) => {{
                    let $r = frame($fp);
                    let $addr = $r[$p as usize];
                    let wi = &mut items.slots[$slot as usize];
                    check_alignment($addr, $align, $dir == Dir::Store, launch, || at(wi.ids));
                    let mut mems = lane_mems!(wi);
                    let here = || at(wi.ids);
                    let $ptr = access(&mut mems, $space, $addr, $size, $dir, launch, here);
                    $body;
                }};
            }
            // Where one buffer holds every lane's access of `$size` bytes at the address in
            // register `$p`, each aligned and allowed, with nothing to combine there and no
            // deferred shadow to check (`checks::located`): the host pointer of the lowest
            // address, that address, and whether each lane's access follows the last one's
            // (the lanes' bytes one range); the access located once for the warp.
            macro_rules! warp_span {
                (($p:ident, $space:ident, $size:expr, $align:ident), $dir:expr) => {{
                    let deferred = self.undo.active
                        && match $space {
                            AddrSpace::Local => !self.local.all_initialised(),
                            _ => launch.deferred_global_checks,
                        };
                    match $space {
                        AddrSpace::Global | AddrSpace::Constant | AddrSpace::Local if !deferred => {
                            let (mut lo, mut hi, mut bits) = (u64::MAX, 0u64, 0u64);
                            let mut next = fps.first().map_or(0, |&fp| frame(fp)[$p as usize]);
                            let mut ordered = true;
                            for &fp in &fps {
                                let addr = frame(fp)[$p as usize];
                                (lo, hi, bits) = (lo.min(addr), hi.max(addr), bits | addr);
                                ordered &= addr == next;
                                next = addr.wrapping_add($size);
                            }
                            let view = match $space {
                                AddrSpace::Local => self.local.view(),
                                _ => global,
                            };
                            let span = hi.wrapping_sub(lo).saturating_add($size);
                            let pending =
                                $space != AddrSpace::Local && self.pending.overlaps(lo, span);
                            let aligned = bits & ((1u64 << $align) - 1) == 0;
                            (aligned && !pending)
                                .then(|| view.locate_span(lo, hi, $size))
                                .flatten()
                                .filter(|&(_, fl)| fl & $dir.suspicious_flags() == 0)
                                .map(|(p, _)| (p, lo, ordered))
                        }
                        _ => None,
                    }
                }};
            }
            // Keeps what a store of the warp overwrites, for the group to start over
            // (`UndoLog`; local memory starts afresh then): the lanes' one range at once when
            // they are `$ordered` from `$at_lo`, else true: each lane's bytes must be kept.
            macro_rules! keep_undone {
                ($space:ident, $dir:expr, $at_lo:expr, $ordered:expr, $size:expr) => {{
                    let keep = $dir == Dir::Store && self.undo.active && $space != AddrSpace::Local;
                    if keep && $ordered {
                        self.undo.overwriting($at_lo, $size * fps.len() as u64);
                    }
                    keep && !$ordered
                }};
            }
            // Runs `$body` for each lane with its frame `$r` and the host pointer `$ptr` that
            // MemCheck's `access` gives for the `$size` bytes at the lane's address (`None`:
            // reported), then goes on to the next op: an access no plugin watches. A loop of
            // its own, without the plugins' code, whose registers spilled (a plain matmul 10%
            // slower), and without the memops context of vector accesses (vecadd 10%).
            macro_rules! unwatched_access {
                (($p:ident, $space:ident, $size:expr, $align:ident), $dir:expr,
                    |$r:ident, $ptr:ident| $body:expr) => {{
                    let size = $size;
                    if let Some((at_lo, lo, ordered)) = warp_span!(($p, $space, size, $align), $dir)
                    {
                        let keep = keep_undone!($space, $dir, at_lo, ordered, size);
                        for &fp in &fps {
                            let $r = frame(fp);
                            let offset = ($r[$p as usize] - lo) as usize;
                            let $ptr = Some(at_lo.wrapping_add(offset));
                            if keep {
                                self.undo.overwriting(at_lo.wrapping_add(offset), size);
                            }
                            $body;
                        }
                        continue;
                    }
                    for (&fp, &slot) in fps.iter().zip(&warp.slots) {
                        lane_access!(
                            fp,
                            slot,
                            ($p, $space, size, $align),
                            $dir,
                            |$r, _addr, $ptr| $body
                        );
                    }
                    continue;
                }};
            }
            // `unwatched_access!` for accesses plugins watch, batched: each lane's address
            // joins a run (`RunGatherer`), a store's bytes the batch's data (`$stored` puts
            // them in `$data`); the plugins then hear of the op's accesses at once.
            macro_rules! watched_access {
                (($p:ident, $space:ident, $size:expr, $align:ident), $dir:expr,
                    |$r:ident, $ptr:ident| $body:expr, |$data:pat_param| $stored:expr) => {{
                    let (size, is_store) = ($size, $dir == Dir::Store);
                    let kind = if is_store {
                        AccessKind::Store
                    } else {
                        AccessKind::Load
                    };
                    let mut gathering = RunGatherer::new(size);
                    let span = warp_span!(($p, $space, size, $align), $dir);
                    if let Some((at_lo, lo, _)) = span.filter(|&(_, lo, _)| {
                        !is_store && $space == AddrSpace::Global && quiet_loads(lo)
                    }) {
                        // A load of a buffer the launch cannot write: no plugin hears of it.
                        for &fp in &fps {
                            let $r = frame(fp);
                            let $ptr = Some(at_lo.wrapping_add(($r[$p as usize] - lo) as usize));
                            $body;
                        }
                        continue;
                    }
                    self.lanes.batch.start(($space, size, kind));
                    if let Some((at_lo, lo, ordered)) = span {
                        let keep = keep_undone!($space, $dir, at_lo, ordered, size);
                        for (&fp, &lane) in fps.iter().zip(&warp.lanes) {
                            let $r = frame(fp);
                            let addr = $r[$p as usize];
                            let $ptr = Some(at_lo.wrapping_add((addr - lo) as usize));
                            if keep {
                                self.undo
                                    .overwriting(at_lo.wrapping_add((addr - lo) as usize), size);
                            }
                            $body;
                            let batch = &mut self.lanes.batch;
                            gathering.add(lane, addr, &mut batch.runs);
                            if is_store {
                                let $data = &mut batch.data;
                                #[allow(clippy::no_effect)]
                                $stored;
                            }
                        }
                        gathering.finish(&mut self.lanes.batch.runs);
                        deliver_batch!();
                        continue;
                    }
                    for ((&fp, &slot), &lane) in fps.iter().zip(&warp.slots).zip(&warp.lanes) {
                        lane_access!(
                            fp,
                            slot,
                            ($p, $space, size, $align),
                            $dir,
                            |$r, addr, $ptr| {
                                $body;
                                let batch = &mut self.lanes.batch;
                                gathering.add(lane, addr, &mut batch.runs);
                                if is_store {
                                    let $data = &mut batch.data;
                                    // Nothing for loads (`|_| ()`).
                                    #[allow(clippy::no_effect)]
                                    $stored;
                                }
                            }
                        );
                    }
                    gathering.finish(&mut self.lanes.batch.runs);
                    deliver_batch!();
                    continue;
                }};
            }
            // Runs `$body` for each lane with its frame `$r` and the host pointer `$ptr` that
            // MemCheck's `access` gives for the lane's address (`None`: reported). Plugins
            // hear of the accesses in one batch, those of generic pointers (whose spaces may
            // differ) one by one.
            macro_rules! each_lane_access {
                (($p:ident, $space:ident, $ty:ident, $align:ident), $dir:expr, $stored:expr,
                    |$r:ident, $ptr:ident| $body:expr) => {{
                    let size = $ty.size() as u64;
                    self.lanes.batch.clear();
                    // The load or store of the type picked once (`specialize!` comes into
                    // scope with `register_ops!`'s arms, where this expands).
                    if !observe {
                        specialize!($ty in [MemTy::U8, MemTy::U16, MemTy::U32, MemTy::U64], {
                            unwatched_access!(($p, $space, size, $align), $dir, |$r, $ptr| $body)
                        });
                    }
                    if $space != AddrSpace::Generic {
                        specialize!($ty in [MemTy::U8, MemTy::U16, MemTy::U32, MemTy::U64], {
                            watched_access!(($p, $space, size, $align), $dir, |$r, $ptr| $body,
                                |data| {
                                    let bytes = $r[$stored as usize].to_le_bytes();
                                    data.extend_from_slice(&bytes[..size as usize])
                                })
                        });
                    }
                    let kind = match $dir {
                        Dir::Store => AccessKind::Store,
                        _ => AccessKind::Load,
                    };
                    for (&fp, &slot) in fps.iter().zip(&warp.slots) {
                        let $r = frame(fp);
                        let addr = $r[$p as usize];
                        let wi = &mut items.slots[slot as usize];
                        check_alignment(addr, $align, $dir == Dir::Store, launch, || at(wi.ids));
                        let mut mems = lane_mems!(wi);
                        let here = || at(wi.ids);
                        let $ptr = access(&mut mems, $space, addr, size, $dir, launch, here);
                        $body;
                        let bytes = $r[$stored as usize].to_le_bytes();
                        let data = match kind {
                            AccessKind::Store => &bytes[..size as usize],
                            _ => &[][..],
                        };
                        let at = at(wi.ids);
                        checks::observe(launch, &mut mems, at, $space, addr, size, kind, data);
                    }
                }};
            }
            // Runs `$body` for each lane with its frame `$f` and `$cx` for the ops of `memops`.
            // The lanes' accesses join one batch for the plugins (`LaneBatch::join`).
            macro_rules! each_lane_cx {
                (|$cx:ident, $f:ident| $body:expr) => {
                    self.lanes.batch.clear();
                    for (k, (&fp, &slot)) in fps.iter().zip(&warp.slots).enumerate() {
                        let wi = &mut items.slots[slot as usize];
                        let mut mems = lane_mems!(wi);
                        let batch = observe.then_some((&mut self.lanes.batch, warp.lanes[k]));
                        let mut $cx = op_cx!(mems, &wi.ids, op_pc, batch);
                        let $f = frame(fp);
                        $body;
                    }
                    deliver_batch!();
                };
            }
            register_ops!(op, regs, base, sh, each_lane, {
                Op::Br { t } => {
                    pc = t as usize;
                    jumped!(op_pc);
                }
                Op::CondBr { c, t, f } => {
                    let taken = fps.iter().filter(|&&fp| frame(fp)[c as usize] & 1 != 0).count();
                    if taken == fps.len() {
                        pc = t as usize;
                        jumped!(op_pc);
                    } else if taken == 0 {
                        pc = f as usize;
                        jumped!(op_pc);
                    } else {
                        for (k, &fp) in fps.iter().enumerate() {
                            let to = if frame(fp)[c as usize] & 1 != 0 { t } else { f };
                            items.slots[warp.slots[k] as usize].pc = to;
                        }
                        return Exit::Spread;
                    }
                }
                Op::Load {
                    d,
                    p,
                    space,
                    ty,
                    align,
                } => each_lane_access!((p, space, ty, align), Dir::Load, d, |r, ptr| {
                    // SAFETY: access() checked the range.
                    r[d as usize] = ptr.map_or(0, |ptr| unsafe { load_mem(ty, ptr) })
                }),
                Op::Store {
                    p,
                    s,
                    space,
                    ty,
                    align,
                } => each_lane_access!((p, space, ty, align), Dir::Store, s, |r, ptr| {
                    if let Some(ptr) = ptr {
                        // SAFETY: access() checked the range.
                        unsafe { store_mem(ty, ptr, r[s as usize]) };
                    }
                }),
                Op::LoadV {
                    d,
                    p,
                    space,
                    ty,
                    lanes,
                    align,
                } => {
                    let size = ty.size() as u64 * lanes as u64;
                    self.lanes.batch.clear();
                    // SAFETY (both): access() checked the whole vector.
                    if !observe {
                        unwatched_access!((p, space, size, align), Dir::Load, |r, ptr| {
                            unsafe { memops::load_lanes(r, d, ptr, ty, lanes) }
                        });
                    }
                    if space != AddrSpace::Generic {
                        watched_access!((p, space, size, align), Dir::Load, |r, ptr| {
                            unsafe { memops::load_lanes(r, d, ptr, ty, lanes) }
                        }, |_| ());
                    }
                    each_lane_cx!(|cx, f| {
                        memops::load_vector(&mut cx, f, None, d, p, space, ty, lanes, align)
                    });
                }
                Op::StoreV {
                    p,
                    s,
                    space,
                    ty,
                    lanes,
                    align,
                } => {
                    let size = ty.size() as u64 * lanes as u64;
                    self.lanes.batch.clear();
                    // SAFETY (both): access() checked the whole vector.
                    if !observe {
                        unwatched_access!((p, space, size, align), Dir::Store, |r, ptr| {
                            unsafe { memops::store_lanes(r, s, ptr, ty, lanes) }
                        });
                    }
                    if space != AddrSpace::Generic {
                        let es = ty.size() as usize;
                        watched_access!((p, space, size, align), Dir::Store, |r, ptr| {
                            unsafe { memops::store_lanes(r, s, ptr, ty, lanes) }
                        }, |data| {
                            for k in 0..lanes as usize {
                                data.extend_from_slice(&r[s as usize + k].to_le_bytes()[..es]);
                            }
                        });
                    }
                    each_lane_cx!(|cx, f| {
                        memops::store_vector(&mut cx, f, None, p, s, space, ty, lanes, align)
                    });
                }
                Op::CheckIndex { idx, bits, len } => {
                    for (&fp, &slot) in fps.iter().zip(&warp.slots) {
                        let i = sext(frame(fp)[idx as usize], bits);
                        if i as u64 >= len as u64 {
                            let at = at(items.slots[slot as usize].ids);
                            array_index(launch, &mut self.workers, at, i, len as u64);
                        }
                    }
                }
                Op::GepN { d, base: b, table } => {
                    let t = &func.geps[table as usize];
                    for &fp in &fps {
                        let r = frame(fp);
                        let mut a = r[b as usize].wrapping_add(t.offset as u64);
                        for &(s, bits, scale) in &t.terms {
                            a = index_address(a, r[s as usize], bits, scale);
                        }
                        r[d as usize] = a;
                    }
                }
                Op::WorkItem { q, d, dim } => {
                    for (k, &fp) in fps.iter().enumerate() {
                        let ids = &items.slots[warp.slots[k] as usize].ids;
                        let v = query(q, dim as u64, ids, &group, &size, &launch.info);
                        frame(fp)[d as usize] = v;
                    }
                }
                Op::Builtin { site } => {
                    let b = &func.builtins[site as usize];
                    // An atomic whose old value nothing reads, for the whole warp at once when
                    // its lanes' addresses lie in one buffer, aligned and allowed, and no plugin
                    // hears of it: what its `run` does lane by lane, located once. The launch
                    // combines it (`BuiltinEnv::atomic_unread`) or it is made at once
                    // (`atomic_rmw`), kept for the undo log if the group may start over.
                    let unread = b.unread_atomic.filter(|a| {
                        a.space == AddrSpace::Global
                            && matches!(a.size, 4 | 8)
                            && !launch.deferred_global_checks
                    });
                    if let Some(a) = unread {
                        let size = a.size as u64;
                        let (mut lo, mut hi, mut bits) = (u64::MAX, 0u64, 0u64);
                        for &fp in &fps {
                            let addr = frame(fp)[a.pointer as usize];
                            (lo, hi, bits) = (lo.min(addr), hi.max(addr), bits | addr);
                        }
                        let combine = launch.combine_atomics && PendingAtomics::combines(a.op);
                        let unheard = !launch.observe_memory
                            || launch.quiet_atomics.contains(&(lo >> GLOBAL_OFFSET_BITS));
                        let span = hi.wrapping_sub(lo).saturating_add(size);
                        let located = (bits & (size - 1) == 0
                            && (combine || unheard && !self.pending.overlaps(lo, span)))
                        .then(|| global.locate_span(lo, hi, size))
                        .flatten()
                        .filter(|&(_, fl)| fl & Dir::Atomic.suspicious_flags() == 0);
                        if let Some((at_lo, _)) = located {
                            let ty = ScalarTy::Int((size * 8) as u8);
                            for &fp in &fps {
                                let r = frame(fp);
                                let addr = r[a.pointer as usize];
                                let value = a.value.map_or(1, |v| r[v as usize]);
                                let p = at_lo.wrapping_add((addr - lo) as usize);
                                // SAFETY (both): located in a global buffer, which outlives the
                                // launch.
                                if combine {
                                    unsafe { self.pending.add(addr, p, a.size, a.op, value) };
                                } else {
                                    let old = unsafe { atomic::rmw(p, a.size, a.op, ty, value) };
                                    if self.undo.active {
                                        self.undo.atomic(p, a.size, (a.op, value), old);
                                    }
                                }
                                r[a.result as usize] = 0;
                            }
                            continue;
                        }
                    }
                    let mut parted = false;
                    // Atomics join one batch for the plugins, as the memory ops' accesses.
                    self.lanes.batch.clear();
                    for (k, (&fp, &slot)) in fps.iter().zip(&warp.slots).enumerate() {
                        let wi = &mut items.slots[slot as usize];
                        let (ids, at) = (wi.ids, at(wi.ids));
                        let mut mems = lane_mems!(wi);
                        let mut env = Env {
                            regs: frame(fp),
                            mems: &mut mems,
                            launch,
                            at,
                            asyncs: &mut self.asyncs,
                            exchange: &mut self.exchange,
                            wi_index: (ids.local[2] * size[1] + ids.local[1]) * size[0]
                                + ids.local[0],
                            taint: None,
                            shadows: None,
                            exact: false,
                            lanes: None,
                            batch: observe.then_some((&mut self.lanes.batch, warp.lanes[k])),
                        };
                        if let Err(trap) = (b.run)(&mut env) {
                            // This lane stops here; the others go on after the call.
                            launch.report_fatal(at, &trap.0);
                            (wi.func, wi.pc) = (fidx, op_pc as u32);
                            let lane = warp.lanes[k];
                            items.entries[lane as usize].state = WiState::Finished;
                            self.lanes.finished(lane);
                            parted = true;
                        }
                    }
                    deliver_batch!();
                    if parted {
                        for (k, &slot) in warp.slots.iter().enumerate() {
                            if items.entries[warp.lanes[k] as usize].state != WiState::Finished {
                                items.slots[slot as usize].pc = pc as u32;
                            }
                        }
                        return Exit::Spread;
                    }
                }
                // The kernel's own return: the lanes finish.
                Op::Ret { .. } | Op::RetVoid if warp.depth == 0 => {
                    for (&lane, &slot) in warp.lanes.iter().zip(&warp.slots) {
                        let wi = &mut items.slots[slot as usize];
                        (wi.func, wi.pc) = (fidx, op_pc as u32);
                        items.entries[lane as usize].state = WiState::Finished;
                        self.lanes.finished(lane);
                    }
                    return Exit::Spread;
                }
                Op::CountBlock { block } => {
                    if let Some(n) = self.block_counts.get_mut(block as usize) {
                        *n += fps.len() as u64;
                    }
                }
                // A warp notices spinning by its backward branches (`Exit::Looping`).
                Op::SpinPoint => {}
                _ => {
                    let (op_pc, next) = (op_pc as u32, pc as u32);
                    if !self.one_each(items, warp, (op_pc, next)) {
                        return Exit::Spread;
                    }
                }
            });
        }
    }

    /// Runs the op at `op_pc` for each lane on its own (`run_one`); `next`: the pc after it.
    /// True when the lanes go on together: every one at `next` in the same frame.
    fn one_each(&mut self, items: &mut GroupItems, warp: &Warp, (op_pc, next): (u32, u32)) -> bool {
        let mut together = true;
        for (&i, &s) in warp.lanes.iter().zip(&warp.slots) {
            let wi = &mut items.slots[s as usize];
            wi.pc = op_pc;
            let state = match self.run_one(wi) {
                Stop::Stepped => {
                    let same = (wi.func, wi.base, wi.pc, wi.frames.len())
                        == (warp.func, warp.base, next, warp.depth);
                    together &= same;
                    WiState::Suspended
                }
                Stop::Finished => {
                    self.lanes.finished(i);
                    together = false;
                    WiState::Finished
                }
                Stop::Barrier => {
                    items.arrived += 1;
                    together = false;
                    WiState::AtBarrier
                }
                Stop::Meet => {
                    items.meeting += 1;
                    together = false;
                    WiState::AtSubGroupCall
                }
                // No debugger watches lanes, and one op cannot spin.
                Stop::Switch(_) | Stop::Park | Stop::Yield => {
                    unreachable!("a lane cannot switch, park or spin in one op")
                }
            };
            items.entries[i as usize].state = state;
        }
        together
    }
}

/// Makes `warp` the lanes at the lowest position of those that can run; false if none can.
fn gather(items: &GroupItems, warp: &mut Warp, lanes_in: impl Fn(u32) -> usize) -> bool {
    // One pass over the ready work-items (each a cache line or two away): the lowest position
    // so far, its lanes and the next pc of its frame. A lower position in the same frame makes
    // the old one's pc the next; one in another frame starts afresh, since a work-item seen
    // earlier in that frame would have been lower than the position it now replaces.
    // A plain loop: the compiler inlines it into the scheduler, which an iterator's fold
    // it does not always (measured: 4% of a plain stencil run).
    let mut lowest: Option<(usize, u32, u32, u32)> = None;
    let mut most = 0;
    warp.lanes.clear();
    warp.slots.clear();
    warp.meets = u32::MAX;
    for (i, e) in items.entries.iter().enumerate() {
        if e.state != WiState::Suspended {
            continue;
        }
        let wi = &items.slots[e.slot as usize];
        let at = position(wi.frames.len(), wi.func, wi.base, wi.pc);
        let same_frame = lowest.is_some_and(|l| (l.0, l.1, l.2) == (at.0, at.1, at.2));
        match lowest {
            Some(l) if at == l => {
                // The others at its pc wait for the next warp.
                if warp.lanes.len() < most {
                    warp.lanes.push(i as u32);
                    warp.slots.push(e.slot);
                }
                continue;
            }
            Some(l) if at > l => {
                if same_frame {
                    warp.meets = warp.meets.min(at.3);
                }
                continue;
            }
            _ => {}
        }
        warp.meets = match lowest {
            Some(l) if same_frame => l.3,
            _ => u32::MAX,
        };
        if !same_frame {
            most = lanes_in(wi.func);
        }
        lowest = Some(at);
        warp.lanes.clear();
        warp.slots.clear();
        warp.lanes.push(i as u32);
        warp.slots.push(e.slot);
    }
    let Some(lowest) = lowest else {
        return false;
    };
    let (depth, func, base, pc) = (usize::MAX - lowest.0, lowest.1, lowest.2, lowest.3);
    (warp.func, warp.base, warp.pc, warp.depth) = (func, base, pc, depth);
    true
}
