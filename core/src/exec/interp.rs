//! The interpreter loop: runs one work-item's bytecode until it finishes or reaches a barrier.
//!
//! One `match` per op: the register-only ops as `pure_ops::register_ops!` defines them, then
//! memory, control flow and calls, here. Memory faults and other diagnostics leave the loop
//! through cold paths.

use super::checks::{
    access, array_index, check_alignment, load_mem, observe, observe_allocation, speculated_use,
    store_mem, Dir,
};
use super::debug::{Moment, Resume, StopSet, WiState, WorkItemView};
use super::env::{Env, Mems};
use super::group::{GroupRunner, Stop, SPIN_LIMIT};
use super::launch::{Launch, Where};
use super::memops::{self, OpCx};
use super::pure_ops::{once, register_ops};
use super::shadow::{origin_code, NoShadow, ShadowFile, ShadowMode, WithShadows};
use super::uninit;
use super::workitem::{Frame, WiIds, WorkItem};
use crate::bytecode::{Pc, WiQuery};
use crate::memory::{load_bytes, AddrSpace};
use crate::plugins::{AccessKind, Interest, LaunchInfo, UninitKind};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Value of a work-item query; out-of-range dimensions give 0 for ids and 1 for sizes.
pub(crate) fn query(
    q: WiQuery,
    dim: u64,
    ids: &WiIds,
    group: &[u64; 3],
    size: &[u64; 3],
    info: &LaunchInfo,
) -> u64 {
    let d = dim as usize;
    let in_range = d < 3;
    let pick = |v: &[u64; 3], default: u64| if in_range { v[d] } else { default };
    match q {
        WiQuery::GlobalId => pick(&ids.global, 0),
        WiQuery::LocalId => pick(&ids.local, 0),
        WiQuery::GroupId => pick(group, 0),
        WiQuery::GlobalSize => pick(&info.global_size, 1),
        WiQuery::GlobalOffset => pick(&info.global_offset, 0),
        WiQuery::LocalSize => pick(size, 1),
        WiQuery::EnqueuedLocalSize => pick(&info.local_size, 1),
        WiQuery::NumGroups => pick(&info.num_groups, 1),
        WiQuery::WorkDim => info.work_dim as u64,
        WiQuery::GlobalLinearId => {
            let g = |k: usize| ids.global[k] - info.global_offset[k];
            (g(2) * info.global_size[1] + g(1)) * info.global_size[0] + g(0)
        }
        WiQuery::LocalLinearId => (ids.local[2] * size[1] + ids.local[1]) * size[0] + ids.local[0],
    }
}

/// Largest private memory of one work-item (its allocas and by-value copies).
const MAX_PRIVATE_BYTES: u64 = 1 << 30;

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

/// The op being executed, for diagnostics: built only when something is reported.
#[derive(Clone, Copy)]
pub(crate) struct Here<'a> {
    pub launch: &'a Launch<'a>,
    /// The launch's sequence number and the group.
    pub seq: u64,
    pub group: [u64; 3],
    /// The work-item's ids, borrowed: copied only when a report needs them (`at`).
    pub ids: &'a WiIds,
    pub func: u32,
    pub pc: Pc,
}

impl Here<'_> {
    pub fn at(&self) -> Where {
        Where {
            seq: self.seq,
            group: self.group,
            wi: Some(*self.ids),
            func: self.func,
            pc: self.pc,
        }
    }
}

/// `alloca`: the new private buffer's address, or `None` (reported) when private memory is
/// exhausted. Out of the loop: code in the loop's body, even on a rare path, slows every op
/// (one more `if` here made mandelbrot 20% slower).
#[inline(never)]
fn alloca(
    mems: &mut Mems,
    here: Here,
    size: u32,
    padding: Option<&Vec<(u32, u32)>>,
) -> Option<u64> {
    let launch = here.launch;
    if mems.private.bytes_used() + size as u64 > MAX_PRIVATE_BYTES {
        let msg = "Insufficient private memory (alloca)";
        launch.report_fatal(here.at(), msg);
        return None;
    }
    let address = mems.private.allocate(size as u64);
    if launch.shadows {
        // The variable's bytes are uninitialised, from this alloca; its padding is never
        // written, so initialised from the start.
        let origin = origin_code::alloca(here.func, here.pc);
        mems.private.set_origin(address, size as u64, origin);
        for &(offset, len) in padding.into_iter().flatten() {
            mems.private
                .clear_shadow(address + offset as u64, len as u64);
        }
    }
    if launch.observe_allocations {
        let (space, size) = (AddrSpace::Private, size as u64);
        observe_allocation(
            launch,
            mems.workers,
            (here.at(), true),
            space,
            address,
            size,
        );
    }
    Some(address)
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

    /// Runs one op of a work-item of a plain launch (the lane executor's way to run the ops
    /// it does not run for a whole warp); `Stop::Stepped` if it goes on after it.
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
        let kernel = &launch.kernel.code;
        let observe = launch.observe_memory;
        let WorkItem {
            regs,
            shadow: sregs,
            frames,
            private,
            ids,
            wait_events,
            ..
        } = wi;
        let mut fidx = wi.func;
        let mut func = &kernel.functions[fidx as usize];
        let mut code = &func.code[..];
        let mut pc = wi.pc as usize;
        let mut base = wi.base as usize;
        // Debug runs check two things before each instruction, kept at hand: the debugger's
        // attention flag and the stop bits of the function being run.
        let debug = if DEBUG { launch.debug.as_ref() } else { None };
        let no_attention = AtomicBool::new(false);
        let attention = debug.map_or(&no_attention, |d| d.hook.attention());
        let stops_of = |f: u32| debug.map_or(&[][..], |d| d.stops.function(f));
        let mut stop_bits = stops_of(fidx);
        let mut mems = Mems {
            global: launch.global.mem(),
            local: &mut self.local,
            private,
            workers: &mut self.workers,
            pending: &mut self.pending,
            undo: &mut self.undo,
        };
        let asyncs = &mut self.asyncs;
        let exchange = &mut self.exchange;
        let block_counts = &mut self.block_counts;
        let (ids, group, size) = (*ids, self.group, self.size);
        let wi_index = (ids.local[2] * size[1] + ids.local[1]) * size[0] + ids.local[0];
        let seq = self.seq;
        let here = |func: u32, pc: usize| Here {
            launch,
            seq,
            group,
            ids: &ids,
            func,
            pc: pc as Pc,
        };
        macro_rules! r {
            ($s:expr) => {
                regs[base + $s as usize]
            };
        }
        // Context for the ops in `memops`, borrowing the memories for one call.
        macro_rules! cx {
            ($pc:expr) => {
                OpCx {
                    mems: &mut mems,
                    here: here(fidx, $pc),
                    batch: None,
                }
            };
        }
        // Atomic and volatile accesses this turn: at SPIN_LIMIT the work-item gives way.
        let mut spins = 0u32;
        loop {
            if DEBUG && (attention.load(Relaxed) || StopSet::is_set(stop_bits, pc)) {
                if let Some(debug) = debug {
                    (wi.func, wi.pc, wi.base) = (fidx, pc as Pc, base as u32);
                    let view = WorkItemView {
                        info: &launch.info,
                        kernel: launch.kernel,
                        ids,
                        group,
                        func: fidx,
                        pc: pc as Pc,
                        base: base as u32,
                        frames,
                        regs,
                        shadow: S::ON.then_some(&sregs.bits[..]),
                        state: WiState::Running,
                        stops: &debug.stops,
                        private: mems.private,
                        local: mems.local,
                        global: &launch.global,
                        launch: debug,
                    };
                    match debug.hook.stopped(&view, Moment::Instruction) {
                        Resume::Continue => {}
                        Resume::SwitchTo(target) => return Stop::Switch(target),
                        Resume::Park => return Stop::Park,
                    }
                }
            }
            let op_pc = pc;
            let op = &code[pc];
            pc += 1;
            // Register-only ops first: one dispatch for the most frequent ops.
            let mut shf = S::frame(sregs, base);
            // The register-only ops, then the interpreter's: one dispatch per op.
            register_ops!(op, regs, base, shf, once, {
                    Op::GepN { d, base: b, table } => {
                        let t = &func.geps[table as usize];
                        let mut a = r!(b).wrapping_add(t.offset as u64);
                        for &(s, bits, scale) in &t.terms {
                            a = index_address(a, r!(s), bits, scale);
                        }
                        r!(d) = a;
                        if S::ON {
                            let any = shf.get(b) | t.terms.iter().fold(0, |a, &(s,
                                ..)| a | shf.get(s));
                            shf.set(d, if any != 0 { u64::MAX } else { 0 });
                        }
                    }
                    Op::Br { t } => pc = t as usize,
                    Op::CondBr { c, t, f } => {
                        if S::ON && shf.get(c) & 1 != 0 {
                            let (at, origin) = (here(fidx, op_pc).at(), shf.origin(c));
                            let kind = UninitKind::ControlFlow;
                            uninit::report_use(launch, mems.workers, at, kind, (c, origin));
                        }
                        pc = if r!(c) & 1 != 0 {
                            t as usize
                        } else {
                            f as usize
                        }
                    }
                    Op::Load {
                        d,
                        p,
                        space,
                        ty,
                        align,
                    } => {
                        let addr = r!(p);
                        check_alignment(addr, align, false, launch, || here(fidx, op_pc).at());
                        let size = ty.size() as u64;
                        let at = || here(fidx, op_pc).at();
                        let ptr = access(&mut mems, space, addr, size, Dir::Load, launch, at);
                        r!(d) = match ptr {
                            // SAFETY: access() checked the range.
                            Some(ptr) => unsafe { load_mem(ty, ptr) },
                            None => 0,
                        };
                        if let Some(mut sh) = shf.frame() {
                            let (target, done) = ((space, addr), ptr.is_some());
                            uninit::on_load(launch, &mut mems, at, target, (p, d), ty, done,
                                &mut sh);
                        }
                        if observe {
                            let load = AccessKind::Load;
                            self::observe(launch, &mut mems, at(), space, addr, size, load, &[]);
                        }
                    }
                    Op::Store {
                        p,
                        s,
                        space,
                        ty,
                        align,
                    } => {
                        let addr = r!(p);
                        check_alignment(addr, align, true, launch, || here(fidx, op_pc).at());
                        let size = ty.size() as u64;
                        let value = r!(s);
                        let at = || here(fidx, op_pc).at();
                        if observe {
                            let bytes = value.to_le_bytes();
                            let (store, data) = (AccessKind::Store, &bytes[..size as usize]);
                            self::observe(launch, &mut mems, at(), space, addr, size, store, data);
                        }
                        let ptr = access(&mut mems, space, addr, size, Dir::Store, launch, at);
                        if let Some(ptr) = ptr {
                            // SAFETY: access() checked the range.
                            unsafe { store_mem(ty, ptr, value) };
                        }
                        if let Some(sh) = shf.frame() {
                            let (target, done) = ((space, addr), ptr.is_some());
                            uninit::on_store(launch, &mut mems, at, target, (p, s), ty, done, &sh);
                        }
                    }
                    Op::LoadV {
                        d,
                        p,
                        space,
                        ty,
                        lanes,
                        align,
                    } => memops::load_vector(
                        &mut cx!(op_pc),
                        &mut regs[base..],
                        shf.frame(),
                        d,
                        p,
                        space,
                        ty,
                        lanes,
                        align,
                    ),
                    Op::StoreV {
                        p,
                        s,
                        space,
                        ty,
                        lanes,
                        align,
                    } => memops::store_vector(
                        &mut cx!(op_pc),
                        &regs[base..],
                        shf.frame(),
                        p,
                        s,
                        space,
                        ty,
                        lanes,
                        align,
                    ),
                    Op::LoadAgg {
                        d,
                        p,
                        space,
                        layout,
                    } => {
                        let l = &func.layouts[layout as usize];
                        let (f, sh) = (&mut regs[base..], shf.frame());
                        memops::load_aggregate(&mut cx!(op_pc), f, sh, d, p, space, l)
                    }
                    Op::StoreAgg {
                        p,
                        s,
                        space,
                        layout,
                    } => {
                        let l = &func.layouts[layout as usize];
                        let (f, sh) = (&regs[base..], shf.frame());
                        memops::store_aggregate(&mut cx!(op_pc), f, sh, p, s, space, l)
                    }
                    Op::AtomicRmw {
                        op,
                        d,
                        p,
                        v,
                        space,
                        ty,
                    } => {
                        let (f, sh) = (&mut regs[base..], shf.frame());
                        memops::atomic_rmw(&mut cx!(op_pc), f, sh, (d, p, v), op, space, ty)
                    }
                    Op::CmpXchg {
                        d,
                        p,
                        cmp,
                        new,
                        space,
                        ty,
                    } => {
                        let (f, sh) = (&mut regs[base..], shf.frame());
                        let slots = (d, p, cmp, new);
                        memops::compare_exchange(&mut cx!(op_pc), f, sh, slots, space, ty);
                    }
                    Op::MemCpy {
                        dst,
                        src,
                        len,
                        dst_space,
                        src_space,
                        padding,
                    } => {
                        let (to, from, n) = (r!(dst), r!(src), r!(len));
                        let padding = func.paddings.get(padding as usize).map(Vec::as_slice);
                        let spaces = (dst_space, src_space);
                        if S::ON && (shf.get(dst) | shf.get(src)) != 0 {
                            let at = here(fidx, op_pc).at();
                            let (to, from) = ((to, dst), (from, src));
                            uninit::copy_operands(launch, &mut mems, at, &shf, to, from, spaces);
                        }
                        memops::mem_copy(&mut cx!(op_pc), to, from, n, spaces, (S::ON, padding))
                    }
                    Op::MemSet {
                        dst,
                        val,
                        len,
                        space,
                    } => {
                        let shadow = (shf.get(val) as u8, shf.origin(val));
                        let value = (r!(val) as u8, shadow);
                        if S::ON && shf.get(dst) != 0 {
                            let (at, to) = (here(fidx, op_pc).at(), r!(dst));
                            let kind = (UninitKind::WriteAddress, shf.origin(dst));
                            uninit::report(launch, mems.workers, at, kind, space, to);
                        }
                        memops::mem_set(&mut cx!(op_pc), r!(dst), value, r!(len), space, S::ON)
                    }
                    // Without observers, nothing to do (the `_` arm).
                    Op::SpeculatedUse { p, space, size } if observe => {
                        let at = here(fidx, op_pc).at();
                        speculated_use(launch, &mut mems, at, space, r!(p), size);
                    }
                    Op::Alloca { d, size, padding } => match alloca(
                        &mut mems,
                        here(fidx, op_pc),
                        size,
                        func.paddings.get(padding as usize),
                    ) {
                        Some(address) => {
                            r!(d) = address;
                            if S::ON {
                                shf.set(d, 0);
                            }
                        }
                        None => {
                            (wi.func, wi.pc) = (fidx, op_pc as u32);
                            return Stop::Finished;
                        }
                    },
                    Op::CheckIndex { idx, bits, len } => {
                        let i = sext(r!(idx), bits);
                        if i as u64 >= len as u64 {
                            let at = here(fidx, op_pc).at();
                            array_index(launch, mems.workers, at, i, len as u64);
                        }
                    }
                    Op::WorkItem { q, d, dim } => {
                        r!(d) = query(q, dim as u64, &ids, &group, &size, &launch.info);
                        if S::ON {
                            shf.set(d, 0);
                        }
                    }
                    Op::WorkItemDyn { q, d, dim } => {
                        r!(d) = query(q, r!(dim), &ids, &group, &size, &launch.info);
                        if S::ON {
                            shf.set(d, if shf.get(dim) != 0 { u64::MAX } else { 0 });
                        }
                    }
                    Op::Switch { c, table } => {
                        let t = &func.switches[table as usize];
                        let v = r!(c) & mask(t.bits);
                        if S::ON && shf.get(c) & mask(t.bits) != 0 {
                            let (at, origin) = (here(fidx, op_pc).at(), shf.origin(c));
                            let kind = UninitKind::ControlFlow;
                            uninit::report_use(launch, mems.workers, at, kind, (c, origin));
                        }
                        pc = t
                            .cases
                            .iter()
                            .find(|(cv, _)| *cv == v)
                            .map_or(t.default, |(_, target)| *target)
                            as usize;
                    }
                    Op::Call { site } => {
                        let cs = &func.calls[site as usize];
                        let callee = &kernel.functions[cs.func as usize];
                        let new_base = base + func.num_slots as usize;
                        let n = callee.num_slots as usize;
                        // Only recursion goes deeper than the registers made at the start.
                        if new_base + n > regs.len() && !grow_stack(regs, shf.file(), new_base + n) {
                            let msg = format!(
                                "Stack overflow: the calls to function '{}' go deeper than the \
                                 simulator allows ({} calls)",
                                callee.name,
                                frames.len() + 1
                            );
                            launch.report_fatal(here(fidx, op_pc).at(), &msg);
                            (wi.func, wi.pc) = (fidx, op_pc as u32);
                            return Stop::Finished;
                        }
                        regs[new_base..new_base + n]
                            .copy_from_slice(&launch.kernel.frames[cs.func as usize]);
                        if let Some(file) = shf.file() {
                            let shadow = &launch.kernel.shadow_frames[cs.func as usize];
                            file.init_frame(new_base, shadow, cs.func, &callee.undef_slots);
                        }
                        let mark = mems.private.mark();
                        for (k, arg) in cs.args.iter().enumerate() {
                            let (pslot, pn) = callee.params[k];
                            let to = new_base + pslot as usize;
                            match arg.byval {
                                None => {
                                    let from = base + arg.slot as usize;
                                    regs.copy_within(from..from + pn as usize, to);
                                    if let Some(file) = shf.file() {
                                        file.copy(from, to, pn as usize);
                                    }
                                }
                                Some(bytes) => {
                                    // By-value structs are copied into a new private buffer.
                                    let src = r!(arg.slot);
                                    let mut copy = vec![0u8; bytes as usize];
                                    let at = || here(fidx, op_pc).at();
                                    let ptr = access(
                                        &mut mems,
                                        AddrSpace::Private,
                                        src,
                                        bytes as u64,
                                        Dir::Load,
                                        launch,
                                        at,
                                    );
                                    if let Some(ptr) = ptr {
                                        // SAFETY: access() checked the range.
                                        unsafe { load_bytes(ptr, &mut copy) };
                                    }
                                    regs[to] = mems.private.allocate_with(&copy);
                                    if let Some(file) = shf.file() {
                                        // The copy is as initialised as the original.
                                        file.clear(to);
                                        if ptr.is_some() {
                                            let private = AddrSpace::Private;
                                            let (from, to) = ((private, src), (private, regs[to]));
                                            uninit::copy(launch, &mut mems, from, to, (bytes as u64, None));
                                        }
                                    }
                                }
                            }
                        }
                        frames.push(Frame {
                            func: fidx,
                            base: base as u32,
                            ret_pc: pc as u32,
                            ret_dst: cs.dst,
                            mark,
                        });
                        fidx = cs.func;
                        func = callee;
                        code = &func.code[..];
                        if DEBUG {
                            stop_bits = stops_of(fidx);
                        }
                        pc = 0;
                        base = new_base;
                    }
                    Op::Ret { .. } | Op::RetVoid => {
                        let Some(fr) = frames.pop() else {
                            // Remembered for messages about the group's last work-item.
                            wi.func = fidx;
                            wi.pc = op_pc as u32;
                            return Stop::Finished;
                        };
                        if let Op::Ret { s, n } = *op {
                            let from = base + s as usize;
                            let to = fr.base as usize + fr.ret_dst as usize;
                            regs.copy_within(from..from + n as usize, to);
                            if let Some(file) = shf.file() {
                                file.copy(from, to, n as usize);
                            }
                        }
                        mems.private.release_to(fr.mark);
                        fidx = fr.func;
                        func = &kernel.functions[fidx as usize];
                        code = &func.code[..];
                        if DEBUG {
                            stop_bits = stops_of(fidx);
                        }
                        pc = fr.ret_pc as usize;
                        base = fr.base as usize;
                    }
                    Op::Barrier { fence } => {
                        wait_events.clear();
                        wi.func = fidx;
                        wi.pc = pc as u32;
                        wi.base = base as u32;
                        wi.barrier_at = (fidx, op_pc as u32, fence);
                        return Stop::Barrier;
                    }
                    Op::SubGroupMeet { .. } => {
                        wi.func = fidx;
                        wi.pc = pc as u32;
                        wi.base = base as u32;
                        return Stop::Meet;
                    }
                    Op::WaitEvents { n, list, space } => {
                        memops::read_events(
                            &mut cx!(op_pc),
                            r!(n) & 0xffff_ffff,
                            r!(list),
                            space,
                            wait_events,
                        );
                        wi.func = fidx;
                        wi.pc = pc as u32;
                        wi.base = base as u32;
                        // CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE
                        wi.barrier_at = (fidx, op_pc as u32, 3);
                        return Stop::Barrier;
                    }
                    Op::Builtin { site } => {
                        let s = &func.builtins[site as usize];
                        let at = here(fidx, op_pc).at();
                        let taint = S::ON.then(|| uninit::builtin_inputs(&shf, &s.args));
                        let lanes = S::ON.then(|| uninit::builtin_lanes(&shf, s)).flatten();
                        let mut env = Env {
                            regs: &mut regs[base..],
                            mems: &mut mems,
                            launch,
                            at,
                            asyncs,
                            exchange,
                            wi_index,
                            taint,
                            shadows: shf.frame(),
                            exact: false,
                            lanes,
                            batch: None,
                        };
                        let ran = (s.run)(&mut env);
                        let taint = env.taint.filter(|_| !env.exact);
                        let lanes = env.lanes.take();
                        if let (Some(taint), Some(mut frame)) = (taint, shf.frame()) {
                            uninit::builtin_result(&mut frame, s.ret, taint, lanes.as_deref());
                        }
                        if let Err(trap) = ran {
                            launch.report_fatal(at, &trap.0);
                            (wi.func, wi.pc) = (fidx, op_pc as u32);
                            return Stop::Finished;
                        }
                    }
                    Op::Trap { msg } => {
                        launch.report_fatal(here(fidx, op_pc).at(), &func.traps[msg as usize]);
                        (wi.func, wi.pc) = (fidx, op_pc as u32);
                        return Stop::Finished;
                    }
                    Op::SpeculatedUse { .. } => {}
                    Op::SpinPoint => {
                        spins += 1;
                        if spins == SPIN_LIMIT {
                            (wi.func, wi.pc, wi.base) = (fidx, pc as Pc, base as u32);
                            return Stop::Yield;
                        }
                    }
                    Op::CountBlock { block } => {
                        // A debugged launch's counts can be read at any stop.
                        if DEBUG {
                            if let Some(c) = &launch.counts {
                                c.bump(block);
                            }
                        } else if let Some(n) = block_counts.get_mut(block as usize) {
                            *n += 1;
                        }
                    }
            });
            if OBSERVE {
                let at = here(fidx, op_pc).at();
                for w in mems.workers.each(Interest::INSTRUCTION) {
                    launch.with_context(at, true, |cx| w.instruction_executed(cx));
                }
            }
            if ONE {
                (wi.func, wi.pc, wi.base) = (fidx, pc as Pc, base as u32);
                return Stop::Stepped;
            }
        }
    }
}
