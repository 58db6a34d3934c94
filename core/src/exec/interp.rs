//! The scalar executor: runs one work-item's bytecode until it finishes or reaches a barrier.
//!
//! Each op runs through `step` (every op's one definition) on an [`Item`], the work-item's
//! side of the op. This loop adds what only a work-item has: its call stack (calls and
//! returns), its waits (barriers, sub-group meetings, event lists), the debugger's stops before
//! each op and the plugins that see every instruction after it. Memory faults and other
//! diagnostics leave the loop through cold paths.

use super::async_copy::AsyncState;
use super::checks::{access, Dir};
use super::debug::{
    apply_edits, Attached, HistoryView, Moment, Resume, StopSet, WiState, WorkItemView,
};
use super::history;
use super::journal::Journal;
use super::memops::{self, OpCx};
use super::recorder::Recorder;
use super::runner::GroupRunner;
use super::shadow_memory;
use super::shadow_values::{NoShadow, ShadowFile, ShadowMode, WithShadows};
use super::shared::{Here, Launch, Mems, Where};
use super::step::{step, Flow, Lane, Sh, Span, State};
use super::undo::RECORDING;
use super::workitem::{query, Frame, Stop, WiIds, WorkItem, SPIN_LIMIT};
use crate::builtins::BuiltinSite;
use crate::bytecode::{Function, Op, Pc, Site, WiQuery};
use crate::counts::BlockCounts;
use crate::exchange::Exchange;
use crate::memory::{load_bytes, AddrSpace};
use crate::plugins::{BranchBatch, Interest, Targets, Workers};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Most register slots of one work-item's call stack (32 MiB): deep enough for any recursion
/// that ends, small enough to stop one that does not.
const MAX_STACK_SLOTS: usize = 1 << 22;

/// Makes room for `needed` register slots (and their shadows), doubling; false past the limit.
#[cold]
#[inline(never)]
fn grow_stack(regs: &mut Vec<u64>, shadow: Option<&mut ShadowFile>, needed: usize) -> bool {
    if needed > MAX_STACK_SLOTS {
        return false;
    }
    let size = needed.max(regs.len() * 2).min(MAX_STACK_SLOTS);
    regs.resize(size, 0);
    if let Some(file) = shadow {
        file.bits.resize(size, 0);
        file.origins.resize(size, 0);
    }
    true
}

/// One work-item's side of an op (`step::State`): its registers and their shadows, its
/// memories and its place.
pub(super) struct Item<'a, 'm, 'l, S> {
    launch: &'l Launch<'l>,
    func: &'l Function,
    /// The op's place, and the work-item's.
    here: Here<'a>,
    /// All of the work-item's registers; the frame's from `base`.
    regs: &'a mut [u64],
    base: usize,
    /// Their shadows, in mode `S`.
    shadow: &'a mut ShadowFile,
    mode: PhantomData<S>,
    mems: &'a mut Mems<'m>,
    asyncs: &'a mut AsyncState,
    exchange: &'a mut Exchange,
    /// The group's size.
    size: [u64; 3],
    /// `Launch::observe_accesses`.
    observe: bool,
    /// `Launch::observe_branches`.
    observe_branches: bool,
    /// Spin points passed in this turn: at `SPIN_LIMIT` the work-item gives way.
    spins: &'a mut u32,
    /// Where basic blocks are counted: the launch's counts in a debugged launch (they can be
    /// read at any stop), else the worker's own.
    shared_counts: Option<&'l BlockCounts>,
    block_counts: &'a mut [u64],
}

impl<'l, S: ShadowMode> State<'l> for Item<'_, '_, 'l, S> {
    type Mode = S;

    #[inline(always)]
    fn launch(&self) -> &'l Launch<'l> {
        self.launch
    }

    #[inline(always)]
    fn func(&self) -> &'l Function {
        self.func
    }

    #[inline(always)]
    fn group(&self) -> ([u64; 3], [u64; 3]) {
        (self.here.place.group, self.size)
    }

    #[inline(always)]
    fn each_frame(&mut self, mut f: impl FnMut(&mut [u64], usize, &mut Sh<'_, S>)) {
        f(self.regs, self.base, &mut S::frame(self.shadow, self.base))
    }

    #[inline(always)]
    fn each_lane(
        &mut self,
        _batch: bool,
        mut f: impl FnMut(&mut Lane<'_, '_, Sh<'_, S>>) -> Option<Stop>,
    ) -> Flow {
        let mut lane = Lane {
            f: &mut self.regs[self.base..],
            sh: &mut S::frame(self.shadow, self.base),
            mems: self.mems,
            here: self.here,
            batch: None,
            asyncs: self.asyncs,
            exchange: self.exchange,
            size: self.size,
            observe: self.observe,
        };
        match f(&mut lane) {
            None => Flow::Next,
            Some(stop) => Flow::Stop(stop),
        }
    }

    #[inline(always)]
    fn each_lane_if(
        &mut self,
        test: impl Fn(&[u64]) -> bool,
        f: impl FnMut(&mut Lane<'_, '_, Sh<'_, S>>) -> Option<Stop>,
    ) -> Flow {
        match test(&self.regs[self.base..]) {
            true => self.each_lane(false, f),
            false => Flow::Next,
        }
    }

    #[inline(always)]
    fn together(
        &mut self,
        _: Span,
        _: impl FnMut(&mut [u64], *mut u8),
        _: impl FnMut(&[u64], &mut Vec<u8>),
    ) -> bool {
        false
    }

    #[inline(always)]
    fn unread_atomic(&mut self, _: &BuiltinSite) -> bool {
        false
    }

    #[inline(always)]
    fn branch(&mut self, taken: impl Fn(&[u64]) -> bool, (t, f): (u32, u32)) -> Flow {
        self.branch_to(|r| if taken(r) { t } else { f })
    }

    #[inline(always)]
    fn branch_to(&mut self, to: impl Fn(&[u64]) -> u32) -> Flow {
        let to = to(&self.regs[self.base..]);
        if self.observe_branches {
            observe_branch(
                self.launch,
                self.mems.workers,
                self.here.place,
                (self.size, to),
            );
        }
        Flow::Jump(to)
    }

    #[inline(always)]
    fn spin(&mut self) -> Flow {
        *self.spins += 1;
        match *self.spins == SPIN_LIMIT {
            true => Flow::Stop(Stop::Yield),
            false => Flow::Next,
        }
    }

    #[inline(always)]
    fn count_block(&mut self, block: u32) {
        match self.shared_counts {
            Some(counts) => counts.bump(block),
            None => {
                if let Some(n) = self.block_counts.get_mut(block as usize) {
                    *n += 1;
                }
            }
        }
    }
}

/// Tells the plugins that hear of branches that the work-item at `place` (of a group of
/// `size`) went on at `to`. Out of line and given only what it needs, so that `Item` never has
/// its address taken.
#[cold]
#[inline(never)]
fn observe_branch(
    launch: &Launch,
    workers: &mut Workers,
    place: Where<&WiIds>,
    (size, to): ([u64; 3], u32),
) {
    let (local, s) = (place.wi.local, size);
    let lane = (local[0] + s[0] * (local[1] + s[1] * local[2])) as u32;
    let batch = BranchBatch {
        site: place.site,
        lanes: &[lane],
        to: Targets::All(to),
    };
    let group = (place.seq, place.group, s);
    for w in workers.each(Interest::BRANCHES) {
        launch.with_group_context(group, |cx| w.branches(cx, &batch));
    }
}

/// Where a work-item is: the function it runs, its frame's first register, its next op.
/// Passed by value, never by reference: its fields stay in registers.
#[derive(Clone, Copy)]
struct Cursor<'l> {
    functions: &'l [Function],
    fidx: u32,
    func: &'l Function,
    code: &'l [Op],
    base: usize,
    pc: usize,
}

impl<'l> Cursor<'l> {
    /// The start of a call of function `fidx` with its frame at `base`, or a return to `pc`.
    #[inline(always)]
    fn enter(self, fidx: u32, base: usize, pc: usize) -> Cursor<'l> {
        let func = &self.functions[fidx as usize];
        Cursor {
            functions: self.functions,
            fidx,
            func,
            code: &func.code[..],
            base,
            pc,
        }
    }
}

/// A work-item's call stack: the registers of all its frames, their shadows (with the
/// Uninitialized checker) and its callers' frames.
struct Stack<'a> {
    regs: &'a mut Vec<u64>,
    shadow: &'a mut ShadowFile,
    frames: &'a mut Vec<Frame>,
}

impl Stack<'_> {
    /// `Op::Call` at `here`: the callee's frame after the caller's, its arguments copied in
    /// (by-value structs into new private buffers). `Stop::Finished` (reported) when the stack
    /// would grow past its limit.
    #[inline(always)]
    fn call<'l, S: ShadowMode>(
        &mut self,
        at: Cursor<'l>,
        site: u32,
        mems: &mut Mems,
        here: Here,
    ) -> Result<Cursor<'l>, Stop> {
        let launch = here.launch;
        let (func, base) = (at.func, at.base);
        let cs = &func.calls[site as usize];
        let callee = &at.functions[cs.func as usize];
        let new_base = base + func.num_slots as usize;
        let n = callee.num_slots as usize;
        let regs = &mut *self.regs;
        // Only recursion goes deeper than the registers made at the start.
        let shadow = S::ON.then_some(&mut *self.shadow);
        if new_base + n > regs.len() && !grow_stack(regs, shadow, new_base + n) {
            let msg = format!(
                "Stack overflow: the calls to function '{}' go deeper than the simulator allows \
                 ({} calls)",
                callee.name,
                self.frames.len() + 1
            );
            launch.report_fatal(here.at(), &msg);
            return Err(Stop::Finished);
        }
        regs[new_base..new_base + n].copy_from_slice(&launch.kernel.frames[cs.func as usize]);
        if S::ON {
            let shadow = &launch.kernel.shadow_frames[cs.func as usize];
            (self.shadow).init_frame(new_base, shadow, cs.func, &callee.undef_slots);
        }
        let mark = mems.private.mark();
        for (k, arg) in cs.args.iter().enumerate() {
            let (pslot, pn) = callee.params[k];
            let to = new_base + pslot as usize;
            match arg.byval {
                None => {
                    let from = base + arg.slot as usize;
                    regs.copy_within(from..from + pn as usize, to);
                    if S::ON {
                        self.shadow.copy(from, to, pn as usize);
                    }
                }
                Some(bytes) => {
                    // By-value structs are copied into a new private buffer.
                    let src = regs[base + arg.slot as usize];
                    let mut copy = vec![0u8; bytes as usize];
                    let (private, size) = (AddrSpace::Private, bytes as u64);
                    let ptr = access(mems, private, src, size, Dir::Load, launch, || here.at());
                    if let Some(ptr) = ptr {
                        // SAFETY: access() checked the range.
                        unsafe { load_bytes(ptr, &mut copy) };
                    }
                    regs[to] = mems.private.allocate_with(&copy);
                    if S::ON {
                        // The copy is as initialised as the original.
                        self.shadow.clear(to);
                        if ptr.is_some() {
                            let (from, to) = ((private, src), (private, regs[to]));
                            shadow_memory::copy(launch, mems, from, to, (size, None));
                        }
                    }
                }
            }
        }
        self.frames.push(Frame {
            func: at.fidx,
            base: base as u32,
            ret_pc: at.pc as u32,
            ret_dst: cs.dst,
            mark,
        });
        Ok(at.enter(cs.func, new_base, 0))
    }

    /// `Op::Ret` or `Op::RetVoid`: back to the caller with the result, or `Stop::Finished`
    /// from the kernel function.
    #[inline(always)]
    fn ret<'l, S: ShadowMode>(
        &mut self,
        at: Cursor<'l>,
        op: &Op,
        mems: &mut Mems,
    ) -> Result<Cursor<'l>, Stop> {
        let fr = self.frames.pop().ok_or(Stop::Finished)?;
        if let Op::Ret { s, n } = *op {
            let from = at.base + s as usize;
            let to = fr.base as usize + fr.ret_dst as usize;
            self.regs.copy_within(from..from + n as usize, to);
            if S::ON {
                self.shadow.copy(from, to, n as usize);
            }
        }
        mems.private.release_to(fr.mark);
        Ok(at.enter(fr.func, fr.base as usize, fr.ret_pc as usize))
    }
}

/// A debug run stops before an op at `at`: the debugger sees the work-item (`who`: its ids and
/// group) and says how it goes on; what it changed is applied (and recorded). `None`: the op
/// runs.
#[inline(never)]
fn ask_debugger<S: ShadowMode>(
    launch: &Launch,
    debug: &Attached,
    (ids, group): (WiIds, [u64; 3]),
    at: Cursor,
    stack: &mut Stack,
    mems: &mut Mems,
) -> Option<Stop> {
    let view = WorkItemView {
        info: &launch.info,
        kernel: launch.kernel,
        ids,
        group,
        func: at.fidx,
        pc: at.pc as Pc,
        base: at.base as u32,
        frames: stack.frames,
        regs: stack.regs,
        shadow: S::ON.then_some(&stack.shadow.bits[..]),
        state: WiState::Running,
        stops: debug.stops,
        private: mems.private,
        local: mems.local,
        global: &launch.global,
        launch: debug.progress,
        edits: Default::default(),
        history: history_view(mems.undo.history.as_deref(), debug.journal),
    };
    let resume = debug.hook.stopped(&view, Moment::Instruction);
    let edits = view.take_edits();
    drop(view);
    if !edits.is_empty() {
        apply_edits(
            edits,
            &mut stack.regs[..],
            S::ON.then_some(&mut stack.shadow.bits[..]),
            mems.private,
            mems.local,
            &launch.global,
            mems.undo.history.as_deref_mut(),
        );
    }
    match resume {
        Resume::Continue => None,
        Resume::SwitchTo(target) => Some(Stop::Switch(target)),
        Resume::Park => Some(Stop::Park),
        // The scheduler moves the group (`travel`); the place is saved.
        Resume::Travel(position) => Some(Stop::Travel(position)),
    }
}

/// The history a stop shows, while the group records one.
pub(crate) fn history_view<'a>(
    rec: Option<&'a Recorder>,
    journal: Option<&'a Journal>,
) -> Option<HistoryView<'a>> {
    Some(HistoryView {
        log: &rec?.log,
        journal: journal?,
        position: rec?.position,
    })
}

/// A debugged group records its history: before op `op` of the work-item `item` runs at
/// `at`, its header and what it is about to change (the registers it writes, a return's
/// frame and the private memory it frees).
#[inline]
fn record_begin<S: ShadowMode>(
    mems: &mut Mems,
    stack: &Stack,
    at: Cursor,
    op: &Op,
    item: u32,
    journal: Option<&Journal>,
) {
    let (Some(rec), Some(journal)) = (mems.undo.history.as_deref_mut(), journal) else {
        return;
    };
    let (regs, shadow) = (&stack.regs[..], S::ON.then_some(&*stack.shadow));
    let place = history::Cursor {
        item,
        func: at.fidx,
        pc: at.pc as Pc,
    };
    rec.begin_op(place, stack.frames.len(), mems.private.mark(), journal);
    if let (Op::Ret { .. } | Op::RetVoid, Some(fr)) = (op, stack.frames.last()) {
        rec.returning(fr, mems.private);
        if let Op::Ret { n, .. } = *op {
            let dst = fr.base as usize + fr.ret_dst as usize;
            for slot in dst..dst + n as usize {
                rec.keep_register(regs, shadow, slot);
            }
        }
    }
    if let Op::Call { site } = *op {
        let callee = at.func.calls[site as usize].func;
        let base = at.base + at.func.num_slots as usize;
        let n = at.functions[callee as usize].num_slots as usize;
        rec.calling(regs, shadow, base..base + n);
    }
    for slot in op.writes(at.func).iter() {
        rec.keep_register(regs, shadow, at.base + slot as usize);
    }
}

impl GroupRunner<'_> {
    pub(crate) fn run(&mut self, wi: &mut WorkItem) -> Stop {
        let launch = self.launch;
        match (
            launch.observe_instructions,
            launch.debug.is_some(),
            self.shadows,
        ) {
            (false, false, false) => self.exec::<false, false, NoShadow, false>(wi),
            (true, false, false) => self.exec::<true, false, NoShadow, false>(wi),
            (false, true, false) => self.exec::<false, true, NoShadow, false>(wi),
            (true, true, false) => self.exec::<true, true, NoShadow, false>(wi),
            (false, false, true) => self.exec::<false, false, WithShadows, false>(wi),
            (true, false, true) => self.exec::<true, false, WithShadows, false>(wi),
            (false, true, true) => self.exec::<false, true, WithShadows, false>(wi),
            (true, true, true) => self.exec::<true, true, WithShadows, false>(wi),
        }
    }

    /// Runs one op of a work-item of a plain launch (a warp's way to run the ops of a
    /// work-item's own call stack and waits, `Flow::Item`); `Stop::Stepped` if it goes on
    /// after it.
    pub(crate) fn run_one(&mut self, wi: &mut WorkItem) -> Stop {
        debug_assert!(!self.launch.observe_instructions && self.launch.debug.is_none());
        debug_assert!(!self.shadows);
        self.exec::<false, false, NoShadow, true>(wi)
    }

    /// `OBSERVE`: plugins see every instruction. `DEBUG`: the debugger's stops are checked
    /// before every instruction. `S`: whether every value has a shadow (the Uninitialized
    /// checker's), computed by the same ops. `ONE`: return after one op.
    fn exec<const OBSERVE: bool, const DEBUG: bool, S: ShadowMode, const ONE: bool>(
        &mut self,
        wi: &mut WorkItem,
    ) -> Stop {
        let launch = self.launch;
        let functions = &launch.kernel.code.functions[..];
        let WorkItem {
            regs,
            shadow,
            frames,
            private,
            ids,
            wait_events,
            barrier_at,
            func: wi_func,
            pc: wi_pc,
            base: wi_base,
            ..
        } = wi;
        let mut stack = Stack {
            regs,
            shadow,
            frames,
        };
        let func = &functions[*wi_func as usize];
        let mut at = Cursor {
            functions,
            fidx: *wi_func,
            func,
            code: &func.code[..],
            base: *wi_base as usize,
            pc: *wi_pc as usize,
        };
        // Debug runs check two things before each instruction, kept at hand: the debugger's
        // attention flag and the stop bits of the function being run.
        let debug = if DEBUG { launch.debug.as_ref() } else { None };
        let no_attention = AtomicBool::new(false);
        let attention = debug.map_or(&no_attention, |d| d.hook.attention());
        let stops_of = |f: u32| debug.map_or(&[][..], |d| d.stops.function(f));
        let mut stop_bits = stops_of(at.fidx);
        let mut mems = Mems {
            global: launch.global.mem(),
            local: &mut self.local,
            private,
            workers: &mut self.workers,
            pending: &mut self.pending,
            undo: &mut self.undo,
        };
        let (asyncs, exchange) = (&mut self.asyncs, &mut self.exchange);
        let block_counts = &mut self.block_counts[..];
        let shared_counts = if DEBUG {
            launch.counts.as_deref()
        } else {
            None
        };
        let (ids, group, size, seq) = (*ids, self.group, self.size, self.seq);
        let here = |func: u32, pc: usize| Here {
            launch,
            place: Where {
                seq,
                group,
                wi: &ids,
                site: Site { func, pc: pc as Pc },
            },
        };
        let mut spins = 0u32;
        let observe = launch.observe_accesses;
        let observe_branches = launch.observe_branches;
        // The work-item's local linear index, as the history names it.
        let item = query(WiQuery::LocalLinearId, 0, &ids, &group, &size, &launch.info) as u32;
        loop {
            if DEBUG && (attention.load(Relaxed) || StopSet::is_set(stop_bits, at.pc)) {
                if let Some(debug) = debug {
                    (*wi_func, *wi_pc, *wi_base) = (at.fidx, at.pc as Pc, at.base as u32);
                    let who = (ids, group);
                    if let Some(stop) =
                        ask_debugger::<S>(launch, debug, who, at, &mut stack, &mut mems)
                    {
                        return stop;
                    }
                }
            }
            let op_pc = at.pc;
            let op = &at.code[op_pc];
            if DEBUG && mems.undo.flags & RECORDING != 0 {
                let journal = debug.and_then(|d| d.journal);
                record_begin::<S>(&mut mems, &stack, at, op, item, journal);
            }
            at.pc += 1;
            // The op's state, dropped before the work-item's own ops need the stack.
            let flow = step(
                &mut Item {
                    launch,
                    func: at.func,
                    here: here(at.fidx, op_pc),
                    regs: &mut stack.regs[..],
                    base: at.base,
                    shadow: stack.shadow,
                    mode: PhantomData::<S>,
                    mems: &mut mems,
                    asyncs,
                    exchange,
                    size,
                    observe,
                    observe_branches,
                    spins: &mut spins,
                    shared_counts,
                    block_counts,
                },
                op,
            );
            let stop = match flow {
                Flow::Next => None,
                Flow::Jump(to) => {
                    at.pc = to as usize;
                    None
                }
                Flow::Stop(stop) => Some(stop),
                Flow::Item => {
                    let here = here(at.fidx, op_pc);
                    // Calls and returns move the work-item (or stop it); the others stop it.
                    let stop = match *op {
                        Op::Call { site } => {
                            let moved = stack.call::<S>(at, site, &mut mems, here);
                            moved.map(|to| at = to).err()
                        }
                        Op::Ret { .. } | Op::RetVoid => {
                            stack.ret::<S>(at, op, &mut mems).map(|to| at = to).err()
                        }
                        Op::Barrier { fence } => {
                            wait_events.clear();
                            *barrier_at = (at.fidx, op_pc as Pc, fence);
                            Some(Stop::Barrier)
                        }
                        Op::SubGroupMeet { .. } => Some(Stop::Meet),
                        Op::WaitEvents { n, list, space } => {
                            let f = &stack.regs[at.base..];
                            let (count, list) = (f[n as usize] & 0xffff_ffff, f[list as usize]);
                            let mut cx = OpCx {
                                mems: &mut mems,
                                here,
                                batch: None,
                            };
                            memops::read_events(&mut cx, count, list, space, wait_events);
                            // CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE
                            *barrier_at = (at.fidx, op_pc as Pc, 3);
                            Some(Stop::Barrier)
                        }
                        _ => unreachable!("{op:?} is not a work-item's own op"),
                    };
                    if DEBUG {
                        stop_bits = stops_of(at.fidx);
                    }
                    stop
                }
                Flow::Parted => unreachable!("one work-item does not part"),
            };
            if DEBUG && mems.undo.flags & RECORDING != 0 {
                let journal = debug.and_then(|d| d.journal);
                if let (Some(rec), Some(journal)) = (mems.undo.history.as_deref_mut(), journal) {
                    let shadow = S::ON.then_some(&*stack.shadow);
                    let (regs, frames) = (&stack.regs[..], &stack.frames[..]);
                    rec.end_op(regs, shadow, frames, mems.private, journal);
                }
            }
            if let Some(stop) = stop {
                match stop {
                    // Where it stopped, for messages about the group's last work-item.
                    Stop::Finished => (*wi_func, *wi_pc) = (at.fidx, op_pc as Pc),
                    _ => (*wi_func, *wi_pc, *wi_base) = (at.fidx, at.pc as Pc, at.base as u32),
                }
                return stop;
            }
            if OBSERVE {
                let at = here(at.fidx, op_pc).at();
                for w in mems.workers.each(Interest::INSTRUCTION) {
                    launch.with_context(at, true, |cx| w.instruction_executed(cx));
                }
            }
            if ONE {
                (*wi_func, *wi_pc, *wi_base) = (at.fidx, at.pc as Pc, at.base as u32);
                return Stop::Stepped;
            }
        }
    }
}
