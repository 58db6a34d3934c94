//! The lane executor: a work-group's work-items run together, one dispatch per op for all the
//! work-items at the same point of the same function (a warp of lanes).
//!
//! Each work-item keeps its own state, as in the scalar executor (registers, call stack,
//! private memory); what the lanes share is the dispatch. Every op runs through `step` (each
//! op's one definition) on a [`WarpOps`], which runs an op's body for every lane and, where it
//! can, makes the lanes' accesses at once (`together`: one buffer holds them all). The ops of
//! a work-item's own call stack and waits (calls, returns, barriers) run through the scalar
//! executor, one op for each lane (`run_one`).
//!
//! Which lanes run: those at the lowest position (the deepest call first, then the lowest pc)
//! among the work-items that can run, as many as keep their registers in the cache
//! (`WARP_REGISTER_BYTES`; the others at that position run next). After a branch that splits
//! a warp, the part at the lower pc runs on while the other waits; it meets the waiting lanes
//! again when it reaches their pc (the lowering lays a loop's blocks out before its exit and a
//! conditional's arms before their join), and they go on as one warp. A warp does that among
//! its own lanes (`Parking`), without a pass over the group's, until it reaches the pc of a
//! work-item outside it or stops. Whatever the layout,
//! every lane runs its own path: the lanes only change how work-items interleave between
//! barriers, which only racy kernels can tell, and their output leaves in the scalar
//! executor's order (`Sequencer::by_work_item`).
//!
//! Plugins that watch memory hear of each op's accesses in one batch. Under them a group runs
//! speculatively: its output waits for its end (`Sequencer::speculate`) and its stores to
//! global memory are logged (`undo`); when a plugin finds that the work-items depended on
//! their order (the race detector, on two of them touching the same bytes between barriers),
//! the group is undone and runs again under the scalar scheduler (`start_over`). Kernels with
//! atomics other than additions are not run so: undoing them would lose other groups' made in
//! between (`KernelCode::atomics_undoable`); nor are a launch's groups once most of those run
//! so had to start over (`Launch::lanes_pay`). A warp that parts in a loop that makes a
//! compare-and-swap, some lanes leaving the loop early, runs the lanes that stay through it
//! one at a time (`Parking::run_alone`): that is how a retry loop ends, and in lock-step every
//! lane of a warp would try and one succeed a round, where one lane at a time succeeds at
//! once. A loop whose lanes stay together (a fixed number of tries) runs on lanes.

use super::atomic;
use super::checks::{self, Dir};
use super::combine::PendingAtomics;
use super::group::{allocate_locals, Plain};
use super::items::{position, BarrierSite, GroupItems, Warp};
use super::runner::GroupRunner;
use super::shadow_values::NoShadow;
use super::shared::{Here, Launch, Mems, Where};
use super::step::{step, Flow, Lane, Span, State};
use super::workitem::{Stop, SPIN_LIMIT};
use crate::builtins::BuiltinSite;
use crate::bytecode::{Function, Op, ScalarTy};
use crate::exec::debug::WiState;
use crate::memory::{resolve, AddrSpace, GLOBAL_OFFSET_BITS};
use crate::plugins::{
    AccessBatch, AccessKind, BranchBatch, Interest, LaneRun, RunGatherer, Site, Targets,
};

/// Where a warp stands after running: at a pc all its lanes share, or spread (each lane's state
/// written back already).
enum Exit {
    At(u32),
    Spread,
    /// At a pc after `SPIN_LIMIT` backward branches: perhaps waiting for a lane that waits.
    Looping(u32),
}

/// The bytes of registers a warp's lanes may have, together: an op touches every lane's,
/// which stay in the first-level data cache when they fit (one warp for a group of 256
/// work-items ran plain matmul 15% and mandelbrot 25% slower than warps cut to 32 KiB, on a
/// core with 32 KiB of that cache; 8 and 16 KiB were slower again, 64 KiB about the same).
const WARP_REGISTER_BYTES: usize = 32 << 10;

/// The fewest lanes a warp is cut to.
const MIN_WARP: usize = 8;

impl GroupRunner<'_> {
    /// Runs the group's work-items (all of them at once) to their end. False when plugins
    /// watching memory found that the work-items depend on the order they run in
    /// (`Worker::depends_on_order`): the group must start over (`start_over`) and run as the
    /// scalar executor runs it.
    pub(super) fn run_lanes(&mut self, items: &mut GroupItems) -> bool {
        let speculating = self.launch.plan.may_start_over();
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
        self.pending.discard();
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
            self.last_finished = (wi.ids, wi.site());
        }
    }

    /// The most lanes a warp in a function takes (`WARP_REGISTER_BYTES`). For plugins that
    /// measure what sub-groups do (addresses, branches), whole sub-groups: a warp cut inside
    /// one would leave each of its accesses in pieces.
    fn lanes_per_warp(&self) -> impl Fn(u32) -> usize + '_ {
        let functions = &self.launch.kernel.code.functions;
        let launch = self.launch;
        let sub_group = match launch.observe_addresses || launch.observe_branches {
            true => (launch.info.sub_group_size as usize).max(1),
            false => 1,
        };
        move |func| {
            let slots = functions[func as usize].num_slots as usize;
            let cap = (WARP_REGISTER_BYTES / (slots.max(1) * 8)).max(MIN_WARP);
            (cap / sub_group * sub_group).max(sub_group)
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

    /// Runs `warp` until its lanes stop or meet others. Where a branch parts them, those at
    /// the lower pc run on and the others park until they reach them (`Parking`): `warp` is
    /// then the part that runs.
    fn run_warp(&mut self, items: &mut GroupItems, warp: &mut Warp) -> Exit {
        let mut parking = std::mem::take(&mut self.lanes.parking);
        let exit = self.run_warp_parts(items, warp, &mut parking);
        parking.clear();
        self.lanes.parking = parking;
        exit
    }

    fn run_warp_parts(
        &mut self,
        items: &mut GroupItems,
        warp: &mut Warp,
        parking: &mut Parking,
    ) -> Exit {
        let func = &self.launch.kernel.code.functions[warp.func as usize];
        let code = &func.code[..];
        let num_slots = func.num_slots as usize;
        let mut frames = LaneFrames::of(items, warp, num_slots);
        let mut pc = warp.pc as usize;
        // Where a work-item outside the warp waits in its frame.
        let outer = warp.meets;
        let mut backward = 0u32;
        let observe_branches = self.launch.observe_branches;
        let retry_loops = &self.launch.compare_exchange_loops[warp.func as usize][..];
        parking.rounds.clear();
        parking.rounds.resize(retry_loops.len(), 0);
        loop {
            if pc as u32 >= warp.meets {
                if parking.parked.is_empty() || pc as u32 >= outer {
                    return Exit::At(pc as u32);
                }
                // At or past a parked part of the warp: the lowest part runs next.
                for &s in &warp.slots {
                    items.slots[s as usize].pc = pc as u32;
                }
                let Some(at) = parking.regroup(items, warp, outer) else {
                    return Exit::Spread;
                };
                pc = at as usize;
                frames = LaneFrames::of(items, warp, num_slots);
                continue;
            }
            let op_pc = pc;
            let op = &code[pc];
            pc += 1;
            let mut ops = WarpOps {
                runner: self,
                items,
                warp: &*warp,
                frames: &mut frames,
                func,
                op_pc: op_pc as u32,
                next: pc as u32,
                observe_branches,
                parted_branch: false,
            };
            let flow = step(&mut ops, op);
            let parted_branch = ops.parted_branch;
            match flow {
                Flow::Next => {}
                Flow::Jump(to) => {
                    pc = to as usize;
                    // Backward jumps are how a warp notices that it may spin.
                    if pc <= op_pc {
                        backward += 1;
                        if backward == SPIN_LIMIT {
                            return Exit::Looping(pc as u32);
                        }
                        for (rounds, &(first, _)) in parking.rounds.iter_mut().zip(retry_loops) {
                            *rounds += (first == to) as u32;
                        }
                    }
                }
                Flow::Parted if parted_branch => {
                    let rounds = &parking.rounds;
                    if let Some(retry) = left_loop(retry_loops, rounds, op_pc as u32, items, warp) {
                        parking.run_alone(items, warp, retry);
                    }
                    let Some(at) = parking.regroup(items, warp, outer) else {
                        return Exit::Spread;
                    };
                    pc = at as usize;
                    frames = LaneFrames::of(items, warp, num_slots);
                }
                Flow::Parted => return Exit::Spread,
                // The kernel's own return: the lanes finish.
                Flow::Item if warp.depth == 0 && matches!(op, Op::Ret { .. } | Op::RetVoid) => {
                    for (&lane, &slot) in warp.lanes.iter().zip(&warp.slots) {
                        let wi = &mut items.slots[slot as usize];
                        (wi.func, wi.pc) = (warp.func, op_pc as u32);
                        items.entries[lane as usize].state = WiState::Finished;
                        self.lanes.finished(lane);
                    }
                    return Exit::Spread;
                }
                // A barrier: every lane waits there, with no work-item's own run of the op.
                Flow::Item if matches!(op, Op::Barrier { .. }) => {
                    let Op::Barrier { fence } = *op else {
                        unreachable!("matched as a barrier")
                    };
                    for (&lane, &slot) in warp.lanes.iter().zip(&warp.slots) {
                        let wi = &mut items.slots[slot as usize];
                        wi.wait_events.clear();
                        wi.barrier_at = (warp.func, op_pc as u32, fence);
                        (wi.func, wi.pc, wi.base) = (warp.func, pc as u32, warp.base);
                        items.entries[lane as usize].state = WiState::AtBarrier;
                        items.arrived += 1;
                    }
                    return Exit::Spread;
                }
                Flow::Item => {
                    let (op_pc, next) = (op_pc as u32, pc as u32);
                    if !self.one_each(items, warp, (op_pc, next)) {
                        return Exit::Spread;
                    }
                    // The lanes ran on their own, through their registers' vectors.
                    frames = LaneFrames::of(items, warp, func.num_slots as usize);
                }
                Flow::Stop(_) => unreachable!("a warp's lanes stop apart (`Flow::Parted`)"),
            }
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
                Stop::Switch(_) | Stop::Park | Stop::Yield | Stop::Travel(_) => {
                    unreachable!("a lane cannot switch, park, travel or spin in one op")
                }
            };
            items.entries[i as usize].state = state;
        }
        together
    }
}

/// The one of `loops` around `op_pc` that the lanes of `warp`, parted by a branch there (each
/// lane's pc written in its work-item), are some in and some out of, with fewer `rounds` (its
/// back-edges taken together) behind them than lanes left in it. Lanes that stay in a retry
/// loop succeed one a round at worst: as many rounds again as they are, each of them all
/// trying, where one lane at a time would try about once. A loop that ran longer than that (a
/// fixed number of tries) has done most of its work already, together.
fn left_loop(
    loops: &[(u32, u32)],
    rounds: &[u32],
    op_pc: u32,
    items: &GroupItems,
    warp: &Warp,
) -> Option<(u32, u32)> {
    for (&(first, last), &rounds) in loops.iter().zip(rounds) {
        if !(first..=last).contains(&op_pc) {
            continue;
        }
        let inside = |&s: &u32| (first..=last).contains(&items.slots[s as usize].pc);
        let within = warp.slots.iter().filter(|s| inside(s)).count();
        if within != 0 && within != warp.slots.len() && (rounds as usize) < within {
            return Some((first, last));
        }
    }
    None
}

/// A lane parked at `pc` while others of its warp run.
#[derive(Clone, Copy)]
struct Parked {
    lane: u32,
    slot: u32,
    pc: u32,
}

/// The lanes of a parted warp waiting in its frame while the lanes at the lowest pc run on:
/// `gather`'s choice made among the warp's lanes alone. A worker's, kept from warp to warp.
#[derive(Default)]
pub(crate) struct Parking {
    /// Ascending by lane.
    parked: Vec<Parked>,
    /// Where the next `parked` is merged.
    merged: Vec<Parked>,
    /// A retry loop (first and last pc) whose lanes run through it one at a time
    /// (`left_loop`): each runs alone until it leaves, while the others wait.
    alone: Option<(u32, u32)>,
    /// The lanes in that loop, ascending by lane, and how many of them ran.
    queue: Vec<Parked>,
    ran: usize,
    /// The lowest pc where a lane waits while lanes run the loop alone: out of it, they stop
    /// there.
    waiting: u32,
    /// How often the warp took each retry loop's back-edge together (`left_loop`).
    rounds: Vec<u32>,
}

impl Parking {
    /// Parks `warp`'s lanes with the others (each lane's pc written in its work-item) and
    /// makes the warp those at the lowest pc, which it returns; or None (every lane parked)
    /// when that pc is at or past `outer`, where a work-item outside the warp waits: `gather`
    /// chooses among them all. While lanes run a loop alone, the warp is the next of them.
    fn regroup(&mut self, items: &GroupItems, warp: &mut Warp, outer: u32) -> Option<u32> {
        self.park(items, warp);
        if self.alone.is_some() {
            if let Some(&next) = self.queue.get(self.ran) {
                self.ran += 1;
                warp.lanes.push(next.lane);
                warp.slots.push(next.slot);
                (warp.pc, warp.meets) = (next.pc, self.waiting.min(outer));
                return Some(next.pc);
            }
            // Every lane ran it: they go on with the others.
            self.alone = None;
        }
        let lowest = self.parked.iter().map(|p| p.pc).min()?;
        if lowest >= outer {
            return None;
        }
        let mut next = u32::MAX;
        self.parked.retain(|p| {
            if p.pc != lowest {
                next = next.min(p.pc);
                return true;
            }
            warp.lanes.push(p.lane);
            warp.slots.push(p.slot);
            false
        });
        (warp.pc, warp.meets) = (lowest, next.min(outer));
        Some(lowest)
    }

    /// Has the lanes in retry loop `range` run through it one at a time, from the next
    /// `regroup` on (`warp` parted there, each lane's pc written in its work-item).
    fn run_alone(&mut self, items: &GroupItems, warp: &mut Warp, range: (u32, u32)) {
        self.park(items, warp);
        let (first, last) = range;
        self.queue.clear();
        self.ran = 0;
        self.waiting = u32::MAX;
        let (queue, waiting) = (&mut self.queue, &mut self.waiting);
        self.parked.retain(|p| {
            if (first..=last).contains(&p.pc) {
                queue.push(*p);
                return false;
            }
            *waiting = (*waiting).min(p.pc);
            true
        });
        self.alone = Some(range);
    }

    /// Parks `warp`'s lanes, keeping `parked` in lane order (the warp empty after).
    fn park(&mut self, items: &GroupItems, warp: &mut Warp) {
        let lanes = warp.lanes.iter().zip(&warp.slots);
        let parking = lanes.map(|(&lane, &slot)| {
            let pc = items.slots[slot as usize].pc;
            Parked { lane, slot, pc }
        });
        if self.alone.is_some() {
            // The lane that ran the loop alone waits where it stopped; those after it stop
            // there too.
            for p in parking {
                self.waiting = self.waiting.min(p.pc);
                let at = self.parked.partition_point(|q| q.lane < p.lane);
                self.parked.insert(at, p);
            }
        } else {
            self.merged.clear();
            let mut rest = self.parked.iter().copied().peekable();
            for p in parking {
                while let Some(q) = rest.next_if(|q| q.lane < p.lane) {
                    self.merged.push(q);
                }
                self.merged.push(p);
            }
            self.merged.extend(rest);
            std::mem::swap(&mut self.parked, &mut self.merged);
        }
        warp.lanes.clear();
        warp.slots.clear();
    }

    /// Forgets the parked lanes (their places are written in their work-items).
    fn clear(&mut self) {
        self.parked.clear();
        self.alone = None;
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

/// The registers of a warp's lanes: a pointer to each lane's frame, so that an op reaches every
/// lane's registers without looking its work-item up (the pointers lie side by side, the
/// work-items do not).
struct LaneFrames {
    ptrs: Vec<*mut u64>,
    /// The registers of a frame.
    len: usize,
}

impl LaneFrames {
    /// The frames of `warp`'s lanes: `len` registers from `warp.base`.
    fn of(items: &mut GroupItems, warp: &Warp, len: usize) -> LaneFrames {
        let base = warp.base as usize;
        let ptrs = (warp.slots.iter())
            .map(|&s| {
                let regs = &mut items.slots[s as usize].regs;
                assert!(
                    base + len <= regs.len(),
                    "a lane's frame lies past its registers"
                );
                // SAFETY: in bounds, as just checked.
                unsafe { regs.as_mut_ptr().add(base) }
            })
            .collect();
        LaneFrames { ptrs, len }
    }

    fn count(&self) -> usize {
        self.ptrs.len()
    }

    /// Lane `k`'s frame.
    #[inline(always)]
    fn get(&self, k: usize) -> &[u64] {
        // SAFETY: each pointer is to `len` registers of a different work-item, which nothing
        // else touches while the warp runs: their vectors are not resized (only calls grow
        // them, and a call runs on each work-item on its own, `Flow::Item`, after which the
        // frames are made again or the warp gathered again).
        unsafe { std::slice::from_raw_parts(self.ptrs[k], self.len) }
    }

    /// Runs `f` with each lane's frame (a plain loop: the iterator adapters cost more).
    #[inline(always)]
    fn each(&self, mut f: impl FnMut(&[u64])) {
        // Read once: after a call `f` makes, the compiler would read it again.
        let len = self.len;
        for &p in &self.ptrs {
            // SAFETY: as for `get`.
            f(unsafe { std::slice::from_raw_parts(p, len) });
        }
    }

    /// Runs `f` with each lane's frame, to change.
    #[inline(always)]
    fn each_mut(&mut self, mut f: impl FnMut(&mut [u64])) {
        let len = self.len;
        for &p in &self.ptrs {
            // SAFETY: as for `get`; the frames do not overlap, so each can change on its own.
            f(unsafe { std::slice::from_raw_parts_mut(p, len) });
        }
    }

    /// `each_mut` with each lane's index.
    #[inline(always)]
    fn each_mut_at(&mut self, mut f: impl FnMut(usize, &mut [u64])) {
        let len = self.len;
        for (k, &p) in self.ptrs.iter().enumerate() {
            // SAFETY: as for `each_mut`.
            f(k, unsafe { std::slice::from_raw_parts_mut(p, len) });
        }
    }

    /// How many lanes' frames pass `test`: counted, with no branch for each lane.
    #[inline(always)]
    fn count_where(&self, mut test: impl FnMut(&[u64]) -> bool) -> usize {
        let mut n = 0;
        self.each(
            #[inline(always)]
            |r| n += test(r) as usize,
        );
        n
    }
}

/// A warp's side of an op (`step::State`): its lanes' frames and work-items, and what the
/// group's runner keeps.
struct WarpOps<'a, 'l> {
    runner: &'a mut GroupRunner<'l>,
    items: &'a mut GroupItems,
    warp: &'a Warp,
    frames: &'a mut LaneFrames,
    func: &'l Function,
    op_pc: u32,
    /// The pc after the op.
    next: u32,
    /// `Launch::observe_branches`, read once per warp's run.
    observe_branches: bool,
    /// Set when a branch parted the lanes (`Flow::Parted` with every lane still running).
    parted_branch: bool,
}

impl<'l> State<'l> for WarpOps<'_, 'l> {
    type Mode = NoShadow;

    #[inline(always)]
    fn launch(&self) -> &'l Launch<'l> {
        self.runner.launch
    }

    #[inline(always)]
    fn func(&self) -> &'l Function {
        self.func
    }

    #[inline(always)]
    fn group(&self) -> ([u64; 3], [u64; 3]) {
        (self.runner.group, self.runner.size)
    }

    #[inline(always)]
    fn each_frame(&mut self, mut f: impl FnMut(&mut [u64], usize, &mut NoShadow)) {
        self.frames.each_mut(
            #[inline(always)]
            |r| f(r, 0, &mut NoShadow),
        );
    }

    #[inline(always)]
    fn each_lane(
        &mut self,
        batch: bool,
        f: impl FnMut(&mut Lane<'_, '_, NoShadow>) -> Option<Stop>,
    ) -> Flow {
        self.lanes_where(batch, |_| true, f)
    }

    #[inline(always)]
    fn each_lane_if(
        &mut self,
        test: impl Fn(&[u64]) -> bool,
        f: impl FnMut(&mut Lane<'_, '_, NoShadow>) -> Option<Stop>,
    ) -> Flow {
        // Most ops have nothing to do for any lane: found in a loop of their own.
        if self.frames.count_where(&test) == 0 {
            return Flow::Next;
        }
        self.lanes_where(false, test, f)
    }

    #[inline(always)]
    fn together(
        &mut self,
        span: Span,
        mut each: impl FnMut(&mut [u64], *mut u8),
        mut stored: impl FnMut(&[u64], &mut Vec<u8>),
    ) -> bool {
        let launch = self.runner.launch;
        // Plugins hear of resolved addresses: a generic access shown to them goes lane by lane.
        if span.space == AddrSpace::Generic && launch.observe_accesses {
            return false;
        }
        let Some((at_lo, (lo, hi), ordered)) = self.locate(span) else {
            return false;
        };
        let Span {
            p,
            space,
            size,
            dir,
            ..
        } = span;
        let at = |r: &[u64]| at_lo.wrapping_add((r[p as usize] - lo) as usize);
        // A loop of its own without the plugins' code, whose registers spilled (a plain
        // matmul 10% slower).
        if !launch.observe_accesses {
            let keep = self.keep_undone(span, at_lo, ordered);
            let undo = &mut self.runner.undo;
            self.frames.each_mut(
                #[inline(always)]
                |r| {
                    let ptr = at(r);
                    if keep {
                        undo.overwriting(ptr, size);
                    }
                    each(r, ptr);
                },
            );
            return true;
        }
        let load = dir == Dir::Load;
        let quiet = load && space == AddrSpace::Global && !launch.observe_addresses;
        let in_order = ordered || lo == hi;
        let one_run =
            !quiet && launch.observe_addresses && one_run(self.runner, &self.warp.lanes, in_order);
        if one_run || quiet && launch.quiet_loads.contains(&(lo >> GLOBAL_OFFSET_BITS)) {
            // A load of a buffer the launch cannot write (`Launch::quiet_loads`): no plugin
            // hears of it (unless one wants every address). Plugins that want addresses alone
            // hear of consecutive lanes at consecutive elements, or all at one, as one run,
            // found without a look at each lane.
            if one_run {
                deliver_run(self.runner, self.warp, self.op_pc, (span, lo, lo == hi));
            }
            self.frames.each_mut(
                #[inline(always)]
                |r| {
                    let ptr = at(r);
                    each(r, ptr);
                },
            );
            return true;
        }
        // Plugins hear of the accesses in one batch: each lane's address joins a run, a
        // store's bytes the batch's data.
        let keep = self.keep_undone(span, at_lo, ordered);
        let kind = if load {
            AccessKind::Load
        } else {
            AccessKind::Store
        };
        let r = &mut *self.runner;
        r.lanes.batch.start((space, size, kind));
        // A store's bytes only for the plugins that watch memory (addresses need none).
        let with_data = !load && launch.observe_memory;
        let mut gathering = RunGatherer::new(size);
        let lanes = &self.warp.lanes;
        self.frames.each_mut_at(
            #[inline(always)]
            |k, frame| {
                let (addr, ptr) = (frame[p as usize], at(frame));
                if keep {
                    r.undo.overwriting(ptr, size);
                }
                each(frame, ptr);
                let batch = &mut r.lanes.batch;
                gathering.add(lanes[k], addr, &mut batch.runs);
                if with_data {
                    stored(frame, &mut batch.data);
                }
            },
        );
        gathering.finish(&mut r.lanes.batch.runs);
        self.deliver();
        true
    }

    #[inline(always)]
    fn unread_atomic(&mut self, site: &BuiltinSite) -> bool {
        // What the builtin's `run` does lane by lane, located once, when the lanes' addresses
        // lie in one buffer, aligned and allowed, and no plugin hears of it. The launch
        // combines it (`BuiltinEnv::atomic_unread`) or it is made at once (`atomic_rmw`), kept
        // for the undo log if the group may start over.
        let launch = self.runner.launch;
        let Some(a) = site.unread_atomic.filter(|a| {
            a.space == AddrSpace::Global
                && matches!(a.size, 4 | 8)
                && !launch.plan.checks_global_shadows()
        }) else {
            return false;
        };
        let size = a.size as u64;
        let (mut lo, mut hi, mut bits) = (u64::MAX, 0u64, 0u64);
        self.frames.each(
            #[inline(always)]
            |r| {
                let addr = r[a.pointer as usize];
                (lo, hi, bits) = (lo.min(addr), hi.max(addr), bits | addr);
            },
        );
        let runner = &mut *self.runner;
        let unheard =
            !launch.observe_memory || launch.quiet_atomics.contains(&(lo >> GLOBAL_OFFSET_BITS));
        let combine =
            launch.plan.combines_unheard_atomic(unheard) && PendingAtomics::combines(a.op);
        let span = hi.wrapping_sub(lo).saturating_add(size);
        let located = (bits & (size - 1) == 0
            && (combine || unheard && !runner.pending.overlaps(lo, span)))
        .then(|| launch.global.mem().locate_span(lo, hi, size))
        .flatten()
        .filter(|&(_, fl)| fl & Dir::Atomic.suspicious_flags() == 0);
        let Some((at_lo, _)) = located else {
            return false;
        };
        let ty = ScalarTy::Int((size * 8) as u8);
        self.frames.each_mut(
            #[inline(always)]
            |r| {
                let addr = r[a.pointer as usize];
                let value = a.value.map_or(1, |v| r[v as usize]);
                let p = at_lo.wrapping_add((addr - lo) as usize);
                // SAFETY (both): located in a global buffer, which outlives the launch.
                if combine {
                    let (pending, undo) = (&mut runner.pending, &mut runner.undo);
                    unsafe { pending.add((addr, p), a.size, (a.op, value), undo) };
                } else {
                    let old = unsafe { atomic::rmw(p, a.size, a.op, ty, value) };
                    if runner.undo.speculating() {
                        runner.undo.atomic(p, a.size, (a.op, value), old);
                    }
                }
                r[a.result as usize] = 0;
            },
        );
        true
    }

    #[inline(always)]
    fn branch(&mut self, taken: impl Fn(&[u64]) -> bool, (t, f): (u32, u32)) -> Flow {
        let count = self.frames.count_where(&taken);
        if count == self.frames.count() {
            return self.jump(t);
        } else if count == 0 {
            return self.jump(f);
        }
        self.branch_to(|r| if taken(r) { t } else { f })
    }

    #[inline(always)]
    fn branch_to(&mut self, to: impl Fn(&[u64]) -> u32) -> Flow {
        let first = to(self.frames.get(0));
        if self.frames.count_where(
            #[inline(always)]
            |r| to(r) != first,
        ) == 0
        {
            return self.jump(first);
        }
        let (items, slots) = (&mut *self.items, &self.warp.slots);
        self.frames.each_mut_at(
            #[inline(always)]
            |k, r| items.slots[slots[k] as usize].pc = to(r),
        );
        if self.observe_branches {
            observe_parted_branch(self.runner, self.items, self.warp, self.op_pc);
        }
        self.parted_branch = true;
        Flow::Parted
    }

    /// A warp notices spinning by its backward branches (`Exit::Looping`).
    #[inline(always)]
    fn spin(&mut self) -> Flow {
        Flow::Next
    }

    #[inline(always)]
    fn count_block(&mut self, block: u32) {
        if let Some(n) = self.runner.block_counts.get_mut(block as usize) {
            *n += self.frames.count() as u64;
        }
    }
}

impl WarpOps<'_, '_> {
    /// `State::each_lane` for the lanes whose frames pass `test`.
    #[inline(always)]
    fn lanes_where(
        &mut self,
        batch: bool,
        mut test: impl FnMut(&[u64]) -> bool,
        mut f: impl FnMut(&mut Lane<'_, '_, NoShadow>) -> Option<Stop>,
    ) -> Flow {
        let launch = self.runner.launch;
        let r = &mut *self.runner;
        let observe = launch.observe_accesses;
        let batch = batch && observe;
        let (seq, group, size) = (r.seq, r.group, r.size);
        let (func, pc) = (self.warp.func, self.op_pc);
        let mut parted = false;
        let (warp, items) = (self.warp, &mut *self.items);
        self.frames.each_mut_at(
            #[inline(always)]
            |k, frame| {
                if !test(frame) {
                    return;
                }
                // The lane's index is read only where it is needed.
                let wi = &mut items.slots[warp.slots[k] as usize];
                let mut mems = Mems {
                    global: launch.global.mem(),
                    local: &mut r.local,
                    private: &mut wi.private,
                    workers: &mut r.workers,
                    pending: &mut r.pending,
                    undo: &mut r.undo,
                };
                let here = Here {
                    launch,
                    place: Where {
                        seq,
                        group,
                        wi: &wi.ids,
                        site: Site { func, pc },
                    },
                };
                let mut l = Lane {
                    f: frame,
                    sh: &mut NoShadow,
                    mems: &mut mems,
                    here,
                    batch: batch.then(|| (&mut r.lanes.batch, warp.lanes[k])),
                    asyncs: &mut r.asyncs,
                    exchange: &mut r.exchange,
                    size,
                    observe,
                };
                if f(&mut l).is_some() {
                    // This lane stops here; the others go on after the op.
                    (wi.func, wi.pc) = (func, pc);
                    let lane = warp.lanes[k];
                    items.entries[lane as usize].state = WiState::Finished;
                    r.lanes.finished(lane);
                    parted = true;
                }
            },
        );
        self.deliver();
        if !parted {
            return Flow::Next;
        }
        for (&slot, &lane) in self.warp.slots.iter().zip(&self.warp.lanes) {
            if self.items.entries[lane as usize].state != WiState::Finished {
                self.items.slots[slot as usize].pc = self.next;
            }
        }
        Flow::Parted
    }

    /// Where one buffer holds every lane's access of `span`, each aligned and allowed, with
    /// nothing to combine there and no deferred shadow to check (`checks::located`): the host
    /// pointer of the lowest address, the lowest and highest addresses, and whether each lane's
    /// access follows the last one's (the lanes' bytes one range). Generic addresses stay as
    /// they are (tagged: their differences are the resolved ones') when every lane's points
    /// into one buffer, which has lanes of one space between the lowest and the highest.
    #[inline(always)]
    fn locate(&mut self, span: Span) -> Option<(*mut u8, (u64, u64), bool)> {
        let Span {
            p,
            space,
            size,
            align,
            dir,
        } = span;
        let r = &mut *self.runner;
        let launch = r.launch;
        let deferred = r.undo.speculating()
            && match space {
                AddrSpace::Local => !r.local.all_initialised(),
                AddrSpace::Generic => true,
                _ => launch.plan.checks_global_shadows(),
            };
        if deferred || space == AddrSpace::Private {
            return None;
        }
        let (mut lo, mut hi, mut bits) = (u64::MAX, 0u64, 0u64);
        let mut next = self.frames.get(0)[p as usize];
        let mut ordered = true;
        self.frames.each(
            #[inline(always)]
            |r| {
                let addr = r[p as usize];
                (lo, hi, bits) = (lo.min(addr), hi.max(addr), bits | addr);
                ordered &= addr == next;
                next = addr.wrapping_add(size);
            },
        );
        let ((space, at_lo), (hi_space, at_hi)) = (resolve(space, lo), resolve(space, hi));
        let view = match space {
            _ if hi_space != space => return None,
            AddrSpace::Local => r.local.view(),
            AddrSpace::Global | AddrSpace::Constant => launch.global.mem(),
            AddrSpace::Private | AddrSpace::Generic => return None,
        };
        let span = hi.wrapping_sub(lo).saturating_add(size);
        let pending = space != AddrSpace::Local && r.pending.overlaps(at_lo, span);
        let aligned = bits & ((1u64 << align) - 1) == 0;
        (aligned && !pending)
            .then(|| view.locate_span(at_lo, at_hi, size))
            .flatten()
            .filter(|&(_, fl)| fl & dir.suspicious_flags() == 0)
            .map(|(p, _)| (p, (lo, hi), ordered))
    }

    /// Keeps what a store of the warp overwrites, for the group to start over (`UndoLog`;
    /// local memory starts afresh then): the lanes' one range at once when they are `ordered`
    /// from `at_lo`; true when each lane's bytes must be kept instead.
    #[inline(always)]
    fn keep_undone(&mut self, span: Span, at_lo: *mut u8, ordered: bool) -> bool {
        let undo = &mut self.runner.undo;
        let keep = span.dir == Dir::Store && undo.speculating() && span.space != AddrSpace::Local;
        if keep && ordered {
            undo.overwriting(at_lo, span.size * self.frames.count() as u64);
        }
        keep && !ordered
    }

    /// Every lane of the warp goes on at `to`.
    #[inline(always)]
    fn jump(&mut self, to: u32) -> Flow {
        if self.observe_branches {
            observe_branch(self.runner, self.warp, self.op_pc, Targets::All(to));
        }
        Flow::Jump(to)
    }

    /// Shows the plugins the accesses of the op that the lanes gathered (`LaneBatch`).
    #[inline(always)]
    fn deliver(&mut self) {
        let r = &mut *self.runner;
        if let Some(shape) = r.lanes.batch.shape {
            let site = Site {
                func: self.warp.func,
                pc: self.op_pc,
            };
            let batch = r.lanes.batch.of(site, shape);
            let group = (r.seq, r.group, r.size);
            checks::observe_batch(r.launch, &mut r.workers, group, &batch);
            r.lanes.batch.clear();
        }
    }
}

// The plugins' side of a warp's op, out of line and given only what they need, so that
// `WarpOps` itself never has its address taken and its fields stay in registers (a plain
// matmul was 12% slower when these took `&mut self`).

/// Whether plugins that want addresses alone take a warp's access as one run: no undo log to
/// keep, `lanes` consecutive, and `in_order` (addresses consecutive elements or all one).
#[inline(never)]
fn one_run(runner: &GroupRunner, lanes: &[u32], in_order: bool) -> bool {
    let launch = runner.launch;
    launch.observe_addresses
        && !launch.observe_memory
        && in_order
        && !runner.undo.speculating()
        && lanes[lanes.len() - 1] - lanes[0] == lanes.len() as u32 - 1
}

/// Shows the plugins the accesses of `span` in every lane of `warp` at its op `pc`: consecutive
/// lanes at consecutive elements from `address`, or (`broadcast`) all at it.
#[cold]
#[inline(never)]
fn deliver_run(
    runner: &mut GroupRunner,
    warp: &Warp,
    pc: u32,
    (span, address, broadcast): (Span, u64, bool),
) {
    let kind = match span.dir {
        Dir::Load => AccessKind::Load,
        _ => AccessKind::Store,
    };
    let runs = [LaneRun {
        lane: warp.lanes[0],
        count: warp.lanes.len() as u32,
        address,
        broadcast,
    }];
    let batch = AccessBatch {
        site: Site {
            func: warp.func,
            pc,
        },
        space: span.space,
        size: span.size,
        kind,
        runs: &runs,
        data: &[],
    };
    let group = (runner.seq, runner.group, runner.size);
    checks::observe_batch(runner.launch, &mut runner.workers, group, &batch);
}

/// Tells the plugins that hear of branches where each lane of `warp` went at its op `pc`, as
/// `branch_to` left the lanes' pcs.
#[cold]
#[inline(never)]
fn observe_parted_branch(runner: &mut GroupRunner, items: &GroupItems, warp: &Warp, pc: u32) {
    let mut targets = std::mem::take(&mut runner.lanes.targets);
    targets.clear();
    targets.extend(warp.slots.iter().map(|&s| items.slots[s as usize].pc));
    observe_branch(runner, warp, pc, Targets::Each(&targets));
    runner.lanes.targets = targets;
}

/// Tells the plugins that hear of branches where `warp`'s lanes went at its op `pc`.
#[cold]
#[inline(never)]
fn observe_branch(runner: &mut GroupRunner, warp: &Warp, pc: u32, to: Targets) {
    let batch = BranchBatch {
        site: Site {
            func: warp.func,
            pc,
        },
        lanes: &warp.lanes,
        to,
    };
    let group = (runner.seq, runner.group, runner.size);
    for w in runner.workers.each(Interest::BRANCHES) {
        runner
            .launch
            .with_group_context(group, |cx| w.branches(cx, &batch));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::workitem::WorkItem;

    /// A group whose work-item `i` (in slot `i`) stands at `pcs[i]`.
    fn items_at(pcs: &[u32]) -> GroupItems {
        let mut items = GroupItems::default();
        for &pc in pcs {
            let mut wi = WorkItem::default();
            wi.pc = pc;
            items.slots.push(wi);
        }
        items
    }

    fn warp_of(lanes: &[u32]) -> Warp {
        let (lanes, slots) = (lanes.to_vec(), lanes.to_vec());
        Warp {
            lanes,
            slots,
            ..Warp::default()
        }
    }

    /// The warp's lanes reach `pc`.
    fn reach(items: &mut GroupItems, warp: &Warp, pc: u32) {
        for &s in &warp.slots {
            items.slots[s as usize].pc = pc;
        }
    }

    /// A parted warp runs its part at the lowest pc, takes in the parked lanes in lane order
    /// where it reaches them, runs a part it jumped past before going on, and stops where a
    /// work-item outside it waits.
    #[test]
    fn parts_run_lowest_first_and_rejoin_in_lane_order() {
        let mut items = items_at(&[30, 10, 30, 20, 10, 50]);
        let mut warp = warp_of(&[0, 1, 2, 3, 4, 5]);
        let mut parking = Parking::default();
        let outer = 40;
        assert_eq!(parking.regroup(&items, &mut warp, outer), Some(10));
        assert_eq!(
            (&warp.lanes[..], &warp.slots[..]),
            (&[1, 4][..], &[1, 4][..])
        );
        assert_eq!((warp.pc, warp.meets), (10, 20));
        reach(&mut items, &warp, 20);
        assert_eq!(parking.regroup(&items, &mut warp, outer), Some(20));
        assert_eq!((&warp.lanes[..], warp.meets), (&[1, 3, 4][..], 30));
        // A jump past the lanes parked at 30: they run first, then meet these at 35.
        reach(&mut items, &warp, 35);
        assert_eq!(parking.regroup(&items, &mut warp, outer), Some(30));
        assert_eq!((&warp.lanes[..], warp.meets), (&[0, 2][..], 35));
        reach(&mut items, &warp, 35);
        assert_eq!(parking.regroup(&items, &mut warp, outer), Some(35));
        assert_eq!((&warp.lanes[..], warp.meets), (&[0, 1, 2, 3, 4][..], outer));
        // At the outside work-item's pc, `gather` chooses: every lane parked, places written.
        reach(&mut items, &warp, outer);
        assert_eq!(parking.regroup(&items, &mut warp, outer), None);
        assert!(warp.lanes.is_empty() && warp.slots.is_empty());
        let pcs: Vec<u32> = items.slots.iter().map(|wi| wi.pc).collect();
        assert_eq!(pcs, [40, 40, 40, 40, 40, 50]);
    }

    /// A warp parted in a retry loop runs the lanes that stay one at a time only when some
    /// of its lanes go out of the loop and more stay than it took the back-edge together.
    #[test]
    fn a_retry_loop_is_left_when_lanes_go_both_ways_early() {
        let loops = [(4, 12), (20, 30)];
        let warp = warp_of(&[0, 1, 2]);
        let left =
            |pcs: &[u32], at, rounds| left_loop(&loops, &[rounds, 0], at, &items_at(pcs), &warp);
        assert_eq!(left(&[4, 13, 4], 12, 0), Some((4, 12)));
        assert_eq!(left(&[20, 9, 9], 8, 1), Some((4, 12)));
        // After as many rounds as lanes stay: a loop of many tries, left together.
        assert_eq!(left(&[20, 9, 9], 8, 2), None);
        // Both ways inside the loop (an `if` in its body), or all out of it.
        assert_eq!(left(&[6, 9, 6], 5, 0), None);
        assert_eq!(left(&[13, 20, 13], 12, 0), None);
        // A branch outside the loop.
        assert_eq!(left(&[4, 13, 4], 2, 0), None);
    }

    /// The lanes that stay in a retry loop run it one at a time, in lane order, each until
    /// it reaches where the lanes that left wait; then all go on together.
    #[test]
    fn lanes_left_in_a_retry_loop_run_it_alone() {
        let mut items = items_at(&[4, 13, 4, 13, 4]);
        let mut warp = warp_of(&[0, 1, 2, 3, 4]);
        let mut parking = Parking::default();
        let outer = 40;
        parking.run_alone(&items, &mut warp, (4, 12));
        for lane in [0, 2, 4] {
            assert_eq!(parking.regroup(&items, &mut warp, outer), Some(4));
            assert_eq!((&warp.lanes[..], warp.meets), (&[lane][..], 13));
            reach(&mut items, &warp, 13);
        }
        assert_eq!(parking.regroup(&items, &mut warp, outer), Some(13));
        assert_eq!((&warp.lanes[..], warp.meets), (&[0, 1, 2, 3, 4][..], outer));
    }
}
