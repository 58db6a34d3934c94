//! The interpreter loop: runs one work-item's bytecode until it finishes or reaches a barrier.
//!
//! Hot ops are handled inline; register-only ops that are less frequent go through
//! `pure_ops::run_pure`. Memory faults and other diagnostics leave the loop through cold paths.

use super::checks::{
    access, array_index, check_alignment, load_mem, observe, observe_allocation, speculated_use,
    store_mem, Dir,
};
use super::debug::{Moment, Resume, StopSet, WiState, WorkItemView};
use super::env::{Env, Mems};
use super::group::{GroupRunner, Stop};
use super::launch::{Launch, Where};
use super::memops::{self, OpCx};
use super::pure_ops::{move_slots, run_pure};
use super::semantics::*;
use super::workitem::{Frame, WiIds, WorkItem};
use crate::bytecode::{CastOp, Op, Pc, WiQuery};
use crate::memory::{load_bytes, AddrSpace};
use crate::plugins::{AccessKind, Interest, LaunchInfo};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Value of a work-item query; out-of-range dimensions give 0 for ids and 1 for sizes.
fn query(
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

/// `file:line` of the simulator source, for fatal error messages.
macro_rules! here {
    () => {
        concat!(file!(), ":", line!())
    };
}

/// Largest private memory of one work-item (its allocas and by-value copies).
const MAX_PRIVATE_BYTES: u64 = 1 << 30;

/// The op being executed, for diagnostics: built only when something is reported.
#[derive(Clone, Copy)]
pub(crate) struct Here<'a> {
    pub launch: &'a Launch<'a>,
    /// Work-item and group; `func` and `pc` are filled in by `at`.
    pub template: &'a Where,
    pub func: u32,
    pub pc: Pc,
}

impl Here<'_> {
    pub fn at(&self) -> Where {
        Where {
            func: self.func,
            pc: self.pc,
            ..*self.template
        }
    }
}

/// `alloca`: the new private buffer's address, or `None` (reported) when private memory is
/// exhausted. Out of the loop: code in the loop's body, even on a rare path, slows every op
/// (one more `if` here made mandelbrot 20% slower).
#[inline(never)]
fn alloca(mems: &mut Mems, here: Here, size: u32) -> Option<u64> {
    let launch = here.launch;
    if mems.private.bytes_used() + size as u64 > MAX_PRIVATE_BYTES {
        let msg = "Insufficient private memory (alloca)";
        launch.report_fatal(here.at(), msg, here!());
        return None;
    }
    let address = mems.private.allocate(size as u64);
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
        match (
            self.launch.observe_instructions,
            self.launch.debug.is_some(),
        ) {
            (false, false) => self.exec::<false, false>(wi),
            (true, false) => self.exec::<true, false>(wi),
            (false, true) => self.exec::<false, true>(wi),
            (true, true) => self.exec::<true, true>(wi),
        }
    }

    /// `OBSERVE`: plugins see every instruction. `DEBUG`: the debugger's stops are checked
    /// before every instruction.
    fn exec<const OBSERVE: bool, const DEBUG: bool>(&mut self, wi: &mut WorkItem) -> Stop {
        let launch = self.launch;
        let kernel = &launch.kernel.code;
        let observe = launch.observe_memory;
        let WorkItem {
            regs,
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
        };
        let asyncs = &mut self.asyncs;
        let (ids, group, size) = (*ids, self.group, self.size);
        let wi_index = (ids.local[2] * size[1] + ids.local[1]) * size[0] + ids.local[0];
        let template = Where {
            seq: self.seq,
            group,
            wi: Some(ids),
            func: 0,
            pc: 0,
        };
        let here = |func: u32, pc: usize| Here {
            launch,
            template: &template,
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
                }
            };
        }
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
            match *op {
                Op::Add { d, a, b, bits } => r!(d) = r!(a).wrapping_add(r!(b)) & mask(bits),
                Op::Sub { d, a, b, bits } => r!(d) = r!(a).wrapping_sub(r!(b)) & mask(bits),
                Op::Mul { d, a, b, bits } => r!(d) = r!(a).wrapping_mul(r!(b)) & mask(bits),
                Op::And { d, a, b } => r!(d) = r!(a) & r!(b),
                Op::Or { d, a, b } => r!(d) = r!(a) | r!(b),
                Op::Xor { d, a, b } => r!(d) = r!(a) ^ r!(b),
                Op::Shl { d, a, b, bits } => r!(d) = shl(r!(a), r!(b), bits),
                Op::LShr { d, a, b, bits } => r!(d) = lshr(r!(a), r!(b), bits),
                Op::AShr { d, a, b, bits } => r!(d) = ashr(r!(a), r!(b), bits),
                Op::ICmp {
                    pred,
                    d,
                    a,
                    b,
                    bits,
                } => r!(d) = icmp(pred, r!(a), r!(b), bits) as u64,
                Op::FAdd32 { d, a, b } => r!(d) = slot_f32(f32_of(r!(a)) + f32_of(r!(b))),
                Op::FSub32 { d, a, b } => r!(d) = slot_f32(f32_of(r!(a)) - f32_of(r!(b))),
                Op::FMul32 { d, a, b } => r!(d) = slot_f32(f32_of(r!(a)) * f32_of(r!(b))),
                Op::FDiv32 { d, a, b } => r!(d) = slot_f32(f32_of(r!(a)) / f32_of(r!(b))),
                Op::FAdd64 { d, a, b } => r!(d) = slot_f64(f64_of(r!(a)) + f64_of(r!(b))),
                Op::FMul64 { d, a, b } => r!(d) = slot_f64(f64_of(r!(a)) * f64_of(r!(b))),
                Op::Mov { d, s } => r!(d) = r!(s),
                Op::MovN { d, s, n } => move_slots(&mut regs[base..], d, s, n),
                Op::SExt { d, s, from, to } => r!(d) = (sext(r!(s), from) as u64) & mask(to),
                Op::Trunc { d, s, bits } => r!(d) = r!(s) & mask(bits),
                Op::Gep {
                    d,
                    base: b,
                    idx,
                    idx_bits,
                    scale,
                    offset,
                } => {
                    r!(d) = index_address(r!(b), r!(idx), idx_bits, scale as i64)
                        .wrapping_add(offset as i64 as u64);
                }
                Op::GepConst { d, base: b, offset } => r!(d) = r!(b).wrapping_add(offset as u64),
                Op::GepN { d, base: b, table } => {
                    let t = &func.geps[table as usize];
                    let mut a = r!(b).wrapping_add(t.offset as u64);
                    for &(s, bits, scale) in &t.terms {
                        a = index_address(a, r!(s), bits, scale);
                    }
                    r!(d) = a;
                }
                Op::Br { t } => pc = t as usize,
                Op::CondBr { c, t, f } => {
                    pc = if r!(c) & 1 != 0 {
                        t as usize
                    } else {
                        f as usize
                    }
                }
                Op::Select { d, c, t, f, n: 1 } => {
                    r!(d) = if r!(c) & 1 != 0 { r!(t) } else { r!(f) }
                }
                // Scalar forms of the general ops, kept out of the slower `run_pure` call.
                Op::FCmp {
                    pred,
                    ty,
                    d,
                    a,
                    b,
                    lanes: 1,
                } => r!(d) = fcmp(pred, float_of(ty, r!(a)), float_of(ty, r!(b))) as u64,
                Op::Fma {
                    ty,
                    fused,
                    d,
                    a,
                    b,
                    c,
                    lanes: 1,
                } => r!(d) = fma(ty, fused, r!(a), r!(b), r!(c)),
                Op::Cast {
                    op: CastOp::FpTrunc,
                    d,
                    s,
                    lanes: 1,
                } => r!(d) = slot_f32(f64_of(r!(s)) as f32),
                Op::Cast { op, d, s, lanes: 1 } => r!(d) = cast(op, r!(s)),
                Op::IntBin {
                    op,
                    d,
                    a,
                    b,
                    bits,
                    lanes: 1,
                } => r!(d) = int_bin(op, r!(a), r!(b), bits),
                Op::FloatBin {
                    op,
                    ty,
                    d,
                    a,
                    b,
                    lanes: 1,
                } => r!(d) = float_bin(op, ty, r!(a), r!(b)),
                Op::FloatUn {
                    op,
                    ty,
                    d,
                    s,
                    lanes: 1,
                } => r!(d) = float_un(op, ty, r!(s)),
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
                    r!(d) = match access(&mut mems, space, addr, size, Dir::Load, launch, at) {
                        // SAFETY: access() checked the range.
                        Some(ptr) => unsafe { load_mem(ty, ptr) },
                        None => 0,
                    };
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
                    if let Some(ptr) = access(&mut mems, space, addr, size, Dir::Store, launch, at)
                    {
                        // SAFETY: access() checked the range.
                        unsafe { store_mem(ty, ptr, value) };
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
                    memops::load_aggregate(&mut cx!(op_pc), &mut regs[base..], d, p, space, l)
                }
                Op::StoreAgg {
                    p,
                    s,
                    space,
                    layout,
                } => {
                    let l = &func.layouts[layout as usize];
                    memops::store_aggregate(&mut cx!(op_pc), &regs[base..], p, s, space, l)
                }
                Op::AtomicRmw {
                    op,
                    d,
                    p,
                    v,
                    space,
                    ty,
                } => r!(d) = memops::atomic_rmw(&mut cx!(op_pc), r!(p), r!(v), op, space, ty),
                Op::CmpXchg {
                    d,
                    p,
                    cmp,
                    new,
                    space,
                    ty,
                } => {
                    let expected = r!(cmp);
                    let old = memops::compare_exchange(
                        &mut cx!(op_pc),
                        r!(p),
                        expected,
                        r!(new),
                        space,
                        ty,
                    );
                    r!(d) = old;
                    r!(d + 1) = (old == expected) as u64;
                }
                Op::MemCpy {
                    dst,
                    src,
                    len,
                    dst_space,
                    src_space,
                } => memops::mem_copy(
                    &mut cx!(op_pc),
                    r!(dst),
                    r!(src),
                    r!(len),
                    dst_space,
                    src_space,
                ),
                Op::MemSet {
                    dst,
                    val,
                    len,
                    space,
                } => memops::mem_set(&mut cx!(op_pc), r!(dst), r!(val) as u8, r!(len), space),
                Op::SpeculatedUse { p, space, size } => {
                    if observe {
                        speculated_use(
                            launch,
                            &mut mems,
                            here(fidx, op_pc).at(),
                            space,
                            r!(p),
                            size,
                        );
                    }
                }
                Op::Alloca { d, size } => match alloca(&mut mems, here(fidx, op_pc), size) {
                    Some(address) => r!(d) = address,
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
                    r!(d) = query(q, dim as u64, &ids, &group, &size, &launch.info)
                }
                Op::WorkItemDyn { q, d, dim } => {
                    r!(d) = query(q, r!(dim), &ids, &group, &size, &launch.info)
                }
                Op::Switch { c, table } => {
                    let t = &func.switches[table as usize];
                    let v = r!(c) & mask(t.bits);
                    pc = t
                        .cases
                        .iter()
                        .find(|(cv, _)| *cv == v)
                        .map_or(t.default, |(_, target)| *target) as usize;
                }
                Op::Call { site } => {
                    let cs = &func.calls[site as usize];
                    let callee = &kernel.functions[cs.func as usize];
                    let new_base = base + func.num_slots as usize;
                    let n = callee.num_slots as usize;
                    regs[new_base..new_base + n]
                        .copy_from_slice(&launch.kernel.frames[cs.func as usize]);
                    let mark = mems.private.mark();
                    for (k, arg) in cs.args.iter().enumerate() {
                        let (pslot, pn) = callee.params[k];
                        let to = new_base + pslot as usize;
                        match arg.byval {
                            None => {
                                let from = base + arg.slot as usize;
                                regs.copy_within(from..from + pn as usize, to);
                            }
                            Some(bytes) => {
                                // By-value structs are copied into a new private buffer.
                                let src = r!(arg.slot);
                                let mut copy = vec![0u8; bytes as usize];
                                let at = || here(fidx, op_pc).at();
                                if let Some(ptr) = access(
                                    &mut mems,
                                    AddrSpace::Private,
                                    src,
                                    bytes as u64,
                                    Dir::Load,
                                    launch,
                                    at,
                                ) {
                                    // SAFETY: access() checked the range.
                                    unsafe { load_bytes(ptr, &mut copy) };
                                }
                                regs[to] = mems.private.allocate_with(&copy);
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
                        regs.copy_within(
                            from..from + n as usize,
                            fr.base as usize + fr.ret_dst as usize,
                        );
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
                    wi.barrier_at = (fidx, op_pc as u32);
                    return Stop::Barrier { fence };
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
                    wi.barrier_at = (fidx, op_pc as u32);
                    // CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE
                    return Stop::Barrier { fence: 3 };
                }
                Op::Builtin { site } => {
                    let s = &func.builtins[site as usize];
                    let at = here(fidx, op_pc).at();
                    let mut env = Env {
                        regs: &mut regs[base..],
                        mems: &mut mems,
                        launch,
                        at,
                        asyncs,
                        wi_index,
                    };
                    if let Err(trap) = (s.run)(&mut env) {
                        launch.report_fatal(at, &trap.0, here!());
                        (wi.func, wi.pc) = (fidx, op_pc as u32);
                        return Stop::Finished;
                    }
                }
                Op::Trap { msg } => {
                    launch.report_fatal(here(fidx, op_pc).at(), &func.traps[msg as usize], here!());
                    (wi.func, wi.pc) = (fidx, op_pc as u32);
                    return Stop::Finished;
                }
                // The register-only ops not handled above (listed, so that a new op cannot be
                // forgotten here).
                ref op @ (Op::Nop
                | Op::IntBin { .. }
                | Op::IntUn { .. }
                | Op::Funnel { .. }
                | Op::Overflow { .. }
                | Op::ICmpV { .. }
                | Op::FSub64 { .. }
                | Op::FDiv64 { .. }
                | Op::FloatBin { .. }
                | Op::FloatUn { .. }
                | Op::Fma { .. }
                | Op::DotF32 { .. }
                | Op::FCmp { .. }
                | Op::Select { .. }
                | Op::SelectV { .. }
                | Op::Cast { .. }
                | Op::Bitcast { .. }
                | Op::ExtractDyn { .. }
                | Op::InsertDyn { .. }
                | Op::ToGeneric { .. }
                | Op::FromGeneric { .. }
                | Op::GenericTo { .. }) => {
                    run_pure(op, &mut regs[base..]);
                }
            }
            if OBSERVE {
                let at = here(fidx, op_pc).at();
                for w in mems.workers.each(Interest::INSTRUCTION) {
                    launch.with_context(at, true, |cx| w.instruction_executed(cx));
                }
            }
        }
    }
}
